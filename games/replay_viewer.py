"""The staff replay viewer's data: the game at every step, from one fold of its log.

Each step is what `GET /games/{id}/replay?at=N` answers for the same caller, with the
event of that step beside it, so the browser steps through a game without asking the
server again (a 1,000-event game is one request, then each step is a redraw)."""

from __future__ import annotations

from games import engine
from players.models import Player

from .hashing import GENESIS_HASH
from .models import Game
from .presentation import event_document, viewer_of
from .selectors import replay_document
from .store import engine_events, load_events


def replay_steps(*, game: Game, player: Player) -> list[dict]:
    """Step N (0 … version): {"at": N, "game": the game as of seq N, "event": event N as
    the caller may see it, or None before the first}."""
    viewer = viewer_of(game, player)
    state = engine.GameState()
    steps = [
        {"at": 0, "game": replay_document(game, state, viewer, 0, GENESIS_HASH), "event": None}
    ]
    for row in load_events(game.id):
        for event in engine_events([row]):  # lobby events leave the table as it was
            state = engine.evolve(state, event)
        steps.append(
            {
                "at": row.seq,
                "game": replay_document(game, state, viewer, row.seq, row.hash),
                "event": event_document(row, viewer),
            }
        )
    return steps
