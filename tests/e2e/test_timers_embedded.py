"""Timers in the embedded mode: the README's run command (bin/serve: uvicorn, a Celery
worker and beat on the `filesystem://` broker and SQLite) enforces turn timeouts by
itself. Everything goes over HTTP, as a client would see it; polls have a bound, and
nothing sleeps a fixed time to wait for an outcome.

The `serve` fixture (a free port, an empty data folder, everything killed afterwards)
and `assert_everything_stops` come from tests/foundation/test_run_command.py.
"""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.error
import urllib.request
from collections import Counter
from datetime import datetime

import pytest
from foundation.conftest import serve  # noqa: F401 (the fixture)
from foundation.test_run_command import assert_everything_stops

pytestmark = pytest.mark.e2e

FINISH_TIMEOUT = 90.0
TIMERS = {"turn_seconds": 1, "abandon_after": 2, "on_abandon": "remove"}


def call(served, method: str, path: str, token: str | None = None, body: dict | None = None):
    """One request to the served API: (status, decoded JSON body)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(served.base + path, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def ok(served, method: str, path: str, token: str | None = None, body: dict | None = None):
    status, document = call(served, method, path, token, body)
    assert status in (200, 201), f"{method} {path} -> {status} {document}\n{served.output()}"
    return document


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def all_events(served, game_id: str, token: str) -> list[dict]:
    events: list[dict] = []
    while True:
        after = events[-1]["seq"] if events else 0
        page = ok(served, "GET", f"/api/v1/games/{game_id}/events?after={after}", token)
        if not page["events"]:
            return events
        events += page["events"]


def test_run_command_enforces_turn_timeouts_until_abandoned_seats_are_removed(serve):  # noqa: F811
    served = serve()
    served.wait_healthy()

    tokens = [
        ok(served, "POST", "/api/v1/players", body={"name": name})["token"]
        for name in ("ann", "bob", "cy")
    ]
    game = ok(served, "POST", "/api/v1/games", tokens[0], {"seats": 3, "timers": TIMERS})
    game_id = game["id"]
    for token in tokens[1:]:
        ok(served, "POST", f"/api/v1/games/{game_id}/join", token)
    started = ok(served, "POST", f"/api/v1/games/{game_id}/start", tokens[0])
    assert started["status"] == "active"

    # Nobody moves: the worker and beat time every turn out until two seats are removed.
    deadline = time.monotonic() + FINISH_TIMEOUT
    view = started
    while view["status"] != "finished":
        assert time.monotonic() < deadline, (
            f"not finished in {FINISH_TIMEOUT:g}s: {view}\n{served.output()[-6000:]}"
        )
        time.sleep(0.25)
        view = ok(served, "GET", f"/api/v1/games/{game_id}", tokens[0])

    states = {seat["seat"]: seat["state"] for seat in view["seats"]}
    assert sorted(states.values()) == ["playing", "removed", "removed"], view["seats"]
    survivor = next(seat for seat, state in states.items() if state == "playing")
    assert view["winner"] == survivor

    events = all_events(served, game_id, tokens[0])
    timed_out = [e for e in events if e["type"] == "timed_out"]
    removed = [
        e
        for e in events
        if e["type"] == "seat_status_changed" and e["public"]["status"] == "removed"
    ]
    assert sorted(e["public"]["seat"] for e in removed) == sorted(
        seat for seat, state in states.items() if state == "removed"
    )
    # Each removed seat timed out abandon_after (2) times in a row, the last one removing it.
    for event in removed:
        seat = event["public"]["seat"]
        counts = [e["public"]["count"] for e in timed_out if e["public"]["seat"] == seat]
        assert counts[-2:] == [1, 2], (event, timed_out)
    # Every deadline was enforced once, and none before its time.
    tokens_enforced = Counter(e["public"]["token"] for e in timed_out)
    assert all(count == 1 for count in tokens_enforced.values()), tokens_enforced
    opened_at = None
    for event in events:
        if event["type"] == "turn_changed" and "deadline_at" in event["public"]:
            opened_at = at(event["public"]["deadline_at"])
        elif event["type"] == "timed_out":
            assert opened_at is not None and at(event["recorded_at"]) >= opened_at, event

    # A seated player may audit the game once it has ended.
    audit = ok(served, "GET", f"/api/v1/games/{game_id}/audit", tokens[1])
    assert audit["ok"] is True, audit

    # Ctrl-C stops the web server, the worker and beat.
    tree = served.tree()
    os.killpg(served.process.pid, signal.SIGINT)
    assert_everything_stops(served, tree)
    assert served.process.returncode == 0, served.output()
