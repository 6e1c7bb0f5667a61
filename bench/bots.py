"""Bot benchmark: how well `greedy` plays, and how fast games of bots alone run.

    uv run python bench/bots.py [--rounds 2000] [--seed 1]
    uv run python bench/bots.py --games 1000 [--preset flip]
    uv run python bench/bots.py --expert [--rounds 2000] [--rounds-4p 1000]
                                [--preset-rounds 500] [--curve-rounds 500] [--budget-ms 200]
                                [--jobs N]

Without `--games` (the pure engine, no database): `greedy` plays `random`, two seats, a
classic match after match until each seat order has played `--rounds` rounds (greedy in
seat 0, then greedy in seat 1). Prints greedy's share of the rounds won (goal: at least
60%) and how many bot-only matches (to 50 points) the engine plays per second.

`random` chooses uniformly among all its legal commands, so it often draws while holding
a playable card, which any sensible player beats. Greedy is therefore also measured
against a stronger yardstick, `random plays`: a uniform choice among its card plays
when it has one, its other commands only without (the policy of RLCard's random agent
and of `manage.py bench_engine`). Printed beside the goal, not part of it.

With `--expert`: `expert` (games.engine.expert) against `greedy` in the pure engine,
fixed seeds, every seat order (the expert in each seat in turn), matches to 50 points:
two seats over `--rounds` rounds in all (goal: expert wins at least 65%); four seats, one
expert and three greedy, over `--rounds-4p` (goal: at least 40%; a fair share is 25%);
two seats under the house and flip presets over `--preset-rounds` each (goal: the expert
wins more than greedy); the CPU time of each expert decision (p50, p99; goal p99 at
most 250 ms at the default budget); and the strength curve, the two-seat win rate at
budgets of 25, 50, 100 and 250 ms over `--curve-rounds` each. The expert's budget is
CPU time of its own thread (`time.thread_time`), so a busy machine does not weaken it.
Each measurement is split by the expert's seat, each part with a fixed seed of its own
(the seed, the measurement and the seat), and the parts run in `--jobs` processes (the
machine's CPU count by default): the figures do not depend on how many.

With `--games N`: N games of bots alone (no seat for the host, `bot_think_ms` 0, 2 to 6
seats, every preset in turn or only `--preset`'s, `target_score` 50) are created and
started through
games.services, and played to their end by enforcing their `bot` deadlines as the
worker's sweeps do (games.services.game_deadlines_enforce), each move an ordinary event
on the write path. Uses DATABASE_URL, or else SQLite in a temporary data folder
(migrated first). Prints how many finished, how many were audited ok, and games per
second. The last line of either mode is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

PRESETS = ("classic", "modern-swap", "modern-shuffle", "house", "ozby", "flip")


def engine_match(strategies: dict[int, str], rng: random.Random, rounds_left: int):
    """One match to 50 points between the seats' strategies; yields each round's winner."""
    from games.engine import StartGame, Status, rule_set_from, step
    from games.engine.events import RoundEnded
    from games.engine.state import GameState, Timers

    seats = len(strategies)
    start = StartGame(
        seats,
        rule_set_from("classic", {"target_score": 50}),
        timers=Timers(bot_delay_ms=0),
        bot_seats=tuple(range(seats)),
    )
    state = step(GameState(), start, rng).state
    while state.status is Status.ACTIVE and rounds_left > 0:
        seat = state.to_act
        outcome = step(state, decision(state, seat, strategies[seat], rng), rng)
        state = outcome.state
        for event in outcome.events:
            if isinstance(event, RoundEnded) and event.winner is not None:
                rounds_left -= 1
                yield event.winner


RANDOM_PLAYS = "random plays"


def decision(state, seat: int, strategy: str, rng: random.Random):
    """The command of the seat's strategy: a bot's (games.engine.strategies), or
    RANDOM_PLAYS, the benchmark's own yardstick (it sees only the seat's legal commands)."""
    from games.engine import PlayCard, legal_actions
    from games.engine.strategies import bot_decision

    if strategy != RANDOM_PLAYS:
        return bot_decision(state, seat, strategy, rng)
    actions = legal_actions(state, seat)
    plays = [action for action in actions if type(action) is PlayCard]
    return rng.choice(plays or actions)


def greedy_against(opponent: str, rounds: int, seed: int) -> dict:
    rng = random.Random(seed)
    won = played = matches = 0
    started = time.perf_counter()
    for greedy_seat in (0, 1):
        strategies = {greedy_seat: "greedy", 1 - greedy_seat: opponent}
        counted = 0
        while counted < rounds:
            for winner in engine_match(strategies, rng, rounds - counted):
                counted += 1
                won += winner == greedy_seat
            matches += 1
        played += counted
    elapsed = time.perf_counter() - started
    return {
        "rounds": played,
        "greedy_won": won,
        "greedy_win_rate": round(won / played, 4),
        "matches": matches,
        "matches_per_second": round(matches / elapsed, 1),
    }


def bot_only_matches_per_second(seconds: float, seed: int) -> float:
    """Bot-only matches (greedy and random, 2 to 6 seats, to 50) the engine plays a second."""
    rng = random.Random(seed)
    started = time.perf_counter()
    played = 0
    while time.perf_counter() - started < seconds:
        seats = 2 + played % 5
        strategies = {seat: ("greedy", "random")[seat % 2] for seat in range(seats)}
        for _ in engine_match(strategies, rng, 10**9):
            pass
        played += 1
    return round(played / (time.perf_counter() - started), 1)


#: The service's default budget (unoservice.settings UNO_EXPERT_BUDGET_MS).
DEFAULT_EXPERT_BUDGET_MS = 200
CURVE_BUDGETS_MS = (25, 50, 100, 250)


def seen_match(
    strategies: dict[int, str],
    rng: random.Random,
    rounds_left: int,
    preset: str,
    budget,
    decision_ms: list[float],
):
    """One match to 50 points (`preset`) in which the expert seats search from the
    events their seat was shown; yields each round's winner. Appends the CPU time of
    each expert decision to `decision_ms`."""
    from games.engine import StartGame, Status, Viewer, redact_for, rule_set_from, step
    from games.engine.events import RoundEnded, RoundStarted
    from games.engine.state import GameState, Timers
    from games.engine.strategies import EXPERT, bot_decision

    seats = len(strategies)
    start = StartGame(
        seats,
        rule_set_from(preset, {"target_score": 50}),
        timers=Timers(bot_delay_ms=0),
        bot_seats=tuple(range(seats)),
    )
    outcome = step(GameState(), start, rng)
    state = outcome.state
    experts = [seat for seat, strategy in strategies.items() if strategy == EXPERT]
    viewers = {seat: Viewer.of_seat(seat) for seat in experts}
    seen = {seat: [redact_for(e, viewers[seat]) for e in outcome.events] for seat in experts}
    while state.status is Status.ACTIVE and rounds_left > 0:
        seat = state.to_act
        if seat in seen:
            began = time.thread_time()
            command = bot_decision(state, seat, EXPERT, rng, seen=seen[seat], budget=budget)
            decision_ms.append((time.thread_time() - began) * 1000)
        else:
            command = bot_decision(state, seat, strategies[seat], rng)
        outcome = step(state, command, rng)
        state = outcome.state
        for event in outcome.events:
            for watcher, events in seen.items():
                if isinstance(event, RoundStarted):
                    del events[1:]  # the game's start stays; the round's events follow it
                events.append(redact_for(event, viewers[watcher]))
            if isinstance(event, RoundEnded) and event.winner is not None:
                rounds_left -= 1
                yield event.winner


def expert_seat_rounds(task: tuple) -> dict:
    """One part of a measurement: the expert in one seat, greedy in the others, for
    `rounds` rounds (matches to 50 points), from its own fixed seed. A task of its own so
    that parts can run in separate processes (`--jobs`) and still give the same deals."""
    from games.engine.expert import Budget

    seats, expert_seat, rounds, seed, budget_ms, preset = task
    rng = random.Random(seed * 1000 + expert_seat)
    budget = Budget(seconds=budget_ms / 1000, clock=time.thread_time)
    decision_ms: list[float] = []
    strategies = {seat: "greedy" for seat in range(seats)}
    strategies[expert_seat] = "expert"
    won = counted = 0
    while counted < rounds:
        for winner in seen_match(strategies, rng, rounds - counted, preset, budget, decision_ms):
            counted += 1
            won += winner == expert_seat
    return {"won": won, "rounds": counted, "decision_ms": decision_ms}


def expert_tasks(seats: int, rounds: int, seed: int, budget_ms: int, preset: str) -> list:
    """The expert in each seat in turn: its share of `rounds` rounds each."""
    return [
        (
            seats,
            expert_seat,
            rounds // seats + (expert_seat < rounds % seats),
            seed,
            budget_ms,
            preset,
        )
        for expert_seat in range(seats)
    ]


def expert_summary(task_list: list, parts: list[dict]) -> dict:
    seats, _, _, _, budget_ms, preset = task_list[0]
    won = sum(part["won"] for part in parts)
    played = sum(part["rounds"] for part in parts)
    decision_ms = sorted(ms for part in parts for ms in part["decision_ms"])
    return {
        "seats": seats,
        "preset": preset,
        "budget_ms": budget_ms,
        "rounds": played,
        "expert_won": won,
        "expert_win_rate": round(won / played, 4) if played else 0.0,
        "decisions": len(decision_ms),
        "decision_p50_ms": round(_percentile(decision_ms, 0.50), 1),
        "decision_p99_ms": round(_percentile(decision_ms, 0.99), 1),
    }


def _percentile(ordered: list[float], share: float) -> float:
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def expert_report(args) -> dict:
    """Every measurement's parts, run by `args.jobs` processes (the budget is each
    process's own CPU time, so running them side by side weakens none), printed as
    each measurement completes."""
    import multiprocessing

    measurements = {
        "two": expert_tasks(2, args.rounds, args.seed, args.budget_ms, "classic"),
        "four": expert_tasks(4, args.rounds_4p, args.seed + 1, args.budget_ms, "classic"),
        "house": expert_tasks(2, args.preset_rounds, args.seed + 2, args.budget_ms, "house"),
        "flip": expert_tasks(2, args.preset_rounds, args.seed + 3, args.budget_ms, "flip"),
    }
    for budget_ms in CURVE_BUDGETS_MS:
        measurements[f"curve {budget_ms}"] = expert_tasks(
            2, args.curve_rounds, args.seed + 10, budget_ms, "classic"
        )
    order = [(name, index) for name, tasks in measurements.items() for index in range(len(tasks))]
    flat = [measurements[name][index] for name, index in order]
    parts: dict[str, list] = {name: [] for name in measurements}
    results: dict[str, dict] = {}
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for (name, _), part in zip(order, pool.imap(expert_seat_rounds, flat), strict=True):
            parts[name].append(part)
            if len(parts[name]) == len(measurements[name]):
                results[name] = expert_summary(measurements[name], parts[name])
                _say_expert(name, results[name])
    two, four = results["two"], results["four"]
    presets = {preset: results[preset] for preset in ("house", "flip")}
    p99 = max(r["decision_p99_ms"] for r in (two, four, *presets.values()))
    print(
        f"CPU per expert decision at {args.budget_ms} ms: p50 {two['decision_p50_ms']} ms "
        f"(two seats), {four['decision_p50_ms']} ms (four); p99 {p99} ms (goal <= 250 ms)",
        flush=True,
    )
    curve = {str(b): results[f"curve {b}"]["expert_win_rate"] for b in CURVE_BUDGETS_MS}
    return {
        "expert_vs_greedy_2p": two["expert_win_rate"],
        "expert_4p": four["expert_win_rate"],
        "decision_p50_ms": two["decision_p50_ms"],
        "decision_p99_ms": p99,
        "house_2p": presets["house"]["expert_win_rate"],
        "flip_2p": presets["flip"]["expert_win_rate"],
        "curve_2p": curve,
        "curve_decision_p99_ms": {
            str(b): results[f"curve {b}"]["decision_p99_ms"] for b in CURVE_BUDGETS_MS
        },
        "rounds": {
            "two_seats": two["rounds"],
            "four_seats": four["rounds"],
            "each_preset": presets["house"]["rounds"],
            "each_curve_point": args.curve_rounds,
        },
        "budget_ms": args.budget_ms,
        "jobs": args.jobs,
        "details": {"two_seats": two, "four_seats": four, **presets},
    }


def _say_expert(name: str, result: dict) -> None:
    rate, won, rounds = result["expert_win_rate"], result["expert_won"], result["rounds"]
    if name == "two":
        line = (
            f"two seats, expert vs greedy: expert won {won} of {rounds} rounds: {rate:.1%} "
            "(goal >= 65%)"
        )
    elif name == "four":
        line = (
            f"four seats, one expert vs three greedy: expert won {won} of {rounds} rounds: "
            f"{rate:.1%} (goal >= 40%)"
        )
    elif name in ("house", "flip"):
        line = (
            f"{name}, two seats: expert won {won} of {rounds} rounds: {rate:.1%}, greedy "
            f"{1 - rate:.1%} (goal: the expert wins more)"
        )
    else:
        line = f"strength at {result['budget_ms']} ms: {rate:.1%} of {rounds} two-seat rounds"
    p50, p99 = result["decision_p50_ms"], result["decision_p99_ms"]
    print(f"{line} (decisions p50 {p50} ms, p99 {p99} ms)", flush=True)


def setup_django() -> None:
    if not os.environ.get("DATABASE_URL"):
        os.environ["UNO_DATA_DIR"] = tempfile.mkdtemp(prefix="uno-bench-bots-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")
    os.environ["UNO_SCHEDULE_DEADLINE_TASKS"] = "0"  # this process sweeps, as a worker would
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def games_through_the_service(count: int, presets: tuple[str, ...] = PRESETS) -> dict:
    setup_django()
    from django.contrib.auth import get_user_model

    from games import services
    from games.log.audit import audit_game
    from games.models import Game
    from players.services import player_for_user

    # Staff: only they may make games of bots alone at 0 ms a move.
    user = get_user_model().objects.create_user(f"bench-host-{uuid.uuid4().hex[:8]}", is_staff=True)
    host = player_for_user(username=user.get_username())
    finished = audited = moves = 0
    started = time.perf_counter()
    for index in range(count):
        seats = 2 + index % 5
        game = services.game_create(
            host=host,
            seats=seats,
            rules={"preset": presets[index % len(presets)], "options": {"target_score": 50}},
            bots=[{"strategy": ("greedy", "random")[seat % 2]} for seat in range(seats)],
            seat_host=False,
            bot_think_ms=0,
        )
        services.game_start(game_id=game.id, player=host)
        for _ in range(5000):
            moves += services.game_deadlines_enforce(game_id=game.id)
            game = Game.objects.get(pk=game.pk)
            if game.status != "active":
                break
        finished += game.status == "finished"
        audited += audit_game(game)["ok"]
    elapsed = time.perf_counter() - started
    return {
        "games": count,
        "finished": finished,
        "audit_ok": audited,
        "bot_moves": moves,
        "games_per_second": round(count / elapsed, 2),
        "seconds": round(elapsed, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds each way round")
    parser.add_argument("--games", type=int, help="bot-only games through the service")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", choices=PRESETS, help="with --games: only this preset")
    parser.add_argument("--expert", action="store_true", help="expert against greedy")
    parser.add_argument("--rounds-4p", type=int, default=1000)
    parser.add_argument("--preset-rounds", type=int, default=500)
    parser.add_argument("--curve-rounds", type=int, default=500)
    parser.add_argument("--budget-ms", type=int, default=DEFAULT_EXPERT_BUDGET_MS)
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="--expert: processes to use"
    )
    args = parser.parse_args()
    if args.expert:
        result = expert_report(args)
        print(json.dumps(result))
        met = (
            result["expert_vs_greedy_2p"] >= 0.65
            and result["expert_4p"] >= 0.40
            and result["house_2p"] > 0.5
            and result["flip_2p"] > 0.5
            and result["decision_p99_ms"] <= 250
        )
        return 0 if met else 1
    if args.games:
        result = games_through_the_service(args.games, (args.preset,) if args.preset else PRESETS)
        print(
            f"{result['finished']} of {result['games']} bot-only games finished "
            f"({result['audit_ok']} audited ok, {result['bot_moves']} bot moves, "
            f"{result['games_per_second']} games/s)"
        )
        print(json.dumps(result))
        return 0 if result["finished"] == result["games"] else 1
    result = greedy_against("random", args.rounds, args.seed)
    stronger = greedy_against(RANDOM_PLAYS, args.rounds, args.seed)
    result["against_random_plays"] = stronger
    result["bot_only_matches_per_second"] = bot_only_matches_per_second(5.0, args.seed)
    print(
        f"greedy won {result['greedy_won']} of {result['rounds']} rounds against random: "
        f"{result['greedy_win_rate']:.1%} (goal >= 60%)"
    )
    print(
        f"greedy won {stronger['greedy_won']} of {stronger['rounds']} rounds against "
        f"random plays (a card play whenever it has one): {stronger['greedy_win_rate']:.1%}"
    )
    print(
        f"bot-only matches (to 50, 2-6 seats) in the engine: "
        f"{result['bot_only_matches_per_second']}/s"
    )
    print(json.dumps(result))
    return 0 if result["greedy_win_rate"] >= 0.6 else 1


if __name__ == "__main__":
    sys.exit(main())
