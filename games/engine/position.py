"""Starting a game from a staff-given position (the API's `position`)."""

from __future__ import annotations

from collections import Counter

from . import events as ev
from . import flip
from .cards import COLORS, DARK_COLORS, Card, build_deck
from .commands import Position
from .errors import ErrorCode, RuleViolation
from .rules import RuleSet
from .shuffle import shuffle_cards
from .state import CLOCKWISE, COUNTERCLOCKWISE, DARK, LIGHT, ShuffleReason, Side
from .step import Step
from .turns import give_turn


def _invalid(message: str) -> RuleViolation:
    return RuleViolation(ErrorCode.INVALID_SETUP, message)


def check_position(position: Position, seat_count: int, rules: RuleSet) -> None:
    """Refuse a position the game cannot start from, before anything is recorded."""
    eliminated = _eliminated(position)
    in_play = tuple(s for s in range(seat_count) if s not in eliminated)
    _check_position(position, seat_count, eliminated, in_play)
    if rules.cards == "flip":
        _check_flip_position(position)
    else:
        if position.side != LIGHT:
            raise _invalid("only an UNO FLIP! game has a dark side")
        _unplaced_cards(position, build_deck(rules.cards, rules.downpour))


def load_position(step_: Step, position: Position) -> None:
    """Lay out the position (checked by `check_position`); the deck's other cards go
    under the draw pile or out of play."""
    state = step_.state
    seats = range(state.seat_count)
    eliminated = _eliminated(position)
    in_play = tuple(s for s in seats if s not in eliminated)
    step_.emit(ev.RoundStarted(1, position.dealer, in_play))
    if flip.is_flip(state):  # the pairs the position names, the other faces at random
        flip.pair_deck(step_, _placed(position))
    rest = _unplaced_cards(
        position, state.deck or build_deck(state.rules.cards, state.rules.downpour)
    )
    shuffled = shuffle_cards(rest, step_.need_rng())
    if rest:
        step_.emit(
            ev.DeckShuffled(
                ShuffleReason.UNPLACED,
                len(rest),
                shuffled.commitment,
                shuffled.order,
                shuffled.salt,
            )
        )
    below = shuffled.order if position.unplaced == "draw_bottom" else ()
    held = tuple(card for seat in seats for card in position.hands.get(seat, ()))
    scores = tuple(position.scores.get(seat, 0) for seat in seats)
    step_.emit(
        ev.PositionLoaded(
            discard=tuple(reversed(position.discard)),
            color=position.color or _top(position).color,
            direction=position.direction,
            dealer=position.dealer,
            scores=scores,
            eliminated=eliminated,
            held=held,
            draw=tuple(position.draw) + below,
            out_of_play=() if below else shuffled.order,
            side=Side(position.side),  # checked above
        )
    )
    for seat in seats:
        hand = tuple(position.hands.get(seat, ()))
        if hand:
            step_.emit(ev.CardsDealt(seat, len(hand), hand))
    give_turn(step_, position.to_act)


def _eliminated(position: Position) -> tuple[int, ...]:
    return tuple(sorted(set(position.eliminated)))


def _placed(position: Position) -> tuple[Card, ...]:
    return (
        tuple(position.discard)
        + tuple(position.draw)
        + tuple(c for hand in position.hands.values() for c in hand)
    )


def _top(position: Position) -> Card:
    """The top discard as it lies (a double-faced card given by its code is light up)."""
    top = position.discard[0]
    return top.flipped if position.side == DARK and top.flipped is not None else top


def _check_flip_position(position: Position) -> None:
    placed = _placed(position)
    if not all(c.double_faced for c in placed):
        raise _invalid("an UNO FLIP! position names every card by both its faces")
    overdrawn = flip.faces_overdrawn(placed)
    if overdrawn:
        raise _invalid(f"the position holds more faces than the deck has: {', '.join(overdrawn)}")
    if position.side not in (LIGHT, DARK):
        raise _invalid("side must be light or dark")
    colors = DARK_COLORS if position.side == DARK else COLORS
    if position.color is not None and position.color not in colors:
        raise _invalid(f"the color must be one of the {position.side} side's")


def _unplaced_cards(position: Position, deck: tuple[Card, ...]) -> tuple[Card, ...]:
    """The deck's cards the position does not place (refused when it places more)."""
    placed = Counter(_placed(position))
    unplaced = Counter(deck)
    unplaced.subtract(placed)
    if any(count < 0 for count in unplaced.values()):
        extra = sorted(card.code for card, count in unplaced.items() if count < 0)
        raise _invalid(f"the position holds more cards than the deck has: {', '.join(extra)}")
    return tuple(unplaced.elements())


def _check_position(position: Position, seat_count: int, eliminated, in_play) -> None:
    seats = range(seat_count)
    if any(seat not in seats for seat in position.hands) or any(s not in seats for s in eliminated):
        raise _invalid("the position names a seat the game does not have")
    if any(position.hands.get(seat) for seat in eliminated):
        raise _invalid("an eliminated seat holds no cards")
    if any(not position.hands.get(seat) for seat in in_play):
        raise _invalid("every seat in play needs a hand")
    if len(in_play) < 2:
        raise _invalid("at least two seats must be in play")
    if not position.discard:
        raise _invalid("the discard pile needs a top card")
    top = _top(position)
    if top.color is None and position.color is None:
        raise _invalid("a wild on top of the discard pile needs a color")
    if top.color is not None and position.color not in (None, top.color):
        raise _invalid("the color must be the top card's color")
    if position.to_act not in in_play or position.dealer not in seats:
        raise _invalid("to_act must be a seat in play and dealer a seat")
    if position.direction not in (CLOCKWISE, COUNTERCLOCKWISE):
        raise _invalid("direction must be clockwise or counterclockwise")
    if position.unplaced not in ("draw_bottom", "out_of_play"):
        raise _invalid("unplaced must be draw_bottom or out_of_play")
