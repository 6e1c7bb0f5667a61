"""The event log is append-only in the database itself, on SQLite as on PostgreSQL.

The service's connections are refused UPDATE and DELETE on `games_gameevent` (raw SQL
included: see test_tamper_evidence.py); `allow_event_log_rewrite()` lifts that for one
block on one connection, for tests and `flush`; a SQLite connection the service did not
open (the sqlite3 shell) is refused too; `flush` still empties the database; a table
remake cannot silently drop SQLite's triggers; and nothing else deletes events: not the
admin, not the ORM.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from contextlib import contextmanager, nullcontext

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import DatabaseError, connection, models, transaction
from django.db.models import ProtectedError

from games import services
from games.log.audit import audit_game
from games.log.storage_guard import (
    EVENT_TABLE,
    SQLITE_INSERT_TRIGGER,
    SQLITE_TRIGGERS,
    allow_event_log_rewrite,
)
from games.models import Game, GameEvent
from players.services import player_for_user, player_register

ALL_SQLITE_TRIGGERS = {*SQLITE_TRIGGERS.values(), SQLITE_INSERT_TRIGGER}


@contextmanager
def refused():
    """The block's statement is refused by the database (in a savepoint, so that the
    test's transaction goes on after PostgreSQL's error)."""
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        yield


def started_game(host=None) -> Game:
    host = host or player_register(name="ann")[0]
    guest, _ = player_register(name="bob")
    game = services.game_create(host=host, seats=2, rules={"preset": "classic"})
    services.game_join(game_id=game.id, player=guest)
    services.game_start(game_id=game.id, player=host)
    game.refresh_from_db()
    return game


def set_actor(row_id: int, actor: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {EVENT_TABLE} SET actor = %s WHERE id = %s", [actor, row_id])
        return cursor.rowcount


def sqlite_triggers() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s",
            [EVENT_TABLE],
        )
        return {name for (name,) in cursor.fetchall()}


def postgres_trigger_state() -> str | None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgenabled FROM pg_trigger WHERE tgname = 'games_gameevent_append_only'"
        )
        found = cursor.fetchone()
        return found[0] if found else None


# --- allow_event_log_rewrite ---------------------------------------------------------


@pytest.mark.django_db
def test_allow_event_log_rewrite_lets_this_connection_change_events_for_the_block_only():
    game = started_game()
    row = GameEvent.objects.filter(game=game).first()

    with allow_event_log_rewrite():
        assert set_actor(row.pk, "seat:9") == 1

    assert GameEvent.objects.get(pk=row.pk).actor == "seat:9"
    assert not audit_game(game)["ok"]  # the edit is caught, as any edit is
    with refused():
        set_actor(row.pk, row.actor)
    if connection.vendor == "postgresql":
        assert postgres_trigger_state() == "O"  # enabled again


@pytest.mark.django_db
def test_an_error_inside_allow_event_log_rewrite_leaves_the_guard_in_place():
    game = started_game()
    row = GameEvent.objects.filter(game=game).first()

    with pytest.raises(RuntimeError), allow_event_log_rewrite():
        raise RuntimeError("the test's own failure")

    with refused():
        set_actor(row.pk, "seat:9")
    assert GameEvent.objects.get(pk=row.pk).actor == row.actor


# --- flush ---------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_flush_empties_the_event_log_and_the_guard_holds_afterwards():
    started_game()
    assert GameEvent.objects.exists()

    call_command("flush", interactive=False, verbosity=0)

    assert not GameEvent.objects.exists()
    assert not Game.objects.exists()
    row = GameEvent.objects.filter(game=started_game()).first()
    with refused():
        set_actor(row.pk, "seat:9")


@pytest.mark.e2e
def test_on_an_embedded_database_the_sqlite3_shell_is_refused_and_manage_py_flush_works(
    tmp_path, repo_dir, child_env, manage
):
    """A separate SQLite file, migrated and used by the service's own processes; then a
    plain sqlite3 connection (no service function, as in the sqlite3 shell) tries to
    edit and delete events, and `manage.py flush` empties the database."""
    database = tmp_path / "db.sqlite3"
    env = child_env(
        DATABASE_URL=f"sqlite:///{database}",
        UNO_DATA_DIR=str(tmp_path / "data"),
        CELERY_BROKER_URL="memory://",
        UNO_SCHEDULE_DEADLINE_TASKS="0",
        PYTHONPATH=str(repo_dir),
    )
    migrated = manage("migrate", "--no-input", env=env)
    assert migrated.returncode == 0, migrated.stderr
    work = subprocess.run(
        [sys.executable, "tests/security/service_work.py"],
        cwd=repo_dir,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert work.returncode == 0, work.stderr
    assert json.loads(work.stdout.splitlines()[-1])["audit_ok"]

    shell = sqlite3.connect(database)
    before = shell.execute(f"SELECT id, actor, hash FROM {EVENT_TABLE} ORDER BY id").fetchall()
    assert before
    for statement in (f"UPDATE {EVENT_TABLE} SET actor = 'system'", f"DELETE FROM {EVENT_TABLE}"):
        with pytest.raises(sqlite3.OperationalError, match="uno_event_log_rewritable"):
            shell.execute(statement)
    for verb in ("INSERT OR REPLACE", "REPLACE"):  # a delete that fires no DELETE trigger
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            shell.execute(overwrite_sql(verb, "id, ") + " LIMIT 1")
    shell.rollback()
    assert shell.execute(f"SELECT id, actor, hash FROM {EVENT_TABLE} ORDER BY id").fetchall() == (
        before
    )
    shell.close()

    flushed = manage("flush", "--no-input", env=env)
    assert flushed.returncode == 0, flushed.stderr
    with sqlite3.connect(database) as shell:
        assert shell.execute(f"SELECT count(*) FROM {EVENT_TABLE}").fetchone() == (0,)


# --- no insert overwrites an event -----------------------------------------------------

#: Every column but `actor`, which the overwrite changes.
COLUMNS = (
    "game_id, seq, type, schema_version, public, private, private_digest, "
    "recorded_at, prev_hash, hash"
)


def overwrite_sql(verb: str, key: str = "") -> str:
    """`verb` (INSERT, INSERT OR REPLACE, REPLACE) of a copy of existing events (their id
    too when `key` is "id, "), with another actor."""
    return (
        f"{verb} INTO {EVENT_TABLE} ({key}{COLUMNS}, actor) "
        f"SELECT {key}{COLUMNS}, 'player:forged' FROM {EVENT_TABLE}"
    )


def overwrites() -> dict[str, str]:
    """The statements that would replace a recorded event (id %s) by inserting over it,
    in this database's dialect, by name."""
    where = " WHERE id = %s"
    if connection.vendor == "sqlite":
        return {
            f"{verb} on {'id' if key else 'game_id, seq'}": overwrite_sql(verb, key) + where
            for verb in ("INSERT OR REPLACE", "REPLACE")
            for key in ("", "id, ")
        }
    return {
        f"ON CONFLICT ({target}) DO UPDATE": overwrite_sql("INSERT", key)
        + where
        + f" ON CONFLICT ({target}) DO UPDATE SET actor = EXCLUDED.actor"
        # the primary key: (id, game_id) in the table partitioned by game (migration 0018)
        for key, target in (("", "game_id, seq"), ("id, ", "id, game_id"))
    }


