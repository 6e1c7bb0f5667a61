"""Decoded events carry the engine's own value types, not the JSON strings."""

import dataclasses

from games.engine import Color, event_from_parts
from games.engine.codec import _plan
from games.engine.events import EVENT_TYPES
from games.engine.state import Phase, SeatStatus


def test_a_decoded_color_choice_is_a_color():
    event = event_from_parts("color_chosen", {"seat": 0, "color": "red"}, None)
    assert type(event.color) is Color


def test_a_decoded_turn_change_has_a_phase_and_a_seat_status_change_a_status():
    turn = event_from_parts(
        "turn_changed",
        {
            "seat": 1,
            "phase": "play",
            "pending_draw": 0,
            "pending_kind": None,
            "returns_to": None,
            "jump_in": False,
            "passes": 0,
            "owed": None,
            "challengeable": None,
        },
        {"bluff": False, "draw4_hand": []},
        1,
    )
    assert type(turn.phase) is Phase
    status = event_from_parts(
        "seat_status_changed", {"seat": 1, "status": "bot", "reason": "abandoned"}, None
    )
    assert type(status.status) is SeatStatus


def test_every_field_of_every_event_is_read_back():
    for cls in EVENT_TYPES.values():
        assert [name for name, _ in _plan(cls)] == [f.name for f in dataclasses.fields(cls)]


def test_nested_facts_and_int_keys_are_read_back_in_their_types():
    from games.engine.cards import card
    from games.engine.state import Deadline, OwedChoice, PendingDraw

    turn = event_from_parts(
        "turn_changed",
        {
            "seat": 2,
            "phase": "respond_draw4",
            "pending": {"total": 4, "kind": "wild-draw4", "returns_to": 1},
            "owed": {
                "origin": "forced",
                "card": "wild",
                "needs_color": True,
                "needs_target": False,
            },
            "challengeable": 1,
            "deadline": {"kind": "response", "token": "turn-9", "seconds": 10.0, "grace_ms": 0},
            "deadline_at": "2026-11-30T00:00:00Z",
        },
        {"bluff": True, "draw4_hand": ["red-5"], "nonce": "00"},
    )
    assert turn.pending == PendingDraw(4, "wild-draw4", 1)
    assert turn.owed == OwedChoice("forced", card("wild"), True, False)
    assert turn.deadline == Deadline("response", "turn-9", 10.0, 0)
    assert turn.draw4_hand == (card("red-5"),) and turn.bluff is True
    ended = event_from_parts(
        "round_ended",
        {
            "round": 1,
            "winner": 0,
            "blocked": False,
            "hands": {"1": ["red-5"]},
            "points": {"1": 5},
            "scores": [5, 0],
            "eliminated": [],
            "shuffles": [],
        },
        None,
    )
    assert ended.hands == {1: (card("red-5"),)} and ended.points == {1: 5}
