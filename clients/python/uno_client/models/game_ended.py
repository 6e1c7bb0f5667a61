from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GameEnded")


@_attrs_define
class GameEnded:
    """
    Attributes:
        game (UUID):
        winner (int | list[int] | None): A seat, or a team's seats; null for an aborted game.
    """

    game: UUID
    winner: int | list[int] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = str(self.game)

        winner: int | list[int] | None
        if isinstance(self.winner, list):
            winner = self.winner

        else:
            winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = UUID(d.pop("game"))

        def _parse_winner(data: object) -> int | list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_winner_type_1 = cast(list[int], data)

                return componentsschemas_winner_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | list[int] | None, data)

        winner = _parse_winner(d.pop("winner"))

        game_ended = cls(
            game=game,
            winner=winner,
        )

        game_ended.additional_properties = d
        return game_ended

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
