"""Safe retries: `Idempotency-Key` on the POSTs that change games (DESIGN.md §5)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from games import services
from games.log.hashing import canonical, sha256_hex
from games.models import Game, GameEvent, IdempotencyRecord

from .conftest import NO_TIMERS, assert_problem

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games"

#: Seat 0 (staff) to play on a red 3.
POSITION = {
    "hands": {"0": ["red-5", "red-6", "blue-7"], "1": ["green-3", "yellow-4", "red-9"]},
    "discard": ["red-3"],
    "to_act": 0,
}


def key(value: str) -> dict:
    return {"HTTP_IDEMPOTENCY_KEY": value}


def log_length(game_id) -> int:
    return GameEvent.objects.filter(game_id=game_id).count()


@pytest.fixture
def game(staff, players, started_game):
    """A started 2-seat game: staff (seat 0) to play, ann in seat 1."""
    return started_game(staff, players[:1], position=POSITION)


def act_url(game_id) -> str:
    return f"{GAMES}/{game_id}/actions"


def test_a_retried_action_applies_once_and_returns_the_identical_response(staff, game):
    body = {"type": "play", "card": "red-5"}

    first = staff.post(act_url(game["id"]), body, **key("move-1"))
    length = log_length(game["id"])
    second = staff.post(act_url(game["id"]), body, **key("move-1"))

    assert first.status_code == second.status_code == 200
    assert second.json() == first.json()
    assert second["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first
    assert second["Content-Type"] == "application/json"
    assert log_length(game["id"]) == length
    assert staff.view(game["id"])["version"] == first.json()["version"]


def test_a_retried_create_makes_one_game(make_player):
    ann = make_player("ann")
    body = {"seats": 2, "timers": NO_TIMERS}

    first = ann.post(GAMES, body, **key("new-game"))
    second = ann.post(GAMES, body, **key("new-game"))

    assert first.status_code == second.status_code == 201
    assert second.json() == first.json()
    assert second["Idempotent-Replayed"] == "true"
    assert Game.objects.count() == 1


def test_a_retried_start_replays_instead_of_409(staff, players, create_game):
    ann = players[0]
    created = create_game(staff, position=POSITION)
    ann.post(f"{GAMES}/{created['id']}/join")
    start = f"{GAMES}/{created['id']}/start"

    first = staff.post(start, **key("go"))
    second = staff.post(start, **key("go"))

    assert first.status_code == second.status_code == 200
    assert second.json() == first.json()
    assert_problem(staff.post(start), 409, "game_not_active")  # without the key


def test_the_same_key_with_another_body_is_422_idempotency_key_reused(staff, game):
    staff.post(act_url(game["id"]), {"type": "play", "card": "red-5"}, **key("k"))
    length = log_length(game["id"])

    response = staff.post(act_url(game["id"]), {"type": "draw"}, **key("k"))

    assert_problem(response, 422, "idempotency_key_reused")
    assert log_length(game["id"]) == length


def test_the_same_key_and_body_on_another_game_is_422(staff, players, game, started_game):
    other = started_game(staff, players[1:2], position=POSITION)
    body = {"type": "play", "card": "red-5"}
    staff.post(act_url(game["id"]), body, **key("k"))

    response = staff.post(act_url(other["id"]), body, **key("k"))

    assert_problem(response, 422, "idempotency_key_reused")
    assert staff.view(other["id"])["version"] == other["version"]


def test_keys_belong_to_one_player(staff, players, game):
    ann = players[0]
    staff.post(act_url(game["id"]), {"type": "play", "card": "red-5"}, **key("shared"))

    response = ann.post(act_url(game["id"]), {"type": "draw"}, **key("shared"))

    assert response.status_code == 200
    assert "Idempotent-Replayed" not in response


def fingerprint(path: str, body) -> str:
    return sha256_hex("POST " + path + "\n" + canonical(body))


@pytest.mark.django_db(transaction=True)
def test_a_repeat_while_the_first_is_still_running_is_409_request_in_progress(
    postgres, staff, players, started_game
):
    """The first request holds its key (a transaction-scoped advisory lock) until it
    commits; a repeat meanwhile is told so at once and changes nothing."""
    game = started_game(staff, players[:1], position=POSITION)
    body = {"type": "play", "card": "red-5"}
    holding, release = threading.Event(), threading.Event()

    def first_request_running():
        from django.db import transaction

        from games.http.idempotency import _hold_key

        try:
            with transaction.atomic():
                _hold_key(staff.player.pk, "busy")
                holding.set()
                release.wait(10)
        finally:
            connection.close()

    thread = threading.Thread(target=first_request_running)
    thread.start()
    try:
        assert holding.wait(10)
        response = staff.post(act_url(game["id"]), body, **key("busy"))
        assert_problem(response, 409, "request_in_progress")
        assert staff.view(game["id"])["version"] == game["version"]
    finally:
        release.set()
        thread.join()
    assert staff.post(act_url(game["id"]), body, **key("busy")).status_code == 200


def test_the_stored_response_commits_with_the_move_or_not_at_all(staff, game, monkeypatch):
    """A failure after the move was appended (here: storing the response) rolls back the
    move too: no move without its record, so a retry applies it exactly once."""
    body = {"type": "play", "card": "red-5"}
    real_create = IdempotencyRecord.objects.create

    def failing_create(**kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(IdempotencyRecord.objects, "create", failing_create)
    staff.client.raise_request_exception = False
    failed = staff.post(act_url(game["id"]), body, **key("atomic"))
    assert failed.status_code == 500
    assert staff.view(game["id"])["version"] == game["version"]
    monkeypatch.setattr(IdempotencyRecord.objects, "create", real_create)

    retried = staff.post(act_url(game["id"]), body, **key("atomic"))

    assert retried.status_code == 200
    assert GameEvent.objects.filter(game_id=game["id"], type="card_played").count() == 1


def test_a_replay_answers_with_the_first_responses_etag(staff, game):
    body = {"type": "play", "card": "red-5"}
    first = staff.post(act_url(game["id"]), body, **key("etag"))
    again = staff.post(act_url(game["id"]), body, **key("etag"))
    assert again["ETag"] == first["ETag"]
    assert first["ETag"] == f'"{first.json()["version"]}"'


def test_a_replayed_create_keeps_its_location_and_etag(make_player):
    ann = make_player("ann")
    body = {"seats": 2, "timers": NO_TIMERS}
    first = ann.post(GAMES, body, **key("create-once"))
    again = ann.post(GAMES, body, **key("create-once"))
    assert first.status_code == again.status_code == 201
    assert again["Location"] == first["Location"]
    assert first["Location"].endswith(f"/api/v1/games/{first.json()['id']}")
    assert again["ETag"] == first["ETag"]


def test_a_record_past_its_time_to_live_is_purged_and_the_key_runs_again(staff, game):
    body = {"type": "play", "card": "red-5"}
    path = act_url(game["id"])
    old = IdempotencyRecord.objects.create(
        player=staff.player, key="old", request_hash=fingerprint(path, body), status_code=200
    )
    IdempotencyRecord.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - timedelta(hours=49)
    )

    from games.tasks import purge_idempotency_records

    assert purge_idempotency_records() == 1
    response = staff.post(path, body, **key("old"))
    assert response.status_code == 200
    assert "Idempotent-Replayed" not in response


def test_a_refusal_is_stored_and_replayed_even_after_the_game_moved_on(staff, players, game):
    ann = players[0]
    body = {"type": "play", "card": "red-9"}  # not ann's turn yet
    first = ann.post(act_url(game["id"]), body, **key("early"))
    assert_problem(first, 409, "not_your_turn")
    staff.act(game["id"], {"type": "play", "card": "red-5"})  # now it is, and red-9 plays

    second = ann.post(act_url(game["id"]), body, **key("early"))

    assert second.status_code == 409
    assert second.json() == first.json()
    assert second["Content-Type"] == "application/problem+json"
    assert second["Idempotent-Replayed"] == "true"
    assert ann.act(game["id"], body).status_code == 200  # a new request does apply


def test_a_validation_error_is_replayed_as_stored(staff, game):
    body = {"type": "play"}

    first = staff.post(act_url(game["id"]), body, **key("bad"))
    second = staff.post(act_url(game["id"]), body, **key("bad"))

    assert_problem(first, 400, "invalid_request")
    assert second.status_code == 400
    assert second.json() == first.json()
    assert second["Idempotent-Replayed"] == "true"


def test_a_server_error_releases_the_key_so_a_retry_runs(staff, game, monkeypatch):
    body = {"type": "play", "card": "red-5"}

    def broken(**kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(services, "game_act", broken)
    staff.client.raise_request_exception = False
    failed = staff.post(act_url(game["id"]), body, **key("retry-me"))
    assert failed.status_code == 500
    assert not IdempotencyRecord.objects.filter(key="retry-me").exists()
    monkeypatch.undo()

    retried = staff.post(act_url(game["id"]), body, **key("retry-me"))

    assert retried.status_code == 200
    assert "Idempotent-Replayed" not in retried
    assert retried.json()["game"]["top_card"] == "red-5"


@pytest.mark.parametrize("value", ["", "x" * 201, "tab\there"], ids=["empty", "long", "control"])
def test_a_malformed_key_is_400_invalid_request(staff, game, value):
    response = staff.post(act_url(game["id"]), {"type": "draw"}, **key(value))

    assert_problem(response, 400, "invalid_request")
    assert staff.view(game["id"])["version"] == game["version"]


def test_without_a_key_each_request_is_its_own(staff, game):
    body = {"type": "play", "card": "red-5"}

    assert staff.act(game["id"], body).status_code == 200
    assert_problem(staff.act(game["id"], body), 409, "not_your_turn")


@pytest.mark.django_db(transaction=True)
def test_two_racing_retries_apply_once(postgres, staff, players, started_game):
    """Two copies of one request released together: one runs; the other is told it is
    in progress or gets the stored response. Needs PostgreSQL (real concurrent writers)."""
    game = started_game(staff, players[:1], position=POSITION)
    body = {"type": "play", "card": "red-5"}
    barrier = threading.Barrier(2)
    results = []

    def send():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {staff.token}")
        try:
            barrier.wait(timeout=10)
            results.append(client.post(act_url(game["id"]), body, format="json", **key("race")))
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    statuses = sorted(r.status_code for r in results)
    assert statuses in ([200, 200], [200, 409]), [r.content for r in results]
    if statuses == [200, 409]:
        assert_problem(next(r for r in results if r.status_code == 409), 409, "request_in_progress")
    else:
        assert results[0].json() == results[1].json()
    played = GameEvent.objects.filter(game_id=game["id"], type="card_played").count()
    assert played == 1
