from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.cards_flipped_public_side import CardsFlippedPublicSide

T = TypeVar("T", bound="CardsFlippedPublic")


@_attrs_define
class CardsFlippedPublic:
    """A Flip (UNO FLIP!): every hand and both piles are turned over where they lie, and `side` is up. `seat` played the
    Flip (None: it was the first card turned).

        Attributes:
            seat (int | None):
            side (CardsFlippedPublicSide):
    """

    seat: int | None
    side: CardsFlippedPublicSide
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat: int | None
        seat = self.seat

        side = self.side.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "side": side,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        side = CardsFlippedPublicSide(d.pop("side"))

        cards_flipped_public = cls(
            seat=seat,
            side=side,
        )

        cards_flipped_public.additional_properties = d
        return cards_flipped_public

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
