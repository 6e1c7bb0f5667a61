"""What a card does once it is down: hands exchanged (7, 0, Swap Hands, Shuffle Hands),
others drawing (Downpour, a customizable wild), then UNO windows, the draw penalty, the
round's end or the next turn."""

from __future__ import annotations

from . import events as ev
from .cards import (
    DRAW_COUNTS,
    FLIP,
    WILD_CUSTOM,
    WILD_DOWNPOUR1,
    WILD_DOWNPOUR2,
    WILD_SHUFFLE,
    WILD_SWAP,
    Card,
)
from .drawing import draw
from .flip import flip_everything
from .penalties import resolve_draw_card
from .play_checks import Play
from .rounds import end_round
from .shuffle import shuffle_cards
from .state import DrawReason, OwedChoice, OwedOrigin, ShuffleReason
from .step import Step
from .table import next_seat, possible_targets
from .turns import advance_after_card, ask_for_choice
from .uno import open_uno_windows


def resolve_card(step: Step, play: Play, stacked_on: int = 0) -> None:
    """Apply the effect of `play`'s card, already on the discard pile. `stacked_on` is the
    pending draw total it was played on (0 when none)."""
    seat, card = play.seat, play.card
    s = step.state
    rank = card.rank
    exchanges = card.color is None or rank in _HAND_EFFECT_RANKS
    if exchanges:
        _apply_hand_effects(step, play, not s.hands[seat])
    one_left = len(s.hands[seat]) == 1
    if one_left and play.uno:
        step.emit(ev.UnoCalled(seat))
    if one_left or exchanges:  # only then may a seat owe UNO (the player's card may have
        open_uno_windows(step, seat)  # been placed by an earlier command)
    if rank in _SPECIAL_RANKS:
        _resolve_special(step, play, stacked_on)
    elif not s.hands[seat]:
        end_round(step, seat)
    else:
        advance_after_card(step, seat, card)


_HAND_EFFECT_RANKS = ("0", "7")
_SPECIAL_RANKS = frozenset((FLIP, *DRAW_COUNTS))


def _resolve_special(step: Step, play: Play, stacked_on: int) -> None:
    """A Flip (as the last card too: the side then up is scored) or a draw card."""
    seat, rank = play.seat, play.card.rank
    s = step.state
    if rank == FLIP:
        flip_everything(step, seat)
    if rank in DRAW_COUNTS:
        resolve_draw_card(step, play, stacked_on)
    elif not s.hands[seat]:
        end_round(step, seat)
    elif rank == FLIP and s.color is None:  # it turned up a wild: its player calls
        ask_for_choice(step, seat, OwedChoice(OwedOrigin.FLIP, s.discard_pile[-1], True, False))
    else:
        advance_after_card(step, seat, play.card)


def _apply_hand_effects(step: Step, play: Play, went_out: bool) -> None:
    s = step.state
    rules = s.rules
    seat, target, rank = play.seat, play.target, play.card.rank
    if rank in (WILD_DOWNPOUR1, WILD_DOWNPOUR2):
        for other in possible_targets(s, seat):
            draw(step, other, 1 if rank == WILD_DOWNPOUR1 else 2, DrawReason.OTHERS_DRAW)
    elif rank == WILD_CUSTOM and rules.custom_wild_effect == "others_draw_two":
        for other in possible_targets(s, seat):
            draw(step, other, 2, DrawReason.OTHERS_DRAW)
    if went_out and not (rank == WILD_SHUFFLE and rules.shuffle_hands_last_card == "redeal"):
        return
    if target is not None and (rank == WILD_SWAP or rank == "7"):
        swap_hands(step, seat, target)
    elif rank == "0" and rules.seven_o:
        _rotate_hands(step)
    elif rank == WILD_SHUFFLE:
        _shuffle_hands(step, seat)
    elif rank == WILD_CUSTOM and rules.custom_wild_effect == "others_discard_wilds":
        for other in possible_targets(s, seat):
            wilds = tuple(c for c in s.hands[other] if c.color is None)
            if wilds:
                step.emit(ev.CardsBuried(other, len(wilds), ev.BuryReason.DISCARD_WILDS, wilds))


def swap_hands(step: Step, seat: int, target: int) -> None:
    hands = step.state.hands
    mine, theirs = hands[seat], hands[target]
    step.emit(ev.HandReplaced(seat, target, len(theirs), theirs))
    step.emit(ev.HandReplaced(target, seat, len(mine), mine))


def _rotate_hands(step: Step) -> None:
    """Every hand passes to the next seat in the direction of play."""
    s = step.state
    hands = s.hands
    for seat in s.seats_in_play():
        giver = next_seat(s, seat, -s.direction)
        step.emit(ev.HandReplaced(seat, giver, len(hands[giver]), hands[giver]))


def _shuffle_hands(step: Step, seat: int) -> None:
    """Collect every hand, shuffle, deal one at a time clockwise from the player's left."""
    s = step.state
    players = s.seats_in_play()
    pooled = tuple(c for p in players for c in s.hands[p])
    shuffled = shuffle_cards(pooled, step.need_rng())
    step.emit(
        ev.DeckShuffled(
            ShuffleReason.HANDS, len(pooled), shuffled.commitment, shuffled.order, shuffled.salt
        )
    )
    order = [next_seat(s, seat, 1)]
    while len(order) < len(players):
        order.append(next_seat(s, order[-1], 1))
    dealt: dict[int, list[Card]] = {p: [] for p in players}
    for index, card in enumerate(shuffled.order):
        dealt[order[index % len(order)]].append(card)
    for p in order:
        step.emit(ev.HandReplaced(p, None, len(dealt[p]), tuple(dealt[p])))
