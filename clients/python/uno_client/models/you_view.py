from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="YouView")


@_attrs_define
class YouView:
    """
    Attributes:
        seat (int):
        hand (list[str]):
        drawn_card (str | Unset): The card just drawn, in phase drawn_card.
    """

    seat: int
    hand: list[str]
    drawn_card: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        hand = self.hand

        drawn_card = self.drawn_card

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "hand": hand,
            }
        )
        if drawn_card is not UNSET:
            field_dict["drawn_card"] = drawn_card

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        hand = cast(list[str], d.pop("hand"))

        drawn_card = d.pop("drawn_card", UNSET)

        you_view = cls(
            seat=seat,
            hand=hand,
            drawn_card=drawn_card,
        )

        you_view.additional_properties = d
        return you_view

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
