"""The REST answers' shapes, written once, as msgspec Structs (bench/wire_models.py chose
msgspec: it checks and renders a move's answer in a third of the time json.dumps took).

A view builds its answer with `answer(Shape, document)`: msgspec checks the document
presentation built against the Shape (a missing member or a wrong type is a 500 here,
never a malformed answer) and `WireRenderer` encodes it. The OpenAPI document reads the
same Structs (`serializer_of`): each field's type, `description` and `extra_json_schema`
(a `format`, or a `$ref` to one of games.http.schema_types' components) become what a DRF
serializer field with them would be, so the components keep their names and shapes."""

from __future__ import annotations

import types
import typing
from functools import cache
from typing import Annotated, Any, Literal

import msgspec
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from games.http.schema_types import (
    CARD_REF,
    EVENT_REF,
    RULES_REF,
    TIMERS_REF,
    WINNER_REF,
    ref,
)
from unoservice.api import TimeField

UNSET = msgspec.UNSET
Unset = msgspec.UnsetType
Meta = msgspec.Meta


def _doc(text: str, **schema) -> Meta:
    return Meta(description=text, extra_json_schema=schema or None)


def _shape(**schema) -> Meta:
    return Meta(extra_json_schema=schema)


UUID = _shape(format="uuid")
TIME = _shape(format="date-time")
CARD = _shape(**CARD_REF)
ACTION = _shape(**ref("Action"))
EVENT = _shape(**EVENT_REF)
HEAD_HASH = (
    "The hash of the event at `version` (64 zeros before any): evidence a client keeps as it plays."
)
WITH_RULES_ONLY = "In GET /games/{id}, a replay and a stream's first view only (see `rules_id`)."
Seat = int
Json = dict[str, Any]


