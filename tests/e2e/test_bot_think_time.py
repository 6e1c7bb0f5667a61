"""A bot waits its game's `bot_think_ms` before it moves, and not much longer, in both
modes bin/serve runs: embedded (SQLite, the filesystem broker: the session's instance,
tests/conftest.py) and PostgreSQL + Redis.

Measured over the HTTP API: two bots play alone, and each bot move's delay is the time
from the event that gave the bot its turn to the bot's move (both `recorded_at`, the
server's clock).
"""

from __future__ import annotations

import statistics
import time
import uuid

import pytest
from foundation.conftest import serve  # noqa: F401 (the fixture)

from e2e.test_timers_embedded import all_events, at, ok

pytestmark = pytest.mark.e2e

THINK_MS = 200  # the least a game of bots alone may take (docs/bots.md)
BOT_MOVES = 50
#: What a bot may take beyond its think time: a timed sweep's moment (UNO_DEADLINE_BUCKET_MS),
#: the worker's timer, the move's own write.
SLACK_MS = 100
PLAY_TIMEOUT = 120.0


def bot_delays(served, token: str) -> list[float]:
    """The delays of the first BOT_MOVES moves of games of bots alone, in ms. Nothing
    touches the games while they play but a read every few seconds (a read never makes
    a bot act: only the workers' sweeps do, or a write to the game)."""
    delays: list[float] = []
    deadline = time.monotonic() + PLAY_TIMEOUT
    while len(delays) < BOT_MOVES:
        game_id = new_game(served, token)
        while True:
            assert time.monotonic() < deadline, (
                f"{len(delays)} bot moves in {PLAY_TIMEOUT:g}s, delays in ms: "
                f"{sorted(round(d) for d in delays)}"
            )
            time.sleep(3)
            events = all_events(served, game_id, token)
            ended = ok(served, "GET", f"/api/v1/games/{game_id}", token)["status"] != "active"
            if ended or len(delays_in(events)) + len(delays) >= BOT_MOVES:
                delays += delays_in(events)
                break
    return delays


def delays_in(events: list[dict]) -> list[float]:
    """The delay of each bot move among these events: from the `turn_changed` that gave a
    bot its turn to that bot's next event."""
    delays = []
    for opened, moved in zip(events, events[1:], strict=False):
        if opened["type"] == "turn_changed" and moved["actor"].startswith("bot:"):
            delay = at(moved["recorded_at"]) - at(opened["recorded_at"])
            delays.append(delay.total_seconds() * 1000)
    return delays


def new_game(served, token: str) -> str:
    """A game of two `greedy` bots, its host watching."""
    bots = [{"strategy": "greedy"}] * 2
    body = {"seats": 2, "seat_host": False, "bots": bots, "bot_think_ms": THINK_MS}
    game = ok(served, "POST", "/api/v1/games", token, body)
    ok(served, "POST", f"/api/v1/games/{game['id']}/start", token)
    return game["id"]


def assert_bots_wait_their_think_time(served) -> None:
    served.wait_healthy()
    token = ok(served, "POST", "/api/v1/players", body={"name": "ann"})["token"]
    delays = bot_delays(served, token)

    figures = f"{len(delays)} bot moves, delays in ms: {sorted(round(d) for d in delays)}"
    print(figures, f"median {statistics.median(delays):.0f}")
    assert min(delays) >= THINK_MS, figures  # never sooner
    assert statistics.median(delays) <= THINK_MS + SLACK_MS, figures


def test_a_bot_waits_its_think_time_in_the_embedded_mode(served_instance):
    assert_bots_wait_their_think_time(served_instance)


@pytest.mark.django_db(transaction=True)
def test_a_bot_waits_its_think_time_on_postgresql_and_redis(
    serve,  # noqa: F811
    postgres,
    redis_url,
    worker_database_url,
):
    queue = f"think-{uuid.uuid4().hex[:8]}"  # tasks other tests left in Redis stay there
    served = serve(
        DATABASE_URL=worker_database_url, CELERY_BROKER_URL=redis_url, UNO_CELERY_QUEUE=queue
    )
    assert_bots_wait_their_think_time(served)
