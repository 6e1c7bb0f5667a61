from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_started_public_on_abandon import GameStartedPublicOnAbandon
from ..models.game_started_public_timeout_action import GameStartedPublicTimeoutAction
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_timers import EventTimers
    from ..models.rules import Rules


T = TypeVar("T", bound="GameStartedPublic")


@_attrs_define
class GameStartedPublic:
    """
    Attributes:
        engine_version (int):
        seats (int):
        rules (Rules):
        provably_fair (bool):
        timeout_action (GameStartedPublicTimeoutAction):
        abandon_after (int):
        on_abandon (GameStartedPublicOnAbandon):
        timers (EventTimers | Unset):
    """

    engine_version: int
    seats: int
    rules: Rules
    provably_fair: bool
    timeout_action: GameStartedPublicTimeoutAction
    abandon_after: int
    on_abandon: GameStartedPublicOnAbandon
    timers: EventTimers | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        engine_version = self.engine_version

        seats = self.seats

        rules = self.rules.to_dict()

        provably_fair = self.provably_fair

        timeout_action = self.timeout_action.value

        abandon_after = self.abandon_after

        on_abandon = self.on_abandon.value

        timers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.timers, Unset):
            timers = self.timers.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "engine_version": engine_version,
                "seats": seats,
                "rules": rules,
                "provably_fair": provably_fair,
                "timeout_action": timeout_action,
                "abandon_after": abandon_after,
                "on_abandon": on_abandon,
            }
        )
        if timers is not UNSET:
            field_dict["timers"] = timers

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_timers import EventTimers  # noqa: PLC0415
        from ..models.rules import Rules  # noqa: PLC0415

        d = dict(src_dict)
        engine_version = d.pop("engine_version")

        seats = d.pop("seats")

        rules = Rules.from_dict(d.pop("rules"))

        provably_fair = d.pop("provably_fair")

        timeout_action = GameStartedPublicTimeoutAction(d.pop("timeout_action"))

        abandon_after = d.pop("abandon_after")

        on_abandon = GameStartedPublicOnAbandon(d.pop("on_abandon"))

        _timers = d.pop("timers", UNSET)
        timers: EventTimers | Unset
        if isinstance(_timers, Unset):
            timers = UNSET
        else:
            timers = EventTimers.from_dict(_timers)

        game_started_public = cls(
            engine_version=engine_version,
            seats=seats,
            rules=rules,
            provably_fair=provably_fair,
            timeout_action=timeout_action,
            abandon_after=abandon_after,
            on_abandon=on_abandon,
            timers=timers,
        )

        game_started_public.additional_properties = d
        return game_started_public

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
