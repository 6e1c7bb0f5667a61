"""Schema-driven request mutations for the fuzz pass (test_fuzz.py).

The operations come from the OpenAPI document the service serves, so an operation added
to the API is fuzzed without touching this file. For each operation this module builds
baseline bodies from its request schema (the documented examples, the required members
only, every member) and derives mutated requests from them:

- every string (values and the keys of open objects) with non-ASCII, control
  characters, a lone surrogate, 10 KB;
- every integer as a string, a float, huge, negative, a boolean, null, and JSON's odd
  number tokens (NaN, 1e400, 5,000 digits);
- every object and array of the wrong type, with unknown members (top and nested),
  nested 5,000 deep, and 50,000 members or items wide;
- whole bodies that are not JSON, not UTF-8, not objects, over the size limit, or sent
  with odd content types and charsets;
- odd path segments, query strings and headers (Authorization, Idempotency-Key,
  If-Match, Accept, Host, Content-Type, Cookie and every documented header, one of
  64 KiB);
- paging cursors that are base64 JSON the list never gave (nulls, wrong types, deep
  nesting, huge numbers, NaN).

A mutation that makes a request invalid by the schema or the contract is marked
`must_refuse`: the service may not answer it with a 2xx. Everything is deterministic:
no randomness here, and the runner picks targets with a seeded random.Random.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

DEEP = 5000  # levels of nesting, far past the service's limit and Python's recursion
WIDE = 50_000  # members of an object or items of an array
OVER_DEPTH_LIMIT = 33  # one level past what the service accepts
TEN_KB = 10 * 1024
OVERSIZE = 3 * 1024 * 1024  # past Django's default DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB)
UNKNOWN = "zz_unknown"

#: Strings that break naive code: (label, value). Header values are sent as a server
#: would receive them (the UTF-8 bytes read as Latin-1).
STRANGE_STRINGS: tuple[tuple[str, str], ...] = (
    ("accented é", "é"),
    ("superscript ²", "²"),
    ("arabic-indic digits", "٣٤"),
    ("emoji", "🃏😀"),
    ("rtl override", "\u202eabc\u202c"),
    ("hebrew", "שלום"),
    ("NUL", "\x00"),
    ("unit separator", "\x1f"),
    ("line separator", "\u2028"),
    ("lone surrogate", "\ud800"),
    ("10 KB ascii", "x" * TEN_KB),
    ("10 KB non-ascii", "é" * (TEN_KB // 2)),
    ("empty", ""),
    ("blank", "  "),
)

#: Query values for integer parameters (and any other): numbers in every wrong form.
NUMERIC_TEXTS: tuple[tuple[str, str], ...] = (
    ("float", "1.5"),
    ("exponent", "1e3"),
    ("negative", "-1"),
    ("huge", "9" * 30),
    ("hex", "0x10"),
    ("underscore", "1_0"),
    ("padded", " 1"),
    ("plus sign", "+1"),
    ("boolean", "true"),
    ("null", "null"),
)

#: Path segments that are not what a route expects.
ODD_SEGMENTS: tuple[tuple[str, str], ...] = (
    ("not a uuid", "not-a-uuid"),
    ("zero", "0"),
    ("negative", "-1"),
    ("int64 overflow", "9223372036854775808"),
    ("huge", "9" * 30),
    ("arabic-indic digits", "١٢٣"),
    ("superscript", "²"),
    ("accented", "é"),
    ("emoji", "😀"),
    ("NUL", "\x00"),
    ("5,000 chars", "a" * 5000),
    ("dot dot", ".."),
    ("uuid upper case", "0F8FAD5B-D9CB-469F-A165-70867728950E"),
    ("uuid without hyphens", "0f8fad5bd9cb469fa16570867728950e"),
    ("uuid in braces", "{0f8fad5b-d9cb-469f-a165-70867728950e}"),
)

AUTHORIZATIONS: tuple[tuple[str, str], ...] = (
    ("bearer without token", "Bearer"),
    ("bearer blank", "Bearer    "),
    ("bearer garbage", "Bearer not-a-token"),
    ("bearer non-ascii", "Bearer é😀"),
    ("bearer NUL", "Bearer \x00"),
    ("bearer 10 KB", "Bearer " + "x" * TEN_KB),
    ("basic", "Basic Zm9vOmJhcg=="),
    ("unknown scheme", "Token abc"),
    ("scheme only, non-ascii", "Bearér"),
    ("comma", ","),
    ("empty", ""),
)

CONTENT_TYPES: tuple[tuple[str, str, bool], ...] = (
    # (label, content type, must_refuse)
    ("text/plain", "text/plain", True),
    ("form", "application/x-www-form-urlencoded", True),
    ("multipart", "multipart/form-data; boundary=zz", True),
    ("json charset utf-16", "application/json; charset=utf-16", True),
    ("json charset rot13", "application/json; charset=rot13", True),
    ("json charset zlib", "application/json; charset=zlib", True),
    ("json charset bz2", "application/json; charset=bz2", True),
    ("json charset hex", "application/json; charset=hex", True),
    ("json charset unknown", "application/json; charset=no-such-charset", False),
    ("json charset latin-1", "application/json; charset=latin-1", False),
    ("merge-patch", "application/merge-patch+json", True),
    ("none", "", False),
)

ACCEPTS: tuple[tuple[str, str], ...] = (
    ("xml", "application/xml"),
    ("html", "text/html"),
    ("bad q", "application/json;q=x"),
    ("non-ascii", "é/😀"),
    ("10 KB", "a/" + "b" * TEN_KB),
)

#: Paging cursors a list never gave: URL-safe base64 of JSON (what a client can forge),
#: (label, JSON, must_refuse). Values a key field can coerce (a number for a rating) may
#: page from wherever they point.
FORGED_CURSORS: tuple[tuple[str, str, bool], ...] = (
    ("[null,null]", "[null,null]", True),
    ("[null]", "[null]", True),
    ("empty list", "[]", True),
    ("object", '{"a":1}', True),
    ("number", "1", True),
    ("string", '"x"', True),
    ("null", "null", True),
    ("nested lists", "[[1],[2]]", True),
    ("three values", "[1,2,3]", True),
    ("NUL strings", '["\\u0000","\\u0000"]', True),
    (f"{DEEP} deep", "[" * DEEP + "]" * DEEP, True),
    ("huge integers", f"[{'9' * 30},{'9' * 30}]", False),
    ("negative huge", f"[-{'9' * 30},1]", False),
    ("NaN and Infinity", "[NaN,Infinity]", False),
    ("1e400", "[1e400,1e400]", False),
    ("booleans", "[true,false]", False),
    ("dates far out", '["9999-12-31T23:59:59+14:00","0001-01-01T00:00:00-14:00"]', False),
)

HOSTS: tuple[tuple[str, str], ...] = (
    ("foreign", "evil.example"),
    ("bad port", "localhost:99999999"),
    ("non-ascii", "é.example"),
    ("broken ipv6", "[::1"),
)

#: Other headers a client may send, with odd values.
OTHER_HEADERS: tuple[tuple[str, str, str], ...] = (
    ("X-Forwarded-For", "garbage", "not-an-address, é"),
    ("X-Forwarded-For", "10 KB", "1.2.3.4," * 1200),
    ("Last-Event-ID", "non-ascii", "١٢"),
    ("Last-Event-ID", "huge", "9" * 30),
    ("If-Match", "star", "*"),
    ("If-Match", "weak quoted", 'W/"0"'),
    ("If-Match", "11 digits", '"99999999999"'),
    ("If-Match", "negative", '"-1"'),
    ("Idempotency-Key", "201 chars", "k" * 201),
    ("Idempotency-Key", "printable with spaces", "a key with spaces"),
    ("Cookie", "64 KiB", "sessionid=" + "x" * (64 * 1024)),
    ("X-Padding", "64 KiB", "x" * (64 * 1024)),
)


class Raw(str):
    """A JSON token written into a body as it is (NaN, 1e400, 5,000 digits)."""


RAW_NUMBERS: tuple[tuple[str, Raw], ...] = (
    ("NaN", Raw("NaN")),
    ("-Infinity", Raw("-Infinity")),
    ("1e400", Raw("1e400")),
    ("5,000 digits", Raw("9" * 5000)),
)


@dataclass(frozen=True)
class Parameter:
    name: str
    location: str  # path, query, header
    schema: dict
    required: bool


@dataclass(frozen=True)
class Operation:
    """One method on one path of the OpenAPI document."""

    id: str
    method: str
    path: str
    parameters: tuple[Parameter, ...]
    body: dict | None  # the JSON request body's schema, None when it takes none
    body_required: bool
    examples: tuple = ()

    def params(self, location: str) -> list[Parameter]:
        return [p for p in self.parameters if p.location == location]

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


@dataclass
class Mutation:
    """How one request differs from its operation's baseline. The runner supplies what
    is left out: the target's path segments, the baseline query, the caller's
    Authorization."""

    label: str
    body: bytes | None = None  # None: the baseline body (none if the operation takes none)
    method: str | None = None  # None: the operation's own
    content_type: str = "application/json"
    path: dict[str, str] = field(default_factory=dict)  # raw segments (not yet quoted)
    query: list[tuple[str, str]] | None = None  # None: the baseline query
    headers: dict[str, str] = field(default_factory=dict)  # name -> value as sent
    must_refuse: bool = False  # the request is invalid: a 2xx means bad input was taken
    auth_only: bool = False  # still worth sending when the caller is refused a 401


# --- the document ---------------------------------------------------------------------


class Schema:
    """An OpenAPI 3 document: its operations and what their bodies look like."""

    def __init__(self, document: dict):
        self.document = document
        self._baselines: dict[str, list[tuple[str, Any]]] = {}

    def operations(self) -> list[Operation]:
        found = []
        for path, item in sorted(self.document["paths"].items()):
            shared = item.get("parameters", [])
            for method, operation in item.items():
                if method not in {"get", "post", "put", "patch", "delete"}:
                    continue
                found.append(self._operation(path, method, operation, shared))
        return found

    def methods(self, path: str) -> set[str]:
        return {m.upper() for m in self.document["paths"][path] if m != "parameters"}

    def _operation(self, path: str, method: str, operation: dict, shared: list) -> Operation:
        parameters = tuple(
            Parameter(p["name"], p["in"], self.resolve(p.get("schema", {})), p.get("required"))
            for p in (self.resolve(p) for p in [*shared, *operation.get("parameters", [])])
        )
        body, required, examples = None, False, ()
        content = self.resolve(operation.get("requestBody", {})).get("content", {})
        json_body = next((v for k, v in content.items() if "json" in k), None)
        if json_body is not None:
            body = json_body.get("schema", {})
            required = bool(operation.get("requestBody", {}).get("required"))
            examples = tuple(e["value"] for e in json_body.get("examples", {}).values())
            if "example" in json_body:
                examples += (json_body["example"],)
        return Operation(
            operation.get("operationId", f"{method} {path}"),
            method.upper(),
            path,
            parameters,
            body,
            required,
            examples,
        )

    def resolve(self, node: Any) -> Any:
        """The node with `$ref`s followed and one-item `allOf`s merged in."""
        while isinstance(node, dict):
            if "$ref" in node:
                target: Any = self.document
                for part in node["$ref"].removeprefix("#/").split("/"):
                    target = target[part]
                node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
            elif len(node.get("allOf", ())) == 1:
                rest = {k: v for k, v in node.items() if k != "allOf"}
                node = {**self.resolve(node["allOf"][0]), **rest}
            else:
                return node
        return node

    def branches(self, schema: dict) -> list[dict]:
        """The alternatives of a `oneOf`/`anyOf` (a nullable enum's null branch dropped)."""
        schema = self.resolve(schema)
        options = schema.get("oneOf") or schema.get("anyOf")
        if not options:
            return [schema]
        resolved = [self.resolve(option) for option in options]
        real = [o for o in resolved if o.get("enum") != [None] and o.get("type") != "null"]
        nullable = len(real) < len(resolved) or schema.get("nullable")
        return [{**o, "nullable": True} if nullable else o for o in real]

    def typed(self, schema: Any) -> dict:
        """The schema as one branch: the first alternative of a union."""
        return self.branches(schema)[0] if isinstance(schema, dict) else {}

    # --- valid-looking instances ---

    def instance(self, schema: Any, *, full: bool) -> Any:
        """A value the schema describes: defaults, first enum values, minimums; `full`
        fills every optional member too (required ones only otherwise)."""
        schema = self.typed(schema)
        if "default" in schema and not full and schema["default"] is not None:
            return schema["default"]
        if schema.get("enum"):
            return next(v for v in schema["enum"] if v is not None)
        kind = kind_of(schema, None)
        if kind == "object":
            return self._object_instance(schema, full)
        if kind == "array":
            count = max(1, schema.get("minItems", 0))
            return [self.instance(schema.get("items", {}), full=full) for _ in range(count)]
        if kind in ("integer", "number"):
            return schema.get("default", schema.get("minimum", 0))
        if kind == "boolean":
            return schema.get("default", False)
        if schema.get("format") == "uuid":
            return "0f8fad5b-d9cb-469f-a165-70867728950e"
        return schema.get("default") or "x" * max(1, schema.get("minLength", 1))

    def _object_instance(self, schema: dict, full: bool) -> dict:
        properties = schema.get("properties", {})
        names = properties if full else schema.get("required", [])
        value = {name: self.instance(properties[name], full=full) for name in names}
        extra = schema.get("additionalProperties")
        if not properties and isinstance(extra, dict) and extra and full:
            value["0"] = self.instance(extra, full=full)
        return value

    def baselines(self, operation: Operation) -> list[tuple[str, Any]]:
        """(label, body): the documented examples, then for each alternative of the body
        its required members only and all its members; duplicates dropped."""
        if operation.body is None:
            return []
        if str(operation) not in self._baselines:
            self._baselines[str(operation)] = self._new_baselines(operation)
        return self._baselines[str(operation)]

    def _new_baselines(self, operation: Operation) -> list[tuple[str, Any]]:
        found = [(f"example {i + 1}", value) for i, value in enumerate(operation.examples)]
        alternatives = self.branches(operation.body)
        for i, branch in enumerate(alternatives):
            suffix = f" #{i + 1}" if len(alternatives) > 1 else ""
            found.append((f"required{suffix}", self.instance(branch, full=False)))
            found.append((f"full{suffix}", self.instance(branch, full=True)))
        unique: dict[str, tuple[str, Any]] = {}
        for label, body in found:
            unique.setdefault(json.dumps(body, sort_keys=True), (label, body))
        return list(unique.values())

    # --- the nodes of a body ---

    def nodes(self, value: Any, schema: Any, path: tuple = ()) -> Iterator[Node]:
        """Every node of a body (itself included), with the schema that describes it
        (an empty one where the schema says nothing)."""
        schema = self.typed(schema) if schema else {}
        yield Node(path, value, schema)
        if isinstance(value, dict):
            properties = schema.get("properties", {})
            extra = schema.get("additionalProperties", {})
            for key, child in value.items():
                child_schema = properties.get(key, extra if isinstance(extra, dict) else {})
                yield from self.nodes(child, child_schema, (*path, key))
        elif isinstance(value, list):
            for index, child in enumerate(value):
                yield from self.nodes(child, schema.get("items", {}), (*path, index))


@dataclass(frozen=True)
class Node:
    path: tuple
    value: Any
    schema: dict

    @property
    def kind(self) -> str:
        return kind_of(self.schema, self.value)

    @property
    def nullable(self) -> bool:
        return bool(self.schema.get("nullable"))

    @property
    def closed(self) -> bool:
        """An object whose members are all named (so any other member is unknown)."""
        extra = self.schema.get("additionalProperties")
        return bool(self.schema.get("properties")) and not extra

    @property
    def name(self) -> str:
        return ".".join(str(p) for p in self.path) or "(body)"


def kind_of(schema: dict, value: Any) -> str:
    kind = schema.get("type")
    if kind:
        return kind
    if schema.get("properties") or isinstance(schema.get("additionalProperties"), dict):
        return "object"
    if schema.get("enum"):
        return "string"
    return {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        dict: "object",
        list: "array",
    }.get(type(value), "any")


# --- building bodies ------------------------------------------------------------------


def encode(body: Any) -> bytes:
    """JSON as a client would send it: UTF-8 with non-ASCII kept, escaped only where it
    cannot be UTF-8 (a lone surrogate); Raw tokens written as they are."""
    raws: dict[str, str] = {}

    def hide(value):
        if isinstance(value, Raw):
            marker = f"@@raw{len(raws)}@@"
            raws[json.dumps(marker)] = str(value)
            return marker
        if isinstance(value, dict):
            return {k: hide(v) for k, v in value.items()}
        if isinstance(value, list):
            return [hide(v) for v in value]
        return value

    plain = hide(body)
    try:
        text = json.dumps(plain, ensure_ascii=False)
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(plain)
    for marker, raw in raws.items():
        text = text.replace(marker, raw)
    return text.encode("utf-8")


def replaced(body: Any, path: tuple, value: Any) -> Any:
    """A copy of body with the node at path replaced (path () replaces the body)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(body, dict):
        return {k: replaced(v, rest, value) if k == head else v for k, v in body.items()}
    return [replaced(v, rest, value) if i == head else v for i, v in enumerate(body)]


def deep_list(levels: int) -> Raw:
    return Raw("[" * levels + "]" * levels)


def deep_object(levels: int) -> Raw:
    return Raw('{"a":' * levels + "1" + "}" * levels)


def wide_object(members: int) -> Raw:
    return Raw("{" + ",".join(f'"k{i}":{i}' for i in range(members)) + "}")


def wide_array(items: int, item: Any) -> Raw:
    one = json.dumps(item, ensure_ascii=False)
    return Raw("[" + ",".join([one] * items) + "]")


# --- mutations ------------------------------------------------------------------------


def node_mutations(schema: Schema, node: Node) -> Iterator[tuple[str, Any, bool]]:
    """(label, new value, must_refuse) for one node of a body."""
    kind = node.kind
    if kind == "string":
        yield from _string_mutations(node)
    elif kind in ("integer", "number"):
        yield from _number_mutations(node)
    elif kind == "boolean":
        yield from (
            ("bool as string", "true", False),
            ("bool as 1", 1, False),
            ("bool as word", "x", True),
            ("null", None, not node.nullable),
        )
    elif kind == "object":
        yield from _object_mutations(schema, node)
    elif kind == "array":
        yield from _array_mutations(node)
    yield from (
        (f"nested {DEEP} deep", deep_list(DEEP), True),
        (f"nested {OVER_DEPTH_LIMIT} deep", deep_object(OVER_DEPTH_LIMIT), True),
    )


def _string_mutations(node: Node) -> Iterator[tuple[str, Any, bool]]:
    constrained = bool(node.schema.get("enum")) or node.schema.get("format") == "uuid"
    for label, text in STRANGE_STRINGS:
        yield label, text, constrained
    yield "string as number", 1, constrained
    yield "string as object", {"a": "b"}, True
    yield "null", None, not node.nullable


def _number_mutations(node: Node) -> Iterator[tuple[str, Any, bool]]:
    low, high = node.schema.get("minimum"), node.schema.get("maximum")
    value = node.value if isinstance(node.value, int) and not isinstance(node.value, bool) else 0
    integer = node.kind == "integer"
    yield "number as string", str(value), True
    yield "number as non-ASCII digits", "٣", True
    yield "fraction", value + 0.5, integer
    yield "integral float", float(value), False
    yield "huge", 10**30, high is not None
    yield "int64 overflow", 2**63, high is not None
    yield "huge negative", -(10**30), low is not None
    yield "negative", -1, low is not None and low > -1
    yield "boolean true", True, True
    yield "boolean false", False, True
    yield "null", None, not node.nullable
    for label, raw in RAW_NUMBERS:
        yield label, raw, True


def _object_mutations(schema: Schema, node: Node) -> Iterator[tuple[str, Any, bool]]:
    yield "object as array", [], True
    yield "object as string", "x", True
    yield "object as number", 1, True
    yield "null", None, not node.nullable
    value = node.value if isinstance(node.value, dict) else {}
    if node.closed:
        yield "unknown member", {**value, UNKNOWN: 1}, True
        yield "unknown non-ASCII member", {**value, "é😀": 1}, True
        yield "unknown empty-named member", {**value, "": 1}, True
        yield "unknown NUL member", {**value, "\x00": 1}, True
        yield "unknown nested member", {**value, UNKNOWN: {UNKNOWN: [1]}}, True
        return
    extra = node.schema.get("additionalProperties")
    member = schema.instance(extra, full=False) if isinstance(extra, dict) and extra else 1
    for label, key in STRANGE_STRINGS:
        yield f"member named {label}", {**value, key: member}, False
    yield f"{WIDE:,} members", wide_object(WIDE), False


def _array_mutations(node: Node) -> Iterator[tuple[str, Any, bool]]:
    yield "array as object", {}, True
    yield "array as string", "x", True
    yield "null", None, not node.nullable
    first = node.value[0] if isinstance(node.value, list) and node.value else "x"
    yield "item null", [None], False
    yield "item object", [{"a": 1}], False
    yield "item array", [[1]], False
    yield f"{WIDE:,} items", wide_array(WIDE, first), False


def baseline_requests(schema: Schema, operation: Operation) -> list[Mutation]:
    """The operation's requests as documented: each baseline body as it is (or no body)."""
    baselines = schema.baselines(operation)
    if not baselines:
        return [Mutation("baseline")]
    return [Mutation(label, encode(body)) for label, body in baselines]


def body_mutations(schema: Schema, operation: Operation) -> Iterator[Mutation]:
    """Every node of the baselines mutated (a node that several baselines share, by its
    path and schema, in the first of them only: the documented examples come first, and
    they are valid elsewhere, so the mutation is what the service meets); then
    whole-body mutations."""
    done: set[tuple] = set()
    for base_label, base in schema.baselines(operation):
        for node in schema.nodes(base, operation.body):
            shape = json.dumps(node.schema, sort_keys=True, default=str)
            for label, value, refuse in node_mutations(schema, node):
                if (node.path, shape, label) in done:
                    continue
                done.add((node.path, shape, label))
                body = encode(replaced(base, node.path, value))
                label = f"{base_label}: {node.name} <- {label}"
                yield Mutation(label, body, must_refuse=refuse)
    if operation.body is not None:
        yield from whole_body_mutations(schema, operation)


def whole_body_mutations(schema: Schema, operation: Operation) -> Iterator[Mutation]:
    baselines = schema.baselines(operation)
    base = encode(baselines[0][1]) if baselines else b"{}"
    closed_object = Node((), {}, schema.typed(operation.body)).closed
    not_object = operation.body_required or closed_object

    def whole(label: str, body: bytes, refuse: bool, **kwargs) -> Mutation:
        return Mutation(f"body: {label}", body, must_refuse=refuse, auth_only=True, **kwargs)

    yield whole("empty", b"", False)
    yield whole("invalid JSON", b"{", True)
    yield whole("truncated", base[: len(base) // 2], True)
    yield whole("not UTF-8", b'{"a": "\xff\xfe"}', True)
    yield whole("UTF-8 BOM", b"\xef\xbb\xbf" + base, False)
    yield whole("UTF-16", base.decode("utf-8").encode("utf-16"), True)
    yield whole("all escaped", json.dumps(baselines[0][1] if baselines else {}).encode(), False)
    yield whole("JSON null", b"null", False)
    yield whole("JSON array", b"[1]", not_object)
    yield whole("JSON string", b'"x"', not_object)
    yield whole("JSON number", b"1", not_object)
    yield whole("JSON true", b"true", not_object)
    yield whole("NaN", b"NaN", True)
    yield whole(f"arrays nested {DEEP} deep", deep_list(DEEP).encode(), True)
    yield whole(f"objects nested {DEEP} deep", deep_object(DEEP).encode(), True)
    yield whole(f"object of {WIDE:,} members", wide_object(WIDE).encode(), closed_object)
    yield whole(f"array of {WIDE:,} items", wide_array(WIDE, 1).encode(), True)
    yield whole("over the size limit", b'{"a": "' + b"x" * OVERSIZE + b'"}', True)
    if baselines and isinstance(baselines[0][1], dict) and baselines[0][1]:
        first = next(iter(baselines[0][1]))
        twice = f'{{{json.dumps(first)}: {{"a": 1}}, ' + base.decode("utf-8")[1:]
        yield whole("duplicate member, bad value first", twice.encode("utf-8"), False)
    for label, content_type, refuse in CONTENT_TYPES:
        body = b"a=1&b=%C3%A9" if "form" in content_type else base
        yield whole(f"content type {label}", body, refuse, content_type=content_type)
    latin = json.dumps({"é": "é"}, ensure_ascii=False).encode("latin-1")
    yield whole("latin-1 bytes", latin, True, content_type="application/json; charset=latin-1")


def unexpected_body_mutations() -> Iterator[Mutation]:
    """Bodies sent to an operation that takes none: ignored or refused, never a 500."""
    yield Mutation("unexpected body: invalid JSON", b"{", auth_only=True)
    yield Mutation("unexpected body: unknown member", encode({UNKNOWN: "é"}), auth_only=True)
    yield Mutation(f"unexpected body: {DEEP} deep", deep_list(DEEP).encode(), auth_only=True)


def query_mutations(schema: Schema, operation: Operation) -> Iterator[Mutation]:
    """Each documented query parameter with odd values; then odd query strings."""
    params = operation.params("query")
    base = baseline_query(schema, operation)
    for param in params:
        others = [(k, v) for k, v in base if k != param.name]
        kind = kind_of(param.schema, None)
        enum = param.schema.get("enum")
        values = [*STRANGE_STRINGS, *NUMERIC_TEXTS]
        for label, text in values:
            refuse = (kind == "integer" and not re.fullmatch(r"-?[0-9]+", text)) or bool(
                enum and text not in enum
            )
            if kind == "integer" and re.fullmatch(r"-?[0-9]+", text):
                low = param.schema.get("minimum")
                high = param.schema.get("maximum")
                refuse = (low is not None and int(text) < low) or (
                    high is not None and int(text) > high
                )
            yield Mutation(
                f"query {param.name} <- {label}",
                query=[*others, (param.name, text)],
                must_refuse=refuse,
            )
        if param.name == "cursor":
            for label, text, refuse in FORGED_CURSORS:
                yield Mutation(
                    f"query cursor <- forged {label}",
                    query=[*others, ("cursor", forged_cursor(text))],
                    must_refuse=refuse,
                )
        repeated = [*base, (param.name, "é")]
        yield Mutation(f"query {param.name} repeated", query=repeated)
        if param.required:
            yield Mutation(f"query {param.name} missing", query=others, must_refuse=True)
    yield Mutation("query: unknown parameter", query=[*base, (UNKNOWN, "é😀")])
    yield Mutation("query: NUL name and value", query=[*base, ("\x00", "\x00")])
    yield Mutation("query: 5,000 parameters", query=[*base, *[(f"p{i}", "1") for i in range(5000)]])
    yield Mutation("query: 10 KB value", query=[*base, (UNKNOWN, "x" * TEN_KB)])


def forged_cursor(json_text: str) -> str:
    return base64.urlsafe_b64encode(json_text.encode()).rstrip(b"=").decode("ascii")


def baseline_query(schema: Schema, operation: Operation) -> list[tuple[str, str]]:
    """The documented required query parameters with valid values (integers at their
    minimum or 0: a long-poll's wait stays 0)."""
    query = []
    for param in operation.params("query"):
        if param.required:
            value = schema.instance(param.schema, full=False)
            text = str(value).lower() if isinstance(value, bool) else str(value)
            query.append((param.name, text))
    return query


def header_mutations(operation: Operation) -> Iterator[Mutation]:
    """Odd values for each documented header, then for the headers every operation may
    meet (Authorization, Accept, Host, Content-Type and a few more)."""
    for param in operation.params("header"):
        for label, text in [*STRANGE_STRINGS, *NUMERIC_TEXTS]:
            yield Mutation(f"header {param.name} <- {label}", headers={param.name: text})
    for label, text in AUTHORIZATIONS:
        yield Mutation(f"Authorization <- {label}", headers={"Authorization": text}, auth_only=True)
    for label, text in ACCEPTS:
        yield Mutation(f"Accept <- {label}", headers={"Accept": text})
    for label, text in HOSTS:
        yield Mutation(f"Host <- {label}", headers={"Host": text}, auth_only=True)
    for name, label, text in OTHER_HEADERS:
        yield Mutation(f"header {name} <- {label}", headers={name: text})


def path_mutations(operation: Operation) -> Iterator[Mutation]:
    for param in operation.params("path"):
        for label, segment in ODD_SEGMENTS:
            yield Mutation(
                f"path {param.name} <- {label}", path={param.name: segment}, auth_only=True
            )


def method_mutations(schema: Schema, operation: Operation) -> Iterator[Mutation]:
    """The path with a method it does not document (a 405, or a 401 first)."""
    documented = schema.methods(operation.path)
    method = next(m for m in ("PUT", "DELETE", "PATCH", "POST", "GET") if m not in documented)
    yield Mutation(f"method {method}", method=method, auth_only=True)


def quote_segment(segment: str) -> str:
    return quote(segment.encode("utf-8", "surrogatepass"), safe="")


def quote_query(pairs: list[tuple[str, str]]) -> str:
    return "&".join(f"{quote_segment(k)}={quote_segment(v)}" for k, v in pairs)


def as_received(value: str) -> str:
    """A header value as a WSGI server hands it to Django: its UTF-8 bytes read as
    Latin-1 (what a client can actually put on the wire)."""
    try:
        value.encode("latin-1")
        return value
    except UnicodeEncodeError:
        return value.encode("utf-8", "surrogatepass").decode("latin-1")
