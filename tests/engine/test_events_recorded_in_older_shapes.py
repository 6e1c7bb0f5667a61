"""Events recorded before an event's shape changed still replay, read through `upcast`.

The fixture holds seeded games recorded by the engine as it was when `turn_changed` was
at schema version 1 (recorded with `fixtures/record_v1_games.py.txt` at commit ac3263c):
the commands sent and every event's parts as stored. Today's engine, given the same
commands and the same seed, must reach the same state the upcast log replays to, and
emit, event for event, what the old log says once upcast.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engine import (
    GameState,
    StartGame,
    event_from_parts,
    event_to_parts,
    replay,
    rule_set_from,
    step,
)
from games.engine.cards import Color, card
from games.engine.codec import schema_version_of
from games.engine.commands import ACTION_TYPES, PlayCard
from games.engine.state import Timers
from games.engine.upcast import upcast

RECORDED = json.loads(
    (Path(__file__).parent / "fixtures" / "games_recorded_at_turn_changed_v1.json").read_text()
)


def command_from_body(seat: int, body: dict):
    kind = ACTION_TYPES[body["type"]]
    if kind is PlayCard:
        color = Color(body["color"]) if "color" in body else None
        return PlayCard(seat, card(body["card"]), color, body.get("target"), body.get("uno", False))
    fields = {name: body[name] for name in ("color", "target") if name in body}
    if "color" in fields:
        fields["color"] = Color(fields["color"])
    return kind(seat, **fields)


def _old_events(game):
    return [
        event_from_parts(type_, public, private, 1) for type_, public, private in game["events"]
    ]


def _replayed_today(game):
    rng = random.Random(game["seed"])
    start = StartGame(
        game["seats"],
        rule_set_from(game["preset"], game["options"]),
        timers=Timers(*game["timers"]),
    )
    outcome = step(GameState(), start, rng)
    state, events = outcome.state, list(outcome.events)
    for body in game["commands"]:
        body = dict(body)
        outcome = step(state, command_from_body(body.pop("seat"), body), rng)
        state, events = outcome.state, events + list(outcome.events)
    return state, events


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g["preset"])
def test_a_log_recorded_at_version_1_replays_to_the_state_todays_engine_reaches(game):
    state, _ = _replayed_today(game)
    assert replay(_old_events(game)) == state


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g["preset"])
def test_old_events_upcast_to_exactly_what_todays_engine_emits(game):
    _, events = _replayed_today(game)
    today = [event_to_parts(e) for e in events]
    upcast_parts = [
        (type_, *upcast(type_, 1, public, private)) for type_, public, private in game["events"]
    ]
    assert upcast_parts == today


def test_the_fixture_exercises_every_part_of_the_old_turn_changed():
    turns = [public for game in RECORDED for t, public, _ in game["events"] if t == "turn_changed"]
    assert any(t["pending_draw"] for t in turns)
    assert any(t["challengeable"] is not None for t in turns)
    assert any(t["owed"] for t in turns)
    assert any(t["deadline"] for t in turns)
    assert schema_version_of("turn_changed") == 2


def test_a_turn_without_a_challenge_has_no_private_part_from_version_2():
    public = {
        "seat": 1,
        "phase": "play",
        "pending_draw": 0,
        "pending_kind": None,
        "returns_to": None,
        "jump_in": False,
        "passes": 0,
        "owed": None,
        "challengeable": None,
        "deadline": None,
    }
    lifted, private = upcast("turn_changed", 1, public, {"bluff": False, "draw4_hand": []})
    assert private is None
    assert lifted == {
        "seat": 1,
        "phase": "play",
        "jump_in": False,
        "consecutive_passes": 0,
        "pending": None,
        "owed": None,
        "challengeable": None,
        "deadline": None,
    }
