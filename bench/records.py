"""Records benchmark: `manage.py rebuild_projections` over many finished games.

    uv run python bench/records.py                 # 10,000 games; goal: rebuild < 60 s
    uv run python bench/records.py --games 200

The games are made directly with the engine and the store, not over HTTP: each is
created by the lobby service (the host, or bots alone), then its other players sit and
the whole match (random legal moves, `target_score` 50) is appended in one transaction,
numbered in the end order as the write path numbers it. A tenth of the games are bots
alone (the bots' board); the rest seat 2 to 6 of 200 players, so that ratings move.

With DATABASE_URL naming a PostgreSQL server, the games go to a fresh database on it
(`--database`, dropped at the end unless --keep); otherwise to SQLite in a temporary
folder. Prints the generation time, the rebuild's own progress lines, games per second,
and as its last line one JSON object; exits 1 when the goal is missed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.servers import say_verdicts  # noqa: E402

PRESETS = ("classic", "modern-swap", "modern-shuffle", "house", "ozby")
PLAYERS = 200
GOAL_SECONDS = 60.0


def setup_django(database: str) -> contextlib.AbstractContextManager:
    """Django on a fresh database; the context drops it at the end (PostgreSQL)."""
    server = os.environ.get("DATABASE_URL", "")
    if server.startswith("postgres"):
        admin_url = urlunsplit(urlsplit(server)._replace(path="/postgres"))
        os.environ["DATABASE_URL"] = urlunsplit(urlsplit(server)._replace(path=f"/{database}"))
        _admin(admin_url, f'DROP DATABASE IF EXISTS "{database}"')
        _admin(admin_url, f'CREATE DATABASE "{database}"')
        dropped = contextlib.ExitStack()
        dropped.callback(_admin, admin_url, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    else:
        os.environ["UNO_DATA_DIR"] = tempfile.mkdtemp(prefix="uno-bench-records-")
        dropped = contextlib.ExitStack()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")
    os.environ["UNO_SCHEDULE_DEADLINE_TASKS"] = "0"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return dropped


def _admin(url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(statement)


def finished_game(index: int, players: list, host_of_bots) -> None:
    """One match, created by the lobby service and played to its end in one append."""
    from django.db import transaction

    from games import services, write
    from games.engine import GameState, PlayCard, Status, legal_actions, step_in_place
    from games.log.end_order import next_end_seq
    from games.log.store import append_events, new_engine_event
    from games.models import Game, GameSeat
    from games.randomness import SeededRandom
    from unoservice import clock

    rng = SeededRandom(f"bench-records:{index}")
    seats = 2 + index % 5
    rules = {"preset": PRESETS[index % len(PRESETS)], "options": {"target_score": 50}}
    bots_alone = index % 10 == 9
    if bots_alone:
        game = services.game_create(
            host=host_of_bots,
            seats=seats,
            rules=rules,
            seat_host=False,
            bots=[{"strategy": "random"}] * seats,
        )
        joining = []
    else:
        seated = rng.sample(players, seats)
        game = services.game_create(host=seated[0], seats=seats, rules=rules)
        joining = seated[1:]
    now = clock.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        items = []
        for seat, player in enumerate(joining, start=1):
            game.seat_taken(seat, player)
            items.append(new_engine_event(*write.seat_taken(seat, player), now))
        GameSeat.objects.bulk_create(
            [GameSeat(game=game, seat=seat, player=p) for seat, p in enumerate(joining, start=1)]
        )
        state = GameState()
        start = services.start_command(game)
        items += [new_engine_event(e, "system", now) for e in step_in_place(state, start, rng)]
        while state.status is Status.ACTIVE:
            seat = state.to_act
            options = legal_actions(state, seat)
            plays = [a for a in options if type(a) is PlayCard]
            events = step_in_place(state, rng.choice(plays or options), rng)
            items += [new_engine_event(e, f"seat:{seat}", now) for e in events]
        append_events(game, items, now=now)
        game.status = "finished"
        game.winner = list(state.winner) if isinstance(state.winner, tuple) else state.winner
        game.round = state.round
        game.started_at = game.ended_at = now
        game.end_seq = next_end_seq()
        game.save()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=500, help="games per rebuild batch")
    parser.add_argument("--database", default="uno_bench_records")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parser.parse_args()

    dropped = setup_django(args.database)
    if args.keep:
        dropped.pop_all()
    with dropped:
        return run(args)


def run(args) -> int:
    from django.core.management import call_command

    from players.models import Player

    players = Player.objects.bulk_create([Player(name=f"bench {i}") for i in range(PLAYERS)])
    host_of_bots = Player.objects.create(name="bench host")
    started = time.perf_counter()
    for index in range(args.games):
        finished_game(index, players, host_of_bots)
        if (index + 1) % 1000 == 0:
            print(f"generated {index + 1} games", flush=True)
    generated = time.perf_counter() - started

    output = io.StringIO()
    started = time.perf_counter()
    call_command("rebuild_projections", batch=args.batch, stdout=output)
    rebuild = time.perf_counter() - started
    print(output.getvalue(), end="")

    rate = args.games / rebuild
    print(f"generated {args.games} games in {generated:.1f} s")
    print(f"rebuild: {args.games} games in {rebuild:.1f} s, {rate:.0f} games/s")
    result = {
        "games": args.games,
        "generate_seconds": round(generated, 2),
        "rebuild_seconds": round(rebuild, 2),
        "games_per_second": round(rate, 1),
        "failure_count": 0,
        "failures": [],
        "goals": {
            "rebuild_seconds": {
                "value": round(rebuild, 1),
                "goal": f"<= {GOAL_SECONDS:.0f}",
                "met": rebuild <= GOAL_SECONDS,
            }
        },
    }
    say_verdicts(print, result)
    return 0 if result["goals"]["rebuild_seconds"]["met"] else 1


if __name__ == "__main__":
    sys.exit(main())
