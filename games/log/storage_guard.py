"""Append-only storage: the database itself refuses to change or delete a game event.

The model refuses `save()` of an existing event and every `delete()` (games.models); this
module covers what goes around the ORM.

SQLite. Two triggers (migration 0007) refuse UPDATE and DELETE on `games_gameevent`
unless the SQL function `uno_event_log_rewritable()` returns true. A third (migration
0013) refuses an INSERT whose id or (game_id, seq) is already recorded, always: `INSERT
OR REPLACE` and `REPLACE INTO` would otherwise delete the recorded row without firing
the DELETE trigger (SQLite's REPLACE does not, with recursive triggers off). It is
looked up in the primary key and the (game_id, seq) unique index, so an append costs two
index probes more. Every connection the
service opens gets that function when it is created (`connection_created`), answering
false; it answers true only inside `allow_event_log_rewrite()`, on that one connection.
A connection that lacks the function (the sqlite3 shell, another program) is refused too:
the trigger fails with "no such function". Django's `flush` deletes rows with DELETE on
SQLite, so `manage.py flush` (games/management/commands/flush.py, also what transactional
tests use to empty the database) runs inside `allow_event_log_rewrite()`. A table remake
(how Django alters a table on SQLite) drops its triggers: after every `migrate` each
trigger is put back if the migration that installs it is applied and it is missing.

PostgreSQL. A trigger (migration 0002) refuses UPDATE and DELETE, whoever runs them; it
does not see TRUNCATE, which is how `flush` empties tables there. In production the
service connects as its own role (`UNO_DB_SERVICE_ROLE`), not as the owner who migrates:
after every `migrate`, `grant_service_role` gives that role INSERT and SELECT on the event
log and nothing else there (no UPDATE, DELETE, TRUNCATE; not being the owner it cannot
ALTER the table or disable the trigger), and the DML it needs on every other table. Only
the owner (a migration, an operator) could rewrite the log, and the audit would show that
it was rewritten.
"""

from __future__ import annotations

import weakref
from contextlib import contextmanager

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created
from django.db.migrations.recorder import MigrationRecorder
from django.db.models.signals import post_migrate

from games.log.partitioning import partitions

EVENT_TABLE = "games_gameevent"
POSTGRES_TRIGGER = "games_gameevent_append_only"
SQLITE_FUNCTION = "uno_event_log_rewritable"
SQLITE_TRIGGERS = {
    "UPDATE": "games_gameevent_append_only_update",
    "DELETE": "games_gameevent_append_only_delete",
}
#: The migration that installs the SQLite triggers (they are put back only once it is).
SQLITE_TRIGGERS_MIGRATION = ("games", "0007_sqlite_events_append_only_triggers")
SQLITE_INSERT_TRIGGER = "games_gameevent_append_only_insert"
SQLITE_INSERT_TRIGGER_MIGRATION = ("games", "0013_sqlite_events_refuse_replace")
_REWRITE_FLAG = "_uno_event_log_rewritable"
#: Cold storage (games.log.archive): an archived log is as append-only as the events.
ARCHIVE_TABLE = "games_archivedlog"
POSTGRES_ARCHIVE_TRIGGER = "games_archivedlog_append_only"
SQLITE_ARCHIVE_TRIGGERS = {
    "UPDATE": "games_archivedlog_append_only_update",
    "DELETE": "games_archivedlog_append_only_delete",
}
ARCHIVE_MIGRATION = ("games", "0017_archived_logs")


def sqlite_triggers_create_sql() -> list[str]:
    """CREATE TRIGGER statements for SQLite (migration 0007 and the post-migrate repair)."""
    return [
        f"CREATE TRIGGER IF NOT EXISTS {name} BEFORE {operation} ON {EVENT_TABLE} "
        f"WHEN NOT {SQLITE_FUNCTION}() BEGIN "
        f"SELECT RAISE(ABORT, '{EVENT_TABLE} is append-only: {operation} is not allowed'); "
        "END"
        for operation, name in SQLITE_TRIGGERS.items()
    ]


