"""Hash scheme 2: a private part's digest, which every viewer sees, cannot be reversed by
trying the few values it could hold. Games recorded under scheme 1 still verify."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from rest_framework.test import APIClient

from games import services
from games.engine import legal_actions
from games.engine.cards import CARDS_BY_CODE
from games.log.audit import audit_game
from games.log.hashing import canonical, sha256_hex
from games.models import Game
from games.write import load_state
from players.services import player_register

pytestmark = pytest.mark.django_db

NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}


def played_game(moves: int = 60, scheme: int | None = None) -> Game:
    """A 3-seat game played by random legal moves (draws included), as the services play."""
    players = [player_register(name=f"p{i}")[0] for i in range(3)]
    game = services.game_create(
        host=players[0], seats=3, rules={"preset": "classic"}, timers=NO_TIMERS
    )
    if scheme is not None:
        Game.objects.filter(pk=game.pk).update(hash_scheme=scheme)
    for player in players[1:]:
        services.game_join(game_id=game.id, player=player)
    services.game_start(game_id=game.id, player=players[0])
    rng = random.Random(7)
    for _ in range(moves):
        state = load_state(Game.objects.get(pk=game.pk))
        if state.status != "active":
            break
        seat = state.to_act
        action = rng.choice(legal_actions(state, seat))
        command = dataclasses.replace(action, seat=None)  # as the API builds it
        services.game_act(game_id=game.id, player=players[seat], command=command)
    return Game.objects.get(pk=game.pk)


def spectators_feed(game: Game) -> list[dict]:
    _, token = player_register(name="watcher")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = client.get(f"/api/v1/games/{game.id}/events")
    assert response.status_code == 200, response.content
    return response.json()["events"]


def guesses():
    """Every private part a draw of one or two cards could hold, without a nonce."""
    codes = sorted(CARDS_BY_CODE)
    for code in codes:
        yield {"cards": [code]}
    for pair in itertools.product(codes, repeat=2):
        yield {"cards": list(pair)}


def recovered(events: list[dict]) -> list[dict]:
    hidden = {e["private_digest"] for e in events if e["private"] is None and e["private_digest"]}
    return [guess for guess in guesses() if sha256_hex(canonical(guess)) in hidden]


def test_no_hidden_draw_is_recovered_from_its_digest_under_scheme_2():
    game = played_game()
    events = spectators_feed(game)
    hidden_draws = [e for e in events if e["type"] == "cards_drawn" and e["private"] is None]
    assert hidden_draws, "the game drew cards a spectator may not see"
    assert game.hash_scheme == 2
    created = events[0]
    assert created["type"] == "game_created" and created["public"]["hash_scheme"] == 2
    assert recovered(events) == []
    assert audit_game(game)["ok"]


def test_a_scheme_1_game_still_verifies_and_its_draws_are_what_the_nonce_protects():
    game = played_game(scheme=1)
    events = spectators_feed(game)
    assert audit_game(game)["ok"]
    assert recovered(events), "without nonces a spectator recovers drawn cards"
