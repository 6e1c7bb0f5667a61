"""Card codes as closed sets, for both decks (CONTRACT: card codes; UNO FLIP!).

A classic-family card is one of `ClassicCard`'s codes; an UNO FLIP! card is a pair
`"<light>/<dark>"` of a `LightFace` and a `DarkFace`. Python's types cannot spell every
pair, so `FlipCard` is a checked `str`: `card()` and `flip_card()` are the ways to make
one, and both refuse anything else. `Card` is either.
"""

from __future__ import annotations

from typing import Literal, NewType, TypeGuard, get_args

Color = Literal["red", "yellow", "green", "blue"]
DarkColor = Literal["pink", "teal", "orange", "purple"]

# fmt: off
ClassicCard = Literal[
    "red-0", "red-1", "red-2", "red-3", "red-4", "red-5", "red-6", "red-7", "red-8", "red-9",
    "red-skip", "red-reverse", "red-draw2",
    "yellow-0", "yellow-1", "yellow-2", "yellow-3", "yellow-4", "yellow-5", "yellow-6",
    "yellow-7", "yellow-8", "yellow-9", "yellow-skip", "yellow-reverse", "yellow-draw2",
    "green-0", "green-1", "green-2", "green-3", "green-4", "green-5", "green-6", "green-7",
    "green-8", "green-9", "green-skip", "green-reverse", "green-draw2",
    "blue-0", "blue-1", "blue-2", "blue-3", "blue-4", "blue-5", "blue-6", "blue-7", "blue-8",
    "blue-9", "blue-skip", "blue-reverse", "blue-draw2",
    "wild", "wild-draw4", "wild-swap", "wild-shuffle", "wild-custom", "wild-downpour1",
    "wild-downpour2",
]
LightFace = Literal[
    "red-1", "red-2", "red-3", "red-4", "red-5", "red-6", "red-7", "red-8", "red-9",
    "red-draw1", "red-reverse", "red-skip", "red-flip",
    "yellow-1", "yellow-2", "yellow-3", "yellow-4", "yellow-5", "yellow-6", "yellow-7",
    "yellow-8", "yellow-9", "yellow-draw1", "yellow-reverse", "yellow-skip", "yellow-flip",
    "green-1", "green-2", "green-3", "green-4", "green-5", "green-6", "green-7", "green-8",
    "green-9", "green-draw1", "green-reverse", "green-skip", "green-flip",
    "blue-1", "blue-2", "blue-3", "blue-4", "blue-5", "blue-6", "blue-7", "blue-8", "blue-9",
    "blue-draw1", "blue-reverse", "blue-skip", "blue-flip",
    "wild", "wild-draw2",
]
DarkFace = Literal[
    "pink-1", "pink-2", "pink-3", "pink-4", "pink-5", "pink-6", "pink-7", "pink-8", "pink-9",
    "pink-draw5", "pink-reverse", "pink-skip-everyone", "pink-flip",
    "teal-1", "teal-2", "teal-3", "teal-4", "teal-5", "teal-6", "teal-7", "teal-8", "teal-9",
    "teal-draw5", "teal-reverse", "teal-skip-everyone", "teal-flip",
    "orange-1", "orange-2", "orange-3", "orange-4", "orange-5", "orange-6", "orange-7",
    "orange-8", "orange-9", "orange-draw5", "orange-reverse", "orange-skip-everyone",
    "orange-flip",
    "purple-1", "purple-2", "purple-3", "purple-4", "purple-5", "purple-6", "purple-7",
    "purple-8", "purple-9", "purple-draw5", "purple-reverse", "purple-skip-everyone",
    "purple-flip",
    "wild", "wild-draw-color",
]
# fmt: on

#: An UNO FLIP! card's code, `"<light>/<dark>"`; made only by `card()` or `flip_card()`.
FlipCard = NewType("FlipCard", str)
Card = ClassicCard | FlipCard

CLASSIC_CARDS: frozenset[str] = frozenset(get_args(ClassicCard))
LIGHT_FACES: frozenset[str] = frozenset(get_args(LightFace))
DARK_FACES: frozenset[str] = frozenset(get_args(DarkFace))


def is_card(code: object) -> TypeGuard[Card]:
    """Whether `code` is a card of either deck."""
    if not isinstance(code, str):
        return False
    if code in CLASSIC_CARDS:
        return True
    light, slash, dark = code.partition("/")
    return bool(slash) and light in LIGHT_FACES and dark in DARK_FACES


def card(code: str) -> Card:
    """`code` as a `Card`; a ValueError for anything that is not a card of either deck."""
    if not is_card(code):
        raise ValueError(f"not a card code: {code!r}")
    return code


def flip_card(light: LightFace, dark: DarkFace) -> FlipCard:
    """The UNO FLIP! card printed with these two faces."""
    if light not in LIGHT_FACES or dark not in DARK_FACES:
        raise ValueError(f"not a Flip card: {light!r}/{dark!r}")
    return FlipCard(f"{light}/{dark}")
