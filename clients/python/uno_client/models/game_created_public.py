from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_created_public_staff_setup_item import GameCreatedPublicStaffSetupItem
from ..models.game_created_public_visibility import GameCreatedPublicVisibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules import Rules
    from ..models.timers import Timers


T = TypeVar("T", bound="GameCreatedPublic")


@_attrs_define
class GameCreatedPublic:
    """
    Attributes:
        seats (int):
        rules (Rules):
        timers (Timers):
        visibility (GameCreatedPublicVisibility):
        host (UUID):
        staff_setup (list[GameCreatedPublicStaffSetupItem]):
        hash_scheme (int | Unset):
        bots (list[str] | Unset):
        seat_host (bool | Unset):
        bot_think_ms (int | Unset):
        rematch_of (UUID | Unset):
        quick_match (bool | Unset): Made by quick match: it starts by itself when full.
    """

    seats: int
    rules: Rules
    timers: Timers
    visibility: GameCreatedPublicVisibility
    host: UUID
    staff_setup: list[GameCreatedPublicStaffSetupItem]
    hash_scheme: int | Unset = UNSET
    bots: list[str] | Unset = UNSET
    seat_host: bool | Unset = UNSET
    bot_think_ms: int | Unset = UNSET
    rematch_of: UUID | Unset = UNSET
    quick_match: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats

        rules = self.rules.to_dict()

        timers = self.timers.to_dict()

        visibility = self.visibility.value

        host = str(self.host)

        staff_setup = []
        for staff_setup_item_data in self.staff_setup:
            staff_setup_item = staff_setup_item_data.value
            staff_setup.append(staff_setup_item)

        hash_scheme = self.hash_scheme

        bots: list[str] | Unset = UNSET
        if not isinstance(self.bots, Unset):
            bots = self.bots

        seat_host = self.seat_host

        bot_think_ms = self.bot_think_ms

        rematch_of: str | Unset = UNSET
        if not isinstance(self.rematch_of, Unset):
            rematch_of = str(self.rematch_of)

        quick_match = self.quick_match

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seats": seats,
                "rules": rules,
                "timers": timers,
                "visibility": visibility,
                "host": host,
                "staff_setup": staff_setup,
            }
        )
        if hash_scheme is not UNSET:
            field_dict["hash_scheme"] = hash_scheme
        if bots is not UNSET:
            field_dict["bots"] = bots
        if seat_host is not UNSET:
            field_dict["seat_host"] = seat_host
        if bot_think_ms is not UNSET:
            field_dict["bot_think_ms"] = bot_think_ms
        if rematch_of is not UNSET:
            field_dict["rematch_of"] = rematch_of
        if quick_match is not UNSET:
            field_dict["quick_match"] = quick_match

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules import Rules  # noqa: PLC0415
        from ..models.timers import Timers  # noqa: PLC0415

        d = dict(src_dict)
        seats = d.pop("seats")

        rules = Rules.from_dict(d.pop("rules"))

        timers = Timers.from_dict(d.pop("timers"))

        visibility = GameCreatedPublicVisibility(d.pop("visibility"))

        host = UUID(d.pop("host"))

        staff_setup = []
        _staff_setup = d.pop("staff_setup")
        for staff_setup_item_data in _staff_setup:
            staff_setup_item = GameCreatedPublicStaffSetupItem(staff_setup_item_data)

            staff_setup.append(staff_setup_item)

        hash_scheme = d.pop("hash_scheme", UNSET)

        bots = cast(list[str], d.pop("bots", UNSET))

        seat_host = d.pop("seat_host", UNSET)

        bot_think_ms = d.pop("bot_think_ms", UNSET)

        _rematch_of = d.pop("rematch_of", UNSET)
        rematch_of: UUID | Unset
        if isinstance(_rematch_of, Unset):
            rematch_of = UNSET
        else:
            rematch_of = UUID(_rematch_of)

        quick_match = d.pop("quick_match", UNSET)

        game_created_public = cls(
            seats=seats,
            rules=rules,
            timers=timers,
            visibility=visibility,
            host=host,
            staff_setup=staff_setup,
            hash_scheme=hash_scheme,
            bots=bots,
            seat_host=seat_host,
            bot_think_ms=bot_think_ms,
            rematch_of=rematch_of,
            quick_match=quick_match,
        )

        game_created_public.additional_properties = d
        return game_created_public

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
