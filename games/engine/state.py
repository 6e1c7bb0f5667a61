"""The state of a game: one immutable value, rebuilt by folding events."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .cards import Card, Color
from .rules import RuleSet


class Status(StrEnum):
    NOT_STARTED = "not_started"
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


class Phase(StrEnum):
    """What the seat `to_act` is asked for (the view's `phase`)."""

    PLAY = "play"
    DRAWN_CARD = "drawn_card"
    RESPOND_DRAW4 = "respond_draw4"
    CHOOSE_COLOR = "choose_color"
    CHOOSE_TARGET = "choose_target"
    FINISHED = "finished"


class SeatStatus(StrEnum):
    PLAYING = "playing"
    BOT = "bot"
    REMOVED = "removed"
    ELIMINATED = "eliminated"


IN_PLAY = (SeatStatus.PLAYING, SeatStatus.BOT)

CLOCKWISE, COUNTERCLOCKWISE = 1, -1


@dataclass(frozen=True, slots=True)
class Draw4Play:
    """The W+4 the seat `to_act` may challenge: who played it and whether it was a bluff.

    `hand` is the hand its player held when it was played (the challenge is judged on
    that hand, and that hand is what the challenger is shown)."""

    seat: int
    bluff: bool
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class OwedChoice:
    """A color and/or target owed without a card being played now.

    `origin` is "first_card" (the first player owes them, then takes a normal turn) or
    "forced" (a force-played card whose effect resolves once they are given)."""

    origin: str
    card: Card
    needs_color: bool
    needs_target: bool


@dataclass(frozen=True, slots=True)
class UnoWindow:
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class Timers:
    """The game's timer settings, recorded when it starts: how long each kind of
    deadline gives (None: that kind has none). The engine names the deadlines it opens;
    the shell turns their seconds into times."""

    turn_seconds: float | None = None
    response_seconds: float | None = None
    uno_window_seconds: float | None = None
    uno_grace_ms: int = 0
    bot_delay_ms: int = 1000


@dataclass(frozen=True, slots=True)
class ShuffleRecord:
    """A shuffle of this round, revealed when the round ends."""

    reason: str
    order: tuple[str, ...]
    salt: str
    commitment: str


@dataclass(frozen=True)
class GameState:
    """Immutable by convention and by `frozen`; `but` makes changed copies cheaply.

    (Not `slots`: copying a 40-field instance's `__dict__` is several times faster than
    `dataclasses.replace`, and evolve makes one copy per event.)"""

    status: Status = Status.NOT_STARTED
    rules: RuleSet = field(default_factory=RuleSet)
    seat_count: int = 0
    engine_version: int = 0
    provably_fair: bool = True
    seat_states: tuple[SeatStatus, ...] = ()
    scores: tuple[int, ...] = ()
    round: int = 0
    dealer: int = 0
    hands: tuple[tuple[Card, ...], ...] = ()
    draw_pile: tuple[Card, ...] = ()  # top first
    discard_pile: tuple[Card, ...] = ()  # top last
    out_of_play: tuple[Card, ...] = ()
    color: Color | None = None
    direction: int = CLOCKWISE
    to_act: int = 0
    phase: Phase = Phase.PLAY
    turn_serial: int = 0
    pending_draw: int = 0
    pending_kind: str | None = None  # rank of the card the pending total is stacked on
    returns_to: int | None = None  # who gets the turn back once a pending draw is taken
    draw4: Draw4Play | None = None
    drawn_card: Card | None = None
    drew_nothing: bool = False  # the seat to act drew with both piles exhausted: it passes
    owed: OwedChoice | None = None
    last_player: int | None = None  # who put the top card down
    jump_in_open: bool = False
    uno_called: frozenset[int] = frozenset()
    uno_settled: frozenset[int] = frozenset()  # one-card seats whose window closed unpunished
    uno_windows: tuple[UnoWindow, ...] = ()
    uno_serial: int = 0
    consecutive_passes: int = 0
    timeouts: tuple[int, ...] = ()
    timeout_action: str = "draw_and_pass"
    abandon_after: int = 3
    on_abandon: str = "bot"
    timers: Timers = Timers()
    shuffles: tuple[ShuffleRecord, ...] = ()
    winner: int | tuple[int, ...] | None = None
    ranking: tuple[int, ...] = ()

    def but(self, **changes) -> GameState:
        """A copy with `changes` applied (field names are not checked: callers are evolve)."""
        copy = object.__new__(GameState)
        attributes = copy.__dict__
        attributes.update(self.__dict__)
        attributes.update(changes)
        return copy

    @property
    def top_card(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def in_play(self, seat: int) -> bool:
        return self.seat_states[seat] in IN_PLAY

    def seats_in_play(self) -> tuple[int, ...]:
        return tuple(s for s, status in enumerate(self.seat_states) if status in IN_PLAY)

    def team_of(self, seat: int) -> int | None:
        return seat % 2 if self.rules.teams else None

    @property
    def turn_token(self) -> str:
        return f"turn-{self.turn_serial}"

    def open_deadline_tokens(self) -> frozenset[str]:
        """The tokens of the deadlines that may be open now: the turn's and each UNO
        window's (none once the game is over)."""
        if self.status != Status.ACTIVE:
            return frozenset()
        return frozenset((self.turn_token, *(w.token for w in self.uno_windows)))