class Shape(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A REST answer (or a part of one). Members typed `... | Unset` may be absent; a
    member it does not declare is an error, not dropped. Every subclass repeats the
    configuration (msgspec does not inherit it)."""


# --- games -------------------------------------------------------------------------------


class PlayerRef(Shape, kw_only=True, forbid_unknown_fields=True):
    id: Annotated[str, UUID]
    name: str
    bot: Annotated[bool, _doc("true for a server bot.")] | Unset = UNSET


class SeatView(Shape, kw_only=True, forbid_unknown_fields=True):
    seat: int
    player: PlayerRef | None
    cards: Annotated[int, _doc("How many cards the seat holds.")]
    uno_called: bool
    catchable: Annotated[bool, _doc("An UNO window is open on this seat.")] | Unset = UNSET
    catchable_until: Annotated[str, TIME] | None
    score: int
    state: Literal["playing", "bot", "removed", "eliminated", "open"]
    team: int | Unset = UNSET
    backs: (
        Annotated[
            list[str],
            _doc("UNO FLIP!: the faces of the seat's cards that face everyone else, sorted."),
        ]
        | Unset
    ) = UNSET
    hand: (
        Annotated[list[Annotated[str, CARD]], _doc("Staff (or anyone once the game is open) only.")]
        | Unset
    ) = UNSET


class YouView(Shape, kw_only=True, forbid_unknown_fields=True):
    seat: int
    hand: list[Annotated[str, CARD]]
    drawn_card: (
        Annotated[str, _doc("The card just drawn, in phase drawn_card.", **CARD_REF)] | Unset
    ) = UNSET


class UnoWindowView(Shape, kw_only=True, forbid_unknown_fields=True):
    seat: int
    closes_at: Annotated[str, TIME] | None


COLORS = Literal["red", "yellow", "green", "blue", "pink", "teal", "orange", "purple"]


GamePhase = Literal[
    "waiting",
    "play",
    "drawn_card",
    "respond_draw4",
    "choose_color",
    "choose_target",
    "finished",
]
#: The phases a view shows (one enum in the OpenAPI document: settings' ENUM_NAME_OVERRIDES).
GAME_PHASES = typing.get_args(GamePhase)


class GameView(Shape, kw_only=True, forbid_unknown_fields=True):
    """A game as its viewer sees it. `rules` and `timers` travel once: in GET /games/{id}
    (and a replay) and a stream connection's first view; every view has `rules_id`."""

    id: Annotated[str, UUID]
    version: Annotated[
        int, _doc("The seq of the last event; the ETag begins with it, and If-Match takes it.")
    ]
    head_hash: Annotated[str, _doc(HEAD_HASH)]
    status: Literal["waiting", "active", "finished", "aborted"]
    visibility: Literal["public", "invite"]
    invite_code: Annotated[str, _doc("For seated players.")] | Unset = UNSET
    host: Annotated[str, UUID]
    seat_count: int
    rules_id: Annotated[
        str,
        _doc(
            "A digest of the game's `rules` and `timers`, the same in every view of the "
            'game: the first 16 lower-case hex characters of sha256(canonical({"rules": '
            'rules, "timers": timers})), canonical as for the hash chain (sorted keys, no '
            "whitespace, UTF-8). A client that holds the rule set of this id needs it no more."
        ),
    ]
    rules: Annotated[Json, _doc(WITH_RULES_ONLY, **RULES_REF)] | Unset = UNSET
    timers: Annotated[Json, _doc(WITH_RULES_ONLY, **TIMERS_REF)] | Unset = UNSET
    bot_think_ms: Annotated[
        int, _doc("How long the game's bots wait before they act, in milliseconds.")
    ]
    created_at: Annotated[str, TIME]
    seats: list[SeatView]
    you: YouView | None
    round: int
    dealer: int | None
    top_card: Annotated[str, CARD] | None
    color: COLORS | None
    direction: Literal["clockwise", "counterclockwise"]
    to_act: int | None
    phase: GamePhase
    pending_draw: int
    challengeable: int | None | Unset = UNSET
    uno_window: UnoWindowView | None
    draw_pile: int
    discard_pile: int
    draw_pile_cards: list[Annotated[str, CARD]] | Unset = UNSET
    side: Annotated[Literal["light", "dark"], _doc("UNO FLIP!: the side up.")] | Unset = UNSET
    draw_pile_back: (
        Annotated[str, _doc("UNO FLIP!: the face the draw pile's top card shows everyone.")]
        | None
        | Unset
    ) = UNSET
    deadline_at: Annotated[str, TIME] | None
    server_time: Annotated[str, TIME]
    winner: Annotated[int | list[int], _doc("A seat, or a team's seats.", **WINNER_REF)] | None
    ranking: list[int]
    provably_fair: bool | Unset = UNSET
    next_game_id: (
        Annotated[
            str,
            _doc(
                "The rematch of this ended game, once one of its players asked for it "
                "(POST /games/{id}/rematch); null until then.",
                format="uuid",
            ),
        ]
        | None
    )
    replay_url: (
        Annotated[
            str,
            _doc(
                "Once the game has ended (finished or aborted): a link to its replay page in a "
                "browser, showing the game step by step as you may see it (your own cards "
                "always; every hand once the service opens ended games to their players). The "
                "link is signed for you and this game, holds no token, grants no API access, "
                "and works for 24 hours from this response; ask for the game again for a "
                "fresh one. Null while the game is waiting or active.",
                format="uri",
            ),
        ]
        | None
    )
    spectators: Annotated[
        int,
        _doc(
            "How many signed-in viewers without a seat stream the game now, counted across "
            "every web process. Not part of `version`: it changes no ETag and wakes no "
            "stream; a view shows it as of when it was built."
        ),
    ]
    legal_actions: Annotated[
        list[Annotated[Json, ACTION]],
        _doc(
            "What you may send now, as ready-to-send bodies for POST /actions: the `actions` "
            "GET /games/{id}/legal-actions answers ([] without a seat, outside an active "
            "game, and in a replay)."
        ),
    ]


class GameReplay(GameView, kw_only=True, forbid_unknown_fields=True):
    """A game as its viewer saw it as of seq `at`: `version` is `at` and `head_hash` the
    hash of that event; `legal_actions` is empty (nothing can be sent to a past position)."""

    replay_of: Annotated[int, _doc("The game's version now (the seq of its last event).")]


class GameSummary(Shape, kw_only=True, forbid_unknown_fields=True):
    id: Annotated[str, UUID]
    status: str
    visibility: str
    seat_count: int
    seats_taken: int
    rules: Annotated[Json, _shape(**RULES_REF)]
    host: PlayerRef
    version: int
    created_at: Annotated[str, TIME]
    updated_at: Annotated[str, _doc("When the game last changed.", format="date-time")]


class GameSummaryPage(Shape, kw_only=True, forbid_unknown_fields=True):
    results: list[GameSummary]
    next_cursor: (
        Annotated[str, _doc("Pass as `cursor` for the next page; null on the last page.")] | None
    )


class EventFeed(Shape, kw_only=True, forbid_unknown_fields=True):
    version: int
    head_hash: Annotated[str, _doc(HEAD_HASH)]
    events: list[Annotated[Json, EVENT]]


class ActionResult(Shape, kw_only=True, forbid_unknown_fields=True):
    """The answer's `ETag` is its view's, as GET /games/{id} would send it."""

    version: int
    events: list[Annotated[Json, EVENT]]
    game: Annotated[GameView, _doc("Your new view, without `rules` and `timers` (see `rules_id`).")]


class LegalActions(Shape, kw_only=True, forbid_unknown_fields=True):
    actions: Annotated[
        list[Annotated[Json, ACTION]], _doc("Ready-to-send bodies for POST /actions.")
    ]


# --- the log's evidence ------------------------------------------------------------------


class AuditCheck(Shape, kw_only=True, forbid_unknown_fields=True):
    name: str
    ok: bool
    detail: str
    seq: int | None


class AuditResult(Shape, kw_only=True, forbid_unknown_fields=True):
    ok: bool
    checks: list[AuditCheck]


class SealView(Shape, kw_only=True, forbid_unknown_fields=True):
    game: Annotated[str, UUID]
    version: int
    head_hash: Annotated[str, _doc("The hash of event `version`.")]
    sealed_at: Annotated[str, _doc("When it was sealed (not signed).", format="date-time")]
    key_id: Annotated[str, _doc("The signing key (see GET /keys).")]
    alg: Literal["Ed25519"]
    signature: Annotated[
        str,
        _doc(
            'Ed25519 over the UTF-8 bytes of canonical({"game", "head_hash", "version"}), '
            "base64url without padding."
        ),
    ]


class SigningKeyView(Shape, kw_only=True, forbid_unknown_fields=True):
    key_id: Annotated[str, _doc("The first 16 hex characters of the raw key's sha256.")]
    alg: Literal["Ed25519"]
    public_key: Annotated[str, _doc("The raw 32-byte key, base64url without padding.")]
    created_at: Annotated[str, TIME]
    retired_at: Annotated[str, TIME] | None


class SigningKeys(Shape, kw_only=True, forbid_unknown_fields=True):
    keys: list[SigningKeyView]


# --- building and rendering --------------------------------------------------------------


def answer[S: Shape](shape: type[S], document: dict) -> S:
    """`document` as a `shape`, checked: msgspec.ValidationError (a 500) if it is not one."""
    return msgspec.convert(document, shape)


def builtins(data: Any) -> Any:
    """`data` as plain JSON values (what an idempotency record stores)."""
    return msgspec.to_builtins(data) if isinstance(data, Shape) else data


_encoder = msgspec.json.Encoder()


class WireRenderer(JSONRenderer):
    """JSON: a Shape by msgspec, anything else (a problem) as DRF renders it."""

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, Shape):
            return _encoder.encode(data)
        return super().render(data, accepted_media_type, renderer_context)


