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
    response = create(host, bots=[{"strategy": "greedy"}] * 3, seat_host=False, bot_think_ms=200)
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
    assert game["bot_think_ms"] == 200


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


def _events(viewer, game_id):
    return viewer.get(f"/api/v1/games/{game_id}/events").json()["events"]


def _bot_beside_a_window(staff, ann, uno_penalty="catch"):
    """Staff (seat 0), a greedy bot (seat 1) and ann (seat 2), play running from seat 0 to
    seat 2: staff plays down to one card without calling UNO, so the bot is not next."""
    created = staff.post(
        "/api/v1/games",
        {
            "seats": 3,
            "bots": [{"strategy": "greedy"}],
            "bot_think_ms": 0,
            "rules": {"preset": "classic", "options": {"uno_penalty": uno_penalty}},
            "position": {
                "hands": {"0": ["red-5", "red-6"], "1": ["blue-1", "blue-2"], "2": ["green-1"]},
                "discard": ["red-3"],
                "draw": ["yellow-1", "yellow-2", "yellow-3", "yellow-4"],
                "direction": "counterclockwise",
                "to_act": 0,
            },
        },
    )
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert ann.post(f"/api/v1/games/{game_id}/join").status_code == 200
    assert staff.post(f"/api/v1/games/{game_id}/start").status_code == 200
    played = staff.post(f"/api/v1/games/{game_id}/actions", {"type": "play", "card": "red-5"})
    assert played.status_code == 200, played.content
    return game_id


def test_a_bot_catches_a_seat_that_did_not_call_uno_without_waiting_for_its_turn(staff, ann):
    from games import services

    game_id = _bot_beside_a_window(staff, ann)
    assert staff.view(game_id)["to_act"] == 2  # ann's turn, not the bot's

    assert services.game_deadlines_enforce(game_id=game_id) >= 1

    caught = [e for e in _events(staff, game_id) if e["type"] == "uno_caught"]
    assert [(e["actor"], e["public"]) for e in caught] == [("bot:1", {"seat": 1, "target": 0})]
    assert staff.view(game_id)["you"]["hand"] == ["red-6", "yellow-1", "yellow-2"]
    assert staff.view(game_id)["to_act"] == 2


def test_a_bot_waits_on_a_window_only_when_it_may_catch(staff, ann):
    from games.models import Game

    caught_by_hand = _bot_beside_a_window(staff, ann, uno_penalty="catch")
    penalised_by_the_server = _bot_beside_a_window(staff, ann, uno_penalty="auto")

    def bot_deadlines(game_id):
        deadlines = Game.objects.get(pk=game_id).open_deadlines
        return {token: d["seat"] for token, d in deadlines.items() if token.startswith("bot-")}

    assert bot_deadlines(caught_by_hand) == {"bot-uno-0": 1}
    assert bot_deadlines(penalised_by_the_server) == {}


def test_an_expert_bot_is_accepted_at_creation(make_player):
    response = create(make_player("eve"), bots=[{"strategy": "expert"}])
    assert response.status_code == 201, response.content
    seat = response.json()["seats"][1]
    assert seat["state"] == "bot" and seat["player"]["bot"] is True
