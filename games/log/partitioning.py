"""The hot events table on PostgreSQL: declaratively partitioned by hash of the game id
(migration 0018). SQLite keeps one table.

Why hash by game id, not range by time. Every statement on the events names one game:
a move appends to one game, a replay, export or audit reads one game, the archive job
deletes one archived game's rows. With the game id as the partition key each of them
touches one partition, chosen when the statement is planned, and the key the log relies
on, unique (game, seq), stays what it is: PostgreSQL requires a partitioned table's
unique keys to hold the partition key, which (game_id, seq) does. A range by time would
need a time-ordered column in that key: the events' own `recorded_at` splits a game
across partitions and would weaken the key to (game, seq, time), and game ids are random
(UUID version 4), so a range over them is no range of time. Detaching old partitions
whole would take time-ordered game ids (UUID version 7): then RANGE (game_id) keeps the
same key, and a partition whose games are all archived is detached and dropped without
a DELETE or a vacuum (docs/scaling.md). What hash partitions do not do is keep a game's
rows together: games played at once interleave theirs on every page of a partition;
`manage.py repack_events` (games.log.repack) rewrites each partition in the order of
(game_id, seq), online, so an ended game is read from a few consecutive pages.

What the partitions buy today: each holds 1/16 of the rows and of every index, so
autovacuum, triggered by each partition's own dead rows (the archive job's DELETEs), runs
on a table 1/16 the size, several partitions at once; a REINDEX or a VACUUM FULL works on
one partition at a time; and a hash partition's modulus can be doubled one partition at a
time (detach one, make its two halves, copy it back).

What stays as it was: the unique (game_id, seq) (`one_event_per_game_seq`), the
append-only trigger (a row trigger on the partitioned table is cloned onto every
partition, and `ALTER TABLE ... DISABLE TRIGGER` on it reaches them all), the archive
job's DELETE of an archived game's rows, and streaming replicas (the DDL is in the WAL).
The service's role gets SELECT and INSERT on the partitioned table only, and nothing on
the partitions themselves (games.log.storage_guard.grant_service_role). The primary key
becomes (id, game_id): a partitioned table's keys must hold the game id; `id` is still
unique, drawn from one identity sequence. The separate index on game_id alone (the
foreign key's) is not made again: the unique (game_id, seq) index serves those lookups.
"""

from __future__ import annotations

EVENT_TABLE = "games_gameevent"
PARTITIONS = 16
OLD_TABLE = "games_gameevent_unpartitioned"
FOREIGN_KEY = "games_gameevent_game_id_57c09de4_fk_games_game_id"
GAME_INDEX = "games_gameevent_game_id_57c09de4"
TRIGGER = "games_gameevent_append_only"


def partition_name(remainder: int) -> str:
    return f"{EVENT_TABLE}_p{remainder:02d}"


def _rename_old(table: str) -> list[str]:
    """Move the table and its indexes (whose names are the schema's) out of the way."""
    return [
        "SET LOCAL maintenance_work_mem = '256MB'",
        f"LOCK TABLE {EVENT_TABLE} IN ACCESS EXCLUSIVE MODE",
        f"ALTER TABLE {EVENT_TABLE} RENAME TO {table}",
        # its identity sequence too, so that the new table's takes the usual name
        "DO $$ BEGIN EXECUTE format('ALTER SEQUENCE %s RENAME TO %I', "
        f"pg_get_serial_sequence('{table}', 'id'), '{table}_id_seq'); END $$",
        f"ALTER INDEX IF EXISTS {EVENT_TABLE}_pkey RENAME TO {table}_pkey",
        f"ALTER INDEX IF EXISTS one_event_per_game_seq RENAME TO {table}_game_seq",
        f"ALTER INDEX IF EXISTS games_events_by_time RENAME TO {table}_by_time",
        f"ALTER INDEX IF EXISTS {GAME_INDEX} RENAME TO {table}_game",
    ]


def _copy_and_key(old: str, primary_key: str) -> list[str]:
    """Copy the rows (keys and indexes are built after, faster than row by row), drop the
    old table, then key, index and guard the new one as the migrations did."""
    sequence = f"pg_get_serial_sequence('{EVENT_TABLE}', 'id')"
    return [
        f"INSERT INTO {EVENT_TABLE} SELECT * FROM {old}",
        f"SELECT setval({sequence}, coalesce((SELECT max(id) FROM {old}), 0) + 1, false)",
        f"DROP TABLE {old}",
        f"ALTER TABLE {EVENT_TABLE} ADD CONSTRAINT {EVENT_TABLE}_pkey PRIMARY KEY ({primary_key})",
        f"ALTER TABLE {EVENT_TABLE} ADD CONSTRAINT one_event_per_game_seq UNIQUE (game_id, seq)",
        f"CREATE INDEX games_events_by_time ON {EVENT_TABLE} (recorded_at)",
        f"ALTER TABLE {EVENT_TABLE} ADD CONSTRAINT {FOREIGN_KEY} FOREIGN KEY (game_id) "
        "REFERENCES games_game (id) DEFERRABLE INITIALLY DEFERRED",
        f"CREATE TRIGGER {TRIGGER} BEFORE UPDATE OR DELETE ON {EVENT_TABLE} "
        f"FOR EACH ROW EXECUTE FUNCTION {TRIGGER}()",
    ]


def partition_sql() -> list[str]:
    """The statements of migration 0018 (in its one transaction): the events move into a
    table partitioned by hash of game_id, in 16 partitions."""
    like = "INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY"
    return [
        *_rename_old(OLD_TABLE),
        f"CREATE TABLE {EVENT_TABLE} (LIKE {OLD_TABLE} {like}) PARTITION BY HASH (game_id)",
        *(
            f"CREATE TABLE {partition_name(r)} PARTITION OF {EVENT_TABLE} "
            f"FOR VALUES WITH (MODULUS {PARTITIONS}, REMAINDER {r})"
            for r in range(PARTITIONS)
        ),
        *_copy_and_key(OLD_TABLE, "id, game_id"),
    ]


def unpartition_sql() -> list[str]:
    """Migration 0018 backwards: one table again, with the indexes it had."""
    old = f"{EVENT_TABLE}_partitioned"
    like = "INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY"
    return [
        *_rename_old(old),
        f"CREATE TABLE {EVENT_TABLE} (LIKE {old} {like})",
        *_copy_and_key(old, "id"),
        f"CREATE INDEX {GAME_INDEX} ON {EVENT_TABLE} (game_id)",
    ]


def is_partitioned(cursor) -> bool:
    cursor.execute("SELECT relkind = 'p' FROM pg_class WHERE oid = %s::regclass", [EVENT_TABLE])
    found = cursor.fetchone()
    return bool(found and found[0])


def partitions(cursor) -> list[str]:
    """The events table's partitions (none when it is one table)."""
    cursor.execute(
        "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
        "WHERE i.inhparent = %s::regclass ORDER BY c.relname",
        [EVENT_TABLE],
    )
    return [name for (name,) in cursor.fetchall()]