# --- the OpenAPI document ----------------------------------------------------------------

FIELD_OF_FORMAT = {
    "uuid": serializers.UUIDField,
    "date-time": TimeField,
    "uri": serializers.URLField,
}


@cache
def serializer_of(shape: type[Shape]) -> type[serializers.Serializer]:
    """A serializer class whose fields say what `shape`'s do, named as it is: what the
    views' `extend_schema` names (drf-spectacular maps it; nothing runs it)."""
    hints = typing.get_type_hints(shape, include_extras=True)
    fields = {name: _field(hints[name]) for name in shape.__struct_fields__}
    fields["__doc__"] = shape.__doc__ if shape.__doc__ != Shape.__doc__ else None
    fields["__module__"] = shape.__module__
    return type(shape.__name__, (serializers.Serializer,), fields)


def _field(hint, **kwargs) -> serializers.Field:
    metas: list[Meta] = []
    while typing.get_origin(hint) is Annotated:
        metas.extend(m for m in hint.__metadata__ if isinstance(m, Meta))
        hint = hint.__origin__
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        rest = [a for a in args if a not in (type(None), Unset)]
        if type(None) in args:
            kwargs["allow_null"] = True
        if Unset in args:
            kwargs["required"] = False
        if len(rest) == 1:
            return _field(rest[0], **kwargs, **_meta_kwargs(metas))
        hint = rest  # a union of values: only a `$ref` says what it is
    kwargs.update(_meta_kwargs(metas))
    schema = dict(kwargs.pop("schema", None) or {})
    if "$ref" in schema:
        return extend_schema_field({"$ref": schema["$ref"]})(
            type("Ref", (serializers.JSONField,), {})
        )(**kwargs)
    if isinstance(hint, type) and issubclass(hint, Shape):
        return serializer_of(hint)(**kwargs)
    if typing.get_origin(hint) is list:
        return serializers.ListField(child=_field(args[0]), **kwargs)
    if typing.get_origin(hint) is Literal:
        return serializers.ChoiceField(choices=list(args), **kwargs)
    if hint is bool:
        return serializers.BooleanField(**kwargs)
    if hint is int:
        return serializers.IntegerField(**kwargs)
    if hint is str:
        return FIELD_OF_FORMAT.get(schema.get("format"), serializers.CharField)(**kwargs)
    raise TypeError(f"no field for {hint!r}")  # pragma: no cover - a new type needs one


def _meta_kwargs(metas: list[Meta]) -> dict:
    kwargs: dict = {}
    for meta in metas:
        if meta.description:
            kwargs["help_text"] = meta.description
        if meta.extra_json_schema:
            kwargs["schema"] = meta.extra_json_schema
    return kwargs
