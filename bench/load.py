"""Load benchmark: games played over HTTP against the production web server, measured
against a bare DRF endpoint under the same server and database.

    uv run python bench/load.py [--games 16] [--seats 2] [--seconds 24] [--workers 4]

Runs against PostgreSQL: the server named by DATABASE_URL (a fresh database is created
on it for the run and dropped afterwards), or, when DATABASE_URL is not set, its own,
started in a temporary folder as .ci/run does (and stopped at the end). It migrates,
creates the `bench_bare` table, the players and their tokens, the games, and one long
game of 1,000+ events (through games.services), then starts uvicorn with several
workers (`unoservice.asgi:application`, as docker-compose.yml does, UNO_MODE=production)
on a free loopback port with DJANGO_SETTINGS_MODULE=bench.settings, whose URL root adds
`POST /bench/bare` (one SELECT and one INSERT; never a production route).

Measured, in alternating slices so both see the same machine:
- games: one client thread per game (N games x S seats, each seat its own token) plays
  random legal moves: `GET legal-actions` as the seat to act, then `POST actions`
  (plays are preferred to draws, as bench_engine does);
- bare: the same number of client threads send `POST /bench/bare`;
- reads: `GET /games/{id}` of the long game, sequentially (p50 over --reads), and for
  comparison the same read of a short game and a full replay of the long one.

`--conn-max-age N` runs the server with CONN_MAX_AGE=N instead of the service's own
setting (bench/settings.py). Under ASGI that changes nothing: Django runs each request's
synchronous code in a new thread, so every request opens its own database connection.
`--interface wsgi` (uvicorn's WSGI mode, `unoservice.wsgi:application`, with a thread
pool that keeps its threads) with `--conn-max-age 60` shows what persistent connections
would save; it is a comparison, not how production runs. `--tcp-nodelay` starts uvicorn
through bench/uvicorn_nodelay.py, which works around uvicorn's multi-worker mode leaving
Nagle's algorithm on (each keep-alive request after the first then waits ~40 ms for the
client's delayed ACK; https://github.com/Kludex/uvicorn/issues/3149).

Prints actions/s and p50/p99 for the action endpoint and the bare endpoint, the ratio,
the long game's read time, pass/fail for each goal, and as its last line one JSON
object. Goals: action throughput >= 50% of the bare endpoint's; action p99 <= 2x bare
p99; state read of a 1,000-event game p50 <= 10 ms. Exits 1 when a goal is missed or a
request failed. Throttles are raised for the run (UNO_THROTTLE_*): the benchmark
measures the service, not the rate limiter.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import math
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.servers import free_port, start_postgres, wait_for  # noqa: E402

API = "/api/v1"
BARE_PATH = "/bench/bare"
BARE_TABLE = "bench_bare"
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}
GOAL_THROUGHPUT_RATIO = 0.5  # action endpoint's throughput / the bare endpoint's, at least
GOAL_P99_RATIO = 2.0  # action p99 / bare p99, at most
GOAL_READ_P50_MS = 10.0  # state read of a 1,000-event game, at most


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=16, help="concurrent games (16)")
    parser.add_argument("--seats", type=int, default=2, help="seats per game (2)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=24.0,
        help="measured seconds, split evenly between games and bare (24)",
    )
    parser.add_argument("--slices", type=int, default=3, help="alternations games/bare (3)")
    parser.add_argument("--workers", type=int, default=4, help="uvicorn workers (4)")
    parser.add_argument(
        "--bare-threads", type=int, default=None, help="bare client threads (default: --games)"
    )
    parser.add_argument("--long-events", type=int, default=1000, help="long game's events")
    parser.add_argument("--reads", type=int, default=200, help="reads of the long game (200)")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured seconds (2)")
    parser.add_argument("--seed", type=int, default=1, help="random moves' seed (1)")
    parser.add_argument(
        "--interface",
        choices=["asgi", "wsgi"],
        default="asgi",
        help="asgi: unoservice.asgi, as production (default); wsgi: for comparison",
    )
    parser.add_argument(
        "--tcp-nodelay",
        action="store_true",
        help="start uvicorn through bench/uvicorn_nodelay.py (TCP_NODELAY on with --workers)",
    )
    parser.add_argument(
        "--conn-max-age",
        type=int,
        default=None,
        help="override the server's CONN_MAX_AGE (default: the service's own setting)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the work folder and database")
    return parser.parse_args(argv)


def say(text: str = "") -> None:
    print(text, flush=True)


# --- figures (no server needed) ------------------------------------------------------------


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of the values (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def summarize(latencies: list[float], seconds: float) -> dict:
    """Count, rate and latency percentiles (ms) of requests measured over `seconds`."""
    return {
        "count": len(latencies),
        "seconds": round(seconds, 3),
        "per_s": round(len(latencies) / seconds, 1) if seconds > 0 else 0.0,
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 2),
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
        "max_ms": round(max(latencies, default=0.0) * 1000, 2),
    }


def choose_action(actions: list[dict], rng: random.Random) -> dict:
    """A random legal action, plays first (as bench_engine's policy)."""
    plays = [a for a in actions if a["type"] == "play"]
    return rng.choice(plays or actions)


def goals(actions: dict, bare: dict, read: dict) -> dict:
    """Each goal: the measured value, the bound, and whether it is met."""
    ratio = actions["per_s"] / bare["per_s"] if bare["per_s"] else 0.0
    p99_ratio = actions["p99_ms"] / bare["p99_ms"] if bare["p99_ms"] else math.inf
    return {
        "action_throughput_vs_bare": {
            "value": round(ratio, 3),
            "goal": f">= {GOAL_THROUGHPUT_RATIO}",
            "met": ratio >= GOAL_THROUGHPUT_RATIO,
        },
        "action_p99_vs_bare_p99": {
            "value": round(p99_ratio, 3),
            "goal": f"<= {GOAL_P99_RATIO}",
            "met": p99_ratio <= GOAL_P99_RATIO,
        },
        "long_game_read_p50_ms": {
            "value": read["p50_ms"],
            "goal": f"<= {GOAL_READ_P50_MS}",
            "met": read["p50_ms"] <= GOAL_READ_P50_MS,
        },
    }


# --- HTTP ----------------------------------------------------------------------------------


class Http:
    """One keep-alive connection (one per client thread)."""

    def __init__(self, port: int):
        self.port = port
        self.connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, token: str | None = None, body=None):
        """(status, parsed JSON or None, seconds)."""
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            started = time.perf_counter()
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                raw = response.read()
            except (ConnectionError, http.client.HTTPException):
                self.close()
                if attempt == 2:
                    raise
                continue
            took = time.perf_counter() - started
            parsed = json.loads(raw) if raw and raw[:1] in (b"{", b"[") else None
            return response.status, parsed, took
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


