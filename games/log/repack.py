"""A game's rows kept together on disk: each partition of the hot events table rewritten
in the order of (game_id, seq) by pg_repack, online (PostgreSQL only).

Why. Games are played at the same time, so the events of one game are appended among
those of every other game in play: a 1,000-event game ends up on about 600 heap pages
of its partition, one or two rows a page. While a game is played those pages are recent
and in memory; a game that ended hours or days ago (a replay, an export, an audit, the
archive job's copy) is read page by page from the operating system's cache or the disk,
and the more rows the table holds the fewer of those pages are cached: at 30 million
rows an old game's replay cost 2.5 to 2.7 times what it cost at 1 million
(docs/scaling.md). Rewritten in the order of (game_id, seq), the same game lies on about
60 consecutive pages whatever the table's size.

Why pg_repack (Debian's postgresql-15-repack, an existing engine): it rewrites a table
while it takes reads and writes. It copies the rows into a new heap in the given order,
records the writes made meanwhile with a trigger of its own and replays them, builds the
indexes, then swaps the new files in under an exclusive lock held for a moment (with
`--no-kill-backend` it gives up rather than cancel a move's transaction that holds the
table). `CLUSTER` would hold that lock for the whole copy, blocking every move of the
games in the partition; VACUUM FULL the same, and neither orders by game.

What it does not change: every row keeps its columns, its id and its partition; the
table keeps its oid, so the append-only trigger, the grants (the service's role has
INSERT and SELECT on the partitioned table, nothing on a partition) and the foreign key
stay as they are: the service's role still cannot change or remove an event. The rewrite
is done by the pg_repack client connected as a superuser (it creates the `pg_repack`
extension in the database the first time). A partition's rewrite needs its size free on
disk until it ends, one partition at a time.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from games.log.partitioning import EVENT_TABLE, partitions

ORDER = "game_id, seq"


class RepackUnavailable(RuntimeError):
    """pg_repack cannot run here (SQLite, or no pg_repack client)."""


@dataclass(frozen=True)
class Repacked:
    table: str
    bytes_before: int
    bytes_after: int
    seconds: float


def pg_repack_binary(server_major: int) -> str:
    """The pg_repack client: UNO_PG_REPACK, else the one of the server's major version in
    Debian's /usr/lib/postgresql/<major>/bin, else the one on PATH."""
    chosen = os.environ.get("UNO_PG_REPACK", "").strip()
    if chosen:
        return chosen
    debian = Path(f"/usr/lib/postgresql/{server_major}/bin/pg_repack")
    if debian.exists():
        return str(debian)
    found = shutil.which("pg_repack")
    if not found:
        raise RepackUnavailable(
            f"no pg_repack client: install postgresql-{server_major}-repack (Debian) or set "
            "UNO_PG_REPACK"
        )
    return found


def connection_args(settings: dict) -> tuple[list[str], dict[str, str]]:
    """pg_repack's connection options and environment from a Django database's settings."""
    args = ["--dbname", settings["NAME"]]
    if settings.get("HOST"):
        args += ["--host", settings["HOST"]]
    if settings.get("PORT"):
        args += ["--port", str(settings["PORT"])]
    if settings.get("USER"):
        args += ["--username", settings["USER"]]
    env = {}
    if settings.get("PASSWORD"):
        env["PGPASSWORD"] = settings["PASSWORD"]
    return args, env


def settings_from_url(url: str) -> dict:
    """A Django-like settings dict of a postgres:// URL (the superuser's, --database-url)."""
    parts = urlsplit(url)
    return {
        "NAME": unquote(parts.path.lstrip("/")),
        "HOST": parts.hostname or "",
        "PORT": parts.port or "",
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
    }


def event_tables(cursor) -> list[str]:
    """What a repack rewrites: each partition of the events table (or the one table)."""
    return partitions(cursor) or [EVENT_TABLE]


def repack_events(
    connection,
    tables: list[str] | None = None,
    *,
    settings: dict | None = None,
    wait_timeout: int = 60,
    jobs: int = 1,
    say=lambda line: None,
) -> list[Repacked]:
    """Rewrite each of `tables` (default: every partition of the events table) in the
    order of (game_id, seq), one after the other, with pg_repack connected as in
    `settings` (default: `connection`'s own, which must be a superuser's)."""
    if connection.vendor != "postgresql":
        raise RepackUnavailable("the events table is one SQLite table: nothing to repack")
    settings = settings or connection.settings_dict
    with connection.cursor() as cursor:
        known = event_tables(cursor)
        cursor.execute("SHOW server_version_num")
        major = int(cursor.fetchone()[0]) // 10000
    chosen = tables or known
    unknown = sorted(set(chosen) - set(known))
    if unknown:
        raise ValueError(f"not a partition of {EVENT_TABLE}: {', '.join(unknown)}")
    binary = pg_repack_binary(major)
    args, env = connection_args(settings)
    _create_extension(settings)
    done: list[Repacked] = []
    for table in chosen:
        before = _size(connection, table)
        began = time.monotonic()
        command = [binary, *args, "--table", table, "--order-by", ORDER, "--no-kill-backend"]
        command += ["--wait-timeout", str(wait_timeout), "--elevel", "WARNING"]
        if jobs > 1:
            command += ["--jobs", str(jobs)]
        ran = subprocess.run(
            command, env={**os.environ, **env}, capture_output=True, text=True, check=False
        )
        if ran.returncode:
            raise RuntimeError(f"pg_repack of {table} failed: {ran.stderr.strip()}")
        for line in ran.stderr.splitlines():  # e.g. a partition skipped for a lock
            say(f"{table}: {line}")
        row = Repacked(table, before, _size(connection, table), time.monotonic() - began)
        say(f"{table}: {row.bytes_before} -> {row.bytes_after} bytes in {row.seconds:.1f} s")
        done.append(row)
    return done


def _create_extension(settings: dict) -> None:
    """pg_repack's functions in the database (once; as the superuser pg_repack runs as)."""
    import psycopg

    params = {"dbname": settings["NAME"], "autocommit": True}
    for key, name in (
        ("HOST", "host"),
        ("PORT", "port"),
        ("USER", "user"),
        ("PASSWORD", "password"),
    ):
        if settings.get(key):
            params[name] = settings[key]
    try:
        with psycopg.connect(**params) as superuser:
            superuser.execute("CREATE EXTENSION IF NOT EXISTS pg_repack")
    except psycopg.Error as error:
        raise RuntimeError(f"the pg_repack extension: {error}") from error


def _size(connection, table: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_total_relation_size(%s::regclass)", [table])
        return int(cursor.fetchone()[0])
