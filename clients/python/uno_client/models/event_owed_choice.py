from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode
from ..models.event_owed_choice_origin import EventOwedChoiceOrigin

T = TypeVar("T", bound="EventOwedChoice")


@_attrs_define
class EventOwedChoice:
    """
    Attributes:
        origin (EventOwedChoiceOrigin):
        card (CardCode | str): A card code: a single-faced card, or a double-faced card's pair.
        needs_color (bool):
        needs_target (bool):
    """

    origin: EventOwedChoiceOrigin
    card: CardCode | str
    needs_color: bool
    needs_target: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        origin = self.origin.value

        card: str
        if isinstance(self.card, CardCode):
            card = self.card.value
        else:
            card = self.card

        needs_color = self.needs_color

        needs_target = self.needs_target

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "origin": origin,
                "card": card,
                "needs_color": needs_color,
                "needs_target": needs_target,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        origin = EventOwedChoiceOrigin(d.pop("origin"))

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

        needs_color = d.pop("needs_color")

        needs_target = d.pop("needs_target")

        event_owed_choice = cls(
            origin=origin,
            card=card,
            needs_color=needs_color,
            needs_target=needs_target,
        )

        event_owed_choice.additional_properties = d
        return event_owed_choice

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
