"""Request parsing (shape and type only) and the documented shapes of responses."""

from __future__ import annotations

import copy
import dataclasses
import re
import typing
from functools import cache, partial

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games.engine import (
    PRESETS,
    Color,
    InvalidRules,
    UnknownCard,
    card,
)
from games.engine.cards import CARDS_BY_CODE, Card, build_deck
from games.engine.commands import ACTION_TYPES
from games.engine.rules import MAX_SEATS, OPTION_KINDS, check_option_names
from games.engine.strategies import STRATEGIES
from games.errors import InvalidOption
from games.http import wire
from games.http.schema_types import (
    CARD_REF,
    EVENT_REF,
    RULE_OPTIONS_REF,
    WINNER_REF,
)
from games.http.wire import serializer_of
from unoservice.api import (
    ApiError,
    BoundedListField,
    RequestBody,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    UnknownField,
)

COLOR_CHOICES = [c.value for c in Color]
CARD_CODES = sorted(CARDS_BY_CODE)
CARD_SETS = OPTION_KINDS["cards"].values
#: The most cards any deck has: no list of cards in a request can be longer.
MAX_DECK_CARDS = max(
    len(build_deck(cards, downpour)) for cards in CARD_SETS for downpour in (False, True)
)


@extend_schema_field(CARD_REF)
class CardField(serializers.CharField):
    """A card code (a double-faced card's "<light>/<dark>" pair too). Only a string
    passes here; whether it names a card is checked where it is used (an unknown code is
    a 400 `unknown_card`)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field(RULE_OPTIONS_REF)
class RuleOptionsField(serializers.DictField):
    """Rule options by name (checked by the engine's rules, which name a bad one). More
    of them than there are options is refused on their names before any value is read,
    so a body of many unknown options costs no more than one."""

    child = serializers.JSONField()

    def to_internal_value(self, data):
        if isinstance(data, dict) and len(data) > len(OPTION_KINDS):
            try:
                check_option_names(data)
            except InvalidRules as invalid:
                raise InvalidOption(
                    invalid.message, code=invalid.code, option=invalid.option
                ) from None
        return super().to_internal_value(data)


@extend_schema_field({"allOf": [WINNER_REF], "nullable": True})
class WinnerField(serializers.JSONField):
    """The winning seat, or a team's seats; null until the match is over."""


@extend_schema_field(EVENT_REF)
class EventField(serializers.JSONField):
    """One event, typed by its `type`."""


class UnknownCardError(ApiError):
    status_code = 400
    default_code = "unknown_card"
    default_detail = "Unknown card code."


# --- creating and joining -------------------------------------------------------------


class RulesInput(RequestBody):
    preset = serializers.ChoiceField(choices=list(PRESETS), default="classic")
    options = RuleOptionsField(
        required=False,
        default=dict,
        help_text="Rule options overriding the preset; an unknown option or a value out of "
        "range is a 400 naming it. The game's view shows every option in force.",
    )


class TimersInput(RequestBody):
    def to_internal_value(self, data):
        """An unknown timer is a 400 `unknown_option` naming it (it used to be dropped
        silently by the serializer, so a typo went unnoticed)."""
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise InvalidOption(
                    f"unknown timer {unknown[0]!r}", code="unknown_option", option=unknown[0]
                )
        return super().to_internal_value(data)

    turn_seconds = StrictIntegerField(
        min_value=1,
        max_value=86400,
        allow_null=True,
        required=False,
        help_text="null: no turn timer",
    )
    response_seconds = StrictIntegerField(
        min_value=1, max_value=3600, allow_null=True, required=False
    )
    uno_window_seconds = StrictIntegerField(
        min_value=1, max_value=60, allow_null=True, required=False
    )
    uno_grace_ms = StrictIntegerField(min_value=0, max_value=5000, required=False)
    timeout_action = serializers.ChoiceField(choices=["draw_and_pass", "auto_play"], required=False)
    abandon_after = StrictIntegerField(min_value=1, max_value=20, required=False)
    on_abandon = serializers.ChoiceField(choices=["bot", "remove"], required=False)


def seat_keyed(value_schema: dict) -> dict:
    """The schema of a JSON object keyed by seat numbers ("0" to "9")."""
    return {
        "type": "object",
        "properties": {str(seat): value_schema for seat in range(10)},
        "additionalProperties": False,
    }


class SeatKeyedDictField(serializers.DictField):
    """A JSON object keyed by seat numbers ("0" to "9"). The keys are checked before the
    values, so no more than ten values are ever validated."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            bad = [key for key in data if not re.fullmatch(r"[0-9]", str(key))]
            if bad:
                raise serializers.ValidationError(f"keys must be seat numbers, not {bad[0]!r}")
        return super().to_internal_value(data)


@extend_schema_field(seat_keyed({"type": "array", "items": CARD_REF, "maxItems": MAX_DECK_CARDS}))
class HandsField(SeatKeyedDictField):
    child = BoundedListField(child=CardField(), max_length=MAX_DECK_CARDS)


@extend_schema_field(seat_keyed({"type": "integer", "minimum": 0}))
class ScoresField(SeatKeyedDictField):
    child = StrictIntegerField(min_value=0)


class PositionInput(RequestBody):
    hands = HandsField(
        help_text='Each seat\'s hand, keyed by seat: {"0": ["red-5", …], "1": […]}.',
    )
    discard = BoundedListField(
        child=CardField(), min_length=1, max_length=MAX_DECK_CARDS, help_text="Top first."
    )
    draw = BoundedListField(
        child=CardField(),
        max_length=MAX_DECK_CARDS,
        required=False,
        default=list,
        help_text="Top first.",
    )
    color = serializers.ChoiceField(choices=COLOR_CHOICES, required=False, allow_null=True)
    direction = serializers.ChoiceField(
        choices=["clockwise", "counterclockwise"], default="clockwise"
    )
    to_act = StrictIntegerField(min_value=0)
    dealer = StrictIntegerField(min_value=0, default=0)
    scores = ScoresField(required=False, default=dict)
    eliminated = BoundedListField(
        child=StrictIntegerField(), max_length=MAX_SEATS, required=False, default=list
    )
    unplaced = serializers.ChoiceField(
        choices=["draw_bottom", "out_of_play"], default="draw_bottom"
    )
    side = serializers.ChoiceField(
        choices=["light", "dark"], default="light", help_text="UNO FLIP!: the side up."
    )


class BotInput(RequestBody):
    strategy = serializers.ChoiceField(
        choices=list(STRATEGIES),
        help_text="`random`: a uniform legal action; `greedy`: sheds high-point cards first, "
        "keeps wilds for when nothing else plays, calls and catches UNO, challenges a Wild "
        "Draw Four when a bluff is likely; `expert`: searches, playing out the round in "
        "worlds consistent with what its seat has seen.",
    )


class GameCreateInput(RequestBody):
    seats = StrictIntegerField(min_value=2, max_value=10)
    bots = BoundedListField(
        child=BotInput(),
        required=False,
        default=list,
        max_length=10,
        help_text="One server bot per item, seated right after the creator (seats 1, 2, …; "
        "from seat 0 with `seat_host: false`). Each has a player of its own "
        '(`"bot": true`) and its seat\'s `state` is `bot`.',
    )
    seat_host = StrictBooleanField(
        default=True,
        help_text="false: the creator takes no seat but stays the host (starts the game and "
        "may watch it), so a game of bots alone is possible. Such a game counts toward its "
        "host's open games and, unless staff make it, plays to at most 500 points.",
    )
    bot_think_ms = StrictIntegerField(
        min_value=0,
        max_value=5000,
        default=600,
        help_text="How long a bot waits before it acts, in milliseconds; at least 200 in a "
        "game of bots alone that staff did not make (400 `invalid_option` otherwise).",
    )
    rules = RulesInput(required=False)
    timers = TimersInput(required=False)
    visibility = serializers.ChoiceField(choices=["public", "invite"], default="public")
    deck = BoundedListField(
        child=CardField(),
        max_length=MAX_DECK_CARDS,
        required=False,
        help_text="Staff only: the first cards of the first deal.",
    )
    position = PositionInput(required=False, help_text="Staff only: a starting position.")
    dealer = StrictIntegerField(
        min_value=0, max_value=9, required=False, help_text="Staff only: the first dealer."
    )
    seed = StrictIntegerField(
        required=False, help_text="Staff only: reproducible shuffles (not fair)."
    )

    STAFF_FIELDS = ("deck", "position", "dealer", "seed")

    def validate(self, data):
        free = data["seats"] - (1 if data["seat_host"] else 0)
        if len(data["bots"]) > free:
            raise serializers.ValidationError(
                {"bots": [f"at most {free} bots fit in {data['seats']} seats"]}
            )
        return data


class QuickMatchInput(RequestBody):
    seats = StrictIntegerField(min_value=2, max_value=10)
    rules = RulesInput(
        required=False,
        help_text="As for creating a game (classic when absent): matched after the preset "
        "is applied, so games whose options end up the same meet.",
    )
    timers = TimersInput(
        required=False, help_text="As for creating a game: matched with the defaults filled in."
    )


class JoinInput(RequestBody):
    invite_code = StrictCharField(required=False, allow_blank=True)


class AbortInput(RequestBody):
    reason = StrictCharField(max_length=200)


# --- actions ---------------------------------------------------------------------------


class _Action(RequestBody):
    def get_fields(self):
        """DRF deep-copies every declared field for each instance, running the field's
        `__init__` again. An action's fields keep nothing a request changes (binding sets
        attributes of the copy), so a shallow copy each is enough: every move parses one."""
        return {name: copy.copy(field) for name, field in self._declared_fields.items()}

    def command(self, seat: int):  # pragma: no cover - every action type defines it
        raise NotImplementedError


#: What the schema says of an action's members, by (type, member); the members, their
#: types and defaults are the engine's command classes' (games.engine.commands).
ACTION_MEMBER_HELP = {
    ("play", "card"): "The card's code, e.g. red-5; an UNO FLIP! card's is <light>/<dark>, "
    "e.g. red-3/teal-skip-everyone.",
    ("play", "color"): "The color called, for wilds.",
    ("play", "target"): "The seat to swap with (7 under Seven-O, wild-swap).",
    ("play", "uno"): "Say UNO with this play.",
}


def _member_field(kind: str, member: dataclasses.Field, hint) -> serializers.Field:
    """The request field of a command's member, from its type: a card, a color, a seat
    (every integer member of an action is a seat), or a flag."""
    optional = member.default is not dataclasses.MISSING
    kwargs: dict = {"required": False} if optional else {}
    if (kind, member.name) in ACTION_MEMBER_HELP:
        kwargs["help_text"] = ACTION_MEMBER_HELP[kind, member.name]
    base = {t for t in typing.get_args(hint) if t is not type(None)} or {hint}
    if base == {Card}:
        return CardField(**kwargs)
    if base == {Color}:
        return serializers.ChoiceField(choices=COLOR_CHOICES, **kwargs)
    if base == {int}:
        return StrictIntegerField(min_value=0, max_value=9, **kwargs)
    if base == {bool}:
        return StrictBooleanField(default=member.default, **kwargs)
    raise TypeError(f"{kind}.{member.name}: no request field for {hint!r}")  # pragma: no cover


def _action_serializer(kind: str, command_class: type) -> type[_Action]:
    """The request body of one action type, read from its engine command: `type`, then the
    command's members but its seat (the service gives it), in the command's order."""
    hints = typing.get_type_hints(command_class)
    members = [m for m in dataclasses.fields(command_class) if m.name != "seat"]
    fields: dict = {"type": serializers.ChoiceField(choices=[kind])}
    fields.update({m.name: _member_field(kind, m, hints[m.name]) for m in members})
    converters = {m.name: _CONVERTERS.get(hints[m.name], _same) for m in members}

    def command(self, seat):
        data = self.validated_data
        return command_class(
            seat,
            **{name: convert(data[name]) for name, convert in converters.items() if name in data},
        )

    name = "".join(part.title() for part in kind.split("_")) + "Action"
    serializer = type(name, (_Action,), {**fields, "command": command, "__module__": __name__})
    serializer.plain = _PlainAction(command_class, members, hints)
    return serializer


class _PlainAction:
    """An action body of one type that is plainly valid: only its members, each of the
    exact JSON type and value its field takes as it is (a card code, a color's name, a
    seat 0 to 9, a boolean). Every move sends one, and DRF's serializer costs a move
    about 0.1 ms to say so; a body that is anything else goes to the serializer, which
    accepts it or says why not exactly as before."""

    def __init__(self, command_class: type, members: list, hints: dict):
        self.command_class = command_class
        self.members = {m.name: _PLAIN_CHECKS[_base_type(hints[m.name])] for m in members}
        self.required = {m.name for m in members if m.default is dataclasses.MISSING}
        self.allowed = {"type", *self.members}

    def command_maker(self, data: dict):
        """`seat -> command` for a plainly valid body; None for any other."""
        if not self.allowed.issuperset(data) or not self.required.issubset(data):
            return None
        values = {}
        for name, value in data.items():
            if name != "type":
                converted = self.members[name](value)
                if converted is _NOT_PLAIN:
                    return None
                values[name] = converted
        return partial(self.command_class, **values)


_NOT_PLAIN = object()


def _base_type(hint):
    return next((t for t in typing.get_args(hint) if t is not type(None)), hint)


def _plain_card(value):
    if type(value) is not str:
        return _NOT_PLAIN
    try:
        return card(value)
    except UnknownCard:
        return _NOT_PLAIN


def _plain_color(value):
    return Color(value) if type(value) is str and value in COLOR_CHOICES else _NOT_PLAIN


def _plain_seat(value):
    return value if type(value) is int and 0 <= value <= 9 else _NOT_PLAIN


def _plain_flag(value):
    return value if type(value) is bool else _NOT_PLAIN


_PLAIN_CHECKS = {Card: _plain_card, Color: _plain_color, int: _plain_seat, bool: _plain_flag}


def _same(value):
    return value


def _color(value):
    return None if value is None else Color(value)


_CONVERTERS = {Card: card, Color: _color, Color | None: _color}

ACTION_SERIALIZERS: dict[str, type[_Action]] = {
    kind: _action_serializer(kind, command_class) for kind, command_class in ACTION_TYPES.items()
}
PlayAction = ACTION_SERIALIZERS["play"]

ACTION_UNION = PolymorphicProxySerializer(
    component_name="Action",
    # A dict, so that the schema's discriminator maps each `type` value to its body (a
    # list made drf-spectacular emit one broken `null` mapping entry).
    serializers=ACTION_SERIALIZERS,
    resource_type_field_name="type",
)


@cache
def _field_names(serializer_class) -> frozenset[str]:
    """A serializer's field names (building its fields deep-copies them: once is enough)."""
    return frozenset(serializer_class().fields)


