"""bench/records.py at a tiny size, against the test's PostgreSQL server (a database of
its own): its report parses, every game it made was rebuilt, and its database is gone
afterwards. The 60 s goal is not asserted here (a shared machine)."""

from __future__ import annotations

import json
import subprocess
import sys
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

pytestmark = pytest.mark.e2e

GAMES = 12


def test_the_records_bench_rebuilds_every_game_it_made(
    postgres, worker_database_url, child_env, repo_dir
):
    server = urlunsplit(urlsplit(worker_database_url)._replace(path="/postgres"))
    database = "uno_records_bench_test"
    argv = [sys.executable, "bench/records.py", "--games", str(GAMES), "--batch", "5"]
    argv += ["--database", database]
    env = child_env(DATABASE_URL=server, DJANGO_SETTINGS_MODULE=None)

    ran = subprocess.run(argv, cwd=repo_dir, env=env, capture_output=True, text=True, timeout=240)

    assert ran.returncode in (0, 1), ran.stdout[-3000:] + ran.stderr[-3000:]
    assert ran.stdout.strip(), ran.stderr[-3000:]
    result = json.loads(ran.stdout.strip().splitlines()[-1])
    assert result["games"] == GAMES
    assert f"rebuilt the records of {GAMES} ended games" in ran.stdout
    assert f"{GAMES}/{GAMES} games 100%" in ran.stdout
    assert result["games_per_second"] > 0
    with psycopg.connect(server) as connection:
        left = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database])
        assert left.fetchone() is None
