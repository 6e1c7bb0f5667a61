"""The action types are written once: each request body is read from its engine command
class (games.engine.commands), and parses into that command."""

from __future__ import annotations

import dataclasses

from games.engine import ChooseColor, Color, PlayCard, card
from games.engine.cards import Card
from games.engine.commands import ACTION_TYPES
from games.http.serializers import ACTION_SERIALIZERS, _action_serializer, parse_action


def test_every_action_body_has_the_members_of_its_engine_command_but_the_seat():
    assert set(ACTION_SERIALIZERS) == set(ACTION_TYPES)
    for kind, command_class in ACTION_TYPES.items():
        members = [f.name for f in dataclasses.fields(command_class) if f.name != "seat"]
        assert list(ACTION_SERIALIZERS[kind]().fields) == ["type", *members], kind


@dataclasses.dataclass(frozen=True)
class PlayTwice:
    """A command the engine does not have, with a member of each kind an action takes."""

    seat: int
    card: Card
    again: bool = False


def test_a_member_added_to_a_command_is_taken_by_its_body_and_reaches_the_command():
    body = _action_serializer("play_twice", PlayTwice)(
        data={"type": "play_twice", "card": "red-5", "again": True}
    )
    assert body.is_valid(), body.errors
    assert body.command(3) == PlayTwice(3, card("red-5"), True)
    assert type(body).__name__ == "PlayTwiceAction"


def test_parsed_actions_are_the_engine_commands_they_name():
    assert parse_action({"type": "play", "card": "wild", "color": "blue"}).command(1) == PlayCard(
        1, card("wild"), Color("blue")
    )
    assert parse_action({"type": "choose_color", "color": "red"}).command(0) == ChooseColor(
        0, Color("red")
    )


def test_every_legal_action_s_body_parses_back_into_that_command():
    import random

    from games import engine

    rng = random.Random(3)
    rules = engine.rule_set_from("house", {"target_score": 5000})
    state = engine.GameState()
    engine.step_in_place(state, engine.StartGame(seats=4, rules=rules), rng)
    seen = set()
    for _ in range(400):
        for seat in range(4):
            for command in engine.legal_actions(state, seat):
                body = engine.action_body(command)
                assert parse_action(body).command(seat) == command, body
                seen.add(body["type"])
        options = engine.legal_actions(state, state.to_act)
        engine.step_in_place(state, rng.choice(options), rng)
    assert {"play", "draw", "call_uno", "catch_uno", "choose_color"} <= seen


#: Bodies near the edge of what each member takes: a plainly valid body is parsed without
#: DRF's serializer, and must come out as the serializer would have it, or not at all.
EDGE_BODIES = [
    {"type": "play", "card": "red-5"},
    {"type": "play", "card": "wild", "color": "blue", "uno": True},
    {"type": "play", "card": "red-7", "target": 1},
    {"type": "play", "card": "red-7", "target": 0, "uno": False},
    {"type": "play", "card": "red-7", "target": 2.0},
    {"type": "play", "card": "red-7", "target": True},
    {"type": "play", "card": "red-7", "target": 10},
    {"type": "play", "card": "red-7", "target": -1},
    {"type": "play", "card": "wild", "color": None},
    {"type": "play", "card": "wild", "color": "pink"},
    {"type": "play", "card": "red-5", "uno": 1},
    {"type": "play", "card": "red-5", "uno": "true"},
    {"type": "play", "card": "red-5", "extra": 1},
    {"type": "play"},
    {"type": "play", "card": 5},
    {"type": "draw"},
    {"type": "draw", "card": "red-5"},
    {"type": "pass"},
    {"type": "call_uno"},
    {"type": "catch_uno", "target": 2},
    {"type": "catch_uno"},
    {"type": "catch_uno", "target": "2"},
    {"type": "choose_color", "color": "green"},
    {"type": "choose_color", "color": "GREEN"},
    {"type": 7},
    {"type": "nothing"},
]


def test_a_plainly_valid_body_skips_the_serializer_and_makes_the_same_command():
    skipped = 0
    for body in EDGE_BODIES:
        serializer = ACTION_SERIALIZERS.get(body["type"]) if type(body["type"]) is str else None
        make = serializer.plain.command_maker(body) if serializer else None
        if serializer is None:
            assert make is None
            continue
        checked = serializer(data=body)
        try:
            valid = checked.is_valid()
        except Exception:  # an unknown member is refused with an error of its own
            valid = False
        if not valid:
            assert make is None, body
            continue
        if make is not None:
            skipped += 1
            assert make(2) == checked.command(2), body
            assert parse_action(body).command(2) == checked.command(2), body
    assert skipped >= 9  # the common bodies do skip it
