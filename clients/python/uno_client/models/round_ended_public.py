from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.round_ended_public_hands import RoundEndedPublicHands
    from ..models.round_ended_public_points import RoundEndedPublicPoints


T = TypeVar("T", bound="RoundEndedPublic")


@_attrs_define
class RoundEndedPublic:
    """The round's result. The private part, `shuffles`, reveals every shuffle of the round (order, salt): dealt out, they
    give every hand, so it goes to the seats that played the round (those in `hands`) and staff, and to everyone else
    only once the game has ended where finished games are revealed. Version 2; version 1 had `shuffles` in the public
    part.

        Attributes:
            round_ (int):
            winner (int | None):
            blocked (bool):
            hands (RoundEndedPublicHands):
            points (RoundEndedPublicPoints):
            scores (list[int]):
            eliminated (list[int]):
    """

    round_: int
    winner: int | None
    blocked: bool
    hands: RoundEndedPublicHands
    points: RoundEndedPublicPoints
    scores: list[int]
    eliminated: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        winner: int | None
        winner = self.winner

        blocked = self.blocked

        hands = self.hands.to_dict()

        points = self.points.to_dict()

        scores = self.scores

        eliminated = self.eliminated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "winner": winner,
                "blocked": blocked,
                "hands": hands,
                "points": points,
                "scores": scores,
                "eliminated": eliminated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.round_ended_public_hands import RoundEndedPublicHands  # noqa: PLC0415
        from ..models.round_ended_public_points import RoundEndedPublicPoints  # noqa: PLC0415

        d = dict(src_dict)
        round_ = d.pop("round")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        blocked = d.pop("blocked")

        hands = RoundEndedPublicHands.from_dict(d.pop("hands"))

        points = RoundEndedPublicPoints.from_dict(d.pop("points"))

        scores = cast(list[int], d.pop("scores"))

        eliminated = cast(list[int], d.pop("eliminated"))

        round_ended_public = cls(
            round_=round_,
            winner=winner,
            blocked=blocked,
            hands=hands,
            points=points,
            scores=scores,
            eliminated=eliminated,
        )

        round_ended_public.additional_properties = d
        return round_ended_public

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
