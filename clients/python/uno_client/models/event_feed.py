from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_view import EventView


T = TypeVar("T", bound="EventFeed")


@_attrs_define
class EventFeed:
    """
    Attributes:
        version (int):
        head_hash (str): The hash of the event at `version` (64 zeros before any): evidence a client keeps as it plays.
        events (list[EventView]):
    """

    version: int
    head_hash: str
    events: list[EventView]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        head_hash = self.head_hash

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "head_hash": head_hash,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_view import EventView  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        head_hash = d.pop("head_hash")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = EventView.from_dict(events_item_data)

            events.append(events_item)

        event_feed = cls(
            version=version,
            head_hash=head_hash,
            events=events,
        )

        event_feed.additional_properties = d
        return event_feed

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
