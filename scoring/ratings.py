"""Ratings (pure: no Django): openskill's Plackett-Luce model, one update per rated
match by finishing place, teams as teams. A player's `rating` is the conservative
`mu - 3*sigma`; it is provisional until PROVISIONAL_GAMES rated games."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

PROVISIONAL_GAMES = 10
MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


def new_skill() -> Skill:
    return Skill(MODEL.mu, MODEL.sigma)


def rate_match(sides: Sequence[Sequence[Skill]], places: Sequence[int]) -> list[list[Skill]]:
    """Every player's skill after one match: `sides[i]` finished in place `places[i]`
    (1 is best; equal places tie)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    rated = MODEL.rate(teams, ranks=list(places))
    return [[Skill(r.mu, r.sigma) for r in side] for side in rated]


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES
