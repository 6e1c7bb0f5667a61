"""Games played to their end by bots, for the storage tests: finished and sealed, as the
write path ends them."""

from __future__ import annotations

from games import services
from games.models import Game


def finished_game(host, preset: str = "classic", seats: int = 3) -> Game:
    """A game of greedy bots to 50 points, each turn's deadline enforced at once (`host`
    is staff: only staff make games of bots alone)."""
    game = services.game_create(
        host=host,
        seats=seats,
        rules={"preset": preset, "options": {"target_score": 50}},
        bots=[{"strategy": "greedy"}] * seats,
        seat_host=False,
        bot_think_ms=0,
    )
    services.game_start(game_id=game.id, player=host)
    for _ in range(3000):
        services.game_deadlines_enforce(game_id=game.id)
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            break
    assert game.status == "finished" and game.seal is not None
    return game
