"""Several nodes, and nodes that die: the service as a small cluster on this machine.

    uv run python bench/cluster.py [--seconds 180] [--games 8] [--kill-at 0.5] [--keep]
    uv run python bench/cluster.py --pooler [--pool-size 4]

Starts, natively (as .ci/run starts its servers): a PostgreSQL primary and a streaming
replica of it (pg_basebackup), Redis, two web nodes (each gunicorn as compose runs it,
a process group and a data folder of its own, on its own port) behind HAProxy (health
checks every 0.5 s, a refused connection redispatched to the other node), two Celery
workers consuming both queues, and beat. Every request goes through the balancer. With
--pooler, the web nodes, workers and beat reach the primary through pgbouncer in
transaction mode (`DATABASE_POOLER_URL`, --pool-size server connections), as compose runs
them; migrations and each web process's LISTEN connect directly.

It then drives `--games` games of two people through the Python SDK (clients/python):
seat 0 plays each turn as soon as it may; seat 1 plays half of its turns and lets the
2 s turn timer take the others (draw and pass), so deadlines fall due all along. Each
game is followed by a stream (the SDK's, which resumes with Last-Event-ID). At
`--kill-at` of the run, one web node and one worker are killed with SIGKILL (their whole
process groups); the drivers and streams carry on through the other ones. At the end the
games are aborted (their streams end), beat and the worker stop, and it checks:

- `lost`: moves the service acknowledged whose events are not in the log;
- `duplicated`: moves applied more than once (runs of a seat's events in the log that no
  acknowledged move accounts for, beyond the moves whose answer never came);
- `early`, `twice`, `unenforced`: turn deadlines enforced before they were due, enforced
  twice, or due (by 5 s before the stop) and never enforced (bench/timers.py's reading
  of the logs);
- `frames_lost`, `frames_repeated`, `frames_out_of_order`: each stream's event frames
  against the game's log, from its first view to the end;
- `audit_failed`: games whose audit (GET /games/{id}/audit, as staff) is not ok.

The last line is one JSON object with those counts and the run's figures.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
for path in (REPO, REPO / "clients" / "python"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from bench.servers import (  # noqa: E402
    console_rows,
    free_port,
    say_verdicts,
    start_pgbouncer,
    start_postgres,
    start_redis,
    wait_for,
)

TURN_SECONDS = 2
MARGIN_SECONDS = 5  # deadlines due this close to the stop may not have had their chance
CHECKS = (
    "lost",
    "duplicated",
    "early",
    "twice",
    "unenforced",
    "frames_lost",
    "frames_repeated",
    "frames_out_of_order",
    "audit_failed",
)


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=180, help="driving time (180)")
    parser.add_argument("--games", type=int, default=8, help="games of two people (8)")
    parser.add_argument("--kill-at", type=float, default=0.5, help="fraction of the run (0.5)")
    parser.add_argument("--web-workers", type=int, default=1, help="processes per web node (1)")
    parser.add_argument(
        "--pooler", action="store_true", help="the service through pgbouncer (transaction mode)"
    )
    parser.add_argument(
        "--pool-size", type=int, default=4, help="pgbouncer's server connections (4)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    return parser.parse_args(argv)


def say(text: str = "") -> None:
    print(text, flush=True)


# --- the processes ----------------------------------------------------------------------------


class Node:
    """A process group of the cluster (a web node, a worker, beat, the balancer)."""

    def __init__(self, name: str, argv: list[str], log: Path, env: dict | None = None):
        self.name, self.log_path = name, log
        self.log = log.open("ab")
        self.process = subprocess.Popen(
            argv,
            cwd=REPO,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def alive(self) -> bool:
        return self.process.poll() is None

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def kill(self) -> None:
        """As a machine that dies: no signal handler runs, no connection is closed."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self, timeout: float = 30) -> None:
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=timeout)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.log.close()


