"""Events to and from plain JSON parts: (type, public, private). Card codes, enum values,
objects for the nested facts and lists on the way out; the event's own field types on
the way back, after reading older shapes through `upcast`."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from enum import Enum
from operator import itemgetter
from typing import Any

from . import events as ev
from .cards import Card, card_of_code
from .events import EVENT_TYPES, Event
from .rules import RuleSet, rules_from_dict, rules_to_dict
from .state import Deadline
from .upcast import upcast

#: The schema version each event type is written in now.
SCHEMA_VERSIONS: dict[str, int] = {name: cls.VERSION for name, cls in EVENT_TYPES.items()}

#: The version of shapes that have never changed (and of `game_created`, the shell's own).
SCHEMA_VERSION = 1


def schema_version_of(type_: str) -> int:
    return SCHEMA_VERSIONS.get(type_, SCHEMA_VERSION)


#: Values that are already JSON: most of an event's leaves, so looked at first.
_ALREADY_JSON = frozenset({str, int, bool, float, type(None)})


def to_json(value: Any) -> Any:
    if type(value) in _ALREADY_JSON:
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, RuleSet):
        return rules_to_dict(value)
    if dataclasses.is_dataclass(value):
        omitted = getattr(value, "OMITTED_WHEN_EMPTY", ())  # left out when empty (a default)
        return {
            f.name: to_json(item)
            for f in dataclasses.fields(value)
            if (item := getattr(value, f.name)) or f.name not in omitted
        }
    return value


def event_to_parts(event: Event) -> tuple[str, dict, dict | None]:
    public: dict[str, Any] = {}
    private: dict[str, Any] = {}
    omitted = event.OMITTED_WHEN_EMPTY
    for name in _FIELD_NAMES[type(event)]:
        value = getattr(event, name)
        if omitted and name in omitted and not value:
            continue  # its default stands for it when read back
        target = private if name in event.PRIVATE else public
        target[name] = to_json(value)
    return event.TYPE, public, (private if event.has_private else None)


def event_from_parts(
    type_: str, public: dict, private: dict | None, schema_version: int | None = None
) -> Event:
    """The event these parts record; parts of an older `schema_version` are upcast first.
    A field added later with a default (a deadline, the timers) may be absent from events
    recorded before it: the default stands for it. Keys the event does not have (the
    store's `nonce`, the shell's `deadline_at`) are left out."""
    if schema_version is not None and schema_version < SCHEMA_VERSIONS.get(type_, 1):
        public, private = upcast(type_, schema_version, public, private)
    return _DECODERS[type_](public, private)


def events_from_parts(
    recorded: Iterable[tuple[str, int, dict, dict | None]],
) -> list[Event]:
    """The events of a log from its (type, schema_version, public, private) rows, in
    order: what `event_from_parts` does for one, done for a whole log at once (a replay
    decodes every event of it)."""
    decoders, versions = _DECODERS, SCHEMA_VERSIONS
    return [
        decoders[type_](public, private)
        if schema_version >= versions[type_]
        else event_from_parts(type_, public, private, schema_version)
        for type_, schema_version, public, private in recorded
    ]


_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {
    cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in EVENT_TYPES.values()
}


def _decoder(cls: type[Event]):
    """A function of (public, private) giving the event. Its private fields come last
    (checked below), so without a private part the public fields are the arguments and
    the private ones keep their defaults. Values are picked by name in one call and only
    the fields that need it are converted: replay decodes every event of a log."""
    plan = _plan(cls)
    names = [name for name, _ in plan]
    public_count = len(names) - len(cls.PRIVATE)
    if tuple(names[public_count:]) != cls.PRIVATE:
        raise TypeError(f"{cls.__name__}: private fields must be its last fields")
    pick_public = _picker(names[:public_count], cls.OMITTED_WHEN_EMPTY)
    pick_private = _picker(names[public_count:], cls.OMITTED_WHEN_EMPTY)
    converted = [(index, convert) for index, (_, convert) in enumerate(plan) if convert]
    public_converted = [(i, convert) for i, convert in converted if i < public_count]

    def decode(public: dict, private: dict | None) -> Event:
        try:
            if private is None:
                picked, conversions = pick_public(public), public_converted
            else:
                picked, conversions = pick_public(public) + pick_private(private), converted
        except KeyError:  # recorded before a field (with a default) existed
            return _decode_by_name(cls, plan, {**public, **(private or {})})
        return _built(cls, picked, conversions)

    return decode


def _picker(names: list[str], omitted_when_empty: tuple[str, ...]):
    """A function of a part's dict giving its fields' values, in order, as a tuple. A field
    left out when empty reads as empty; such fields must come last in their part."""
    optional = [name for name in names if name in omitted_when_empty]
    required = names[: len(names) - len(optional)]
    if optional != names[len(required) :]:
        raise TypeError(f"fields omitted when empty must come last in their part: {names}")
    pick = _required_picker(required)
    if not optional:
        return pick
    return lambda data: pick(data) + tuple([data.get(name, ()) for name in optional])


def _required_picker(names: list[str]):
    if len(names) == 1:
        (name,) = names
        return lambda data: (data[name],)
    return itemgetter(*names) if names else (lambda data: ())


def _decode_by_name(cls: type, plan, data: dict) -> Event:
    values = {}
    for name, convert in plan:
        if name in data:
            value = data[name]
            values[name] = value if convert is None or value is None else convert(value)
    return cls(**values)


def _plan(cls: type) -> tuple[tuple[str, Any], ...]:
    """(field, how to turn its JSON value back into the field's type, or None as it is)."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, _converter(hints[f.name])) for f in dataclasses.fields(cls))


_card = card_of_code


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(map(_card, codes))


def _converter(hint: Any):
    """None for values JSON gives as they are (None itself is always kept as None)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            return _converter(rest[0])
        return _tuple_if_list  # winner: a seat or a team's seats
    if hint is Card:
        return _card
    if hint == tuple[Card, ...]:
        return _cards
    if hint is RuleSet:
        return rules_from_dict
    if isinstance(hint, type) and issubclass(hint, Enum):
        return {member.value: member for member in hint}.__getitem__
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _object_converter(hint)
    if origin is dict:  # JSON object keys are strings: an int key is read back as an int
        key = int if args[0] is int else str
        item = _converter(args[1]) or (lambda v: v)
        return lambda value: {key(k): item(v) for k, v in value.items()}
    if origin is tuple:
        item = _converter(args[0])
        return tuple if item is None else (lambda value: tuple(map(item, value)))
    return None


def _tuple_if_list(value):
    return tuple(value) if isinstance(value, list) else value


def _object_converter(cls: type):
    """A nested fact (a deadline, a pending draw) from its JSON object. With every field
    present its values are picked in one call and passed in order (a timed game's turns
    each carry a deadline: by keyword it cost three times the rest of the event); an
    object recorded before a field existed is read by name, that field left at its
    default."""
    plan = _plan(cls)
    by_name = dict(plan)
    pick = _required_picker([name for name, _ in plan])
    converted = [(index, convert) for index, (_, convert) in enumerate(plan) if convert]

    def convert(value: dict):
        if len(value) != len(plan):
            return cls(
                **{
                    name: item if by_name[name] is None or item is None else by_name[name](item)
                    for name, item in value.items()
                }
            )
        return _built(cls, pick(value), converted)

    return convert


def _built(cls: type, picked: tuple, conversions: list) -> Any:
    """`cls` from its fields' values in order, those listed in `conversions` (index,
    converter) converted unless None."""
    if not conversions:
        return cls(*picked)
    values = list(picked)
    for index, convert in conversions:
        value = values[index]
        if value is not None:
            values[index] = convert(value)
    return cls(*values)


_DECODERS = {type_: _decoder(cls) for type_, cls in EVENT_TYPES.items()}


# --- the commonest events, decoded field by field ----------------------------------------
#
# Over half of a log is `turn_changed` and `card_played`; with `cards_drawn` and
# `hand_replaced`, nine events in ten. Written out for their fields, they decode in about
# two thirds of the generic decoder's time (replay decodes every event of a log). Their
# conversions are the generic plan's; anything else (a part recorded before one of its
# fields existed) goes to the generic decoder. tests/engine/test_codec.py checks that
# each decodes every event as the generic decoder does, and names the fields it reads.
#
# Each is built empty and its slots set one by one, not by calling the class: calling a
# class whose `__init__` is Python code runs that code in an interpreter frame of its own,
# which costs more than the stores it makes (a `turn_changed` built this way takes two
# thirds of the time). A slot left unset here fails the test's comparison.

_new = object.__new__


def _converters(cls: type[Event]) -> dict[str, Any]:
    return dict(_plan(cls))


_TURN_CHANGED = ev.TurnChanged
_TURN_CHANGED_PUBLIC = itemgetter(
    "seat", "phase", "jump_in", "consecutive_passes", "pending", "owed", "challengeable", "deadline"
)
_turn_changed = _converters(ev.TurnChanged)
_phase, _pending, _owed, _any_deadline = (
    _turn_changed["phase"],
    _turn_changed["pending"],
    _turn_changed["owed"],
    _turn_changed["deadline"],
)
_DEADLINE_FIELDS = itemgetter("kind", "token", "seconds", "grace_ms")
_deadline_kind = dict(_plan(Deadline))["kind"]


def _deadline(value: dict) -> Deadline:
    """A timed game's every turn carries one; recorded without a field, it is read by the
    generic converter, with that field's default."""
    if len(value) != 4:
        return _any_deadline(value)
    deadline = _new(Deadline)
    kind, deadline.token, deadline.seconds, deadline.grace_ms = _DEADLINE_FIELDS(value)
    deadline.kind = _deadline_kind(kind)
    return deadline


