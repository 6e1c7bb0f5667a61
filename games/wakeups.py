"""Cross-process wake-ups: a committed write announces the game's new version on a
PostgreSQL channel, and each web process listens on it (games.watch). A notification is
a hint to read the log again, never the data: one lost delays a reader, never misleads
it. SQLite has no channel; readers there poll the head rows instead."""

from __future__ import annotations

import uuid

from django.db import connection

CHANNEL = "uno_game_versions"


def announce(game_id, version: int) -> None:
    """Inside the writing transaction: PostgreSQL delivers the notification when (and
    only if) the transaction commits, so listeners never hear of a write they cannot
    read yet, nor of one rolled back."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload(game_id, version)])


def payload(game_id, version: int) -> str:
    return f"{game_id} {version}"


def parse_payload(text: str) -> tuple[uuid.UUID, int] | None:
    game_id, _, version = text.partition(" ")
    try:
        return uuid.UUID(game_id), int(version)
    except ValueError:
        return None
