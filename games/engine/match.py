"""Round tally and match end under each scoring mode (pure: no Django).

Modes (the `scoring` option):
- standard: the round winner (or winning team) scores the points left in the opposing
  hands; the first to reach the target wins.
- lowest: everyone but the round winner adds the points left in their own hand; when
  someone reaches the target, the lowest total wins.
- target_loses: tallied like lowest; whoever reaches the target loses; lowest wins.
- elimination: tallied like lowest; a seat reaching the target is eliminated; the last
  seat left wins. When every seat left would go out together, the lowest total among
  them stays.
Ties go to the earlier seat counting from the dealer's left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

STANDARD, LOWEST, ELIMINATION, TARGET_LOSES = "standard", "lowest", "elimination", "target_loses"


@dataclass(frozen=True, slots=True)
class RoundTally:
    points: dict[int, int]  # seat -> points added this round
    scores: tuple[int, ...]  # every seat's match total after the round
    eliminated: tuple[int, ...]  # seats eliminated by this round
    match_over: bool
    winner: int | tuple[int, ...] | None
    ranking: tuple[int, ...]  # seats, best first


def seat_order_from(dealer: int, seat_count: int) -> list[int]:
    return [(dealer + 1 + i) % seat_count for i in range(seat_count)]


def _lowest_first(seats: Sequence[int], scores: Sequence[int], dealer: int) -> list[int]:
    order = seat_order_from(dealer, len(scores))
    return sorted(seats, key=lambda s: (scores[s], order.index(s)))


def tally_round(
    *,
    mode: str,
    target: int,
    scores: Sequence[int],
    hand_points: Mapping[int, int],
    round_winner: int | None,
    seats_in_play: Sequence[int],
    dealer: int,
    teams: bool = False,
) -> RoundTally:
    """Score one round. `hand_points` holds the points left in each seat in play's hand;
    `round_winner` is None for a blocked round, which scores nothing."""
    if round_winner is None:
        return RoundTally({}, tuple(scores), (), False, None, ())
    if mode == STANDARD:
        return _tally_standard(target, scores, hand_points, round_winner, dealer, teams)
    return _tally_own_hands(mode, target, scores, hand_points, round_winner, seats_in_play, dealer)


def _tally_standard(target, scores, hand_points, round_winner, dealer, teams) -> RoundTally:
    n = len(scores)
    same_side = (lambda s: s % 2 == round_winner % 2) if teams else (lambda s: s == round_winner)
    winners = tuple(s for s in range(n) if same_side(s))
    gained = sum(points for seat, points in hand_points.items() if seat not in winners)
    new_scores = list(scores)
    for seat in winners:
        new_scores[seat] += gained
    over = new_scores[round_winner] >= target
    ranking = tuple(
        sorted(range(n), key=lambda s: (-new_scores[s], seat_order_from(dealer, n).index(s)))
    )
    winner = (winners if teams else round_winner) if over else None
    return RoundTally(
        {seat: gained for seat in winners}, tuple(new_scores), (), over, winner, ranking
    )


def _tally_own_hands(
    mode, target, scores, hand_points, round_winner, seats_in_play, dealer
) -> RoundTally:
    new_scores = list(scores)
    points = {}
    for seat, left in hand_points.items():
        if seat != round_winner:
            new_scores[seat] += left
            points[seat] = left
    reached = [s for s in seats_in_play if new_scores[s] >= target]
    if mode == ELIMINATION:
        return _eliminate(new_scores, points, reached, seats_in_play, dealer)
    if not reached:
        return RoundTally(points, tuple(new_scores), (), False, None, ())
    ranking = tuple(_lowest_first(seats_in_play, new_scores, dealer))
    return RoundTally(points, tuple(new_scores), (), True, ranking[0], ranking)


def _eliminate(new_scores, points, reached, seats_in_play, dealer) -> RoundTally:
    eliminated = list(reached)
    if len(eliminated) == len(seats_in_play):
        eliminated.remove(_lowest_first(eliminated, new_scores, dealer)[0])
    left = [s for s in seats_in_play if s not in eliminated]
    over = len(left) == 1
    ranking = ()
    if over:
        others = [s for s in range(len(new_scores)) if s not in left]
        ranking = tuple(left) + tuple(_lowest_first(others, new_scores, dealer))
    return RoundTally(
        points, tuple(new_scores), tuple(eliminated), over, left[0] if over else None, ranking
    )
