from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ShufflesRevealedPublic")


@_attrs_define
class ShufflesRevealedPublic:
    """A match that ends mid-round (the last seat standing, an abort) still reveals the round's shuffles, so every
    commitment can be checked: privately, as `round_ended` does, to `seats` (the seats still in play) and staff. Version
    2; version 1 had `shuffles` in the public part and no `seats`.

        Attributes:
            round_ (int):
            seats (list[int]):
    """

    round_: int
    seats: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        seats = self.seats

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        seats = cast(list[int], d.pop("seats"))

        shuffles_revealed_public = cls(
            round_=round_,
            seats=seats,
        )

        shuffles_revealed_public.additional_properties = d
        return shuffles_revealed_public

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
