"""PostgreSQL in production: the owner migrates, the service runs as a role of its own.

After `migrate` (as the owner, with UNO_DB_SERVICE_ROLE naming the service's role) that
role may append to and read the event log and nothing more: UPDATE, DELETE, TRUNCATE,
ALTER TABLE and disabling the trigger are refused by PostgreSQL itself. It can still do
all the service does: a process connected as that role plays games over HTTP, leaves a
seat, aborts from the admin, has a deadline swept, purges Idempotency-Key records and
expired sessions. The test database gets a role of its own for this (roles belong to the
whole server), dropped afterwards.

The last test runs what docker-compose.yml runs, without Docker: the postgres container's
init script (deploy/postgres-init.sh) against this server, `manage.py migrate` as the
owner it made, and the service's work as the service role it made.
"""

from __future__ import annotations

import json
import re
import secrets
import shutil
import subprocess
import sys
from urllib.parse import quote

import psycopg
import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import connection
from django.test import override_settings

from games.log.audit import audit_game
from games.log.storage_guard import EVENT_TABLE, POSTGRES_TRIGGER, grant_service_role
from games.models import Game, GameEvent, IdempotencyRecord

from .support import call, ok, start_table

pytestmark = pytest.mark.django_db(transaction=True)
PRIVILEGE_REFUSAL = re.compile(
    rf"permission denied for table {EVENT_TABLE}|must be owner of (table|relation) {EVENT_TABLE}"
)


class Role:
    """A login role and the database it connects to (the test database by default)."""

    def __init__(self, name: str, password: str, database: str | None = None):
        self.name = name
        self.password = password
        self.database = database or connection.settings_dict["NAME"]

    def url(self) -> str:
        conf = connection.settings_dict
        host = conf["HOST"] or "127.0.0.1"
        port = f":{conf['PORT']}" if conf.get("PORT") else ""
        auth = f"{quote(self.name)}:{quote(self.password)}"
        return f"postgres://{auth}@{host}{port}/{self.database}"

    def connect(self) -> psycopg.Connection:
        return psycopg.connect(self.url(), connect_timeout=5)


@pytest.fixture
def service_role(postgres):
    """A login role for the service, named after the test database, dropped afterwards."""
    name = f"{connection.settings_dict['NAME']}_service"[:63]
    password = secrets.token_urlsafe(16)
    quoted = connection.ops.quote_name(name)
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [name])
        verb = "ALTER" if cursor.fetchone() else "CREATE"
        cursor.execute(f"{verb} ROLE {quoted} LOGIN PASSWORD %s", [password])
    yield Role(name, password)
    with connection.cursor() as cursor:
        cursor.execute(f"DROP OWNED BY {quoted}")  # its grants and default privileges
        cursor.execute(f"DROP ROLE {quoted}")


def migrate_granting(role: Role) -> None:
    with override_settings(UNO_DB_SERVICE_ROLE=role.name):
        call_command("migrate", verbosity=0)


def played_game(client, moves: int = 6) -> Game:
    table = start_table(client, seats=2, rules={"preset": "classic", "options": {}})
    for _ in range(moves):
        game = ok(call(client, table.staff, "GET", table.path()))
        seat = game["to_act"]
        actions = ok(call(client, table.seats[seat], "GET", table.path("/legal-actions")))
        table.act(client, seat, actions["actions"][0])
    return Game.objects.get(pk=table.game_id)


def refusal_of(role: Role, statement: str, params=()) -> str | None:
    """Run one statement as the role in a transaction that is rolled back: None when it
    went through, else PostgreSQL's error message."""
    with role.connect() as conn:
        try:
            conn.execute(statement, params)
        except psycopg.Error as error:
            return error.diag.message_primary
        finally:
            conn.rollback()
    return None


