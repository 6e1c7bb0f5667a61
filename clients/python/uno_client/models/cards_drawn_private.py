from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode
from ..types import UNSET, Unset

T = TypeVar("T", bound="CardsDrawnPrivate")


@_attrs_define
class CardsDrawnPrivate:
    """
    Attributes:
        cards (list[CardCode | str] | Unset):
        nonce (str | Unset): 32 hex characters that keep the digest from being reversed (games created since hash scheme
            2).
    """

    cards: list[CardCode | str] | Unset = UNSET
    nonce: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = []
            for cards_item_data in self.cards:
                cards_item: str
                if isinstance(cards_item_data, CardCode):
                    cards_item = cards_item_data.value
                else:
                    cards_item = cards_item_data
                cards.append(cards_item)

        nonce = self.nonce

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if cards is not UNSET:
            field_dict["cards"] = cards
        if nonce is not UNSET:
            field_dict["nonce"] = nonce

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _cards = d.pop("cards", UNSET)
        cards: list[CardCode | str] | Unset = UNSET
        if _cards is not UNSET:
            cards = []
            for cards_item_data in _cards:

                def _parse_cards_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                cards_item = _parse_cards_item(cards_item_data)

                cards.append(cards_item)

        nonce = d.pop("nonce", UNSET)

        cards_drawn_private = cls(
            cards=cards,
            nonce=nonce,
        )

        cards_drawn_private.additional_properties = d
        return cards_drawn_private

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
