from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_links_output import GameLinksOutput
    from ..models.result_output import ResultOutput


T = TypeVar("T", bound="PlayerGameOutput")


@_attrs_define
class PlayerGameOutput:
    """
    Attributes:
        game (UUID):
        status (str): `finished` or `aborted`.
        preset (str): The preset, or "custom".
        ended_at (datetime.datetime | None):
        seat (int):
        rated (bool):
        result (ResultOutput):
        links (GameLinksOutput):
    """

    game: UUID
    status: str
    preset: str
    ended_at: datetime.datetime | None
    seat: int
    rated: bool
    result: ResultOutput
    links: GameLinksOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = str(self.game)

        status = self.status

        preset = self.preset

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        seat = self.seat

        rated = self.rated

        result = self.result.to_dict()

        links = self.links.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "status": status,
                "preset": preset,
                "ended_at": ended_at,
                "seat": seat,
                "rated": rated,
                "result": result,
                "links": links,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_links_output import GameLinksOutput  # noqa: PLC0415
        from ..models.result_output import ResultOutput  # noqa: PLC0415

        d = dict(src_dict)
        game = UUID(d.pop("game"))

        status = d.pop("status")

        preset = d.pop("preset")

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        seat = d.pop("seat")

        rated = d.pop("rated")

        result = ResultOutput.from_dict(d.pop("result"))

        links = GameLinksOutput.from_dict(d.pop("links"))

        player_game_output = cls(
            game=game,
            status=status,
            preset=preset,
            ended_at=ended_at,
            seat=seat,
            rated=rated,
            result=result,
            links=links,
        )

        player_game_output.additional_properties = d
        return player_game_output

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
