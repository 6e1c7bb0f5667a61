"""Storage benchmark: cold storage of ended games (games.log.archive).

    uv run python bench/storage.py                  # 1,000 finished games of each preset
    uv run python bench/storage.py --games 50

Plays finished games of every preset into a fresh database (PostgreSQL when DATABASE_URL
names a server, else SQLite in a temporary folder), then archives each with the service's
own `archive_game` (which audits the log and checks the copy before it deletes the hot
rows) and prints, per preset and in all: events, the hot table's bytes per event (its
rows' columns as stored: `pg_column_size` of each row on PostgreSQL, the text of the
columns on SQLite), the archive's bytes per event, whether every export is byte-identical
before and after (SHA-256 of each game's whole export, staff view) and whether every
archived game's audit is ok. Last line: one JSON object with `archived_bytes_per_event`
and `exports_identical` (and `audit_failed`). Goal: at most 40 bytes an event.

The games are played through the engine and the store as the write path appends them:
created by the lobby service with the default timers (so turns carry deadlines), each
seat's choice a random legal play when it has one (else a random legal action), each
action appended at its own moment (1 to 8 s after the last, as people play), ended and
sealed as the write path ends them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import defaultdict
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.records import setup_django  # noqa: E402

GOAL_BYTES_PER_EVENT = 40.0


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per preset (1000)")
    parser.add_argument("--database", default="uno_bench_storage", help="PostgreSQL database")
    parser.add_argument("--keep", action="store_true", help="keep the database")
    return parser.parse_args(argv)


def played_game(index: int, preset: str, host):
    """One finished, sealed game, appended action by action at people's pace."""
    from django.db import transaction

    from games import services
    from games.engine import GameState, PlayCard, Status, legal_actions, step_in_place
    from games.log import seals
    from games.log.end_order import next_end_seq
    from games.log.store import append_events, new_engine_event
    from games.models import Game
    from games.randomness import SeededRandom
    from unoservice import clock

    rng = SeededRandom(f"bench-storage:{preset}:{index}")
    seats = 2 + index % 4
    game = services.game_create(
        host=host,
        seats=seats,
        rules={"preset": preset, "options": {"target_score": 100}},
        seat_host=False,
        bots=[{"strategy": "random"}] * seats,
        bot_think_ms=600,
    )
    now = clock.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        state = GameState()
        started = step_in_place(state, services.start_command(game), rng)
        append_events(game, [new_engine_event(e, "system", now) for e in started], now=now)
        while state.status is Status.ACTIVE:
            seat = state.to_act
            options = legal_actions(state, seat)
            plays = [a for a in options if type(a) is PlayCard]
            events = step_in_place(state, rng.choice(plays or options), rng)
            now += timedelta(milliseconds=1000 + rng.randrange(7000))
            appended = [new_engine_event(e, f"seat:{seat}", now) for e in events]
            append_events(game, appended, now=now)
        game.status = "finished"
        game.winner = list(state.winner) if isinstance(state.winner, tuple) else state.winner
        game.round = state.round
        game.started_at, game.ended_at = game.created_at, now
        game.end_seq = next_end_seq()
        game.seal = seals.seal(str(game.id), game.head_hash, game.version, now)
        game.save()
    return game


def export_digest(game, staff) -> str:
    from games import selectors

    digest = hashlib.sha256()
    for line in selectors.export_lines(game=game, player=staff):
        digest.update(line.encode())
    return digest.hexdigest()


def hot_bytes(game_ids: list) -> int:
    """The hot rows' stored size: pg_column_size of each row (PostgreSQL), or the length
    of its columns' text (SQLite), without indexes."""
    from django.db import connection

    from games.models import GameEvent

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT coalesce(sum(pg_column_size(e.*)), 0) FROM games_gameevent e "
                "WHERE e.game_id = ANY(%s)",
                [game_ids],
            )
            return int(cursor.fetchone()[0])
    total = 0
    for row in GameEvent.objects.filter(game_id__in=game_ids).values_list(
        "type", "public", "private", "private_digest", "actor", "recorded_at", "prev_hash", "hash"
    ):
        total += sum(len(str(value)) for value in row if value is not None) + 16
    return total


