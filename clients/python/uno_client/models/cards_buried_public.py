from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.cards_buried_public_reason import CardsBuriedPublicReason

T = TypeVar("T", bound="CardsBuriedPublic")


@_attrs_define
class CardsBuriedPublic:
    """Cards leave a hand for the bottom of the draw pile (`reason`: discard_wilds, removed).

    Attributes:
        seat (int):
        count (int):
        reason (CardsBuriedPublicReason):
    """

    seat: int
    count: int
    reason: CardsBuriedPublicReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        count = self.count

        reason = self.reason.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "count": count,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        count = d.pop("count")

        reason = CardsBuriedPublicReason(d.pop("reason"))

        cards_buried_public = cls(
            seat=seat,
            count=count,
            reason=reason,
        )

        cards_buried_public.additional_properties = d
        return cards_buried_public

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
