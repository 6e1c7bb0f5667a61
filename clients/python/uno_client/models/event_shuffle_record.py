from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode
from ..models.event_shuffle_record_reason import EventShuffleRecordReason

T = TypeVar("T", bound="EventShuffleRecord")


@_attrs_define
class EventShuffleRecord:
    """
    Attributes:
        reason (EventShuffleRecordReason):
        order (list[CardCode | str]):
        salt (str):
        commitment (str):
    """

    reason: EventShuffleRecordReason
    order: list[CardCode | str]
    salt: str
    commitment: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason.value

        order = []
        for order_item_data in self.order:
            order_item: str
            if isinstance(order_item_data, CardCode):
                order_item = order_item_data.value
            else:
                order_item = order_item_data
            order.append(order_item)

        salt = self.salt

        commitment = self.commitment

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "order": order,
                "salt": salt,
                "commitment": commitment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = EventShuffleRecordReason(d.pop("reason"))

        order = []
        _order = d.pop("order")
        for order_item_data in _order:

            def _parse_order_item(data: object) -> CardCode | str:
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    componentsschemas_card_type_0 = CardCode(data)

                    return componentsschemas_card_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(CardCode | str, data)

            order_item = _parse_order_item(order_item_data)

            order.append(order_item)

        salt = d.pop("salt")

        commitment = d.pop("commitment")

        event_shuffle_record = cls(
            reason=reason,
            order=order,
            salt=salt,
            commitment=commitment,
        )

        event_shuffle_record.additional_properties = d
        return event_shuffle_record

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
