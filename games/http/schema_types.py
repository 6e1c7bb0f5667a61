"""The OpenAPI components of the game's own values, built from the engine so that they
cannot drift from it: the card codes (games.engine.cards), the rule options and presets
(games.engine.rules, described in games.http.rule_options), the timers, and one component per
event type, its `public` and `private` parts read from the event classes' fields the way
games.engine.codec writes them.

`components()` gives them all; games.http.schema adds them to the document, and the
serializers refer to them with the `*_REF` schemas below."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import types
import typing
from enum import Enum
from functools import cache

from games.engine import play_checks
from games.engine.cards import CARDS_BY_CODE, DARK_FACES, LIGHT_FACES, Card
from games.engine.errors import ErrorCode
from games.engine.events import EVENT_TYPES, PlayerId, PlayerRef, Seat
from games.engine.rules import (
    BOOL,
    OPTION_KINDS,
    PRESETS,
    Choice,
    IntRange,
    RuleSet,
    option_default,
)
from games.http.rule_options import OPTION_DESCRIPTIONS
from games.timers.options import TIMER_CHOICES, TIMER_LIMITS

SCHEMAS = "#/components/schemas/"


def ref(name: str) -> dict:
    return {"$ref": SCHEMAS + name}


CARD_REF = ref("Card")
RULES_REF = ref("Rules")
RULE_OPTIONS_REF = ref("RuleOptions")
TIMERS_REF = ref("Timers")
WINNER_REF = ref("Winner")
EVENT_REF = ref("Event")
DATE_TIME = {"type": "string", "format": "date-time"}
SEAT = {"type": "integer", "minimum": 0, "maximum": 9}


def _error_codes_named_in(module) -> tuple[str, ...]:
    """The ErrorCode members a module's source names (`ErrorCode.X`)."""
    tree = ast.parse(inspect.getsource(module))
    named = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "ErrorCode"
    }
    return tuple(sorted(ErrorCode[name].value for name in named))


#: The rule codes a seat's action may be refused with: the legality checks' codes (the
#: engine keeps legality in play_checks alone).
RULE_CODES_OF_SEAT_ACTIONS = _error_codes_named_in(play_checks)


def flip_pair_pattern() -> str:
    """A double-faced card's code, "<light>/<dark>": a light face, then a dark one."""
    return f"^(?:{_alternatives(LIGHT_FACES)})/(?:{_alternatives(DARK_FACES)})$"


def _alternatives(faces) -> str:
    codes = sorted({face.code for face in faces}, key=lambda code: (-len(code), code))
    return "|".join(re.escape(code) for code in codes)


def card_components() -> dict:
    return {
        "CardCode": {
            "type": "string",
            "enum": sorted(CARDS_BY_CODE),
            "description": "A card's code: `<color>-<0..9>`, `<color>-skip`, "
            "`<color>-reverse`, `<color>-draw2`, or a wild (`wild`, `wild-draw4`, …).",
        },
        "FlipCardCode": {
            "type": "string",
            "pattern": flip_pair_pattern(),
            "description": 'An UNO FLIP! card, both faces: "<light>/<dark>", e.g. '
            '"red-3/blue-skip".',
        },
        "Card": {
            "oneOf": [ref("CardCode"), ref("FlipCardCode")],
            "description": "A card code: a single-faced card, or a double-faced card's pair.",
        },
    }


# --- rules and timers -------------------------------------------------------------------


def _option_schema(name: str, kind: object) -> dict:
    if kind is BOOL:
        schema: dict = {"type": "boolean"}
    elif isinstance(kind, Choice):
        schema = {"type": "string", "enum": list(kind.values)}
    elif isinstance(kind, IntRange):
        schema = {"type": "integer", "minimum": kind.low, "maximum": kind.high}
    else:  # pragma: no cover - a new kind of option needs its schema here
        raise TypeError(f"option {name}: no schema for {kind!r}")
    return {**schema, "default": option_default(name), "description": OPTION_DESCRIPTIONS[name]}


def rules_components() -> dict:
    options = {name: _option_schema(name, kind) for name, kind in OPTION_KINDS.items()}
    presets = ", ".join(
        f"`{name}` ({', '.join(f'{k}={v}' for k, v in given.items()) or 'the defaults'})"
        for name, given in PRESETS.items()
    )
    return {
        "RuleOptions": {
            "type": "object",
            "properties": options,
            "additionalProperties": False,
            "description": "Rule options. In a request each one overrides the preset (an "
            "unknown option or a value out of range is a 400 naming it); a game shows "
            "every option in force.",
        },
        "Rules": {
            "type": "object",
            "properties": {
                "preset": {
                    "type": "string",
                    "enum": list(PRESETS),
                    "description": "The preset the options start from: " + presets + ".",
                },
                "options": ref("RuleOptions"),
            },
            "required": ["preset", "options"],
        },
    }