def _decode_turn_changed(public: dict, private: dict | None) -> Event:
    try:
        seat, phase, jump_in, passes, pending, owed, challengeable, deadline = _TURN_CHANGED_PUBLIC(
            public
        )
        if private is not None:
            bluff, hand = private["bluff"], _cards(private["draw4_hand"])
        else:
            bluff, hand = False, ()
    except KeyError:
        return _GENERIC["turn_changed"](public, private)
    event = _new(_TURN_CHANGED)
    event.seat = seat
    event.phase = _phase(phase)
    event.jump_in = jump_in
    event.consecutive_passes = passes
    event.pending = None if pending is None else _pending(pending)
    event.owed = None if owed is None else _owed(owed)
    event.challengeable = challengeable
    event.deadline = None if deadline is None else _deadline(deadline)
    event.bluff = bluff
    event.draw4_hand = hand
    return event


_CARD_PLAYED = ev.CardPlayed
_CARD_PLAYED_PUBLIC = itemgetter("seat", "card", "color", "target", "jump_in", "forced")
_color = _converters(ev.CardPlayed)["color"]


def _decode_card_played(public: dict, private: dict | None) -> Event:
    try:
        seat, code, color, target, jump_in, forced = _CARD_PLAYED_PUBLIC(public)
    except KeyError:
        return _GENERIC["card_played"](public, private)
    event = _new(_CARD_PLAYED)
    event.seat = seat
    event.card = _card(code)
    event.color = None if color is None else _color(color)
    event.target = target
    event.jump_in = jump_in
    event.forced = forced
    return event


