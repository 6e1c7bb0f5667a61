from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_stats_output import PlayerStatsOutput


T = TypeVar("T", bound="PlayerRecordOutput")


@_attrs_define
class PlayerRecordOutput:
    """
    Attributes:
        id (UUID):
        name (str):
        bot (bool):
        created_at (datetime.datetime):
        stats (PlayerStatsOutput):
    """

    id: UUID
    name: str
    bot: bool
    created_at: datetime.datetime
    stats: PlayerStatsOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        bot = self.bot

        created_at = self.created_at.isoformat()

        stats = self.stats.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "bot": bot,
                "created_at": created_at,
                "stats": stats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_stats_output import PlayerStatsOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        bot = d.pop("bot")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        stats = PlayerStatsOutput.from_dict(d.pop("stats"))

        player_record_output = cls(
            id=id,
            name=name,
            bot=bot,
            created_at=created_at,
            stats=stats,
        )

        player_record_output.additional_properties = d
        return player_record_output

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
