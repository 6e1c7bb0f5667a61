"""Concurrent creates and joins by one player on PostgreSQL (each through Django's whole
request stack, on a connection of its own): however they interleave, the player ends up
with no more open games than UNO_OPEN_GAMES_PER_PLAYER, and every other call is a 429
`too_many_games`."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connections
from django.test import Client, override_settings

from games import services
from games.models import Game, GameSeat
from players.services import player_register

pytestmark = pytest.mark.django_db(transaction=True)

LIMIT = 3
CALLS = 12


def _run_at_once(calls) -> list[tuple[int, dict]]:
    barrier = threading.Barrier(len(calls))
    replies: list[tuple[int, dict]] = []

    def run(call) -> None:
        try:
            barrier.wait(timeout=30)
            response = call()
            replies.append((response.status_code, response.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return replies


@override_settings(UNO_OPEN_GAMES_PER_PLAYER=LIMIT)
def test_simultaneous_creates_by_one_player_never_exceed_the_limit(postgres):
    ann, token = player_register(name="ann")

    def create():
        return _post(token, "/api/v1/games", {"seats": 2})

    replies = _run_at_once([create] * CALLS)

    statuses = Counter(status for status, _ in replies)
    assert statuses == {201: LIMIT, 429: CALLS - LIMIT}, replies
    assert {body["code"] for status, body in replies if status == 429} == {"too_many_games"}
    assert Game.objects.filter(host=ann).count() == LIMIT


@override_settings(UNO_OPEN_GAMES_PER_PLAYER=LIMIT)
def test_simultaneous_joins_and_creates_by_one_player_never_exceed_the_limit(postgres):
    ann, token = player_register(name="ann")
    hosts = [player_register(name=f"host{i}")[0] for i in range(CALLS // 2)]
    games = [services.game_create(host=h, seats=2, rules={"preset": "classic"}) for h in hosts]
    client_calls = []
    for game in games:
        client_calls.append(lambda game=game: _post(token, f"/api/v1/games/{game.id}/join", {}))
        client_calls.append(lambda: _post(token, "/api/v1/games", {"seats": 2}))

    replies = _run_at_once(client_calls)

    statuses = Counter(status for status, _ in replies)
    assert statuses[429] == CALLS - LIMIT, replies
    hosted = Game.objects.filter(host=ann).count()
    joined = GameSeat.objects.filter(player=ann, game__host__in=hosts).count()
    assert hosted + joined == LIMIT


def _post(token: str, path: str, body: dict):
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client.post(path, body, content_type="application/json")
