"""The state of a game: one value, rebuilt by folding events.

A `GameState` is never changed once another part of the program holds it: `step` and
`evolve` copy it once (`copy`) and change only their own copy. Its fields are slots, so
setting a name it does not have is an error rather than a new field.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from operator import attrgetter

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


class Side(StrEnum):
    """The side up (UNO FLIP!; every other deck is light)."""

    LIGHT = "light"
    DARK = "dark"


class TimeoutAction(StrEnum):
    """What the server does for a seat whose turn timed out: draw a card and pass, or
    play its first playable card (drawing and passing when it has none)."""

    DRAW_AND_PASS = "draw_and_pass"
    AUTO_PLAY = "auto_play"


class OnAbandon(StrEnum):
    """What becomes of a seat that timed out `abandon_after` times in a row."""

    BOT = "bot"
    REMOVE = "remove"


class DeadlineKind(StrEnum):
    TURN = "turn"
    RESPONSE = "response"
    BOT = "bot"
    UNO = "uno"


class OwedOrigin(StrEnum):
    """Why a color and/or target is owed without a card being played now (`OwedChoice`)."""

    FIRST_CARD = "first_card"
    FORCED = "forced"
    FLIP = "flip"


class ShuffleReason(StrEnum):
    """What a shuffle shuffled (`deck_shuffled`'s `reason`)."""

    DEAL = "deal"
    FIRST_CARD_REDRAW = "first_card_redraw"
    RESHUFFLE = "reshuffle"
    PAIRING = "pairing"
    HANDS = "hands"
    UNPLACED = "unplaced"


class DrawReason(StrEnum):
    """Why cards were drawn (`cards_drawn`'s `reason`)."""

    DRAW = "draw"
    PENALTY = "penalty"
    UNO_PENALTY = "uno_penalty"
    FALSE_CATCH = "false_catch"
    CHALLENGE = "challenge"
    OTHERS_DRAW = "others_draw"


CLOCKWISE, COUNTERCLOCKWISE = 1, -1
LIGHT, DARK = Side.LIGHT, Side.DARK

_new = object.__new__


class _SeatsInPlay(dict):
    """The seats in play for each tuple of seat states (the tuples a game has are few)."""

    def __missing__(self, statuses: tuple[SeatStatus, ...]) -> tuple[int, ...]:
        if len(self) >= 4096:  # the tuples games use are few; those of ten seats, a million
            self.clear()
        seats = self[statuses] = tuple(s for s, status in enumerate(statuses) if status in IN_PLAY)
        return seats


_SEATS_IN_PLAY = _SeatsInPlay()


# The values events carry and the state holds (a W+4 open to challenge, a pending draw,
# an owed choice, a deadline, an UNO window) are never changed once built, as events are
# not, and for the same reason are plain slotted dataclasses rather than `frozen`: a timed
# game builds a `Deadline` on every turn and its replay decodes one per turn, and a frozen
# dataclass takes four times as long to build (each field set through
# `object.__setattr__`). The property tests check that `step` leaves the state it is
# given, these values included, as it was.


@dataclass(slots=True)
class Draw4Play:
    """The W+4 the seat `to_act` may challenge: who played it and whether it was a bluff.

    `hand` is the hand its player held when it was played (the challenge is judged on
    that hand, and that hand is what the challenger is shown)."""

    seat: int
    bluff: bool
    hand: tuple[Card, ...]


@dataclass(slots=True)
class PendingDraw:
    """A draw penalty waiting on the seat to act: `total` cards, stacked on a card of
    rank `kind` (`draw2` or `wild-draw4`); once taken, play passes from `returns_to`
    (the seat that played the last draw card), or from the victim when it is None."""

    total: int
    kind: str
    returns_to: int | None


@dataclass(slots=True)
class OwedChoice:
    """A color and/or target owed without a card being played now.

    `origin` is "first_card" (the first player owes them, then takes a normal turn),
    "forced" (a force-played card whose effect resolves once they are given) or "flip"
    (a Flip turned up a wild: its player calls the color, then play moves on)."""

    origin: OwedOrigin
    card: Card
    needs_color: bool
    needs_target: bool


@dataclass(slots=True)
class Deadline:
    """A deadline an event opens: its `kind` (`turn`, `response`, `bot` or `uno`), the
    `token` a `Timeout` names it by, and how long it gives. The shell turns the seconds
    into a time."""

    kind: DeadlineKind
    token: str
    seconds: float
    grace_ms: int = 0


@dataclass(slots=True)
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

    reason: ShuffleReason
    order: tuple[Card, ...]
    salt: str
    commitment: str


@dataclass(slots=True)
class GameState:
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
    deck: tuple[Card, ...] = ()  # the Flip deck as paired for this game; () for the others
    side: Side = LIGHT  # every card in the state lies with this side's face up
    color: Color | None = None
    direction: int = CLOCKWISE
    to_act: int = 0
    phase: Phase = Phase.PLAY
    turn_serial: int = 0
    pending: PendingDraw | None = None  # a draw penalty waiting on the seat to act
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
    timeout_action: TimeoutAction = TimeoutAction.DRAW_AND_PASS
    abandon_after: int = 3
    on_abandon: OnAbandon = OnAbandon.BOT
    timers: Timers = Timers()
    shuffles: tuple[ShuffleRecord, ...] = ()
    winner: int | tuple[int, ...] | None = None
    ranking: tuple[int, ...] = ()

    def copy(self) -> GameState:
        """A copy to change (the engine makes one per command and one per replay), built
        from every field, so a field added to the class is copied with the others."""
        return GameState(*_FIELD_VALUES(self))

    @property
    def top_card(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def in_play(self, seat: int) -> bool:
        return self.seat_states[seat] in IN_PLAY

    def seats_in_play(self) -> tuple[int, ...]:
        return _SEATS_IN_PLAY[self.seat_states]

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


#: Every field's value, in the order `__init__` takes them.
_FIELD_VALUES = attrgetter(*(f.name for f in fields(GameState)))
