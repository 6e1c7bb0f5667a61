"""What one player can start: at most UNO_OPEN_GAMES_PER_PLAYER waiting or active games
they created or sit in (429 `too_many_games`, nothing created), and a game of bots alone
kept to a pace and length the service can afford (docs/bots.md)."""

from __future__ import annotations

import pytest
from django.test import override_settings

from games.models import Game, GameSeat
from players.models import Player

from .conftest import assert_problem

pytestmark = pytest.mark.django_db

BOTS_ALONE = {"seats": 2, "bots": [{"strategy": "greedy"}] * 2, "seat_host": False}


def _open_games(player) -> int:
    return Game.objects.filter(host_id=player.id, status__in=("waiting", "active")).count()


@override_settings(UNO_OPEN_GAMES_PER_PLAYER=3)
def test_one_game_past_the_limit_is_a_429_too_many_games_and_creates_nothing(make_player):
    ann = make_player("ann")
    for _ in range(3):
        assert ann.post("/api/v1/games", {"seats": 2}).status_code == 201
    games, seats, players = Game.objects.count(), GameSeat.objects.count(), Player.objects.count()

    response = ann.post("/api/v1/games", {"seats": 2, "bots": [{"strategy": "greedy"}]})

    problem = assert_problem(response, 429, "too_many_games")
    assert int(response["Retry-After"]) >= 1
    assert "3" in problem["detail"]
    assert (Game.objects.count(), GameSeat.objects.count()) == (games, seats)
    assert Player.objects.count() == players  # not even the bot's player


def test_the_default_limit_is_ten_open_games(make_player):
    ann = make_player("ann")
    for _ in range(10):
        assert ann.post("/api/v1/games", {"seats": 2}).status_code == 201
    assert_problem(ann.post("/api/v1/games", {"seats": 2}), 429, "too_many_games")
    assert _open_games(ann) == 10


@override_settings(UNO_OPEN_GAMES_PER_PLAYER=2)
def test_games_of_bots_alone_count_toward_their_hosts_open_games(make_player):
    ann = make_player("ann")
    for _ in range(2):
        created = ann.post("/api/v1/games", {**BOTS_ALONE, "bot_think_ms": 200})
        assert created.status_code == 201, created.content
    refused = ann.post("/api/v1/games", {**BOTS_ALONE, "bot_think_ms": 200})
    assert_problem(refused, 429, "too_many_games")


@override_settings(UNO_OPEN_GAMES_PER_PLAYER=2)
def test_a_game_left_or_ended_no_longer_counts(make_player):
    ann, bob = make_player("ann"), make_player("bob")
    hosted = ann.post("/api/v1/games", {"seats": 2}).json()["id"]
    joined = bob.post("/api/v1/games", {"seats": 3}).json()["id"]
    assert ann.post(f"/api/v1/games/{joined}/join").status_code == 200
    assert_problem(ann.post("/api/v1/games", {"seats": 2}), 429, "too_many_games")

    assert ann.post(f"/api/v1/games/{joined}/leave").status_code == 200  # the seat is freed
    assert ann.post("/api/v1/games", {"seats": 2}).status_code == 201
    assert_problem(ann.post("/api/v1/games", {"seats": 2}), 429, "too_many_games")
    assert ann.post(f"/api/v1/games/{hosted}/leave").status_code == 200  # the host: aborted
    assert ann.post("/api/v1/games", {"seats": 2}).status_code == 201


@override_settings(UNO_OPEN_GAMES_PER_PLAYER=2)
def test_joining_a_seat_past_the_limit_is_a_429_and_takes_no_seat(make_player):
    ann, bob = make_player("ann"), make_player("bob")
    for _ in range(2):
        assert ann.post("/api/v1/games", {"seats": 2}).status_code == 201
    other = bob.post("/api/v1/games", {"seats": 2}).json()
    response = ann.post(f"/api/v1/games/{other['id']}/join")
    problem = assert_problem(response, 429, "too_many_games")
    assert problem["version"] == other["version"]
    assert int(response["Retry-After"]) >= 1
    assert bob.view(other["id"])["version"] == other["version"]
    assert GameSeat.objects.filter(game_id=other["id"]).count() == 1


