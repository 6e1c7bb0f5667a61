"""Concurrent rematches on PostgreSQL: the players of an ended game all ask for the
rematch at the same moment (each through Django's whole request stack, on a connection of
its own); the ended game's lock lets exactly one of them create the next game, and every
other call answers that same game."""

from __future__ import annotations

import threading

import pytest
from django.db import connections
from django.test import Client

from games import services
from games.log.audit import audit_game
from games.models import Game, GameEvent
from players.services import player_register

pytestmark = pytest.mark.django_db(transaction=True)

NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}
CALLS_PER_PLAYER = 4


def ended_game(host, others) -> Game:
    """A started game that the others leave, so that the host wins it."""
    game = services.game_create(
        host=host, seats=1 + len(others), rules={"preset": "classic"}, timers=NO_TIMERS
    )
    for other in others:
        services.game_join(game_id=game.id, player=other)
    services.game_start(game_id=game.id, player=host)
    for other in others:
        services.game_leave(game_id=game.id, player=other)
    return Game.objects.get(pk=game.id)


def test_simultaneous_first_rematches_create_one_game_every_caller_is_answered_with(postgres):
    registered = [player_register(name=name) for name in ("ann", "bob", "cid")]
    players = [player for player, _ in registered]
    old = ended_game(players[0], players[1:])
    assert old.status == "finished"
    callers = [token for _, token in registered] * CALLS_PER_PLAYER
    barrier = threading.Barrier(len(callers))
    replies: list[tuple[int, dict]] = []

    def ask(token: str) -> None:
        try:
            client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
            barrier.wait(timeout=30)
            response = client.post(
                f"/api/v1/games/{old.id}/rematch", content_type="application/json"
            )
            replies.append((response.status_code, response.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=ask, args=(token,)) for token in callers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    statuses = sorted(status for status, _ in replies)
    assert statuses == [200] * (len(callers) - 1) + [201], replies
    new_ids = {body["id"] for _, body in replies}
    assert len(new_ids) == 1
    (new_id,) = new_ids
    assert Game.objects.count() == 2
    old.refresh_from_db()
    assert str(old.next_game_id) == new_id
    new = Game.objects.get(pk=new_id)
    assert sorted(s.player_id for s in new.seat_rows()) == sorted(str(p.id) for p in players)
    assert GameEvent.objects.filter(game=new, type="seat_taken").count() == 3
    assert audit_game(old)["ok"]
    assert audit_game(new)["ok"]
