from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.timers_on_abandon import TimersOnAbandon
from ..models.timers_timeout_action import TimersTimeoutAction

T = TypeVar("T", bound="Timers")


@_attrs_define
class Timers:
    """
    Attributes:
        turn_seconds (int | None): Seconds to act on a turn; null: no turn timer. Default: 30.
        response_seconds (int | None): Seconds for a Wild Draw Four response, a drawn-card decision, a color or target
            choice; null: none. Default: 15.
        uno_window_seconds (int | None): Longest an UNO window stays open; null (catch mode only): until the next
            action. Default: 5.
        uno_grace_ms (int): Network grace for a late UNO call, in milliseconds. Default: 500.
        abandon_after (int): Consecutive timeouts before the seat is abandoned. Default: 3.
        timeout_action (TimersTimeoutAction): What the server does for a seat whose turn timed out. Default:
            TimersTimeoutAction.DRAW_AND_PASS.
        on_abandon (TimersOnAbandon): What becomes of an abandoned seat: a server bot takes it, or it is removed.
            Default: TimersOnAbandon.BOT.
    """

    turn_seconds: int | None = 30
    response_seconds: int | None = 15
    uno_window_seconds: int | None = 5
    uno_grace_ms: int = 500
    abandon_after: int = 3
    timeout_action: TimersTimeoutAction = TimersTimeoutAction.DRAW_AND_PASS
    on_abandon: TimersOnAbandon = TimersOnAbandon.BOT
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        turn_seconds: int | None
        turn_seconds = self.turn_seconds

        response_seconds: int | None
        response_seconds = self.response_seconds

        uno_window_seconds: int | None
        uno_window_seconds = self.uno_window_seconds

        uno_grace_ms = self.uno_grace_ms

        abandon_after = self.abandon_after

        timeout_action = self.timeout_action.value

        on_abandon = self.on_abandon.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "turn_seconds": turn_seconds,
                "response_seconds": response_seconds,
                "uno_window_seconds": uno_window_seconds,
                "uno_grace_ms": uno_grace_ms,
                "abandon_after": abandon_after,
                "timeout_action": timeout_action,
                "on_abandon": on_abandon,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_turn_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds"))

        def _parse_response_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        response_seconds = _parse_response_seconds(d.pop("response_seconds"))

        def _parse_uno_window_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        uno_window_seconds = _parse_uno_window_seconds(d.pop("uno_window_seconds"))

        uno_grace_ms = d.pop("uno_grace_ms")

        abandon_after = d.pop("abandon_after")

        timeout_action = TimersTimeoutAction(d.pop("timeout_action"))

        on_abandon = TimersOnAbandon(d.pop("on_abandon"))

        timers = cls(
            turn_seconds=turn_seconds,
            response_seconds=response_seconds,
            uno_window_seconds=uno_window_seconds,
            uno_grace_ms=uno_grace_ms,
            abandon_after=abandon_after,
            timeout_action=timeout_action,
            on_abandon=on_abandon,
        )

        timers.additional_properties = d
        return timers

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