#: An append by the service's role (a copy of the game's first event, 1,000 places on).
APPEND_A_COPY_OF_THE_FIRST_EVENT = (
    f"INSERT INTO {EVENT_TABLE} (game_id, seq, type, schema_version, public, private, "
    "private_digest, actor, recorded_at, prev_hash, hash) "
    f"SELECT game_id, seq + 1000, type, schema_version, public, private, "
    f"private_digest, actor, recorded_at, hash, hash FROM {EVENT_TABLE} "
    "WHERE game_id = %s AND seq = 1"
)


def assert_each_refused(service_role, refusals: dict, game_id: str, partition: str) -> None:
    """Every statement of `refusals` is refused to the service's role for want of a
    privilege on the partition or the events table (not for any other reason)."""
    said = refusals_of(service_role, refusals, game_id)
    refused = re.compile(
        rf"(permission denied for table|must be owner of table) ({partition}|{EVENT_TABLE})"
    )
    assert {name: s for name, s in said.items() if not (s and refused.fullmatch(s))} == {}


def refusals_of(role: Role, statements: dict[str, str], game_id: str) -> dict:
    """Each named statement's refusal (as `refusal_of`), a `%s` in it bound to the game."""
    return {
        name: refusal_of(role, sql, [game_id] if "%s" in sql else [])
        for name, sql in statements.items()
    }


def refused_by_privileges(message: str | None) -> bool:
    """Refused for want of a privilege or of ownership, not merely by the trigger (which
    an UPDATE or DELETE would also meet, but which its owner can switch off)."""
    return message is not None and bool(PRIVILEGE_REFUSAL.fullmatch(message))


def test_the_service_role_may_append_and_read_events_and_is_refused_every_change(
    client, service_role
):
    game = played_game(client)
    migrate_granting(service_role)
    before = list(GameEvent.objects.filter(game=game).values_list("seq", "hash"))
    game_id = str(game.pk)

    refusals = {
        "UPDATE": f"UPDATE {EVENT_TABLE} SET actor = 'system' WHERE game_id = %s",
        "DELETE": f"DELETE FROM {EVENT_TABLE} WHERE game_id = %s",
        "TRUNCATE": f"TRUNCATE {EVENT_TABLE}",
        "ALTER TABLE": f"ALTER TABLE {EVENT_TABLE} ADD COLUMN note text",
        "DISABLE TRIGGER": f"ALTER TABLE {EVENT_TABLE} DISABLE TRIGGER {POSTGRES_TRIGGER}",
        "DROP TRIGGER": f"DROP TRIGGER {POSTGRES_TRIGGER} ON {EVENT_TABLE}",
        "INSERT ... ON CONFLICT DO UPDATE": (
            f"INSERT INTO {EVENT_TABLE} (game_id, seq, type, schema_version, public, private, "
            "private_digest, actor, recorded_at, prev_hash, hash) "
            "SELECT game_id, seq, type, schema_version, public, private, private_digest, "
            f"'system', recorded_at, prev_hash, hash FROM {EVENT_TABLE} WHERE game_id = %s "
            "ON CONFLICT (game_id, seq) DO UPDATE SET actor = EXCLUDED.actor"
        ),
    }
    outcomes = {
        name: refusal_of(service_role, sql, [game_id] if "%s" in sql else [])
        for name, sql in refusals.items()
    }
    not_refused = {name: said for name, said in outcomes.items() if not refused_by_privileges(said)}
    assert not_refused == {}

    with service_role.connect() as conn:
        rows = conn.execute(
            f"SELECT count(*) FROM {EVENT_TABLE} WHERE game_id = %s", [game_id]
        ).fetchone()
        appended = conn.execute(
            APPEND_A_COPY_OF_THE_FIRST_EVENT,
            [game_id],
        ).rowcount
        conn.rollback()  # it could append; the game's log is left as it was
        is_super, owns = conn.execute(
            "SELECT rolsuper, pg_has_role(current_user, tableowner, 'MEMBER') "
            "FROM pg_roles, pg_tables WHERE rolname = current_user AND tablename = %s",
            [EVENT_TABLE],
        ).fetchone()
    assert rows == (game.version,)
    assert appended == 1
    assert (is_super, owns) == (False, False)
    assert list(GameEvent.objects.filter(game=game).values_list("seq", "hash")) == before
    assert audit_game(game)["ok"]


