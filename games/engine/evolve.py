"""evolve(state, event) -> state: records what `decide` settled. No rules, no randomness."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import reduce

from . import events as ev
from .cards import Card
from .cards import card as card_of
from .rules import rules_from_dict
from .state import (
    Draw4Play,
    GameState,
    OwedChoice,
    Phase,
    SeatStatus,
    ShuffleRecord,
    Status,
    UnoWindow,
)


def replay(events: Iterable[ev.Event], state: GameState | None = None) -> GameState:
    return reduce(evolve, events, state or GameState())


_APPLIERS: dict[type, Callable[[GameState, ev.Event], GameState]] = {}


def evolve(state: GameState, event: ev.Event) -> GameState:
    return _APPLIERS[type(event)](state, event)


def _on(*event_types: type):
    def register(apply):
        for event_type in event_types:
            _APPLIERS[event_type] = apply
        return apply

    return register


def _set(seq: tuple, index: int, value) -> tuple:
    return seq[:index] + (value,) + seq[index + 1 :]


def _remove_cards(pile: tuple[Card, ...], taken: Iterable[Card]) -> tuple[Card, ...]:
    """`pile` without one occurrence of each taken card, the earliest first."""
    remaining = list(pile)
    for card in taken:
        remaining.remove(card)
    return tuple(remaining)


def _with_hand(state: GameState, seat: int, hand: tuple[Card, ...], **changes) -> GameState:
    """Replace a hand (with any other `changes`); an UNO call or window belongs to a
    one-card hand and ends with it."""
    changes["hands"] = _set(state.hands, seat, hand)
    if len(hand) != 1:
        if seat in state.uno_called:
            changes["uno_called"] = state.uno_called - {seat}
        if seat in state.uno_settled:
            changes["uno_settled"] = state.uno_settled - {seat}
        if state.uno_windows and any(w.seat == seat for w in state.uno_windows):
            changes["uno_windows"] = tuple(w for w in state.uno_windows if w.seat != seat)
    return state.but(**changes)


@_on(ev.GameStarted)
def _(state: GameState, event: ev.GameStarted) -> GameState:
    n = event.seats
    return state.but(
        status=Status.ACTIVE,
        rules=rules_from_dict(event.rules),
        seat_count=n,
        engine_version=event.engine_version,
        provably_fair=event.provably_fair,
        seat_states=(SeatStatus.PLAYING,) * n,
        scores=(0,) * n,
        hands=((),) * n,
        timeouts=(0,) * n,
        timeout_action=event.timeout_action,
        timers=event.timers,
        abandon_after=event.abandon_after,
        on_abandon=event.on_abandon,
    )


@_on(ev.RoundStarted)
def _(state: GameState, event: ev.RoundStarted) -> GameState:
    return state.but(
        round=event.round,
        dealer=event.dealer,
        hands=((),) * state.seat_count,
        draw_pile=(),
        discard_pile=(),
        out_of_play=(),
        color=None,
        direction=1,
        pending_draw=0,
        pending_kind=None,
        returns_to=None,
        draw4=None,
        drawn_card=None,
        drew_nothing=False,
        owed=None,
        last_player=None,
        jump_in_open=False,
        uno_called=frozenset(),
        uno_settled=frozenset(),
        uno_windows=(),
        consecutive_passes=0,
        shuffles=(),
        winner=None,
    )


@_on(ev.DeckShuffled)
def _(state: GameState, event: ev.DeckShuffled) -> GameState:
    record = ShuffleRecord(
        event.reason, tuple(c.code for c in event.order), event.salt, event.commitment
    )
    changes: dict = {"shuffles": state.shuffles + (record,)}
    if event.reason in ("deal", "first_card_redraw", "reshuffle"):
        changes["draw_pile"] = event.order
    if event.reason == "reshuffle":
        changes["discard_pile"] = state.discard_pile[-1:]
    return state.but(**changes)


@_on(ev.PositionLoaded)
def _(state: GameState, event: ev.PositionLoaded) -> GameState:
    seat_states = tuple(
        SeatStatus.ELIMINATED if seat in event.eliminated else status
        for seat, status in enumerate(state.seat_states)
    )
    return state.but(
        draw_pile=event.held + event.draw,
        discard_pile=event.discard,
        out_of_play=event.out_of_play,
        color=event.color,
        direction=event.direction,
        dealer=event.dealer,
        scores=event.scores,
        seat_states=seat_states,
    )


@_on(ev.CardsDealt)
def _(state: GameState, event: ev.CardsDealt) -> GameState:
    state = state.but(draw_pile=_remove_cards(state.draw_pile, event.cards))
    return _with_hand(state, event.seat, state.hands[event.seat] + event.cards)


@_on(ev.FirstCardReturned)
def _(state: GameState, event: ev.FirstCardReturned) -> GameState:
    return state.but(
        discard_pile=state.discard_pile[:-1], draw_pile=state.draw_pile + (event.card,)
    )


@_on(ev.FirstCardTurned)
def _(state: GameState, event: ev.FirstCardTurned) -> GameState:
    return state.but(
        draw_pile=state.draw_pile[1:],
        discard_pile=state.discard_pile + (event.card,),
        color=event.card.color,
    )


@_on(ev.CardPlayed)
def _(state: GameState, event: ev.CardPlayed) -> GameState:
    hand = list(state.hands[event.seat])
    hand.remove(event.card)
    return _with_hand(
        state,
        event.seat,
        tuple(hand),
        discard_pile=state.discard_pile + (event.card,),
        color=event.color or event.card.color,
        last_player=event.seat,
        drawn_card=None,
        owed=None,
        draw4=None,
    )


@_on(ev.ColorChosen)
def _(state: GameState, event: ev.ColorChosen) -> GameState:
    return state.but(color=event.color)


@_on(ev.DirectionReversed)
def _(state: GameState, event: ev.DirectionReversed) -> GameState:
    return state.but(direction=event.direction)


@_on(ev.CardsDrawn)
def _(state: GameState, event: ev.CardsDrawn) -> GameState:
    hand = state.hands[event.seat] + event.cards
    if event.reason == "draw" and event.cards:
        return _with_hand(
            state,
            event.seat,
            hand,
            draw_pile=state.draw_pile[event.count :],
            drawn_card=event.cards[-1],
        )
    return _with_hand(state, event.seat, hand, draw_pile=state.draw_pile[event.count :])


@_on(ev.HandReplaced)
def _(state: GameState, event: ev.HandReplaced) -> GameState:
    """A new hand brings a new UNO obligation, even when it is one card again."""
    state = _with_hand(state, event.seat, event.cards)
    return state.but(
        uno_called=state.uno_called - {event.seat},
        uno_settled=state.uno_settled - {event.seat},
        uno_windows=tuple(w for w in state.uno_windows if w.seat != event.seat),
    )


@_on(ev.CardsBuried)
def _(state: GameState, event: ev.CardsBuried) -> GameState:
    state = state.but(draw_pile=state.draw_pile + event.cards)
    return _with_hand(state, event.seat, _remove_cards(state.hands[event.seat], event.cards))


@_on(ev.UnoCalled)
def _(state: GameState, event: ev.UnoCalled) -> GameState:
    return state.but(
        uno_called=state.uno_called | {event.seat},
        uno_windows=tuple(w for w in state.uno_windows if w.seat != event.seat),
    )


@_on(ev.UnoWindowOpened)
def _(state: GameState, event: ev.UnoWindowOpened) -> GameState:
    return state.but(
        uno_windows=state.uno_windows + (UnoWindow(event.seat, event.token),),
        uno_serial=state.uno_serial + 1,
    )


@_on(ev.UnoWindowClosed)
def _(state: GameState, event: ev.UnoWindowClosed) -> GameState:
    return state.but(
        uno_windows=tuple(w for w in state.uno_windows if w.token != event.token),
        uno_settled=state.uno_settled | {event.seat},
    )


@_on(
    ev.UnoCaught,
    ev.UnoPenaltyApplied,
    ev.CatchFailed,
    ev.Draw4Challenged,
    ev.TurnPassed,
    ev.SeatSkipped,
    ev.ShufflesRevealed,
)
def _(state: GameState, event: ev.Event) -> GameState:
    """Facts for the record whose consequences follow as their own events."""
    return state


@_on(ev.TurnChanged)
def _(state: GameState, event: ev.TurnChanged) -> GameState:
    owed = None
    if event.owed is not None:
        owed = OwedChoice(
            event.owed["origin"],
            card_of(event.owed["card"]),
            event.owed["needs_color"],
            event.owed["needs_target"],
        )
    draw4 = None
    if event.challengeable is not None:
        draw4 = Draw4Play(event.challengeable, event.bluff, event.draw4_hand)
    return state.but(
        to_act=event.seat,
        phase=event.phase,
        pending_draw=event.pending_draw,
        pending_kind=event.pending_kind,
        returns_to=event.returns_to,
        jump_in_open=event.jump_in,
        consecutive_passes=event.passes,
        owed=owed,
        draw4=draw4,
        drawn_card=state.drawn_card if event.phase == Phase.DRAWN_CARD else None,
        drew_nothing=False,
        turn_serial=state.turn_serial + 1,
    )


@_on(ev.NothingDrawn)
def _(state: GameState, event: ev.NothingDrawn) -> GameState:
    return state.but(drew_nothing=True)


@_on(ev.TimedOut)
def _(state: GameState, event: ev.TimedOut) -> GameState:
    return state.but(timeouts=_set(state.timeouts, event.seat, event.count))


@_on(ev.TimeoutsReset)
def _(state: GameState, event: ev.TimeoutsReset) -> GameState:
    return state.but(timeouts=_set(state.timeouts, event.seat, 0))


@_on(ev.SeatStatusChanged)
def _(state: GameState, event: ev.SeatStatusChanged) -> GameState:
    return state.but(seat_states=_set(state.seat_states, event.seat, event.status))


@_on(ev.RoundEnded)
def _(state: GameState, event: ev.RoundEnded) -> GameState:
    seat_states = tuple(
        SeatStatus.ELIMINATED if seat in event.eliminated else status
        for seat, status in enumerate(state.seat_states)
    )
    return state.but(
        scores=event.scores,
        seat_states=seat_states,
        winner=event.winner,
        uno_windows=(),
        pending_draw=0,
        draw4=None,
        owed=None,
        drawn_card=None,
        jump_in_open=False,
    )


@_on(ev.MatchEnded)
def _(state: GameState, event: ev.MatchEnded) -> GameState:
    return state.but(
        status=Status.FINISHED,
        phase=Phase.FINISHED,
        winner=event.winner,
        ranking=event.ranking,
        scores=event.scores,
        uno_windows=(),
        jump_in_open=False,
    )


@_on(ev.GameAborted)
def _(state: GameState, event: ev.GameAborted) -> GameState:
    return state.but(status=Status.ABORTED, uno_windows=(), jump_in_open=False)
