from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_ref import PlayerRef
    from ..models.rules import Rules


T = TypeVar("T", bound="GameSummary")


@_attrs_define
class GameSummary:
    """
    Attributes:
        id (UUID):
        status (str):
        visibility (str):
        seat_count (int):
        seats_taken (int):
        rules (Rules):
        host (PlayerRef):
        version (int):
        created_at (datetime.datetime):
        updated_at (datetime.datetime): When the game last changed.
    """

    id: UUID
    status: str
    visibility: str
    seat_count: int
    seats_taken: int
    rules: Rules
    host: PlayerRef
    version: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status = self.status

        visibility = self.visibility

        seat_count = self.seat_count

        seats_taken = self.seats_taken

        rules = self.rules.to_dict()

        host = self.host.to_dict()

        version = self.version

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "visibility": visibility,
                "seat_count": seat_count,
                "seats_taken": seats_taken,
                "rules": rules,
                "host": host,
                "version": version,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_ref import PlayerRef  # noqa: PLC0415
        from ..models.rules import Rules  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = d.pop("status")

        visibility = d.pop("visibility")

        seat_count = d.pop("seat_count")

        seats_taken = d.pop("seats_taken")

        rules = Rules.from_dict(d.pop("rules"))

        host = PlayerRef.from_dict(d.pop("host"))

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        game_summary = cls(
            id=id,
            status=status,
            visibility=visibility,
            seat_count=seat_count,
            seats_taken=seats_taken,
            rules=rules,
            host=host,
            version=version,
            created_at=created_at,
            updated_at=updated_at,
        )

        game_summary.additional_properties = d
        return game_summary

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
