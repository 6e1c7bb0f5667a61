"""Colors and targets owed without playing a card: a first-card wild (its color, and a
Swap Hands' target) or a force-played card (its effect resolves once they are given)."""

from __future__ import annotations

from . import events as ev
from .cards import Color
from .effects import resolve_card, swap_hands
from .play_checks import Play
from .state import OwedChoice, OwedOrigin
from .step import Step
from .table import next_seat, possible_targets
from .turns import ask_for_choice, give_turn
from .uno import open_uno_windows


def choose_color(step: Step, seat: int, color: Color) -> None:
    owed = step.state.owed
    assert owed is not None  # a color is asked for only while one is owed
    step.emit(ev.ColorChosen(seat, Color(color)))
    if not owed.needs_target:
        _settle(step, seat, owed, None)
        return
    targets = possible_targets(step.state, seat)
    if len(targets) > 1:
        ask_for_choice(step, seat, OwedChoice(owed.origin, owed.card, False, True))
    else:
        _settle(step, seat, owed, targets[0])


def choose_target(step: Step, seat: int, target: int) -> None:
    owed = step.state.owed
    assert owed is not None  # a target is asked for only while one is owed
    _settle(step, seat, owed, target)


def _settle(step: Step, seat: int, owed: OwedChoice, target: int | None) -> None:
    """Everything owed is given: a first card's swap is made and the seat plays; after a
    Flip that turned up a wild, play moves on; a forced card's effect resolves."""
    if owed.origin == OwedOrigin.FIRST_CARD:
        if target is not None:
            swap_hands(step, seat, target)
            open_uno_windows(step, seat)
        give_turn(step, seat)
        return
    if owed.origin == OwedOrigin.FLIP:
        give_turn(step, next_seat(step.state, seat))
        return
    resolve_card(step, Play(seat, owed.card, None, target, False, False, False))
