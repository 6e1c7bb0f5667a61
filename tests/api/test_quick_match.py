"""POST /api/v1/quick-match: join the public quick match game with the same seat count,
rules and timers that has waited longest, or create one; such a game starts by itself
when its last seat is taken."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game, GameEvent

from .conftest import NO_TIMERS, assert_problem

QUICK = "/api/v1/quick-match"


def events(player, game_id: str) -> list[dict]:
    response = player.get(f"/api/v1/games/{game_id}/events")
    assert response.status_code == 200, response.content
    return response.json()["events"]


def test_the_first_quick_match_creates_a_public_game_the_caller_hosts(ann):
    response = ann.post(QUICK, {"seats": 3, "timers": NO_TIMERS})

    assert response.status_code == 201, response.content
    game = response.json()
    assert response["Location"].endswith(f"/api/v1/games/{game['id']}")
    assert (game["status"], game["visibility"], game["seat_count"]) == ("waiting", "public", 3)
    assert game["host"] == ann.id and game["you"]["seat"] == 0
    created = events(ann, game["id"])[0]
    assert created["type"] == "game_created"
    assert created["public"]["quick_match"] is True


def test_taking_the_last_seat_starts_the_game_in_the_same_answer(ann, bob):
    created = ann.post(QUICK, {"seats": 2, "timers": NO_TIMERS}).json()

    response = bob.post(QUICK, {"seats": 2, "timers": NO_TIMERS})

    assert response.status_code == 200, response.content
    game = response.json()
    assert game["id"] == created["id"]
    assert game["status"] == "active"
    assert response["ETag"] == f'"{game["version"]}"'
    logged = events(ann, game["id"])
    # Seven dealt, and two more if the first card turned up is a Draw Two and it is hers.
    drawn = sum(
        e["public"]["count"]
        for e in logged
        if e["type"] == "cards_drawn" and e["public"]["seat"] == 1
    )
    assert game["you"]["seat"] == 1 and len(game["you"]["hand"]) == 7 + drawn
    assert [e["type"] for e in logged[:4]] == [
        "game_created",
        "seat_taken",
        "seat_taken",
        "game_started",
    ]
    assert logged[3]["actor"] == "system"
    assert ann.view(game["id"])["status"] == "active"


def test_a_plain_join_of_a_quick_match_game_starts_it_too(ann, bob):
    created = ann.post(QUICK, {"seats": 2, "timers": NO_TIMERS}).json()

    joined = bob.post(f"/api/v1/games/{created['id']}/join")

    assert joined.status_code == 200
    assert joined.json()["status"] == "active"


def test_settings_are_matched_after_the_preset_and_the_timer_defaults(ann, bob):
    first = ann.post(QUICK, {"seats": 2}).json()
    timers = ann.view(first["id"])["timers"]  # a POST answer leaves the rule set out
    same = {
        "seats": 2,
        "rules": {"preset": "classic", "options": {"target_score": 500}},
        "timers": {"turn_seconds": timers["turn_seconds"]},
    }

    response = bob.post(QUICK, same)

    assert response.status_code == 200, response.content
    assert response.json()["id"] == first["id"]


@pytest.mark.parametrize(
    "other",
    [
        {"seats": 3, "timers": NO_TIMERS},
        {"seats": 2, "rules": {"preset": "house"}, "timers": NO_TIMERS},
        {"seats": 2, "rules": {"options": {"target_score": 300}}, "timers": NO_TIMERS},
        {"seats": 2, "timers": {**NO_TIMERS, "turn_seconds": 30}},
    ],
)
def test_other_seats_rules_or_timers_make_a_game_of_their_own(ann, bob, other):
    first = ann.post(QUICK, {"seats": 2, "timers": NO_TIMERS}).json()

    response = bob.post(QUICK, other)

    assert response.status_code == 201, response.content
    assert response.json()["id"] != first["id"]
    assert ann.view(first["id"])["status"] == "waiting"


def test_the_game_that_waited_longest_is_joined_first(ann, bob, cid, dee):
    ann_game = ann.post(QUICK, {"seats": 3, "timers": NO_TIMERS}).json()
    # Another waiting game with the same settings, younger: made as quick match makes one.
    older = Game.objects.get(pk=ann_game["id"])
    younger = services.game_create(
        host=bob.player,
        seats=3,
        rules={"preset": "classic"},
        timers=NO_TIMERS,
        match_key=older.match_key,
    )
    assert younger.created_at > older.created_at

    assert cid.post(QUICK, {"seats": 3, "timers": NO_TIMERS}).json()["id"] == ann_game["id"]
    started = dee.post(QUICK, {"seats": 3, "timers": NO_TIMERS}).json()
    assert (started["id"], started["status"]) == (ann_game["id"], "active")


def test_asking_again_while_waiting_answers_the_same_game(ann):
    first = ann.post(QUICK, {"seats": 2, "timers": NO_TIMERS}).json()

    again = ann.post(QUICK, {"seats": 2, "timers": NO_TIMERS})

    assert again.status_code == 200
    assert again.json()["id"] == first["id"]
    assert again.json()["version"] == first["version"]
    assert Game.objects.count() == 1


def test_games_made_by_create_are_left_to_their_host(ann, bob, create_game):
    plain = create_game(ann, seats=2)

    response = bob.post(QUICK, {"seats": 2, "timers": NO_TIMERS})

    assert response.status_code == 201
    assert response.json()["id"] != plain["id"]
    assert ann.view(plain["id"])["seats"][1]["state"] == "open"


def test_a_retry_with_the_same_idempotency_key_makes_nothing_new(ann):
    body = {"seats": 2, "timers": NO_TIMERS}
    first = ann.post(QUICK, body, HTTP_IDEMPOTENCY_KEY="qm-1")

    again = ann.post(QUICK, body, HTTP_IDEMPOTENCY_KEY="qm-1")
    other = ann.post(QUICK, {"seats": 3}, HTTP_IDEMPOTENCY_KEY="qm-1")

    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert again.json()["id"] == first.json()["id"]
    assert again["Location"] == first["Location"]
    assert_problem(other, 422, "idempotency_key_reused")
    assert Game.objects.count() == 1


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "invalid_request"),
        ({"seats": 1}, "invalid_request"),
        ({"seats": 2, "visibility": "invite"}, "unknown_field"),
        ({"seats": 2, "rules": {"options": {"no_such": 1}}}, "unknown_option"),
        (
            {
                "seats": 2,
                "rules": {"options": {"uno_penalty": "auto"}},
                "timers": {"uno_window_seconds": None},
            },
            "invalid_option",
        ),
    ],
)
def test_a_bad_body_is_400_and_makes_nothing(ann, body, code):
    assert_problem(ann.post(QUICK, body), 400, code)
    assert Game.objects.count() == 0
    assert GameEvent.objects.count() == 0


def test_quick_match_needs_a_token(api_client, db):
    assert_problem(api_client.post(QUICK, {"seats": 2}, format="json"), 401, "not_authenticated")


def test_a_quick_match_past_the_open_games_limit_is_429_too_many_games(ann, bob, settings):
    settings.UNO_OPEN_GAMES_PER_PLAYER = 1
    ann.post(QUICK, {"seats": 2, "timers": NO_TIMERS})
    bob.post("/api/v1/games", {"seats": 2, "timers": NO_TIMERS})
    games_before = Game.objects.count()

    refused = bob.post(QUICK, {"seats": 2, "timers": NO_TIMERS})

    assert_problem(refused, 429, "too_many_games")
    assert refused["Retry-After"]
    assert Game.objects.count() == games_before
