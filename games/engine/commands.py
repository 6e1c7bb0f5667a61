"""Commands: what a seat (or the system) asks the engine to do. Imperative, frozen."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .cards import Card, Color
from .codec import to_json
from .rules import RuleSet
from .state import OnAbandon, TimeoutAction, Timers


@dataclass(frozen=True, slots=True)
class Position:
    """A staff-given starting position (the API's `position`), seats as integers."""

    hands: dict[int, tuple[Card, ...]]
    discard: tuple[Card, ...]  # top first, as given
    draw: tuple[Card, ...]  # top first
    color: Color | None
    direction: int
    to_act: int
    dealer: int
    scores: dict[int, int] = field(default_factory=dict)
    eliminated: tuple[int, ...] = ()
    unplaced: str = "draw_bottom"  # or "out_of_play"
    side: str = "light"  # UNO FLIP!: the side up ("dark": the cards lie dark face up)


@dataclass(frozen=True, slots=True)
class StartGame:
    seats: int
    rules: RuleSet
    dealer: int | None = None
    deck: tuple[Card, ...] | None = None  # staff: the first cards of the first deal
    position: Position | None = None
    provably_fair: bool = True
    timeout_action: TimeoutAction = TimeoutAction.DRAW_AND_PASS
    abandon_after: int = 3
    on_abandon: OnAbandon = OnAbandon.BOT
    timers: Timers = Timers()
    bot_seats: tuple[int, ...] = ()  # seats a server bot plays from the start
    seat = None


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: int
    card: Card
    color: Color | None = None
    target: int | None = None
    uno: bool = False


@dataclass(frozen=True, slots=True)
class DrawCard:
    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int


@dataclass(frozen=True, slots=True)
class KeepCard:
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseColor:
    seat: int
    color: Color


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class CallUno:
    seat: int


@dataclass(frozen=True, slots=True)
class CatchUno:
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Challenge:
    seat: int


@dataclass(frozen=True, slots=True)
class Accept:
    seat: int


@dataclass(frozen=True, slots=True)
class Timeout:
    """System: the deadline with this token has passed (`turn-N` or `uno-N`)."""

    token: str
    seat = None


@dataclass(frozen=True, slots=True)
class RemoveSeat:
    """System: the seat leaves the game (forfeit, left, abandoned)."""

    target: int
    reason: str = "left"
    seat = None


@dataclass(frozen=True, slots=True)
class AbortGame:
    """Staff: the game stops here with no result."""

    reason: str
    seat = None


Command = (
    StartGame
    | PlayCard
    | DrawCard
    | Pass
    | KeepCard
    | ChooseColor
    | ChooseTarget
    | CallUno
    | CatchUno
    | Challenge
    | Accept
    | Timeout
    | RemoveSeat
    | AbortGame
)

#: Commands a seat sends, by their `type` in the API (the actions' discriminated union).
ACTION_TYPES: dict[str, type] = {
    "play": PlayCard,
    "draw": DrawCard,
    "pass": Pass,
    "keep": KeepCard,
    "choose_color": ChooseColor,
    "choose_target": ChooseTarget,
    "call_uno": CallUno,
    "catch_uno": CatchUno,
    "challenge": Challenge,
    "accept": Accept,
}
ACTION_TYPE_OF: dict[type, str] = {cls: name for name, cls in ACTION_TYPES.items()}


#: Each action's members but its seat, with their defaults (MISSING: always sent).
_ACTION_MEMBERS: dict[type, tuple[tuple[str, Any], ...]] = {
    cls: tuple((f.name, f.default) for f in fields(cls) if f.name != "seat")
    for cls in ACTION_TYPES.values()
}


def action_body(command: Any) -> dict[str, Any]:
    """The API body (without the seat) that sends this seat command: its type, and each
    member that is not its default, as the codec writes it."""
    body: dict[str, Any] = {"type": ACTION_TYPE_OF[type(command)]}
    for name, default in _ACTION_MEMBERS[type(command)]:
        value = getattr(command, name)
        if value is not default:
            body[name] = to_json(value)
    return body
