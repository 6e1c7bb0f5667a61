from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.board_enum import BoardEnum

T = TypeVar("T", bound="RatingChangeOutput")


@_attrs_define
class RatingChangeOutput:
    """
    Attributes:
        game (None | UUID): The game rated; null for a game you may not read.
        preset (str):
        board (BoardEnum): * `players` - players
            * `bots` - bots
        rating (float): mu - 3*sigma after this game.
        mu (float):
        sigma (float):
        games (int): Rated games on this board so far.
        provisional (bool):
    """

    game: None | UUID
    preset: str
    board: BoardEnum
    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game: None | str
        if isinstance(self.game, UUID):
            game = str(self.game)
        else:
            game = self.game

        preset = self.preset

        board = self.board.value

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        provisional = self.provisional

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "preset": preset,
                "board": board,
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "provisional": provisional,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_game(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                game_type_0 = UUID(data)

                return game_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        game = _parse_game(d.pop("game"))

        preset = d.pop("preset")

        board = BoardEnum(d.pop("board"))

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        provisional = d.pop("provisional")

        rating_change_output = cls(
            game=game,
            preset=preset,
            board=board,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            provisional=provisional,
        )

        rating_change_output.additional_properties = d
        return rating_change_output

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
