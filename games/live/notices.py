"""A player's notices across their games, derived from the games' head rows.

The player's own stream (games.live.frames) reads the head rows of the games the player sits
in, keeps what it read as `Marks`, and on each wake-up reads them again: the notices are
the differences between the two reads. A wake-up is only a hint to read again, so a lost
one delays a notice and never loses it, and a notice is never sent for something that
did not happen, however many writes were folded into one read.

What is read: the games the player sits in (a seat not left) that are waiting or active,
and those that ended since shortly before the stream opened (`RECENTLY_ENDED`), whose
rematch the player may still be told of.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q

from games.models import Game, GameStatus
from unoservice.clock import format_time

#: An ended game is followed for its rematch if it ended at most this long before the
#: stream opened (or while it is open).
RECENTLY_ENDED = timedelta(hours=1)

_LIVE = (GameStatus.WAITING, GameStatus.ACTIVE)
_FIELDS = (
    "id",
    "status",
    "version",
    "phase",
    "to_act",
    "round",
    "deadline_at",
    "winner",
    "seated",
    "next_game_id",
    "started_at",
)


@dataclass(frozen=True, slots=True)
class Mark:
    """What the player's stream last read of one game."""

    game: str
    status: str
    version: int
    phase: str
    to_act: int | None
    round: int
    deadline_at: str | None
    winner: object
    started: bool
    next_game: str | None
    my_seat: int
    seats: dict  # seat -> the player in it ({"id", "name"}, and "bot": true)

    @property
    def live(self) -> bool:
        return self.status in _LIVE

    @property
    def my_turn(self) -> bool:
        return self.status == GameStatus.ACTIVE and self.to_act == self.my_seat

    @property
    def turn(self) -> dict:
        return {
            "game": self.game,
            "version": self.version,
            "phase": self.phase,
            "deadline_at": self.deadline_at,
        }


Marks = dict[str, Mark]


def player_games(player, *, ended_since: datetime) -> Marks:
    """The games `player` sits in that are waiting or active, or ended since
    `ended_since`, in the order they were created (one query)."""
    rows = (
        Game.objects.filter(seats__player=player, seats__left_at__isnull=True)
        .filter(Q(status__in=_LIVE) | Q(ended_at__gte=ended_since))
        .order_by("created_at", "id")
        .values(*_FIELDS)
    )
    marks = (_mark(row, str(player.pk)) for row in rows)
    return {mark.game: mark for mark in marks if mark is not None}


def snapshot(marks: Marks) -> dict:
    """The first frame: where the player must act, and the games they wait in or play."""
    return {
        "your_turn": [m.turn for m in marks.values() if m.my_turn],
        "waiting": [m.game for m in marks.values() if m.status == GameStatus.WAITING],
        "active": [m.game for m in marks.values() if m.status == GameStatus.ACTIVE],
    }


def changes(before: Marks, after: Marks) -> list[tuple[str, dict]]:
    """The notices (kind, data) that take a player from `before` to `after`: game by
    game, seats first, then the start, the turn, the end and the rematch."""
    notices = []
    for game, was in before.items():
        if game not in after and was.status == GameStatus.WAITING:
            notices.append(_seat_notice("seat_left", was, was.my_seat, was.seats[was.my_seat]))
    for game, now in after.items():
        notices += _game_changes(before.get(game), now)
    return notices


def _game_changes(was: Mark | None, now: Mark) -> list[tuple[str, dict]]:
    notices = []
    if was is None:
        if now.status == GameStatus.WAITING:
            notices.append(_seat_notice("seat_taken", now, now.my_seat, now.seats[now.my_seat]))
    elif was.status == GameStatus.WAITING:
        notices += _seat_changes(was, now)
    if now.started and (was is None or not was.started):
        notices.append(("game_started", {"game": now.game, "version": now.version}))
    if now.my_turn and (was is None or not was.my_turn or _turn_key(was) != _turn_key(now)):
        notices.append(("your_turn", now.turn))
    if not now.live and (was is None or was.live):
        notices.append(("game_ended", {"game": now.game, "winner": now.winner}))
    if now.next_game and (was is None or not was.next_game):
        notices.append(("rematch", {"game": now.game, "next_game": now.next_game}))
    return notices


def _seat_changes(was: Mark, now: Mark) -> list[tuple[str, dict]]:
    notices = []
    for seat, player in sorted(was.seats.items()):
        if now.seats.get(seat, {}).get("id") != player["id"]:
            notices.append(_seat_notice("seat_left", now, seat, player))
    for seat, player in sorted(now.seats.items()):
        if was.seats.get(seat, {}).get("id") != player["id"]:
            notices.append(_seat_notice("seat_taken", now, seat, player))
    return notices


def _seat_notice(kind: str, mark: Mark, seat: int, player: dict) -> tuple[str, dict]:
    return kind, {"game": mark.game, "seat": seat, "player": player}


def _turn_key(mark: Mark) -> tuple:
    """A new turn of the player's, as far as the head row tells: another round, phase or
    deadline (with timers, every turn has its own deadline)."""
    return mark.round, mark.phase, mark.deadline_at


def _mark(row: dict, player_id: str) -> Mark | None:
    seated = [s for s in row["seated"] if not s["left"]]
    my_seat = next((s["seat"] for s in seated if s["player"]["id"] == player_id), None)
    if my_seat is None:
        return None
    deadline = row["deadline_at"]
    return Mark(
        game=str(row["id"]),
        status=row["status"],
        version=row["version"],
        phase=row["phase"],
        to_act=row["to_act"],
        round=row["round"],
        deadline_at=format_time(deadline) if deadline else None,
        winner=row["winner"],
        started=row["started_at"] is not None,
        next_game=str(row["next_game_id"]) if row["next_game_id"] else None,
        my_seat=my_seat,
        seats={s["seat"]: s["player"] for s in seated},
    )
