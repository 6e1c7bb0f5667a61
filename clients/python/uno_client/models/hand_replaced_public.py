from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HandReplacedPublic")


@_attrs_define
class HandReplacedPublic:
    """The seat now holds `cards` (a 7 or Swap Hands, a 0's rotation, Shuffle Hands). `from_seat` is whose hand it was, or
    None when hands were shuffled and dealt.

        Attributes:
            seat (int):
            from_seat (int | None):
            count (int):
    """

    seat: int
    from_seat: int | None
    count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        from_seat: int | None
        from_seat = self.from_seat

        count = self.count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "from_seat": from_seat,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_from_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        from_seat = _parse_from_seat(d.pop("from_seat"))

        count = d.pop("count")

        hand_replaced_public = cls(
            seat=seat,
            from_seat=from_seat,
            count=count,
        )

        hand_replaced_public.additional_properties = d
        return hand_replaced_public

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
