"""Reading the table: seat order, what matches, what a W+4 needs. Pure predicates."""

from __future__ import annotations

from collections import Counter

from .cards import (
    COLORS,
    DARK_COLORS,
    DRAW1,
    DRAW2,
    DRAW5,
    WILD_DRAW2,
    WILD_DRAW4,
    WILD_SWAP,
    Card,
    Color,
)
from .rules import RuleSet
from .state import DARK, IN_PLAY, GameState, SeatStatus

_FLIP_STACKS_ON_ITSELF = (DRAW1, DRAW5, WILD_DRAW2)


def next_seat(state: GameState, seat: int, direction: int | None = None) -> int:
    """The next seat in play from `seat` in `direction` (the current one by default)."""
    return _NEXT_IN_PLAY[state.seat_states][state.direction if direction is None else direction][
        seat
    ]


class _NextInPlay(dict):
    """For each tuple of seat states: `[direction][seat]`, the next seat in play from a
    seat (itself when none other is), clockwise at index 1 and counterclockwise at -1."""

    def __missing__(self, statuses: tuple[SeatStatus, ...]) -> tuple:
        n = len(statuses)

        def following(seat: int, step: int) -> int:
            for distance in range(1, n + 1):
                candidate = (seat + step * distance) % n
                if statuses[candidate] in IN_PLAY:
                    return candidate
            return seat

        if len(self) >= _KEPT_SEAT_STATES:
            self.clear()
        orders = self[statuses] = (
            None,
            tuple(following(seat, 1) for seat in range(n)),
            tuple(following(seat, -1) for seat in range(n)),
        )
        return orders


#: How many tuples of seat states the tables keep: the ones games use are few, and those
#: of ten seats could be a million.
_KEPT_SEAT_STATES = 4096


_NEXT_IN_PLAY = _NextInPlay()


def two_in_play(state: GameState) -> bool:
    """Two-player rules apply whenever exactly two seats remain in play."""
    statuses = state.seat_states
    return statuses.count(SeatStatus.PLAYING) + statuses.count(SeatStatus.BOT) == 2


def stack_rule_allows(stacking: str, pending_kind: str | None, rank: str) -> bool:
    """May a card of `rank` go on a pending draw stacked on `pending_kind` (`stacking`)?"""
    if rank == DRAW2:
        return (pending_kind == DRAW2 and stacking != "none") or (
            pending_kind == WILD_DRAW4 and stacking == "any"
        )
    if rank == WILD_DRAW4:
        if pending_kind == WILD_DRAW4:
            return stacking in ("same", "up", "any")
        return pending_kind == DRAW2 and stacking in ("up", "any")
    # UNO FLIP! under `same`: Draw One on Draw One, Draw Five on Draw Five, Wild Draw
    # Two on Wild Draw Two (Wild Draw Color never stacks)
    return stacking == "same" and rank == pending_kind and rank in _FLIP_STACKS_ON_ITSELF


def matching_cards(state: GameState, cards) -> list[Card]:
    """The ordinary matching rule: a wild, a card of the current color, or one of the top
    card's rank (a wild on top is matched by color alone). The cards of `cards` that match."""
    pile = state.discard_pile
    top = pile[-1] if pile else None
    rank = top.rank if top is not None and top.color is not None else None
    color = state.color
    return [c for c in cards if c.color is None or c.color is color or c.rank == rank]


def matches(state: GameState, card: Card) -> bool:
    return bool(matching_cards(state, (card,)))


def draw4_is_legal(state: GameState, hand: tuple[Card, ...]) -> bool:
    """Is a W+4 legal for a seat holding `hand` (`wd4_legal_when`)? Only colored cards
    count, so the W+4 itself may be in `hand` or not."""
    color = state.color
    if state.rules.wd4_legal_when == "no_color_match":  # any restricted wild (FLIP's too)
        return not any(c.color is color and color is not None for c in hand)
    return not any(c.color is not None and matches(state, c) for c in hand)


def can_stack(state: GameState, card: Card) -> bool:
    """May `card` be stacked on the pending draw (the `stacking` option)?"""
    pending = state.pending
    if pending is None:
        return False
    if pending.returns_to is not None and not state.hands[pending.returns_to]:
        return False  # its player went out: the round ends once the draw is taken
    return stack_rule_allows(state.rules.stacking, pending.kind, card.rank)


def needs_target(state: GameState, card: Card) -> bool:
    return card.rank in targeted_ranks(state.rules)


_SWAP_ONLY, _SWAP_AND_SEVEN = frozenset((WILD_SWAP,)), frozenset((WILD_SWAP, "7"))


def targeted_ranks(rules: RuleSet) -> frozenset[str]:
    """The ranks whose play names a target seat: Swap Hands, and the 7 under Seven-O."""
    return _SWAP_AND_SEVEN if rules.seven_o else _SWAP_ONLY


def possible_targets(state: GameState, seat: int) -> tuple[int, ...]:
    return tuple(s for s in state.seats_in_play() if s != seat)


def piles_exhausted(state: GameState) -> bool:
    """Nothing can be drawn: the draw pile is empty and the discard pile is only its top."""
    return not state.draw_pile and len(state.discard_pile) <= 1


def side_colors(state: GameState) -> tuple[Color, ...]:
    """The colors of the side up (UNO FLIP!'s dark side has its own): those a wild calls."""
    return DARK_COLORS if state.side is DARK else COLORS


def most_frequent_color(hand: tuple[Card, ...], colors: tuple[Color, ...] = COLORS) -> Color:
    """The server's color choice: the most frequent in the hand, ties in the order of
    `colors` (r, y, g, b; on UNO FLIP!'s dark side pink, teal, orange, purple)."""
    counts = Counter(c.color for c in hand if c.color is not None)
    return max(colors, key=lambda color: (counts[color], -colors.index(color)))