@override_settings(UNO_OPEN_GAMES_PER_PLAYER=1)
def test_a_rematch_that_would_seat_a_player_past_the_limit_is_a_429(make_player, staff):
    ann, bob = make_player("ann"), make_player("bob")
    game = ann.post("/api/v1/games", {"seats": 2}).json()["id"]
    assert bob.post(f"/api/v1/games/{game}/join").status_code == 200
    assert ann.post(f"/api/v1/games/{game}/start").status_code == 200
    aborted = staff.post(f"/api/v1/games/{game}/abort", {"reason": "test"})
    assert aborted.status_code == 200, aborted.content
    assert bob.post("/api/v1/games", {"seats": 2}).status_code == 201  # bob is at his limit

    assert_problem(bob.post(f"/api/v1/games/{game}/rematch"), 429, "too_many_games")
    assert Game.objects.filter(previous_game__isnull=False).count() == 0
    created = ann.post(f"/api/v1/games/{game}/rematch")
    assert created.status_code == 201, created.content
    assert_problem(bob.post(f"/api/v1/games/{game}/rematch"), 429, "too_many_games")
    assert [(s["player"] or {}).get("id") for s in created.json()["seats"]] == [ann.id, None]
    assert GameSeat.objects.filter(game_id=created.json()["id"]).count() == 1


@override_settings(UNO_OPEN_GAMES_PER_PLAYER=1)
def test_staff_are_held_to_the_same_limit(staff):
    assert staff.post("/api/v1/games", {"seats": 2}).status_code == 201
    assert_problem(staff.post("/api/v1/games", {"seats": 2}), 429, "too_many_games")


@pytest.mark.parametrize(
    ("body", "option"),
    [
        ({"bot_think_ms": 0}, "bot_think_ms"),
        ({"bot_think_ms": 199}, "bot_think_ms"),
        ({"rules": {"preset": "classic", "options": {"target_score": 1000}}}, "target_score"),
        ({"rules": {"preset": "classic", "options": {"target_score": 501}}}, "target_score"),
    ],
)
def test_a_players_game_of_bots_alone_is_refused_below_200_ms_or_above_500_points(
    make_player, body, option
):
    ann = make_player("ann")
    response = ann.post("/api/v1/games", {**BOTS_ALONE, "bot_think_ms": 200, **body})
    problem = assert_problem(response, 400, "invalid_option")
    assert problem["option"] == option
    assert option in problem["detail"]
    assert Game.objects.count() == 0


def test_a_players_game_of_bots_alone_at_the_limits_is_created(make_player):
    rules = {"preset": "classic", "options": {"target_score": 500}}
    body = {**BOTS_ALONE, "seats": 4, "bots": [{"strategy": "greedy"}] * 4, "rules": rules}
    response = make_player("ann").post("/api/v1/games", {**body, "bot_think_ms": 200})
    assert response.status_code == 201, response.content
    assert response.json()["bot_think_ms"] == 200


def test_the_bot_limits_hold_only_for_games_of_bots_alone(make_player):
    rules = {"preset": "classic", "options": {"target_score": 1000}}
    body = {"seats": 3, "bots": [{"strategy": "greedy"}] * 2, "bot_think_ms": 0, "rules": rules}
    assert make_player("ann").post("/api/v1/games", body).status_code == 201
    free_seat = {**BOTS_ALONE, "seats": 3, "bot_think_ms": 0, "rules": rules}
    assert make_player("bob").post("/api/v1/games", free_seat).status_code == 201


def test_staff_may_make_a_game_of_bots_alone_at_any_pace(staff):
    rules = {"preset": "classic", "options": {"target_score": 1000}}
    response = staff.post("/api/v1/games", {**BOTS_ALONE, "bot_think_ms": 0, "rules": rules})
    assert response.status_code == 201, response.content
