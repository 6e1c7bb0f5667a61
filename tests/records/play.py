"""Games played to their end through the service's write path, for the records' tests:
bots alone (their deadlines swept), and people whose moves a greedy strategy picks,
some of them idle (timed out until removed or taken over by a bot)."""

from __future__ import annotations

import contextlib
import random
from datetime import UTC, datetime, timedelta

from django.contrib.auth import get_user_model

from games import services
from games.engine import SeatStatus
from games.engine.strategies import bot_decision
from games.errors import GameConflict
from games.models import Game
from players.services import player_register

PRESETS = ("classic", "modern-swap", "modern-shuffle", "house", "ozby")


class StoppedClock:
    """unoservice.clock.now for a test: time moves only when the test moves it."""

    def __init__(self):
        self.now = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def people(count: int, prefix: str = "p") -> list:
    return [player_register(name=f"{prefix}{i}")[0] for i in range(count)]


def bots_game(host, seats: int, preset: str, **options) -> Game:
    """A game of bots alone at 0 ms a move, which only staff may make: `host` becomes
    staff if it is not."""
    if not host.is_staff:
        host.user = get_user_model().objects.create_user(f"staff-{host.id}", is_staff=True)
        host.save(update_fields=["user"])
    strategies = ["greedy", "random"] * 5
    game = services.game_create(
        host=host,
        seats=seats,
        rules={"preset": preset, "options": {"target_score": 50, **options}},
        bots=[{"strategy": s} for s in strategies[:seats]],
        seat_host=False,
        bot_think_ms=0,
    )
    services.game_start(game_id=game.id, player=host)
    return Game.objects.get(pk=game.pk)


def people_game(
    players: list,
    preset: str,
    *,
    options: dict | None = None,
    timers: dict | None = None,
    visibility: str = "public",
    bots: int = 0,
    setup: dict | None = None,
) -> Game:
    """A started game: players[0] hosts, the others join, then `bots` bots."""
    rules = {"preset": preset, "options": {"target_score": 50} if options is None else options}
    game = services.game_create(
        host=players[0],
        seats=len(players) + bots,
        rules=rules,
        timers=timers,
        visibility=visibility,
        bots=[{"strategy": "greedy"}] * bots,
        bot_think_ms=0,
        setup=setup,
    )
    for player in players[1:]:
        services.game_join(game_id=game.id, player=player, invite_code=game.invite_code or None)
    services.game_start(game_id=game.id, player=players[0])
    return Game.objects.get(pk=game.pk)


def play_to_end(game: Game, clock: StoppedClock, *, idle=(), seed: int = 0, limit=5000) -> Game:
    """Each person present plays greedily when it is their turn; for an idle one (a
    player), a bot seat, or nobody able to act, time passes and deadlines are enforced."""
    rng = random.Random(seed)
    players = {int(s["seat"]): s["player"]["id"] for s in game.seated}
    by_id = {str(p.id): p for p in _players(game)}
    idle_ids = {str(p.id) for p in idle}
    for _ in range(limit):
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            return game
        state = services.game_state(game)
        seat = state.to_act
        player_id = players.get(seat)
        acting = (
            seat is not None
            and player_id not in idle_ids
            and state.seat_states[seat] == SeatStatus.PLAYING
            and not by_id[player_id].bot
        )
        command = bot_decision(state, seat, "greedy", rng) if acting else None
        if command is None:
            clock.now += timedelta(seconds=120)
            services.game_deadlines_enforce(game_id=game.id)
        else:
            # a deadline enforced first may have changed the situation: look again
            with contextlib.suppress(GameConflict):
                services.game_act(game_id=game.id, player=by_id[player_id], command=command)
    raise AssertionError(f"game {game.id} still {game.status} at version {game.version}")


def _players(game: Game) -> list:
    from players.models import Player

    return list(Player.objects.filter(seats__game=game))
