"""Games with server bots, through the service's write path: bots seated at creation
act on their `bot` deadlines as ordinary events (`bot:<seat>`), and a game of bots
alone plays to its end with nobody acting."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import pytest

from games import services
from games.log.audit import audit_game
from games.models import Game, GameEvent
from games.write import bot_strategy
from players.services import player_for_user

pytestmark = pytest.mark.django_db

PRESETS = ("classic", "modern-swap", "modern-shuffle", "house", "ozby", "flip")
#: Games per preset: a few locally, up to 50 in CI.
GAMES_PER_PRESET = 20 if os.environ.get("CI") else 3


class StoppedClock:
    def __init__(self):
        self.now = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock(monkeypatch, settings):
    fake = StoppedClock()
    monkeypatch.setattr("unoservice.clock.now", fake)
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False  # the test sweeps, as the worker would
    return fake


@pytest.fixture
def host(db, django_user_model):
    """Staff: only they may make a game of bots alone at 0 ms a move."""
    django_user_model.objects.create_user("host", is_staff=True)
    return player_for_user(username="host")


def bots_game(host, seats: int, preset: str, strategies=None, **options) -> Game:
    strategies = strategies or ["greedy", "random"] * 5
    game = services.game_create(
        host=host,
        seats=seats,
        rules={"preset": preset, "options": {"target_score": 50}},
        bots=[{"strategy": s} for s in strategies[:seats]],
        seat_host=False,
        bot_think_ms=0,
        **options,
    )
    services.game_start(game_id=game.id, player=host)
    return Game.objects.get(pk=game.pk)


def sweep_until_over(game: Game, limit: int = 2000) -> Game:
    """What the worker's sweeps do, until the game is over."""
    for _ in range(limit):
        services.game_deadlines_enforce(game_id=game.id)
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            return game
    raise AssertionError(f"game {game.id} still {game.status} at version {game.version}")


@pytest.mark.parametrize("preset", PRESETS)
def test_games_of_bots_alone_finish_and_pass_the_audit(host, clock, preset):
    for index in range(GAMES_PER_PRESET):
        seats = 2 + index % 5
        game = sweep_until_over(bots_game(host, seats, preset))
        assert game.status == "finished"
        report = audit_game(game)
        assert report["ok"], report
        actors = set(GameEvent.objects.filter(game=game).values_list("actor", flat=True))
        assert {f"bot:{seat}" for seat in range(seats)} <= actors


def test_a_bot_acts_only_once_its_think_time_has_passed(host, clock):
    game = services.game_create(
        host=host,
        seats=2,
        rules={"preset": "classic"},
        bots=[{"strategy": "greedy"}, {"strategy": "greedy"}],
        seat_host=False,
        bot_think_ms=800,
    )
    services.game_start(game_id=game.id, player=host)
    game = Game.objects.get(pk=game.pk)
    (deadline,) = game.open_deadlines.values()
    assert deadline["kind"] == "bot"
    assert services.game_deadlines_enforce(game_id=game.id) == 0
    clock.now += timedelta(milliseconds=800)
    assert services.game_deadlines_enforce(game_id=game.id) == 1
    acted = GameEvent.objects.filter(game=game, actor=f"bot:{deadline['seat']}")
    assert acted.exists()


def test_bot_seats_have_bot_players_of_their_own(host, clock):
    game = services.game_create(
        host=host, seats=3, rules={"preset": "classic"}, bots=[{"strategy": "random"}]
    )
    seated = {s.seat: s for s in game.seat_rows()}
    assert seated[0].player_id == str(host.id) and not seated[0].bot
    assert seated[1].bot and seated[1].player_id != str(host.id)
    assert 2 not in seated
    assert game.bots == {"think_ms": 600, "alone_min_ms": 0, "strategies": {"1": "random"}}


def test_a_seat_taken_over_from_a_player_plays_greedy(host, clock):
    game = services.game_create(
        host=host, seats=3, rules={"preset": "classic"}, bots=[{"strategy": "random"}]
    )
    assert bot_strategy(game, 1) == "random"
    assert bot_strategy(game, 2) == "greedy"


def test_an_expert_searches_inside_its_think_time_and_plays_through_the_write_path(
    host, clock, settings
):
    """Its turn falls due UNO_EXPERT_BUDGET_MS before the think time ends (clients are
    still shown the end of the think time), and what it sends is an ordinary move."""
    settings.UNO_EXPERT_BUDGET_MS = 300
    game = services.game_create(
        host=host,
        seats=2,
        rules={"preset": "classic"},
        bots=[{"strategy": "expert"}, {"strategy": "greedy"}],
        seat_host=False,
        bot_think_ms=800,
    )
    services.game_start(game_id=game.id, player=host)
    game = Game.objects.get(pk=game.pk)
    moved = 0
    for _ in range(12):
        (deadline,) = (d for t, d in game.open_deadlines.items() if t.startswith("turn-"))
        closes, due = (datetime.fromisoformat(deadline[k]) for k in ("closes_at", "due_at"))
        early = closes - due
        expected = timedelta(milliseconds=300 if deadline["seat"] == 0 else 0)
        assert early == expected
        clock.now = due
        assert services.game_deadlines_enforce(game_id=game.id) == 1
        game = Game.objects.get(pk=game.pk)
        moved += deadline["seat"] == 0
        if game.status != "active":
            break
    assert moved >= 3
    assert GameEvent.objects.filter(game=game, actor="bot:0").exists()
    assert audit_game(game)["ok"]


def test_a_game_of_experts_plays_to_its_end(host, clock, settings):
    settings.UNO_EXPERT_BUDGET_MS = 5
    game = bots_game(host, 3, "house", ["expert", "greedy", "expert"])
    game = sweep_until_over(game)
    assert game.status == "finished"
    assert audit_game(game)["ok"]
