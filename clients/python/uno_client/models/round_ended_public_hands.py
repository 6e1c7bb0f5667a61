from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode

T = TypeVar("T", bound="RoundEndedPublicHands")


@_attrs_define
class RoundEndedPublicHands:
    additional_properties: dict[str, list[CardCode | str]] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = []
            for additional_property_item_data in prop:
                additional_property_item: str
                if isinstance(additional_property_item_data, CardCode):
                    additional_property_item = additional_property_item_data.value
                else:
                    additional_property_item = additional_property_item_data
                field_dict[prop_name].append(additional_property_item)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ended_public_hands = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = []
            _additional_property = prop_dict
            for additional_property_item_data in _additional_property:

                def _parse_additional_property_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                additional_property_item = _parse_additional_property_item(additional_property_item_data)

                additional_property.append(additional_property_item)

            additional_properties[prop_name] = additional_property

        round_ended_public_hands.additional_properties = additional_properties
        return round_ended_public_hands

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> list[CardCode | str]:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: list[CardCode | str]) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
