from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode
from ..types import UNSET, Unset

T = TypeVar("T", bound="YouView")


@_attrs_define
class YouView:
    """
    Attributes:
        seat (int):
        hand (list[CardCode | str]):
        drawn_card (CardCode | str | Unset): A card code: a single-faced card, or a double-faced card's pair.
    """

    seat: int
    hand: list[CardCode | str]
    drawn_card: CardCode | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        hand = []
        for hand_item_data in self.hand:
            hand_item: str
            if isinstance(hand_item_data, CardCode):
                hand_item = hand_item_data.value
            else:
                hand_item = hand_item_data
            hand.append(hand_item)

        drawn_card: str | Unset
        if isinstance(self.drawn_card, Unset):
            drawn_card = UNSET
        elif isinstance(self.drawn_card, CardCode):
            drawn_card = self.drawn_card.value
        else:
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

        hand = []
        _hand = d.pop("hand")
        for hand_item_data in _hand:

            def _parse_hand_item(data: object) -> CardCode | str:
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    componentsschemas_card_type_0 = CardCode(data)

                    return componentsschemas_card_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(CardCode | str, data)

            hand_item = _parse_hand_item(hand_item_data)

            hand.append(hand_item)

        def _parse_drawn_card(data: object) -> CardCode | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_card_type_0 = CardCode(data)

                return componentsschemas_card_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CardCode | str | Unset, data)

        drawn_card = _parse_drawn_card(d.pop("drawn_card", UNSET))

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
