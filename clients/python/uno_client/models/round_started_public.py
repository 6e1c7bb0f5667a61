from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RoundStartedPublic")


@_attrs_define
class RoundStartedPublic:
    """
    Attributes:
        round_ (int):
        dealer (int):
        seats_in_play (list[int]):
    """

    round_: int
    dealer: int
    seats_in_play: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        dealer = self.dealer

        seats_in_play = self.seats_in_play

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "dealer": dealer,
                "seats_in_play": seats_in_play,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        dealer = d.pop("dealer")

        seats_in_play = cast(list[int], d.pop("seats_in_play"))

        round_started_public = cls(
            round_=round_,
            dealer=dealer,
            seats_in_play=seats_in_play,
        )

        round_started_public.additional_properties = d
        return round_started_public

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
