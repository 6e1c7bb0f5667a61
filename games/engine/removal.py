"""A seat leaving the game (it left, forfeited, was abandoned): its cards go under the
draw pile, a draw it would get back is dropped, and play goes on without it."""

from __future__ import annotations

from . import events as ev
from .rounds import end_match_if_one_side_left
from .state import PendingDraw, SeatStatus
from .step import Step
from .table import most_frequent_color, next_seat, side_colors
from .turns import give_turn, renew_turn


def remove_seat(step: Step, seat: int, reason: str) -> None:
    s = step.state
    was_acting = s.to_act == seat
    fallback_color = most_frequent_color(s.hands[seat], side_colors(s))
    if s.hands[seat]:
        step.emit(ev.CardsBuried(seat, len(s.hands[seat]), ev.BuryReason.REMOVED, s.hands[seat]))
    step.emit(ev.SeatStatusChanged(seat, SeatStatus.REMOVED, reason))
    if end_match_if_one_side_left(step):
        return
    if was_acting:
        if s.color is None:
            step.emit(ev.ColorChosen(seat, fallback_color))
        give_turn(step, next_seat(s, seat))
    elif (s.pending is not None and s.pending.returns_to == seat) or (
        s.draw4 is not None and s.draw4.seat == seat
    ):
        pending = s.pending and PendingDraw(s.pending.total, s.pending.kind, None)
        renew_turn(step, pending=pending)
