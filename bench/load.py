"""Load benchmark: the game API over HTTP, measured against a bare Django endpoint served
the best way Django serves it, on the same database and the same machine.

    uv run python bench/load.py [--server production] [--seconds 24] [--slices 3]
    uv run python bench/load.py --database sqlite
    uv run python bench/load.py --server gunicorn-sync,gunicorn-gthread,uvicorn
    uv run python bench/load.py --pooler [--pool-size 4] [--workers 8 --games 16]

Two servers run side by side, each on its own free loopback port:

- the project: the server named by --server (below) on the service's code, with
  DJANGO_SETTINGS_MODULE=bench.settings (the service's settings plus the bench routes);
- the yardstick ("bare"): gunicorn sync workers (`unoservice.wsgi:application`, the same
  settings, CONN_MAX_AGE=60, as many workers as the project) serving two DRF endpoints of
  bench/urls.py on a table this script creates: `GET /bench/bare/<id>` (one row by its
  key) and `POST /bench/bare` (one SELECT and one INSERT). Never a production route.

--database postgresql (the default) runs on the PostgreSQL server named by DATABASE_URL
(a fresh database is created for the run and dropped afterwards) or, without it, on its
own, started in a temporary folder as .ci/run does, with a Redis of its own (or
--redis-url's) for the throttles' counters, the stream slots and the Celery queue; the
project runs with UNO_MODE=production, as docker-compose.yml does. --database sqlite
runs the embedded default: a temporary UNO_DATA_DIR, the project served the way
`bin/serve` serves it (--server serve, unoservice.settings' SQLite) and the bare
endpoints on the same SQLite file.

--server, the project's server (--workers 4 processes where it has workers):
- production (the default for PostgreSQL): docker-compose.yml's web command, `gunicorn
  unoservice.wsgi:application --config=python:unoservice.gunicorn_conf -k
  unoservice.gunicorn_sync_worker.SyncWorker -w N` (gunicorn's sync worker with the
  contract's header limits, persistent connections; compose's proxy sends what waits to
  its `streams`; chosen from these figures, docs/performance.md);
- streams: docker-compose.yml's streams command (and bin/serve's) with N processes,
  `gunicorn unoservice.asgi:application --config=python:unoservice.gunicorn_conf -w N`
  (uvicorn workers: async views on the event loop, the rest through Django's WSGI
  handler in a2wsgi's pool of WEB_THREADS threads with persistent connections);
- gunicorn-sync: `gunicorn unoservice.wsgi:application -w N`, CONN_MAX_AGE=60;
- gunicorn-gthread: the same with `-k gthread --threads T` (--threads 4), CONN_MAX_AGE=60
  (how the service was served before long-polls became asynchronous);
- django-asgi: the streams server with Django's own ASGI handler for every request
  (bench/django_asgi.py), psycopg's pool; django-asgi-pooled: the same with the views'
  synchronous code in a pool of --threads threads, CONN_MAX_AGE=60;
- uvicorn: `uvicorn unoservice.asgi:application --workers N --loop uvloop --http
  httptools`, psycopg's pool (BENCH_DB_POOL);
- gunicorn-asgi: gunicorn's own ASGI worker (`-k asgi`, gunicorn 25+), pool;
- gunicorn-uvicorn: `-k uvicorn_worker.UvicornWorker` (or uvicorn's deprecated
  `uvicorn.workers.UvicornWorker` when the uvicorn-worker package is not installed), pool
  (the ASGI application under other servers: its proxy-header and Nagle settings
  are the uvicorn worker's own, unoservice/gunicorn_worker.py);
- granian: `granian --interface asgi --loop uvloop --workers N` serving the ASGI
  application (bench/granian_app.py), UNO_DB_CONN_MAX_AGE=60 as gunicorn_conf sets it;
- serve (the default for SQLite): exactly bin/serve's web process (the streams
  configuration with 2 workers), the service's own database settings.
--project-db service|persistent|pool overrides the project's database connection
(persistent: CONN_MAX_AGE=60; pool: BENCH_DB_POOL=4). Several servers separated by
commas all run at once, on the same database and games, and take turns in the same run:
on a machine whose speed drifts from minute to minute, this is the fair way to compare
them (the first one's figures are the JSON's `project`; every one's are in `projects`).

Set-up goes over HTTP against the project's server, as a client would: players register,
create, join and start --games games of --seats seats (classic, no timers, target score
5000 so no game ends during the run), a fresh game nobody plays, and a long game played
(`GET legal-actions`, then a random legal action, plays first) until it has
--long-events (1,000) events.

Measured in interleaved slices, project then bare, --slices times each (--seconds in
all, each further server half as much again, after --warmup unmeasured seconds on each),
with the same number of client threads (--games, 8), each on its own keep-alive
connection:
- project: one thread per game, as the seat to act: `GET legal-actions`, `POST actions`;
- bare: `GET /bench/bare/<id>` (the row its last POST wrote), `POST /bench/bare`.
writes/s counts POSTs. Then, one request at a time and interleaved again: `GET
/games/{id}` of the fresh game and of the long game, and `GET /bench/bare/<id>` (--reads
200 each).

--pooler (PostgreSQL): pgbouncer (Debian's package) in transaction mode starts in front of
the run's database with --pool-size server connections (4), and each --server runs
twice, side by side and in turns as above: directly, and through pgbouncer
(`DATABASE_POOLER_URL`, named `<server>+pgbouncer`). Meanwhile the PostgreSQL backends
each one holds are counted every 0.2 s (pg_stat_activity, by the application_name each
server's connections carry; through pgbouncer, its server connections): the most open
at once and the most busy at once. It prints, for each, moves/s, the move's p99 and
those counts, and what a move through pgbouncer cost it: its CPU, the transactions and
statements it passed on (`pooling` in the JSON).

Goals: project writes/s >= 0.5 x bare writes/s; project write p99 <= 3 x bare write p99;
`GET /games/{id}` p50 <= 3 x the bare GET p50, for the fresh game and for the long one.
It prints the figures, pass/FAIL per goal (for each project server), and as its last line
one JSON object; it exits 1 when a goal is missed or a request failed. Throttles are
raised for the run (UNO_THROTTLE_*): it measures the service, not the rate limiter.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import http.client
import importlib.util
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

from bench.servers import (  # noqa: E402
    ASGI_APP,
    WEB_TIER,
    Pgbouncer,
    console_rows,
    cpu_seconds,
    free_port,
    redis_as_compose,
    start_pgbouncer,
    start_postgres,
    wait_for,
)

API = "/api/v1"
BARE_PATH = "/bench/bare"
BARE_TABLE = "bench_bare"
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}
RULES = {"preset": "classic", "options": {"target_score": 5000}}
GOAL_WRITES_RATIO = 0.5  # project POSTs/s / bare POSTs/s, at least
GOAL_WRITE_P99_RATIO = 3.0  # project write p99 / bare write p99, at most
GOAL_READ_P50_RATIO = 3.0  # GET /games/{id} p50 / bare GET p50, at most
POOL_SIZE = 4  # BENCH_DB_POOL: connections per process at most
PERSISTENT_SECONDS = 60  # BENCH_CONN_MAX_AGE for persistent connections
LONG_GAME_SECONDS = 600  # the long game's set-up gives up after this
SERVER_START_SECONDS = 60
POOLED = "+pgbouncer"  # the name of a server run through pgbouncer: production+pgbouncer
BACKEND_SAMPLE_SECONDS = 0.2


def _uvicorn_worker_class() -> str | None:
    """gunicorn's worker class for uvicorn, if one is installed."""
    if importlib.util.find_spec("uvicorn_worker") is not None:
        return "uvicorn_worker.UvicornWorker"
    with contextlib.suppress(ImportError):
        if importlib.util.find_spec("uvicorn.workers") is not None:
            return "uvicorn.workers.UvicornWorker"  # deprecated in uvicorn, still shipped
    return None


