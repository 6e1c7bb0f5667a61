"""Timer benchmark: how late are turn timeouts enforced under load?

    uv run python bench/timers.py [--games 200] [--window 25] [--concurrency N] [--pool prefork]
                                  [--bot-games 50 [--shared-worker]] [--goal-ms 250]

Runs against PostgreSQL and Redis: the ones named by DATABASE_URL and CELERY_BROKER_URL,
or, when those are not set, its own, started in a temporary folder as .ci/run does (and
stopped at the end). It migrates, starts a real Celery worker and a separate beat
process, then creates the games directly through games.services (players through
players.services.player_register) with one-second turn timers and nobody moving, so every
turn ends by a timeout. After the window it stops beat and the worker (and aborts the
games), then reads the games' event logs.

For every expiry, lateness = `recorded_at` of the `timed_out` event minus the
`deadline_at` written into the `turn_changed` event that opened the deadline (for each
game, the last `turn_changed` carrying a `deadline_at` before the `timed_out`). Deadlines
due in the last `--margin` seconds before the stop are left out (they may not have had
their chance yet), and so are those due before the last game was started (while this
script still creates games at full speed in its own process: their p99 is printed apart,
as `while_creating`, and so is each 5 s slice's p99); when an earlier one is still not
enforced at the stop, its lateness is unknown (only more than the margin) and the
percentiles printed are lower bounds.

With `--bot-games N`, N games of bots alone (4 greedy bots, each created by a player of
its own, at the fastest pace a player may ask for: 200 ms a move, to 500 points) start
before the timed games and play through the window, on the bots queue; a second worker
(`--bot-concurrency` processes, 1) consumes it, as `bin/serve` runs one, unless
`--shared-worker` makes the one worker consume both queues. Lateness is still measured
on the people's games only; the bots' moves per second are printed beside it.

Prints p50, p99 and max lateness, the count, how many fired early (must be 0), how many
tokens were enforced twice (must be 0), and as its last line one JSON object.
Goal: p99 <= `--goal-ms` (1000), nothing early, nothing twice, nothing left unenforced.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.servers import cpu_seconds, start_postgres, start_redis, wait_for  # noqa: E402

#: A game of bots alone as fast as a player may make one (games.services).
BOT_THINK_MS, BOT_TARGET_SCORE, BOT_SEATS = 200, 500, 4
SERVER_PIDS: dict[str, int] = {}  # the servers this script started: their CPU is measured


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (200)")
    parser.add_argument("--seats", type=int, default=3, help="seats per game (3)")
    parser.add_argument(
        "--window", type=float, default=25.0, help="seconds timers run after the last start (25)"
    )
    parser.add_argument(
        "--margin",
        type=float,
        default=5.0,
        help="deadlines due this close to the stop are not measured (5)",
    )
    parser.add_argument(
        "--concurrency",
        type=int,
        default=os.cpu_count() or 2,
        help="worker processes (default: the machine's cores, as the service's worker)",
    )
    parser.add_argument("--pool", default="prefork", help="worker pool: prefork, threads (prefork)")
    parser.add_argument(
        "--bot-games", type=int, default=0, help="games of bots alone playing alongside (0)"
    )
    parser.add_argument(
        "--bot-concurrency", type=int, default=1, help="the bots queue's worker processes (1)"
    )
    parser.add_argument(
        "--bots-nice",
        type=int,
        default=10,
        help="niceness added to the bots queue's worker, as bin/serve does (10)",
    )
    parser.add_argument(
        "--shared-worker",
        action="store_true",
        help="one worker consumes both queues (no worker of the bots queue's own)",
    )
    parser.add_argument(
        "--goal-ms", type=float, default=1000.0, help="the p99 lateness goal in ms (1000)"
    )
    parser.add_argument(
        "--sweep-seconds",
        default=os.environ.get("UNO_SWEEP_SECONDS", "1"),
        help="beat's deadline sweep interval, UNO_SWEEP_SECONDS (1)",
    )
    parser.add_argument("--loglevel", default="WARNING", help="worker and beat log level")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument(
        "--cprofile",
        action="store_true",
        help="profile the worker's pool processes (cProfile, CPU time) and print the top",
    )
    return parser.parse_args(argv)


def say(text: str) -> None:
    print(text, flush=True)


def load_average() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


# --- the worker and beat --------------------------------------------------------------------


class Daemon:
    """A Celery worker or beat process of the project, logging to a file."""

    def __init__(self, kind: str, argv: list[str], log: Path, nice: int = 0):
        self.kind, self.log_path, self.name = kind, log, kind
        self.log = log.open("ab")
        self.process = subprocess.Popen(
            argv,
            cwd=REPO,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=(lambda: os.nice(nice)) if nice else None,
        )

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 60) -> None:
        if self.alive():
            self.process.send_signal(signal.SIGTERM)  # a worker's warm shutdown
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)  # pool children, if any are left
        self.log.close()


def traced_worker(argv: list[str]) -> None:
    """`python bench/timers.py --traced-worker ARGS`: `celery worker ARGS` that also writes,
    for every task it runs, its ETA, when it started and ended and what it returned
    (JSON lines in $UNO_BENCH_TRACE_DIR, one file per process)."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")
    from celery.signals import task_postrun, task_prerun

    from unoservice.celery import app

    trace_dir = Path(os.environ["UNO_BENCH_TRACE_DIR"])
    started: dict[str, float] = {}

    @task_prerun.connect(weak=False)
    def on_start(task_id, task, **kwargs):
        started[task_id] = time.time()

    @task_postrun.connect(weak=False)
    def on_end(task_id, task, retval=None, **kwargs):
        line = {
            "task": task.name,
            "eta": task.request.eta,
            "start": started.pop(task_id, None),
            "end": time.time(),
            "result": retval if isinstance(retval, int) else None,
        }
        with (trace_dir / f"trace.{os.getpid()}.jsonl").open("a") as out:
            out.write(json.dumps(line) + "\n")

    if os.environ.get("UNO_BENCH_CPROFILE"):
        _profile_pool_processes(trace_dir)
    app.worker_main(["worker", *argv])