TIMER_DESCRIPTIONS = {
    "turn_seconds": "Seconds to act on a turn; null: no turn timer.",
    "response_seconds": "Seconds for a Wild Draw Four response, a drawn-card decision, a "
    "color or target choice; null: none.",
    "uno_window_seconds": "Longest an UNO window stays open; null (catch mode only): until "
    "the next action.",
    "uno_grace_ms": "Network grace for a late UNO call, in milliseconds.",
    "timeout_action": "What the server does for a seat whose turn timed out.",
    "abandon_after": "Consecutive timeouts before the seat is abandoned.",
    "on_abandon": "What becomes of an abandoned seat: a server bot takes it, or it is removed.",
}


def timers_component() -> dict:
    properties = {}
    for name, (default, low, high, nullable) in TIMER_LIMITS.items():
        properties[name] = {
            "type": "integer",
            "minimum": low,
            "maximum": high,
            "default": default,
            **({"nullable": True} if nullable else {}),
        }
    for name, (default, choices) in TIMER_CHOICES.items():
        properties[name] = {"type": "string", "enum": list(choices), "default": default}
    for name, schema in properties.items():
        schema["description"] = TIMER_DESCRIPTIONS[name]
    return {"Timers": {"type": "object", "properties": properties, "required": list(properties)}}


def winner_component() -> dict:
    return {
        "Winner": {
            "oneOf": [SEAT, {"type": "array", "items": SEAT}],
            "description": "The winning seat, or a team's seats.",
        }
    }


# --- events ------------------------------------------------------------------------------

#: Events the shell records around the engine's, with their public parts: the game's
#: creation (the lobby's seats taken and left are the engine's `SeatTaken`, `SeatLeft`).
SHELL_EVENTS: dict[str, dict] = {
    "game_created": {
        "properties": {
            "seats": {"type": "integer", "minimum": 2, "maximum": 10},
            "rules": RULES_REF,
            "timers": TIMERS_REF,
            "visibility": {"type": "string", "enum": ["public", "invite"]},
            "host": {"type": "string", "format": "uuid"},
            "staff_setup": {
                "type": "array",
                "items": {"type": "string", "enum": ["deck", "position", "dealer", "seed"]},
            },
            "hash_scheme": {"type": "integer"},
            "bots": {"type": "array", "items": {"type": "string"}},
            "seat_host": {"type": "boolean"},
            "bot_think_ms": {"type": "integer"},
            "rematch_of": {"type": "string", "format": "uuid"},
            "quick_match": {
                "type": "boolean",
                "description": "Made by quick match: it starts by itself when full.",
            },
        },
        "required": ["seats", "rules", "timers", "visibility", "host", "staff_setup"],
    },
}


def _camel(name: str) -> str:
    return "".join(part.title() for part in name.split("_"))


def _nullable(schema: dict) -> dict:
    """OpenAPI 3.0's nullable (an enum names null among its values, as 3.0.3 asks)."""
    if "$ref" in schema:
        return {"allOf": [schema], "nullable": True}
    if "enum" in schema:
        return {**schema, "enum": [*schema["enum"], None], "nullable": True}
    return {**schema, "nullable": True}


#: The engine's types that have a schema of their own: a lobby event's seat and player
#: (the answers' `PlayerRef`, games.http.wire, is the shape a player is shown in).
_NAMED = {Seat: SEAT, PlayerId: {"type": "string", "format": "uuid"}, PlayerRef: ref("PlayerRef")}


