from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_ref import PlayerRef


T = TypeVar("T", bound="SeatTakenPublic")


@_attrs_define
class SeatTakenPublic:
    """
    Attributes:
        seat (int):
        player (PlayerRef):
    """

    seat: int
    player: PlayerRef
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        player = self.player.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_ref import PlayerRef  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        player = PlayerRef.from_dict(d.pop("player"))

        seat_taken_public = cls(
            seat=seat,
            player=player,
        )

        seat_taken_public.additional_properties = d
        return seat_taken_public

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