def _profile_pool_processes(trace_dir: Path) -> None:
    """With --cprofile: each pool process profiles its own CPU time (cProfile with
    time.process_time) and writes it to prof.<pid> when it exits."""
    import cProfile

    from celery.signals import worker_process_init, worker_process_shutdown

    profiler = cProfile.Profile(time.process_time)

    @worker_process_init.connect(weak=False)
    def start(**kwargs):
        profiler.enable()

    @worker_process_shutdown.connect(weak=False)
    def stop(**kwargs):
        profiler.disable()
        profiler.dump_stats(trace_dir / f"prof.{os.getpid()}")


def pool_profile_summary(trace_dir: Path, top: int = 30) -> str:
    """The pool processes' profiles merged: where their CPU time went, by function."""
    import io
    import pstats

    files = [str(path) for path in trace_dir.glob("prof.*")]
    if not files:
        return "no profile was written (did the pool processes exit cleanly?)"
    out = io.StringIO()
    stats = pstats.Stats(*files, stream=out)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def start_worker(args, work: Path, *, bots: bool = False) -> Daemon:
    """The worker of the default queue (and of the bots queue too with --shared-worker),
    or with `bots` the bots queue's own."""
    from django.conf import settings

    kind = "bots" if bots else "worker"
    name = f"bench-{kind}-{os.getpid()}@{socket.gethostname()}"
    (work / "trace").mkdir(exist_ok=True)
    os.environ["UNO_BENCH_TRACE_DIR"] = str(work / "trace")
    if args.cprofile:
        os.environ["UNO_BENCH_CPROFILE"] = "1"
    concurrency = args.bot_concurrency if bots else args.concurrency
    if bots:
        queues = settings.UNO_BOTS_QUEUE
    elif args.shared_worker:
        queues = f"{settings.CELERY_TASK_DEFAULT_QUEUE},{settings.UNO_BOTS_QUEUE}"
    else:
        queues = settings.CELERY_TASK_DEFAULT_QUEUE
    argv = [sys.executable, str(Path(__file__).resolve()), "--traced-worker", "--loglevel"]
    argv += [args.loglevel, "--pool", args.pool, "--concurrency", str(concurrency)]
    argv += ["--queues", queues, "--without-gossip", "--without-mingle", "--hostname", name]
    nice = args.bots_nice if bots else 0
    worker = Daemon(kind, argv, work / f"{kind}.log", nice=nice)
    worker.name = name
    return worker


