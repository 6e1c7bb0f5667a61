"""Decoded events carry the engine's own value types, not the JSON strings."""

import dataclasses

from games.engine import Color, event_from_parts
from games.engine.codec import _decoders
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
    )
    assert type(turn.phase) is Phase
    status = event_from_parts(
        "seat_status_changed", {"seat": 1, "status": "bot", "reason": "abandoned"}, None
    )
    assert type(status.status) is SeatStatus


def test_every_field_of_every_event_has_a_decoder():
    for cls in EVENT_TYPES.values():
        assert set(_decoders(cls)) == {f.name for f in dataclasses.fields(cls)}
