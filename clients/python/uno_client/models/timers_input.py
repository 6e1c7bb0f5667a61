from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.on_abandon_enum import OnAbandonEnum
from ..models.timeout_action_enum import TimeoutActionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="TimersInput")


@_attrs_define
class TimersInput:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            turn_seconds (int | None | Unset): null: no turn timer
            response_seconds (int | None | Unset):
            uno_window_seconds (int | None | Unset):
            uno_grace_ms (int | Unset):
            timeout_action (TimeoutActionEnum | Unset): * `draw_and_pass` - draw_and_pass
                * `auto_play` - auto_play
            abandon_after (int | Unset):
            on_abandon (OnAbandonEnum | Unset): * `bot` - bot
                * `remove` - remove
    """

    turn_seconds: int | None | Unset = UNSET
    response_seconds: int | None | Unset = UNSET
    uno_window_seconds: int | None | Unset = UNSET
    uno_grace_ms: int | Unset = UNSET
    timeout_action: TimeoutActionEnum | Unset = UNSET
    abandon_after: int | Unset = UNSET
    on_abandon: OnAbandonEnum | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        turn_seconds: int | None | Unset
        if isinstance(self.turn_seconds, Unset):
            turn_seconds = UNSET
        else:
            turn_seconds = self.turn_seconds

        response_seconds: int | None | Unset
        if isinstance(self.response_seconds, Unset):
            response_seconds = UNSET
        else:
            response_seconds = self.response_seconds

        uno_window_seconds: int | None | Unset
        if isinstance(self.uno_window_seconds, Unset):
            uno_window_seconds = UNSET
        else:
            uno_window_seconds = self.uno_window_seconds

        uno_grace_ms = self.uno_grace_ms

        timeout_action: str | Unset = UNSET
        if not isinstance(self.timeout_action, Unset):
            timeout_action = self.timeout_action.value

        abandon_after = self.abandon_after

        on_abandon: str | Unset = UNSET
        if not isinstance(self.on_abandon, Unset):
            on_abandon = self.on_abandon.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if turn_seconds is not UNSET:
            field_dict["turn_seconds"] = turn_seconds
        if response_seconds is not UNSET:
            field_dict["response_seconds"] = response_seconds
        if uno_window_seconds is not UNSET:
            field_dict["uno_window_seconds"] = uno_window_seconds
        if uno_grace_ms is not UNSET:
            field_dict["uno_grace_ms"] = uno_grace_ms
        if timeout_action is not UNSET:
            field_dict["timeout_action"] = timeout_action
        if abandon_after is not UNSET:
            field_dict["abandon_after"] = abandon_after
        if on_abandon is not UNSET:
            field_dict["on_abandon"] = on_abandon

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_turn_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds", UNSET))

        def _parse_response_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        response_seconds = _parse_response_seconds(d.pop("response_seconds", UNSET))

        def _parse_uno_window_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uno_window_seconds = _parse_uno_window_seconds(d.pop("uno_window_seconds", UNSET))

        uno_grace_ms = d.pop("uno_grace_ms", UNSET)

        _timeout_action = d.pop("timeout_action", UNSET)
        timeout_action: TimeoutActionEnum | Unset
        if isinstance(_timeout_action, Unset):
            timeout_action = UNSET
        else:
            timeout_action = TimeoutActionEnum(_timeout_action)

        abandon_after = d.pop("abandon_after", UNSET)

        _on_abandon = d.pop("on_abandon", UNSET)
        on_abandon: OnAbandonEnum | Unset
        if isinstance(_on_abandon, Unset):
            on_abandon = UNSET
        else:
            on_abandon = OnAbandonEnum(_on_abandon)

        timers_input = cls(
            turn_seconds=turn_seconds,
            response_seconds=response_seconds,
            uno_window_seconds=uno_window_seconds,
            uno_grace_ms=uno_grace_ms,
            timeout_action=timeout_action,
            abandon_after=abandon_after,
            on_abandon=on_abandon,
        )

        return timers_input
