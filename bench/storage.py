"""Storage benchmark: cold storage of ended games (games.log.archive).

    uv run python bench/storage.py                  # 1,000 finished games of each preset
    uv run python bench/storage.py --games 50
    nice -n 10 ionice -c3 uv run python bench/storage.py --hot-rows 1000000,30000000 \
        --layouts partitioned --migration-rows 0 --repack \
        --database-url postgres://postgres@127.0.0.1:5432/postgres   # the hot table (below)

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
    parser.add_argument("--keep", action="store_true", help="keep the database(s)")
    hot = parser.add_argument_group("the hot table at several sizes (PostgreSQL)")
    hot.add_argument("--hot-rows", help="event rows to measure at, e.g. 1000000,30000000")
    hot.add_argument("--layouts", default=",".join(HOT_LAYOUTS), help="table,partitioned")
    hot.add_argument(
        "--rounds", type=int, default=20, help="counted rounds of 150 moves per size (20)"
    )
    hot.add_argument(
        "--warmup-rounds", type=int, default=1, help="rounds first measured, not counted (1)"
    )
    hot.add_argument(
        "--repack",
        action="store_true",
        help="after each fill, run `manage.py repack_events` (pg_repack, in the order of "
        "(game, seq)) as the maintenance job would",
    )
    hot.add_argument(
        "--cold",
        action="store_true",
        help="before measuring, drop the largest size's events partitions (their files "
        "only) from the operating system's page cache, as when the table does not fit in "
        "memory (a local server, run as root or postgres)",
    )
    hot.add_argument(
        "--reuse",
        action="store_true",
        help="keep a database of the same layout and size and fill it up (with --keep)",
    )
    hot.add_argument(
        "--migration-rows",
        type=int,
        default=1_000_000,
        help="time migration 0018 on a one-table database of this many rows (0: not)",
    )
    hot.add_argument("--database-url", help="the server (default DATABASE_URL)")
    hot.add_argument("--hot-step", help=argparse.SUPPRESS)
    hot.add_argument("--layout", help=argparse.SUPPRESS)
    hot.add_argument("--to", type=int, help=argparse.SUPPRESS)
    hot.add_argument("--size", type=int, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def played_game(index: int, preset: str, host, target_score: int = 100):
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
        rules={"preset": preset, "options": {"target_score": target_score}},
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
    if args.hot_step:
        return hot_child(args)
    if args.hot_rows:
        return hot_main(args)
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


# --- the hot table at 1 million and 30 million rows (--hot-rows) ------------------------
#
#     uv run python bench/storage.py --hot-rows 1000000,30000000 \
#         --database-url postgres://postgres@127.0.0.1:5433/postgres
#
# One database per layout of the events table and size: `table` (migrations up to 0017:
# one table) and `partitioned` (0018: hash of game_id, 16 partitions), each at every
# size, made and filled one after the other and kept while all are measured. Each plays
# template games for real (the engine and the store, as above, target 300 points), then
# is filled up to its size by cloning them server-side: a batch of 200 clones at a time,
# each a new game id with its head row, seats and events (a fresh seal signs the clone's
# id), the batch's events written in order of seq, then game, as 200 games played at once
# would lay them out. The audit runs on a sample of clones. With --repack, the
# maintenance job `manage.py repack_events` (pg_repack, every partition rewritten in the
# order of (game, seq)) then runs on every database, as it would after the games ended.
# Measured in slices: each round runs one slice on every database in turn (the sizes in
# the opposite order every other round), each slice in a fresh process, so that the
# machine's drift and other work fall on every size alike; the first `--warmup-rounds`
# are printed and not counted. A slice: moves through the service's write path
# (`services.game_act`: lock, fold, append, the head row, deadlines, commit) in games
# of two people, p50 and p99; and the replay the service serves of an ended 1,000-event
# game (`selectors.game_replay_get` at its last seq: the rows read, folded, the document
# built), of clones spread over the table, with the rows' read alone (`load_events`)
# beside it, and EXPLAIN (ANALYZE, BUFFERS) of that read once (pages hit and read). The
# move ratio is p99 at the largest size over p99 at the smallest, over all counted
# slices; the replay ratio the same of p50s. Reuse filled databases with --keep --reuse.

HOT_LAYOUTS = ("table", "partitioned")
HOT_TEMPLATES = 16
HOT_TEMPLATE_TARGET = 300
HOT_BATCH = 200
HOT_MOVES = 150
HOT_STEP_MOVES = 10
HOT_AUDITS = 4
HOT_GOAL_RATIO = 1.2
HOT_FILL_LOCK = 0x756E6F66696C6C  # "unofill"


def hot_main(args) -> int:
    import os
    import subprocess

    sizes = sorted(int(size) for size in args.hot_rows.split(","))
    layouts = args.layouts.split(",")
    base = args.database_url or os.environ.get("DATABASE_URL", "")
    if not base.startswith("postgres"):
        print("--hot-rows needs PostgreSQL (--database-url or DATABASE_URL)", file=sys.stderr)
        return 2

    def started(step: str, layout: str, *extra: str) -> subprocess.Popen:
        command = [sys.executable, __file__, "--hot-step", step, "--layout", layout]
        command += ["--database-url", base, *extra]
        return subprocess.Popen(command, stdout=subprocess.PIPE, text=True)

    def answer(process: subprocess.Popen) -> dict:
        out, _ = process.communicate()
        if process.returncode:
            raise SystemExit(f"{process.args} failed ({process.returncode})")
        return json.loads(out.strip().splitlines()[-1])

    def child(step: str, layout: str, *extra: str) -> dict:
        return answer(started(step, layout, *extra))

    result: dict = {
        "sizes": sizes,
        "layouts": {},
        "rounds": args.rounds,
        "warmup_rounds": args.warmup_rounds,
        "repacked": args.repack,
    }
    # One database per layout and size, made and filled one after the other (one heavy
    # process at a time), each kept whole while the others are measured.
    for layout in layouts:
        result["layouts"][layout] = {"sizes": {}}
        for size in sizes:
            at_size = ("--size", str(size))
            if not (args.reuse and child("exists", layout, *at_size)["exists"]):
                prepared = child("prepare", layout, *at_size)
                print(f"{layout}/{size}: templates {prepared['template_events']} events")
            filled = child("fill", layout, "--to", str(size), *at_size)
            print(
                f"{layout}/{size}: {filled['rows']} rows, filled in {filled['fill_s']} s "
                f"({filled['rows_per_s']} rows/s), {filled['total_bytes']} bytes",
                flush=True,
            )
            at: dict = {"fill": filled, "rounds": [], "warmup": []}
            if args.repack:
                at["repack"] = child("repack", layout, *at_size)
                print(
                    f"{layout}/{size}: repacked in the order of (game, seq) in "
                    f"{at['repack']['repack_s']} s: {filled['total_bytes']} -> "
                    f"{at['repack']['total_bytes']} bytes",
                    flush=True,
                )
            result["layouts"][layout]["sizes"][str(size)] = at
    # Measured step by step: a process per database, all of them started (and warmed by
    # the warm-up rounds) before the first counted step; each step (HOT_STEP_MOVES moves,
    # one replay and one read of an old game) runs on every database in turn, in the
    # opposite order every other step, so that the machine's drift and other work fall
    # on every size alike, a second or so apart.
    if args.cold:
        for layout in layouts:
            evicted = child("evict", layout, "--size", str(sizes[-1]))
            print(
                f"{layout}/{sizes[-1]}: {evicted['files']} files, {evicted['bytes']} bytes "
                "dropped from the page cache",
                flush=True,
            )
            result["layouts"][layout]["sizes"][str(sizes[-1])]["evicted"] = evicted
    result["cold"] = args.cold
    serving = {}
    for layout in layouts:
        for size in sizes:
            command = [sys.executable, __file__, "--hot-step", "serve", "--layout", layout]
            command += ["--database-url", base, "--size", str(size)]
            process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
            )
            json.loads(process.stdout.readline())  # ready
            serving[(layout, size)] = process

    def stepped(process: subprocess.Popen, line: str) -> dict:
        process.stdin.write(line + "\n")
        process.stdin.flush()
        return json.loads(process.stdout.readline())

    steps = max(1, HOT_MOVES // HOT_STEP_MOVES)
    for number in range(args.warmup_rounds + args.rounds):
        counted = number >= args.warmup_rounds
        taken = {
            key: {"moves_ms": [], "replays_ms": [], "loads_ms": [], "load": []} for key in serving
        }
        for step in range(steps):
            keys = list(serving) if step % 2 == 0 else list(serving)[::-1]
            for key in keys:
                done = stepped(serving[key], f"step {HOT_STEP_MOVES} 1")
                for name in ("moves_ms", "replays_ms", "loads_ms"):
                    taken[key][name] += done[name]
                taken[key]["load"].append(done["load"])
        for (layout, size), got in taken.items():
            moves, replays, loads = (sorted(got[k]) for k in ("moves_ms", "replays_ms", "loads_ms"))
            measured = {
                **got,
                "move_p50_ms": _pct(moves, 50),
                "move_p99_ms": _pct(moves, 99),
                "replay_p50_ms": _pct(replays, 50),
                "load_p50_ms": _pct(loads, 50),
                "load": round(sum(got["load"]) / len(got["load"]), 2),
            }
            print(
                f"{'round' if counted else 'warm-up'} {number + 1}, {layout} at {size}: "
                f"move p50 {measured['move_p50_ms']} ms p99 {measured['move_p99_ms']} ms "
                f"({len(moves)}); replay p50 {measured['replay_p50_ms']} ms (rows read "
                f"{measured['load_p50_ms']} ms) ({len(replays)}); load {measured['load']}",
                flush=True,
            )
            at = result["layouts"][layout]["sizes"][str(size)]
            at["rounds" if counted else "warmup"].append(measured)
    for (layout, size), process in serving.items():
        finished = stepped(process, "finish")
        process.wait()
        result["layouts"][layout]["sizes"][str(size)]["finish"] = finished
        plans = finished["replay_plans"]
        print(
            f"{layout} at {size}: the read of an old {finished['replay_events']}-event game "
            f"not read before in EXPLAIN (ANALYZE, BUFFERS): "
            + ", ".join(
                f"{p['execution_ms']} ms ({p['shared_hit']} pages hit, {p['shared_read']} read)"
                for p in plans
            )
            + f"; audits ok {finished['audits_ok']}/{finished['audits']}",
            flush=True,
        )
    if args.migration_rows:
        child("prepare", "migration")
        child("fill", "migration", "--to", str(args.migration_rows))
        result["migration"] = child("migrate", "migration")
        child("drop", "migration")
        print(f"migration 0018 on a populated table: {result['migration']}", flush=True)
    small, large = str(sizes[0]), str(sizes[-1])
    for layout in layouts:
        row = result["layouts"][layout]
        for at in row["sizes"].values():
            moves = sorted(m for r in at["rounds"] for m in r["moves_ms"])
            replays = sorted(m for r in at["rounds"] for m in r["replays_ms"])
            loads = sorted(m for r in at["rounds"] for m in r["loads_ms"])
            at["move_p50_ms"], at["move_p99_ms"] = _pct(moves, 50), _pct(moves, 99)
            at["replay_p50_ms"], at["load_p50_ms"] = _pct(replays, 50), _pct(loads, 50)
            at["audits_failed"] = at["finish"]["audits"] - at["finish"]["audits_ok"]
            for r in at["rounds"] + at["warmup"]:
                for key in ("moves_ms", "replays_ms", "loads_ms"):
                    r.pop(key, None)
        row["move_p99_ratio"] = round(
            row["sizes"][large]["move_p99_ms"] / row["sizes"][small]["move_p99_ms"], 2
        )
        row["replay_ratio"] = round(
            row["sizes"][large]["replay_p50_ms"] / row["sizes"][small]["replay_p50_ms"], 2
        )
        print(
            f"{layout}: {large} rows against {small}: move p99 x{row['move_p99_ratio']}, "
            f"replay p50 x{row['replay_ratio']} (goal <= {HOT_GOAL_RATIO})",
            flush=True,
        )
    shipped = result["layouts"]["partitioned" if "partitioned" in layouts else layouts[0]]
    result["move_p99_ratio"] = shipped["move_p99_ratio"]
    result["replay_ratio"] = shipped["replay_ratio"]
    result["audit_failed"] = sum(
        at["audits_failed"] for row in result["layouts"].values() for at in row["sizes"].values()
    )
    result["goal_met"] = (
        result["move_p99_ratio"] <= HOT_GOAL_RATIO
        and result["replay_ratio"] <= HOT_GOAL_RATIO
        and not result["audit_failed"]
    )
    if not args.keep:
        for layout in layouts:
            for size in sizes:
                child("drop", layout, "--size", str(size))
    print(json.dumps(result, sort_keys=True))
    return 0 if result["goal_met"] else 1


def _pct(values: list[float], pct: int) -> float:
    if not values:
        return 0.0
    index = min(len(values) - 1, round(pct / 100 * (len(values) - 1)))
    return round(values[index], 2)


def hot_child(args) -> int:
    """One step in a process of its own, on the layout's database: prints one JSON line."""
    import os
    from urllib.parse import urlsplit, urlunsplit

    database = f"uno_bench_hot_{args.layout}" + (f"_{args.size}" if args.size else "")
    server = urlsplit(args.database_url)
    admin_url = urlunsplit(server._replace(path="/postgres"))
    os.environ["DATABASE_URL"] = urlunsplit(server._replace(path=f"/{database}"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")
    os.environ["UNO_SCHEDULE_DEADLINE_TASKS"] = "0"
    from bench.records import _admin

    if args.hot_step == "drop":
        _admin(admin_url, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        print(json.dumps({"dropped": database}))
        return 0
    if args.hot_step == "exists":
        import psycopg

        with psycopg.connect(admin_url) as admin:
            found = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database])
            print(json.dumps({"exists": found.fetchone() is not None}))
        return 0
    if args.hot_step == "prepare":
        _admin(admin_url, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        _admin(admin_url, f'CREATE DATABASE "{database}"')
    import django

    django.setup()
    step = {"prepare": _hot_prepare, "fill": _hot_fill}
    step["migrate"] = _hot_migrate
    step["repack"] = _hot_repack
    step["serve"] = _hot_serve
    step["evict"] = _hot_evict
    print(json.dumps(step[args.hot_step](args), sort_keys=True))
    return 0


def _hot_prepare(args) -> dict:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from games.engine import PRESETS
    from games.log.audit import audit_game
    from players.services import player_for_user

    call_command("migrate", verbosity=0)
    if args.layout != "partitioned":
        call_command("migrate", "games", "0017", verbosity=0)
    get_user_model().objects.create_user("bench-storage", is_staff=True)
    staff = player_for_user(username="bench-storage")
    presets = list(PRESETS)
    games = [
        played_game(i, presets[i % len(presets)], staff, HOT_TEMPLATE_TARGET)
        for i in range(HOT_TEMPLATES)
    ]
    assert all(audit_game(game)["ok"] for game in games)
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE bench_template AS SELECT id AS game_id, version AS events "
            "FROM games_game WHERE id = ANY(%s)",
            [[game.pk for game in games]],
        )
        cursor.execute(
            "CREATE UNLOGGED TABLE bench_template_event AS "
            "SELECT * FROM games_gameevent WHERE game_id IN (SELECT game_id FROM bench_template)"
        )
        cursor.execute(
            "CREATE TABLE bench_clone (clone_id uuid PRIMARY KEY, template_id uuid, "
            "batch int, end_seq int, seal jsonb)"
        )
        cursor.execute("CREATE TABLE bench_fill (rows bigint)")
        cursor.execute("INSERT INTO bench_fill SELECT count(*) FROM games_gameevent")
        cursor.execute("SELECT sum(events), count(*) FROM bench_template")
        events, count = cursor.fetchone()
    return {"templates": count, "template_events": int(events)}


def _hot_fill(args) -> dict:
    """Clone the templates, a batch at a time, until the table holds `--to` rows."""
    import os
    import subprocess
    import uuid

    from django.db import connection, transaction

    from games.log import seals
    from games.models import Game, GameEvent, GameSeat

    began = time.monotonic()
    with connection.cursor() as cursor:
        # one fill at a time per database (a second one waits, then goes on from there)
        cursor.execute("SELECT pg_advisory_lock(%s)", [HOT_FILL_LOCK])
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
        # The server process does the work: it runs as niced as this one.
        if os.nice(0) > 0:
            subprocess.run(["renice", "-n", str(os.nice(0)), "-p", str(backend)], check=False)
            subprocess.run(["ionice", "-c3", "-p", str(backend)], check=False)
        cursor.execute("SELECT rows FROM bench_fill")
        rows = cursor.fetchone()[0]
        start_rows = rows
        cursor.execute("SELECT game_id, events FROM bench_template ORDER BY game_id")
        templates = cursor.fetchall()
        cursor.execute("SELECT coalesce(max(batch), 0), coalesce(max(end_seq), 0) FROM bench_clone")
        batch, end_seq = cursor.fetchone()
        cursor.execute("SELECT coalesce(max(end_seq), 0) FROM games_game")
        end_seq = max(end_seq, cursor.fetchone()[0])
    heads = {g.pk: g for g in Game.objects.filter(pk__in=[t for t, _ in templates])}
    game_columns = [f.column for f in Game._meta.concrete_fields]
    picked = [f"t.{c}" for c in game_columns]
    picked[game_columns.index("id")] = "c.clone_id"
    picked[game_columns.index("seal")] = "c.seal"
    picked[game_columns.index("end_seq")] = "c.end_seq"
    seat_columns = [f.column for f in GameSeat._meta.concrete_fields if f.column != "id"]
    event_columns = [f.column for f in GameEvent._meta.concrete_fields if f.column != "id"]

    def cloned(columns):
        return ", ".join("c.clone_id" if c == "game_id" else f"t.{c}" for c in columns)

    while rows < args.to:
        batch += 1
        clones = []
        for i in range(HOT_BATCH):
            template_id, events = templates[(batch * HOT_BATCH + i) % len(templates)]
            head = heads[template_id]
            clone_id = uuid.uuid4()
            end_seq += 1
            seal = seals.seal(str(clone_id), head.head_hash, head.version, head.ended_at)
            clones.append((clone_id, template_id, batch, end_seq, json.dumps(seal)))
            rows += events
        with transaction.atomic(), connection.cursor() as cursor:
            with cursor.copy(
                "COPY bench_clone (clone_id, template_id, batch, end_seq, seal) FROM STDIN"
            ) as copy:
                for clone in clones:
                    copy.write_row(clone)
            cursor.execute(
                f"INSERT INTO games_game ({', '.join(game_columns)}) SELECT {', '.join(picked)} "
                "FROM bench_clone c JOIN games_game t ON t.id = c.template_id WHERE c.batch = %s",
                [batch],
            )
            cursor.execute(
                f"INSERT INTO games_gameseat ({', '.join(seat_columns)}) "
                f"SELECT {cloned(seat_columns)} FROM bench_clone c "
                "JOIN games_gameseat t ON t.game_id = c.template_id WHERE c.batch = %s",
                [batch],
            )
            cursor.execute(
                f"INSERT INTO games_gameevent ({', '.join(event_columns)}) "
                f"SELECT {cloned(event_columns)} FROM bench_clone c "
                "JOIN bench_template_event t ON t.game_id = c.template_id WHERE c.batch = %s "
                "ORDER BY t.seq, c.clone_id",
                [batch],
            )
            cursor.execute("UPDATE bench_fill SET rows = %s", [rows])
    with connection.cursor() as cursor:
        cursor.execute("VACUUM (ANALYZE) games_gameevent")
        cursor.execute("VACUUM (ANALYZE) games_game")
        sizes = _table_sizes(cursor)
    spent = time.monotonic() - began
    return {
        "rows": rows,
        "fill_s": round(spent, 1),
        "rows_per_s": round((rows - start_rows) / spent) if rows > start_rows else 0,
        **sizes,
    }


def _table_sizes(cursor) -> dict:
    """The events table's bytes: its rows (heap and TOAST) and each index, summed over
    its partitions."""
    from games.log.partitioning import EVENT_TABLE, partitions

    leaves = partitions(cursor) or [EVENT_TABLE]
    cursor.execute(
        "SELECT sum(pg_table_size(r)), sum(pg_indexes_size(r)) FROM unnest(%s::regclass[]) r",
        [leaves],
    )
    table, indexes = cursor.fetchone()
    cursor.execute(
        "SELECT i.relname, pg_relation_size(i.oid) FROM pg_index x "
        "JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = ANY(%s::regclass[])",
        [leaves],
    )
    per_index: dict[str, int] = defaultdict(int)
    kinds = [
        (("pkey",), "primary_key"),
        (("one_event_per_game_seq", "game_id_seq"), "game_seq"),
        (("by_time", "recorded_at"), "recorded_at"),
        (("game_id",), "game_id"),
    ]
    for name, size in cursor.fetchall():
        kind = next((k for needles, k in kinds if any(n in name for n in needles)), name)
        per_index[kind] += int(size)
    return {
        "table_bytes": int(table),
        "index_bytes": int(indexes),
        "total_bytes": int(table + indexes),
        "indexes": dict(per_index),
    }


class _Measuring:
    """The measurements of one database, a step at a time (the `serve` child holds one):
    moves in four games of two people, replays and reads of old games, then audits."""

    def __init__(self):
        import random

        from django.db import connection

        from players.services import player_for_user

        self.staff = player_for_user(username="bench-storage")
        self.rng = random.Random()
        self.games = [self._new_game() for _ in range(4)]
        self.moved = 0
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT clone_id FROM bench_clone WHERE template_id = "
                "(SELECT game_id FROM bench_template ORDER BY abs(events - 1000) LIMIT 1)"
            )
            self.subjects = [clone for (clone,) in cursor.fetchall()]

    def _new_game(self):
        import uuid

        from django.contrib.auth import get_user_model

        from games import services
        from players.services import player_for_user

        tag = uuid.uuid4().hex[:10]
        get_user_model().objects.create_user(f"host-{tag}")
        get_user_model().objects.create_user(f"guest-{tag}")
        host, guest = (
            player_for_user(username=f"host-{tag}"),
            player_for_user(username=f"guest-{tag}"),
        )
        game = services.game_create(host=host, seats=2, rules={"preset": "classic", "options": {}})
        services.game_join(game_id=game.id, player=guest)
        state = services.game_start(game_id=game.id, player=host).state
        return [game.id, state, (host, guest)]

    def step(self, moves: int, replays: int) -> dict:
        import os

        from games import selectors, services
        from games.engine import PlayCard, Status, legal_actions
        from games.log.store import load_events
        from games.models import Game

        moved, replayed, loaded = [], [], []
        for _ in range(moves):
            index = self.moved % len(self.games)
            self.moved += 1
            game_id, state, players = self.games[index]
            seat = state.to_act
            options = legal_actions(state, seat)
            plays = [a for a in options if type(a) is PlayCard]
            began = time.perf_counter()
            write = services.game_act(
                game_id=game_id, player=players[seat], command=self.rng.choice(plays or options)
            )
            moved.append((time.perf_counter() - began) * 1000)
            self.games[index][1] = write.state
            if write.state.status is not Status.ACTIVE:
                self.games[index] = self._new_game()
        for game_id in self.rng.sample(self.subjects, min(replays, len(self.subjects))):
            game = Game.objects.get(pk=game_id)
            began = time.perf_counter()
            selectors.game_replay_get(game=game, player=self.staff, at=game.version)
            replayed.append((time.perf_counter() - began) * 1000)
        for game_id in self.rng.sample(self.subjects, min(replays, len(self.subjects))):
            began = time.perf_counter()
            load_events(game_id)
            loaded.append((time.perf_counter() - began) * 1000)
        return {
            "moves_ms": [round(m, 3) for m in moved],
            "replays_ms": [round(m, 3) for m in replayed],
            "loads_ms": [round(m, 3) for m in loaded],
            "load": os.getloadavg()[0],
        }

    def finish(self) -> dict:
        from django.db import connection

        from games.log.audit import audit_game
        from games.models import Game

        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM bench_clone")
            clones = cursor.fetchone()[0]
            cursor.execute(
                "SELECT clone_id FROM bench_clone TABLESAMPLE BERNOULLI (5) LIMIT %s",
                [HOT_AUDITS],
            )
            audited = [clone for (clone,) in cursor.fetchall()]
            # a subject not read yet in this process: what PostgreSQL does for a first read
            plans = [_replay_plan(cursor, game_id) for game_id in self.subjects[-3:]]
        ok = sum(1 for game_id in audited if audit_game(Game.objects.get(pk=game_id))["ok"])
        return {
            "replay_events": Game.objects.get(pk=self.subjects[0]).version,
            "clones": clones,
            "audits": len(audited),
            "audits_ok": ok,
            "replay_plans": plans,
        }


