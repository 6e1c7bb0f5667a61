"""PostgreSQL stopped (fast mode) and started again in the middle of a game played over
HTTP. While it is down every request is a 503 problem with Retry-After, never a 500;
once it is back the same processes serve again (the web server's kept connections and
the worker's reconnect by themselves), the game goes on to its end, nothing accepted is
lost, and the audit is ok."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from .support import (
    NO_TIMERS,
    Client,
    Player,
    Reply,
    assert_audit_ok,
    assert_nothing_lost,
    heartbeats_since,
    new_game,
    next_move,
    play,
    wait_until,
)

pytestmark = [pytest.mark.faults, pytest.mark.e2e]


def assert_unavailable(reply: Reply) -> None:
    assert reply.status == 503, reply
    assert reply.headers["content-type"].startswith("application/problem+json"), reply
    assert reply.problem_code == "service_unavailable", reply
    assert int(reply.headers["retry-after"]) > 0
    text = str(reply.body)
    assert "Traceback" not in text and "127.0.0.1" not in text, text


def test_a_game_goes_on_to_its_end_after_postgresql_restarts_in_its_middle(
    redis, postgres, database, staff_token, start_service
):
    service = start_service(database_url=postgres.url(database), broker_url=redis.url())
    pids = service.pids()
    ann, bob = Player(service.base, staff_token), Player.register(service.base, "bob")
    game = new_game(ann, [bob], timers=NO_TIMERS, seed=1)
    rng = random.Random(1)
    accepted = play([ann, bob], game, rng, moves=3)
    pending = next_move([ann, bob], game, rng)
    assert pending is not None, "the game ended before the outage"

    postgres.stop("fast")
    wait_until(lambda: service.health()[0] == 503, 20, service.logs)
    health = service.health()[1]
    assert (health["database"], health["broker"]) == ("error: unreachable", "ok"), health
    assert_unavailable(pending.send(game))
    assert_unavailable(ann.get(f"/api/v1/games/{game}"))
    assert_unavailable(bob.get(f"/api/v1/games/{game}/legal-actions"))
    assert_unavailable(Client(service.base).post("/api/v1/players", {"name": "cid"}))

    postgres.start()
    restarted_at = datetime.now(UTC)
    back_after = wait_until(lambda: service.health()[0] == 200, 30, service.logs)
    retried = pending.send(game)  # the move refused during the outage, same key
    assert retried.status == 200, retried
    assert "idempotent-replayed" not in retried.headers  # applied now, and only now
    accepted += [retried.body, *play([ann, bob], game, rng)]

    assert ann.ok("GET", f"/api/v1/games/{game}")["status"] == "finished"
    events = assert_nothing_lost(bob, game, accepted)
    assert_audit_ok(bob, game)
    # The worker's kept connection recovered too: it records beat's heartbeats again.
    worker_back_after = wait_until(
        lambda: heartbeats_since(postgres, database, restarted_at) > 0, 30, service.logs
    )
    service.assert_alive()
    assert service.pids() == pids  # nothing had to be restarted
    print(
        f"health ok {back_after:.2f}s after PostgreSQL started again; worker recorded a "
        f"heartbeat {worker_back_after:.2f}s later; {len(accepted)} moves, {len(events)} events"
    )
