"""Reads: who may see a game, its state, its events, replays, exports."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter

from django.db import connection
from django.db.models import Q, QuerySet

from games import engine
from games.engine import GameState
from players.models import Player

from .errors import GameNotEnded, GameNotFound, GameNotSealed, StaffOnly
from .hashing import GENESIS_HASH, format_time
from .models import Game, GameEvent, GameStatus, SigningKey, Visibility
from .presentation import event_document, game_document, reveals_all, viewer_of
from .store import engine_events, load_events
from .write import events_committed, load_state, replay_state

FEED_PAGE = 500
FEED_POLL_SECONDS = 0.2

logger = logging.getLogger(__name__)


def game_list(*, player: Player, status: str | None = None) -> QuerySet[Game]:
    """Games the player may see: public ones, and invite games they sit in (staff: all)."""
    games = Game.objects.all()
    if not player.is_staff:
        games = games.filter(Q(visibility=Visibility.PUBLIC) | Q(seats__player=player)).distinct()
    if status:
        games = games.filter(status=status)
    return games.select_related("host")


def game_get(*, game_id, player: Player) -> Game:
    game = Game.head_row(game_id)
    if game is None:
        raise GameNotFound()
    invited_only = game.visibility == Visibility.INVITE and not player.is_staff
    if invited_only and not _ever_seated(game, player):
        raise GameNotFound()
    return game


def game_view_get(*, game: Game, player: Player, state: GameState | None = None) -> dict:
    if state is None and game.status != GameStatus.WAITING:
        state = load_state(game)
    return game_document(game, state, viewer_of(game, player))


def legal_actions_get(*, game: Game, player: Player) -> list[dict]:
    viewer = viewer_of(game, player)
    if viewer.seat is None or game.status != GameStatus.ACTIVE:
        return []
    state = load_state(game)
    return [engine.action_body(a) for a in engine.legal_actions(state, viewer.seat)]


class _VersionWatch:
    """Long-polls wait here without a database connection. One thread per process reads
    the versions of the games being waited on (one query every FEED_POLL_SECONDS) and
    wakes their requests; it stops, closing its connection, when nobody waits. (Each
    waiting request used to hold its own connection, so as many long-polls as
    PostgreSQL allows connections made every other request fail.)"""

    def __init__(self):
        self._changed = threading.Condition()
        self._waiters: Counter = Counter()
        self._versions: dict = {}
        self._running = False

    def wait_past(self, game_id, version: int, timeout: float) -> None:
        """Return once the game's version exceeds `version`, or after `timeout` s."""
        deadline = time.monotonic() + timeout
        with self._changed:
            self._waiters[game_id] += 1
            if not self._running:
                self._running = True
                threading.Thread(target=self._run, name="uno-feed-watch", daemon=True).start()
            try:
                while self._versions.get(game_id, version) <= version:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return
                    self._changed.wait(left)
            finally:
                self._waiters[game_id] -= 1
                if not self._waiters[game_id]:
                    del self._waiters[game_id]
                    self._versions.pop(game_id, None)

    def nudge(self, game_id, version: int) -> None:
        """A write in this process committed: wake its waiters now, not at the next poll."""
        with self._changed:
            if game_id in self._waiters:
                self._versions[game_id] = max(version, self._versions.get(game_id, 0))
                self._changed.notify_all()

    def _run(self) -> None:
        stopped = False
        try:
            while True:
                with self._changed:
                    waited_on = list(self._waiters)
                    if not waited_on:
                        self._running = False
                        stopped = True
                        return
                try:
                    found = Game.objects.filter(pk__in=waited_on).values_list("id", "version")
                    versions = dict(found)
                except Exception:  # the next round reconnects; waiters time out meanwhile
                    logger.warning("long-poll version check failed", exc_info=True)
                    connection.close()
                    versions = {}
                with self._changed:
                    for game_id, version in versions.items():
                        if game_id in self._waiters:  # nobody may wait on it any more
                            self._versions[game_id] = version
                    self._changed.notify_all()
                time.sleep(FEED_POLL_SECONDS)
        finally:
            if not stopped:  # an unexpected error: let the next waiter start a new thread
                with self._changed:
                    self._running = False
            connection.close()


_version_watch = _VersionWatch()


def _wake_waiters(sender, game_id, version, **kwargs) -> None:
    _version_watch.nudge(game_id, version)


events_committed.connect(_wake_waiters, dispatch_uid="games.selectors.wake_waiters")