def sqlite_triggers_drop_sql() -> list[str]:
    return [f"DROP TRIGGER IF EXISTS {name}" for name in SQLITE_TRIGGERS.values()]


def sqlite_archive_triggers_create_sql() -> list[str]:
    """CREATE TRIGGER statements refusing UPDATE and DELETE of an archived log on SQLite
    (migration 0017 and the post-migrate repair)."""
    return [
        f"CREATE TRIGGER IF NOT EXISTS {name} BEFORE {operation} ON {ARCHIVE_TABLE} "
        f"WHEN NOT {SQLITE_FUNCTION}() BEGIN "
        f"SELECT RAISE(ABORT, '{ARCHIVE_TABLE} is append-only: {operation} is not allowed'); "
        "END"
        for operation, name in SQLITE_ARCHIVE_TRIGGERS.items()
    ]


def sqlite_archive_triggers_drop_sql() -> list[str]:
    return [f"DROP TRIGGER IF EXISTS {name}" for name in SQLITE_ARCHIVE_TRIGGERS.values()]


#: PostgreSQL from migration 0017: the events' trigger lets a DELETE through only for a
#: game whose log is archived (games.log.cold_storage; the service's role has no DELETE
#: grant on the events anyway), and a trigger refuses UPDATE and DELETE of an archive.
POSTGRES_ARCHIVE_SQL = f"""
CREATE OR REPLACE FUNCTION {POSTGRES_TRIGGER}() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' AND EXISTS (
        SELECT 1 FROM {ARCHIVE_TABLE} a WHERE a.game_id = OLD.game_id
    ) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION '{EVENT_TABLE} is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION {POSTGRES_ARCHIVE_TRIGGER}() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '{ARCHIVE_TABLE} is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER {POSTGRES_ARCHIVE_TRIGGER}
    BEFORE UPDATE OR DELETE ON {ARCHIVE_TABLE}
    FOR EACH ROW EXECUTE FUNCTION {POSTGRES_ARCHIVE_TRIGGER}();
"""

POSTGRES_ARCHIVE_DROP_SQL = f"""
DROP TRIGGER IF EXISTS {POSTGRES_ARCHIVE_TRIGGER} ON {ARCHIVE_TABLE};
DROP FUNCTION IF EXISTS {POSTGRES_ARCHIVE_TRIGGER}();
CREATE OR REPLACE FUNCTION {POSTGRES_TRIGGER}() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '{EVENT_TABLE} is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
"""


def sqlite_insert_trigger_create_sql() -> str:
    """CREATE TRIGGER for SQLite's insert over a recorded event (migration 0013 and the
    post-migrate repair). NEW.id is -1 when the insert names no id."""
    return (
        f"CREATE TRIGGER IF NOT EXISTS {SQLITE_INSERT_TRIGGER} BEFORE INSERT ON {EVENT_TABLE} "
        f"WHEN EXISTS (SELECT 1 FROM {EVENT_TABLE} "
        "WHERE game_id = NEW.game_id AND seq = NEW.seq) "
        f"OR EXISTS (SELECT 1 FROM {EVENT_TABLE} WHERE id = NEW.id) BEGIN "
        f"SELECT RAISE(ABORT, '{EVENT_TABLE} is append-only: "
        "an INSERT may not replace a recorded event'); "
        "END"
    )


def sqlite_insert_trigger_drop_sql() -> str:
    return f"DROP TRIGGER IF EXISTS {SQLITE_INSERT_TRIGGER}"


# --- SQLite: the per-connection function the triggers ask ------------------------------


def _register_sqlite_function(sender, connection: BaseDatabaseWrapper, **kwargs) -> None:
    if connection.vendor != "sqlite":
        return
    wrapper = weakref.ref(connection)

    def rewritable() -> bool:
        owner = wrapper()
        return bool(owner is not None and getattr(owner, _REWRITE_FLAG, False))

    connection.connection.create_function(SQLITE_FUNCTION, 0, rewritable)


