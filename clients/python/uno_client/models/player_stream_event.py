from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.player_stream_event_event_enum import PlayerStreamEventEventEnum

T = TypeVar("T", bound="PlayerStreamEvent")


@_attrs_define
class PlayerStreamEvent:
    """One Server-Sent Event (a keepalive is a comment line, not an event).

    Attributes:
        event (PlayerStreamEventEventEnum): * `snapshot` - snapshot
            * `your_turn` - your_turn
            * `game_started` - game_started
            * `game_ended` - game_ended
            * `seat_taken` - seat_taken
            * `seat_left` - seat_left
            * `rematch` - rematch
        id (str): This connection's frame count (the stream does not resume).
        data (str): One line of JSON: the `data` of the NDJSON frame of the same `kind` (an object, as that frame's
            schema says).
    """

    event: PlayerStreamEventEventEnum
    id: str
    data: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event.value

        id = self.id

        data = self.data

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "id": id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = PlayerStreamEventEventEnum(d.pop("event"))

        id = d.pop("id")

        data = d.pop("data")

        player_stream_event = cls(
            event=event,
            id=id,
            data=data,
        )

        player_stream_event.additional_properties = d
        return player_stream_event

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
