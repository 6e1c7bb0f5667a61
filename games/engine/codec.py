"""Events to and from plain JSON parts: (type, public, private). Card codes, enum values
and lists on the way out; the event's own field types on the way back."""

from __future__ import annotations

import dataclasses
import typing
from enum import Enum
from functools import cache
from typing import Any

from .cards import Card, Color, card, cards
from .events import EVENT_TYPES, Event
from .state import Phase, SeatStatus, Timers

SCHEMA_VERSION = 1


def to_json(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, Timers):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    return value


def event_to_parts(event: Event) -> tuple[str, dict, dict | None]:
    public: dict[str, Any] = {}
    private: dict[str, Any] = {}
    for f in dataclasses.fields(event):
        target = private if f.name in event.PRIVATE else public
        target[f.name] = to_json(getattr(event, f.name))
    return event.TYPE, public, (private or None)


def event_from_parts(type_: str, public: dict, private: dict | None) -> Event:
    """A field added later with a default (a deadline, the timers) may be absent from
    events recorded before it: the default stands for it."""
    cls = EVENT_TYPES[type_]
    data = {**public, **(private or {})}
    decoders = _decoders(cls)
    return cls(**{name: decode(data[name]) for name, decode in decoders.items() if name in data})


@cache
def _decoders(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {f.name: _decoder_for(hints[f.name]) for f in dataclasses.fields(cls)}


def _optional(decode):
    return lambda value: None if value is None else decode(value)


def _decoder_for(hint: Any):
    if hint is Card:
        return card
    if hint == tuple[Card, ...]:
        return cards
    if hint is Color:
        return Color
    if hint == Color | None:
        return _optional(Color)
    if hint is Phase:
        return Phase
    if hint is SeatStatus:
        return SeatStatus
    if hint is Timers:
        return lambda value: Timers(**value)
    if hint == tuple[dict, ...]:
        return tuple
    if typing.get_origin(hint) is dict and typing.get_args(hint)[0] is int:
        return lambda value: {int(key): item for key, item in value.items()}
    if typing.get_origin(hint) is tuple or hint == int | tuple[int, ...] | None:
        return lambda value: tuple(value) if isinstance(value, list) else value
    return lambda value: value
