"""Card point values (pure: no Django). Numbers score face value; Skip, Reverse and
Draw Two 20; Wild, Wild Draw Four and the Downpour wilds 50; Swap Hands, Shuffle Hands
and Customizable 40."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

_COLORS = ("red", "yellow", "green", "blue")
_ACTION_POINTS = {"skip": 20, "reverse": 20, "draw2": 20}
_WILD_POINTS = {
    "wild": 50,
    "wild-draw4": 50,
    "wild-swap": 40,
    "wild-shuffle": 40,
    "wild-custom": 40,
    "wild-downpour1": 50,
    "wild-downpour2": 50,
}


@cache  # a few dozen codes, scored at every round's end
def card_points(code: str) -> int:
    if code in _WILD_POINTS:
        return _WILD_POINTS[code]
    color, _, rank = code.partition("-")
    if color in _COLORS and len(rank) == 1 and rank.isdigit():
        return int(rank)
    if color in _COLORS and rank in _ACTION_POINTS:
        return _ACTION_POINTS[rank]
    raise ValueError(f"unknown card code: {code!r}")


def hand_points(codes: Iterable[str]) -> int:
    return sum(card_points(code) for code in codes)
