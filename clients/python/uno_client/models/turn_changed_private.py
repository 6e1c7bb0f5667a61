from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode
from ..types import UNSET, Unset

T = TypeVar("T", bound="TurnChangedPrivate")


@_attrs_define
class TurnChangedPrivate:
    """
    Attributes:
        bluff (bool | Unset):
        draw4_hand (list[CardCode | str] | Unset):
        nonce (str | Unset): 32 hex characters that keep the digest from being reversed (games created since hash scheme
            2).
    """

    bluff: bool | Unset = UNSET
    draw4_hand: list[CardCode | str] | Unset = UNSET
    nonce: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bluff = self.bluff

        draw4_hand: list[str] | Unset = UNSET
        if not isinstance(self.draw4_hand, Unset):
            draw4_hand = []
            for draw4_hand_item_data in self.draw4_hand:
                draw4_hand_item: str
                if isinstance(draw4_hand_item_data, CardCode):
                    draw4_hand_item = draw4_hand_item_data.value
                else:
                    draw4_hand_item = draw4_hand_item_data
                draw4_hand.append(draw4_hand_item)

        nonce = self.nonce

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if bluff is not UNSET:
            field_dict["bluff"] = bluff
        if draw4_hand is not UNSET:
            field_dict["draw4_hand"] = draw4_hand
        if nonce is not UNSET:
            field_dict["nonce"] = nonce

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bluff = d.pop("bluff", UNSET)

        _draw4_hand = d.pop("draw4_hand", UNSET)
        draw4_hand: list[CardCode | str] | Unset = UNSET
        if _draw4_hand is not UNSET:
            draw4_hand = []
            for draw4_hand_item_data in _draw4_hand:

                def _parse_draw4_hand_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                draw4_hand_item = _parse_draw4_hand_item(draw4_hand_item_data)

                draw4_hand.append(draw4_hand_item)

        nonce = d.pop("nonce", UNSET)

        turn_changed_private = cls(
            bluff=bluff,
            draw4_hand=draw4_hand,
            nonce=nonce,
        )

        turn_changed_private.additional_properties = d
        return turn_changed_private

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