class _Types:
    """JSON schemas of the engine's field types, as games.engine.codec writes them;
    nested facts (`Deadline`, `PendingDraw`, …) become components of their own."""

    def __init__(self) -> None:
        self.components: dict[str, dict] = {}

    def of(self, hint) -> dict:
        named = _NAMED.get(hint)
        if named is not None:
            return named
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            rest = [a for a in args if a is not type(None)]
            if rest == [int, tuple[int, ...]]:
                schema = WINNER_REF
            elif len(rest) == 1:
                schema = self.of(rest[0])
            else:  # pragma: no cover - a new union needs its schema here
                raise TypeError(f"no schema for {hint!r}")
            return _nullable(schema) if len(rest) < len(args) else schema
        if hint is Card:
            return CARD_REF
        if hint is RuleSet:
            return RULES_REF
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return {"type": "integer"}
        if hint is float:
            return {"type": "number"}
        if hint is str:
            return {"type": "string"}
        if isinstance(hint, type) and issubclass(hint, Enum):
            return {"type": "string", "enum": [member.value for member in hint]}
        if origin is tuple:
            return {"type": "array", "items": self.of(args[0])}
        if origin is dict:
            return {"type": "object", "additionalProperties": self.of(args[1])}
        if dataclasses.is_dataclass(hint):
            name = "Event" + hint.__name__
            if name not in self.components:
                self.components[name] = {}  # reserved while its fields are read
                self.components[name] = self.object_of(
                    hint, [f.name for f in dataclasses.fields(hint)]
                )
            return ref(name)
        raise TypeError(f"no schema for {hint!r}")  # pragma: no cover

    def object_of(self, cls, names: list[str], doc: str | None = None) -> dict:
        hints = typing.get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        properties = {name: self.of(hints[name]) for name in names}
        required = [
            name
            for name in names
            if fields[name].default is dataclasses.MISSING
            and fields[name].default_factory is dataclasses.MISSING
        ]
        schema: dict = {"type": "object", "properties": properties}
        if required:
            schema["required"] = required
        if doc:
            schema["description"] = doc
        return schema


def _docstring(cls) -> str | None:
    doc = cls.__doc__ or ""
    return None if doc.startswith(cls.__name__ + "(") else " ".join(doc.split()) or None


def _engine_event_parts(types_: _Types, cls) -> tuple[dict, dict | None]:
    names = [f.name for f in dataclasses.fields(cls)]
    public = types_.object_of(cls, [n for n in names if n not in cls.PRIVATE], _docstring(cls))
    if "deadline" in names:
        public["properties"]["deadline_at"] = _nullable(
            {**DATE_TIME, "description": "When the deadline falls due."}
        )
    private = None
    if cls.PRIVATE:
        private = types_.object_of(cls, list(cls.PRIVATE))
        private["properties"]["nonce"] = {
            "type": "string",
            "description": "32 hex characters that keep the digest from being reversed "
            "(games created since hash scheme 2).",
        }
    return public, private


def _envelope(type_: str, public_ref: dict, private_ref: dict | None) -> dict:
    return {
        "type": "object",
        "properties": {
            "seq": {"type": "integer", "minimum": 1},
            "type": {"type": "string", "enum": [type_]},
            "schema_version": {"type": "integer"},
            "recorded_at": DATE_TIME,
            "actor": {"type": "string"},
            "public": public_ref,
            "private": _nullable(private_ref)
            if private_ref
            else {"type": "object", "nullable": True, "description": "Always null."},
            "private_digest": {"type": "string"},
            "prev_hash": {"type": "string"},
            "hash": {"type": "string"},
        },
        "required": [
            "seq",
            "type",
            "schema_version",
            "recorded_at",
            "actor",
            "public",
            "private",
            "private_digest",
            "prev_hash",
            "hash",
        ],
    }


def event_type_names() -> list[str]:
    return sorted({*EVENT_TYPES, *SHELL_EVENTS})


@cache
def event_components() -> dict:
    """`Event` (a union discriminated by `type`) and, per event type, `<Type>Event` with
    `<Type>Public` and, where it has secrets, `<Type>Private`."""
    types_ = _Types()
    parts: dict[str, tuple[dict, dict | None]] = {}
    for type_, cls in EVENT_TYPES.items():
        parts[type_] = _engine_event_parts(types_, cls)
    for type_, public in SHELL_EVENTS.items():
        if type_ not in parts:
            parts[type_] = ({"type": "object", **public}, None)
    components = dict(types_.components)
    mapping = {}
    for type_ in event_type_names():
        public, private = parts[type_]
        name = _camel(type_)
        components[name + "Public"] = public
        private_ref = None
        if private is not None:
            components[name + "Private"] = private
            private_ref = ref(name + "Private")
        components[name + "Event"] = _envelope(type_, ref(name + "Public"), private_ref)
        mapping[type_] = SCHEMAS + name + "Event"
    components["Event"] = {
        "oneOf": [{"$ref": target} for target in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping},
        "description": "An event as a viewer sees it: `private` is null for a viewer who "
        "may not see it; `private_digest` always stays, so the hash chain verifies.",
    }
    return components


def components() -> dict:
    return {
        **card_components(),
        **rules_components(),
        **timers_component(),
        **winner_component(),
        **event_components(),
    }
