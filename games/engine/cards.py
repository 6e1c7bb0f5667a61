"""Cards, card codes and decks.

A card is an immutable value identified by its code (``red-5``, ``blue-skip``,
``wild-draw4`` ...); codes are parsed and printed only here. Every card of a kind is
the same object (``card("red-5") is card("red-5")``), so identity comparisons are
cheap and a deck is simply a tuple of cards.

A double-faced deck (UNO Flip) can be added later as a card whose ``code`` names the
face that is up, with the other face reachable from it; nothing outside this module
builds cards from their parts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache


class Color(StrEnum):
    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"


COLORS: tuple[Color, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)

NUMBER_RANKS = tuple(str(n) for n in range(10))
SKIP, REVERSE, DRAW2 = "skip", "reverse", "draw2"
WILD, WILD_DRAW4 = "wild", "wild-draw4"
WILD_SWAP, WILD_SHUFFLE, WILD_CUSTOM = "wild-swap", "wild-shuffle", "wild-custom"
WILD_DOWNPOUR1, WILD_DOWNPOUR2 = "wild-downpour1", "wild-downpour2"
COLORED_ACTIONS = (SKIP, REVERSE, DRAW2)
WILD_RANKS = (
    WILD,
    WILD_DRAW4,
    WILD_SWAP,
    WILD_SHUFFLE,
    WILD_CUSTOM,
    WILD_DOWNPOUR1,
    WILD_DOWNPOUR2,
)


class UnknownCard(ValueError):
    """A string that is not a card code."""

    def __init__(self, code: object):
        super().__init__(f"unknown card code: {code!r}")
        self.code = code


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    code: str
    color: Color | None
    rank: str

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def number(self) -> int | None:
        return int(self.rank) if self.rank in NUMBER_RANKS else None

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __reduce__(self):
        return (card, (self.code,))


def _build_catalogue() -> dict[str, Card]:
    catalogue = {}
    for color in COLORS:
        for rank in NUMBER_RANKS + COLORED_ACTIONS:
            catalogue[f"{color}-{rank}"] = Card(f"{color}-{rank}", color, rank)
    for rank in WILD_RANKS:
        catalogue[rank] = Card(rank, None, rank)
    return catalogue


CARDS_BY_CODE: dict[str, Card] = _build_catalogue()


def card(code: str) -> Card:
    """The card with this code; raises UnknownCard for anything else."""
    try:
        return CARDS_BY_CODE[code]
    except (KeyError, TypeError):
        raise UnknownCard(code) from None


def cards(codes: Iterable[str]) -> tuple[Card, ...]:
    return tuple(card(code) for code in codes)


def codes(cards_: Iterable[Card]) -> list[str]:
    return [c.code for c in cards_]


def classic_deck() -> tuple[Card, ...]:
    """The 108-card deck: per color one 0, two each of 1-9, Skip, Reverse, Draw Two; 4 W, 4 W+4."""
    deck: list[Card] = []
    for color in COLORS:
        deck.append(card(f"{color}-0"))
        for rank in NUMBER_RANKS[1:] + COLORED_ACTIONS:
            deck += [card(f"{color}-{rank}")] * 2
    deck += [card(WILD)] * 4 + [card(WILD_DRAW4)] * 4
    return tuple(deck)


@cache
def build_deck(cards_option: str, downpour: bool) -> tuple[Card, ...]:
    """The deck for the `cards` and `downpour` rule options."""
    deck = classic_deck()
    if cards_option == "modern-swap":
        deck += (card(WILD_SWAP),) + (card(WILD_CUSTOM),) * 3
    elif cards_option == "modern-shuffle":
        deck += (card(WILD_SHUFFLE),) + (card(WILD_CUSTOM),) * 3
    if downpour:
        deck += (card(WILD_DOWNPOUR1),) * 2 + (card(WILD_DOWNPOUR2),) * 2
    return deck