@contextmanager
def _sqlite_rewrites_allowed(connection: BaseDatabaseWrapper):
    previous = getattr(connection, _REWRITE_FLAG, False)
    setattr(connection, _REWRITE_FLAG, True)
    try:
        yield
    finally:
        setattr(connection, _REWRITE_FLAG, previous)


# --- the one way to rewrite the log on purpose -----------------------------------------


@contextmanager
def allow_event_log_rewrite(using: str = DEFAULT_DB_ALIAS):
    """Let UPDATE and DELETE on the event table (and on archived logs) through, on this
    connection, for the duration of the block. For tests that tamper with a log on
    purpose (an edited, deleted or re-chained event, to show the audit or the seal
    catches it) and for `flush`; the service itself never uses it.

    - SQLite: the connection's `uno_event_log_rewritable()` answers true inside the block;
      other connections are still refused.
    - PostgreSQL: the block runs in a transaction (a savepoint inside an outer one) in
      which the trigger is disabled, and enabled again before it commits, so no other
      session ever sees it off. Only the table's owner may do this (tests connect as the
      owner; the service's role is refused). On an error inside the block the savepoint
      rolls back, the trigger's state with it.

        with allow_event_log_rewrite(), connection.cursor() as cursor:
            cursor.execute("UPDATE games_gameevent SET actor = 'system' WHERE id = %s", [pk])
    """
    connection = connections[using]
    if connection.vendor == "sqlite":
        with _sqlite_rewrites_allowed(connection):
            yield
        return
    if connection.vendor != "postgresql":
        yield
        return
    with transaction.atomic(using=using):
        _set_postgres_trigger(connection, enabled=False)
        yield
        _set_postgres_trigger(connection, enabled=True)


def _set_postgres_trigger(connection: BaseDatabaseWrapper, *, enabled: bool) -> None:
    action = "ENABLE" if enabled else "DISABLE"
    with connection.cursor() as cursor:
        # ALTER TABLE refuses to run while deferred foreign-key checks are pending in the
        # transaction: run them now, and defer them again afterwards (Django's default).
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(f"ALTER TABLE {EVENT_TABLE} {action} TRIGGER {POSTGRES_TRIGGER}")
        cursor.execute(
            f"ALTER TABLE IF EXISTS {ARCHIVE_TABLE} {action} TRIGGER {POSTGRES_ARCHIVE_TRIGGER}"
        )
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")


# --- after every migrate ---------------------------------------------------------------


def _after_migrate(sender, using: str = DEFAULT_DB_ALIAS, **kwargs) -> None:
    connection = connections[using]
    if connection.vendor == "sqlite":
        restore_sqlite_triggers(connection)
    elif connection.vendor == "postgresql":
        role = getattr(settings, "UNO_DB_SERVICE_ROLE", "")
        if role:
            grant_service_role(connection, role)


def restore_sqlite_triggers(connection: BaseDatabaseWrapper) -> bool:
    """Put back each SQLite trigger whose migration (0007, 0013) is applied if a table
    remake (or anyone) dropped it. Returns whether it created any."""
    applied = MigrationRecorder(connection).applied_migrations()
    wanted: dict[str, str] = {}
    if SQLITE_TRIGGERS_MIGRATION in applied:
        wanted.update(zip(SQLITE_TRIGGERS.values(), sqlite_triggers_create_sql(), strict=True))
    if SQLITE_INSERT_TRIGGER_MIGRATION in applied:
        wanted[SQLITE_INSERT_TRIGGER] = sqlite_insert_trigger_create_sql()
    if ARCHIVE_MIGRATION in applied:
        wanted.update(
            zip(SQLITE_ARCHIVE_TRIGGERS.values(), sqlite_archive_triggers_create_sql(), strict=True)
        )
    if not wanted:
        return False
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (%s, %s)",
            [EVENT_TABLE, ARCHIVE_TABLE],
        )
        present = {name for (name,) in cursor.fetchall()}
        missing = [sql for name, sql in wanted.items() if name not in present]
        for statement in missing:
            cursor.execute(statement)
    return bool(missing)


