from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.your_turn_frame_kind_enum import YourTurnFrameKindEnum

if TYPE_CHECKING:
    from ..models.your_turn import YourTurn


T = TypeVar("T", bound="YourTurnFrame")


@_attrs_define
class YourTurnFrame:
    """It has become your turn in a game.

    Attributes:
        data (YourTurn):
        kind (YourTurnFrameKindEnum): * `your_turn` - your_turn
        id (int): This connection's frame count (the stream does not resume).
    """

    data: YourTurn
    kind: YourTurnFrameKindEnum
    id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        kind = self.kind.value

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "kind": kind,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.your_turn import YourTurn  # noqa: PLC0415

        d = dict(src_dict)
        data = YourTurn.from_dict(d.pop("data"))

        kind = YourTurnFrameKindEnum(d.pop("kind"))

        id = d.pop("id")

        your_turn_frame = cls(
            data=data,
            kind=kind,
            id=id,
        )

        your_turn_frame.additional_properties = d
        return your_turn_frame

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
