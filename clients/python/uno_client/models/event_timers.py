from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="EventTimers")


@_attrs_define
class EventTimers:
    """
    Attributes:
        turn_seconds (float | None | Unset):
        response_seconds (float | None | Unset):
        uno_window_seconds (float | None | Unset):
        uno_grace_ms (int | Unset):
        bot_delay_ms (int | Unset):
    """

    turn_seconds: float | None | Unset = UNSET
    response_seconds: float | None | Unset = UNSET
    uno_window_seconds: float | None | Unset = UNSET
    uno_grace_ms: int | Unset = UNSET
    bot_delay_ms: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        turn_seconds: float | None | Unset
        if isinstance(self.turn_seconds, Unset):
            turn_seconds = UNSET
        else:
            turn_seconds = self.turn_seconds

        response_seconds: float | None | Unset
        if isinstance(self.response_seconds, Unset):
            response_seconds = UNSET
        else:
            response_seconds = self.response_seconds

        uno_window_seconds: float | None | Unset
        if isinstance(self.uno_window_seconds, Unset):
            uno_window_seconds = UNSET
        else:
            uno_window_seconds = self.uno_window_seconds

        uno_grace_ms = self.uno_grace_ms

        bot_delay_ms = self.bot_delay_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if turn_seconds is not UNSET:
            field_dict["turn_seconds"] = turn_seconds
        if response_seconds is not UNSET:
            field_dict["response_seconds"] = response_seconds
        if uno_window_seconds is not UNSET:
            field_dict["uno_window_seconds"] = uno_window_seconds
        if uno_grace_ms is not UNSET:
            field_dict["uno_grace_ms"] = uno_grace_ms
        if bot_delay_ms is not UNSET:
            field_dict["bot_delay_ms"] = bot_delay_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_turn_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds", UNSET))

        def _parse_response_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        response_seconds = _parse_response_seconds(d.pop("response_seconds", UNSET))

        def _parse_uno_window_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        uno_window_seconds = _parse_uno_window_seconds(d.pop("uno_window_seconds", UNSET))

        uno_grace_ms = d.pop("uno_grace_ms", UNSET)

        bot_delay_ms = d.pop("bot_delay_ms", UNSET)

        event_timers = cls(
            turn_seconds=turn_seconds,
            response_seconds=response_seconds,
            uno_window_seconds=uno_window_seconds,
            uno_grace_ms=uno_grace_ms,
            bot_delay_ms=bot_delay_ms,
        )

        event_timers.additional_properties = d
        return event_timers

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
