"""The builders of the commonest events (games/engine/events.py) make exactly the event
its class makes: every field set, to the same value. They fill an empty instance's slots
instead of calling the class, so a field added to the event and forgotten by its builder
would be left unset."""

import dataclasses

import pytest

from games.engine import events as ev
from games.engine.cards import card
from games.engine.state import Deadline, Phase


@pytest.mark.parametrize(
    "fields",
    [
        (0, card("red-7"), None, None, False, False),
        (3, card("wild"), "blue", None, True, True),
        (1, card("red-7"), None, 2, False, False),
    ],
)
def test_card_played_builds_the_event_the_class_builds(fields):
    assert_same_event(ev.card_played(*fields), ev.CardPlayed(*fields))


@pytest.mark.parametrize(
    ("seat", "jump_in", "passes", "deadline"),
    [(0, False, 0, None), (2, True, 3, Deadline("turn", "turn-9", 30.0))],
)
def test_turn_to_play_builds_the_event_the_class_builds(seat, jump_in, passes, deadline):
    built = ev.turn_to_play(seat, jump_in, passes, deadline)
    assert_same_event(built, ev.TurnChanged(seat, Phase.PLAY, jump_in, passes, deadline=deadline))


def assert_same_event(built, expected) -> None:
    assert type(built) is type(expected)
    for field in dataclasses.fields(expected):
        assert getattr(built, field.name) == getattr(expected, field.name), field.name
