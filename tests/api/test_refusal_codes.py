"""Refusals the other API tests do not meet, one request each, so that every problem code
the schema documents for an operation is one some test has seen it answer."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.models import Game
from games.services import game_deadlines_enforce
from unoservice import clock

from .conftest import NO_TIMERS, assert_problem
from .test_games_api import BASIC, refused, url


@pytest.fixture
def position_game(staff, started_game):
    """position_game(others, position, **body): staff in seat 0 of a game started there."""

    def _make(others, position: dict, **body) -> dict:
        return started_game(staff, others, position=position, **body)

    return _make


def test_a_color_on_a_card_that_takes_none_is_409_unexpected_field(staff, ann, position_game):
    game = position_game([ann], BASIC)
    body = {"type": "play", "card": "red-5", "color": "red"}
    refused(staff, game["id"], body, 409, "unexpected_field")


def test_calling_uno_with_more_than_one_card_is_409_cannot_call_uno(staff, ann, position_game):
    game = position_game([ann], BASIC)
    refused(staff, game["id"], {"type": "call_uno"}, 409, "cannot_call_uno")


def test_passing_while_cards_can_be_drawn_is_409_cannot_pass(staff, ann, position_game):
    game = position_game([ann], BASIC)
    refused(staff, game["id"], {"type": "pass"}, 409, "cannot_pass")


def test_catching_when_penalties_are_automatic_is_409_catch_not_allowed(staff, ann, position_game):
    rules = {"preset": "classic", "options": {"uno_penalty": "auto"}}
    timers = {**NO_TIMERS, "uno_window_seconds": 5}  # an automatic penalty needs its window
    game = position_game([ann], BASIC, rules=rules, timers=timers)
    body = {"type": "catch_uno", "target": 1}
    refused(staff, game["id"], body, 409, "catch_not_allowed")


def test_after_drawing_a_playable_card_only_it_may_be_played_409_drawn_card_only(
    staff, ann, position_game
):
    game = position_game([ann], {**BASIC, "draw": ["red-8"]})
    drew = staff.act(game["id"], {"type": "draw"})
    assert drew.status_code == 200, drew.content
    assert drew.json()["game"]["phase"] == "drawn_card"
    refused(staff, game["id"], {"type": "play", "card": "red-5"}, 409, "drawn_card_only")


def test_drawing_again_while_the_drawn_card_waits_is_409_wrong_phase(staff, ann, position_game):
    game = position_game([ann], {**BASIC, "draw": ["red-8"]})
    drew = staff.act(game["id"], {"type": "draw"})
    assert drew.status_code == 200, drew.content
    assert drew.json()["game"]["phase"] == "drawn_card"
    refused(staff, game["id"], {"type": "draw"}, 409, "wrong_phase")


def test_the_seal_of_an_ended_game_not_yet_sealed_is_409_game_not_sealed(staff, ann, position_game):
    game = position_game([ann], BASIC)
    assert staff.post(url(game["id"], "abort"), {"reason": "test"}).status_code == 200
    Game.objects.filter(id=game["id"]).update(seal=None)  # as when no signing key was there

    assert_problem(staff.get(url(game["id"], "seal")), 409, "game_not_sealed")


def test_a_second_draw_when_both_piles_are_empty_is_409_nothing_to_draw(staff, ann, position_game):
    game = position_game([ann], {**BASIC, "draw": [], "unplaced": "out_of_play"})
    drew = staff.act(game["id"], {"type": "draw"})
    assert drew.status_code == 200, drew.content  # accepted: nothing was drawn
    refused(staff, game["id"], {"type": "draw"}, 409, "nothing_to_draw")


def test_a_rematch_whose_next_game_has_ended_is_409_game_not_active(staff, ann, bob, started_game):
    ended = started_game(ann, [bob])
    assert staff.post(url(ended["id"], "abort"), {"reason": "test"}).status_code == 200
    following = ann.post(url(ended["id"], "rematch"))
    assert following.status_code == 201, following.content
    next_id = following.json()["id"]
    assert staff.post(url(next_id, "abort"), {"reason": "test"}).status_code == 200

    assert_problem(bob.post(url(ended["id"], "rematch")), 409, "game_not_active")


def test_a_seat_removed_after_its_timeouts_is_409_not_seated(
    staff, ann, bob, position_game, monkeypatch, settings
):
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False  # the test enforces the deadline itself
    hands = {**BASIC["hands"], "2": ["blue-1", "green-8", "yellow-2"]}
    timers = {**NO_TIMERS, "turn_seconds": 1, "abandon_after": 1, "on_abandon": "remove"}
    game = position_game([ann, bob], {**BASIC, "hands": hands}, timers=timers)
    later = clock.now() + timedelta(seconds=2)
    monkeypatch.setattr("unoservice.clock.now", lambda: later)
    assert game_deadlines_enforce(game_id=game["id"]) == 1
    assert staff.view(game["id"])["seats"][0]["state"] == "removed"

    refused(staff, game["id"], {"type": "play", "card": "red-5"}, 409, "not_seated")