def test_the_service_role_reaches_the_events_partitions_only_through_the_events_table(
    client, service_role
):
    from games.log.partitioning import partitions

    game = played_game(client, moves=2)
    migrate_granting(service_role)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT DISTINCT tableoid::regclass::text FROM {EVENT_TABLE} WHERE game_id = %s",
            [game.pk],
        )
        [home] = [name for (name,) in cursor.fetchall()]
        assert home in partitions(cursor)
    game_id = str(game.pk)
    refusals = {
        "SELECT": f"SELECT count(*) FROM {home} WHERE game_id = %s",
        "INSERT": f"INSERT INTO {home} SELECT * FROM {home} WHERE false",
        "UPDATE": f"UPDATE {home} SET actor = 'system' WHERE game_id = %s",
        "DELETE": f"DELETE FROM {home} WHERE game_id = %s",
        "TRUNCATE": f"TRUNCATE {home}",
        "DETACH": f"ALTER TABLE {EVENT_TABLE} DETACH PARTITION {home}",
    }
    assert_each_refused(service_role, refusals, game_id, home)
    assert GameEvent.objects.filter(game=game).count() == game.version


def test_the_service_role_does_all_the_service_does(service_role, repo_dir, tmp_path, child_env):
    migrate_granting(service_role)
    env = child_env(
        DATABASE_URL=service_role.url(),
        UNO_DATA_DIR=str(tmp_path),
        CELERY_BROKER_URL="memory://",
        UNO_SCHEDULE_DEADLINE_TASKS="0",
        UNO_DB_SERVICE_ROLE=None,
        PYTHONPATH=str(repo_dir),
    )
    work = run(repo_dir, env, sys.executable, "tests/security/service_work.py")
    assert work.returncode == 0, work.stdout + work.stderr
    done = json.loads(work.stdout.splitlines()[-1])

    assert done["moves"] > 0 and done["replayed"]
    assert done["aborted"] and done["timed_out"] and done["swept"] >= 1
    assert done["purged"] > 0 and done["sessions_left"] == 0 and done["pinged"]
    assert done["audit_ok"]
    game = Game.objects.get(pk=done["game"])
    assert GameEvent.objects.filter(game=game).count() == game.version
    assert not IdempotencyRecord.objects.exists()

    flush = run(repo_dir, env, sys.executable, "manage.py", "flush", "--no-input")
    assert flush.returncode != 0
    assert "run flush as the role that migrates" in flush.stderr
    assert GameEvent.objects.filter(game=game).count() == game.version


def run(repo_dir, env: dict, *command: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        list(command),
        cwd=repo_dir,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_grants_follow_later_tables_and_migrate_takes_back_what_drifted(service_role):
    migrate_granting(service_role)
    name = connection.ops.quote_name(service_role.name)
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE uno_later_table (id int)")
        cursor.execute(f"GRANT UPDATE, DELETE ON {EVENT_TABLE} TO {name}")  # drift
    try:
        assert refusal_of(service_role, "INSERT INTO uno_later_table VALUES (1)") is None
        assert refusal_of(service_role, "DELETE FROM uno_later_table") is None
        drifted = f"DELETE FROM {EVENT_TABLE} WHERE id < 0"  # no row: no trigger to meet
        assert refusal_of(service_role, drifted) is None

        migrate_granting(service_role)

        assert refused_by_privileges(refusal_of(service_role, drifted))
    finally:
        with connection.cursor() as cursor:
            cursor.execute("DROP TABLE uno_later_table")


@pytest.mark.parametrize("which", ["missing", "owner", "superuser"])
def test_migrate_refuses_a_service_role_that_would_make_the_grants_meaningless(which, service_role):
    quoted = connection.ops.quote_name(service_role.name)
    if which == "superuser":
        with connection.cursor() as cursor:
            cursor.execute(f"ALTER ROLE {quoted} SUPERUSER")
    role, says = {
        "missing": ("uno_no_such_role", "no such PostgreSQL role"),
        "owner": (connection.settings_dict["USER"], "the role that migrates"),
        "superuser": (service_role.name, "is a superuser"),
    }[which]
    try:
        with pytest.raises(ImproperlyConfigured, match=says):
            grant_service_role(connection, role)
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"ALTER ROLE {quoted} NOSUPERUSER")


