"""bench/streams.py at a tiny size, against the test's PostgreSQL server (a database of its
own) and Redis: its report parses and every stream received every event of its game,
once and in order. Timing goals are not asserted (a shared machine); losses are."""

from __future__ import annotations

import json
import subprocess
import sys
from urllib.parse import urlsplit, urlunsplit

import pytest

pytestmark = pytest.mark.e2e

GAMES, STREAMS_PER_GAME = 3, 3


def test_the_stream_bench_delivers_every_move_to_every_stream(
    postgres, worker_database_url, redis_url, child_env, repo_dir
):
    server = urlunsplit(urlsplit(worker_database_url)._replace(path="/postgres"))
    argv = [sys.executable, "bench/streams.py", "--games", str(GAMES)]
    argv += ["--streams-per-game", str(STREAMS_PER_GAME), "--seconds", "2", "--rate", "20"]
    argv += ["--saturation-seconds", "1", "--workers", "2", "--redis-url", redis_url]
    env = child_env(DATABASE_URL=server, DJANGO_SETTINGS_MODULE=None)

    ran = subprocess.run(argv, cwd=repo_dir, env=env, capture_output=True, text=True, timeout=240)

    assert ran.returncode in (0, 1), ran.stdout[-3000:] + ran.stderr[-3000:]
    result = json.loads(ran.stdout.strip().splitlines()[-1])
    assert result["streams"] == GAMES * STREAMS_PER_GAME
    assert result["failure_count"] == 0, result["failures"]
    assert result["frames"] == {
        "lost": 0,
        "repeated": 0,
        "out_of_order": 0,
        "stream_errors": 0,
        "first_errors": [],
    }
    assert result["goals"]["frames_lost"]["met"]
    # Each answered move's last event, timed on every stream of its game.
    assert result["delivery"]["count"] == result["moves_answered"] * STREAMS_PER_GAME > 0
    # compose's shape (the streams in a process of their own): the web processes, which
    # hold no stream, hear where the games are streamed, so the stream process forwards
    # the frames their writes rendered rather than rendering each move again.
    assert result["stream_processes"] == 1
    batches = result["stream_batches_open_loop"]
    assert batches["published"] >= 0.8 * (batches["published"] + batches["read"]), batches
