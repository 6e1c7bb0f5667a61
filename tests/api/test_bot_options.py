"""Creating a game with bots over HTTP: the options, their validation, and the view."""

from __future__ import annotations

import pytest

from .conftest import assert_problem

pytestmark = pytest.mark.django_db


def create(host, **body):
    return host.post("/api/v1/games", {"seats": 3, **body})


def test_bots_take_the_seats_after_the_creator(make_player):
    host = make_player("ann")
    response = create(host, bots=[{"strategy": "greedy"}, {"strategy": "random"}])
    assert response.status_code == 201, response.content
    view = response.json()
    seats = view["seats"]
    assert seats[0]["player"] == {"id": host.id, "name": "ann"}
    assert seats[0]["state"] == "playing"
    for seat in seats[1:]:
        assert seat["player"]["bot"] is True
        assert seat["state"] == "bot"
    assert seats[1]["player"]["id"] != seats[2]["player"]["id"]
    assert view["bot_think_ms"] == 600
    assert view["you"]["seat"] == 0


def test_without_a_host_seat_bots_sit_from_seat_0_and_the_host_starts_and_watches(make_player):
    host = make_player("ann")
    response = create(host, bots=[{"strategy": "greedy"}] * 3, seat_host=False, bot_think_ms=0)
    assert response.status_code == 201, response.content
    view = response.json()
    assert [s["state"] for s in view["seats"]] == ["bot", "bot", "bot"]
    assert view["you"] is None and view["host"] == host.id
    started = host.post(f"/api/v1/games/{view['id']}/start")
    assert started.status_code == 200, started.content
    game = started.json()
    assert game["status"] == "active"
    assert game["you"] is None
    assert all(s["state"] == "bot" for s in game["seats"])
    assert all("hand" not in s for s in game["seats"])
    assert game["bot_think_ms"] == 0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"bots": [{"strategy": "clever"}]}, "bots"),
        ({"bots": [{}]}, "bots"),
        ({"bots": [{"strategy": "greedy"}] * 3}, "bots"),
        ({"bots": [{"strategy": "greedy"}] * 4, "seat_host": False}, "bots"),
        ({"bot_think_ms": 5001}, "bot_think_ms"),
        ({"bot_think_ms": -1}, "bot_think_ms"),
        ({"bot_think_ms": "fast"}, "bot_think_ms"),
        ({"seat_host": "maybe"}, "seat_host"),
    ],
)
def test_bad_bot_options_are_a_400_naming_the_field(make_player, body, field):
    problem = assert_problem(create(make_player(), **body), 400, "invalid_request")
    assert field in problem["errors"]


def test_an_unknown_member_of_a_bot_is_a_400_naming_it(make_player):
    response = create(make_player(), bots=[{"strategy": "greedy", "level": 3}])
    problem = assert_problem(response, 400, "unknown_field")
    assert problem["field"] == "bots.level" or problem["field"].endswith("level")
