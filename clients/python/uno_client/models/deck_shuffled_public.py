from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deck_shuffled_public_reason import DeckShuffledPublicReason

T = TypeVar("T", bound="DeckShuffledPublic")


@_attrs_define
class DeckShuffledPublic:
    """`reason`: `deal` (the whole deck), `first_card_redraw` (the draw pile with the returned first card) or `reshuffle`
    (the discard pile under its top card).

        Attributes:
            reason (DeckShuffledPublicReason):
            count (int):
            commitment (str):
    """

    reason: DeckShuffledPublicReason
    count: int
    commitment: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason.value

        count = self.count

        commitment = self.commitment

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "count": count,
                "commitment": commitment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = DeckShuffledPublicReason(d.pop("reason"))

        count = d.pop("count")

        commitment = d.pop("commitment")

        deck_shuffled_public = cls(
            reason=reason,
            count=count,
            commitment=commitment,
        )

        deck_shuffled_public.additional_properties = d
        return deck_shuffled_public

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
