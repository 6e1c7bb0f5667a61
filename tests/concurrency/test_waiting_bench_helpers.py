"""bench/waiting.py is a script, not a test; this checks its parts that need no server:
its defaults, its goals, and how its waiting clients read a response."""

from __future__ import annotations

import asyncio
import importlib

import pytest


@pytest.fixture(scope="module")
def waiting():
    return importlib.import_module("bench.waiting")


def test_it_serves_as_compose_on_postgresql_and_as_bin_serve_on_sqlite(waiting):
    production = waiting.parse_args([])
    embedded = waiting.parse_args(["--database", "sqlite"])

    assert (production.server, production.workers, production.clients) == ("production", 4, 1000)
    assert (embedded.server, embedded.workers) == ("serve", 2)
    with pytest.raises(SystemExit):
        waiting.parse_args(["--database", "sqlite", "--server", "production"])


def test_goals_pass_at_one_and_a_half_times_idle_and_fail_above(waiting):
    def figures(health: float, move: float, count: int = 10) -> dict:
        return {
            "health": {"p50_ms": health, "count": count},
            "move": {"p50_ms": move, "count": count},
        }

    idle = figures(2.0, 4.0)
    assert all(g["met"] for g in waiting.goals(idle, figures(3.0, 6.0)).values())
    failed = waiting.goals(idle, figures(3.1, 6.0))
    assert not failed["health_p50_waiting_vs_idle"]["met"]
    assert failed["move_p50_waiting_vs_idle"]["met"]
    nothing_answered = waiting.goals(idle, figures(0.0, 0.0, count=0))
    assert not any(g["met"] for g in nothing_answered.values())


def test_a_waiting_client_reads_a_whole_response_and_whether_it_may_reuse_the_connection(
    waiting,
):
    async def read(raw: bytes):
        reader = asyncio.StreamReader()
        reader.feed_data(raw + b"NEXT")
        result = await waiting.read_response(reader)
        return result, await reader.read(4)

    kept = b'HTTP/1.1 200 OK\r\ncontent-length: 13\r\n\r\n{"events":[]}'
    closed = b"HTTP/1.1 429 Too Many Requests\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"

    assert asyncio.run(read(kept)) == ((200, True), b"NEXT")
    assert asyncio.run(read(closed)) == ((429, False), b"NEXT")