class _Parsed:
    def __init__(self, make):
        self._make = make

    def command(self, seat):
        return self._make(seat)


def parse_action(data) -> _Action | _Parsed:
    """Shape and type checks for an action body; rules are the engine's business."""
    if isinstance(data, dict):
        kind = data.get("type")
        serializer = ACTION_SERIALIZERS.get(kind) if type(kind) is str else None
        make = serializer.plain.command_maker(data) if serializer is not None else None
        if make is not None:
            return _Parsed(make)
    if not isinstance(data, dict):
        raise serializers.ValidationError({"": ["An action is a JSON object."]})
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in ACTION_SERIALIZERS:
        raise serializers.ValidationError(
            {"type": [f"must be one of {', '.join(ACTION_SERIALIZERS)}"]}
        )
    if kind == "play" and isinstance(data.get("card"), str):
        try:
            card(data["card"])
        except UnknownCard:
            raise UnknownCardError(f"Unknown card code {data['card']!r}.") from None
    unknown = sorted(set(data) - _field_names(ACTION_SERIALIZERS[kind]))
    if unknown:
        raise UnknownField(f"{unknown[0]!r} is not a member of a {kind} action.", field=unknown[0])
    parsed = ACTION_SERIALIZERS[kind](data=data)
    parsed.is_valid(raise_exception=True)
    return parsed


# --- responses: games.http.wire's Shapes, as the schema describes them ------------------

GameView = serializer_of(wire.GameView)
PlayerRef = serializer_of(wire.PlayerRef)


class GameListQuery(serializers.Serializer):
    """`GET /games`'s filters (with `limit` and `cursor`); absent means any."""

    status = serializers.ChoiceField(["waiting", "active", "finished", "aborted"], required=False)
    preset = serializers.ChoiceField(sorted(PRESETS), required=False)
    player = serializers.UUIDField(required=False, help_text="Games this player sits or sat in.")
    mine = serializers.BooleanField(
        required=False, default=False, help_text="Only games you sit, sat in or host."
    )
    visibility = serializers.ChoiceField(["public", "invite"], required=False)
    updated_after = serializers.DateTimeField(
        required=False, help_text="Only games changed after this time (ISO 8601)."
    )
