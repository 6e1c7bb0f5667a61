"""Cross-process wake-ups: a committed write announces the game's new version on a
PostgreSQL channel, and each web process listens on it (games.live.watch). A notification is
a hint to read the log again, never the data: one lost delays a reader, never misleads
it. SQLite has no channel; readers there poll the head rows instead.

A write that changes which games a player sits in (a game created with them seated, a
seat taken, a rematch of a game they sat in) also names each such player on the same
channel (`player <id>`), so that the player's own stream, which waits on the games it
knows of, learns of one it does not know yet."""

from __future__ import annotations

import uuid

from django.db import connection

CHANNEL = "uno_game_versions"
_PLAYER = "player "


def announce(game_id, version: int) -> None:
    """Inside the writing transaction: PostgreSQL delivers the notification when (and
    only if) the transaction commits, so listeners never hear of a write they cannot
    read yet, nor of one rolled back."""
    _notify([payload(game_id, version)])


def announce_players(player_ids) -> None:
    """Inside the writing transaction, like `announce`: these players' games changed."""
    _notify([player_payload(player_id) for player_id in sorted(set(map(str, player_ids)))])


def _notify(payloads: list[str]) -> None:
    if connection.vendor != "postgresql" or not payloads:
        return
    with connection.cursor() as cursor:
        for text in payloads:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, text])


def payload(game_id, version: int) -> str:
    return f"{game_id} {version}"


def player_payload(player_id) -> str:
    return f"{_PLAYER}{player_id}"


def parse_payload(text: str) -> tuple[uuid.UUID, int] | None:
    game_id, _, version = text.partition(" ")
    try:
        return uuid.UUID(game_id), int(version)
    except ValueError:
        return None


def parse_player_payload(text: str) -> uuid.UUID | None:
    if not text.startswith(_PLAYER):
        return None
    try:
        return uuid.UUID(text.removeprefix(_PLAYER))
    except ValueError:
        return None
