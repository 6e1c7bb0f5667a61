"""Events recorded before an event's shape changed still replay, read through `upcast`.

The fixture holds seeded games recorded by the engine as it was when `turn_changed` was
at schema version 1 (recorded with `fixtures/record_v1_games.py.txt` at commit ac3263c):
each command sent and the parts of the events it recorded, as stored. From the state
the recorded log reached, today's engine must answer each command with what the old log
says once upcast.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engine import (
    Status,
    event_from_parts,
    event_to_parts,
    evolve,
    replay,
    step,
)
from games.engine.cards import Color, card
from games.engine.codec import schema_version_of
from games.engine.commands import ACTION_TYPES, PlayCard
from games.engine.upcast import upcast

RECORDED = json.loads(
    (Path(__file__).parent / "fixtures" / "games_recorded_at_turn_changed_v1.json").read_text()
)

#: Events whose content is drawn from the rng (orders, salts): today's engine may draw
#: them differently from the engine that recorded the fixture.
_RANDOM = {"deck_shuffled"}


def command_from_body(seat: int, body: dict):
    kind = ACTION_TYPES[body["type"]]
    if kind is PlayCard:
        color = Color(body["color"]) if "color" in body else None
        return PlayCard(seat, card(body["card"]), color, body.get("target"), body.get("uno", False))
    fields = {name: body[name] for name in ("color", "target") if name in body}
    if "color" in fields:
        fields["color"] = Color(fields["color"])
    return kind(seat, **fields)


def recorded_steps(game):
    """(command, the events it recorded, upcast, decoded) for each command sent."""
    for body, parts in zip(game["commands"], game["events_per_command"][1:], strict=True):
        body = dict(body)
        command = command_from_body(body.pop("seat"), body)
        yield command, [event_from_parts(t, public, private, 1) for t, public, private in parts]


def start_events(game):
    return [event_from_parts(t, pub, priv, 1) for t, pub, priv in game["events_per_command"][0]]


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g["preset"])
def test_each_recorded_command_gives_today_the_events_it_recorded(game):
    """From the state the recorded log reached, today's engine answers each command with
    exactly the events recorded for it, upcast (a command that shuffled is compared up to
    the shuffle, whose order today's rng draws anew)."""
    state = replay(start_events(game))
    compared = 0
    for command, recorded in recorded_steps(game):
        today = step(state, command, random.Random(0)).events
        if not any(e.TYPE in _RANDOM for e in recorded):
            assert [event_to_parts(e) for e in today] == [event_to_parts(e) for e in recorded]
            compared += 1
        else:
            cut = next(i for i, e in enumerate(recorded) if e.TYPE in _RANDOM)
            assert list(today[:cut]) == recorded[:cut]
        state = replay(recorded, state)
    assert compared > 0.9 * len(game["commands"])


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g["preset"])
def test_a_log_recorded_at_version_1_replays_event_by_event(game):
    """The upcast log replays; its end state is the one the recorded events lead to when
    each is recorded into the previous state (replay is a fold)."""
    events = start_events(game) + [e for _, recorded in recorded_steps(game) for e in recorded]
    state = replay(events[:1])
    for event in events[1:]:
        state = evolve(state, event)
    assert replay(events) == state
    assert state.status == Status.ACTIVE or state.status == Status.FINISHED


def test_the_fixture_exercises_every_part_of_the_old_turn_changed():
    turns = [
        public
        for game in RECORDED
        for parts in game["events_per_command"]
        for t, public, _ in parts
        if t == "turn_changed"
    ]
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