UVICORN_WORKER = _uvicorn_worker_class()
# name: (interface, database connection when --project-db is not given)
SERVERS = {
    "production": ("wsgi", "service"),
    "streams": ("asgi", "service"),
    "gunicorn-sync": ("wsgi", "persistent"),
    "gunicorn-gthread": ("wsgi", "persistent"),
    "uvicorn": ("asgi", "pool"),
    "gunicorn-asgi": ("asgi", "pool"),
    **({"gunicorn-uvicorn": ("asgi", "pool")} if UVICORN_WORKER else {}),
    "django-asgi": ("asgi", "pool"),
    "django-asgi-pooled": ("asgi", "persistent"),
    "granian": ("asgi", "service"),
    "serve": ("asgi", "service"),
}
DEFAULT_SERVER = {"postgresql": "production", "sqlite": "serve"}
SERVE_WEB_WORKERS = 2  # manage.py serve's default --web-workers


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--database",
        choices=["postgresql", "sqlite"],
        default="postgresql",
        help="postgresql (default; DATABASE_URL or its own) or sqlite (the embedded default)",
    )
    parser.add_argument(
        "--server",
        default=None,
        help="the project's server, or several separated by commas, measured in the same "
        f"run; one of {', '.join(SERVERS)} (default: production on PostgreSQL, serve on "
        "SQLite)",
    )
    parser.add_argument(
        "--project-db",
        choices=["service", "persistent", "pool"],
        default=None,
        help="the project's database connection (default: the best for each server)",
    )
    parser.add_argument(
        "--games", type=int, default=8, help="games, one client thread each; as many bare (8)"
    )
    parser.add_argument("--seats", type=int, default=2, help="seats per game (2)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=24.0,
        help="measured seconds, split evenly between project and bare (24); each "
        "further --server adds half as much",
    )
    parser.add_argument("--slices", type=int, default=3, help="slices of each, interleaved (3)")
    parser.add_argument("--workers", type=int, default=4, help="server worker processes (4)")
    parser.add_argument("--threads", type=int, default=4, help="threads per gthread worker (4)")
    parser.add_argument("--long-events", type=int, default=1000, help="long game's events")
    parser.add_argument("--reads", type=int, default=200, help="sequential reads of each (200)")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured seconds (2)")
    parser.add_argument("--seed", type=int, default=1, help="random moves' seed (1)")
    parser.add_argument(
        "--redis-url", default="", help="on PostgreSQL, a Redis of yours (default: its own)"
    )
    parser.add_argument(
        "--pooler",
        action="store_true",
        help="also run each server through pgbouncer in transaction mode (PostgreSQL)",
    )
    parser.add_argument(
        "--pool-size", type=int, default=4, help="pgbouncer's server connections (4)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the work folder and database")
    args = parser.parse_args(argv)
    args.servers = (args.server or DEFAULT_SERVER[args.database]).split(",")
    for name in args.servers:
        if name not in SERVERS:
            parser.error(f"--server {name}: not one of {', '.join(SERVERS)}")
    if len(set(args.servers)) != len(args.servers):
        parser.error("--server: each server once")
    args.server = args.servers[0]
    if args.project_db == "pool" and args.database == "sqlite":
        parser.error("--project-db pool needs PostgreSQL")
    if args.pooler and args.database == "sqlite":
        parser.error("--pooler needs PostgreSQL")
    if args.pooler and args.pool_size < 1:
        parser.error("--pool-size must be >= 1")
    args.project_dbs = {}
    for name in args.servers:
        db = args.project_db or SERVERS[name][1]
        args.project_dbs[name] = "service" if db == "pool" and args.database == "sqlite" else db
        if args.pooler and args.project_dbs[name] == "pool":
            parser.error(f"--pooler: {name} would keep a psycopg pool behind pgbouncer")
    if min(args.games, args.seats - 1, args.workers, args.slices, args.reads) < 1:
        parser.error("--games, --workers, --slices and --reads must be >= 1, --seats >= 2")
    return args


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