_CARDS_DRAWN = ev.CardsDrawn
_CARDS_DRAWN_PUBLIC = itemgetter("seat", "count", "reason")
_draw_reason = _converters(ev.CardsDrawn)["reason"]


def _decode_cards_drawn(public: dict, private: dict | None) -> Event:
    try:
        seat, count, reason = _CARDS_DRAWN_PUBLIC(public)
        cards = () if private is None else _cards(private["cards"])
    except KeyError:
        return _GENERIC["cards_drawn"](public, private)
    backs = public.get("backs")
    event = _new(_CARDS_DRAWN)
    event.seat = seat
    event.count = count
    event.reason = _draw_reason(reason)
    event.backs = tuple(backs) if backs else ()
    event.cards = cards
    return event


_HAND_REPLACED = ev.HandReplaced
_HAND_REPLACED_PUBLIC = itemgetter("seat", "from_seat", "count")


def _decode_hand_replaced(public: dict, private: dict | None) -> Event:
    try:
        seat, from_seat, count = _HAND_REPLACED_PUBLIC(public)
        cards = () if private is None else _cards(private["cards"])
    except KeyError:
        return _GENERIC["hand_replaced"](public, private)
    event = _new(_HAND_REPLACED)
    event.seat = seat
    event.from_seat = from_seat
    event.count = count
    event.cards = cards
    return event


#: The decoders written out field by field, by event type.
FIELD_BY_FIELD = {
    "turn_changed": _decode_turn_changed,
    "card_played": _decode_card_played,
    "cards_drawn": _decode_cards_drawn,
    "hand_replaced": _decode_hand_replaced,
}
_GENERIC = dict(_DECODERS)
_DECODERS.update(FIELD_BY_FIELD)
