"""The OpenAPI document's generated parts: each operation's problem codes and response
headers (`ProblemAutoSchema`), and the components of the game's own values
(`add_components`, a drf-spectacular postprocessing hook).

An operation's codes come from what its view is: any request may be malformed (400
`invalid_request`), carry headers over the server's limit (431) or meet an unreachable
database (503), an authenticated one 401, a throttled one 429, one holding a stream slot
429 `too_many_streams`, one taking a body 400 `unknown_field` and 415, one with path
parameters 404 `not_found` (and `game_not_found` about a game), a retry-safe one 409
`request_in_progress` and 422, a conditional one 412; plus the errors the view names in
`refusals` (error classes, whose codes and statuses are their own).
tests/api/problem_codes.py holds the result against the codes the API tests see."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny

from unoservice.api import PROBLEM_CONTENT_TYPE, STATUS_OF_KIND
from unoservice.errors import DomainError

PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}
UNAVAILABLE = (503, "service_unavailable")
#: Answered by the web server itself (unoservice/gunicorn_worker.py, gunicorn_sync_worker.py),
#: before any view.
HEADERS_TOO_LARGE = (431, "headers_too_large")

RESPONSE_HEADERS = {
    "ETag": "The game's version and a digest of this answer, quoted "
    '(`"12-3f9a0c1d2e4b5a67"`): send it in `If-None-Match` for a 304 while the answer is '
    "the same, or in `If-Match` with an action (only its version counts).",
    "Location": "The absolute URL of the resource created.",
    "Retry-After": "Seconds to wait before trying again.",
    "RateLimit-Limit": "Requests allowed in the window of the most restrictive throttle "
    "that applies.",
    "RateLimit-Remaining": "Requests left in that window.",
    "RateLimit-Reset": "Seconds until that window resets.",
    "Idempotent-Replayed": "`true` when this is the stored response of an earlier request "
    "with the same `Idempotency-Key` (nothing was applied again).",
}
RATE_LIMIT_HEADERS = ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")
#: Response bodies sent with an ETag (the game's version and a digest of the answer).
VERSIONED_BODIES = ("GameView", "GameReplay", "ActionResult", "LegalActions", "EventFeed")


def status_and_codes(refusal) -> tuple[int, Iterable[str]]:
    """An error class (DomainError or DRF APIException), or (error class, codes) for a
    class raised with several codes, as (status, codes)."""
    cls, codes = refusal if isinstance(refusal, tuple) else (refusal, None)
    if issubclass(cls, DomainError):
        status = STATUS_OF_KIND[cls.kind]
    elif issubclass(cls, exceptions.APIException):
        status = cls.status_code
    else:  # pragma: no cover
        raise TypeError(f"{cls!r} is not an error the API maps")
    return status, [str(c) for c in codes] if codes is not None else [cls.default_code]


def operation_codes(view, method: str, path: str, operation: dict) -> dict[int, list[str]]:
    """The problem codes this operation may answer, by status."""
    from games.live.stream_views import StreamApiView
    from games.live.waiting import WaitingApiView

    codes: dict[int, set[str]] = defaultdict(set)
    codes[400].add("invalid_request")
    codes[UNAVAILABLE[0]].add(UNAVAILABLE[1])
    codes[HEADERS_TOO_LARGE[0]].add(HEADERS_TOO_LARGE[1])
    if not _anonymous(view):
        codes[401] |= {"not_authenticated", "account_disabled"}
    if view.throttle_classes:
        codes[429].add("throttled")
    if isinstance(view, (StreamApiView, WaitingApiView)):
        codes[429].add("too_many_streams")
    if method in ("POST", "PATCH", "PUT"):
        codes[400].add("unknown_field")
        codes[415].add("unsupported_media_type")
    if "{" in path:  # a path parameter the URL does not take (not a UUID, say)
        codes[404].add("not_found")
    if "{game_id}" in path:
        codes[404].add("game_not_found")
    headers = {p["name"] for p in operation.get("parameters", []) if p["in"] == "header"}
    if "Idempotency-Key" in headers:
        codes[409].add("request_in_progress")
        codes[422].add("idempotency_key_reused")
    if "If-Match" in headers:
        codes[412].add("stale_version")
    for refusal in getattr(view, "refusals", {}).get(method.lower(), ()):
        status, named = status_and_codes(refusal)
        codes[status].update(named)
    return {status: sorted(codes[status]) for status in sorted(codes)}


#: Text any request may hold: no U+0000 (unoservice.parsers refuses a body with one, or
#: with a lone surrogate, which is no character at all and so needs no pattern).
STORABLE = r"[^\x00]"


class RequestBodyExtension(OpenApiSerializerExtension):
    """A request body (unoservice.api.RequestBody) takes no member it does not name
    (`additionalProperties: false`: the service answers 400 `unknown_field`), and its
    free text says what the service takes: storable characters, and for a field that
    drops surrounding whitespace and may not be blank, something besides whitespace."""

    target_class = "unoservice.api.RequestBody"
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        schema["additionalProperties"] = False
        fields = self.target.fields
        for name, prop in schema.get("properties", {}).items():
            field = fields.get(name)
            if _free_text(field, prop):
                prop["pattern"] = _text_pattern(field)
        return schema


def _free_text(field, prop: dict) -> bool:
    return (
        isinstance(field, serializers.CharField)
        and prop.get("type") == "string"
        and not {"enum", "pattern", "format"} & set(prop)
    )


def _text_pattern(field) -> str:
    if field.trim_whitespace and not field.allow_blank:
        return rf"^\s*[^\s\x00]{STORABLE}*$"
    return rf"^{STORABLE}*$"


def _anonymous(view) -> bool:
    return not view.authentication_classes or all(
        issubclass(p, AllowAny) for p in view.permission_classes
    )


def _header(name: str) -> dict:
    return {"schema": {"type": "string"}, "description": RESPONSE_HEADERS[name]}


class ProblemAutoSchema(AutoSchema):
    """drf-spectacular's AutoSchema, with each operation's error responses generated
    from its codes (an enum on the operation's own problem component) and its response
    headers documented."""

    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        if operation is None or not self.path.startswith("/api/v1/"):
            return operation
        if "requestBody" in operation and isinstance(
            self.get_request_serializer(), PolymorphicProxySerializer
        ):
            operation["requestBody"]["required"] = True  # a union: every member has a type
        responses = operation["responses"]
        if any(_declares_other_errors(responses[s]) for s in responses if s[0] in "45"):
            return operation  # an operation whose errors are not problems (the health check)
        for status in [s for s in responses if s[0] in "45"]:
            del responses[status]
        codes = operation_codes(self.view, self.method, self.path, operation)
        name = _problem_name(operation["operationId"])
        self.registry_problems[name] = sorted({c for named in codes.values() for c in named})
        for status, named in codes.items():
            listed = ", ".join(f"`{code}`" for code in named)
            response = {
                "description": f"An RFC 9457 problem; `code` is one of {listed}.",
                "content": {
                    PROBLEM_CONTENT_TYPE: {"schema": {"$ref": f"#/components/schemas/{name}"}}
                },
            }
            if status in (429, 503):
                response["headers"] = {"Retry-After": _header("Retry-After")}
            responses[str(status)] = response
        self._document_success_headers(operation, codes)
        return operation

    def _document_success_headers(self, operation: dict, codes: dict) -> None:
        idempotent = 422 in codes
        throttled = 429 in codes and "throttled" in codes[429]
        for status, response in operation["responses"].items():
            headers = response.setdefault("headers", {})
            if throttled:
                headers.update({name: _header(name) for name in RATE_LIMIT_HEADERS})
            if status == "304":
                headers["ETag"] = _header("ETag")
            if status[0] != "2":
                continue
            if status == "201":
                headers["Location"] = _header("Location")
            if idempotent:
                headers["Idempotent-Replayed"] = _header("Idempotent-Replayed")
            if _body_name(response) in VERSIONED_BODIES:
                headers["ETag"] = _header("ETag")
            if not headers:
                del response["headers"]

    #: operation problem component name -> its codes; filled as operations are built.
    registry_problems: dict[str, list[str]] = {}


def _declares_other_errors(response: dict) -> bool:
    return any(media != PROBLEM_CONTENT_TYPE for media in response.get("content") or {})


def _body_name(response: dict) -> str | None:
    for media in (response.get("content") or {}).values():
        ref = media.get("schema", {}).get("$ref", "")
        return ref.rsplit("/", 1)[-1] or None
    return None


def _problem_name(operation_id: str) -> str:
    return "".join(part.title() for part in operation_id.split("_")) + "Problem"


#: OpenAPI links: where an answer's ids lead (a created game to its operations), for
#: clients and for test generators that follow them.
GAME_LINKS = (
    "games_retrieve",
    "games_join",
    "games_start",
    "games_leave",
    "games_legal_actions",
    "games_act",
    "games_events",
    "games_replay",
    "games_audit",
)
LINKS = {
    ("games_create", "201"): [(name, "game_id", "$response.body#/id") for name in GAME_LINKS],
    ("games_join", "200"): [(name, "game_id", "$response.body#/id") for name in GAME_LINKS],
    ("games_start", "200"): [(name, "game_id", "$response.body#/id") for name in GAME_LINKS],
    ("games_quick_match", "201"): [(name, "game_id", "$response.body#/id") for name in GAME_LINKS],
    ("games_quick_match", "200"): [(name, "game_id", "$response.body#/id") for name in GAME_LINKS],
    ("players_tokens_create", "201"): [("players_tokens_revoke", "token_id", "$response.body#/id")],
}


def add_links(result) -> None:
    operations = {
        operation["operationId"]: operation
        for methods in result["paths"].values()
        for operation in methods.values()
        if isinstance(operation, dict) and "operationId" in operation
    }
    for (source, status), targets in LINKS.items():
        response = operations[source]["responses"][status]
        response["links"] = {
            "".join(part.title() for part in target.split("_")): {
                "operationId": target,
                "parameters": {parameter: expression},
            }
            for target, parameter, expression in targets
        }


def add_components(result, generator, request, public):
    """A postprocessing hook: the game's value components (cards, rules, timers, events),
    and each operation's problem, `Problem` with its `code` narrowed to the operation's
    codes; `Problem.code` itself is the enum of every code."""
    from games.http.schema_types import components

    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name, schema in components().items():
        assert name not in schemas or schemas[name] == schema, f"component {name} taken"
        schemas[name] = schema
    every_code: set[str] = set()
    for name, codes in sorted(ProblemAutoSchema.registry_problems.items()):
        if f"#/components/schemas/{name}" not in _refs(result["paths"]):
            continue
        every_code.update(codes)
        schemas[name] = {
            "allOf": [
                PROBLEM_REF,
                {"type": "object", "properties": {"code": {"type": "string", "enum": codes}}},
            ]
        }
    schemas["Problem"]["properties"]["code"]["enum"] = sorted(every_code)
    add_links(result)
    return result


def _refs(node) -> set[str]:
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "$ref" in item:
                found.add(item["$ref"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
