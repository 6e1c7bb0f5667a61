from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_shuffle_record import EventShuffleRecord


T = TypeVar("T", bound="ShufflesRevealedPrivate")


@_attrs_define
class ShufflesRevealedPrivate:
    """
    Attributes:
        shuffles (list[EventShuffleRecord] | Unset):
        nonce (str | Unset): 32 hex characters that keep the digest from being reversed (games created since hash scheme
            2).
    """

    shuffles: list[EventShuffleRecord] | Unset = UNSET
    nonce: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        shuffles: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.shuffles, Unset):
            shuffles = []
            for shuffles_item_data in self.shuffles:
                shuffles_item = shuffles_item_data.to_dict()
                shuffles.append(shuffles_item)

        nonce = self.nonce

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if shuffles is not UNSET:
            field_dict["shuffles"] = shuffles
        if nonce is not UNSET:
            field_dict["nonce"] = nonce

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_shuffle_record import EventShuffleRecord  # noqa: PLC0415

        d = dict(src_dict)
        _shuffles = d.pop("shuffles", UNSET)
        shuffles: list[EventShuffleRecord] | Unset = UNSET
        if _shuffles is not UNSET:
            shuffles = []
            for shuffles_item_data in _shuffles:
                shuffles_item = EventShuffleRecord.from_dict(shuffles_item_data)

                shuffles.append(shuffles_item)

        nonce = d.pop("nonce", UNSET)

        shuffles_revealed_private = cls(
            shuffles=shuffles,
            nonce=nonce,
        )

        shuffles_revealed_private.additional_properties = d
        return shuffles_revealed_private

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
