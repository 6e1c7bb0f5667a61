"""Bot benchmark: how well `greedy` plays, and how fast games of bots alone run.

    uv run python bench/bots.py [--rounds 2000] [--seed 1]
    uv run python bench/bots.py --games 1000 [--preset flip]

Without `--games` (the pure engine, no database): `greedy` plays `random`, two seats, a
classic match after match until each seat order has played `--rounds` rounds (greedy in
seat 0, then greedy in seat 1). Prints greedy's share of the rounds won (goal: at least
60%) and how many bot-only matches (to 50 points) the engine plays per second.

`random` chooses uniformly among all its legal commands, so it often draws while holding
a playable card, which any sensible player beats. Greedy is therefore also measured
against a stronger yardstick, `random plays`: a uniform choice among its card plays
when it has one, its other commands only without (the policy of RLCard's random agent
and of `manage.py bench_engine`). Printed beside the goal, not part of it.

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
    from games.audit import audit_game
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
    args = parser.parse_args()
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
