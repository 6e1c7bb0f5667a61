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
    PINK = "pink"  # the dark side's colors (UNO FLIP!)
    TEAL = "teal"
    ORANGE = "orange"
    PURPLE = "purple"


COLORS: tuple[Color, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
DARK_COLORS: tuple[Color, ...] = (Color.PINK, Color.TEAL, Color.ORANGE, Color.PURPLE)

NUMBER_RANKS = tuple(str(n) for n in range(10))
SKIP, REVERSE, DRAW2 = "skip", "reverse", "draw2"
WILD, WILD_DRAW4 = "wild", "wild-draw4"
WILD_SWAP, WILD_SHUFFLE, WILD_CUSTOM = "wild-swap", "wild-shuffle", "wild-custom"
WILD_DOWNPOUR1, WILD_DOWNPOUR2 = "wild-downpour1", "wild-downpour2"
COLORED_ACTIONS = (SKIP, REVERSE, DRAW2)
# UNO FLIP!'s faces: the light side's Draw One, Flip, Wild Draw Two; the dark side's
# Draw Five, Skip Everyone, Wild Draw Color (its Reverse, Skip and Wild are the classic
# ranks).
DRAW1, DRAW5, FLIP, SKIP_EVERYONE = "draw1", "draw5", "flip", "skip-everyone"
WILD_DRAW2, WILD_DRAW_COLOR = "wild-draw2", "wild-draw-color"
LIGHT_ACTIONS = (DRAW1, REVERSE, SKIP, FLIP)
DARK_ACTIONS = (DRAW5, REVERSE, SKIP_EVERYONE, FLIP)
#: Wilds that carry the color restriction (legal only without a card of the current
#: color) and may be challenged.
RESTRICTED_WILDS = frozenset((WILD_DRAW4, WILD_DRAW2, WILD_DRAW_COLOR))
#: Draw cards and how many cards the next seat draws (None: until the called color).
DRAW_COUNTS: dict[str, int | None] = {
    DRAW2: 2,
    WILD_DRAW4: 4,
    DRAW1: 1,
    DRAW5: 5,
    WILD_DRAW2: 2,
    WILD_DRAW_COLOR: None,
}
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
    dark_up: bool = False  # a double-faced card with its dark face up

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def number(self) -> int | None:
        return int(self.rank) if self.rank in NUMBER_RANKS else None

    @property
    def double_faced(self) -> bool:
        return self.flipped is not None

    @property
    def back(self) -> str:
        """The face on the other side of a double-faced card ("" for a single-faced one)."""
        return self.flipped.face if self.flipped is not None else ""

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


def _faces(colors, actions, wilds) -> tuple[Card, ...]:
    """One side of the Flip deck (112 faces): per color two of each number 1-9 and of
    each action; four of each wild."""
    faces: list[Card] = []
    for color in colors:
        for rank in NUMBER_RANKS[1:] + actions:
            code = f"{color}-{rank}"
            face = CARDS_BY_CODE.get(code) or Card(code, color, rank, code)
            faces += [face] * 2
    for rank in wilds:
        faces += [CARDS_BY_CODE.get(rank) or Card(rank, None, rank, rank)] * 4
    return tuple(faces)


#: The Flip deck's light faces and dark faces, in a fixed order (pairing them is random).
LIGHT_FACES: tuple[Card, ...] = _faces(COLORS, LIGHT_ACTIONS, (WILD, WILD_DRAW2))
DARK_FACES: tuple[Card, ...] = _faces(DARK_COLORS, DARK_ACTIONS, (WILD, WILD_DRAW_COLOR))
_LIGHT_BY_CODE = {face.code: face for face in LIGHT_FACES}
_DARK_BY_CODE = {face.code: face for face in DARK_FACES}

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
        if light in _LIGHT_BY_CODE and dark in _DARK_BY_CODE:
            return double_faced(_LIGHT_BY_CODE[light], _DARK_BY_CODE[dark])
    raise UnknownCard(code)


class _CardsByCode(dict):
    """Every single-faced card by code; a double-faced code is read (and kept) when it is
    missed, anything else raises UnknownCard."""

    def __missing__(self, code: str) -> Card:
        found = self[code] = card(code)  # at most the Flip deck's pairings of faces
        return found


#: `card` for codes read in bulk (events, the state cache): a dictionary's own lookup,
#: with no Python call for a single-faced code.
card_of_code = _CardsByCode(CARDS_BY_CODE).__getitem__


def faces_of(double: Card) -> tuple[Card, Card]:
    """A double-faced card's light face and dark face, as single-faced cards."""
    light, dark = double.code.split("/")
    return _LIGHT_BY_CODE[light], _DARK_BY_CODE[dark]


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
        down = Card(code, dark.color, dark.rank, dark.code, up, True)
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


def oriented(cards_: tuple[Card, ...], dark: bool) -> tuple[Card, ...]:
    """`cards_` each turned so that its dark face is up (`dark`) or its light face."""
    return tuple(
        c.flipped if c.dark_up is not dark and c.flipped is not None else c for c in cards_
    )


def backs_of(cards_: tuple[Card, ...]) -> tuple[str, ...]:
    """The faces `cards_` show everyone else: their inactive faces (none if single-faced)."""
    if not cards_ or cards_[0].flipped is None:  # a deck is all single- or double-faced
        return ()
    return tuple(c.flipped.face for c in cards_ if c.flipped is not None)


def turned_over(cards_: tuple[Card, ...]) -> tuple[Card, ...]:
    """Every card of `cards_` turned over where it lies (a Flip)."""
    return tuple(c.flipped or c for c in cards_)


@cache
def build_deck(cards_option: str, downpour: bool) -> tuple[Card, ...]:
    """The deck for the `cards` and `downpour` rule options. The Flip deck's faces are
    paired at random when a game starts (see flip.py); this one pairs them in order and
    serves only to count cards and faces."""
    if cards_option == "flip":
        return tuple(map(double_faced, LIGHT_FACES, DARK_FACES))
    deck = classic_deck()
    if cards_option == "modern-swap":
        deck += (card(WILD_SWAP),) + (card(WILD_CUSTOM),) * 3
    elif cards_option == "modern-shuffle":
        deck += (card(WILD_SHUFFLE),) + (card(WILD_CUSTOM),) * 3
    if downpour:
        deck += (card(WILD_DOWNPOUR1),) * 2 + (card(WILD_DOWNPOUR2),) * 2
    return deck
