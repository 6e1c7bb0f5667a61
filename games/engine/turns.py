"""Giving the turn: who acts next and what they are asked for, with the deadline the turn
opens; and how play advances after a card or a penalty."""

from __future__ import annotations

from . import events as ev
from .cards import RESTRICTED_WILDS, REVERSE, SKIP, SKIP_EVERYONE, WILD_CUSTOM, Card
from .state import (
    Deadline,
    DeadlineKind,
    Draw4Play,
    GameState,
    OwedChoice,
    PendingDraw,
    Phase,
    SeatStatus,
)
from .step import Step
from .table import next_seat, possible_targets, two_in_play


def give_turn(step: Step, seat: int, jump_in: bool = False, passes: int = 0) -> None:
    """An ordinary turn: `seat` is asked to play (or draw)."""
    step.emit(ev.turn_to_play(seat, jump_in, passes, _deadline(step.state, seat, _PLAY)))


_PLAY = Phase.PLAY


def offer_drawn_card(step: Step, seat: int) -> None:
    """The seat drew a playable card: it may play it or keep it."""
    _turn_changed(step, ev.TurnChanged(seat, Phase.DRAWN_CARD))


def ask_for_choice(step: Step, seat: int, owed: OwedChoice) -> None:
    """The seat owes a color (first) and/or a target without playing a card."""
    phase = Phase.CHOOSE_COLOR if owed.needs_color else Phase.CHOOSE_TARGET
    _turn_changed(step, ev.TurnChanged(seat, phase, owed=owed))


def put_draw_on(
    step: Step, victim: int, pending: PendingDraw, *, draw4: Draw4Play | None, jump_in: bool
) -> None:
    """A draw penalty waits on `victim`: it answers (stacks, takes it, or challenges a
    W+4 when `draw4` says one may be challenged)."""
    phase = Phase.RESPOND_DRAW4 if pending.kind in RESTRICTED_WILDS else Phase.PLAY
    event = ev.TurnChanged(victim, phase, jump_in, 0, pending)
    if draw4 is not None:
        event.challengeable, event.bluff, event.draw4_hand = draw4.seat, draw4.bluff, draw4.hand
    _turn_changed(step, event)


def renew_turn(step: Step, *, pending: PendingDraw | None) -> None:
    """The seat to act keeps its turn and phase with a new deadline and no W+4 open to a
    challenge (the seat that played it has left)."""
    s = step.state
    _turn_changed(
        step, ev.TurnChanged(s.to_act, s.phase, s.jump_in_open, s.consecutive_passes, pending)
    )


def _turn_changed(step: Step, event: ev.TurnChanged) -> None:
    event.deadline = _deadline(step.state, event.seat, event.phase)
    step.emit(event)


def _deadline(state: GameState, seat: int, phase: Phase) -> Deadline | None:
    """The deadline a turn opens: a bot's think time, the turn timer for a play, the
    response timer for anything else asked of the seat (none when it is not set)."""
    timers = state.timers
    seconds: float | None
    if state.seat_states[seat] is SeatStatus.BOT:
        kind, seconds = DeadlineKind.BOT, timers.bot_delay_ms / 1000
    elif phase is _PLAY:
        kind, seconds = DeadlineKind.TURN, timers.turn_seconds
    else:
        kind, seconds = DeadlineKind.RESPONSE, timers.response_seconds
    if seconds is None:
        return None
    return Deadline(kind, f"turn-{state.turn_serial + 1}", seconds)  # the turn's next token


def jump_in_open(state: GameState) -> bool:
    """Right after a card's effect, anyone holding its twin may jump in (Jump-In)."""
    pile = state.discard_pile
    return state.rules.jump_in and bool(pile) and pile[-1].color is not None


def advance_after_card(step: Step, seat: int, card: Card) -> None:
    """The turn after `seat`'s card: Skip, Reverse (two-player: a Skip), Skip Everyone
    and the extra-turn custom wild change who that is."""
    s = step.state
    rank = card.rank
    if rank not in _TURN_CHANGING_RANKS:
        give_turn(step, next_seat(s, seat), jump_in_open(s))
        return
    rules = s.rules
    if rank == SKIP:
        if rules.skip_plays_again or two_in_play(s):
            following = seat
            if two_in_play(s):
                step.emit(ev.SeatSkipped(next_seat(s, seat)))
        else:
            victim = next_seat(s, seat)
            step.emit(ev.SeatSkipped(victim))
            following = next_seat(s, victim)
    elif rank == REVERSE:
        if rules.skip_plays_again:
            following = seat
        else:
            step.emit(ev.DirectionReversed(-s.direction))
            if two_in_play(s):
                step.emit(ev.SeatSkipped(next_seat(s, seat)))
                following = seat
            else:
                following = next_seat(s, seat)
    elif rank == WILD_CUSTOM and rules.custom_wild_effect == "extra_turn":
        following = seat
    elif rank == SKIP_EVERYONE:
        for other in possible_targets(s, seat):
            step.emit(ev.SeatSkipped(other))
        following = seat
    else:
        following = next_seat(s, seat)
    give_turn(step, following, jump_in_open(s))


_TURN_CHANGING_RANKS = frozenset((SKIP, REVERSE, WILD_CUSTOM, SKIP_EVERYONE))


def seat_after_penalty(state: GameState, victim: int, player: int | None) -> int:
    """Who plays after `victim` took a draw card's cards: its player again under
    draw-returns or two-player rules, otherwise the seat after the victim."""
    returns = state.rules.draw_returns_to_player or two_in_play(state)
    if player is not None and state.in_play(player) and returns:
        return player
    return next_seat(state, victim)
