"""Cards, card codes and decks.

A card is an immutable value identified by its code (``red-5``, ``blue-skip``,
``wild-draw4`` ...); codes are parsed and printed only here. Every card of a kind is
the same object (``card("red-5") is card("red-5")``), so identity comparisons are
cheap and a deck is simply a tuple of cards.

A double-faced card (UNO FLIP!) is one physical card in one of two orientations: its
``code`` names both faces (``"red-3/blue-skip"``, the light face first), its ``color``
and ``rank`` are those of the face that is up, and ``flipped`` is the same card turned
over. Both orientations are interned like every other card; nothing outside this module
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
    face: str = ""  # the code of the face that is up (a single-faced card's code)
    flipped: Card | None = None  # a double-faced card turned over; None for single-faced

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def number(self) -> int | None:
        return int(self.rank) if self.rank in NUMBER_RANKS else None

    @property
    def double_faced(self) -> bool:
        return self.flipped is not None

    def __repr__(self) -> str:
        return f"Card({self.code})" if not self.double_faced else f"Card({self.code}:{self.face})"

    def __reduce__(self):
        return (card_facing, (self.code, self.face))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo) -> Card:
        return self


def _build_catalogue() -> dict[str, Card]:
    catalogue = {}
    for color in COLORS:
        for rank in NUMBER_RANKS + COLORED_ACTIONS:
            code = f"{color}-{rank}"
            catalogue[code] = Card(code, color, rank, code)
    for rank in WILD_RANKS:
        catalogue[rank] = Card(rank, None, rank, rank)
    return catalogue


#: Every single-faced card by its code (the codes a classic-family game accepts).
CARDS_BY_CODE: dict[str, Card] = _build_catalogue()

_DOUBLE_FACED: dict[str, Card] = {}  # "light/dark" -> that card with its light face up


def card(code: str) -> Card:
    """The card with this code (a double-faced code gives the card light face up);
    raises UnknownCard for anything else."""
    try:
        return CARDS_BY_CODE[code]
    except (KeyError, TypeError):
        pass
    if isinstance(code, str) and code.count("/") == 1:
        light, dark = code.split("/")
        if light in CARDS_BY_CODE and dark in CARDS_BY_CODE:
            return double_faced(CARDS_BY_CODE[light], CARDS_BY_CODE[dark])
    raise UnknownCard(code)


def card_facing(code: str, face: str) -> Card:
    """The card with this code, the face `face` up."""
    found = card(code)
    return found if found.face == face or found.flipped is None else found.flipped


def double_faced(light: Card, dark: Card) -> Card:
    """The card printed with these two faces, light face up (one object per pair)."""
    code = f"{light.code}/{dark.code}"
    up = _DOUBLE_FACED.get(code)
    if up is None:
        up = Card(code, light.color, light.rank, light.code)
        down = Card(code, dark.color, dark.rank, dark.code, up)
        object.__setattr__(up, "flipped", down)
        _DOUBLE_FACED[code] = up
    return up


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