def _hot_serve(args) -> dict:
    """Steps on demand: reads `step MOVES REPLAYS` or `finish` lines, answers each with
    one JSON line, so that the parent interleaves several databases step by step."""
    measuring = _Measuring()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        words = line.split()
        if words and words[0] == "step":
            print(json.dumps(measuring.step(int(words[1]), int(words[2]))), flush=True)
        elif words and words[0] == "finish":
            return measuring.finish()
    return {}


def _replay_plan(cursor, game_id) -> dict:
    """What PostgreSQL does for the replay's read: the relations it scans, and buffers."""
    cursor.execute(
        "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT * FROM games_gameevent "
        "WHERE game_id = %s AND seq > 0 ORDER BY seq",
        [game_id],
    )
    found = cursor.fetchone()[0]
    plan = (json.loads(found) if isinstance(found, str) else found)[0]
    relations: list[str] = []

    def walk(node):
        if "Relation Name" in node:
            relations.append(node["Relation Name"])
        for sub in node.get("Plans", ()):
            walk(sub)

    walk(plan["Plan"])
    return {
        "relations": relations,
        "execution_ms": plan["Execution Time"],
        "shared_hit": plan["Plan"].get("Shared Hit Blocks", 0),
        "shared_read": plan["Plan"].get("Shared Read Blocks", 0),
    }


