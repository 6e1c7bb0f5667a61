"""Several nodes, and nodes that die: the service as a small cluster on this machine.

    uv run python bench/cluster.py [--seconds 180] [--games 8] [--kill-at 0.5] [--keep]
                                   [--stream-nodes 2]
    uv run python bench/cluster.py --pooler [--pool-size 4]

Starts, natively (as .ci/run starts its servers), the shape docker-compose.yml and
docker-compose.scale.yml run: a PostgreSQL primary and a streaming replica of it
(pg_basebackup), Redis, two web nodes (each gunicorn as compose runs `web`) and
`--stream-nodes` stream nodes (each the same command with one process, as compose runs
`streams`), every node a process group, a data folder and a port of its own, behind
HAProxy with compose's routing (deploy/haproxy.cfg through
bench.servers.haproxy_config: a game's streams and long-polls to the stream nodes by a
hash of the game, a refused connection redispatched to another node), two Celery
workers consuming both queues, and beat. Three things are the cluster's own, added to
the file's text: health checks every 0.5 s instead of 1 s, a stats socket, and a
header on each answer naming the server that gave it. Every request goes through the
balancer. With --pooler, the nodes, workers and beat reach the primary through
pgbouncer in transaction mode (`DATABASE_POOLER_URL`, --pool-size server connections),
as compose runs them; migrations and each web process's LISTEN connect directly.

It then drives `--games` games of two people through the Python SDK (clients/python):
seat 0 plays each turn as soon as it may; seat 1 plays half of its turns and lets the
2 s turn timer take the others (draw and pass), so deadlines fall due all along. Each
game is followed by a stream (the SDK's, which resumes with Last-Event-ID), which the
balancer sends to a stream node. At `--kill-at` of the run, at the same moment, one web
node, the stream node holding the most streams and one worker are killed with SIGKILL
(their whole process groups); the drivers carry on through the other web node and
worker, and the streams the kill cut resume on the stream nodes left. At the end the
games are aborted (their streams end), beat and the worker stop, and it checks:

- `lost`: moves the service acknowledged whose events are not in the log;
- `duplicated`: moves applied more than once (runs of a seat's events in the log that no
  acknowledged move accounts for, beyond the moves whose answer never came);
- `early`, `twice`, `unenforced`: turn deadlines enforced before they were due, enforced
  twice, or due (by 5 s before the stop) and never enforced (bench/timers.py's reading
  of the logs);
- `frames_lost`, `frames_repeated`, `frames_out_of_order`: each stream's event frames
  against the game's log, from its first view to the end;
- `streams_not_resumed`: streams whose node was killed (their last connection before
  the kill was to it) that never connected again to a stream node left;
- `audit_failed`: games whose audit (GET /games/{id}/audit, as staff) is not ok.

It prints which node held each stream at the kill, and where and how soon each cut
stream resumed. The last line is one JSON object with those counts and the run's
figures (`streams_cut`, `streams_resumed`, `stream_resume_max_s`, the nodes killed).
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

import httpx

REPO = Path(__file__).resolve().parent.parent
for path in (REPO, REPO / "clients" / "python"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from bench.servers import (  # noqa: E402
    ASGI_APP,
    WEB_TIER,
    console_rows,
    free_port,
    haproxy_config,
    haproxy_servers_up,
    haproxy_stats,
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
    "streams_not_resumed",
    "audit_failed",
)
# What the cluster adds to compose's balancer (balancer_config).
HEALTH_CHECKS_EVERY = "500ms"  # compose's 1 s: a killed node is out of the turns sooner
NODE_HEADER = "X-Cluster-Node"  # on each answer: the server that gave it


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=180, help="driving time (180)")
    parser.add_argument("--games", type=int, default=8, help="games of two people (8)")
    parser.add_argument("--kill-at", type=float, default=0.5, help="fraction of the run (0.5)")
    parser.add_argument("--web-workers", type=int, default=1, help="processes per web node (1)")
    parser.add_argument(
        "--stream-nodes", type=int, default=2, help="stream nodes, one process each (2)"
    )
    parser.add_argument(
        "--pooler", action="store_true", help="the service through pgbouncer (transaction mode)"
    )
    parser.add_argument(
        "--pool-size", type=int, default=4, help="pgbouncer's server connections (4)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args(argv)
    if args.stream_nodes < 2:
        parser.error("--stream-nodes: at least 2 (one is killed, the streams resume on another)")
    return args


def say(text: str = "") -> None:
    print(text, flush=True)


# --- the processes ----------------------------------------------------------------------------


class Node:
    """A process group of the cluster (a web or stream node, a worker, beat, the balancer)."""

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


def balancer_config(port: int, web_ports: list[int], stream_ports: list[int], stats: Path) -> str:
    """Compose's proxy (deploy/haproxy.cfg, as bench.servers.haproxy_config serves it on
    loopback ports: its routing and options), with the cluster's own additions: a stats
    socket (the sessions a killed node held), health checks every HEALTH_CHECKS_EVERY,
    and NODE_HEADER on each answer (which node held a stream)."""
    text = haproxy_config(port, web_ports, stream_ports, stats)
    text = replaced(
        text,
        "    default-server inter 1s ",
        f"    default-server inter {HEALTH_CHECKS_EVERY} ",
        count=text.count("\nbackend "),
    )
    bind = f"    bind 127.0.0.1:{port}\n"
    header = f"    http-response set-header {NODE_HEADER} %[srv_name]\n"
    return replaced(text, bind, bind + header, count=1)


def replaced(text: str, old: str, new: str, *, count: int) -> str:
    """`text` with `old` replaced, which must be there `count` times (else the file it
    came from changed shape, and the addition must be looked at again)."""
    if text.count(old) != count:
        raise SystemExit(
            f"deploy/haproxy.cfg: {old.strip()!r} {text.count(old)} times, expected {count}"
        )
    return text.replace(old, new)


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


def start_web(work: Path, name: str, port: int, workers: int, streams: bool = False) -> Node:
    """Compose's web command or, with `streams`, its streams command."""
    served = [ASGI_APP] if streams else WEB_TIER
    argv = [sys.executable, "-m", "gunicorn", *served]
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


