"""Events: past-tense facts carrying everything `decide` settled (cards drawn, shuffled
orders, whose turn it is), so `evolve` never needs randomness or rules.

Each event has a public part and, where it carries secrets, a private part: the fields
named in `PRIVATE`. `audience` names the seats that may see the private part (staff
always may); an empty audience means staff only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import Card, Color
from .state import Phase, SeatStatus, Timers

NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Event:
    TYPE: ClassVar[str] = ""
    PRIVATE: ClassVar[tuple[str, ...]] = ()

    @property
    def audience(self) -> frozenset[int]:
        return NOBODY


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    TYPE = "game_started"
    engine_version: int
    seats: int
    rules: dict
    provably_fair: bool
    timeout_action: str
    abandon_after: int
    on_abandon: str
    timers: Timers = Timers()  # games recorded before timers were facts: none


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    TYPE = "round_started"
    round: int
    dealer: int
    seats_in_play: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """`reason`: `deal` (the whole deck), `first_card_redraw` (the draw pile with the
    returned first card) or `reshuffle` (the discard pile under its top card)."""

    TYPE = "deck_shuffled"
    PRIVATE = ("order", "salt")
    reason: str
    count: int
    commitment: str
    order: tuple[Card, ...]
    salt: str


@dataclass(frozen=True, slots=True)
class PositionLoaded(Event):
    """A staff-given position (the API's `position`) replaces the deal."""

    TYPE = "position_loaded"
    PRIVATE = ("held", "draw", "out_of_play")
    discard: tuple[Card, ...]  # top last
    color: Color | None
    direction: int
    dealer: int
    scores: tuple[int, ...]
    eliminated: tuple[int, ...]
    held: tuple[Card, ...]  # every dealt hand, in seat order, taken by the cards_dealt events
    draw: tuple[Card, ...]
    out_of_play: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    TYPE = "cards_dealt"
    PRIVATE = ("cards",)
    seat: int
    count: int
    cards: tuple[Card, ...]

    @property
    def audience(self) -> frozenset[int]:
        return frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class FirstCardReturned(Event):
    TYPE = "first_card_returned"
    card: Card


@dataclass(frozen=True, slots=True)
class FirstCardTurned(Event):
    TYPE = "first_card_turned"
    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    TYPE = "card_played"
    seat: int
    card: Card
    color: Color | None
    target: int | None
    jump_in: bool
    forced: bool


@dataclass(frozen=True, slots=True)
class ColorChosen(Event):
    TYPE = "color_chosen"
    seat: int
    color: Color


@dataclass(frozen=True, slots=True)
class DirectionReversed(Event):
    TYPE = "direction_reversed"
    direction: int


@dataclass(frozen=True, slots=True)
class SeatSkipped(Event):
    TYPE = "seat_skipped"
    seat: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """`reason`: draw, penalty, uno_penalty, false_catch, challenge, others_draw."""

    TYPE = "cards_drawn"
    PRIVATE = ("cards",)
    seat: int
    count: int
    reason: str
    cards: tuple[Card, ...]

    @property
    def audience(self) -> frozenset[int]:
        return frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class HandReplaced(Event):
    """The seat now holds `cards` (a 7 or Swap Hands, a 0's rotation, Shuffle Hands).
    `from_seat` is whose hand it was, or None when hands were shuffled and dealt."""

    TYPE = "hand_replaced"
    PRIVATE = ("cards",)
    seat: int
    from_seat: int | None
    count: int
    cards: tuple[Card, ...]

    @property
    def audience(self) -> frozenset[int]:
        return frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class CardsBuried(Event):
    """Cards leave a hand for the bottom of the draw pile (`reason`: discard_wilds, removed)."""

    TYPE = "cards_buried"
    PRIVATE = ("cards",)
    seat: int
    count: int
    reason: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class UnoCalled(Event):
    TYPE = "uno_called"
    seat: int


@dataclass(frozen=True, slots=True)
class UnoWindowOpened(Event):
    TYPE = "uno_window_opened"
    seat: int
    token: str
    deadline: dict | None = None  # see TurnChanged


@dataclass(frozen=True, slots=True)
class UnoWindowClosed(Event):
    """`reason`: called, caught, advanced, expired, penalised, hand_changed."""

    TYPE = "uno_window_closed"
    seat: int
    token: str
    reason: str


@dataclass(frozen=True, slots=True)
class UnoCaught(Event):
    TYPE = "uno_caught"
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class UnoPenaltyApplied(Event):
    TYPE = "uno_penalty_applied"
    seat: int


@dataclass(frozen=True, slots=True)
class CatchFailed(Event):
    TYPE = "catch_failed"
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Draw4Challenged(Event):
    """The challenger sees the hand the W+4's player held when playing it."""

    TYPE = "draw4_challenged"
    PRIVATE = ("hand",)
    seat: int
    target: int
    guilty: bool
    hand: tuple[Card, ...]

    @property
    def audience(self) -> frozenset[int]:
        return frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class NothingDrawn(Event):
    """Seat `seat` drew with both piles exhausted (the draw pile empty, the discard pile
    only its top card): it got no card and keeps the turn, where only `pass` is left.
    Public shape: `{"seat": <int>}`; nothing private."""

    TYPE = "nothing_drawn"
    seat: int


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    TYPE = "turn_passed"
    seat: int


@dataclass(frozen=True, slots=True)
class TurnChanged(Event):
    """Seat `seat` is now asked for `phase`. Carries the whole continuation decided.

    `deadline` is the deadline this turn opens, as a fact: `{"kind", "token", "seconds",
    "grace_ms"}` (kind `turn`, `response` or `bot`), or None when the game's timers give
    this kind none. The shell writes when it falls due (`deadline_at`) beside it."""

    TYPE = "turn_changed"
    PRIVATE = ("bluff", "draw4_hand")
    seat: int
    phase: Phase
    pending_draw: int
    pending_kind: str | None
    returns_to: int | None
    jump_in: bool
    passes: int
    owed: dict | None  # {"origin", "card", "needs_color", "needs_target"}
    challengeable: int | None  # the seat whose W+4 may be challenged
    bluff: bool
    draw4_hand: tuple[Card, ...]
    deadline: dict | None = None


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """A deadline passed. `count` is the seat's consecutive timeouts so far."""

    TYPE = "timed_out"
    seat: int
    token: str
    count: int


@dataclass(frozen=True, slots=True)
class TimeoutsReset(Event):
    TYPE = "timeouts_reset"
    seat: int


@dataclass(frozen=True, slots=True)
class SeatStatusChanged(Event):
    """A seat is taken over by a bot, removed, or eliminated."""

    TYPE = "seat_status_changed"
    seat: int
    status: SeatStatus
    reason: str


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round's result. `shuffles` reveals every shuffle of the round (order, salt)."""

    TYPE = "round_ended"
    round: int
    winner: int | None
    blocked: bool
    hands: dict[int, list]  # seat -> the codes of the cards left in that hand
    points: dict[int, int]  # seat -> points scored this round
    scores: tuple[int, ...]
    eliminated: tuple[int, ...]
    shuffles: tuple[dict, ...]


@dataclass(frozen=True, slots=True)
class ShufflesRevealed(Event):
    """A match that ends mid-round (the last seat standing, an abort) still reveals the
    round's shuffles, so every commitment can be checked."""

    TYPE = "shuffles_revealed"
    round: int
    shuffles: tuple[dict, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    TYPE = "match_ended"
    winner: int | tuple[int, ...] | None
    ranking: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class GameAborted(Event):
    TYPE = "game_aborted"
    reason: str


EVENT_TYPES: dict[str, type[Event]] = {
    cls.TYPE: cls
    for cls in (
        GameStarted,
        RoundStarted,
        DeckShuffled,
        PositionLoaded,
        CardsDealt,
        FirstCardReturned,
        FirstCardTurned,
        CardPlayed,
        ColorChosen,
        DirectionReversed,
        SeatSkipped,
        CardsDrawn,
        HandReplaced,
        CardsBuried,
        UnoCalled,
        UnoWindowOpened,
        UnoWindowClosed,
        UnoCaught,
        UnoPenaltyApplied,
        CatchFailed,
        Draw4Challenged,
        NothingDrawn,
        TurnPassed,
        TurnChanged,
        TimedOut,
        TimeoutsReset,
        SeatStatusChanged,
        RoundEnded,
        ShufflesRevealed,
        MatchEnded,
        GameAborted,
    )
}