def grant_service_role(connection: BaseDatabaseWrapper, role: str) -> None:
    """Give the service's PostgreSQL role what the service needs and no more: INSERT and
    SELECT on the event log (on PostgreSQL the partitioned table, and nothing on its
    partitions); SELECT on archived logs and on the migration history; SELECT, INSERT,
    UPDATE and DELETE on every other table of the schema, now and (default privileges) on
    tables the owner creates later; use of the sequences. Run by the owner after every
    `migrate`."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        _check_service_role(cursor, role)
        cursor.execute("SELECT current_schema()")
        schema = quote(cursor.fetchone()[0])
        grantee = quote(role)
        statements = [
            f"GRANT USAGE ON SCHEMA {schema} TO {grantee}",
            f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {schema} TO {grantee}",
            f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {schema} TO {grantee}",
            f"ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} "
            f"GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {grantee}",
            f"ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} "
            f"GRANT USAGE, SELECT ON SEQUENCES TO {grantee}",
            f"REVOKE ALL ON {quote(EVENT_TABLE)} FROM {grantee}",
            f"GRANT SELECT, INSERT ON {quote(EVENT_TABLE)} TO {grantee}",
            f"REVOKE ALL ON {quote(ARCHIVE_TABLE)} FROM {grantee}",
            f"GRANT SELECT ON {quote(ARCHIVE_TABLE)} TO {grantee}",
            f"REVOKE ALL ON {quote(MigrationRecorder.Migration._meta.db_table)} FROM {grantee}",
            f"GRANT SELECT ON {quote(MigrationRecorder.Migration._meta.db_table)} TO {grantee}",
        ]
        for statement in statements:
            cursor.execute(statement)
        # The events' partitions (games.log.partitioning) are tables of the schema too:
        # the service reaches them through the partitioned table alone.
        for name in partitions(cursor):
            cursor.execute(f"REVOKE ALL ON {quote(name)} FROM {grantee}")


def _check_service_role(cursor, role: str) -> None:
    """The role must exist and hold no power that would make the grants meaningless."""
    cursor.execute(
        "SELECT rolsuper, rolbypassrls, pg_has_role(%s, current_user, 'MEMBER'), "
        "rolname = current_user FROM pg_roles WHERE rolname = %s",
        [role, role],
    )
    found = cursor.fetchone()
    if found is None:
        raise ImproperlyConfigured(
            f"UNO_DB_SERVICE_ROLE={role!r}: no such PostgreSQL role. Create it first "
            "(CREATE ROLE ... LOGIN PASSWORD ...; see docs/operating.md)."
        )
    superuser, bypasses_rls, member_of_owner, is_owner = found
    if is_owner:
        raise ImproperlyConfigured(
            f"UNO_DB_SERVICE_ROLE={role!r} is the role that migrates: the service needs a "
            "role of its own, which does not own the tables."
        )
    if superuser or bypasses_rls:
        raise ImproperlyConfigured(
            f"UNO_DB_SERVICE_ROLE={role!r} is a superuser (or bypasses row security): "
            "it would ignore the grants. Give the service an ordinary role."
        )
    if member_of_owner:
        raise ImproperlyConfigured(
            f"UNO_DB_SERVICE_ROLE={role!r} is a member of the role that migrates, so it "
            "has the owner's rights: give the service a role of its own."
        )


def install(app_config) -> None:
    """Connect the signal handlers (GamesConfig.ready): the SQLite function on every new
    connection, and the post-migrate step once per `migrate` (or `flush`)."""
    connection_created.connect(_register_sqlite_function, dispatch_uid="uno_sqlite_guard")
    post_migrate.connect(_after_migrate, sender=app_config, dispatch_uid="uno_storage_guard")
