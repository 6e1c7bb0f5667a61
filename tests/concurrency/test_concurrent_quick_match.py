"""Quick match under a rush on PostgreSQL: forty players ask for a two-seat game at the
same moment (each through Django's whole request stack, on a connection of its own).
They end in exactly twenty started games: nobody seated twice, no game over-filled, and
every game's log audits."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connections
from django.test import Client

from games.log.audit import audit_game
from games.models import Game, GameEvent, GameSeat
from players.services import player_register

pytestmark = pytest.mark.django_db(transaction=True)

NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}
PLAYERS = 40


def test_forty_players_asking_at_once_fill_exactly_twenty_started_games(postgres):
    tokens = [player_register(name=f"p{i}")[1] for i in range(PLAYERS)]
    barrier = threading.Barrier(PLAYERS)
    replies: list[tuple[int, dict]] = []

    def ask(token: str) -> None:
        try:
            client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
            barrier.wait(timeout=60)
            response = client.post(
                "/api/v1/quick-match",
                {"seats": 2, "timers": NO_TIMERS},
                content_type="application/json",
            )
            replies.append((response.status_code, response.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=ask, args=(token,)) for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert len(replies) == PLAYERS, replies
    assert Counter(status for status, _ in replies) == {201: 20, 200: 20}, replies
    games = list(Game.objects.all())
    assert len(games) == 20
    assert {game.status for game in games} == {"active"}
    seats = list(GameSeat.objects.values_list("game_id", "player_id"))
    assert len(seats) == PLAYERS
    assert len({player for _, player in seats}) == PLAYERS  # nobody seated twice
    assert set(Counter(game for game, _ in seats).values()) == {2}  # none over-filled
    assert GameEvent.objects.filter(type="game_started").count() == 20
    for game in games:
        assert audit_game(game)["ok"]
