"""Draw Two and Wild Draw Four penalties: putting the draw on the next seat (to stack on,
take, or challenge), taking it, and the Wild Draw Four challenge."""

from __future__ import annotations

from . import events as ev
from .cards import DRAW2, WILD_DRAW4
from .drawing import draw
from .play_checks import Play
from .rounds import end_round
from .state import Draw4Play, PendingDraw
from .step import Step
from .table import next_seat, stack_rule_allows
from .turns import give_turn, jump_in_open, put_draw_on, seat_after_penalty


def resolve_draw_card(step: Step, play: Play, stacked_on: int) -> None:
    """A Draw Two or W+4 was played (on a pending total of `stacked_on`): the next seat
    answers it when it may be challenged or stacked on, and takes it at once otherwise."""
    s = step.state
    rules = s.rules
    rank = play.card.rank
    total = stacked_on + (2 if rank == DRAW2 else 4)
    victim = next_seat(s, play.seat)
    went_out = not s.hands[play.seat]
    pending = PendingDraw(total, rank, play.seat)
    if rank == WILD_DRAW4 and rules.wd4_enforcement == "challenge":
        draw4 = Draw4Play(play.seat, play.bluff, s.hands[play.seat])  # the hand it was played from
        put_draw_on(step, victim, pending, draw4=draw4, jump_in=False)
    elif not went_out and _anything_stacks_on(rules.stacking, rank):
        put_draw_on(step, victim, pending, draw4=None, jump_in=jump_in_open(s))
    else:
        take_penalty(step, victim, total, play.seat, automatic=True)


def _anything_stacks_on(stacking: str, kind: str) -> bool:
    return stack_rule_allows(stacking, kind, DRAW2) or stack_rule_allows(stacking, kind, WILD_DRAW4)


def take_pending(step: Step, seat: int) -> None:
    """The seat takes the pending draw (an `accept`, or a `draw` on a pending draw)."""
    s = step.state
    take_penalty(step, seat, s.pending_draw, s.returns_to)


def take_penalty(
    step: Step, victim: int, total: int, player: int | None, *, automatic: bool = False
) -> None:
    """The victim draws the total and loses the turn; play moves on.

    An `automatic` penalty (a Draw Two without stacking) is part of its card, so the
    jump-in window stays open after it."""
    draw(step, victim, total, "penalty")
    step.emit(ev.SeatSkipped(victim))
    s = step.state
    if player is not None and not s.hands[player]:
        end_round(step, player)
        return
    give_turn(
        step,
        seat_after_penalty(s, victim, player),
        jump_in=automatic and jump_in_open(s),
    )


def challenge(step: Step, seat: int) -> None:
    """Challenge the W+4: a bluff makes its player draw (the guilty draw, or the whole
    stacked total) and the challenger plays; an honest W+4 makes the challenger draw the
    total and two more (the innocent draw)."""
    s = step.state
    draw4, rules, pending = s.draw4, s.rules, s.pending_draw
    step.emit(ev.Draw4Challenged(seat, draw4.seat, draw4.bluff, draw4.hand))
    if draw4.bluff:
        count = rules.challenge_guilty_draw if pending <= 4 else pending
        draw(step, draw4.seat, count, "challenge")
        if rules.challenge_success_skips_challenger:
            step.emit(ev.SeatSkipped(seat))
            give_turn(step, next_seat(s, seat))
        else:
            give_turn(step, seat)
        return
    take_penalty(step, seat, pending + rules.challenge_innocent_draw - 4, draw4.seat)
