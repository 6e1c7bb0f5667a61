from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_stats_output_by_preset import PlayerStatsOutputByPreset
    from ..models.stats_output import StatsOutput


T = TypeVar("T", bound="PlayerStatsOutput")


@_attrs_define
class PlayerStatsOutput:
    """
    Attributes:
        overall (StatsOutput):
        by_preset (PlayerStatsOutputByPreset): By preset; a game whose options override its preset counts under
            "custom".
    """

    overall: StatsOutput
    by_preset: PlayerStatsOutputByPreset
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        overall = self.overall.to_dict()

        by_preset = self.by_preset.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "overall": overall,
                "by_preset": by_preset,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_stats_output_by_preset import PlayerStatsOutputByPreset  # noqa: PLC0415
        from ..models.stats_output import StatsOutput  # noqa: PLC0415

        d = dict(src_dict)
        overall = StatsOutput.from_dict(d.pop("overall"))

        by_preset = PlayerStatsOutputByPreset.from_dict(d.pop("by_preset"))

        player_stats_output = cls(
            overall=overall,
            by_preset=by_preset,
        )

        player_stats_output.additional_properties = d
        return player_stats_output

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
