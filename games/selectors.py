"""Reads: who may see a game, its state, its events, replays, exports."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Exists, OuterRef, Q, QuerySet

from games import engine
from games.engine import GameState
from games.log import signing_keys
from games.log.store import engine_events, event_hash_at, events_of
from players.models import Player

from .errors import GameNotEnded, GameNotFound, GameNotSealed, StaffOnly
from .models import Game, GameEvent, GameSeat, GameStatus, Visibility
from .presentation import (
    event_document,
    game_document,
    legal_action_bodies,
    reveals_all,
    reveals_shuffles,
    viewer_of,
)
from .replay_links import replay_path
from .write import load_state, replay_state

FEED_PAGE = 500


@dataclass(frozen=True)
class GameFilters:
    """What `GET /games` narrows the lobby to; None means any."""

    status: str | None = None
    preset: str | None = None
    player_id: str | None = None  # games that player sits or sat in
    mine: bool = False  # games the caller sits, sat in or hosts
    visibility: str | None = None
    updated_after: datetime | None = None


def game_list(*, player: Player, filters: GameFilters = GameFilters()) -> QuerySet[Game]:
    """Games the player may see: public ones, and invite games they sit in (staff: all)."""
    games = Game.objects.all()
    if not player.is_staff:
        games = games.filter(Q(visibility=Visibility.PUBLIC) | _seated(player.id))
    if filters.status:
        games = games.filter(status=filters.status)
    if filters.preset:
        games = games.filter(rules__preset=filters.preset)
    if filters.player_id:
        games = games.filter(_seated(filters.player_id))
    if filters.mine:
        games = games.filter(Q(host=player) | _seated(player.id))
    if filters.visibility:
        games = games.filter(visibility=filters.visibility)
    if filters.updated_after:
        games = games.filter(updated_at__gt=filters.updated_after)
    return games.select_related("host")


def _seated(player_id) -> Exists:
    return Exists(GameSeat.objects.filter(game=OuterRef("pk"), player_id=player_id))


#: The head row's columns that `GET /legal-actions` reads: seven of its 33, two of
#: its nine JSON documents (a column left out would cost a query of its own if read).
LEGAL_ACTIONS_FIELDS = ("id", "status", "visibility", "version", "state", "state_format", "seated")


def game_get(*, game_id, player: Player, fields: tuple[str, ...] | None = None) -> Game:
    """The game's head row, if `player` may see the game; `fields`: only those columns."""
    game = Game.head_row(game_id, fields=fields)
    if game is None:
        raise GameNotFound()
    invited_only = game.visibility == Visibility.INVITE and not player.is_staff
    if invited_only and not _ever_seated(game, player):
        raise GameNotFound()
    return game


def game_view_get(
    *, game: Game, player: Player, state: GameState | None = None, with_rules: bool = True
) -> dict:
    """The game as the caller may see it; once it has ended, with the caller's own link to
    its replay page (`replay_url`, a path here: the API makes it absolute). `rules` and
    `timers` only `with_rules` (`rules_id` always)."""
    if state is None and game.status != GameStatus.WAITING:
        state = load_state(game)
    document = game_document(game, state, viewer_of(game, player), with_rules=with_rules)
    document["replay_url"] = replay_path(game, player)
    return document


def legal_actions_get(*, game: Game, player: Player) -> list[dict]:
    viewer = viewer_of(game, player)
    if viewer.seat is None or game.status != GameStatus.ACTIVE:
        return []
    return legal_action_bodies(game, load_state(game), viewer)


def event_feed(*, game: Game, player: Player, after: int = 0) -> dict:
    """The caller's redacted events after `after` (a page of at most 500)."""
    rows = events_of(game, after=after, limit=FEED_PAGE)
    game.refresh_from_db(fields=["version", "head_hash", "status"])
    viewer = viewer_of(game, player)
    reveal, shuffles = reveals_all(game, viewer), reveals_shuffles(game)
    return {
        "version": game.version,
        "head_hash": game.head_hash,
        "events": [
            event_document(row, viewer, reveal_all=reveal, reveal_shuffles=shuffles) for row in rows
        ],
    }


def game_replay_get(*, game: Game, player: Player, at: int) -> dict:
    """The game as of `seq` `at`, as the caller may see it then (staff: everything;
    the game's players: everything once the game has ended), with the caller's
    `replay_url` once the game has ended, as in its view."""
    at = max(0, min(at, game.version))
    viewer = viewer_of(game, player)
    state = replay_state(game, upto=at)
    document = replay_document(game, state, viewer, at, event_hash_at(game, at))
    document["replay_url"] = replay_path(game, player)
    return document


def replay_document(game: Game, state: GameState, viewer, at: int, head_hash: str) -> dict:
    """The game document of `state`, the game as of seq `at` (the replay viewer builds one
    per step from a single fold of the log)."""
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
    document["head_hash"] = head_hash
    document["replay_of"] = game.version
    document["legal_actions"] = []  # a position of the past: nothing can be sent to it
    return document


def export_lines(*, game: Game, player: Player):
    """NDJSON lines: a header, then every event redacted for the caller."""
    import json

    viewer = viewer_of(game, player)
    reveal, shuffles = reveals_all(game, viewer), reveals_shuffles(game)
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
    for row in _export_rows(game):
        yield (
            json.dumps(
                event_document(row, viewer, reveal_all=reveal, reveal_shuffles=shuffles),
                ensure_ascii=False,
            )
            + "\n"
        )


def seal_get(*, game: Game) -> dict:
    """The seal of an ended game (the caller may read the game: `game_get` said so)."""
    if game.status not in (GameStatus.FINISHED, GameStatus.ABORTED):
        raise GameNotEnded(version=game.version)
    if game.seal is None:
        raise GameNotSealed(version=game.version)
    return game.seal


def signing_keys_get() -> dict:
    """The service's public keys, from its key files (never from the database)."""
    return {"keys": signing_keys.keyring()}


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


def _export_rows(game: Game):
    if game.archived:
        return events_of(game)
    return GameEvent.objects.filter(game=game).order_by("seq").iterator(chunk_size=500)


def _ever_seated(game: Game, player: Player) -> bool:
    return any(s.player_id == str(player.id) for s in game.seat_rows())


def engine_log(game: Game):
    return engine_events(events_of(game))
