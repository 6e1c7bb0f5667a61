"""Timer tests at the service level: a clock the test moves by hand, no sleeping."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games import services
from players.services import player_register


class FakeClock:
    def __init__(self):
        self.now = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now


@pytest.fixture
def clock(monkeypatch, settings):
    fake = FakeClock()
    monkeypatch.setattr("unoservice.clock.now", fake)
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False  # the tests enforce deadlines themselves
    return fake


@pytest.fixture
def started_game(db, clock):
    """started_game(seats=3, timers={...}, rules={...}, setup={...}) -> (game, players)."""

    def start(seats=3, timers=None, rules=None, setup=None):
        players = [player_register(name=f"p{i}")[0] for i in range(seats)]
        game = services.game_create(
            host=players[0],
            seats=seats,
            rules=rules or {"preset": "classic"},
            timers=timers,
            setup=setup or {},
        )
        for player in players[1:]:
            services.game_join(game_id=game.id, player=player)
        services.game_start(game_id=game.id, player=players[0])
        game.refresh_from_db()
        return game, players

    return start
