from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StatsOutput")


@_attrs_define
class StatsOutput:
    """
    Attributes:
        games (int): Ended games (finished or aborted) played.
        wins (int):
        aborted (int):
        rounds (int): Rounds played to their end.
        rounds_won (int):
        points (int): Points scored in rounds.
        uno_calls (int):
        times_caught (int): Caught, or penalised, for not calling UNO.
        catches (int): Others caught not calling UNO.
        timeouts (int):
        average_place (float | None): Average finishing place in finished games (1 is best).
    """

    games: int
    wins: int
    aborted: int
    rounds: int
    rounds_won: int
    points: int
    uno_calls: int
    times_caught: int
    catches: int
    timeouts: int
    average_place: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        wins = self.wins

        aborted = self.aborted

        rounds = self.rounds

        rounds_won = self.rounds_won

        points = self.points

        uno_calls = self.uno_calls

        times_caught = self.times_caught

        catches = self.catches

        timeouts = self.timeouts

        average_place: float | None
        average_place = self.average_place

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games": games,
                "wins": wins,
                "aborted": aborted,
                "rounds": rounds,
                "rounds_won": rounds_won,
                "points": points,
                "uno_calls": uno_calls,
                "times_caught": times_caught,
                "catches": catches,
                "timeouts": timeouts,
                "average_place": average_place,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games = d.pop("games")

        wins = d.pop("wins")

        aborted = d.pop("aborted")

        rounds = d.pop("rounds")

        rounds_won = d.pop("rounds_won")

        points = d.pop("points")

        uno_calls = d.pop("uno_calls")

        times_caught = d.pop("times_caught")

        catches = d.pop("catches")

        timeouts = d.pop("timeouts")

        def _parse_average_place(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        average_place = _parse_average_place(d.pop("average_place"))

        stats_output = cls(
            games=games,
            wins=wins,
            aborted=aborted,
            rounds=rounds,
            rounds_won=rounds_won,
            points=points,
            uno_calls=uno_calls,
            times_caught=times_caught,
            catches=catches,
            timeouts=timeouts,
            average_place=average_place,
        )

        stats_output.additional_properties = d
        return stats_output

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
