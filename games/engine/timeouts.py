"""Deadlines that passed: a turn's (the server acts for the seat, by `timeout_action`,
and a seat that keeps timing out is abandoned: a bot takes it or it is removed) and an
UNO window's."""

from __future__ import annotations

from . import events as ev
from .bot import first_play
from .choices import choose_color, choose_target
from .drawing import draw
from .errors import ErrorCode, RuleViolation
from .penalties import take_pending
from .play_checks import check_play
from .playing import keep, pass_turn, play_card
from .removal import remove_seat
from .state import DrawReason, OnAbandon, Phase, SeatStatus, TimeoutAction
from .step import Step
from .table import most_frequent_color, next_seat, piles_exhausted, side_colors
from .turns import give_turn
from .uno import close_windows_on_advance, window_expired


def deadline_passed(step: Step, token: str) -> None:
    s = step.state
    if token == s.turn_token:
        _turn_timed_out(step)
        return
    window = next((w for w in s.uno_windows if w.token == token), None)
    if window is None:
        raise RuleViolation(ErrorCode.STALE_DEADLINE, f"deadline {token} is not open")
    window_expired(step, window)


def _turn_timed_out(step: Step) -> None:
    s = step.state
    seat = s.to_act
    count = s.timeouts[seat] + 1
    step.emit(ev.TimedOut(seat, s.turn_token, count))
    if count >= s.abandon_after and s.seat_states[seat] is SeatStatus.PLAYING:
        if s.on_abandon == OnAbandon.REMOVE:
            remove_seat(step, seat, "abandoned")
            return
        step.emit(ev.SeatStatusChanged(seat, SeatStatus.BOT, "abandoned"))
    _act_for(step, seat)


def _act_for(step: Step, seat: int) -> None:
    """What the server does for a seat whose turn timed out, by phase. Its timeouts are
    not reset: it did not act itself."""
    s = step.state
    phase = s.phase
    if phase is Phase.CHOOSE_COLOR:
        choose_color(step, seat, most_frequent_color(s.hands[seat], side_colors(s)))
        return
    if phase is Phase.CHOOSE_TARGET:
        choose_target(step, seat, next_seat(s, seat))
        return
    close_windows_on_advance(step)
    if phase is Phase.DRAWN_CARD:
        keep(step, seat)
    elif s.pending is not None:
        take_pending(step, seat)
    elif s.timeout_action == TimeoutAction.AUTO_PLAY and (play := first_play(s, seat)) is not None:
        play_card(step, check_play(s, play))
    elif piles_exhausted(s):
        pass_turn(step, seat)
    else:
        draw(step, seat, 1, DrawReason.DRAW)
        give_turn(step, next_seat(s, seat))
