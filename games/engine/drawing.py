"""Drawing cards: from the draw pile, reshuffling the discard pile under its top card when
the pile runs out; one at a time until a playable card under draw-to-match, or until a
card of the called color (UNO FLIP!'s Wild Draw Color)."""

from __future__ import annotations

from . import events as ev
from .cards import RESTRICTED_WILDS, Card, Color, backs_of
from .shuffle import shuffle_cards
from .state import DrawReason, GameState, ShuffleReason
from .step import Step
from .table import draw4_is_legal, matches, piles_exhausted


def reshuffle(step: Step) -> None:
    shuffled = shuffle_cards(step.state.discard_pile[:-1], step.need_rng())
    step.emit(
        ev.DeckShuffled(
            ShuffleReason.RESHUFFLE,
            len(shuffled.order),
            shuffled.commitment,
            shuffled.order,
            shuffled.salt,
        )
    )


def draw(step: Step, seat: int, count: int, reason: DrawReason) -> tuple[Card, ...]:
    """Draw `count` cards, reshuffling the discard pile as often as needed; what cannot
    be drawn (both piles exhausted) is forfeited."""
    s = step.state
    pile = s.draw_pile
    if 0 < count <= len(pile):  # the usual case: no reshuffle
        take = pile[:count]
        backs = () if take[0].flipped is None else backs_of(take)
        step.emit(ev.CardsDrawn(seat, count, reason, backs, take))
        return take
    drawn: tuple[Card, ...] = ()
    while len(drawn) < count:
        if not s.draw_pile:
            if piles_exhausted(s):
                break
            reshuffle(step)
        take = s.draw_pile[: count - len(drawn)]
        step.emit(ev.CardsDrawn(seat, len(take), reason, backs_of(take), take))
        drawn += take
    return drawn


def draw_to_match(step: Step, seat: int) -> tuple[Card, ...]:
    """Draw one at a time until a card that ends the drawing (or the cap, or nothing is
    left); the cards drawn in one go from the pile are one event."""
    s = step.state
    cap = s.rules.draw_to_match_cap or None
    drawn: tuple[Card, ...] = ()
    while cap is None or len(drawn) < cap:
        if not s.draw_pile:
            if piles_exhausted(s):
                break
            reshuffle(step)
        pile = s.draw_pile
        limit = len(pile) if cap is None else min(len(pile), cap - len(drawn))
        take = limit
        for index in range(limit):
            if ends_draw_to_match(s, pile[index], s.hands[seat] + pile[:index]):
                take = index + 1
                break
        cards = pile[:take]
        step.emit(ev.CardsDrawn(seat, take, DrawReason.DRAW, backs_of(cards), cards))
        drawn += cards
        if ends_draw_to_match(s, cards[-1], s.hands[seat]):
            break
    return drawn


def draw_until_color(step: Step, seat: int, color: Color, reason: DrawReason) -> tuple[Card, ...]:
    """Draw until a card of `color` comes up (a wild is no color), or nothing is left; the
    cards drawn in one go from the pile are one event."""
    s = step.state
    drawn: tuple[Card, ...] = ()
    while True:
        if not s.draw_pile:
            if piles_exhausted(s):
                return drawn
            reshuffle(step)
        pile = s.draw_pile
        take = next((i + 1 for i, c in enumerate(pile) if c.color is color), len(pile))
        cards = pile[:take]
        step.emit(ev.CardsDrawn(seat, take, reason, backs_of(cards), cards))
        drawn += cards
        if cards[-1].color is color:
            return drawn


def ends_draw_to_match(state: GameState, card: Card, hand: tuple[Card, ...]) -> bool:
    """Does drawing `card` (into `hand`) end a draw-to-match? A playable card does; a
    restricted wild (W+4) only when it would be legal, so drawing never stops on a bluff."""
    if card.rank in RESTRICTED_WILDS:
        return draw4_is_legal(state, hand)
    return matches(state, card)
