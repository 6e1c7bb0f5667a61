"""Redis, the Celery broker, stopped and started again empty (it keeps nothing on disk,
so the queued and scheduled tasks are lost with it) while a game with one-second turns
runs by timeouts alone. Moves are still accepted meanwhile; once Redis is back the
worker and beat reconnect by themselves, and every deadline is enforced, the ones that
fell due during the outage by beat's sweep: each exactly once and none before its time."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from .support import (
    Player,
    all_events,
    assert_audit_ok,
    heartbeats_since,
    new_game,
    play,
    wait_until,
)

pytestmark = [pytest.mark.faults, pytest.mark.e2e]

ONE_SECOND_TURNS = {"turn_seconds": 1, "abandon_after": 20, "on_abandon": "remove"}


def parse(moment: str) -> datetime:
    return datetime.fromisoformat(moment)


def timeouts(player: Player, game: str) -> list[dict]:
    return [e for e in all_events(player, game) if e["type"] == "timed_out"]


def overdue_for(player: Player, game: str) -> timedelta:
    """How long the game's current deadline is past (negative: still to come)."""
    view = player.ok("GET", f"/api/v1/games/{game}")  # a read enforces nothing
    if view["deadline_at"] is None:
        return timedelta(0)
    return parse(view["server_time"]) - parse(view["deadline_at"])


def due_times(events: list[dict]) -> dict[str, datetime]:
    """When each deadline the log opened fell due, by token (its time plus any grace)."""
    due = {}
    for event in events:
        deadline = event["public"].get("deadline")
        if deadline:
            grace = timedelta(milliseconds=deadline["grace_ms"])
            due[deadline["token"]] = parse(event["public"]["deadline_at"]) + grace
    return due


def test_deadlines_are_enforced_once_each_after_redis_restarts_empty(
    redis, postgres, database, staff_token, start_service
):
    service = start_service(database_url=postgres.url(database), broker_url=redis.url())
    pids = service.pids()
    ann = Player(service.base, staff_token)
    bob, cid = Player.register(service.base, "bob"), Player.register(service.base, "cid")
    idle = new_game(ann, [bob], timers=ONE_SECOND_TURNS, seed=2)  # nobody plays it
    played = new_game(ann, [cid], timers={"turn_seconds": 60}, seed=3)
    wait_until(lambda: len(timeouts(ann, idle)) >= 1, 30, service.logs)

    redis.stop()
    wait_until(lambda: service.health()[0] == 503, 20, service.logs)
    health = service.health()[1]
    assert (health["database"], health["broker"]) == ("ok", "error: unreachable"), health
    rng = random.Random(3)
    play([ann, cid], played, rng, moves=1)  # a move needs no broker
    wait_until(lambda: overdue_for(ann, idle) > timedelta(0), 30, service.logs)
    before = len(timeouts(ann, idle))

    redis.start()
    restarted_at = datetime.now(UTC)
    first_after = wait_until(
        lambda: len(timeouts(ann, idle)) > before, 60, service.logs, interval=0.25
    )
    wait_until(lambda: len(timeouts(ann, idle)) >= before + 2, 30, service.logs, interval=0.25)
    reconnected_after = wait_until(
        lambda: heartbeats_since(postgres, database, restarted_at) > 0, 30, service.logs
    )

    events = all_events(ann, idle)
    enforced = [e for e in events if e["type"] == "timed_out"]
    tokens = Counter(e["public"]["token"] for e in enforced)
    assert all(count == 1 for count in tokens.values()), tokens  # none applied twice
    due = due_times(events)
    for event in enforced:  # none early
        assert parse(event["recorded_at"]) >= due[event["public"]["token"]], event
    late = [
        e for e in enforced if due[e["public"]["token"]] < restarted_at <= parse(e["recorded_at"])
    ]
    assert late, "the deadline that fell due while Redis was down was enforced after it"
    play([ann, cid], played, rng, moves=1)
    assert_audit_ok(ann, idle)
    assert_audit_ok(ann, played)
    assert service.health()[0] == 200
    service.assert_alive()
    assert service.pids() == pids  # the worker and beat reconnected; nothing restarted
    print(
        f"Redis back: the overdue deadline enforced {first_after:.2f}s later, a heartbeat "
        f"recorded {reconnected_after:.2f}s after that; {len(enforced)} timeouts, "
        f"{before} before the outage ended, each once, none early"
    )
