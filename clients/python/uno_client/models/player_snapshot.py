from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.your_turn import YourTurn


T = TypeVar("T", bound="PlayerSnapshot")


@_attrs_define
class PlayerSnapshot:
    """
    Attributes:
        your_turn (list[YourTurn]): The games where you must act now.
        waiting (list[UUID]): The games you sit in that wait for players.
        active (list[UUID]): The games you sit in that are being played.
    """

    your_turn: list[YourTurn]
    waiting: list[UUID]
    active: list[UUID]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        your_turn = []
        for your_turn_item_data in self.your_turn:
            your_turn_item = your_turn_item_data.to_dict()
            your_turn.append(your_turn_item)

        waiting = []
        for waiting_item_data in self.waiting:
            waiting_item = str(waiting_item_data)
            waiting.append(waiting_item)

        active = []
        for active_item_data in self.active:
            active_item = str(active_item_data)
            active.append(active_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "your_turn": your_turn,
                "waiting": waiting,
                "active": active,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.your_turn import YourTurn  # noqa: PLC0415

        d = dict(src_dict)
        your_turn = []
        _your_turn = d.pop("your_turn")
        for your_turn_item_data in _your_turn:
            your_turn_item = YourTurn.from_dict(your_turn_item_data)

            your_turn.append(your_turn_item)

        waiting = []
        _waiting = d.pop("waiting")
        for waiting_item_data in _waiting:
            waiting_item = UUID(waiting_item_data)

            waiting.append(waiting_item)

        active = []
        _active = d.pop("active")
        for active_item_data in _active:
            active_item = UUID(active_item_data)

            active.append(active_item)

        player_snapshot = cls(
            your_turn=your_turn,
            waiting=waiting,
            active=active,
        )

        player_snapshot.additional_properties = d
        return player_snapshot

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
