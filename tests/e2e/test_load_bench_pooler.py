"""bench/load.py --pooler at a tiny size, against the test's PostgreSQL server (a database
of its own), Redis and a pgbouncer it starts: the server runs directly and through
pgbouncer in turns, no request fails, through pgbouncer PostgreSQL holds no more
backends than its pool, and what pgbouncer passed on and spent is counted per move.
Speeds are not asserted (a shared machine)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

pytestmark = pytest.mark.e2e

POOL_SIZE = 2


def test_the_load_bench_measures_the_server_directly_and_through_pgbouncer(
    postgres, worker_database_url, redis_url, child_env, repo_dir, require_service
):
    if not (shutil.which("pgbouncer") or Path("/usr/sbin/pgbouncer").exists()):
        require_service("needs pgbouncer (Debian's package pgbouncer; .ci/run installs it)")
    server = urlunsplit(urlsplit(worker_database_url)._replace(path="/postgres"))
    argv = [sys.executable, "bench/load.py", "--pooler", "--pool-size", str(POOL_SIZE)]
    argv += ["--seconds", "4", "--slices", "1", "--games", "4", "--workers", "2"]
    argv += ["--long-events", "30", "--reads", "4", "--warmup", "1", "--redis-url", redis_url]
    env = child_env(DATABASE_URL=server, DJANGO_SETTINGS_MODULE=None, DATABASE_POOLER_URL=None)

    ran = subprocess.run(argv, cwd=repo_dir, env=env, capture_output=True, text=True, timeout=300)

    assert ran.returncode in (0, 1), ran.stdout[-3000:] + ran.stderr[-3000:]
    result = json.loads(ran.stdout.strip().splitlines()[-1])
    assert result["error_count"] == 0, result["projects"]
    pooling = result["pooling"]
    assert pooling["pool_size"] == POOL_SIZE
    direct, pooled = pooling["servers"]["production"], pooling["servers"]["production+pgbouncer"]
    assert direct["moves_per_s"] > 0 and pooled["moves_per_s"] > 0
    assert direct["backends_open_max"] >= 1
    assert 1 <= pooled["backends_open_max"] <= POOL_SIZE
    assert pooled["pgbouncer_clients_max"] >= pooled["backends_open_max"]
    # A move is two requests: each at least one transaction, through pgbouncer's CPU.
    assert pooling["transactions_per_move"] >= 2
    assert pooling["statements_per_move"] >= pooling["transactions_per_move"]
    assert pooling["pgbouncer_cpu_ms_per_move"] > 0
