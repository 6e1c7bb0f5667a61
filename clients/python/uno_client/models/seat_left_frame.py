from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_left_frame_kind_enum import SeatLeftFrameKindEnum

if TYPE_CHECKING:
    from ..models.seat_change import SeatChange


T = TypeVar("T", bound="SeatLeftFrame")


@_attrs_define
class SeatLeftFrame:
    """A seat was left in a game you sit in while it waits (yours too, when you leave).

    Attributes:
        data (SeatChange):
        kind (SeatLeftFrameKindEnum): * `seat_left` - seat_left
        id (int): This connection's frame count (the stream does not resume).
    """

    data: SeatChange
    kind: SeatLeftFrameKindEnum
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
        from ..models.seat_change import SeatChange  # noqa: PLC0415

        d = dict(src_dict)
        data = SeatChange.from_dict(d.pop("data"))

        kind = SeatLeftFrameKindEnum(d.pop("kind"))

        id = d.pop("id")

        seat_left_frame = cls(
            data=data,
            kind=kind,
            id=id,
        )

        seat_left_frame.additional_properties = d
        return seat_left_frame

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
