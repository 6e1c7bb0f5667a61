from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_ref import PlayerRef


T = TypeVar("T", bound="SeatChange")


@_attrs_define
class SeatChange:
    """
    Attributes:
        game (UUID):
        seat (int):
        player (PlayerRef):
    """

    game: UUID
    seat: int
    player: PlayerRef
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = str(self.game)

        seat = self.seat

        player = self.player.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "seat": seat,
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_ref import PlayerRef  # noqa: PLC0415

        d = dict(src_dict)
        game = UUID(d.pop("game"))

        seat = d.pop("seat")

        player = PlayerRef.from_dict(d.pop("player"))

        seat_change = cls(
            game=game,
            seat=seat,
            player=player,
        )

        seat_change.additional_properties = d
        return seat_change

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
