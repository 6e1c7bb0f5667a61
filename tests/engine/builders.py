"""Building engine states for tests: prearranged hands, top card and draw pile.

Positions are laid out through the engine's own `StartGame(position=...)`, so every
state a test starts from has a real event log behind it and replays.

Cards can be written as contract codes (`red-5`, `wild-draw4`) or in SCENARIOS.md's
short form: `R5`, `Gskip`, `Brev`, `Y+2`, `W`, `W+4`, `WSwap`, `WShuf`, `WCust`,
`WD1`, `WD2`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.engine import (
    Card,
    GameState,
    Position,
    RuleViolation,
    StartGame,
    card,
    replay,
    rule_set_from,
    step,
)
from games.engine.events import Event

_COLORS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
_WILDS = {
    "W": "wild",
    "W+4": "wild-draw4",
    "WSwap": "wild-swap",
    "WShuf": "wild-shuffle",
    "WCust": "wild-custom",
    "WD1": "wild-downpour1",
    "WD2": "wild-downpour2",
}
_RANKS = {"skip": "skip", "rev": "reverse", "+2": "draw2"}


def c(text: str) -> Card:
    """One card from a code or SCENARIOS.md short form."""
    if text in _WILDS:
        return card(_WILDS[text])
    if text[:1] in _COLORS and "-" not in text:
        rank = text[1:]
        return card(f"{_COLORS[text[0]]}-{_RANKS.get(rank, rank)}")
    return card(text)


def cs(text: str) -> tuple[Card, ...]:
    """Cards from a space-separated list: `cs("R5 G7 W")`."""
    return tuple(c(t) for t in text.split())


class StackedRng(random.Random):
    """A seeded RNG whose next shuffles put chosen cards on top, in order (one list per
    shuffle; an empty list leaves that shuffle random)."""

    def __init__(self, *tops: str, seed: int = 0):
        super().__init__(seed)
        self.tops = [cs(t) for t in tops]

    def shuffle(self, x: list) -> None:  # noqa: D102
        super().shuffle(x)
        if self.tops:
            wanted = self.tops.pop(0)
            for card_ in reversed(wanted):
                x.remove(card_)
                x.insert(0, card_)


@dataclass
class Table:
    """A game under test: its state, its log, and the RNG every command draws from."""

    state: GameState
    events: list[Event] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def act(self, command) -> tuple[Event, ...]:
        outcome = step(self.state, command, self.rng)
        self.state = outcome.state
        self.events += outcome.events
        return outcome.events

    def rejects(self, command) -> str:
        """Send a command that must be refused; returns its code, checks nothing changed."""
        before = self.state
        try:
            step(self.state, command, self.rng)
        except RuleViolation as violation:
            assert self.state == before
            return violation.code.value
        raise AssertionError(f"{command} was accepted")

    def hand(self, seat: int) -> tuple[str, ...]:
        return tuple(x.code for x in self.state.hands[seat])

    def replays(self) -> bool:
        return replay(self.events) == self.state


def position_game(
    *,
    seats: int = 4,
    preset: str = "classic",
    options: dict | None = None,
    hands: dict[int, str] | None = None,
    top: str = "R5",
    discard_below: str = "",
    color: str | None = None,
    draw: str = "",
    to_act: int = 1,
    dealer: int = 0,
    direction: int = 1,
    scores: dict[int, int] | None = None,
    eliminated: tuple[int, ...] = (),
    unplaced: str = "draw_bottom",
    rng: random.Random | None = None,
) -> Table:
    """A game started from a position. Seats without a given hand get a filler hand of
    cards that play no part (yellow and blue numbers unless told otherwise)."""
    rules = rule_set_from(preset, options or {})
    given = {seat: cs(text) for seat, text in (hands or {}).items()}
    filler = iter(cs("Y1 B1 Y2 B2 Y3 B3 Y4 B4 Y6 B6 Y8 B8 Y9 B9 Y1 B1 Y2 B2 Y3 B3"))
    for seat in range(seats):
        if seat not in given and seat not in eliminated:
            given[seat] = (next(filler), next(filler))
    position = Position(
        hands=given,
        discard=(c(top),) + cs(discard_below),
        draw=cs(draw),
        color=c(top).color if color is None else _color(color),
        direction=direction,
        to_act=to_act,
        dealer=dealer,
        scores=scores or {},
        eliminated=eliminated,
        unplaced=unplaced,
    )
    table = Table(GameState(), rng=rng or random.Random(0))
    table.act(StartGame(seats, rules, position=position))
    return table


def dealt_game(
    *,
    seats: int = 4,
    preset: str = "classic",
    options: dict | None = None,
    first: str = "R5",
    dealer: int = 0,
    hands: dict[int, str] | None = None,
    then: str = "",
    rng: random.Random | None = None,
) -> Table:
    """A game dealt normally from a staff deck: each seat gets `hands[seat]` (7 cards)
    or filler, then `first` is turned, with `then` on the draw pile under it."""
    rules = rule_set_from(preset, options or {})
    size = rules.hand_size
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    filler = list(cs("Y1 B1 Y2 B2 Y3 B3 Y4 B4 Y6 B6 Y8 B8 Y9 B9 G1 G2 G3 G4 G6 G8 G9") * 4)
    per_seat = {
        s: list(cs(hands[s])) if hands and s in hands else [filler.pop() for _ in range(size)]
        for s in order
    }
    deck = [per_seat[order[i % seats]][i // seats] for i in range(size * seats)]
    deck += [c(first)] + list(cs(then))
    table = Table(GameState(), rng=rng or random.Random(0))
    table.act(StartGame(seats, rules, dealer=dealer, deck=tuple(deck)))
    return table


def _color(name: str):
    from games.engine import Color

    return Color({"R": "red", "Y": "yellow", "G": "green", "B": "blue"}.get(name, name))


def codes_of(text: str) -> tuple[str, ...]:
    """Card codes from short forms, for comparing with `Table.hand`: `codes_of("R5 W")`."""
    return tuple(x.code for x in cs(text))


def of_type(events, event_type) -> list:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, event_type)]


def flip_game(
    *,
    seats: int = 4,
    options: dict | None = None,
    hands: dict[int, str],
    top: str,
    discard_below: str = "",
    draw: str = "",
    side: str = "light",
    color: str | None = None,
    to_act: int = 1,
    dealer: int = 0,
    unplaced: str = "draw_bottom",
    rng: random.Random | None = None,
) -> Table:
    """An UNO FLIP! game from a position, cards by their full codes (`red-5/pink-6`), the
    `side` up as given; every seat's hand must be given."""
    from games.engine import Color

    position = Position(
        hands={seat: cs(text) for seat, text in hands.items()},
        discard=(c(top),) + cs(discard_below),
        draw=cs(draw),
        color=Color(color) if color else None,
        direction=1,
        to_act=to_act,
        dealer=dealer,
        unplaced=unplaced,
        side=side,
    )
    table = Table(GameState(), rng=rng or random.Random(0))
    table.act(StartGame(seats, rule_set_from("flip", options or {}), position=position))
    return table


def flip_dealt_game(
    *, seats: int = 4, hands: dict[int, str], first: str, then: str = "", dealer: int = 0
) -> Table:
    """An UNO FLIP! game dealt from a staff deck: `hands` (7 full codes per seat, every
    seat given), then `first` turned, with `then` under it."""
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    per_seat = {s: cs(hands[s]) for s in order}
    size = len(per_seat[order[0]])
    deck = [per_seat[order[i % seats]][i // seats] for i in range(size * seats)]
    deck += [c(first)] + list(cs(then))
    rules = rule_set_from("flip", {"hand_size": size})
    table = Table(GameState(), rng=random.Random(0))
    table.act(StartGame(seats, rules, dealer=dealer, deck=tuple(deck)))
    return table
