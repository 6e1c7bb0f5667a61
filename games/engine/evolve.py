"""evolve(state, event) -> state: records what `decide` settled. No rules, no randomness.

Each recorder changes, in place, a state that its caller owns: `evolve` and `replay` copy
the state they are given once and record every event into that copy, so a state passed
in is never changed and a long log costs one copy, not one per event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import events as ev
from .cards import Card, oriented
from .state import (
    DARK,
    LIGHT,
    Draw4Play,
    DrawReason,
    GameState,
    OwedChoice,
    Phase,
    SeatStatus,
    ShuffleReason,
    ShuffleRecord,
    Status,
    UnoWindow,
)


def evolve(state: GameState, event: ev.Event) -> GameState:
    changed = state.copy()
    RECORDERS[type(event)](changed, event)
    return changed


def replay(events: Iterable[ev.Event], state: GameState | None = None) -> GameState:
    changed = state.copy() if state is not None else GameState()
    recorders = RECORDERS
    for event in events:
        recorders[type(event)](changed, event)
    return changed


def record(state: GameState, event: ev.Event) -> None:
    """Record `event` into `state` itself (a state its caller owns)."""
    RECORDERS[type(event)](state, event)


RECORDERS: dict[type, Callable[[GameState, ev.Event], None]] = {}


def _on(*event_types: type):
    def register(apply):
        for event_type in event_types:
            RECORDERS[event_type] = apply
        return apply

    return register


def _set(seq: tuple, index: int, value) -> tuple:
    return seq[:index] + (value,) + seq[index + 1 :]


def _without(pile: tuple[Card, ...], taken: tuple[Card, ...]) -> tuple[Card, ...]:
    """`pile` without one occurrence of each taken card, the earliest first."""
    remaining = list(pile)
    stride = _dealing_stride(pile, taken)
    if stride:
        del remaining[0 : stride * len(taken) : stride]
        return tuple(remaining)
    for card in taken:
        remaining.remove(card)
    return tuple(remaining)


def _dealing_stride(pile: tuple[Card, ...], taken: tuple[Card, ...]) -> int:
    """The step between the taken cards when they lie in the pile one every `stride`
    cards from its top, as a deal one card at a time leaves them (0 otherwise)."""
    if len(taken) < 2 or not pile or pile[0] is not taken[0] or taken[1] not in pile:
        return 0
    stride = pile.index(taken[1], 1)
    return stride if pile[0 : stride * len(taken) : stride] == taken else 0


def _up(s: GameState, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """`cards` lying as every card of the state lies (an event read back from JSON names
    a double-faced card by its code alone, light face up)."""
    return oriented(cards, True) if s.side is DARK else cards


def _set_hand(s: GameState, seat: int, hand: tuple[Card, ...]) -> None:
    """Replace a hand; an UNO call or window belongs to a one-card hand and ends with it."""
    hands = list(s.hands)
    hands[seat] = hand
    s.hands = tuple(hands)
    if len(hand) != 1 and (s.uno_called or s.uno_settled or s.uno_windows):
        _forget_uno(s, seat)


def _forget_uno(s: GameState, seat: int) -> None:
    if seat in s.uno_called:
        s.uno_called = s.uno_called - {seat}
    if seat in s.uno_settled:
        s.uno_settled = s.uno_settled - {seat}
    if s.uno_windows and any(w.seat == seat for w in s.uno_windows):
        s.uno_windows = tuple(w for w in s.uno_windows if w.seat != seat)


@_on(ev.GameStarted)
def _(s: GameState, event: ev.GameStarted) -> None:
    n = event.seats
    s.status = Status.ACTIVE
    s.rules = event.rules
    s.seat_count = n
    s.engine_version = event.engine_version
    s.provably_fair = event.provably_fair
    s.seat_states = (SeatStatus.PLAYING,) * n
    s.scores = (0,) * n
    s.hands = ((),) * n
    s.timeouts = (0,) * n
    s.timeout_action = event.timeout_action
    s.timers = event.timers
    s.abandon_after = event.abandon_after
    s.on_abandon = event.on_abandon


@_on(ev.RoundStarted)
def _(s: GameState, event: ev.RoundStarted) -> None:
    s.round = event.round
    s.dealer = event.dealer
    s.hands = ((),) * s.seat_count
    s.draw_pile = s.discard_pile = s.out_of_play = ()
    s.color = None
    s.direction = 1
    s.pending = s.draw4 = s.drawn_card = s.owed = s.last_player = None
    s.drew_nothing = s.jump_in_open = False
    s.uno_called = s.uno_settled = frozenset()
    s.uno_windows = s.shuffles = ()
    s.consecutive_passes = 0
    s.winner = None
    s.side = LIGHT


@_on(ev.DeckShuffled)
def _(s: GameState, event: ev.DeckShuffled) -> None:
    order = oriented(event.order, False) if s.side is DARK else event.order  # as its codes say
    s.shuffles += (ShuffleRecord(event.reason, order, event.salt, event.commitment),)
    reason = event.reason
    if reason in _DRAW_PILE_SHUFFLES:
        s.draw_pile = _up(s, event.order)
    elif reason is ShuffleReason.PAIRING:
        s.deck = event.order
    if reason is ShuffleReason.RESHUFFLE:
        s.discard_pile = s.discard_pile[-1:]


_DRAW_PILE_SHUFFLES = (ShuffleReason.DEAL, ShuffleReason.FIRST_CARD_REDRAW, ShuffleReason.RESHUFFLE)


@_on(ev.PositionLoaded)
def _(s: GameState, event: ev.PositionLoaded) -> None:
    s.seat_states = tuple(
        SeatStatus.ELIMINATED if seat in event.eliminated else status
        for seat, status in enumerate(s.seat_states)
    )
    s.side = event.side
    s.draw_pile = _up(s, event.held + event.draw)
    s.discard_pile = _up(s, event.discard)
    s.out_of_play = _up(s, event.out_of_play)
    s.color = event.color
    s.direction = event.direction
    s.dealer = event.dealer
    s.scores = event.scores


@_on(ev.CardsDealt)
def _(s: GameState, event: ev.CardsDealt) -> None:
    cards = event.cards if s.side is not DARK else oriented(event.cards, True)
    s.draw_pile = _without(s.draw_pile, cards)
    _set_hand(s, event.seat, s.hands[event.seat] + cards)


@_on(ev.FirstCardReturned)
def _(s: GameState, event: ev.FirstCardReturned) -> None:
    s.discard_pile = s.discard_pile[:-1]
    s.draw_pile += _up(s, (event.card,))


@_on(ev.FirstCardTurned)
def _(s: GameState, event: ev.FirstCardTurned) -> None:
    card = s.draw_pile[0]
    s.draw_pile = s.draw_pile[1:]
    s.discard_pile += (card,)
    s.color = card.color


@_on(ev.CardPlayed)
def _(s: GameState, event: ev.CardPlayed) -> None:
    seat, card = event.seat, event.card
    if s.side is DARK:
        (card,) = oriented((card,), True)
    hand = s.hands[seat]
    at = hand.index(card)
    _set_hand(s, seat, hand[:at] + hand[at + 1 :])
    s.discard_pile += (card,)
    s.color = event.color or card.color
    s.last_player = seat
    s.drawn_card = s.owed = s.draw4 = None


@_on(ev.ColorChosen)
def _(s: GameState, event: ev.ColorChosen) -> None:
    s.color = event.color


@_on(ev.DirectionReversed)
def _(s: GameState, event: ev.DirectionReversed) -> None:
    s.direction = event.direction


@_on(ev.CardsDrawn)
def _(s: GameState, event: ev.CardsDrawn) -> None:
    cards = s.draw_pile[: event.count]
    s.draw_pile = s.draw_pile[event.count :]
    _set_hand(s, event.seat, s.hands[event.seat] + cards)
    if event.reason is DrawReason.DRAW and cards:
        s.drawn_card = cards[-1]


@_on(ev.HandReplaced)
def _(s: GameState, event: ev.HandReplaced) -> None:
    """A new hand brings a new UNO obligation, even when it is one card again."""
    cards = event.cards if s.side is not DARK else oriented(event.cards, True)
    _set_hand(s, event.seat, cards)
    _forget_uno(s, event.seat)


@_on(ev.CardsBuried)
def _(s: GameState, event: ev.CardsBuried) -> None:
    cards = _up(s, event.cards)
    s.draw_pile += cards
    _set_hand(s, event.seat, _without(s.hands[event.seat], cards))


@_on(ev.UnoCalled)
def _(s: GameState, event: ev.UnoCalled) -> None:
    s.uno_called = s.uno_called | {event.seat}
    if s.uno_windows:
        s.uno_windows = tuple(w for w in s.uno_windows if w.seat != event.seat)


@_on(ev.UnoWindowOpened)
def _(s: GameState, event: ev.UnoWindowOpened) -> None:
    s.uno_windows += (UnoWindow(event.seat, event.token),)
    s.uno_serial += 1


@_on(ev.UnoWindowClosed)
def _(s: GameState, event: ev.UnoWindowClosed) -> None:
    s.uno_windows = tuple(w for w in s.uno_windows if w.token != event.token)
    s.uno_settled = s.uno_settled | {event.seat}


@_on(
    ev.UnoCaught,
    ev.UnoPenaltyApplied,
    ev.CatchFailed,
    ev.Draw4Challenged,
    ev.TurnPassed,
    ev.SeatSkipped,
    ev.ShufflesRevealed,
)
def _(s: GameState, event: ev.Event) -> None:
    """Facts for the record whose consequences follow as their own events."""


@_on(ev.TurnChanged)
def _(s: GameState, event: ev.TurnChanged) -> None:
    s.pending = event.pending
    s.to_act = event.seat
    s.phase = event.phase
    s.jump_in_open = event.jump_in
    s.consecutive_passes = event.consecutive_passes
    owed = event.owed
    if owed is not None and s.side is DARK:
        (up,) = oriented((owed.card,), True)
        owed = OwedChoice(owed.origin, up, owed.needs_color, owed.needs_target)
    s.owed = owed
    s.draw4 = (
        None
        if event.challengeable is None
        else Draw4Play(event.challengeable, event.bluff, _up(s, event.draw4_hand))
    )
    if event.phase is not Phase.DRAWN_CARD:
        s.drawn_card = None
    s.drew_nothing = False
    s.turn_serial += 1


@_on(ev.CardsFlipped)
def _(s: GameState, event: ev.CardsFlipped) -> None:
    dark = event.side is DARK
    s.side = event.side
    s.hands = tuple(oriented(hand, dark) for hand in s.hands)
    s.draw_pile = oriented(s.draw_pile, dark)
    s.discard_pile = oriented(s.discard_pile, dark)
    s.out_of_play = oriented(s.out_of_play, dark)
    s.color = s.discard_pile[-1].color


@_on(ev.NothingDrawn)
def _(s: GameState, event: ev.NothingDrawn) -> None:
    s.drew_nothing = True


@_on(ev.TimedOut)
def _(s: GameState, event: ev.TimedOut) -> None:
    s.timeouts = _set(s.timeouts, event.seat, event.count)


@_on(ev.TimeoutsReset)
def _(s: GameState, event: ev.TimeoutsReset) -> None:
    s.timeouts = _set(s.timeouts, event.seat, 0)


@_on(ev.SeatStatusChanged)
def _(s: GameState, event: ev.SeatStatusChanged) -> None:
    s.seat_states = _set(s.seat_states, event.seat, event.status)


@_on(ev.RoundEnded)
def _(s: GameState, event: ev.RoundEnded) -> None:
    s.seat_states = tuple(
        SeatStatus.ELIMINATED if seat in event.eliminated else status
        for seat, status in enumerate(s.seat_states)
    )
    s.scores = event.scores
    s.winner = event.winner
    s.uno_windows = ()
    s.pending = s.draw4 = s.owed = s.drawn_card = None
    s.jump_in_open = False


@_on(ev.MatchEnded)
def _(s: GameState, event: ev.MatchEnded) -> None:
    s.status = Status.FINISHED
    s.phase = Phase.FINISHED
    s.winner = event.winner
    s.ranking = event.ranking
    s.scores = event.scores
    s.uno_windows = ()
    s.jump_in_open = False


@_on(ev.GameAborted)
def _(s: GameState, event: ev.GameAborted) -> None:
    s.status = Status.ABORTED
    s.uno_windows = ()
    s.jump_in_open = False


@_on(*ev.LOBBY_EVENTS)
def _(s: GameState, event: ev.Event) -> None:
    """A seat taken or left while the game waits: no engine state changes with it."""
