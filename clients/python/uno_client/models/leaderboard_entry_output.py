from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_ref_output import PlayerRefOutput


T = TypeVar("T", bound="LeaderboardEntryOutput")


@_attrs_define
class LeaderboardEntryOutput:
    """
    Attributes:
        rank (int):
        player (PlayerRefOutput):
        rating (float): mu - 3*sigma.
        mu (float):
        sigma (float):
        games (int): Rated games played.
        provisional (bool): Fewer than 10 rated games.
    """

    rank: int
    player: PlayerRefOutput
    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        player = self.player.to_dict()

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        provisional = self.provisional

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "player": player,
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
        from ..models.player_ref_output import PlayerRefOutput  # noqa: PLC0415

        d = dict(src_dict)
        rank = d.pop("rank")

        player = PlayerRefOutput.from_dict(d.pop("player"))

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        provisional = d.pop("provisional")

        leaderboard_entry_output = cls(
            rank=rank,
            player=player,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            provisional=provisional,
        )

        leaderboard_entry_output.additional_properties = d
        return leaderboard_entry_output

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
