"""Rounds: the deal and the first card turned; the round's end, its scoring (by the
scoring policy in `scoring`), the next round or the match's end."""

from __future__ import annotations

from collections import Counter

from . import events as ev
from . import flip
from .cards import (
    DRAW1,
    DRAW2,
    DRAW_COUNTS,
    FLIP,
    RESTRICTED_WILDS,
    REVERSE,
    SKIP,
    WILD_SWAP,
    Card,
    build_deck,
)
from .drawing import draw
from .errors import ErrorCode, RuleViolation
from .match import tally_round
from .points import hand_points
from .rules import RuleSet
from .shuffle import shuffle_cards
from .state import COUNTERCLOCKWISE, DrawReason, OwedChoice, OwedOrigin, ShuffleReason
from .step import Step
from .table import next_seat
from .turns import ask_for_choice, give_turn


def start_round(step: Step, number: int, dealer: int, fixed_top: tuple[Card, ...] = ()) -> None:
    s = step.state
    step.emit(ev.RoundStarted(number, dealer, s.seats_in_play()))
    if flip.is_flip(s) and not s.deck:  # the game's first deal pairs the faces
        flip.pair_deck(step, tuple(fixed_top))
    deck = s.deck or build_deck(s.rules.cards, s.rules.downpour)
    shuffled = shuffle_cards(deck, step.need_rng(), fixed_top=fixed_top)
    step.emit(
        ev.DeckShuffled(
            ShuffleReason.DEAL, len(deck), shuffled.commitment, shuffled.order, shuffled.salt
        )
    )
    count = len(s.seats_in_play())
    players = [next_seat(s, dealer, 1)]
    while len(players) < count:
        players.append(next_seat(s, players[-1], 1))
    size = s.rules.hand_size
    for index, seat in enumerate(players):  # one card at a time, clockwise from the dealer's left
        step.emit(ev.CardsDealt(seat, size, shuffled.order[index : size * count : count]))
    _turn_first_card(step)


def check_deck_top(rules: RuleSet, top: tuple[Card, ...]) -> None:
    """A staff-given top of the deck (the first cards dealt) holds only cards of the
    game's deck, no more of each than it has (UNO FLIP!: of each face; the pairs it names
    are used)."""
    if rules.cards == "flip":
        extra = bool(flip.faces_overdrawn(tuple(top))) or not all(c.double_faced for c in top)
    else:
        extra = bool(top) and bool(Counter(top) - Counter(build_deck(rules.cards, rules.downpour)))
    if extra:
        message = "the deck holds cards this game's deck has not"
        raise RuleViolation(ErrorCode.INVALID_SETUP, message)


def _turn_first_card(step: Step) -> None:
    """Turn the draw pile's top card; a W+4 or Wild Draw Two (or any wild under
    `redraw`) goes back into the pile, which is shuffled, and another is turned."""
    s = step.state
    while True:
        card = s.draw_pile[0]
        step.emit(ev.FirstCardTurned(card))
        redraw = card.rank in RESTRICTED_WILDS or (
            card.color is None and s.rules.wild_first_card == "redraw"
        )
        if not redraw:
            break
        step.emit(ev.FirstCardReturned(card))
        shuffled = shuffle_cards(s.draw_pile, step.need_rng())
        step.emit(
            ev.DeckShuffled(
                ShuffleReason.FIRST_CARD_REDRAW,
                len(shuffled.order),
                shuffled.commitment,
                shuffled.order,
                shuffled.salt,
            )
        )
    _first_card_effect(step, card)


def _first_card_effect(step: Step, card: Card) -> None:
    """The first card acts on the first player (when it would give play back to "its
    player", the dealer takes that turn)."""
    s = step.state
    dealer = s.dealer
    first = next_seat(s, dealer, 1)
    rank = card.rank
    if rank == SKIP or (rank == REVERSE and s.rules.skip_plays_again):
        step.emit(ev.SeatSkipped(first))
        give_turn(step, next_seat(s, first))
    elif rank == REVERSE:
        step.emit(ev.DirectionReversed(COUNTERCLOCKWISE))
        give_turn(step, dealer)
    elif rank in (DRAW2, DRAW1):
        count = DRAW_COUNTS[rank]
        assert count is not None  # a fixed count: only the Wild Draw Color has none
        draw(step, first, count, DrawReason.PENALTY)
        step.emit(ev.SeatSkipped(first))
        give_turn(step, next_seat(s, first))
    elif rank == FLIP:  # everything turns over before the first player acts; the face
        flip.flip_everything(step, None)  # turned up only sets the color (a wild: owed)
        if s.color is None:
            ask_for_choice(
                step, first, OwedChoice(OwedOrigin.FIRST_CARD, s.discard_pile[-1], True, False)
            )
        else:
            give_turn(step, first)
    elif card.color is None:
        ask_for_choice(
            step, first, OwedChoice(OwedOrigin.FIRST_CARD, card, True, rank == WILD_SWAP)
        )
    else:
        give_turn(step, first)


def end_round(step: Step, winner: int | None) -> None:
    """Score the round (`winner` None: a blocked round), then deal the next one or end
    the match."""
    s = step.state
    in_play = s.seats_in_play()
    left = {seat: s.hands[seat] for seat in in_play}
    tally = tally_round(
        mode=s.rules.scoring,
        target=s.rules.target_score,
        scores=s.scores,
        hand_points={seat: _points(s, hand) for seat, hand in left.items()},
        round_winner=winner,
        seats_in_play=in_play,
        dealer=s.dealer,
        teams=s.rules.teams,
    )
    step.emit(
        ev.RoundEnded(
            s.round,
            winner,
            winner is None,
            left,
            tally.points,
            tally.scores,
            tally.eliminated,
            s.shuffles,
        )
    )
    if tally.match_over:
        step.emit(ev.MatchEnded(tally.winner, tally.ranking, tally.scores, "score"))
        return
    dealer = s.dealer
    if s.rules.dealer_rotation or not s.in_play(dealer):
        dealer = next_seat(s, dealer, 1)
    start_round(step, s.round + 1, dealer)


def _points(state, hand: tuple[Card, ...]) -> int:
    """A hand's points (UNO FLIP!: by the side that is up)."""
    if state.deck:
        return flip.hand_points(hand)
    return hand_points([c.code for c in hand])


def reveal_shuffles_mid_round(step: Step) -> None:
    """A match that ends mid-round (the last seat standing, an abort) still reveals the
    round's shuffles, so every commitment can be checked."""
    s = step.state
    if s.shuffles:
        step.emit(ev.ShufflesRevealed(s.round, tuple(s.seats_in_play()), s.shuffles))


def end_match_if_one_side_left(step: Step) -> bool:
    s = step.state
    players = s.seats_in_play()
    sides = {s.team_of(seat) if s.rules.teams else seat for seat in players}
    if len(sides) > 1:
        return False
    reveal_shuffles_mid_round(step)
    winner = tuple(players) if s.rules.teams else players[0]
    ranking = tuple(players) + tuple(seat for seat in range(s.seat_count) if seat not in players)
    step.emit(ev.MatchEnded(winner, ranking, s.scores, "last_seat_standing"))
    return True
