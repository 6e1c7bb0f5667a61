"""Moving an ended, sealed game's log into cold storage (games.log.archive), the only way
a game's events leave the hot table.

`archive_game` does it in one transaction: it locks the game, requires it ended, sealed
and not archived yet, audits its log (chain, replay, shuffles, seal), encodes it, decodes
the copy again and compares every field of every row with the stored ones, writes the
archive, marks the game and only then deletes its events. PostgreSQL's append-only
trigger lets a DELETE through only for a game whose archive exists, and the service's
role has no DELETE grant on the events at all: only the owner (who runs `manage.py
archive_games`, as it runs `migrate`) moves a log. SQLite has one file and no roles: the
owner's process goes through its triggers as `allow_event_log_rewrite` lets it.
"""

from __future__ import annotations

from django.db import connection, transaction

from games.log.archive import CODEC, decode, encode
from games.log.audit import audit_rows
from games.log.storage_guard import allow_event_log_rewrite
from games.models import ArchivedLog, Game, GameEvent, GameStatus
from unoservice import clock


class ArchiveRefused(Exception):
    """The game may not be archived (not ended, not sealed, already archived, or its log
    does not verify); nothing was changed."""


def archive_game(game_id) -> ArchivedLog:
    """Move an ended, sealed game's log into cold storage (the module's docstring says
    how); ArchiveRefused, with nothing changed, when it may not be."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status not in (GameStatus.FINISHED, GameStatus.ABORTED):
            raise ArchiveRefused(f"game {game.id} has not ended")
        if game.archived:
            raise ArchiveRefused(f"game {game.id} is archived already")
        if game.seal is None:
            raise ArchiveRefused(f"game {game.id} is not sealed (manage.py seal_games)")
        rows = list(GameEvent.objects.filter(game=game).order_by("seq"))
        failed = [c["name"] for c in audit_rows(game, rows)["checks"] if not c["ok"]]
        if failed:
            raise ArchiveRefused(f"game {game.id}: its audit fails ({', '.join(failed)})")
        data = encode(rows)
        _check_same(rows, decode(game.id, data))
        archive = ArchivedLog.objects.create(
            game=game,
            codec=CODEC,
            events=len(rows),
            head_hash=game.head_hash,
            data=data,
            archived_at=clock.now(),
        )
        Game.objects.filter(pk=game.pk).update(archived=True)
        _delete_hot_rows(game)
    return archive


def _check_same(stored: list[GameEvent], decoded: list[GameEvent]) -> None:
    fields = [f.attname for f in GameEvent._meta.concrete_fields if f.attname != "id"]
    if len(stored) != len(decoded):
        raise ArchiveRefused("the archived copy has another number of events")
    for old, new in zip(stored, decoded, strict=True):
        for name in fields:
            if getattr(old, name) != getattr(new, name):
                raise ArchiveRefused(f"the archived copy differs at seq {old.seq}: {name}")


def _delete_hot_rows(game: Game) -> None:
    table = connection.ops.quote_name(GameEvent._meta.db_table)
    column = connection.ops.quote_name(GameEvent._meta.get_field("game").column)
    key = Game._meta.pk.get_db_prep_value(game.pk, connection)
    if connection.vendor == "sqlite":
        with allow_event_log_rewrite(), connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {table} WHERE {column} = %s", [key])
        return
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {table} WHERE {column} = %s", [key])