@pytest.mark.e2e
def test_the_compose_init_script_makes_an_owner_that_migrates_and_a_service_role_that_runs(
    postgres, repo_dir, tmp_path, child_env, require_service
):
    if shutil.which("psql") is None:
        require_service("needs psql (PostgreSQL's client) to run the init script")
    base = f"{connection.settings_dict['NAME']}_compose"[:50]
    owner = Role(f"{base}_owner", secrets.token_urlsafe(16), database=base)
    service = Role(f"{base}_service", secrets.token_urlsafe(16), database=base)
    conf = connection.settings_dict
    init_env = child_env(
        PGHOST=conf["HOST"] or "127.0.0.1",
        PGPORT=str(conf.get("PORT") or 5432),
        PGPASSWORD=conf.get("PASSWORD") or None,
        POSTGRES_USER=conf["USER"],
        UNO_DB_NAME=base,
        UNO_DB_OWNER=owner.name,
        UNO_DB_OWNER_PASSWORD=owner.password,
        UNO_DB_SERVICE_ROLE=service.name,
        UNO_DB_SERVICE_PASSWORD=service.password,
    )
    app_env = {
        "UNO_DATA_DIR": str(tmp_path),
        "CELERY_BROKER_URL": "memory://",
        "UNO_SCHEDULE_DEADLINE_TASKS": "0",
        "PYTHONPATH": str(repo_dir),
    }
    try:
        for _ in range(2):  # a second run changes nothing and does not fail
            init = run(repo_dir, init_env, "sh", "deploy/postgres-init.sh")
            assert init.returncode == 0, init.stdout + init.stderr

        migrate_env = child_env(
            DATABASE_URL=owner.url(), UNO_DB_SERVICE_ROLE=service.name, **app_env
        )
        migrated = run(repo_dir, migrate_env, sys.executable, "manage.py", "migrate", "--no-input")
        assert migrated.returncode == 0, migrated.stdout + migrated.stderr

        service_env = child_env(DATABASE_URL=service.url(), UNO_DB_SERVICE_ROLE=None, **app_env)
        work = run(repo_dir, service_env, sys.executable, "tests/security/service_work.py")
        assert work.returncode == 0, work.stdout + work.stderr
        assert json.loads(work.stdout.splitlines()[-1])["audit_ok"]

        for statement in (
            f"UPDATE {EVENT_TABLE} SET actor = 'system'",
            f"DELETE FROM {EVENT_TABLE}",
            f"TRUNCATE {EVENT_TABLE}",
            f"ALTER TABLE {EVENT_TABLE} DISABLE TRIGGER {POSTGRES_TRIGGER}",
        ):
            assert refused_by_privileges(refusal_of(service, statement)), statement
        with owner.connect() as conn:
            is_super = conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
            assert is_super.fetchone() == (False,)
    finally:
        drop_database_and_roles(base, [service.name, owner.name])


def drop_database_and_roles(database: str, roles: list[str]) -> None:
    conf = connection.settings_dict
    admin = psycopg.connect(
        host=conf["HOST"] or "127.0.0.1",
        port=conf.get("PORT") or 5432,
        user=conf["USER"],
        password=conf.get("PASSWORD") or None,
        dbname="postgres",
        autocommit=True,
        connect_timeout=5,
    )
    quote_name = connection.ops.quote_name
    with admin:
        admin.execute(f"DROP DATABASE IF EXISTS {quote_name(database)} WITH (FORCE)")
        for role in roles:
            admin.execute(f"DROP ROLE IF EXISTS {quote_name(role)}")


