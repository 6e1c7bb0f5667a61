"""What one game's log says about its players (pure: no Django).

`game_outcome(entries)` reads a game's log as `(type, public)` pairs, oldest first, each
in the current shape of its type (scoring.projections upcasts older ones; the public
parts are enough: nothing here is secret), and returns who sat where, each seat's
figures and finishing place, and whether and how the match is rated.

Places: by the final standing (`match_ended`'s ranking, teams as teams), except that a
seat removed from play or abandoned (taken over by a bot after its timeouts) places
below every seat still playing, earlier departures lower. Unrated: aborted games, games
with a staff `seed`, `deck` or `position`, and games where bots sat with people; games
of bots alone are rated on a board of their own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

PLAYERS_BOARD, BOTS_BOARD = "players", "bots"
FINISHED, ABORTED = "finished", "aborted"
#: Staff set-up that decides the cards: such a game proves nothing about its players.
UNRATED_SETUP = frozenset({"seed", "deck", "position"})

#: The log's event types this module reads (a reader may fetch only these).
TYPES_READ = (
    "game_created",
    "seat_taken",
    "seat_left",
    "game_started",
    "round_started",
    "round_ended",
    "match_ended",
    "game_aborted",
    "seat_status_changed",
    "uno_called",
    "uno_caught",
    "uno_penalty_applied",
    "timed_out",
)


@dataclass
class SeatRecord:
    player_id: str
    bot: bool
    place: int | None = None  # finishing place, 1 is best; None unless finished
    won: bool = False
    score: int = 0
    rounds: int = 0
    rounds_won: int = 0
    points: int = 0
    uno_calls: int = 0
    times_caught: int = 0
    catches: int = 0
    timeouts: int = 0


@dataclass
class GameOutcome:
    status: str | None = None  # finished, aborted, or None while it runs
    rules: dict = field(default_factory=dict)  # {"preset", "options"} as recorded
    seats: dict[int, SeatRecord] = field(default_factory=dict)  # seats at the start
    board: str | None = None  # the rating board, None when unrated
    sides: list[list[int]] = field(default_factory=list)  # places 1, 2, … (teams as one)


def game_outcome(entries: Iterable[tuple[str, dict]]) -> GameOutcome:
    reader = _LogReader()
    for type_, public in entries:
        handler = getattr(reader, type_, None)
        if handler is not None:
            handler(public)
    return reader.outcome()


class _LogReader:
    """One method per event type it reads, named after the type."""

    def __init__(self):
        self.status: str | None = None
        self.rules: dict = {}
        self.staff_setup: set[str] = set()
        self.waiting: dict[int, dict] = {}  # seat -> player ref, while seats are taken
        self.seats: dict[int, SeatRecord] = {}
        self.in_round: tuple[int, ...] = ()
        self.departed: list[int] = []  # seats removed or abandoned, in that order
        self.ranking: list[int] = []
        self.winner: int | list[int] | None = None
        self.scores: list[int] = []

    def game_created(self, public: dict) -> None:
        self.rules = public["rules"]
        self.staff_setup = set(public.get("staff_setup", ()))

    def seat_taken(self, public: dict) -> None:
        self.waiting[public["seat"]] = public["player"]

    def seat_left(self, public: dict) -> None:
        if not self.seats:
            self.waiting.pop(public["seat"], None)

    def game_started(self, public: dict) -> None:
        self.rules = public.get("rules", self.rules)
        self.seats = {
            seat: SeatRecord(player["id"], bool(player.get("bot")))
            for seat, player in sorted(self.waiting.items())
        }

    def round_started(self, public: dict) -> None:
        self.in_round = tuple(public["seats_in_play"])

    def round_ended(self, public: dict) -> None:
        for seat in self.in_round:
            self._seat(seat).rounds += 1
        if public["winner"] is not None:
            self._seat(public["winner"]).rounds_won += 1
        for seat, gained in public["points"].items():
            self._seat(int(seat)).points += gained
        self.scores = list(public["scores"])

    def match_ended(self, public: dict) -> None:
        self.status = FINISHED
        self.ranking = list(public["ranking"])
        self.winner = public["winner"]
        self.scores = list(public["scores"])

    def game_aborted(self, public: dict) -> None:
        self.status = ABORTED

    def seat_status_changed(self, public: dict) -> None:
        departed = public["status"] == "removed" or (
            public["status"] == "bot" and public["reason"] != "seated"
        )
        if departed and public["seat"] not in self.departed:
            self.departed.append(public["seat"])

    def uno_called(self, public: dict) -> None:
        self._seat(public["seat"]).uno_calls += 1

    def uno_caught(self, public: dict) -> None:
        self._seat(public["seat"]).catches += 1
        self._seat(public["target"]).times_caught += 1

    def uno_penalty_applied(self, public: dict) -> None:
        self._seat(public["seat"]).times_caught += 1

    def timed_out(self, public: dict) -> None:
        self._seat(public["seat"]).timeouts += 1

    def _seat(self, seat: int) -> SeatRecord:
        """The seat's record; a scratch one for a seat nobody held at the start."""
        return self.seats.get(seat) or SeatRecord("", False)

    # --- the result ------------------------------------------------------------------

    def outcome(self) -> GameOutcome:
        for seat, record in self.seats.items():
            if seat < len(self.scores):
                record.score = self.scores[seat]
        outcome = GameOutcome(self.status, self.rules, self.seats)
        if self.status != FINISHED or not self.seats:
            return outcome
        sides = self._sides()
        for place, side in enumerate(sides, start=1):
            for seat in side:
                self.seats[seat].place = place
        winners = self.winner if isinstance(self.winner, list) else [self.winner]
        for seat in winners:
            if seat in self.seats:
                self.seats[seat].won = True
        outcome.sides = sides
        outcome.board = self._board()
        return outcome

    def _sides(self) -> list[list[int]]:
        """The sides best first: those still playing by the final standing (in teams
        mode a team is one side), then each departed seat alone, the latest first."""
        order = [s for s in self.ranking if s in self.seats]
        order += [s for s in sorted(self.seats) if s not in order]
        playing = [s for s in order if s not in self.departed]
        sides: dict[int, list[int]] = {}
        for seat in playing:
            sides.setdefault(seat % 2 if self._teams() else seat, []).append(seat)
        return list(sides.values()) + [[seat] for seat in reversed(self.departed)]

    def _teams(self) -> bool:
        return bool(self.rules.get("options", {}).get("teams"))

    def _board(self) -> str | None:
        if self.staff_setup & UNRATED_SETUP:
            return None
        bots = {record.bot for record in self.seats.values()}
        if bots == {True}:
            return BOTS_BOARD
        return PLAYERS_BOARD if bots == {False} else None
