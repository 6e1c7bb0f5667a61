"""UNO FLIP!: the deck's faces paired at random (a committed shuffle), the Flip that turns
every card over where it lies, the colors of the side up, and scoring by that side."""

from __future__ import annotations

from collections import Counter

from . import events as ev
from .cards import DARK_FACES, LIGHT_FACES, Card, double_faced, faces_of
from .shuffle import Rng, Shuffled, commitment_of
from .state import DARK, LIGHT, GameState, ShuffleReason
from .step import Step


def is_flip(state: GameState) -> bool:
    return state.rules.cards == "flip"


def pair_faces(rng: Rng, fixed: tuple[Card, ...] = ()) -> Shuffled:
    """The game's deck: the cards `fixed` (staff-given pairs) and every other light face
    paired with a dark face at random; committed like a shuffle (`order` is the deck)."""
    lights, darks = list(LIGHT_FACES), list(DARK_FACES)
    for card in fixed:
        light, dark = faces_of(card)
        lights.remove(light)
        darks.remove(dark)
    rng.shuffle(darks)
    deck = tuple(fixed) + tuple(map(double_faced, lights, darks))
    salt = f"{rng.getrandbits(128):032x}"
    return Shuffled(deck, salt, commitment_of([c.code for c in deck], salt))


def faces_overdrawn(cards: tuple[Card, ...]) -> list[str]:
    """The faces `cards` hold more of than the Flip deck has (none for a possible set)."""
    lights = Counter(faces_of(c)[0] for c in cards) - Counter(LIGHT_FACES)
    darks = Counter(faces_of(c)[1] for c in cards) - Counter(DARK_FACES)
    return sorted(face.code for face in (lights + darks).elements())


def pair_deck(step: Step, fixed: tuple[Card, ...] = ()) -> None:
    paired = pair_faces(step.need_rng(), fixed)
    step.emit(
        ev.DeckShuffled(
            ShuffleReason.PAIRING, len(paired.order), paired.commitment, paired.order, paired.salt
        )
    )


def flip_everything(step: Step, seat: int | None) -> None:
    """Every hand and both piles are turned over where they lie; the top card's new face
    sets the color (None for a wild: a color is owed)."""
    step.emit(ev.CardsFlipped(seat, LIGHT if step.state.side == DARK else DARK))


#: Points by rank (the side up is counted): numbers score their face value.
_POINTS = {
    "draw1": 10,
    "reverse": 20,
    "skip": 20,
    "flip": 20,
    "draw5": 20,
    "skip-everyone": 30,
    "wild": 40,
    "wild-draw2": 50,
    "wild-draw-color": 60,
}


def hand_points(hand: tuple[Card, ...]) -> int:
    """A hand's points in UNO FLIP!, by the faces that are up."""
    return sum(c.number if c.number is not None else _POINTS[c.rank] for c in hand)
