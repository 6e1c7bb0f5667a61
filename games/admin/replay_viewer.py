"""The staff replay viewer's data: the game at every step, from one fold of its log.

Each step is what `GET /games/{id}/replay?at=N` answers for the same caller, with the
event of that step beside it, so the browser steps through a game without asking the
server again (a 1,000-event game is one request, then each step is a redraw)."""

from __future__ import annotations

from games import engine
from games.log.hashing import GENESIS_HASH
from games.log.store import engine_events, events_of
from games.models import Game
from games.presentation import event_document, reveals_all, reveals_shuffles, viewer_of
from games.selectors import replay_document
from players.models import Player


def replay_steps(*, game: Game, player: Player) -> list[dict]:
    """Step N (0 … version): {"at": N, "game": the game as of seq N, "event": event N as
    the caller may see it, or None before the first}. From an event the engine cannot
    apply (a log rewritten behind the service's back) on, the table stays as it was
    before it and each step says so (`unfolded_at`), so the viewer still opens."""
    viewer = viewer_of(game, player)
    state = engine.GameState()
    steps = [
        {"at": 0, "game": replay_document(game, state, viewer, 0, GENESIS_HASH), "event": None}
    ]
    reveal, shuffles = reveals_all(game, viewer), reveals_shuffles(game)
    unfolded = None  # the first event the engine could not apply (a tampered log)
    for row in events_of(game):
        if unfolded is None:
            try:
                for event in engine_events([row]):  # lobby events leave the table as it was
                    state = engine.evolve(state, event)
            except Exception:  # a log the engine cannot fold is what an auditor looks at
                unfolded = row.seq
        step = {
            "at": row.seq,
            "game": replay_document(game, state, viewer, row.seq, row.hash),
            "event": event_document(row, viewer, reveal_all=reveal, reveal_shuffles=shuffles),
        }
        if unfolded is not None:
            step["unfolded_at"] = unfolded
        steps.append(step)
    return steps
