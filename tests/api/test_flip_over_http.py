"""UNO FLIP! over HTTP: full codes in and out, the side, the backs, and the options it
does not combine with."""

from __future__ import annotations

import pytest

from .conftest import NO_TIMERS, assert_problem

pytestmark = pytest.mark.django_db

DARK_POSITION = {
    "hands": {"0": ["red-6/pink-9", "yellow-2/wild"], "1": ["green-2/teal-1", "blue-3/orange-4"]},
    "discard": ["red-5/pink-6"],
    "draw": ["blue-7/purple-1"],
    "to_act": 0,
    "side": "dark",
}


def test_a_flip_game_plays_full_codes_on_the_dark_side(staff, bob, started_game):
    game = started_game(staff, [bob], rules={"preset": "flip"}, position=DARK_POSITION)
    assert (game["side"], game["color"], game["top_card"]) == ("dark", "pink", "red-5/pink-6")
    assert game["you"]["hand"] == ["red-6/pink-9", "yellow-2/wild"]
    assert game["seats"][1]["backs"] == ["blue-3", "green-2"]
    assert game["draw_pile_back"] == "blue-7"
    bob_view = bob.view(game["id"])
    assert "pink-9" not in str(bob_view) and bob_view["seats"][0]["backs"] == [
        "red-6",
        "yellow-2",
    ]
    refused = staff.act(game["id"], {"type": "play", "card": "yellow-2/wild", "color": "red"})
    assert_problem(refused, 409, "color_required")
    played = staff.act(game["id"], {"type": "play", "card": "yellow-2/wild", "color": "teal"})
    assert played.status_code == 200, played.json()
    assert played.json()["game"]["color"] == "teal"


def test_an_unknown_flip_code_is_a_400(staff, bob, started_game):
    game = started_game(staff, [bob], rules={"preset": "flip"}, position=DARK_POSITION)
    for code in ("red-6/red-7", "pink-9/red-6", "red-6/pink-10"):
        assert_problem(staff.act(game["id"], {"type": "play", "card": code}), 400, "unknown_card")


@pytest.mark.parametrize(("option", "value"), [("stacking", "up"), ("seven_o", True)])
def test_an_option_flip_does_not_combine_with_is_a_400_naming_it(ann, option, value):
    body = {
        "seats": 2,
        "timers": NO_TIMERS,
        "rules": {"preset": "flip", "options": {option: value}},
    }
    problem = assert_problem(ann.post("/api/v1/games", body), 400, "invalid_option")
    assert option in problem["detail"]
