"""Draw card penalties (Draw Two, Wild Draw Four; UNO FLIP!'s Draw One, Draw Five, Wild
Draw Two, Wild Draw Color): putting the draw on the next seat (to stack on, take, or
challenge), taking it, and the challenge of a restricted wild."""

from __future__ import annotations

from . import events as ev
from .cards import DRAW2, DRAW_COUNTS, RESTRICTED_WILDS, WILD_DRAW2, WILD_DRAW4, WILD_DRAW_COLOR
from .drawing import draw, draw_until_color
from .play_checks import Play
from .rounds import end_round
from .rules import RuleSet
from .state import Draw4Play, DrawReason, PendingDraw
from .step import Step
from .table import next_seat, stack_rule_allows
from .turns import give_turn, jump_in_open, put_draw_on, seat_after_penalty

#: A Wild Draw Color's pending total: 1 stands for "until the called color", and each
#: card more is drawn after it (a wrong challenger's two).
UNTIL_COLOR = 1


def resolve_draw_card(step: Step, play: Play, stacked_on: int) -> None:
    """A draw card was played (on a pending total of `stacked_on`): the next seat answers
    it when it may be challenged or stacked on, and takes it at once otherwise."""
    s = step.state
    rules = s.rules
    rank = play.card.rank
    total = stacked_on + (DRAW_COUNTS[rank] or UNTIL_COLOR)
    victim = next_seat(s, play.seat)
    went_out = not s.hands[play.seat]
    pending = PendingDraw(total, rank, play.seat)
    if rank in RESTRICTED_WILDS and rules.wd4_enforcement == "challenge":
        draw4 = Draw4Play(play.seat, play.bluff, s.hands[play.seat])  # the hand it was played from
        put_draw_on(step, victim, pending, draw4=draw4, jump_in=False)
    elif not went_out and _anything_stacks_on(rules.stacking, rank):
        put_draw_on(step, victim, pending, draw4=None, jump_in=jump_in_open(s))
    else:
        take_penalty(step, victim, total, play.seat, rank, automatic=True)


def _anything_stacks_on(stacking: str, kind: str) -> bool:
    return (
        stack_rule_allows(stacking, kind, DRAW2)
        or stack_rule_allows(stacking, kind, WILD_DRAW4)
        or stack_rule_allows(stacking, kind, kind)
    )


def take_pending(step: Step, seat: int) -> None:
    """The seat takes the pending draw (an `accept`, or a `draw` on a pending draw)."""
    pending = step.state.pending
    assert pending is not None  # accepting or drawing on a pending draw is legal only then
    take_penalty(step, seat, pending.total, pending.returns_to, pending.kind)


def take_penalty(
    step: Step,
    victim: int,
    total: int,
    player: int | None,
    kind: str | None,
    *,
    automatic: bool = False,
) -> None:
    """The victim draws the total and loses the turn; play moves on.

    An `automatic` penalty (a Draw Two without stacking) is part of its card, so the
    jump-in window stays open after it."""
    _draw_penalty(step, victim, total, kind, DrawReason.PENALTY)
    step.emit(ev.SeatSkipped(victim))
    s = step.state
    if player is not None and not s.hands[player]:
        end_round(step, player)
        return
    give_turn(step, seat_after_penalty(s, victim, player), automatic and jump_in_open(s))


def _draw_penalty(step: Step, seat: int, total: int, kind: str | None, reason: DrawReason) -> None:
    """Draw `total` cards; for a Wild Draw Color, until the called color, then the rest."""
    if kind == WILD_DRAW_COLOR:
        color = step.state.color
        assert color is not None  # the Wild Draw Color's player called it
        draw_until_color(step, seat, color, reason)
        total -= UNTIL_COLOR
    draw(step, seat, total, reason)


def challenge(step: Step, seat: int) -> None:
    """Challenge the restricted wild: a bluff makes its player draw (the guilty draw, or
    the whole stacked total) and the challenger plays; an honest one makes the challenger
    draw the total and two more (a W+4: the innocent draw)."""
    s = step.state
    draw4, rules, stacked = s.draw4, s.rules, s.pending
    assert draw4 is not None and stacked is not None  # a challenge needs a W+4 drawn on
    pending, kind = stacked.total, stacked.kind
    step.emit(ev.Draw4Challenged(seat, draw4.seat, draw4.bluff, draw4.hand))
    if draw4.bluff:
        _draw_penalty(
            step, draw4.seat, _guilty_draw(rules, kind, pending), kind, DrawReason.CHALLENGE
        )
        if rules.challenge_success_skips_challenger:
            step.emit(ev.SeatSkipped(seat))
            give_turn(step, next_seat(s, seat))
        else:
            give_turn(step, seat)
        return
    extra = rules.challenge_innocent_draw - 4 if kind == WILD_DRAW4 else 2
    take_penalty(step, seat, pending + extra, draw4.seat, kind)


def _guilty_draw(rules: RuleSet, kind: str | None, pending: int) -> int:
    """What a bluffer draws: a W+4's `challenge_guilty_draw` (a stack's whole total); a
    Wild Draw Two's two (a stack's total); a Wild Draw Color's draw until the color."""
    if kind == WILD_DRAW4:
        return rules.challenge_guilty_draw if pending <= 4 else pending
    if kind == WILD_DRAW2:
        return pending
    return UNTIL_COLOR
