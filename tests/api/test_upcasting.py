"""Old event formats replay through upcasters (DESIGN.md §3).

No older format exists yet (every event is at schema_version 1), so the test makes one:
it copies a played game into a new game whose `card_played` events are stored at
schema_version 0 without the `forced` field, and registers for the test the upcaster
such a format would need: (card_played, 0) -> add `forced: false`.
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from games import store
from games.audit import audit_game
from games.engine import SCHEMA_VERSION
from games.models import Game, GameEvent, GameSeat
from games.services import replay_state
from games.store import NewEvent, append_events

pytestmark = pytest.mark.django_db

POSITION = {
    "hands": {"0": ["red-5", "red-6", "blue-7", "green-6"], "1": ["red-9", "blue-9", "blue-1"]},
    "discard": ["red-3"],
    "to_act": 0,
}


def card_played_v0(public: dict, private: dict | None) -> tuple[dict, dict | None]:
    """card_played 0 -> 1: version 0 had no `forced` (no force-play rule then)."""
    return {**public, "forced": False}, private


def copy_with_old_card_played(original: Game) -> Game:
    """A new game with the original's log, card_played rows at schema_version 0."""
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
        if row.type == "card_played":
            public = {k: v for k, v in row.public.items() if k != "forced"}
            items.append(NewEvent(row.type, public, row.private, row.actor, schema_version=0))
        else:
            items.append(NewEvent(row.type, row.public, row.private, row.actor))
    append_events(copy, items, now=timezone.now())
    copy.save()
    return copy


@pytest.fixture
def played(staff, players, started_game):
    """A 2-seat game with two cards played (staff red-5, ann red-9)."""
    ann = players[0]
    game = started_game(staff, [ann], position=POSITION)
    assert staff.act(game["id"], {"type": "play", "card": "red-5"}).status_code == 200
    assert ann.act(game["id"], {"type": "play", "card": "red-9"}).status_code == 200
    return Game.objects.get(pk=game["id"])


def test_a_version_0_event_replays_through_its_upcaster(played, monkeypatch):
    monkeypatch.setitem(store.UPCASTERS, ("card_played", 0), card_played_v0)
    copy = copy_with_old_card_played(played)
    old_rows = GameEvent.objects.filter(game=copy, type="card_played")
    assert [r.schema_version for r in old_rows] == [0, 0]
    assert all("forced" not in r.public for r in old_rows)
    assert SCHEMA_VERSION == 1

    assert replay_state(copy) == replay_state(played)


def test_without_the_upcaster_the_old_event_does_not_replay(played, monkeypatch):
    monkeypatch.setitem(store.UPCASTERS, ("card_played", 0), card_played_v0)
    copy = copy_with_old_card_played(played)
    monkeypatch.delitem(store.UPCASTERS, ("card_played", 0))

    with pytest.raises(KeyError):
        replay_state(copy)


def test_the_api_serves_a_game_with_old_events_and_keeps_them_as_stored(
    staff, players, played, monkeypatch
):
    monkeypatch.setitem(store.UPCASTERS, ("card_played", 0), card_played_v0)
    copy = copy_with_old_card_played(played)
    ann = players[0]

    view = ann.view(copy.id)
    feed = ann.get(f"/api/v1/games/{copy.id}/events").json()["events"]

    assert view["top_card"] == "red-9"
    assert view["to_act"] == 0
    assert view["you"]["hand"] == ann.view(played.id)["you"]["hand"]
    plays = [e for e in feed if e["type"] == "card_played"]
    assert [e["schema_version"] for e in plays] == [0, 0]
    assert all("forced" not in e["public"] for e in plays)  # the hash covers what is stored
    legal = ann.legal(copy.id)
    assert legal == [] and staff.legal(copy.id) == staff.legal(played.id)
    assert audit_game(copy)["ok"] is True
    assert staff.act(copy.id, {"type": "play", "card": "red-6"}).status_code == 200