def test_the_service_role_may_read_archived_logs_and_never_write_or_remove_them(
    service_role, django_user_model
):
    from games import services
    from games.log.cold_storage import archive_game
    from games.log.storage_guard import ARCHIVE_TABLE
    from players.services import player_for_user

    django_user_model.objects.create_user("host", is_staff=True)
    host = player_for_user(username="host")
    game = services.game_create(
        host=host,
        seats=2,
        rules={"preset": "classic", "options": {"target_score": 50}},
        bots=[{"strategy": "greedy"}] * 2,
        seat_host=False,
        bot_think_ms=0,
    )
    services.game_start(game_id=game.id, player=host)
    while Game.objects.get(pk=game.pk).status == "active":
        services.game_deadlines_enforce(game_id=game.id)
    archive_game(game.id)
    migrate_granting(service_role)
    game_id = str(game.pk)

    refusals = {
        "INSERT": f"INSERT INTO {ARCHIVE_TABLE} SELECT * FROM {ARCHIVE_TABLE} WHERE false",
        "UPDATE": f"UPDATE {ARCHIVE_TABLE} SET events = 1 WHERE game_id = %s",
        "DELETE": f"DELETE FROM {ARCHIVE_TABLE} WHERE game_id = %s",
        "TRUNCATE": f"TRUNCATE {ARCHIVE_TABLE}",
        "DELETE events": f"DELETE FROM {EVENT_TABLE} WHERE game_id = %s",
    }
    said = refusals_of(service_role, refusals, game_id)
    privilege = re.compile(rf"permission denied for table ({ARCHIVE_TABLE}|{EVENT_TABLE})")
    assert {name: s for name, s in said.items() if not (s and privilege.fullmatch(s))} == {}
    with service_role.connect() as conn:
        kept = conn.execute(
            f"SELECT events FROM {ARCHIVE_TABLE} WHERE game_id = %s", [game_id]
        ).fetchone()
    assert kept == (Game.objects.get(pk=game.pk).version,)
    assert audit_game(Game.objects.get(pk=game.pk))["ok"]


def test_after_a_repack_the_service_role_still_cannot_change_remove_or_repack_an_event(
    client, service_role
):
    """`repack_events` (pg_repack, as a superuser) rewrites the partitions' files; the
    tables keep their oids, so the trigger and the grants stay: the service role still
    appends and reads, and is refused every change, the partitions and pg_repack itself."""
    from django.core.management import CommandError

    from games.log.partitioning import partitions

    game = played_game(client)
    migrate_granting(service_role)
    before = list(GameEvent.objects.filter(game=game).values_list("id", "seq", "hash"))
    call_command("repack_events", verbosity=0)
    game_id = str(game.pk)
    with connection.cursor() as cursor:
        home = partitions(cursor)[0]
    refusals = {
        "UPDATE": f"UPDATE {EVENT_TABLE} SET actor = 'system' WHERE game_id = %s",
        "DELETE": f"DELETE FROM {EVENT_TABLE} WHERE game_id = %s",
        "TRUNCATE": f"TRUNCATE {EVENT_TABLE}",
        "DISABLE TRIGGER": f"ALTER TABLE {EVENT_TABLE} DISABLE TRIGGER {POSTGRES_TRIGGER}",
        "DELETE partition": f"DELETE FROM {home}",
        "UPDATE partition": f"UPDATE {home} SET actor = 'system'",
    }
    assert_each_refused(service_role, refusals, game_id, home)
    with service_role.connect() as conn:
        appended = conn.execute(
            APPEND_A_COPY_OF_THE_FIRST_EVENT,
            [game_id],
        ).rowcount
        conn.rollback()
    assert appended == 1
    with pytest.raises(CommandError):
        call_command("repack_events", "--database-url", service_role.url(), verbosity=0)
    assert list(GameEvent.objects.filter(game=game).values_list("id", "seq", "hash")) == before
    assert audit_game(game)["ok"]
