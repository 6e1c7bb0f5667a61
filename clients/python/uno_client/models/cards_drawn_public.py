from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.cards_drawn_public_reason import CardsDrawnPublicReason
from ..types import UNSET, Unset

T = TypeVar("T", bound="CardsDrawnPublic")


@_attrs_define
class CardsDrawnPublic:
    """`reason`: draw, penalty, uno_penalty, false_catch, challenge, others_draw. `backs` (UNO FLIP!) are the faces the
    drawn cards show everyone (their inactive faces), public; empty for single-faced cards.

        Attributes:
            seat (int):
            count (int):
            reason (CardsDrawnPublicReason):
            backs (list[str] | Unset):
    """

    seat: int
    count: int
    reason: CardsDrawnPublicReason
    backs: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        count = self.count

        reason = self.reason.value

        backs: list[str] | Unset = UNSET
        if not isinstance(self.backs, Unset):
            backs = self.backs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "count": count,
                "reason": reason,
            }
        )
        if backs is not UNSET:
            field_dict["backs"] = backs

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        count = d.pop("count")

        reason = CardsDrawnPublicReason(d.pop("reason"))

        backs = cast(list[str], d.pop("backs", UNSET))

        cards_drawn_public = cls(
            seat=seat,
            count=count,
            reason=reason,
            backs=backs,
        )

        cards_drawn_public.additional_properties = d
        return cards_drawn_public

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