def sessions(stats: Path, backend: str, server: str) -> tuple[int, int]:
    """HAProxy's sessions with `server` of `backend`: open now, and in all so far (its
    `scur` and `stot`)."""
    for row in haproxy_stats(stats):
        if (row.get("pxname"), row.get("svname")) == (backend, server):
            return int(row["scur"] or 0), int(row["stot"] or 0)
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
    # Each connection of its stream that was answered: (time.monotonic(), the node).
    stream_connections: list[tuple[float, str]] = field(default_factory=list)
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


class NotingNodes(httpx.BaseTransport):
    """httpx's transport, noting the node (NODE_HEADER) that answered each connection of
    a game's stream, and when."""

    def __init__(self, connections: list[tuple[float, str]]):
        self.inner, self.connections = httpx.HTTPTransport(), connections

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        answer = self.inner.handle_request(request)
        if request.url.path.endswith("/stream") and answer.status_code == 200:
            self.connections.append((time.monotonic(), answer.headers.get(NODE_HEADER, "?")))
        return answer

    def close(self) -> None:
        self.inner.close()


def follow(drive_: Drive, base: str, token: str) -> None:
    from uno_sdk import RetryPolicy, Uno

    watcher = Uno(
        base,
        token,
        retry=RetryPolicy(attempts=40, pause=0.25, longest_wait=2),
        transport=NotingNodes(drive_.stream_connections),
    )
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


def stream_resumptions(drives: list[Drive], killed: str, killed_at: float) -> list[dict]:
    """Each game's stream at the kill: its node (that of its last connection before), and
    if that was the killed node (the kill cut it), the node of its first connection after
    to another node, and how long after the kill that was."""
    rows = []
    for drive_ in drives:
        before = [node for at, node in drive_.stream_connections if at < killed_at]
        row = {"game": drive_.game_id, "node": before[-1] if before else None}
        row |= {"cut": row["node"] == killed, "resumed_on": None, "after_s": None}
        if row["cut"]:
            for at, node in drive_.stream_connections:
                if at >= killed_at and node != killed:
                    row |= {"resumed_on": node, "after_s": round(at - killed_at, 3)}
                    break
        rows.append(row)
    return rows


