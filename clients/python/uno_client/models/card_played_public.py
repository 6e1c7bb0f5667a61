from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode
from ..models.card_played_public_color_type_1 import CardPlayedPublicColorType1
from ..models.card_played_public_color_type_2_type_1 import CardPlayedPublicColorType2Type1
from ..models.card_played_public_color_type_3_type_1 import CardPlayedPublicColorType3Type1

T = TypeVar("T", bound="CardPlayedPublic")


@_attrs_define
class CardPlayedPublic:
    """
    Attributes:
        seat (int):
        card (CardCode | str): A card code: a single-faced card, or a double-faced card's pair.
        color (CardPlayedPublicColorType1 | CardPlayedPublicColorType2Type1 | CardPlayedPublicColorType3Type1 | None):
        target (int | None):
        jump_in (bool):
        forced (bool):
    """

    seat: int
    card: CardCode | str
    color: CardPlayedPublicColorType1 | CardPlayedPublicColorType2Type1 | CardPlayedPublicColorType3Type1 | None
    target: int | None
    jump_in: bool
    forced: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        card: str
        if isinstance(self.card, CardCode):
            card = self.card.value
        else:
            card = self.card

        color: None | str
        if isinstance(self.color, CardPlayedPublicColorType1):
            color = self.color.value
        elif isinstance(self.color, CardPlayedPublicColorType2Type1):
            color = self.color.value
        elif isinstance(self.color, CardPlayedPublicColorType3Type1):
            color = self.color.value
        else:
            color = self.color

        target: int | None
        target = self.target

        jump_in = self.jump_in

        forced = self.forced

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "card": card,
                "color": color,
                "target": target,
                "jump_in": jump_in,
                "forced": forced,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_card(data: object) -> CardCode | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_card_type_0 = CardCode(data)

                return componentsschemas_card_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CardCode | str, data)

        card = _parse_card(d.pop("card"))

        def _parse_color(
            data: object,
        ) -> CardPlayedPublicColorType1 | CardPlayedPublicColorType2Type1 | CardPlayedPublicColorType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_1 = CardPlayedPublicColorType1(data)

                return color_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_2_type_1 = CardPlayedPublicColorType2Type1(data)

                return color_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_3_type_1 = CardPlayedPublicColorType3Type1(data)

                return color_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                CardPlayedPublicColorType1 | CardPlayedPublicColorType2Type1 | CardPlayedPublicColorType3Type1 | None,
                data,
            )

        color = _parse_color(d.pop("color"))

        def _parse_target(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        target = _parse_target(d.pop("target"))

        jump_in = d.pop("jump_in")

        forced = d.pop("forced")

        card_played_public = cls(
            seat=seat,
            card=card,
            color=color,
            target=target,
            jump_in=jump_in,
            forced=forced,
        )

        card_played_public.additional_properties = d
        return card_played_public

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
