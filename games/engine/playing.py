"""The seat to act's own moves: play a card, draw (one card, or to match; then play the
drawn card, keep it, or have it played for you under force play), keep, pass."""

from __future__ import annotations

from . import events as ev
from .cards import RESTRICTED_WILDS, Card
from .drawing import draw, draw_to_match
from .effects import resolve_card
from .play_checks import Play
from .rounds import end_round
from .state import DrawReason, GameState, OwedChoice, OwedOrigin
from .step import Step
from .table import (
    draw4_is_legal,
    matches,
    needs_target,
    next_seat,
    piles_exhausted,
    possible_targets,
)
from .turns import ask_for_choice, give_turn, offer_drawn_card


def play_card(step: Step, play: Play) -> None:
    pending = step.state.pending
    stacked_on = pending.total if pending is not None else 0
    step.emit(ev.card_played(play.seat, play.card, play.color, play.target, play.jump_in, False))
    resolve_card(step, play, stacked_on)


def draw_on_turn(step: Step, seat: int) -> None:
    """A voluntary draw: one card (or to a match); a playable card drawn is offered, or
    played at once under force play; with both piles exhausted nothing is drawn."""
    s = step.state
    if piles_exhausted(s):
        step.emit(ev.NothingDrawn(seat))
        return
    drawn = (
        draw_to_match(step, seat) if s.rules.draw_to_match else draw(step, seat, 1, DrawReason.DRAW)
    )
    card = drawn[-1] if drawn else None
    if card is None or not drawn_card_playable(s, seat, card):
        give_turn(step, next_seat(s, seat))
    elif s.rules.force_play:
        _force_play(step, seat, card)
    else:
        offer_drawn_card(step, seat)


def drawn_card_playable(state: GameState, seat: int, card: Card) -> bool:
    """May the card just drawn be played? Under force play or strict enforcement a W+4
    only when legal (force play never makes a player bluff)."""
    rules = state.rules
    if card.rank in RESTRICTED_WILDS and (rules.force_play or rules.wd4_enforcement == "strict"):
        return draw4_is_legal(state, state.hands[seat])
    return matches(state, card)


def _force_play(step: Step, seat: int, card: Card) -> None:
    """A playable drawn card is played at once; a color or target it needs is owed."""
    s = step.state
    rules = s.rules
    going_out = len(s.hands[seat]) == 1
    optional_seven = card.rank == "7" and rules.seven_optional
    targets = possible_targets(s, seat) if needs_target(s, card) else ()
    owes_color = card.color is None
    owes_target = len(targets) > 1 and not going_out and not optional_seven
    only_target = targets[0] if len(targets) == 1 and not going_out and not optional_seven else None
    step.emit(ev.CardPlayed(seat, card, None, None, False, True))
    if owes_color or owes_target:
        ask_for_choice(step, seat, OwedChoice(OwedOrigin.FORCED, card, owes_color, owes_target))
        return
    resolve_card(step, Play(seat, card, None, only_target, False, False, False))


def keep(step: Step, seat: int) -> None:
    give_turn(step, next_seat(step.state, seat))


def pass_turn(step: Step, seat: int) -> None:
    """With both piles exhausted the seat passes; when every seat in play has passed in a
    row, the round is blocked and ends."""
    step.emit(ev.TurnPassed(seat))
    s = step.state
    passes = s.consecutive_passes + 1
    if passes >= len(s.seats_in_play()):
        end_round(step, None)
        return
    give_turn(step, next_seat(s, seat), False, passes)
