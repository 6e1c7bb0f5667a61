"""schemathesis from outside, as a client developer would run it: `st run` against a
live server, with every check, negative data and the stateful phase (which follows the
schema's links from a created game to its join, start, actions and events). It must
report no failure.

The live streams are left to tests of their own (tests/api/served): under the test
server's WSGI they answer one batch and close, which is not what a client meets."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from rest_framework.throttling import SimpleRateThrottle

from games.live.watch import version_watch
from players.models import ApiToken
from players.services import player_for_user, token_issue

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CONFIG = Path(__file__).with_name("schemathesis.toml")
UNTHROTTLED = {scope: "100000/minute" for scope in ("anon", "lobby", "reads", "actions")}


# Staff reach the staff-only set-ups (deck, position, seed, abort) and run every phase;
# a player, as an outside reviewer runs it, meets refusals staff never get (abort and
# metrics are staff's; start is the host's): a short run of those and of the answers a
# schema cannot foresee (a cursor no list gave, a reused Idempotency-Key). CI's time is
# short: the creates' coverage alone is thousands of cases, which the staff run has.
PLAYER_OPERATIONS = [
    *("games_start", "games_abort", "games_join", "games_leave", "metrics"),
    *("games_list", "players_tokens_list", "leaderboards_retrieve"),
]
ROLES = {
    "staff": ["--phases", "examples,coverage,fuzzing,stateful", "--max-examples", "10"],
    "player": ["--phases", "examples,coverage,fuzzing", "--max-examples", "3"]
    + [arg for op in PLAYER_OPERATIONS for arg in ("--include-operation-id", op)],
}


@pytest.mark.parametrize("role", ROLES)
def test_schemathesis_finds_no_failure_with_every_check(
    role, live_server, settings, monkeypatch, django_user_model, tmp_path
):
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", UNTHROTTLED)
    # A long-poll answers the same after half a second of nothing as after 30: the schema
    # is what is tested here, and the coverage phase sends `wait` at its bounds.
    wait_past = version_watch.wait_past
    monkeypatch.setattr(
        version_watch, "wait_past", lambda game_id, after, seconds: wait_past(game_id, after, 0.5)
    )
    staff = role == "staff"
    django_user_model.objects.create_user("fuzz", is_staff=staff, is_superuser=staff)
    token = token_issue(player=player_for_user(username="fuzz"), label="fuzz")
    # Out of reach of the ids the fuzzer tries on POST /tokens/{id}/revoke.
    ApiToken.objects.filter(label="fuzz").update(id=2**31 - 1)
    st = Path(sys.executable).with_name("st")
    # Django's live server hands every request thread the one connection of an in-memory
    # SQLite test database: two requests at once would share a transaction.
    workers = "2" if connection.vendor == "postgresql" else "1"

    result = subprocess.run(
        [str(st), "--config-file", str(CONFIG), "run", f"{live_server.url}/api/schema/"]
        + ["--checks", "all", "--mode", "all", *ROLES[role]]
        + ["--header", f"Authorization: Bearer {token}"]
        + ["--exclude-operation-id", "games_stream", "--exclude-operation-id", "players_me_stream"]
        + ["--seed", "20261201", "--workers", workers, "--no-color"]
        + ["--generation-database", "none", "--request-timeout", "40"]
        + ["--max-response-time", "35"],  # a long-poll's `wait` is at most 30 s
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=900,
    )

    report = result.stdout[-20000:] + result.stderr[-5000:]
    assert result.returncode == 0, report
    assert "Stateful" in result.stdout or not staff, report