def say_resumptions(rows: list[dict]) -> None:
    for row in rows:
        if not row["cut"]:
            say(f"stream of game {row['game'][:8]}: on {row['node']} at the kill")
        elif row["resumed_on"] is None:
            say(f"stream of game {row['game'][:8]}: on {row['node']}, cut, NOT resumed")
        else:
            say(
                f"stream of game {row['game'][:8]}: on {row['node']}, cut, resumed on "
                f"{row['resumed_on']} {row['after_s']} s after the kill"
            )
    cut = [row for row in rows if row["cut"]]
    resumed = sum(1 for row in cut if row["resumed_on"] is not None)
    say(f"streams cut by the kill: {len(cut)}, resumed on another stream node: {resumed}")


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

    # Named as haproxy_config names their servers: web0, web1, streams0, ...
    web_ports = [free_port(), free_port()]
    webs = [start_web(work, f"web{i}", port, args.web_workers) for i, port in enumerate(web_ports)]
    stream_ports = [free_port() for _ in range(args.stream_nodes)]
    stream_nodes = [
        start_web(work, f"streams{i}", port, 1, streams=True) for i, port in enumerate(stream_ports)
    ]
    workers = [start_worker(work, f"worker{i}") for i in range(2)]
    beat = start_beat(work)
    nodes = [*webs, *stream_nodes, *workers, beat]
    stack.callback(lambda: [node.stop() for node in nodes if not node.log.closed])
    port = free_port()
    stats = work / "haproxy.sock"
    config = work / "haproxy.cfg"
    config.write_text(balancer_config(port, web_ports, stream_ports, stats))
    balancer = Node("haproxy", [haproxy_command(), "-db", "-f", str(config)], work / "hp.log")
    nodes.append(balancer)
    for node_port in web_ports + stream_ports:
        wait_for(lambda p=node_port: healthy(p), 90, "a web or stream node")
    wait_for(lambda: haproxy_servers_up(stats), 30, "the balancer's health checks")
    base = f"http://127.0.0.1:{port}"
    say(
        f"2 web nodes ({args.web_workers} process(es) each) and {args.stream_nodes} stream "
        f"nodes (1 process each) behind HAProxy at {base} (deploy/haproxy.cfg's routing)"
    )
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
    stream_sessions = {node.name: sessions(stats, "streams", node.name) for node in stream_nodes}
    streams_open = {name: open_ for name, (open_, _) in stream_sessions.items()}
    doomed = max(stream_nodes, key=lambda node: streams_open[node.name])
    on_killed_stream_node, served_by_killed_stream_node = stream_sessions[doomed.name]
    on_killed_node, served_by_killed_node = sessions(stats, "web", webs[0].name)
    killed_at = time.monotonic()
    for node in (webs[0], doomed, workers[0]):
        node.kill()
    say(
        f"killed at the same moment (SIGKILL, whole process groups): {webs[0].name} "
        f"({on_killed_node} connections open through it, {served_by_killed_node} served), "
        f"{doomed.name} (the stream node holding the most; streams open: "
        + ", ".join(f"{name} {count}" for name, count in streams_open.items())
        + f"; {served_by_killed_stream_node} served by it) and {workers[0].name}"
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
    resumptions = stream_resumptions(drives, doomed.name, killed_at)
    say_resumptions(resumptions)
    cut = [row for row in resumptions if row["cut"]]
    resumed = [row for row in cut if row["resumed_on"] is not None]
    checks = {
        "lost": lost,
        "duplicated": duplicated,
        "early": deadlines["early"],
        "twice": deadlines["twice"],
        "unenforced": deadlines["unenforced"],
        **frames,
        "streams_not_resumed": len(cut) - len(resumed),
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
        "stream_nodes": args.stream_nodes,
        "killed_nodes": [webs[0].name, doomed.name, workers[0].name],
        "streams_open_at_kill": streams_open,
        "connections_on_killed_stream_node": on_killed_stream_node,
        "sessions_served_by_killed_stream_node": served_by_killed_stream_node,
        "streams_cut": len(cut),
        "streams_resumed": len(resumed),
        "stream_resume_max_s": max((row["after_s"] for row in resumed), default=None),
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
        f"deadline p99 {result['deadline_p99_s']} s, streams cut {result['streams_cut']} "
        f"(resumed {result['streams_resumed']}, the last {result['stream_resume_max_s']} s "
        "after the kill)"
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