# --- PostgreSQL, when not given ------------------------------------------------------------


def fresh_database(stack: contextlib.ExitStack, server_url: str, keep: bool) -> str:
    """A new database on the server of `server_url`, dropped at the end unless kept."""
    import psycopg

    name = f"uno_bench_load_{os.getpid()}"
    parts = urlsplit(server_url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    if not keep:

        def drop() -> None:
            with psycopg.connect(admin, autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        stack.callback(drop)
    return urlunsplit(parts._replace(path=f"/{name}"))


# --- set-up through the service's own code -------------------------------------------------


def setup_django() -> None:
    import django

    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    django.setup()


def create_bare_table() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {BARE_TABLE} "
            "(id bigserial PRIMARY KEY, note text NOT NULL, "
            "created_at timestamptz NOT NULL DEFAULT now())"
        )


@dataclass
class BenchGame:
    id: str
    tokens: list[str]  # by seat
    to_act: int = 0
    finished: bool = False


def create_game(seats: int, label: str) -> BenchGame:
    """A started classic game, every seat a new player with a token, no timers."""
    from games import services
    from players.services import player_register

    players = [player_register(name=f"{label}-{seat}") for seat in range(seats)]
    rules = {"preset": "classic", "options": {"target_score": 5000}}
    game = services.game_create(
        host=players[0][0], seats=seats, rules=rules, timers=NO_TIMERS, visibility="public"
    )
    for player, _ in players[1:]:
        services.game_join(game_id=game.id, player=player)
    result = services.game_start(game_id=game.id, player=players[0][0])
    return BenchGame(str(game.id), [token for _, token in players], result.state.to_act)


def play_long_game(min_events: int, rng: random.Random, seats: int = 2) -> BenchGame:
    """A game played through games.services until it has `min_events` events."""
    from games import engine, services
    from games.models import Game, GameSeat

    bench_game = create_game(seats, "long")
    players = {s.seat: s.player for s in GameSeat.objects.filter(game_id=bench_game.id)}
    game = Game.objects.get(pk=bench_game.id)
    while game.version < min_events:
        state = services.game_state(game)
        if state.status != engine.Status.ACTIVE:
            raise RuntimeError(f"the long game ended after {game.version} events")
        seat = state.to_act
        options = engine.legal_actions(state, seat)
        plays = [a for a in options if type(a) is engine.PlayCard]
        command = rng.choice(plays or options)
        result = services.game_command_execute(
            game_id=game.id, player=players[seat], build_command=lambda _seat, c=command: c
        )
        game = result.game
    bench_game.to_act = services.game_state(game).to_act
    return bench_game


# --- the server ----------------------------------------------------------------------------


def server_env(database_url: str, work: Path, conn_max_age: int | None = None) -> dict:
    env = dict(os.environ)
    env.pop("VIRTUAL_ENV", None)
    static = work / "static"
    static.mkdir(exist_ok=True)
    env.update(
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="bench.settings",
        UNO_MODE="production",
        SECRET_KEY="bench-load-only-not-a-secret",
        UNO_STATIC_ROOT=str(static),
        UNO_DATA_DIR=str(work / "data"),
        PYTHONPATH=str(REPO),
        PYTHONUNBUFFERED="1",
        LOG_LEVEL="WARNING",
        UNO_THROTTLE_READS="100000000/minute",
        UNO_THROTTLE_ACTIONS="100000000/minute",
        UNO_THROTTLE_LOBBY="100000000/minute",
    )
    env.pop("BENCH_CONN_MAX_AGE", None)
    if conn_max_age is not None:
        env["BENCH_CONN_MAX_AGE"] = str(conn_max_age)
    return env


@contextlib.contextmanager
def uvicorn_server(
    database_url: str,
    work: Path,
    workers: int,
    conn_max_age=None,
    interface: str = "asgi",
    tcp_nodelay: bool = False,
):
    port = free_port()
    log = (work / "uvicorn.log").open("w")
    launcher = [str(REPO / "bench" / "uvicorn_nodelay.py")] if tcp_nodelay else ["-m", "uvicorn"]
    argv = [sys.executable, *launcher, f"unoservice.{interface}:application"]
    if interface == "wsgi":
        argv += ["--interface", "wsgi"]
    argv += ["--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)]
    argv += ["--no-access-log", "--log-level", "warning"]
    process = subprocess.Popen(
        argv,
        cwd=REPO,
        env=server_env(database_url, work, conn_max_age),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: the workers stop with it
    )

    def up() -> bool:
        if process.poll() is not None:
            raise SystemExit(f"uvicorn exited:\n{(work / 'uvicorn.log').read_text()[-4000:]}")
        try:
            status, _, _ = Http(port).request("GET", f"{API}/health")
        except OSError:
            return False
        return status in (200, 503)

    try:
        wait_for(up, 60, "uvicorn to answer")
        yield port
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()


# --- load ----------------------------------------------------------------------------------


@dataclass
class Tally:
    actions: list[float] = field(default_factory=list)
    legal: list[float] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def failed(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


def play_for(http: Http, game: BenchGame, until: float, rng: random.Random, tally: Tally):
    """Random legal moves on one game until the time is up."""
    while not game.finished and time.monotonic() < until:
        token = game.tokens[game.to_act]
        status, body, took = http.request("GET", f"{API}/games/{game.id}/legal-actions", token)
        if status != 200:
            tally.failed(f"legal-actions {status}: {body}")
            return
        tally.legal.append(took)
        if not body["actions"]:
            game.finished = True
            return
        action = choose_action(body["actions"], rng)
        status, body, took = http.request("POST", f"{API}/games/{game.id}/actions", token, action)
        if status != 200:
            tally.failed(f"actions {status} for {action}: {body}")
            return
        tally.actions.append(took)
        view = body["game"]
        if view["status"] != "active":
            game.finished = True
        else:
            game.to_act = view["to_act"]


def bare_for(http: Http, until: float, tally: Tally) -> None:
    while time.monotonic() < until:
        status, body, took = http.request("POST", BARE_PATH, body={})
        if status != 200:
            tally.failed(f"bare {status}: {body}")
            return
        tally.bare.append(took)


def run_threads(targets: list) -> float:
    threads = [threading.Thread(target=target) for target in targets]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.monotonic() - started


def load(port: int, games: list[BenchGame], args) -> tuple[Tally, float, float]:
    """Alternating slices of game play and bare requests; returns the tally and the
    seconds spent in each kind (wall time, all threads together)."""
    tally = Tally()
    connections = [Http(port) for _ in games]
    bare_threads = args.bare_threads or len(games)
    bare_connections = [Http(port) for _ in range(bare_threads)]
    rngs = [random.Random(args.seed * 1000 + i) for i in range(len(games))]
    slice_seconds = args.seconds / (2 * args.slices)
    game_time = bare_time = 0.0

    def game_slice(seconds: float, into: Tally) -> float:
        until = time.monotonic() + seconds
        return run_threads(
            [
                lambda h=h, g=g, r=r: play_for(h, g, until, r, into)
                for h, g, r in zip(connections, games, rngs, strict=True)
            ]
        )

    def bare_slice(seconds: float, into: Tally) -> float:
        until = time.monotonic() + seconds
        return run_threads([lambda h=h: bare_for(h, until, into) for h in bare_connections])

    warm = Tally()
    game_slice(args.warmup / 2, warm)
    bare_slice(args.warmup / 2, warm)
    tally.errors += warm.errors
    for _ in range(args.slices):
        game_time += game_slice(slice_seconds, tally)
        bare_time += bare_slice(slice_seconds, tally)
    for connection in connections + bare_connections:
        connection.close()
    return tally, game_time, bare_time


def measure_reads(port: int, game: BenchGame, short: BenchGame, reads: int) -> dict:
    """The long game's state read; for comparison, the same read of a short game (is the
    cost flat in the number of events?) and a full replay of the long game."""
    http = Http(port)

    def timed(path: str, token: str, count: int) -> tuple[dict, dict]:
        for _ in range(5):  # warm every worker's code paths
            http.request("GET", path, token)
        took, body = [], None
        for _ in range(count):
            status, body, seconds = http.request("GET", path, token)
            if status != 200:
                raise SystemExit(f"GET {path} failed: {status} {body}")
            took.append(seconds)
        return summarize(took, sum(took)), body

    read, body = timed(f"{API}/games/{game.id}", game.tokens[0], reads)
    version = body["version"]
    short_read, short_body = timed(f"{API}/games/{short.id}", short.tokens[0], reads // 2)
    replay, _ = timed(f"{API}/games/{game.id}/replay?at={version}", game.tokens[0], 10)
    http.close()
    return {
        "long_game_events": version,
        "long_game_state_read": read,
        "short_game_events": short_body["version"],
        "short_game_state_read": short_read,
        "long_game_replay_read": replay,
    }


# --- the run -------------------------------------------------------------------------------


def run(args, work: Path, database_url: str) -> dict:
    os.environ["DATABASE_URL"] = database_url
    setup_django()
    from django.core.management import call_command
    from django.db import connection

    if connection.vendor != "postgresql":
        raise SystemExit(f"DATABASE_URL must be PostgreSQL, not {connection.vendor}")
    began = time.monotonic()
    call_command("migrate", interactive=False, verbosity=0)
    create_bare_table()
    games = [create_game(args.seats, f"g{i}") for i in range(args.games)]
    long_game = play_long_game(args.long_events, random.Random(args.seed))
    connection.close()
    say(
        f"set up in {time.monotonic() - began:.1f}s: {len(games)} games x {args.seats} seats, "
        f"and a long game of {args.long_events}+ events"
    )

    server = uvicorn_server(
        database_url, work, args.workers, args.conn_max_age, args.interface, args.tcp_nodelay
    )
    with server as port:
        nodelay = ", TCP_NODELAY fixed" if args.tcp_nodelay else ""
        say(f"uvicorn ({args.interface}{nodelay}) with {args.workers} workers on 127.0.0.1:{port}")
        tally, game_time, bare_time = load(port, games, args)
        reads = measure_reads(port, long_game, games[0], args.reads)

    actions = summarize(tally.actions, game_time)
    legal = summarize(tally.legal, game_time)
    bare = summarize(tally.bare, bare_time)
    met = goals(actions, bare, reads["long_game_state_read"])
    return {
        "games": args.games,
        "seats": args.seats,
        "workers": args.workers,
        "interface": args.interface,
        "tcp_nodelay_fix": args.tcp_nodelay,
        "conn_max_age": args.conn_max_age,
        "client_threads": {"games": args.games, "bare": args.bare_threads or args.games},
        "action_endpoint": actions,
        "legal_actions_endpoint": legal,
        "game_requests_per_s": round((actions["count"] + legal["count"]) / game_time, 1),
        "bare_endpoint": bare,
        "ratio_actions_per_s_vs_bare": met["action_throughput_vs_bare"]["value"],
        **reads,
        "games_finished": sum(1 for g in games if g.finished),
        "errors": tally.errors[:20],
        "error_count": len(tally.errors),
        "goals": met,
        "goals_met": all(goal["met"] for goal in met.values()) and not tally.errors,
    }


def report(result: dict) -> None:
    a, b, legal = (
        result["action_endpoint"],
        result["bare_endpoint"],
        result["legal_actions_endpoint"],
    )
    read, replay = result["long_game_state_read"], result["long_game_replay_read"]
    short = result["short_game_state_read"]
    say()
    say(
        f"action endpoint  POST /actions     {a['per_s']:8.1f} actions/s  "
        f"p50 {a['p50_ms']:7.2f} ms  p99 {a['p99_ms']:7.2f} ms  ({a['count']} in {a['seconds']}s)"
    )
    say(
        f"  with           GET legal-actions {legal['per_s']:8.1f} req/s      "
        f"p50 {legal['p50_ms']:7.2f} ms  p99 {legal['p99_ms']:7.2f} ms  "
        f"(game requests in all: {result['game_requests_per_s']} req/s)"
    )
    say(
        f"bare endpoint    POST /bench/bare  {b['per_s']:8.1f} req/s      "
        f"p50 {b['p50_ms']:7.2f} ms  p99 {b['p99_ms']:7.2f} ms  ({b['count']} in {b['seconds']}s)"
    )
    say(f"ratio actions/s : bare req/s      {result['ratio_actions_per_s_vs_bare']:.3f}")
    say(
        f"state read, {result['long_game_events']}-event game (GET /games/{{id}}): "
        f"p50 {read['p50_ms']:.2f} ms  p99 {read['p99_ms']:.2f} ms  ({read['count']} reads)"
    )
    say(
        f"  for comparison, a {result['short_game_events']}-event game: "
        f"p50 {short['p50_ms']:.2f} ms; the long game's replay (GET /replay?at=N): "
        f"p50 {replay['p50_ms']:.2f} ms"
    )
    if result["error_count"]:
        say(f"failed requests: {result['error_count']}, first: {result['errors'][0]}")
    for name, goal in result["goals"].items():
        verdict = "pass" if goal["met"] else "FAIL"
        say(f"goal {name:28} {goal['value']!s:>8} {goal['goal']:>8}  {verdict}")
    say(json.dumps(result, sort_keys=True))


def main(argv=None) -> int:
    args = parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="uno-bench-load."))
    work.chmod(0o755)  # the postgres user must reach its folder inside
    with contextlib.ExitStack() as stack:
        if not args.keep:
            stack.callback(shutil.rmtree, work, ignore_errors=True)
        else:
            say(f"keeping {work}")
        server_url = os.environ.get("DATABASE_URL", "")
        if not server_url:
            server_url, _ = start_postgres(stack, work)
            say(f"started PostgreSQL: {server_url}")
        elif not server_url.startswith(("postgres://", "postgresql://")):
            raise SystemExit(f"DATABASE_URL must be PostgreSQL, not {server_url}")
        database_url = fresh_database(stack, server_url, args.keep)
        say(f"database for this run: {database_url}")
        os.environ.setdefault("UNO_DATA_DIR", str(work / "data"))
        os.environ.pop("UNO_MODE", None)
        result = run(args, work, database_url)
        from django.db import connections

        connections.close_all()
    report(result)
    return 0 if result["goals_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
