"""Games recorded when a round's end revealed its shuffles publicly (`round_ended` and
`shuffles_revealed` at schema version 1) still verify and replay, and their reveal is
shown only to whoever may see it today: the round's seats and staff, everyone else once
the game has ended where finished games are revealed. A viewer it is withheld from gets
the recorded public part without it (`recorded.withheld`)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import timezone

from games.log.audit import audit_game
from games.log.store import NewEvent, append_events
from games.models import Game, GameEvent, GameSeat, GameStatus
from games.services import replay_state

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parents[2] / "docs" / "verifying-games.md"
# Ann (seat 1) goes out at once: round 1 ends, round 2 is dealt.
POSITION = {
    "hands": {"0": ["green-4", "green-4"], "1": ["blue-1"]},
    "discard": ["blue-5"],
    "draw": ["red-9", "red-9", "yellow-9", "yellow-9"],
    "color": "blue",
    "to_act": 1,
    "unplaced": "draw_bottom",
}
REVEALS = ("round_ended", "shuffles_revealed")


def copy_with_public_reveals(original: Game) -> Game:
    """The game as the service recorded it before: each reveal in the public part."""
    fields = ("host", "seat_count", "rules", "timers", "visibility", "setup", "status")
    fields += ("to_act", "phase", "round", "winner", "started_at", "seated")
    copy = Game.objects.create(**{name: getattr(original, name) for name in fields})
    for seat in original.seats.all():
        GameSeat.objects.create(game=copy, seat=seat.seat, player=seat.player)
    items = []
    for row in GameEvent.objects.filter(game=original).order_by("seq"):
        private = None if row.private is None else dict(row.private)
        if private is not None:
            private.pop("nonce", None)
        public = row.public
        if row.type in REVEALS:
            public = {k: v for k, v in public.items() if k != "seats"}
            public["shuffles"], private = private["shuffles"], None
            items.append(NewEvent(row.type, public, private, row.actor, schema_version=1))
        else:
            items.append(NewEvent(row.type, public, private, row.actor, row.schema_version))
    append_events(copy, items, now=timezone.now())
    copy.save()
    return copy


@pytest.fixture
def mid_match(staff, ann, started_game):
    game = started_game(staff, [ann], position=POSITION, rules={"options": {"target_score": 50}})
    assert ann.act(game["id"], {"type": "play", "card": "blue-1"}).status_code == 200
    original = Game.objects.get(pk=game["id"])
    assert original.status == GameStatus.ACTIVE and original.round == 2
    return original, copy_with_public_reveals(original)


def round_end(viewer, game: Game) -> dict:
    events = viewer.get(f"/api/v1/games/{game.id}/events").json()["events"]
    (ended,) = [e for e in events if e["type"] == "round_ended"]
    return ended


def export_of(viewer, game: Game) -> str:
    return b"".join(viewer.get(f"/api/v1/games/{game.id}/export").streaming_content).decode()


def verify(export: str, keys: str, tmp_path) -> subprocess.CompletedProcess:
    (script,) = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    (tmp_path / "verify.py").write_text(script)
    (tmp_path / "game.ndjson").write_text(export)
    (tmp_path / "keys.json").write_text(keys)
    return subprocess.run(
        [sys.executable, "verify.py", "game.ndjson", "keys.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_an_old_round_end_replays_audits_and_shows_its_seats_the_reveal(mid_match, ann):
    original, copy = mid_match
    row = GameEvent.objects.get(game=copy, type="round_ended")
    assert row.schema_version == 1 and row.public["shuffles"] and row.private is None
    assert replay_state(copy) == replay_state(original)
    audit = audit_game(copy)
    assert audit["ok"] is True, audit
    shuffles = next(c for c in audit["checks"] if c["name"] == "shuffles")
    assert shuffles["ok"]

    seen = round_end(ann, copy)
    assert seen["schema_version"] == 2 and "shuffles" not in seen["public"]
    assert seen["private"]["shuffles"] == row.public["shuffles"]
    assert seen["recorded"]["public"] == row.public and "withheld" not in seen["recorded"]


def test_an_old_round_end_withholds_the_reveal_from_a_spectator_while_the_game_runs(
    mid_match, bob, tmp_path
):
    _, copy = mid_match
    seen = round_end(bob, copy)
    assert seen["private"] is None and "shuffles" not in seen["public"]
    assert "shuffles" not in seen["recorded"]["public"]
    assert seen["recorded"]["withheld"] == ["shuffles"]
    export = export_of(bob, copy)
    assert '"order"' not in export and '"salt"' not in export

    done = verify(export, bob.get("/api/v1/keys").content.decode(), tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"events [{seen['seq']}]" in done.stdout  # linked, not recomputed


def test_an_old_round_end_verifies_whole_for_its_seats(mid_match, ann, tmp_path):
    _, copy = mid_match
    done = verify(export_of(ann, copy), ann.get("/api/v1/keys").content.decode(), tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "revealed shuffles match" in done.stdout and "withheld" not in done.stdout


@pytest.mark.parametrize("revealed", [True, False])
def test_an_old_round_end_opens_to_a_spectator_once_the_game_ended_if_finished_games_are_revealed(
    mid_match, bob, settings, revealed
):
    _, copy = mid_match
    Game.objects.filter(pk=copy.pk).update(status=GameStatus.ABORTED)
    settings.UNO_REVEAL_FINISHED_GAMES = revealed
    seen = round_end(bob, copy)
    if revealed:
        assert seen["private"]["shuffles"] and "withheld" not in seen["recorded"]
    else:
        assert seen["private"] is None and seen["recorded"]["withheld"] == ["shuffles"]
