"""Events to and from plain JSON parts: (type, public, private). Card codes, enum values,
objects for the nested facts and lists on the way out; the event's own field types on
the way back, after reading older shapes through `upcast`."""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache
from typing import Any

from .cards import Card, card, cards
from .events import EVENT_TYPES, Event
from .rules import RuleSet, rules_from_dict, rules_to_dict
from .upcast import upcast

#: The schema version each event type is written in now.
SCHEMA_VERSIONS: dict[str, int] = {name: cls.VERSION for name, cls in EVENT_TYPES.items()}

#: The version of shapes that have never changed (and of the shell's own lobby events).
SCHEMA_VERSION = 1


def schema_version_of(type_: str) -> int:
    return SCHEMA_VERSIONS.get(type_, SCHEMA_VERSION)


def to_json(value: Any) -> Any:
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
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def event_to_parts(event: Event) -> tuple[str, dict, dict | None]:
    public: dict[str, Any] = {}
    private: dict[str, Any] = {}
    for name in _field_names(type(event)):
        target = private if name in event.PRIVATE else public
        target[name] = to_json(getattr(event, name))
    return event.TYPE, public, (private if event.has_private else None)


def event_from_parts(
    type_: str, public: dict, private: dict | None, schema_version: int | None = None
) -> Event:
    """The event these parts record; parts of an older `schema_version` are upcast first.
    A field added later with a default (a deadline, the timers) may be absent from events
    recorded before it: the default stands for it."""
    if schema_version is not None and schema_version < schema_version_of(type_):
        public, private = upcast(type_, schema_version, public, private)
    cls = EVENT_TYPES[type_]
    data = {**public, **(private or {})}
    decoders = _decoders(cls)
    return cls(**{name: decode(data[name]) for name, decode in decoders.items() if name in data})


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@cache
def _decoders(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {f.name: _decoder_for(hints[f.name]) for f in dataclasses.fields(cls)}


def _optional(decode):
    return lambda value: None if value is None else decode(value)


def _decoder_for(hint: Any):
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            return _optional(_decoder_for(rest[0]))
        return lambda value: tuple(value) if isinstance(value, list) else value  # int | tuple
    if hint is Card:
        return card
    if hint == tuple[Card, ...]:
        return cards
    if hint is RuleSet:
        return rules_from_dict
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint
    if dataclasses.is_dataclass(hint):
        return _object_decoder(hint)
    if origin is dict:
        key, item = args
        decode_item = _decoder_for(item)
        return lambda value: {key(k): decode_item(v) for k, v in value.items()}
    if origin is tuple:
        decode_item = _decoder_for(args[0])
        return lambda value: tuple(decode_item(item) for item in value)
    return lambda value: value


def _object_decoder(cls: type):
    decoders = _decoders(cls)
    return lambda value: cls(**{name: decoders[name](item) for name, item in value.items()})