def _ratio(value: float, base: float) -> float:
    return value / base if base else math.inf


def goals(project_write: dict, bare_write: dict, reads: dict) -> dict:
    """Each goal: the measured ratio, the bound, and whether it is met. `reads` holds the
    p50 (ms) of `fresh_game`, `long_game` and `bare` sequential GETs."""
    writes = project_write["per_s"] / bare_write["per_s"] if bare_write["per_s"] else 0.0
    checks = {
        "writes_per_s_vs_bare": (writes, f">= {GOAL_WRITES_RATIO}", writes >= GOAL_WRITES_RATIO),
    }
    p99 = _ratio(project_write["p99_ms"], bare_write["p99_ms"])
    checks["write_p99_vs_bare"] = (p99, f"<= {GOAL_WRITE_P99_RATIO}", p99 <= GOAL_WRITE_P99_RATIO)
    for game in ("fresh_game", "long_game"):
        ratio = _ratio(reads[game], reads["bare"])
        checks[f"{game}_read_p50_vs_bare_get"] = (
            ratio,
            f"<= {GOAL_READ_P50_RATIO}",
            ratio <= GOAL_READ_P50_RATIO,
        )
    return {
        name: {"value": round(value, 3), "goal": bound, "met": met}
        for name, (value, bound, met) in checks.items()
    }


# --- HTTP ----------------------------------------------------------------------------------


class Http:
    """One keep-alive connection (one per client thread), reopened when the server closes
    it (gunicorn's sync workers close every connection after its response)."""

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
                # A keep-alive connection the server closed while idle: once more, anew.
                self.close()
                if attempt == 2:
                    raise
                continue
            took = time.perf_counter() - started
            parsed = json.loads(raw) if raw and raw[:1] in (b"{", b"[") else None
            return response.status, parsed, took
        raise AssertionError("unreachable")

    def call(self, method: str, path: str, token: str | None = None, body=None, ok=(200,)):
        """The parsed body of a request that must succeed (set-up, not measured)."""
        status, parsed, _ = self.request(method, path, token, body)
        if status not in ok:
            raise SystemExit(f"{method} {path} answered {status}: {parsed}")
        return parsed

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


# --- the database --------------------------------------------------------------------------


@dataclass
class Database:
    vendor: str  # postgresql or sqlite
    url: str | None  # None: the embedded SQLite file in data_dir
    data_dir: Path
    pooler: Pgbouncer | None = None  # in front of it (--pooler)


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