@pytest.mark.django_db
def test_an_insert_that_would_overwrite_a_recorded_event_is_refused():
    """SQLite's REPLACE deletes the row in its way without firing the DELETE trigger (it
    is refused even inside `allow_event_log_rewrite()`: no rewrite needs it), and
    PostgreSQL's ON CONFLICT DO UPDATE updates it, which its UPDATE trigger refuses. The
    events are unchanged."""
    game = started_game()
    row = GameEvent.objects.filter(game=game).order_by("seq").last()
    before = list(GameEvent.objects.filter(game=game).order_by("seq").values())

    for name, statement in overwrites().items():
        for rewrite_allowed in (False, True) if connection.vendor == "sqlite" else (False,):
            with (
                allow_event_log_rewrite() if rewrite_allowed else nullcontext(),
                refused(),
                connection.cursor() as cursor,
            ):
                cursor.execute(statement, [row.pk])
                pytest.fail(f"{name} went through")

    assert list(GameEvent.objects.filter(game=game).order_by("seq").values()) == before
    assert audit_game(game)["ok"]


# --- SQLite: a table remake drops triggers; migrate puts them back --------------------


@pytest.mark.django_db(transaction=True)
def test_migrate_puts_back_the_sqlite_triggers_a_table_remake_dropped():
    """Django alters a table on SQLite by copying it into a new one, which drops the old
    table's triggers: a later migration of the event table must not leave it unguarded."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's table remake; PostgreSQL alters tables in place")
    old = GameEvent._meta.get_field("type")
    wider = models.CharField(max_length=old.max_length + 1)
    wider.set_attributes_from_name("type")
    try:
        with connection.schema_editor() as editor:
            editor.alter_field(GameEvent, old, wider)
        assert sqlite_triggers() == set()  # what the remake did

        call_command("migrate", verbosity=0)

        assert sqlite_triggers() == ALL_SQLITE_TRIGGERS
        row = GameEvent.objects.filter(game=started_game()).first()
        with refused():
            set_actor(row.pk, "seat:9")
        with refused(), connection.cursor() as cursor:
            cursor.execute(overwrite_sql("REPLACE", "id, ") + " WHERE id = %s", [row.pk])
    finally:
        with connection.schema_editor() as editor:
            editor.alter_field(GameEvent, wider, old)
        call_command("migrate", verbosity=0)
    assert sqlite_triggers() == ALL_SQLITE_TRIGGERS


# --- nothing else deletes events ------------------------------------------------------


@pytest.fixture
def admin_client(client):
    root = get_user_model().objects.create_user("root", is_staff=True, is_superuser=True)
    client.force_login(root)
    return client


@pytest.mark.django_db
def test_a_game_with_events_cannot_be_deleted_through_the_orm():
    game = started_game()
    with pytest.raises(ProtectedError):
        Game.objects.filter(pk=game.pk).delete()
    assert GameEvent.objects.filter(game=game).count() == game.version


@pytest.mark.django_db
def test_the_admin_offers_no_way_to_delete_a_game(admin_client):
    game = started_game()

    page = admin_client.get(f"/admin/games/game/{game.pk}/delete/")
    listing = admin_client.get("/admin/games/game/")
    action = admin_client.post(
        "/admin/games/game/",
        {"action": "delete_selected", "_selected_action": [str(game.pk)], "post": "yes"},
    )

    assert page.status_code == 403
    assert listing.status_code == 200 and b'value="delete_selected"' not in listing.content
    assert action.status_code in (200, 302)
    assert GameEvent.objects.filter(game=game).count() == game.version


@pytest.mark.django_db
def test_deleting_a_user_who_played_is_refused_with_a_message_not_an_error(admin_client):
    get_user_model().objects.create_user("host", is_staff=True)
    game = started_game(host=player_for_user(username="host"))
    user = get_user_model().objects.get(username="host")

    page = admin_client.get(f"/admin/auth/user/{user.pk}/delete/")
    confirmed = admin_client.post(f"/admin/auth/user/{user.pk}/delete/", {"post": "yes"})

    for response in (page, confirmed):  # the page says why, and the POST changes nothing
        assert response.status_code == 200
        assert "Cannot delete user" in response.content.decode()
    assert get_user_model().objects.filter(pk=user.pk).exists()
    assert GameEvent.objects.filter(game=game).count() == game.version
