from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_shuffle_record import EventShuffleRecord


T = TypeVar("T", bound="ShufflesRevealedPublic")


@_attrs_define
class ShufflesRevealedPublic:
    """A match that ends mid-round (the last seat standing, an abort) still reveals the round's shuffles, so every
    commitment can be checked.

        Attributes:
            round_ (int):
            shuffles (list[EventShuffleRecord]):
    """

    round_: int
    shuffles: list[EventShuffleRecord]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        shuffles = []
        for shuffles_item_data in self.shuffles:
            shuffles_item = shuffles_item_data.to_dict()
            shuffles.append(shuffles_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "shuffles": shuffles,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_shuffle_record import EventShuffleRecord  # noqa: PLC0415

        d = dict(src_dict)
        round_ = d.pop("round")

        shuffles = []
        _shuffles = d.pop("shuffles")
        for shuffles_item_data in _shuffles:
            shuffles_item = EventShuffleRecord.from_dict(shuffles_item_data)

            shuffles.append(shuffles_item)

        shuffles_revealed_public = cls(
            round_=round_,
            shuffles=shuffles,
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