def event_feed(*, game: Game, player: Player, after: int = 0, wait: float = 0) -> dict:
    """The caller's redacted events after `after` (a page of at most 500); with `wait`,
    hold the request until one exists or the time is up, without holding a database
    connection meanwhile (inside a transaction, as in some tests, it polls instead)."""
    deadline = time.monotonic() + wait
    rows = load_events(game.id, after=after, limit=FEED_PAGE)
    while not rows and time.monotonic() < deadline:
        if connection.in_atomic_block:
            time.sleep(min(FEED_POLL_SECONDS, max(0.0, deadline - time.monotonic())))
        else:
            connection.close()
            _version_watch.wait_past(game.id, after, deadline - time.monotonic())
        rows = load_events(game.id, after=after, limit=FEED_PAGE)
    game.refresh_from_db(fields=["version", "head_hash", "status"])
    viewer = viewer_of(game, player)
    reveal = reveals_all(game, viewer)
    return {
        "version": game.version,
        "head_hash": game.head_hash,
        "events": [event_document(row, viewer, reveal_all=reveal) for row in rows],
    }


def game_replay_get(*, game: Game, player: Player, at: int) -> dict:
    """The game as of `seq` `at`, as the caller may see it then (staff: everything;
    the game's players: everything once the game has ended)."""
    at = max(0, min(at, game.version))
    viewer = viewer_of(game, player)
    state = replay_state(game, upto=at)
    # game_document already opens every hand to staff, and to the players once the game
    # has ended; overwriting it with the engine's raw view (as this did) dropped each
    # seat's `player` and `catchable_until` and replaced `uno_window` by `uno_windows`.
    document = game_document(game, state if state.seat_count else None, viewer)
    # The status as of `at`, not the game's status now (a finished game replayed at its
    # start was shown as "finished" while in phase "play").
    status = "waiting" if state.status == engine.Status.NOT_STARTED else state.status.value
    document["status"] = status
    if not state.seat_count:
        document["phase"] = "finished" if status == GameStatus.ABORTED else "waiting"
    document["version"] = at
    document["head_hash"] = _hash_at(game, at)
    document["replay_of"] = game.version
    return document


def export_lines(*, game: Game, player: Player):
    """NDJSON lines: a header, then every event redacted for the caller."""
    import json

    viewer = viewer_of(game, player)
    reveal = reveals_all(game, viewer)
    yield (
        json.dumps(
            {
                "format": "uno-game-export",
                "format_version": 1,
                "game": str(game.id),
                "version": game.version,
                "head_hash": game.head_hash,
                **({"seal": game.seal} if game.seal is not None else {}),
            }
        )
        + "\n"
    )
    for row in GameEvent.objects.filter(game=game).order_by("seq").iterator(chunk_size=500):
        yield json.dumps(event_document(row, viewer, reveal_all=reveal), ensure_ascii=False) + "\n"


def seal_get(*, game: Game) -> dict:
    """The seal of an ended game (the caller may read the game: `game_get` said so)."""
    if game.status not in (GameStatus.FINISHED, GameStatus.ABORTED):
        raise GameNotEnded(version=game.version)
    if game.seal is None:
        raise GameNotSealed(version=game.version)
    return game.seal


def signing_keys_get() -> dict:
    keys = SigningKey.objects.order_by("created_at")
    return {
        "keys": [
            {
                "key_id": key.key_id,
                "alg": key.alg,
                "public_key": key.public_key,
                "created_at": format_time(key.created_at),
                "retired_at": format_time(key.retired_at) if key.retired_at else None,
            }
            for key in keys
        ]
    }


def audit_allowed(*, game: Game, player: Player) -> None:
    """Staff, or the game's players once it has ended."""
    if player.is_staff:
        return
    ended = game.status in (GameStatus.FINISHED, GameStatus.ABORTED)
    if not (ended and _ever_seated(game, player)):
        raise StaffOnly(
            "The audit is open to staff, and to the game's players once it ends.",
            version=game.version,
        )


def _hash_at(game: Game, seq: int) -> str:
    """The hash of event `seq` (the chain's start, 64 zeros, for 0)."""
    if seq == 0:
        return GENESIS_HASH
    return GameEvent.objects.filter(game=game, seq=seq).values_list("hash", flat=True).get()


def _ever_seated(game: Game, player: Player) -> bool:
    return any(s.player_id == str(player.id) for s in game.seat_rows())


def engine_log(game: Game):
    return engine_events(load_events(game.id))
