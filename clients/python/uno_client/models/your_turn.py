from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.your_turn_phase_enum import YourTurnPhaseEnum

T = TypeVar("T", bound="YourTurn")


@_attrs_define
class YourTurn:
    """
    Attributes:
        game (UUID):
        version (int): The game's version when it became your turn.
        phase (YourTurnPhaseEnum): * `play` - play
            * `drawn_card` - drawn_card
            * `respond_draw4` - respond_draw4
            * `choose_color` - choose_color
            * `choose_target` - choose_target
        deadline_at (datetime.datetime | None): When you must have acted; null without a turn timer.
    """

    game: UUID
    version: int
    phase: YourTurnPhaseEnum
    deadline_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = str(self.game)

        version = self.version

        phase = self.phase.value

        deadline_at: None | str
        if isinstance(self.deadline_at, datetime.datetime):
            deadline_at = self.deadline_at.isoformat()
        else:
            deadline_at = self.deadline_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "version": version,
                "phase": phase,
                "deadline_at": deadline_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = UUID(d.pop("game"))

        version = d.pop("version")

        phase = YourTurnPhaseEnum(d.pop("phase"))

        def _parse_deadline_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_at_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline_at = _parse_deadline_at(d.pop("deadline_at"))

        your_turn = cls(
            game=game,
            version=version,
            phase=phase,
            deadline_at=deadline_at,
        )

        your_turn.additional_properties = d
        return your_turn

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
