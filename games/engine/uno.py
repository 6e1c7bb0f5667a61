"""Saying UNO: the window a seat left with one card must call in, catches, and the
window's end (closed by the next action, expired, or penalised automatically)."""

from __future__ import annotations

from . import events as ev
from .drawing import draw
from .state import Deadline, DeadlineKind, DrawReason, GameState, UnoWindow
from .step import Step

#: Events after which a seat left with one card owes UNO (drawing never leaves one card).
_RESHAPING = (ev.CardPlayed, ev.HandReplaced, ev.CardsBuried)


def open_uno_windows(step: Step, player: int) -> None:
    """A seat left with one card by `player`'s card, or by a play or exchange of this
    command, not called for, owes UNO: open its window. (A hand given by a staff
    position is not one a play or exchange made.)"""
    s = step.state
    hands = s.hands
    owing = {e.seat for e in step.events if isinstance(e, _RESHAPING) and len(hands[e.seat]) == 1}
    if len(hands[player]) == 1:
        owing.add(player)
    if not owing:
        return
    open_seats = {w.seat for w in s.uno_windows}
    for seat in sorted(owing):
        if (
            s.in_play(seat)
            and seat not in s.uno_called
            and seat not in s.uno_settled
            and seat not in open_seats
        ):
            token = f"uno-{s.uno_serial}"
            step.emit(ev.UnoWindowOpened(seat, token, _uno_deadline(s, token)))


def _uno_deadline(state: GameState, token: str) -> Deadline | None:
    """An UNO window stays open `uno_window_seconds`; in `auto` mode the penalty waits
    the network grace (`uno_grace_ms`) on top."""
    seconds = state.timers.uno_window_seconds
    if seconds is None:
        return None
    grace = state.timers.uno_grace_ms if state.rules.uno_penalty == "auto" else 0
    return Deadline(DeadlineKind.UNO, token, seconds, grace)


def close_windows_on_advance(step: Step) -> None:
    """A game-advancing move (a play, draw, pass, keep, accept or challenge) closes the
    open UNO windows in `catch` mode: too late to catch them now."""
    s = step.state
    if s.uno_windows and s.rules.uno_penalty == "catch":
        for window in s.uno_windows:
            step.emit(ev.UnoWindowClosed(window.seat, window.token, ev.WindowClosedReason.ADVANCED))


def call_uno(step: Step, seat: int) -> None:
    step.emit(ev.UnoCalled(seat))


def catch(step: Step, seat: int, target: int) -> None:
    """Catch `target` in its window (it draws the penalty), or a false catch (the catcher
    draws `false_catch_penalty`)."""
    s = step.state
    rules = s.rules
    window = _window_of(s, target)
    if window is None:
        step.emit(ev.CatchFailed(seat, target))
        draw(step, seat, rules.false_catch_penalty, DrawReason.FALSE_CATCH)
        return
    step.emit(ev.UnoCaught(seat, target))
    step.emit(ev.UnoWindowClosed(target, window.token, ev.WindowClosedReason.CAUGHT))
    draw(step, target, rules.uno_penalty_draw, DrawReason.UNO_PENALTY)


def window_expired(step: Step, window: UnoWindow) -> None:
    """The window's deadline passed: in `auto` mode the seat is penalised, in `catch` mode
    it is safe."""
    s = step.state
    if s.rules.uno_penalty == "auto":
        step.emit(ev.UnoPenaltyApplied(window.seat))
        step.emit(ev.UnoWindowClosed(window.seat, window.token, ev.WindowClosedReason.PENALISED))
        draw(step, window.seat, s.rules.uno_penalty_draw, DrawReason.UNO_PENALTY)
    else:
        step.emit(ev.UnoWindowClosed(window.seat, window.token, ev.WindowClosedReason.EXPIRED))


def _window_of(state: GameState, seat: int) -> UnoWindow | None:
    return next((w for w in state.uno_windows if w.seat == seat), None)