def start_replica(stack: contextlib.ExitStack, work: Path, primary_url: str) -> str:
    """A streaming replica of the primary (pg_basebackup -R) on a free port; its URL."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    pg_bin = bins[-1] if bins else Path(shutil.which("pg_basebackup") or "x").parent
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    primary_port = primary_url.rsplit(":", 1)[1].split("/")[0]
    data, port = work / "pg" / "replica", free_port()
    subprocess.run(
        [*as_postgres, str(pg_bin / "pg_basebackup"), "-h", "127.0.0.1", "-p", primary_port]
        + ["-U", "postgres", "-D", str(data), "-R", "-X", "stream", "--checkpoint=fast"]
        + ["--no-sync"],
        check=True,
        capture_output=True,
    )
    pg_ctl = [*as_postgres, str(pg_bin / "pg_ctl"), "-D", str(data)]
    options = f"-p {port} -k {work / 'pg'} -c listen_addresses=127.0.0.1 -c fsync=off"
    options += " -c max_connections=200"  # as the primary (bench/servers.py)
    subprocess.run(
        [*pg_ctl, "-l", str(work / "pg" / "replica.log"), "-w", "-t", "30", "start"]
        + ["-o", options],
        check=True,
        capture_output=True,
    )
    stack.callback(
        subprocess.run, [*pg_ctl, "-m", "fast", "-w", "-t", "20", "stop"], capture_output=True
    )
    return primary_url.replace(f":{primary_port}/", f":{port}/")


HAPROXY = """\
global
    maxconn 4096
    stats socket {socket}
defaults
    mode http
    timeout connect 2s
    timeout client 120s
    timeout server 120s
    timeout tunnel 1h
    option redispatch
    retries 3
    retry-on conn-failure
frontend api
    bind 127.0.0.1:{port}
    default_backend web
