"""Capacity figures: what one move costs each part of the system, for docs/scaling.md.

    uv run python bench/capacity.py [--moves 2000]

Starts its own PostgreSQL (full-page writes and synchronous commit on, as in production;
fsync off) and Redis in a temporary folder, so that the server-wide counters it reads
(WAL position, Redis's commands processed, each server's CPU) count this run alone.
Plays moves as bench/move_cpu.py does (`GET legal-actions` then `POST actions`, through
Django's WSGI handler in this process, UNO_MODE=production, default timers) and prints,
per move: the web process's CPU, PostgreSQL's and Redis's CPU, SQL statements, events
appended, WAL bytes, Redis commands, and the events table's bytes per event (rows alone,
and with its indexes). Counts are exact whatever else the machine does; CPU times are
CPU, not wall clock, but a busy machine still slows them (caches, frequency). The last
line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.move_cpu import Wsgi, game, moves, set_up  # noqa: E402
from bench.servers import cpu_seconds, start_postgres, start_redis, work_folder  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with contextlib.ExitStack() as stack:
        work, data = work_folder(stack, "capacity", keep=False)
        database_url, pg_pid = start_postgres(stack, work, "uno", durable=True)
        args.redis_url, redis_pid = start_redis(stack, work)
        os.environ["DATABASE_URL"] = database_url
        set_up(args, data)
        result = measure(args, pg_pid, redis_pid)
        from django.db import connections

        connections.close_all()
    print(json.dumps(result, sort_keys=True))
    return 0


def measure(args, pg_pid: int, redis_pid: int) -> dict:
    import redis
    from django.db import connection

    from unoservice.wsgi import application  # as served: start-up's heap set aside

    client = Wsgi(application)
    rng = random.Random(args.seed)
    game_id, tokens = game(client)
    for _ in moves(client, game_id, tokens, args.warmup, rng):
        pass
    server = redis.Redis.from_url(args.redis_url)
    statements = [0]

    def count(execute, sql, params, many, context):
        statements[0] += 1
        return execute(sql, params, many, context)

    def wal() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn")
            return int(cursor.fetchone()[0])

    def events() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM games_gameevent")
            return cursor.fetchone()[0]

    commands = lambda: server.info("stats")["total_commands_processed"]  # noqa: E731
    before = {
        "wal": wal(),
        "events": events(),
        "redis": commands(),
        "pg_cpu": cpu_seconds(pg_pid),
        "redis_cpu": cpu_seconds(redis_pid),
    }
    web = 0.0
    began = time.monotonic()
    with connection.execute_wrapper(count):
        for read, write, _ in moves(client, game_id, tokens, args.moves, rng):
            web += read + write
    elapsed = time.monotonic() - began
    after = {
        "redis": commands() - 1,  # the INFO of `before`
        "pg_cpu": cpu_seconds(pg_pid),
        "redis_cpu": cpu_seconds(redis_pid),
        "wal": wal(),
        "events": events(),
    }
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_relation_size('games_gameevent'), pg_total_relation_size('games_gameevent')"
        )
        table_bytes, total_bytes = cursor.fetchone()
    n = args.moves
    appended = after["events"] - before["events"]
    result = {
        "moves": n,
        "web_cpu_ms_per_move": round(web * 1000 / n, 3),
        "postgres_cpu_ms_per_move": round((after["pg_cpu"] - before["pg_cpu"]) * 1000 / n, 3),
        "redis_cpu_ms_per_move": round((after["redis_cpu"] - before["redis_cpu"]) * 1000 / n, 3),
        "statements_per_move": round(statements[0] / n, 2),
        "events_per_move": round(appended / n, 2),
        "wal_bytes_per_move": round((after["wal"] - before["wal"]) / n),
        "redis_commands_per_move": round((after["redis"] - before["redis"]) / n, 2),
        "event_table_bytes_per_event": round(table_bytes / after["events"]),
        "event_bytes_with_indexes_per_event": round(total_bytes / after["events"]),
        "wall_s": round(elapsed, 1),
    }
    print(
        f"per move ({n} moves: GET legal-actions + POST actions): web CPU "
        f"{result['web_cpu_ms_per_move']} ms, PostgreSQL CPU {result['postgres_cpu_ms_per_move']}"
        f" ms, Redis CPU {result['redis_cpu_ms_per_move']} ms; {result['statements_per_move']} "
        f"statements, {result['events_per_move']} events, {result['wal_bytes_per_move']} WAL "
        f"bytes, {result['redis_commands_per_move']} Redis commands; the events table: "
        f"{result['event_table_bytes_per_event']} bytes an event "
        f"({result['event_bytes_with_indexes_per_event']} with its indexes)"
    )
    return result


if __name__ == "__main__":
    raise SystemExit(main())
