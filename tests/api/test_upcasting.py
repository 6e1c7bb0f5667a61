"""A game recorded when `turn_changed` was at schema version 1 is served in today's shape
(upcast on read), replays, audits, verifies offline and plays on.

The old rows are made from a game played now by `turn_changed_as_version_1`, which the
first test proves faithful: on games the old engine recorded (the engine tests'
fixture) it gives back exactly the rows that engine stored.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import timezone

from games.engine.upcast import upcast
from games.log.audit import audit_game
from games.log.store import NewEvent, append_events
from games.models import Game, GameEvent, GameSeat
from games.services import replay_state

pytestmark = pytest.mark.django_db

TESTS = Path(__file__).resolve().parents[1]
RECORDED = TESTS / "engine" / "fixtures" / "games_recorded_at_turn_changed_v1.json"
DOC = TESTS.parent / "docs" / "verifying-games.md"

POSITION = {
    "hands": {"0": ["red-5", "wild-draw4", "blue-7", "green-6"], "1": ["red-9", "blue-9"]},
    "discard": ["red-3"],
    "to_act": 0,
}


def turn_changed_as_version_1(public: dict, private: dict | None) -> tuple[dict, dict]:
    pending = public["pending"] or {"total": 0, "kind": None, "returns_to": None}
    old = {k: v for k, v in public.items() if k not in ("pending", "consecutive_passes")}
    old.update(
        passes=public["consecutive_passes"],
        pending_draw=pending["total"],
        pending_kind=pending["kind"],
        returns_to=pending["returns_to"],
    )
    return old, private or {"bluff": False, "draw4_hand": []}


def test_the_version_1_rows_made_here_are_the_ones_the_old_engine_stored():
    games = json.loads(RECORDED.read_text())
    turns = [
        (pub, priv)
        for g in games
        for parts in g["events_per_command"]
        for t, pub, priv in parts
        if t == "turn_changed"
    ]
    assert len(turns) > 100
    for public, private in turns:
        assert turn_changed_as_version_1(*upcast("turn_changed", 1, public, private)) == (
            public,
            private,
        )


def copy_with_version_1_turns(original: Game) -> Game:
    copy = Game.objects.create(
        host=original.host,
        seat_count=original.seat_count,
        rules=original.rules,
        timers=original.timers,
        visibility=original.visibility,
        setup=original.setup,
        status=original.status,
        to_act=original.to_act,
        phase=original.phase,
        round=original.round,
        winner=original.winner,
        started_at=original.started_at,
        seated=original.seated,
    )
    for seat in original.seats.all():
        GameSeat.objects.create(game=copy, seat=seat.seat, player=seat.player)
    items = []
    for row in GameEvent.objects.filter(game=original).order_by("seq"):
        private = (
            None if row.private is None else {k: v for k, v in row.private.items() if k != "nonce"}
        )
        if row.type == "turn_changed":
            public, private = turn_changed_as_version_1(row.public, private)
            items.append(NewEvent(row.type, public, private, row.actor, schema_version=1))
        else:
            items.append(NewEvent(row.type, row.public, private, row.actor, row.schema_version))
    append_events(copy, items, now=timezone.now())
    copy.save()
    return copy


@pytest.fixture
def played(staff, players, started_game):
    """A 2-seat game: staff plays a W+4 (a bluff) calling blue, ann accepts, and with two
    players the turn comes back to staff, who plays blue-7."""
    ann = players[0]
    game = started_game(staff, [ann], position=POSITION)
    play = {"type": "play", "card": "wild-draw4", "color": "blue"}
    assert staff.act(game["id"], play).status_code == 200
    assert ann.act(game["id"], {"type": "accept"}).status_code == 200
    assert staff.act(game["id"], {"type": "play", "card": "blue-7"}).status_code == 200
    return Game.objects.get(pk=game["id"])


def test_a_game_with_version_1_turns_replays_to_the_same_state(played):
    copy = copy_with_version_1_turns(played)
    old_rows = GameEvent.objects.filter(game=copy, type="turn_changed")
    assert {r.schema_version for r in old_rows} == {1}
    assert all("pending_draw" in r.public for r in old_rows)

    assert replay_state(copy) == replay_state(played)
    assert audit_game(copy)["ok"] is True


def test_the_feed_shows_old_turns_upcast_with_the_rows_as_recorded(staff, players, played):
    copy = copy_with_version_1_turns(played)
    ann = players[0]

    feed = ann.get(f"/api/v1/games/{copy.id}/events").json()["events"]
    today = ann.get(f"/api/v1/games/{played.id}/events").json()["events"]

    turns = [e for e in feed if e["type"] == "turn_changed"]
    assert [e["public"] for e in turns] == [
        e["public"] for e in today if e["type"] == "turn_changed"
    ]
    assert {e["schema_version"] for e in turns} == {2}
    assert all(e["recorded"]["schema_version"] == 1 for e in turns)
    assert all("pending_draw" in e["recorded"]["public"] for e in turns)
    assert all("recorded" not in e for e in feed if e["type"] != "turn_changed")
    challengeable = [e for e in turns if e["public"]["challengeable"] is not None]
    assert challengeable and all(e["private"] is None for e in challengeable)  # staff only
    assert ann.view(copy.id)["you"]["hand"] == ann.view(played.id)["you"]["hand"]
    assert ann.act(copy.id, {"type": "play", "card": "blue-9"}).status_code == 200


def test_the_documented_script_verifies_an_export_with_upcast_events(staff, played, tmp_path):
    copy = copy_with_version_1_turns(played)
    export = b"".join(staff.get(f"/api/v1/games/{copy.id}/export").streaming_content).decode()
    assert '"recorded"' in export
    (script,) = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    (tmp_path / "verify.py").write_text(script)
    (tmp_path / "game.ndjson").write_text(export)
    (tmp_path / "keys.json").write_text(staff.get("/api/v1/keys").content.decode())
    done = subprocess.run(
        [sys.executable, "verify.py", "game.ndjson", "keys.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