backend web
    balance roundrobin
    option httpchk GET /api/v1/health
    http-check expect status 200
    default-server inter 500ms fall 2 rise 2
{servers}
"""


def service_env(work: Path, urls: dict) -> dict:
    """What every process of the service is given (compose's environment, in short)."""
    return {
        "DATABASE_URL": urls["primary"],
        "DATABASE_REPLICA_URL": urls["replica"],
        "CELERY_BROKER_URL": urls["redis"],
        "UNO_CACHE_URL": urls["redis"],
        "UNO_STREAMS_REDIS_URL": urls["redis"],
        "UNO_CELERY_QUEUE": f"uno-cluster-{os.getpid()}",
        "UNO_MODE": "production",
        "SECRET_KEY": "bench-cluster-only-not-a-secret-0123456789abcdef",
        "UNO_SIGNING_KEY_FILE": str(work / "signing_key.pem"),
        "UNO_STATIC_ROOT": str(work / "static"),
        "LOG_LEVEL": "WARNING",
        "UNO_THROTTLE_ANON": "100000000/minute",
        "UNO_THROTTLE_READS": "100000000/minute",
        "UNO_THROTTLE_ACTIONS": "100000000/minute",
        "UNO_THROTTLE_LOBBY": "100000000/minute",
    }


def own_folder(work: Path, name: str) -> dict:
    """A node's data folder (its metrics, its stream slots' files): as on its own machine."""
    folder = work / name
    folder.mkdir(mode=0o700, exist_ok=True)
    return {"UNO_DATA_DIR": str(folder), "PROMETHEUS_MULTIPROC_DIR": str(folder / "metrics")}


def start_web(work: Path, name: str, port: int, workers: int) -> Node:
    argv = [sys.executable, "-m", "gunicorn", "unoservice.asgi:application"]
    argv += ["--config=python:unoservice.gunicorn_conf", f"--bind=127.0.0.1:{port}"]
    argv += [f"--workers={workers}", "--no-control-socket", "--log-level=warning"]
    return Node(name, argv, work / f"{name}.log", own_folder(work, name))


def start_worker(work: Path, name: str) -> Node:
    from django.conf import settings

    queues = f"{settings.CELERY_TASK_DEFAULT_QUEUE},{settings.UNO_BOTS_QUEUE}"
    argv = [sys.executable, "-m", "celery", "-A", "unoservice", "worker", "--loglevel=WARNING"]
    argv += ["--queues", queues, "--concurrency=1", "--hostname", f"{name}@cluster"]
    argv += ["--without-gossip", "--without-mingle"]
    return Node(name, argv, work / f"{name}.log", own_folder(work, name))


def start_beat(work: Path) -> Node:
    argv = [sys.executable, "-m", "celery", "-A", "unoservice", "beat", "--loglevel=WARNING"]
    argv += ["--schedule", str(work / "beat-schedule")]
    return Node("beat", argv, work / "beat.log", own_folder(work, "beat"))


def haproxy_command() -> str | None:
    return shutil.which("haproxy", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")


def healthy(port: int) -> bool:
    import urllib.request

    with contextlib.suppress(OSError):
        url = f"http://127.0.0.1:{port}/api/v1/health"
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status == 200
    return False


def sessions(stats: Path, server: str) -> tuple[int, int]:
    """HAProxy's sessions with `server`: open now, and in all so far (its stats
    socket's `scur` and `stot`)."""
    import socket

    with socket.socket(socket.AF_UNIX) as sock:
        sock.connect(str(stats))
        sock.sendall(b"show stat\n")
        table = b""
        while chunk := sock.recv(65536):
            table += chunk
    lines = table.decode().splitlines()
    columns = lines[0].lstrip("# ").split(",")
    for line in lines[1:]:
        values = dict(zip(columns, line.split(","), strict=False))
        if values.get("svname") == server:
            return int(values["scur"] or 0), int(values["stot"] or 0)
    return 0, 0


# --- the drivers ------------------------------------------------------------------------------


@dataclass
class Seat:
    uno: object
    acked: set = field(default_factory=set)  # seqs of the events of its acknowledged moves
    unanswered: int = 0  # moves whose answer never came (applied or not: unknown)
    moves: int = 0


@dataclass
class Drive:
    game_id: str
    seats: list[Seat]
    frames: list[int] = field(default_factory=list)  # event frames' ids, as received
    first_view: int | None = None
    stream_error: str | None = None
    driver_error: str | None = None


def set_up_game(base: str, number: int) -> Drive:
    from uno_sdk import Uno

    host = Uno.register(base, f"cluster{number}-a")
    guest = Uno.register(base, f"cluster{number}-b")
    timers = {"turn_seconds": TURN_SECONDS, "response_seconds": TURN_SECONDS}
    timers |= {"abandon_after": 20, "on_abandon": "remove"}
    game = host.create_game(
        seats=2, rules={"preset": "classic", "options": {"target_score": 5000}}, timers=timers
    )
    guest.join(game.id)
    host.start(game.id)
    return Drive(str(game.id), [Seat(host), Seat(guest)])


def drive(drive_: Drive, stop: threading.Event, seed: int) -> None:
    """Seat 0 moves whenever it may; seat 1 on half of its turns (a timer takes the rest)."""
    from uno_sdk import ApiError

    chance = random.Random(seed)
    left_to_the_timer: set[int] = set()
    try:
        while not stop.is_set():
            view = drive_.seats[0].uno.game(drive_.game_id)
            if view.status != "active":
                return
            seat = view.to_act
            if seat == 1 and (view.version in left_to_the_timer or chance.random() < 0.5):
                left_to_the_timer.add(view.version)
                time.sleep(0.2)
                continue
            mover = drive_.seats[seat]
            actions = mover.uno.legal_actions(drive_.game_id)
            if not actions:
                time.sleep(0.1)
                continue
            mover.moves += 1
            try:
                result = mover.uno.act(drive_.game_id, actions[0], version=view.version)
            except ApiError as error:
                if error.status not in (409, 412):  # someone (a timer) moved first
                    raise
                continue
            except Exception:  # no answer after the SDK's retries: applied or not, unknown
                mover.unanswered += 1
                continue
            mover.acked.update(event["seq"] for event in result.to_dict()["events"])
    except Exception as error:  # noqa: BLE001 - reported, and counted by the checks
        drive_.driver_error = f"{type(error).__name__}: {error}"


def follow(drive_: Drive, base: str, token: str) -> None:
    from uno_sdk import RetryPolicy, Uno

    watcher = Uno(base, token, retry=RetryPolicy(attempts=40, pause=0.25, longest_wait=2))
    try:
        for frame in watcher.follow(drive_.game_id):
            if frame.kind == "view" and drive_.first_view is None:
                drive_.first_view = frame.id
            elif frame.kind == "event":
                drive_.frames.append(frame.id)
    except Exception as error:  # noqa: BLE001 - reported, and counted by the checks
        drive_.stream_error = f"{type(error).__name__}: {error}"
    finally:
        watcher.close()


# --- the checks -------------------------------------------------------------------------------


def move_checks(drives: list[Drive]) -> tuple[int, int]:
    """(lost, duplicated) from the logs: every acknowledged move's events are there, by
    its seat; a seat's events outside its acknowledged moves come in runs, one run per
    application, which only its unanswered moves may explain."""
    from games.models import GameEvent

    lost = duplicated = 0
    for drive_ in drives:
        actors = dict(GameEvent.objects.filter(game_id=drive_.game_id).values_list("seq", "actor"))
        for number, seat in enumerate(drive_.seats):
            actor = f"seat:{number}"
            lost += sum(1 for seq in seat.acked if actors.get(seq) != actor)
            runs, previous = 0, False
            for seq in sorted(actors):
                outside = actors[seq] == actor and seq not in seat.acked
                runs += outside and not previous
                previous = outside
            duplicated += max(0, runs - seat.unanswered)
    return lost, duplicated


def frame_checks(drives: list[Drive]) -> dict:
    from games.models import Game

    lost = repeated = out_of_order = 0
    for drive_ in drives:
        version = Game.objects.get(pk=drive_.game_id).version
        expected = list(range((drive_.first_view or 0) + 1, version + 1))
        counts = Counter(drive_.frames)
        repeated += sum(count - 1 for count in counts.values())
        lost += sum(1 for seq in expected if seq not in counts)
        out_of_order += sum(1 for a, b in itertools.pairwise(drive_.frames) if b <= a)
    return {"frames_lost": lost, "frames_repeated": repeated, "frames_out_of_order": out_of_order}


def deadline_checks(game_ids: list[str], cutoff) -> dict:
    """Every turn deadline from the logs: enforced (a `timed_out` event) early or twice,
    or due by `cutoff` and still open when the games were stopped. A deadline a move
    closed first is not a timer's to enforce."""
    from bench.timers import parse_time, percentile
    from games.models import GameEvent

    rows = (
        GameEvent.objects.filter(game_id__in=game_ids, type__in=("turn_changed", "timed_out"))
        .order_by("game_id", "seq")
        .values_list("game_id", "type", "public", "recorded_at")
    )
    opened: dict = {}  # game -> the deadline open now, or None
    tokens: Counter = Counter()
    lateness: list[float] = []
    early = 0
    for game_id, type_, public, recorded_at in rows:
        if type_ == "turn_changed":
            opened[game_id] = parse_time(public["deadline_at"]) if "deadline_at" in public else None
            continue
        tokens[(game_id, public.get("token"))] += 1
        due = opened.get(game_id)
        if due is not None:
            late = (recorded_at - due).total_seconds()
            early += late < 0
            lateness.append(late)
            opened[game_id] = None
    lateness.sort()
    return {
        "enforced": sum(tokens.values()),
        "early": early,
        "twice": sum(1 for count in tokens.values() if count > 1),
        "unenforced": sum(1 for due in opened.values() if due is not None and due <= cutoff),
        "p99_s": round(percentile(lateness, 0.99), 3) if lateness else None,
    }


def run(args, work: Path, stack: contextlib.ExitStack) -> dict:
    primary, _ = start_postgres(stack, work, "uno")
    replica = start_replica(stack, work, primary)
    redis, _ = start_redis(stack, work)
    (work / "static").mkdir()
    env = service_env(work, {"primary": primary, "replica": replica, "redis": redis})
    os.environ.update(env)
    os.environ.pop("DATABASE_POOLER_URL", None)  # migrations go directly (--pooler below)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from players.services import player_for_user, token_issue
    from unoservice import clock

    call_command("migrate", interactive=False, verbosity=0)
    call_command("create_signing_key", verbosity=0)
    get_user_model().objects.create_user("cluster-staff", is_staff=True)
    staff_token = token_issue(player=player_for_user(username="cluster-staff"), label="bench")
    connection.close()
    say(f"PostgreSQL {primary.rsplit('/', 1)[0]}, replica {replica.rsplit('/', 1)[0]}, {redis}")
    pooler = None
    if args.pooler:  # for the nodes started from here on; migrations went directly
        pooler = start_pgbouncer(stack, primary, pool_size=args.pool_size)
        os.environ["DATABASE_POOLER_URL"] = pooler.url
        say(f"pgbouncer, transaction mode, {args.pool_size} server connections: {pooler.url}")

    web_ports = [free_port(), free_port()]
    webs = [start_web(work, f"web-{i}", port, args.web_workers) for i, port in enumerate(web_ports)]
    workers = [start_worker(work, f"worker-{i}") for i in range(2)]
    beat = start_beat(work)
    nodes = [*webs, *workers, beat]
    stack.callback(lambda: [node.stop() for node in nodes if not node.log.closed])
    port = free_port()
    servers = "\n".join(
        f"    server {web.name} 127.0.0.1:{p} check" for web, p in zip(webs, web_ports, strict=True)
    )
    stats = work / "haproxy.sock"
    (work / "haproxy.cfg").write_text(HAPROXY.format(port=port, servers=servers, socket=stats))
    balancer = Node(
        "haproxy", [haproxy_command(), "-db", "-f", str(work / "haproxy.cfg")], work / "hp.log"
    )
    nodes.append(balancer)
    for web_port in web_ports:
        wait_for(lambda p=web_port: healthy(p), 90, "a web node")
    wait_for(lambda: healthy(port), 30, "the balancer")
    base = f"http://127.0.0.1:{port}"
    say(f"2 web nodes ({args.web_workers} process(es) each) behind HAProxy at {base}")
    say("2 workers (both queues) and beat")

    drives = [set_up_game(base, number) for number in range(args.games)]
    stop = threading.Event()
    threads = [
        threading.Thread(target=drive, args=(d, stop, n), daemon=True) for n, d in enumerate(drives)
    ] + [threading.Thread(target=follow, args=(d, base, staff_token), daemon=True) for d in drives]
    for thread in threads:
        thread.start()
    say(f"{args.games} games driven and followed through the balancer for {args.seconds:.0f} s")
    time.sleep(args.seconds * args.kill_at)
    on_killed_node, served_by_killed_node = sessions(stats, webs[0].name)
    webs[0].kill()
    workers[0].kill()
    say(
        f"killed {webs[0].name} ({on_killed_node} connections open through it, "
        f"{served_by_killed_node} served) and "
        f"{workers[0].name} (SIGKILL, whole process groups)"
    )
    time.sleep(args.seconds * (1 - args.kill_at))
    stop.set()
    for thread in threads[: len(drives)]:
        thread.join(timeout=60)
    time.sleep(MARGIN_SECONDS)
    cutoff = clock.now() - timedelta(seconds=MARGIN_SECONDS)
    from uno_sdk import Uno

    staff = Uno(base, staff_token)
    for drive_ in drives:
        with contextlib.suppress(Exception):
            staff.client.get_httpx_client().post(
                f"/api/v1/games/{drive_.game_id}/abort", json={"reason": "bench over"}
            )
    for thread in threads[len(drives) :]:
        thread.join(timeout=60)
    beat.stop()
    for worker in workers[1:]:
        worker.stop()
    audits = [
        staff.client.get_httpx_client().get(f"/api/v1/games/{d.game_id}/audit").json()
        for d in drives
    ]
    staff.close()

    deadlines = deadline_checks([d.game_id for d in drives], cutoff)
    lost, duplicated = move_checks(drives)
    frames = frame_checks(drives)
    checks = {
        "lost": lost,
        "duplicated": duplicated,
        "early": deadlines["early"],
        "twice": deadlines["twice"],
        "unenforced": deadlines["unenforced"],
        **frames,
        "audit_failed": sum(1 for audit in audits if not audit.get("ok")),
    }
    errors = [e for d in drives for e in (d.driver_error, d.stream_error) if e]
    moves = sum(seat.moves for d in drives for seat in d.seats)
    return {
        **checks,
        "games": args.games,
        "seconds": args.seconds,
        "pooler_transactions": pooled_transactions(pooler) if pooler else None,
        "connections_on_killed_node": on_killed_node,
        "sessions_served_by_killed_node": served_by_killed_node,
        "moves_sent": moves,
        "moves_unanswered": sum(seat.unanswered for d in drives for seat in d.seats),
        "frames": sum(len(d.frames) for d in drives),
        "timeouts_enforced": deadlines["enforced"],
        "deadline_p99_s": deadlines["p99_s"],
        "errors": errors[:5],
        "goals": {
            name: {"value": checks[name], "goal": "0", "met": checks[name] == 0} for name in CHECKS
        },
        "failure_count": len(errors),
        "failures": errors[:5],
    }


def pooled_transactions(pooler) -> int:
    """The transactions pgbouncer passed on to the service's database."""
    with pooler.console() as console:
        stats = console_rows(console, "STATS")
    return sum(int(row["total_xact_count"]) for row in stats if row["database"] == "uno")


def main(argv=None) -> int:
    args = parse_args(argv)
    if not haproxy_command():
        raise SystemExit("needs HAProxy (Debian: apt-get install haproxy)")
    with contextlib.ExitStack() as stack:
        work = Path(__import__("tempfile").mkdtemp(prefix="uno-bench-cluster."))
        work.chmod(0o755)
        if not args.keep:
            stack.callback(shutil.rmtree, work, ignore_errors=True)
        result = run(args, work, stack)
    say(
        f"moves sent {result['moves_sent']} (unanswered {result['moves_unanswered']}), "
        f"frames {result['frames']}, timeouts enforced {result['timeouts_enforced']}, "
        f"deadline p99 {result['deadline_p99_s']} s"
        + (
            f", {result['pooler_transactions']} transactions through pgbouncer"
            if result["pooler_transactions"] is not None
            else ""
        )
    )
    say_verdicts(say, result, width=20)
    met = all(goal["met"] for goal in result["goals"].values())
    return 0 if met and not result["failure_count"] else 1


if __name__ == "__main__":
    sys.exit(main())
