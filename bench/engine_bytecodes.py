"""Where the rules engine's bytecodes go: a count that the machine's load cannot move.

    uv run python bench/engine_bytecodes.py [--rounds 50] [--top 25] [--mix]

Plays `--rounds` seeded rounds of `manage.py bench_engine`'s loop (four seats, the same
random policy) for classic and house, and as many of RLCard's `UnoGame` loop, and
replays `bench_engine`'s 1,000-event game once, counting every bytecode instruction
Python runs (`sys.monitoring`'s INSTRUCTION events) by the function that runs it. Prints
the bytecodes per round and per action of each, then the functions that ran the most;
with `--mix`, the instructions by kind too. The last line is one JSON object.

Timings move with whatever else the machine runs; these counts are the same on every
run of the same code (the rounds are seeded), so a change's effect on them shows at
once. Compare the figures per action: how long a round is varies from one set of seeds
to another. Counting slows Python over a hundredfold (50 rounds take about a minute).
They are not time: an instruction that calls a function or builds an object costs more
than one that reads a local. `docs/performance.md` relates the two.
"""

from __future__ import annotations

import argparse
import dis
import json
import os
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

#: A tool id sys.monitoring leaves free (0, 1, 2 and 5 are the debugger's, coverage's,
#: the profiler's and the optimizer's).
TOOL_ID = 4
WARM_UP_ROUNDS = 20


class BytecodeCount:
    """Counts the instructions run while it is on, by code object (and by opcode name
    when `by_kind`)."""

    def __init__(self, by_kind: bool = False):
        self.by_code: Counter = Counter()
        self.by_kind: Counter = Counter()
        self._count_kinds = by_kind

    def __enter__(self) -> BytecodeCount:
        monitoring = sys.monitoring
        monitoring.use_tool_id(TOOL_ID, "engine_bytecodes")
        monitoring.register_callback(TOOL_ID, monitoring.events.INSTRUCTION, self._seen)
        monitoring.set_events(TOOL_ID, monitoring.events.INSTRUCTION)
        return self

    def __exit__(self, *exc) -> None:
        monitoring = sys.monitoring
        monitoring.set_events(TOOL_ID, 0)
        monitoring.register_callback(TOOL_ID, monitoring.events.INSTRUCTION, None)
        monitoring.free_tool_id(TOOL_ID)

    def _seen(self, code, offset: int) -> None:
        self.by_code[code] += 1
        if self._count_kinds:
            self.by_kind[dis.opname[code.co_code[offset]]] += 1

    @property
    def total(self) -> int:
        return sum(self.by_code.values())


def engine_round(preset: str) -> Callable[[int], int]:
    from games.management.commands.bench_engine import play_engine_round

    return lambda seed: play_engine_round(preset, 4, seed)


def rlcard_round() -> Callable[[int], int]:
    import numpy
    from rlcard.games.uno.game import UnoGame

    from games.management.commands.bench_engine import play_rlcard_round

    game = UnoGame(allow_step_back=False, num_players=4)
    game.np_random = numpy.random.RandomState(7)
    rng = random.Random(7)
    return lambda seed: play_rlcard_round(game, rng)


def count_rounds(play: Callable[[int], int], rounds: int, by_kind: bool) -> dict:
    for seed in range(WARM_UP_ROUNDS):  # caches filled, as in a long run
        play(10_000 + seed)
    with BytecodeCount(by_kind) as count:  # the benchmark's first rounds
        actions = sum(play(seed) for seed in range(rounds))
    return {
        "per_round": round(count.total / rounds, 1),
        "per_action": round(count.total / actions, 1),
        "actions_per_round": round(actions / rounds, 1),
        **_where_they_went(count, rounds, actions),
    }


def count_replay(by_kind: bool) -> dict:
    from games.engine import replay
    from games.engine.codec import events_from_parts
    from games.management.commands.bench_engine import stored_parts_of_a_long_game

    rows = stored_parts_of_a_long_game()
    replay(events_from_parts(rows))
    with BytecodeCount(by_kind) as count:
        replay(events_from_parts(rows))
    return {
        "per_replay": count.total,
        "per_event": round(count.total / len(rows), 1),
        "events": len(rows),
        **_where_they_went(count, 1, len(rows)),
    }


def _where_they_went(count: BytecodeCount, runs: int, steps: int) -> dict:
    """The functions by bytecodes per run; the kinds by bytecodes per step."""
    return {
        "functions": [
            (_where(code), round(n / runs, 1)) for code, n in count.by_code.most_common()
        ],
        "kinds": [(kind, round(n / steps, 1)) for kind, n in count.by_kind.most_common()],
    }


def _where(code) -> str:
    path = Path(code.co_filename)
    try:
        path = path.relative_to(REPO)
    except ValueError:
        path = Path(path.name)
    return f"{path}:{code.co_firstlineno} {code.co_name}"


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=50, help="counted for each (default 50)")
    parser.add_argument("--top", type=int, default=25, help="functions listed for each")
    parser.add_argument("--mix", action="store_true", help="also count instructions by kind")
    args = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")
    import django

    django.setup()
    contestants = {
        "engine_classic": engine_round("classic"),
        "engine_house": engine_round("house"),
        "rlcard": rlcard_round(),
    }
    result = {name: count_rounds(play, args.rounds, args.mix) for name, play in contestants.items()}
    for name, figures in result.items():
        print(
            f"\n{name}: {figures['per_round']:,.0f} bytecodes per round, "
            f"{figures['per_action']:,.1f} per action ({figures['actions_per_round']:g} a round)"
        )
        _print_breakdown(figures, figures["per_round"], "action", args)
    rl = result["rlcard"]["per_action"]
    for name in ("engine_classic", "engine_house"):
        result[name]["per_action_vs_rlcard"] = round(result[name]["per_action"] / rl, 3)
    replay = result["replay_1000_events"] = count_replay(args.mix)
    print(
        f"\nreplay of {replay['events']:,} events: {replay['per_replay']:,} bytecodes, "
        f"{replay['per_event']:,.1f} per event"
    )
    _print_breakdown(replay, replay["per_replay"], "event", args)
    for name in ("engine_classic", "engine_house"):
        print(f"{name} / rlcard bytecodes per action: {result[name]['per_action_vs_rlcard']:.2f}x")
    summary = {
        name: {k: v for k, v in figures.items() if k not in ("functions", "kinds")}
        for name, figures in result.items()
    }
    print(json.dumps(summary, sort_keys=True))
    return summary


def _print_breakdown(figures: dict, total: float, step: str, args) -> None:
    for where, n in figures["functions"][: args.top]:
        print(f"  {n:10,.1f}  {100 * n / total:5.1f}%  {where}")
    if args.mix:
        kinds = ", ".join(f"{kind} {n:g}" for kind, n in figures["kinds"][: args.top])
        print(f"  by kind, per {step}: {kinds}")


if __name__ == "__main__":
    main()