def wait_until_ready(worker: Daemon) -> None:
    from unoservice.celery import app

    def ready() -> bool:
        if not worker.alive():
            raise SystemExit(f"the worker exited:\n{worker.output()[-4000:]}")
        return bool(app.control.ping(destination=[worker.name], timeout=0.5))

    wait_for(ready, 90, "the worker to answer a ping")


def start_beat(args, work: Path) -> Daemon:
    argv = [sys.executable, "-m", "celery", "-A", "unoservice", "beat"]
    argv += ["--loglevel", args.loglevel, "--schedule", str(work / "beat-schedule")]
    return Daemon("beat", argv, work / "beat.log")


# --- measuring ------------------------------------------------------------------------------


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest rank: the smallest value with at least `fraction` of the values at or below."""
    if not sorted_values:
        return math.nan
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


def measure(game_ids: list, cutoff: datetime, since: datetime) -> dict:
    """Lateness of every turn deadline due from `since` (when the last game was started)
    to `cutoff`, from the games' event logs. The deadlines that fell due while this
    script was still creating games, at full speed in its own process, are reported apart
    (`while_creating`): that burst is the harness's, not the steady load measured."""
    from games.models import GameEvent

    rows = (
        GameEvent.objects.filter(game_id__in=game_ids, type__in=("turn_changed", "timed_out"))
        .order_by("game_id", "seq")
        .values_list("game_id", "type", "public", "recorded_at")
    )
    lateness: list[float] = []
    due_and_late: list[tuple[datetime, float]] = []
    while_creating: list[float] = []
    enforced_tokens: Counter = Counter()
    unmatched = missed = opened = 0
    open_deadline: dict = defaultdict(lambda: None)  # game -> [deadline_at, enforced]
    pending: list = []
    for game_id, type_, public, recorded_at in rows.iterator(chunk_size=2000):
        if type_ == "turn_changed":
            if "deadline_at" in public:
                deadline_at = parse_time(public["deadline_at"])
                previous = open_deadline[game_id]
                if previous is not None and not previous[1]:
                    if previous[0] == deadline_at:
                        continue  # the same deadline, still open
                    pending.append(previous[0])  # superseded without a timeout
                open_deadline[game_id] = [deadline_at, False]
            continue
        enforced_tokens[(game_id, public["token"])] += 1
        current = open_deadline[game_id]
        if current is None or current[1]:
            unmatched += 1  # no deadline open, or it was already enforced
            continue
        current[1] = True
        if current[0] < since:
            while_creating.append((recorded_at - current[0]).total_seconds())
        elif current[0] <= cutoff:
            lateness.append((recorded_at - current[0]).total_seconds())
        if current[0] <= cutoff:
            due_and_late.append((current[0], (recorded_at - current[0]).total_seconds()))
    pending += [d[0] for d in open_deadline.values() if d is not None and not d[1]]
    for deadline_at in pending:
        opened += 1
        if deadline_at <= cutoff:
            missed += 1
    lateness.sort()
    twice = sum(1 for count in enforced_tokens.values() if count > 1)

    def at_least(fraction: float) -> float:
        """The percentile of all deadlines due by the cutoff. When `missed` of them were
        never enforced (their lateness is unknown, only larger than the margin), this is
        a lower bound: the r-th smallest of all is at least the (r - missed)-th smallest
        of the known ones."""
        if not lateness:
            return math.inf if missed else math.nan
        rank = max(1, math.ceil(fraction * (len(lateness) + missed))) - missed
        return lateness[rank - 1] if rank >= 1 else 0.0

    return {
        "count": len(lateness),
        "p50_s": round(at_least(0.50), 4),
        "p90_s": round(at_least(0.90), 4),
        "p99_s": round(at_least(0.99), 4),
        "max_s": round(math.inf if missed else lateness[-1], 4) if lateness else math.nan,
        "lower_bounds": missed > 0,
        "min_s": round(lateness[0], 4) if lateness else math.nan,
        "mean_s": round(sum(lateness) / len(lateness), 4) if lateness else math.nan,
        "early": sum(1 for value in lateness if value < 0),
        "twice": twice,
        "not_enforced_by_stop": missed,
        "unmatched": unmatched,
        "timed_out_events": sum(enforced_tokens.values()),
        "left_open_at_stop": opened - missed,
        "p99_by_slice_s": p99_by_slice(due_and_late),
        "while_creating": {
            "count": len(while_creating),
            "p99_s": round(percentile(sorted(while_creating), 0.99), 4),
        },
    }


