"""Events: past-tense facts carrying everything `decide` settled (cards drawn, shuffled
orders, whose turn it is), so `evolve` never needs randomness or rules.

Each event has a public part and, where it carries secrets, a private part: the fields
named in `PRIVATE` (`has_private` says whether this event carries them). `audience`
names the seats that may see the private part (staff always may); an empty audience
means staff only.

Every payload is typed: cards are `Card`s, nested facts are the small values of
`state` (`PendingDraw`, `OwedChoice`, `Draw4Play`'s parts, `Deadline`, `ShuffleRecord`).
Events are treated as immutable values; they are plain slotted dataclasses (not
`frozen`) because the engine creates several per command and a frozen dataclass takes
four times as long to build. The two made most often, `card_played` and an ordinary
turn's `turn_changed`, also have builders (`card_played`, `turn_to_play`) that fill an
empty instance's slots: calling a class whose `__init__` is Python code runs that code in
an interpreter frame of its own, which costs more than the stores it makes.

`VERSION` is the shape's schema version: a change to an event's fields gets a new one,
and `upcast` reads the events recorded in older shapes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, NewType

from .cards import Card, Color
from .rules import RuleSet
from .state import (
    Deadline,
    DrawReason,
    OnAbandon,
    OwedChoice,
    PendingDraw,
    Phase,
    SeatStatus,
    ShuffleReason,
    ShuffleRecord,
    Side,
    TimeoutAction,
    Timers,
)

NOBODY: frozenset[int] = frozenset()

_new = object.__new__


@dataclass(slots=True)
class Event:
    TYPE: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1
    PRIVATE: ClassVar[tuple[str, ...]] = ()
    #: Fields only some games use (UNO FLIP!'s backs): left out of the others' records.
    OMITTED_WHEN_EMPTY: ClassVar[tuple[str, ...]] = ()
    #: The private part is the shuffles' reveal (orders and salts), which everyone who
    #: may read a game sees once it has ended where finished games are revealed.
    REVEALS_SHUFFLES: ClassVar[bool] = False

    @property
    def audience(self) -> frozenset[int]:
        return NOBODY

    @property
    def has_private(self) -> bool:
        return bool(self.PRIVATE)


@dataclass(slots=True)
class GameStarted(Event):
    TYPE = "game_started"
    engine_version: int
    seats: int
    rules: RuleSet
    provably_fair: bool
    timeout_action: TimeoutAction
    abandon_after: int
    on_abandon: OnAbandon
    timers: Timers = Timers()  # games recorded before timers were facts: none


@dataclass(slots=True)
class RoundStarted(Event):
    TYPE = "round_started"
    round: int
    dealer: int
    seats_in_play: tuple[int, ...]


@dataclass(slots=True)
class DeckShuffled(Event):
    """`reason`: `deal` (the whole deck), `first_card_redraw` (the draw pile with the
    returned first card) or `reshuffle` (the discard pile under its top card)."""

    TYPE = "deck_shuffled"
    PRIVATE = ("order", "salt")
    reason: ShuffleReason
    count: int
    commitment: str
    order: tuple[Card, ...]
    salt: str


@dataclass(slots=True)
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
    side: Side = Side.LIGHT  # the side up (UNO FLIP!)
    held: tuple[Card, ...] = ()  # every dealt hand, in seat order, taken by cards_dealt
    draw: tuple[Card, ...] = ()
    out_of_play: tuple[Card, ...] = ()


@dataclass(slots=True)
class CardsDealt(Event):
    TYPE = "cards_dealt"
    PRIVATE = ("cards",)
    seat: int
    count: int
    cards: tuple[Card, ...]

    @property
    def audience(self) -> frozenset[int]:
        return frozenset((self.seat,))


@dataclass(slots=True)
class FirstCardReturned(Event):
    TYPE = "first_card_returned"
    card: Card


@dataclass(slots=True)
class FirstCardTurned(Event):
    TYPE = "first_card_turned"
    card: Card


@dataclass(slots=True)
class CardPlayed(Event):
    TYPE = "card_played"
    seat: int
    card: Card
    color: Color | None
    target: int | None
    jump_in: bool
    forced: bool


def card_played(
    seat: int, card: Card, color: Color | None, target: int | None, jump_in: bool, forced: bool
) -> CardPlayed:
    """`CardPlayed(seat, card, color, target, jump_in, forced)`, built faster."""
    event = _new(CardPlayed)
    event.seat = seat
    event.card = card
    event.color = color
    event.target = target
    event.jump_in = jump_in
    event.forced = forced
    return event


@dataclass(slots=True)
class ColorChosen(Event):
    TYPE = "color_chosen"
    seat: int
    color: Color


@dataclass(slots=True)
class DirectionReversed(Event):
    TYPE = "direction_reversed"
    direction: int


@dataclass(slots=True)
class SeatSkipped(Event):
    TYPE = "seat_skipped"
    seat: int


@dataclass(slots=True)
class CardsDrawn(Event):
    """`reason`: draw, penalty, uno_penalty, false_catch, challenge, others_draw.

    `backs` (UNO FLIP!) are the faces the drawn cards show everyone (their inactive
    faces), public; empty for single-faced cards."""

    TYPE = "cards_drawn"
    PRIVATE = ("cards",)
    OMITTED_WHEN_EMPTY = ("backs",)
    seat: int
    count: int
    reason: DrawReason
    backs: tuple[str, ...] = ()
    cards: tuple[Card, ...] = ()

    @property
    def audience(self) -> frozenset[int]:
        return frozenset((self.seat,))


@dataclass(slots=True)
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


class BuryReason(StrEnum):
    """Why cards went from a hand to the bottom of the draw pile (`cards_buried`)."""

    DISCARD_WILDS = "discard_wilds"
    REMOVED = "removed"


@dataclass(slots=True)
class CardsBuried(Event):
    """Cards leave a hand for the bottom of the draw pile (`reason`: discard_wilds, removed)."""

    TYPE = "cards_buried"
    PRIVATE = ("cards",)
    seat: int
    count: int
    reason: BuryReason
    cards: tuple[Card, ...]


@dataclass(slots=True)
class UnoCalled(Event):
    TYPE = "uno_called"
    seat: int


@dataclass(slots=True)
class UnoWindowOpened(Event):
    TYPE = "uno_window_opened"
    seat: int
    token: str
    deadline: Deadline | None = None


class WindowClosedReason(StrEnum):
    """Why an UNO window closed (`uno_window_closed`'s `reason`)."""

    CALLED = "called"
    CAUGHT = "caught"
    ADVANCED = "advanced"
    EXPIRED = "expired"
    PENALISED = "penalised"
    HAND_CHANGED = "hand_changed"


@dataclass(slots=True)
class UnoWindowClosed(Event):
    """`reason`: called, caught, advanced, expired, penalised, hand_changed."""

    TYPE = "uno_window_closed"
    seat: int
    token: str
    reason: WindowClosedReason


@dataclass(slots=True)
class UnoCaught(Event):
    TYPE = "uno_caught"
    seat: int
    target: int


@dataclass(slots=True)
class UnoPenaltyApplied(Event):
    TYPE = "uno_penalty_applied"
    seat: int


@dataclass(slots=True)
class CatchFailed(Event):
    TYPE = "catch_failed"
    seat: int
    target: int


@dataclass(slots=True)
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


@dataclass(slots=True)
class CardsFlipped(Event):
    """A Flip (UNO FLIP!): every hand and both piles are turned over where they lie, and
    `side` is up. `seat` played the Flip (None: it was the first card turned)."""

    TYPE = "cards_flipped"
    seat: int | None
    side: Side


@dataclass(slots=True)
class NothingDrawn(Event):
    """Seat `seat` drew with both piles exhausted (the draw pile empty, the discard pile
    only its top card): it got no card and keeps the turn, where only `pass` is left.
    Public shape: `{"seat": <int>}`; nothing private."""

    TYPE = "nothing_drawn"
    seat: int


@dataclass(slots=True)
class TurnPassed(Event):
    TYPE = "turn_passed"
    seat: int


@dataclass(slots=True)
class TurnChanged(Event):
    """Seat `seat` is now asked for `phase`, and this is the situation it acts in:

    - `jump_in`: jumping in on the top card is open during this turn;
    - `consecutive_passes`: passes in a row before this turn (both piles exhausted);
    - `pending`: a draw penalty waiting on the seat, if any;
    - `owed`: the color and/or target the seat owes without playing a card, if any;
    - `challengeable`: the seat whose Wild Draw Four may be challenged, if any; then the
      private part (staff only) says whether it was a `bluff` and the hand its player
      held (`draw4_hand`, shown to the challenger by `draw4_challenged`);
    - `deadline`: the deadline this turn opens (kind `turn`, `response` or `bot`), or
      None when the game's timers give this kind none.

    Version 2; version 1 had the pending draw and the passes as flat fields and always
    a private part."""

    TYPE = "turn_changed"
    VERSION = 2
    PRIVATE = ("bluff", "draw4_hand")
    seat: int
    phase: Phase
    jump_in: bool = False
    consecutive_passes: int = 0
    pending: PendingDraw | None = None
    owed: OwedChoice | None = None
    challengeable: int | None = None
    deadline: Deadline | None = None
    bluff: bool = False
    draw4_hand: tuple[Card, ...] = ()

    @property
    def has_private(self) -> bool:
        return self.challengeable is not None


def turn_to_play(seat: int, jump_in: bool, passes: int, deadline: Deadline | None) -> TurnChanged:
    """An ordinary turn's `TurnChanged(seat, Phase.PLAY, jump_in, passes,
    deadline=deadline)`, built faster."""
    event = _new(TurnChanged)
    event.seat = seat
    event.phase = _PLAY
    event.jump_in = jump_in
    event.consecutive_passes = passes
    event.pending = event.owed = event.challengeable = None
    event.deadline = deadline
    event.bluff = False
    event.draw4_hand = ()
    return event


_PLAY = Phase.PLAY


@dataclass(slots=True)
class TimedOut(Event):
    """A deadline passed. `count` is the seat's consecutive timeouts so far."""

    TYPE = "timed_out"
    seat: int
    token: str
    count: int


@dataclass(slots=True)
class TimeoutsReset(Event):
    TYPE = "timeouts_reset"
    seat: int


@dataclass(slots=True)
class SeatStatusChanged(Event):
    """A seat is taken over by a bot, removed, or eliminated."""

    TYPE = "seat_status_changed"
    seat: int
    status: SeatStatus
    reason: str


@dataclass(slots=True)
class RoundEnded(Event):
    """The round's result. The private part, `shuffles`, reveals every shuffle of the
    round (order, salt): dealt out, they give every hand, so it goes to the seats that
    played the round (those in `hands`) and staff, and to everyone else only once the
    game has ended where finished games are revealed.

    Version 2; version 1 had `shuffles` in the public part."""

    TYPE = "round_ended"
    VERSION = 2
    PRIVATE = ("shuffles",)
    REVEALS_SHUFFLES = True
    round: int
    winner: int | None
    blocked: bool
    hands: dict[int, tuple[Card, ...]]  # seat in play -> the cards left in its hand
    points: dict[int, int]  # seat -> points scored this round
    scores: tuple[int, ...]
    eliminated: tuple[int, ...]
    shuffles: tuple[ShuffleRecord, ...] = ()

    @property
    def audience(self) -> frozenset[int]:
        return frozenset(self.hands)


@dataclass(slots=True)
class ShufflesRevealed(Event):
    """A match that ends mid-round (the last seat standing, an abort) still reveals the
    round's shuffles, so every commitment can be checked: privately, as `round_ended`
    does, to `seats` (the seats still in play) and staff.

    Version 2; version 1 had `shuffles` in the public part and no `seats`."""

    TYPE = "shuffles_revealed"
    VERSION = 2
    PRIVATE = ("shuffles",)
    REVEALS_SHUFFLES = True
    round: int
    seats: tuple[int, ...]
    shuffles: tuple[ShuffleRecord, ...] = ()

    @property
    def audience(self) -> frozenset[int]:
        return frozenset(self.seats)


@dataclass(slots=True)
class MatchEnded(Event):
    TYPE = "match_ended"
    winner: int | tuple[int, ...] | None
    ranking: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


@dataclass(slots=True)
class GameAborted(Event):
    TYPE = "game_aborted"
    reason: str


# --- the lobby -----------------------------------------------------------------------------
#
# What the shell records while a game waits for its players: typed and encoded as every
# other event is, but never emitted by `decide` (a waiting game has no engine state) and
# recorded by `evolve` as changing nothing. A waiting game's abort is `GameAborted`.

#: A seat's number as the lobby's events record it (0 to 9).
Seat = NewType("Seat", int)
#: A player's id (a UUID) as the lobby's events record it.
PlayerId = NewType("PlayerId", str)


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player as a game names them: `bot` is true for a server bot, and left out of
    the record for a person."""

    OMITTED_WHEN_EMPTY: ClassVar[tuple[str, ...]] = ("bot",)
    id: PlayerId
    name: str
    bot: bool = False


# No docstrings: a class's docstring becomes its part's description in the OpenAPI
# document, which describes these two as it did when the shell wrote them as dicts.


@dataclass(slots=True)
class SeatTaken(Event):
    # `player` took `seat` of a waiting game (a bot seat: the bot's own player).
    TYPE = "seat_taken"
    seat: Seat
    player: PlayerRef


@dataclass(slots=True)
class SeatLeft(Event):
    # The player with id `player` left `seat` of a waiting game (or staff freed it).
    TYPE = "seat_left"
    seat: Seat
    player: PlayerId


#: The lobby's event types (recorded by the shell; `decide` emits none of them).
LOBBY_EVENTS: tuple[type[Event], ...] = (SeatTaken, SeatLeft)


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
        CardsFlipped,
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
        SeatTaken,
        SeatLeft,
    )
}
