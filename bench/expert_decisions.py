"""How good the expert's single decisions are, measured without playing matches.

    uv run python bench/expert_decisions.py --seats 2 --positions 300 --seed 11 \
        [--worlds 16,32,64]

A match's outcome is mostly luck: 400 two-seat rounds measure a win rate to about 2.5
points, too coarse to tell one version of the expert from another. This measures the
thing the search decides instead. It plays greedy against greedy (classic rules, matches
to 50) and keeps every third position where seat 0 has more than one candidate command
worth searching (games.engine.expert's own candidates), with what seat 0 was shown; it
then values each candidate in the *true* state (every hand as it is, the draw pile
shuffled, since nobody knows it): 300 playouts to the round's end, every seat then
playing the expert's playout policy (greedy's rules), the value being how often seat 0
wins the round. Then, for each `--worlds` budget, it lets the expert decide at each
position from what its seat was shown and prints the mean true value of its choices
minus that of greedy's (`gain`), and of the best candidate (`oracle_gain`: what a search
that saw the hidden hands could gain at most). Greedy's continuation after the decision
is assumed, as in the expert's own playouts. The positions are rebuilt from the seed in
every run (nothing is written to a file and read back), so several budgets are best
scored in one run.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from games.engine import (  # noqa: E402
    StartGame,
    Status,
    Viewer,
    legal_actions,
    redact_for,
    rule_set_from,
    step,
    view_for,
)
from games.engine import expert as X  # noqa: E402
from games.engine.commands import CallUno, CatchUno  # noqa: E402
from games.engine.events import RoundStarted  # noqa: E402
from games.engine.state import GameState, Timers  # noqa: E402
from games.engine.strategies import GREEDY, bot_decision  # noqa: E402


def positions(seats: int, count: int, seed: int, every: int = 3) -> list:
    """(state, seat 0's view, the events seat 0 was shown, its legal commands)."""
    rng = random.Random(seed)
    kept: list = []
    found = 0
    viewer = Viewer.of_seat(0)
    while len(kept) < count:
        start = StartGame(
            seats,
            rule_set_from("classic", {"target_score": 50}),
            timers=Timers(bot_delay_ms=0),
            bot_seats=tuple(range(seats)),
        )
        outcome = step(GameState(), start, rng)
        state = outcome.state
        seen = [redact_for(e, viewer) for e in outcome.events]
        while state.status is Status.ACTIVE and len(kept) < count:
            if state.to_act == 0:
                actions = legal_actions(state, 0)
                view = view_for(state, viewer)
                uno = any(type(a) in (CatchUno, CallUno) for a in actions)
                if actions and not uno and len(X._candidates(view, actions, 0)) > 1:
                    found += 1
                    if found % every == 0:
                        kept.append((state.copy(), view, copy.deepcopy(seen), actions))
            command = bot_decision(state, state.to_act, GREEDY, rng)
            outcome = step(state, command, rng)
            state = outcome.state
            for event in outcome.events:
                if isinstance(event, RoundStarted):
                    del seen[1:]
                seen.append(redact_for(event, viewer))
    return kept


def true_value(state: GameState, candidate, playouts: int = 300, seed: int = 7) -> float:
    """How often seat 0 wins the round after `candidate` in the true state."""
    depth, X.PLAYOUT_DEPTH = X.PLAYOUT_DEPTH, 1000
    won = 0
    try:
        for index in range(playouts):
            stream = X.Stream(seed * 1000003 + index)
            world = X._quiet(state.copy())
            pile = list(world.draw_pile)
            stream.shuffle(pile)
            world.draw_pile = tuple(pile)
            value = X._play_out(
                world, candidate, 0, state.rules.teams, X.Stream(stream.getrandbits(32))
            )
            won += value > 0.5
    finally:
        X.PLAYOUT_DEPTH = depth
    return won / playouts


def build(seats: int, count: int, seed: int) -> list:
    started = time.perf_counter()
    data = []
    for state, view, seen, actions in positions(seats, count, seed):
        values = {c: true_value(state, c) for c in X._candidates(view, actions, 0)}
        greedy = bot_decision(state, 0, GREEDY, random.Random(0))
        data.append((state, view, seen, actions, values, greedy))
    print(f"built {len(data)} positions in {time.perf_counter() - started:.0f} s")
    return data


def score(data: list, worlds: int) -> dict:
    chosen_sum = greedy_sum = best_sum = 0.0
    same = 0
    for index, (state, view, seen, actions, values, greedy) in enumerate(data):
        rng = random.Random(1000 + index)
        chosen = X.expert_choice(view, actions, rng, seen=seen, budget=X.Budget(worlds=worlds))
        for command in (chosen, greedy):
            if command not in values:
                values[command] = true_value(state, command)
        chosen_sum += values[chosen]
        greedy_sum += values[greedy]
        best_sum += max(values.values())
        same += chosen == greedy
    n = len(data)
    return {
        "positions": n,
        "worlds": worlds,
        "gain": round((chosen_sum - greedy_sum) / n, 4),
        "oracle_gain": round((best_sum - greedy_sum) / n, 4),
        "greedy_value": round(greedy_sum / n, 4),
        "same_as_greedy": round(same / n, 3),
    }


def main() -> int:
    import json

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--worlds", default="32", help="budgets to score, e.g. 16,32,64")
    args = parser.parse_args()
    data = build(args.seats, args.positions, args.seed)
    for worlds in (int(w) for w in args.worlds.split(",")):
        print(json.dumps(score(data, worlds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