def run(args) -> dict:
    from django.contrib.auth import get_user_model

    from games.engine import PRESETS
    from games.log.audit import audit_game
    from games.log.cold_storage import archive_game
    from games.models import Game
    from players.services import player_for_user

    get_user_model().objects.create_user("bench-storage", is_staff=True)
    staff = player_for_user(username="bench-storage")
    per_preset: dict[str, dict] = defaultdict(dict)
    identical = True
    audit_failed = 0
    for preset in PRESETS:
        began = time.monotonic()
        games = [played_game(i, preset, staff) for i in range(args.games)]
        played_s = time.monotonic() - began
        ids = [game.pk for game in games]
        digests = {pk: export_digest(Game.objects.get(pk=pk), staff) for pk in ids}
        hot = hot_bytes(ids)
        began = time.monotonic()
        archives = [archive_game(game_id) for game_id in ids]
        archived_s = time.monotonic() - began
        same = all(
            export_digest(Game.objects.get(pk=game_id), staff) == digests[game_id]
            for game_id in ids
        )
        failed = sum(1 for game_id in ids if not audit_game(Game.objects.get(pk=game_id))["ok"])
        events = sum(a.events for a in archives)
        stored = sum(len(a.data) for a in archives)
        identical &= same
        audit_failed += failed
        per_preset[preset] = {
            "games": len(ids),
            "events": events,
            "hot_bytes_per_event": round(hot / events, 1),
            "archived_bytes_per_event": round(stored / events, 1),
            "exports_identical": same,
            "audit_failed": failed,
            "play_s": round(played_s, 1),
            "archive_ms_per_game": round(archived_s * 1000 / len(ids), 1),
        }
        row = per_preset[preset]
        print(
            f"{preset:15} {row['games']:5} games {events:8} events  hot "
            f"{row['hot_bytes_per_event']:6.1f} B/event  archived "
            f"{row['archived_bytes_per_event']:5.1f} B/event  exports identical: {same}  "
            f"audit failed: {failed}  archiving {row['archive_ms_per_game']} ms/game",
            flush=True,
        )
    events = sum(p["events"] for p in per_preset.values())
    stored = sum(p["archived_bytes_per_event"] * p["events"] for p in per_preset.values())
    hot = sum(p["hot_bytes_per_event"] * p["events"] for p in per_preset.values())
    return {
        "games_per_preset": args.games,
        "events": events,
        "hot_bytes_per_event": round(hot / events, 1),
        "archived_bytes_per_event": round(stored / events, 1),
        "goal_bytes_per_event": GOAL_BYTES_PER_EVENT,
        "exports_identical": identical,
        "audit_failed": audit_failed,
        "presets": per_preset,
    }


def main(argv=None) -> int:
    args = parse_args(argv)
    with setup_django(args.database) if not args.keep else _kept(args.database):
        result = run(args)
    met = (
        result["archived_bytes_per_event"] <= GOAL_BYTES_PER_EVENT
        and result["exports_identical"]
        and not result["audit_failed"]
    )
    result["goal_met"] = met
    print(
        f"in all: {result['events']} events, hot {result['hot_bytes_per_event']} B/event, "
        f"archived {result['archived_bytes_per_event']} B/event (goal <= {GOAL_BYTES_PER_EVENT}), "
        f"exports identical: {result['exports_identical']}, audits failed: "
        f"{result['audit_failed']}; goal met: {'yes' if met else 'NO'}"
    )
    print(json.dumps(result, sort_keys=True))
    return 0 if met else 1


def _kept(database: str):
    import contextlib

    setup_django(database)
    return contextlib.nullcontext()


if __name__ == "__main__":
    raise SystemExit(main())