def prepare_database(database: Database) -> int:
    """Migrates, creates the bare table with one row; returns that row's id. Runs Django
    in this process (bench.settings), then closes its connection."""
    import django

    if database.url:
        os.environ["DATABASE_URL"] = database.url
    else:
        os.environ.pop("DATABASE_URL", None)
    os.environ["UNO_DATA_DIR"] = str(database.data_dir)
    os.environ.pop("UNO_MODE", None)
    os.environ.pop("DATABASE_POOLER_URL", None)
    for name in ("BENCH_CONN_MAX_AGE", "BENCH_DB_POOL"):
        os.environ.pop(name, None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    django.setup()
    from django.core.management import call_command
    from django.db import connection

    if connection.vendor != database.vendor:
        raise SystemExit(f"the database is {connection.vendor}, not {database.vendor}")
    call_command("migrate", interactive=False, verbosity=0)
    # As compose's migrate step: the key that seals ended games, in the data folder
    # (production-mode servers are pointed at it, server_env).
    call_command("create_signing_key", verbosity=0)
    key = "bigserial" if connection.vendor == "postgresql" else "integer"
    stamp = "timestamptz" if connection.vendor == "postgresql" else "text"
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {BARE_TABLE} (id {key} PRIMARY KEY, "
            f"note text NOT NULL, created_at {stamp} NOT NULL DEFAULT CURRENT_TIMESTAMP)"
        )
        cursor.execute(f"INSERT INTO {BARE_TABLE} (note) VALUES (%s) RETURNING id", ["seed"])
        (row_id,) = cursor.fetchone()
    connection.close()
    return row_id


# --- the servers ---------------------------------------------------------------------------


@dataclass
class Server:
    label: str  # e.g. project, bare
    kind: str  # a key of SERVERS
    db: str  # service, persistent or pool
    pooled: bool = False  # through pgbouncer
    port: int = 0
    workers: int = 0

    @property
    def name(self) -> str:
        return self.kind + (POOLED if self.pooled else "")


def server_argv(kind: str, port: int, workers: int, threads: int) -> list[str]:
    python = sys.executable
    served = [python, "-m", "gunicorn", "--config=python:unoservice.gunicorn_conf"]
    served += [f"--bind=127.0.0.1:{port}"]
    asgi = [*served, ASGI_APP]
    if kind == "production":  # docker-compose.yml's web command
        return [*served, *WEB_TIER, f"--workers={workers}", "--log-level=warning"]
    if kind == "streams":  # docker-compose.yml's streams command, with --workers processes
        return [*asgi, f"--workers={workers}", "--log-level=warning"]
    if kind == "serve":  # manage.py serve's web child (unoservice/ops/.../serve.py)
        return [*asgi, f"--workers={SERVE_WEB_WORKERS}", "--graceful-timeout=5"]
    if kind.startswith("django-asgi"):  # the streams server, Django's ASGI handler for all
        return [*served, "bench.django_asgi:application", f"--workers={workers}"]
    if kind == "granian":  # granian's ASGI interface, the production application
        granian = [python, "-m", "granian", "--interface", "asgi", "--no-ws", "--no-log"]
        granian += ["--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)]
        return [
            *granian,
            "--loop",
            "uvloop",
            "--log-level",
            "warning",
            "bench.granian_app:application",
        ]
    uvicorn = [python, "-m", "uvicorn", "unoservice.asgi:application"]
    uvicorn += ["--host", "127.0.0.1", "--port", str(port)]
    if kind == "uvicorn":
        uvicorn += ["--workers", str(workers), "--loop", "uvloop", "--http", "httptools"]
        return [*uvicorn, "--no-access-log", "--log-level", "warning"]
    interface, _ = SERVERS[kind]
    argv = [python, "-m", "gunicorn", f"unoservice.{interface}:application"]
    argv += ["--bind", f"127.0.0.1:{port}", "--workers", str(workers)]
    # Two gunicorns run at once: without this they would share the default control socket.
    argv += ["--no-control-socket", "--log-level", "warning", "--timeout", "60"]
    argv += ["--graceful-timeout", "5"]
    if kind == "gunicorn-gthread":
        argv += ["--worker-class", "gthread", "--threads", str(threads)]
    elif kind == "gunicorn-asgi":
        argv += ["--worker-class", "asgi"]
    elif kind == "gunicorn-uvicorn":
        argv += ["--worker-class", str(UVICORN_WORKER)]
    return argv


def server_env(database: Database, work: Path, db: str, production: bool) -> dict:
    env = dict(os.environ)
    for name in (
        "VIRTUAL_ENV",
        "DATABASE_URL",
        "DATABASE_POOLER_URL",
        "UNO_MODE",
        "BENCH_CONN_MAX_AGE",
        "BENCH_DB_POOL",
        "UNO_DB_CONN_MAX_AGE",
    ):
        env.pop(name, None)
    env.update(
        DJANGO_SETTINGS_MODULE="bench.settings",
        UNO_DATA_DIR=str(database.data_dir),
        PYTHONPATH=str(REPO),
        PYTHONUNBUFFERED="1",
        LOG_LEVEL="WARNING",
        UNO_THROTTLE_ANON="100000000/minute",
        UNO_THROTTLE_READS="100000000/minute",
        UNO_THROTTLE_ACTIONS="100000000/minute",
        UNO_THROTTLE_LOBBY="100000000/minute",
    )
    if database.url:
        env["DATABASE_URL"] = database.url
    if production:
        static = work / "static"
        static.mkdir(exist_ok=True)
        env.update(
            UNO_MODE="production",
            SECRET_KEY="bench-load-only-not-a-secret",
            UNO_STATIC_ROOT=str(static),
            UNO_SIGNING_KEY_FILE=str(database.data_dir / "signing_key.pem"),
        )
    if db == "persistent":
        env["BENCH_CONN_MAX_AGE"] = str(PERSISTENT_SECONDS)
    elif db == "pool":
        env["BENCH_DB_POOL"] = str(POOL_SIZE)
    return env


@contextlib.contextmanager
def running(server: Server, database: Database, work: Path, args):
    """The server started on a free loopback port, stopped (its whole process group) at
    the end."""
    server.port = free_port()
    server.workers = SERVE_WEB_WORKERS if server.kind == "serve" else args.workers
    log_path = work / f"{server.label}.log"
    log = log_path.open("w")
    process = subprocess.Popen(
        server_argv(server.kind, server.port, args.workers, args.threads),
        cwd=REPO,
        env={
            **server_env(database, work, server.db, database.vendor == "postgresql"),
            # What its connections are named in pg_stat_activity (the backends' count).
            "PGAPPNAME": application_name(server),
            **({"DATABASE_POOLER_URL": database.pooler.url} if server.pooled else {}),
            "BENCH_ASGI_POOL": "1" if server.kind == "django-asgi-pooled" else "",
            # What unoservice.gunicorn_conf sets for the gunicorn-run servers.
            **({"UNO_DB_CONN_MAX_AGE": "60"} if server.kind == "granian" else {}),
        },
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: the workers stop with it
    )

    def up() -> bool:
        if process.poll() is not None:
            raise SystemExit(f"{server.label} server exited:\n{log_path.read_text()[-4000:]}")
        try:
            status, _, _ = Http(server.port).request("GET", f"{API}/health")
        except OSError:
            return False
        return status in (200, 503)

    try:
        wait_for(up, SERVER_START_SECONDS, f"the {server.label} server ({server.kind}) to answer")
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()


def describe(server: Server) -> str:
    db = {
        "service": "the service's database settings",
        "persistent": f"CONN_MAX_AGE={PERSISTENT_SECONDS}",
        "pool": f"psycopg pool of {POOL_SIZE} per process",
    }[server.db]
    workers = f"{server.workers} workers"
    through = ", through pgbouncer" if server.pooled else ""
    return f"{server.kind}, {workers}, {db}{through}, on 127.0.0.1:{server.port}"


def application_name(server: Server) -> str:
    return f"uno-bench-{server.label}"


# --- set-up over HTTP ----------------------------------------------------------------------


@dataclass
class BenchGame:
    id: str
    tokens: list[str]  # by seat
    to_act: int = 0
    version: int = 0
    finished: bool = False


def register(http: Http, name: str) -> str:
    return http.call("POST", f"{API}/players", body={"name": name}, ok=(200, 201))["token"]


def create_game(http: Http, seats: int, label: str) -> BenchGame:
    """A started classic game over HTTP: every seat a new player with its own token."""
    tokens = [register(http, f"{label}-{seat}") for seat in range(seats)]
    body = {"seats": seats, "rules": RULES, "timers": NO_TIMERS, "visibility": "public"}
    game_id = http.call("POST", f"{API}/games", tokens[0], body, ok=(201,))["id"]
    for token in tokens[1:]:
        http.call("POST", f"{API}/games/{game_id}/join", token, {})
    view = http.call("POST", f"{API}/games/{game_id}/start", tokens[0], {})
    return BenchGame(game_id, tokens, view["to_act"], view["version"])


def play_long_game(http: Http, min_events: int, rng: random.Random, seats: int = 2):
    """A game played over HTTP (legal-actions, then a random legal action, plays first)
    until it has `min_events` events; bounded in moves and time."""
    game = create_game(http, seats, "long")
    deadline = time.monotonic() + LONG_GAME_SECONDS
    moves = 0
    while game.version < min_events:
        if time.monotonic() > deadline or moves > 5 * min_events:
            raise SystemExit(f"the long game reached {game.version} events in {moves} moves")
        token = game.tokens[game.to_act]
        actions = http.call("GET", f"{API}/games/{game.id}/legal-actions", token)["actions"]
        if not actions:
            raise SystemExit(f"the long game's seat {game.to_act} had no legal action")
        action = choose_action(actions, rng)
        body = http.call("POST", f"{API}/games/{game.id}/actions", token, action)
        moves += 1
        view = body["game"]
        if view["status"] != "active":
            raise SystemExit(f"the long game ended after {body['version']} events")
        game.version, game.to_act = body["version"], view["to_act"]
    return game


# --- load ----------------------------------------------------------------------------------


@dataclass
class Tally:
    reads: list[float] = field(default_factory=list)
    writes: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    warmup_writes: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def failed(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


def play_for(http: Http, game: BenchGame, until: float, rng: random.Random, tally: Tally):
    """The project's client: random legal moves on one game, as the seat to act, until
    the time is up."""
    while not game.finished and time.monotonic() < until:
        token = game.tokens[game.to_act]
        status, body, took = http.request("GET", f"{API}/games/{game.id}/legal-actions", token)
        if status != 200:
            tally.failed(f"legal-actions {status}: {body}")
            return
        tally.reads.append(took)
        if not body["actions"]:
            tally.failed(f"legal-actions: none for seat {game.to_act} of game {game.id}")
            game.finished = True
            return
        action = choose_action(body["actions"], rng)
        status, body, took = http.request("POST", f"{API}/games/{game.id}/actions", token, action)
        if status != 200:
            tally.failed(f"actions {status} for {action}: {body}")
            return
        tally.writes.append(took)
        view = body["game"]
        game.version = body["version"]
        if view["status"] != "active":
            game.finished = True
        else:
            game.to_act = view["to_act"]


@dataclass
class BareClient:
    row_id: int  # the row it reads next: the one its last POST wrote


def bare_for(http: Http, client: BareClient, until: float, tally: Tally) -> None:
    """The yardstick's client: read one row, then write one, until the time is up."""
    while time.monotonic() < until:
        status, body, took = http.request("GET", f"{BARE_PATH}/{client.row_id}")
        if status != 200:
            tally.failed(f"bare GET {status}: {body}")
            return
        tally.reads.append(took)
        status, body, took = http.request("POST", BARE_PATH, body={})
        if status != 200:
            tally.failed(f"bare POST {status}: {body}")
            return
        tally.writes.append(took)
        client.row_id = body["id"]


def run_threads(targets: list) -> float:
    threads = [threading.Thread(target=target, daemon=True) for target in targets]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.monotonic() - started


def load(project_ports: dict, bare_port: int, games: list[BenchGame], bare_row: int, args):
    """Interleaved slices, each project server in turn, then bare; each side's threads on
    their own keep-alive connections. The project servers play the same games (they share
    the database). Returns a tally per project server and the bare one (seconds: wall time
    of their slices)."""
    projects = {name: Tally() for name in project_ports}
    bare = Tally()
    rngs = [random.Random(args.seed * 1000 + i) for i in range(len(games))]
    clients = [BareClient(bare_row) for _ in games]
    slice_seconds = args.seconds / (2 * args.slices)

    def project_slice(port: int, seconds: float, into: Tally) -> float:
        until = time.monotonic() + seconds
        connections = [Http(port) for _ in games]
        took = run_threads(
            [
                lambda h=h, g=g, r=r: play_for(h, g, until, r, into)
                for h, g, r in zip(connections, games, rngs, strict=True)
            ]
        )
        for connection in connections:
            connection.close()
        return took

    def bare_slice(seconds: float, into: Tally) -> float:
        until = time.monotonic() + seconds
        connections = [Http(bare_port) for _ in clients]
        took = run_threads(
            [
                lambda h=h, c=c: bare_for(h, c, until, into)
                for h, c in zip(connections, clients, strict=True)
            ]
        )
        for connection in connections:
            connection.close()
        return took

    for name, port in project_ports.items():  # unmeasured, but failures count
        warm = Tally()
        project_slice(port, args.warmup / 2, warm)
        projects[name].errors += warm.errors
        projects[name].warmup_writes = len(warm.writes)
    warm = Tally()
    bare_slice(args.warmup / 2, warm)
    bare.errors += warm.errors
    for _ in range(args.slices):
        for name, port in project_ports.items():
            projects[name].seconds += project_slice(port, slice_seconds, projects[name])
        bare.seconds += bare_slice(slice_seconds, bare)
    return projects, bare


def measure_reads(project_ports: dict, bare_port, fresh, long, bare_row, args) -> dict:
    """Sequential GETs on keep-alive connections, interleaved in rounds: the fresh game's
    state and the long game's through each project server, and the bare row. Returns
    {"bare": summary, server: {"fresh_game": summary, "long_game": summary}}."""
    targets = {}
    for name, port in project_ports.items():
        targets[(name, "fresh_game")] = (Http(port), f"{API}/games/{fresh.id}", fresh.tokens[0])
        targets[(name, "long_game")] = (Http(port), f"{API}/games/{long.id}", long.tokens[0])
    targets[("bare", None)] = (Http(bare_port), f"{BARE_PATH}/{bare_row}", None)
    took: dict[tuple, list[float]] = {key: [] for key in targets}
    versions = {}
    rounds = max(2, args.slices)
    for round_ in range(rounds):
        count = args.reads // rounds + (1 if round_ < args.reads % rounds else 0)
        for key, (connection, path, token) in targets.items():
            for _ in range(3 if round_ == 0 else 0):  # warm every worker's code paths
                connection.request("GET", path, token)
            for _ in range(count):
                status, body, seconds = connection.request("GET", path, token)
                if status != 200:
                    raise SystemExit(f"GET {path} failed: {status} {body}")
                took[key].append(seconds)
                if key[1]:
                    versions[key[1]] = body["version"]
    for connection, _, _ in targets.values():
        connection.close()
    bare_took = took.pop(("bare", None))
    result: dict = {"bare": summarize(bare_took, sum(bare_took))}
    for (name, game), values in took.items():
        result.setdefault(name, {})[game] = {
            **summarize(values, sum(values)),
            "events": versions[game],
        }
    return result


class BackendCount:
    """The PostgreSQL backends each project server holds, sampled on a thread of its own
    while the load runs: a server that connects directly, its backends by the
    application_name its connections carry; one through pgbouncer, pgbouncer's server
    connections (shared, if several servers go through it). For each: the most open at
    once, and the most busy at once (running a statement or inside a transaction)."""

    def __init__(self, database: Database, servers: list[Server]):
        self.database, self.servers = database, servers
        self.open = dict.fromkeys((s.name for s in servers), 0)
        self.busy = dict.fromkeys((s.name for s in servers), 0)
        self.pooler_clients = 0  # client connections pgbouncer held at once, at most
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="backend-count", daemon=True)

    def __enter__(self) -> BackendCount:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stopping.set()
        self._thread.join()

    def figures(self, server: Server) -> dict:
        figures = {"backends_open_max": self.open[server.name]}
        figures["backends_busy_max"] = self.busy[server.name]
        if server.pooled:
            figures["pgbouncer_clients_max"] = self.pooler_clients
        return figures

    def _run(self) -> None:
        import psycopg

        with contextlib.ExitStack() as stack:
            database = stack.enter_context(psycopg.connect(self.database.url, autocommit=True))
            console = None
            if self.database.pooler:
                console = stack.enter_context(self.database.pooler.console())
            while not self._stopping.wait(BACKEND_SAMPLE_SECONDS):
                self._sample(database, console)

    def _sample(self, database, console) -> None:
        backends = database.execute(
            "SELECT application_name, state FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
        pooled_states: list[str] = []
        if console is not None:
            pooled_states = [row["state"] for row in console_rows(console, "SERVERS")]
            clients = [
                row for row in console_rows(console, "CLIENTS") if row["database"] != "pgbouncer"
            ]
            self.pooler_clients = max(self.pooler_clients, len(clients))
        for server in self.servers:
            if server.pooled:
                busy = sum(1 for state in pooled_states if state == "active")
                opened = len(pooled_states)
            else:
                states = [state for name, state in backends if name == application_name(server)]
                busy = sum(1 for state in states if state != "idle")
                opened = len(states)
            self.open[server.name] = max(self.open[server.name], opened)
            self.busy[server.name] = max(self.busy[server.name], busy)


class PoolerCost:
    """What pgbouncer spent while the load ran: its CPU (the console queries of
    BackendCount included), and the transactions and statements it passed on to the
    run's database; per move made through it, warm-up included."""

    def __init__(self, database: Database):
        self.pooler = database.pooler
        self.name = urlsplit(database.url).path.lstrip("/")

    def __enter__(self) -> PoolerCost:
        self.cpu, self.stats = cpu_seconds(self.pooler.pid), self._stats()
        return self

    def __exit__(self, *exc) -> None:
        self.cpu = cpu_seconds(self.pooler.pid) - self.cpu
        after = self._stats()
        self.stats = {key: after[key] - self.stats[key] for key in after}

    def per_move(self, moves: int) -> dict:
        return {
            "pgbouncer_cpu_ms_per_move": round(self.cpu * 1000 / max(moves, 1), 3),
            "transactions_per_move": round(self.stats["transactions"] / max(moves, 1), 2),
            "statements_per_move": round(self.stats["statements"] / max(moves, 1), 2),
        }

    def _stats(self) -> dict:
        with self.pooler.console() as console:
            row = next(r for r in console_rows(console, "STATS") if r["database"] == self.name)
        return {
            "transactions": int(row["total_xact_count"]),
            "statements": int(row["total_query_count"]),  # as pgbouncer counts queries
        }


# --- the run -------------------------------------------------------------------------------


def run(args, work: Path, database: Database) -> dict:
    began = time.monotonic()
    bare_row = prepare_database(database)
    projects = []
    for name in args.servers:
        projects.append(Server(f"project-{name}", name, args.project_dbs[name]))
        if args.pooler:
            pooled = Server(f"project-{name}{POOLED}", name, args.project_dbs[name], pooled=True)
            projects.append(pooled)
    bare = Server("bare", "gunicorn-sync", "persistent")
    with contextlib.ExitStack() as servers:
        for server in [*projects, bare]:
            servers.enter_context(running(server, database, work, args))
            say(f"{server.label + ':':24} {describe(server)}")
        http = Http(projects[0].port)
        games = [create_game(http, args.seats, f"g{i}") for i in range(args.games)]
        fresh = create_game(http, args.seats, "fresh")
        long = play_long_game(http, args.long_events, random.Random(args.seed))
        http.close()
        say(
            f"set up in {time.monotonic() - began:.1f}s: {len(games)} games x {args.seats} "
            f"seats, a fresh game and a long game of {long.version} events (over HTTP)"
        )
        load_before = os.getloadavg()[0]
        ports = {server.name: server.port for server in projects}
        with contextlib.ExitStack() as counting:
            backends = counting.enter_context(BackendCount(database, projects))
            cost = counting.enter_context(PoolerCost(database)) if args.pooler else None
            tallies, bare_tally = load(ports, bare.port, games, bare_row, args)
        reads = measure_reads(ports, bare.port, fresh, long, bare_row, args)
        load_after = os.getloadavg()[0]

    def side(tally: Tally) -> dict:
        return {
            "write": summarize(tally.writes, tally.seconds),
            "read": summarize(tally.reads, tally.seconds),
            "errors": tally.errors[:20],
            "error_count": len(tally.errors),
        }

    bare_side = side(bare_tally)
    bare_side["sequential_get"] = reads["bare"]
    results = {}
    for server in projects:
        result = side(tallies[server.name])
        result.update(reads[server.name])
        result.update(db=server.db, workers=server.workers)
        if server.kind == "gunicorn-gthread":
            result["threads"] = args.threads
        p50s = {
            "fresh_game": result["fresh_game"]["p50_ms"],
            "long_game": result["long_game"]["p50_ms"],
            "bare": reads["bare"]["p50_ms"],
        }
        result["goals"] = goals(result["write"], bare_side["write"], p50s)
        result["ratios"] = {name: goal["value"] for name, goal in result["goals"].items()}
        result["goals_met"] = all(g["met"] for g in result["goals"].values())
        results[server.name] = result
    pooling = None
    if args.pooler:
        pooled_moves = sum(
            len(tallies[s.name].writes) + tallies[s.name].warmup_writes
            for s in projects
            if s.pooled
        )
        pooling = {"pool_size": args.pool_size, "servers": {}, **cost.per_move(pooled_moves)}
        for server in projects:
            write = results[server.name]["write"]
            pooling["servers"][server.name] = {
                "moves_per_s": write["per_s"],
                "write_p99_ms": write["p99_ms"],
                **backends.figures(server),
            }
    errors = bare_side["error_count"] + sum(r["error_count"] for r in results.values())
    primary = results[args.servers[0]]
    return {
        "date": datetime.date.today().isoformat(),
        "database": database.vendor,
        "server": args.servers[0],
        "project_db": primary["db"],
        "workers": primary["workers"],
        "bare_workers": bare.workers,
        "client_threads": args.games,
        "seats": args.seats,
        "seconds": args.seconds,
        "slices": args.slices,
        "project": primary,
        "projects": results,
        "bare": bare_side,
        "ratios": primary["ratios"],
        "goals": primary["goals"],
        "games_finished": sum(1 for g in games if g.finished),
        "long_game_events": long.version,
        "load_average": [round(load_before, 2), round(load_after, 2)],
        "error_count": errors,
        "goals_met": all(r["goals_met"] for r in results.values()) and not errors,
        **({"pooling": pooling} if pooling else {}),
    }


def report(result: dict) -> None:
    say()
    projects = result["projects"]
    width = max(len(name) for name in [*projects, "bare"])
    rows = [(name, "POST actions", "GET legal-actions", r) for name, r in projects.items()]
    rows.append(("bare", "POST /bench/bare", "GET /bench/bare/<id>", result["bare"]))
    for name, write_path, read_path, figures in rows:
        w, r = figures["write"], figures["read"]
        say(
            f"{name:{width}}  {write_path:20} {w['per_s']:7.1f} writes/s  p50 {w['p50_ms']:7.2f} "
            f"ms  p99 {w['p99_ms']:7.2f} ms  ({w['count']} in {w['seconds']}s)"
        )
        say(
            f"{'':{width}}  {read_path:20} {r['per_s']:7.1f} reads/s   p50 {r['p50_ms']:7.2f} "
            f"ms  p99 {r['p99_ms']:7.2f} ms"
        )
    bare_get = result["bare"]["sequential_get"]
    say(
        f"sequential GET, p50 (p99): bare GET /bench/bare/<id> {bare_get['p50_ms']:.2f} "
        f"({bare_get['p99_ms']:.2f}) ms"
    )
    for name, figures in result["projects"].items():
        fresh, long = figures["fresh_game"], figures["long_game"]
        say(
            f"  {name:{width}}  GET /games/{{id}}: fresh ({fresh['events']} events) "
            f"{fresh['p50_ms']:.2f} ({fresh['p99_ms']:.2f}) ms, long ({long['events']} events) "
            f"{long['p50_ms']:.2f} ({long['p99_ms']:.2f}) ms"
        )
    say(
        f"load average {result['load_average'][0]} before the load, "
        f"{result['load_average'][1]} after the reads; {result['games_finished']} games finished"
    )
    for name, figures in [*result["projects"].items(), ("bare", result["bare"])]:
        if figures["error_count"]:
            say(
                f"failed requests ({name}): {figures['error_count']}, first: {figures['errors'][0]}"
            )
    if "pooling" in result:
        say(
            f"PostgreSQL backends (pgbouncer: {result['pooling']['pool_size']} server connections):"
        )
        for name, figures in result["pooling"]["servers"].items():
            clients = figures.get("pgbouncer_clients_max")
            say(
                f"  {name:{width}}  {figures['moves_per_s']:7.1f} moves/s  write p99 "
                f"{figures['write_p99_ms']:7.2f} ms  backends open {figures['backends_open_max']}"
                f", busy {figures['backends_busy_max']} at most"
                + (f" ({clients} client connections to pgbouncer)" if clients is not None else "")
            )
        pooling = result["pooling"]
        say(
            f"through pgbouncer, a move: {pooling['pgbouncer_cpu_ms_per_move']} ms of pgbouncer's "
            f"CPU, {pooling['transactions_per_move']} transactions, "
            f"{pooling['statements_per_move']} statements"
        )
    for name, figures in result["projects"].items():
        for goal_name, goal in figures["goals"].items():
            verdict = "pass" if goal["met"] else "FAIL"
            say(
                f"goal {name:{width}}  {goal_name:34} {goal['value']!s:>7} {goal['goal']:>7}  "
                f"{verdict}"
            )
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
        data_dir = work / "data"
        data_dir.mkdir()
        if args.database == "sqlite":
            database = Database("sqlite", None, data_dir)
            say(f"SQLite in {data_dir}")
        else:
            server_url = os.environ.get("DATABASE_URL", "")
            if not server_url:
                server_url, _ = start_postgres(stack, work)
                say(f"started PostgreSQL: {server_url}")
            elif not server_url.startswith(("postgres://", "postgresql://")):
                raise SystemExit(f"DATABASE_URL must be PostgreSQL, not {server_url}")
            url = fresh_database(stack, server_url, args.keep)
            database = Database("postgresql", url, data_dir)
            say(f"database for this run: {database.url}")
            if args.pooler:
                database.pooler = start_pgbouncer(stack, url, pool_size=args.pool_size)
                say(
                    f"pgbouncer, transaction mode, {args.pool_size} server connections: "
                    f"{database.pooler.url}"
                )
            redis = redis_as_compose(stack, work, args.redis_url, "load")
            say(f"Redis: {redis}")
        result = run(args, work, database)
        from django.db import connections

        connections.close_all()
    report(result)
    return 0 if result["goals_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