def _hot_repack(args) -> dict:
    """The maintenance job on this database: every partition rewritten by pg_repack in the
    order of (game, seq), one after the other."""
    from django.core.management import call_command
    from django.db import connection

    began = time.monotonic()
    call_command("repack_events", verbosity=0, stdout=sys.stderr)
    spent = time.monotonic() - began
    with connection.cursor() as cursor:
        sizes = _table_sizes(cursor)
    return {"repack_s": round(spent, 1), **sizes}


def _hot_evict(args) -> dict:
    """The events partitions' files (heap, TOAST, indexes) dropped from the operating
    system's page cache (posix_fadvise DONTNEED, these files only; PostgreSQL's own
    buffers are left as they are)."""
    import glob
    import os

    from django.db import connection

    from games.log.partitioning import EVENT_TABLE, partitions

    with connection.cursor() as cursor:
        leaves = partitions(cursor) or [EVENT_TABLE]
        cursor.execute("SHOW data_directory")
        root = cursor.fetchone()[0]
        cursor.execute(
            "SELECT pg_relation_filepath(r) FROM (SELECT unnest(%s::regclass[]) AS r "
            "UNION SELECT indexrelid::regclass FROM pg_index "
            "WHERE indrelid = ANY(%s::regclass[]) UNION SELECT reltoastrelid::regclass "
            "FROM pg_class WHERE oid = ANY(%s::regclass[]) AND reltoastrelid <> 0) x",
            [leaves, leaves, leaves],
        )
        paths = [os.path.join(root, path) for (path,) in cursor.fetchall() if path]
    files = size = 0
    for path in paths:
        for name in [path, *glob.glob(path + ".[0-9]*")]:
            fd = os.open(name, os.O_RDONLY)
            try:
                os.fsync(fd)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                size += os.fstat(fd).st_size
                files += 1
            finally:
                os.close(fd)
    return {"files": files, "bytes": size}


def _hot_migrate(args) -> dict:
    """Migration 0018 on the populated one-table database: how long, per million rows."""
    from django.core.management import call_command
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT rows FROM bench_fill")
        rows = cursor.fetchone()[0]
    began = time.monotonic()
    call_command("migrate", "games", "0018", verbosity=0)
    spent = time.monotonic() - began
    from games.log.audit import audit_game
    from games.models import Game

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM games_gameevent")
        after = cursor.fetchone()[0]
        cursor.execute("SELECT clone_id FROM bench_clone LIMIT %s", [HOT_AUDITS])
        audited = [clone for (clone,) in cursor.fetchall()]
    ok = sum(1 for game_id in audited if audit_game(Game.objects.get(pk=game_id))["ok"])
    return {
        "rows": rows,
        "rows_after": after,
        "seconds": round(spent, 1),
        "seconds_per_million_rows": round(spent / (rows / 1e6), 1),
        "audits": len(audited),
        "audits_ok": ok,
    }


if __name__ == "__main__":
    raise SystemExit(main())