def p99_by_slice(due_and_late: list[tuple[datetime, float]], slice_s: float = 5.0) -> list:
    """p99 lateness of the deadlines due in each `slice_s` of the run, from the first: when
    the late ones fell due (while games were being created, or all along)."""
    if not due_and_late:
        return []
    first = min(due for due, _ in due_and_late)
    slices: dict[int, list[float]] = defaultdict(list)
    for due, late in due_and_late:
        slices[int((due - first).total_seconds() // slice_s)].append(late)
    return [
        round(percentile(sorted(slices[index]), 0.99), 4) if slices[index] else None
        for index in range(max(slices) + 1)
    ]


def worker_profile(trace_dir: Path, cutoff: datetime) -> dict:
    """Where the time went, from the traced worker: how long after its ETA each deadline
    task started (waiting for the timer and a free pool process), how long tasks ran, and
    how much each path (ETA task, sweep) enforced; for the tasks due by `cutoff`, as the
    lateness figures are."""
    eta_tasks, sweeps = [], []
    for path in trace_dir.glob("trace.*.jsonl"):
        for line in path.read_text().splitlines():
            item = json.loads(line)
            due = parse_time(item["eta"]).timestamp() if item["eta"] else item["start"]
            if item["start"] is None or due > cutoff.timestamp():
                continue
            if item["task"] != "games.sweep_deadlines":
                continue
            # Timed sweeps carry an ETA (the moment deadlines fall due); beat's have none.
            (eta_tasks if item["eta"] else sweeps).append(item)

    def stats(values: list[float]) -> dict:
        values = sorted(values)
        return {
            "p50_s": round(percentile(values, 0.5), 4),
            "p99_s": round(percentile(values, 0.99), 4),
            "max_s": round(values[-1], 4) if values else None,
        }

    delays = [
        item["start"] - parse_time(item["eta"]).timestamp() for item in eta_tasks if item["eta"]
    ]
    return {
        "eta_tasks": len(eta_tasks),
        "eta_start_delay": stats(delays),
        "eta_run": stats([item["end"] - item["start"] for item in eta_tasks]),
        "eta_enforced": sum(item["result"] or 0 for item in eta_tasks),
        "eta_found_nothing": sum(1 for item in eta_tasks if item["result"] == 0),
        "sweeps": len(sweeps),
        "sweep_run": stats([item["end"] - item["start"] for item in sweeps]),
        "sweep_enforced": sum(item["result"] or 0 for item in sweeps),
    }


# --- the run --------------------------------------------------------------------------------


def create_games(args) -> list:
    from games import services
    from players.services import player_register

    timers = {
        "turn_seconds": 1,
        "response_seconds": 1,  # a first-card Wild asks for a color: one second too
        "abandon_after": 20,  # the most allowed: seats stay in play for the whole window
        "on_abandon": "remove",
    }
    ids = []
    for number in range(args.games):
        players = [player_register(name=f"bench{number}-{s}")[0] for s in range(args.seats)]
        game = services.game_create(
            host=players[0], seats=args.seats, rules={"preset": "classic"}, timers=timers
        )
        for player in players[1:]:
            services.game_join(game_id=game.id, player=player)
        services.game_start(game_id=game.id, player=players[0])
        ids.append(game.id)
    return ids


def create_bot_games(args) -> list:
    """Games of bots alone, each made (and started) by a player of its own, as fast as a
    player may make one."""
    from games import services
    from players.services import player_register

    ids = []
    for number in range(args.bot_games):
        host = player_register(name=f"bench-bots{number}")[0]
        game = services.game_create(
            host=host,
            seats=BOT_SEATS,
            rules={"preset": "classic", "options": {"target_score": BOT_TARGET_SCORE}},
            bots=[{"strategy": "greedy"}] * BOT_SEATS,
            seat_host=False,
            bot_think_ms=BOT_THINK_MS,
        )
        services.game_start(game_id=game.id, player=host)
        ids.append(game.id)
    return ids


def bot_moves(game_ids: list) -> int:
    from games.models import GameEvent

    if not game_ids:
        return 0
    # the events of one move share their time
    moves = GameEvent.objects.filter(game_id__in=game_ids, actor__startswith="bot:")
    return moves.values("game_id", "recorded_at").distinct().count()


def abort_games(game_ids: list) -> int:
    from games import services
    from games.errors import GameConflict
    from games.models import Game, GameStatus
    from players.services import player_register

    staff, _ = player_register(name="bench-staff")
    aborted = 0
    active = Game.objects.filter(pk__in=game_ids, status=GameStatus.ACTIVE)
    for game_id in active.values_list("id", flat=True):
        with contextlib.suppress(GameConflict):
            services.game_abort(game_id=game_id, reason="benchmark_over", staff=staff)
            aborted += 1
    return aborted


def run(args, work: Path) -> dict:
    import django

    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")
    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from games.models import GameEvent
    from unoservice import clock

    if connection.vendor != "postgresql":
        raise SystemExit(f"DATABASE_URL must be PostgreSQL, not {connection.vendor}")
    call_command("migrate", interactive=False, verbosity=0)
    from games.models import Game

    others = Game.objects.filter(next_due_at__isnull=False).count()
    if others:
        say(
            f"warning: {others} other games in this database have open deadlines; the "
            "sweeper will enforce them too, and the CPU figures include that work"
        )
    connection.close()

    beat = start_beat(args, work)
    daemons = [beat]
    bots_worker = None
    try:
        daemons.append(worker := start_worker(args, work))
        if args.bot_games and not args.shared_worker:
            daemons.append(bots_worker := start_worker(args, work, bots=True))
            wait_until_ready(bots_worker)
        wait_until_ready(worker)
        if not beat.alive():
            raise SystemExit(f"beat exited:\n{beat.output()[-4000:]}")
        say(f"worker ({args.pool}, concurrency {args.concurrency}) and beat are up")
        if bots_worker is not None:
            say(f"the bots queue's worker (concurrency {args.bot_concurrency}) is up")
        began = time.monotonic()
        bot_ids = create_bot_games(args)
        if bot_ids:
            say(f"created and started {len(bot_ids)} games of bots alone")
        game_ids = create_games(args)
        created_in = time.monotonic() - began
        created_at = clock.now()
        say(f"created and started {len(game_ids)} games in {created_in:.1f}s")
        # CPU per timeout from here to the stop, when only timers run (creating games
        # loads PostgreSQL too): what one enforcement costs, whatever else the machine does.
        pids = {"worker": worker.process.pid, "beat": beat.process.pid, **SERVER_PIDS}
        if bots_worker is not None:
            pids["bots_worker"] = bots_worker.process.pid
        bot_moves_before = bot_moves(bot_ids)
        cpu_before = {name: cpu_seconds(pid) for name, pid in pids.items()}
        main_before = cpu_seconds(worker.process.pid, alone=True)
        timeouts_before = GameEvent.objects.filter(game_id__in=game_ids, type="timed_out").count()
        load_before, clock_before = load_average(), time.monotonic()
        window_end = time.monotonic() + args.window
        while (left := window_end - time.monotonic()) > 0:
            time.sleep(min(5.0, left))
            for daemon in daemons:
                if not daemon.alive():
                    raise SystemExit(f"{daemon.kind} exited:\n{daemon.output()[-4000:]}")
            seen = GameEvent.objects.filter(game_id__in=game_ids, type="timed_out").count()
            say(f"  {time.monotonic() - began:5.1f}s: {seen} timeouts so far")
        stopped_at = clock.now()
        cpu = {name: cpu_seconds(pid) - cpu_before[name] for name, pid in pids.items()}
        # The worker's main process receives, times and acknowledges tasks (and, with the
        # threads pool, runs them too); prefork's pool processes run them.
        cpu["worker_main"] = cpu_seconds(worker.process.pid, alone=True) - main_before
        cpu["worker_pool_processes"] = max(0.0, cpu.pop("worker") - cpu["worker_main"])
        timeouts = GameEvent.objects.filter(game_id__in=game_ids, type="timed_out").count()
        timeouts -= timeouts_before
        elapsed = time.monotonic() - clock_before
        moves_in_window = bot_moves(bot_ids) - bot_moves_before
        beat.stop()
        worker.stop()
        if bots_worker is not None:
            bots_worker.stop()
        say(f"stopped beat and the worker after {time.monotonic() - began:.1f}s")
        if args.own_queue:
            from unoservice.celery import app

            app.control.purge()  # the queue is this run's: drop what the worker left in it

        cutoff = stopped_at - timedelta(seconds=args.margin)
        result = measure(game_ids, cutoff, since=created_at)
        result["profile"] = worker_profile(work / "trace", cutoff)
        if args.cprofile:
            say(pool_profile_summary(work / "trace"))
        result["profile"].update(
            timeouts_per_s=round(timeouts / elapsed, 1),
            cpu_ms_per_timeout={
                name: round(seconds * 1000 / max(1, timeouts), 2) for name, seconds in cpu.items()
            },
            cpu_cores_busy={name: round(seconds / elapsed, 2) for name, seconds in cpu.items()},
            machine={
                "cores": os.cpu_count(),
                "load_average_before": load_before,
                "load_average_after": load_average(),
            },
        )
        result["bots"] = {
            "games": len(bot_ids),
            "think_ms": BOT_THINK_MS,
            "moves_per_s": round(moves_in_window / elapsed, 1),
            # every game at its pace: one move per think time, each
            "moves_per_s_at_full_pace": round(len(bot_ids) * 1000 / BOT_THINK_MS, 1),
            "worker": "shared"
            if args.shared_worker
            else f"own ({args.bot_concurrency}, nice +{args.bots_nice})",
        }
        result["aborted"] = abort_games(game_ids) + abort_games(bot_ids)
    finally:
        for daemon in daemons:
            daemon.stop(timeout=20)
    result.update(
        games=len(game_ids),
        seats=args.seats,
        window_s=args.window,
        create_s=round(created_in, 2),
        pool=args.pool,
        concurrency=args.concurrency,
        sweep_seconds=float(args.sweep_seconds),
    )
    result["goal_ms"] = args.goal_ms
    result["goal_met"] = (
        result["p99_s"] <= args.goal_ms / 1000
        and result["early"] == 0
        and result["twice"] == 0
        and result["not_enforced_by_stop"] == 0
        and result["unmatched"] == 0
    )
    return result


def report(result: dict) -> None:
    say("")
    say(f"expiries measured:   {result['count']} (from {result['games']} games)")
    at_least = ">=" if result["lower_bounds"] else "  "
    say(f"lateness p50:      {at_least}{result['p50_s'] * 1000:8.1f} ms")
    say(f"lateness p90:      {at_least}{result['p90_s'] * 1000:8.1f} ms")
    goal = f"(goal <= {result['goal_ms']:g} ms)"
    say(f"lateness p99:      {at_least}{result['p99_s'] * 1000:8.1f} ms  {goal}")
    say(f"lateness max:        {result['max_s'] * 1000:8.1f} ms")
    creating = result["while_creating"]
    say(
        f"while creating:      {creating['p99_s'] * 1000:8.1f} ms p99 of {creating['count']}"
        " deadlines due before the last game started (not in the figures above)"
    )
    slices = ", ".join("-" if v is None else f"{v * 1000:.0f}" for v in result["p99_by_slice_s"])
    say(f"p99 by 5 s, from the first deadline (ms): {slices}")
    if result["lower_bounds"]:
        say("  (>=: some deadlines were never enforced, so these are lower bounds)")
    say(f"fired early:         {result['early']} (must be 0)")
    say(f"enforced twice:      {result['twice']} (must be 0)")
    say(f"due, not enforced by the stop: {result['not_enforced_by_stop']} (must be 0)")
    say(f"goal met:            {'yes' if result['goal_met'] else 'NO'}")
    bots = result["bots"]
    if bots["games"]:
        say(
            f"games of bots alone: {bots['games']} at {bots['think_ms']} ms a move, worker "
            f"{bots['worker']}: {bots['moves_per_s']} bot moves/s "
            f"(at full pace {bots['moves_per_s_at_full_pace']})"
        )
    prof = result["profile"]
    say("worker profile (the tasks due by the same cutoff):")
    say(
        f"  ETA tasks: {prof['eta_tasks']}, enforced {prof['eta_enforced']}, "
        f"found nothing due {prof['eta_found_nothing']}"
    )
    say(f"    start after ETA: {_ms(prof['eta_start_delay'])}")
    say(f"    run time:        {_ms(prof['eta_run'])}")
    say(f"  sweeps: {prof['sweeps']}, enforced {prof['sweep_enforced']}")
    say(f"    run time:        {_ms(prof['sweep_run'])}")
    say(f"  timeouts per second after the games were created: {prof['timeouts_per_s']}")
    cpu = prof["cpu_ms_per_timeout"]
    say(
        "  CPU per timeout: "
        + ", ".join(f"{name} {ms:.1f} ms" for name, ms in cpu.items())
        + f" (total {sum(cpu.values()):.1f} ms)"
    )
    busy = prof["cpu_cores_busy"]
    machine = prof["machine"]
    say(
        "  cores busy: "
        + ", ".join(f"{name} {cores:.2f}" for name, cores in busy.items())
        + f"; the machine has {machine['cores']}, load average "
        + f"{machine['load_average_before']} -> {machine['load_average_after']}"
    )
    say(json.dumps(_finite(result), sort_keys=True))


def _ms(stats: dict) -> str:
    return "  ".join(
        f"{key[:-2]} {value * 1000:.1f} ms" if value is not None else f"{key[:-2]} -"
        for key, value in stats.items()
    )


def _finite(value):
    """JSON has no Infinity or NaN: those become null (unenforced deadlines are counted)."""
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--traced-worker"]:
        traced_worker(argv[1:])
        return 0
    args = parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="uno-bench-timers."))
    work.chmod(0o755)  # the postgres user must reach its folder inside
    with contextlib.ExitStack() as stack:
        if not args.keep:
            stack.callback(shutil.rmtree, work, ignore_errors=True)
        else:
            say(f"keeping {work}")
        if not os.environ.get("DATABASE_URL"):
            os.environ["DATABASE_URL"], SERVER_PIDS["postgres"] = start_postgres(
                stack, work, database="uno_bench"
            )
            say(f"started PostgreSQL: {os.environ['DATABASE_URL']}")
        if not os.environ.get("CELERY_BROKER_URL"):
            os.environ["CELERY_BROKER_URL"], SERVER_PIDS["redis"] = start_redis(stack, work)
            say(f"started Redis: {os.environ['CELERY_BROKER_URL']}")
        os.environ.setdefault("UNO_DATA_DIR", str(work / "data"))
        # A queue of its own: on a shared broker, no other worker takes these tasks and
        # this worker takes no one else's.
        args.own_queue = "UNO_CELERY_QUEUE" not in os.environ
        os.environ.setdefault("UNO_CELERY_QUEUE", f"uno-bench-timers-{os.getpid()}")
        os.environ["UNO_SWEEP_SECONDS"] = str(args.sweep_seconds)
        os.environ["LOG_LEVEL"] = args.loglevel
        os.environ.pop("UNO_MODE", None)
        result = run(args, work)
    report(result)
    return 0 if result["goal_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
