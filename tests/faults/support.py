"""What the fault tests stand on: servers of their own, the service's real processes, and
a small HTTP client that plays games from the legal actions it is offered.

- `PostgresServer`: a PostgreSQL cluster in a temporary folder (initdb, pg_ctl), on a
  free port, which a test may stop and start again; run as the `postgres` user when the
  tests run as root (initdb refuses root).
- `RedisServer`: redis-server on a free port without persistence (`--save ''
  --appendonly no`), so a restart loses everything it held, queued tasks included.
- `Service`: the web server, a Celery worker and Celery beat as production runs them,
  each in its own process group, logging to a file. `start_web` is the one place the web
  server's command line is written.
- `Player`: an HTTP client with a bearer token; `play` drives a game with the actions
  `GET /legal-actions` offers, each sent with an Idempotency-Key.

Nothing here sleeps to wait for an outcome: `wait_until` polls a condition with a bound.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from bench.servers import free_port
from unoservice.ops.child_processes import die_with_parent

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}
TARGET_SCORE = 50
#: Hands of a position near a match's end: four red cards each on a red discard, so that
#: every seat can play almost every turn; none worth 0 points.
NEAR_END_HANDS = (
    ["red-1", "red-2", "red-3", "red-4"],
    ["red-5", "red-6", "red-7", "red-8"],
    ["red-9", "red-1", "red-2", "red-3"],
)


def wait_until(predicate, timeout: float, describe=lambda: "", interval: float = 0.1) -> float:
    """Poll `predicate` until it is true; the seconds it took. Fails with `describe()`."""
    started = time.monotonic()
    while not predicate():
        if time.monotonic() - started > timeout:
            raise AssertionError(f"not reached in {timeout:g}s. {describe()}")
        time.sleep(interval)
    return time.monotonic() - started


def tail(path: Path, chars: int = 3000) -> str:
    try:
        return path.read_text(errors="replace")[-chars:]
    except OSError:
        return ""


# --- servers ------------------------------------------------------------------------------
def postgres_bin_dir() -> Path | None:
    """The folder of PostgreSQL's server binaries (initdb, pg_ctl, pg_dump), if any:
    `UNO_PG_BIN` when set, else the newest of Debian's, else the ones on PATH."""
    if os.environ.get("UNO_PG_BIN"):
        chosen = Path(os.environ["UNO_PG_BIN"])
        return chosen if (chosen / "initdb").exists() and (chosen / "pg_ctl").exists() else None
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(candidate, "initdb").exists() and Path(candidate, "pg_ctl").exists():
            return Path(candidate)
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    return None


class PostgresServer:
    """A PostgreSQL cluster of the tests' own, in a temporary folder, on a fixed free port
    (kept across restarts, so that clients find it again)."""

    def __init__(self, bin_dir: Path):
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="uno-faults-pg."))
        self.root.chmod(0o755)  # the postgres user must reach its data folder
        self.as_postgres: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
            self.as_postgres = ["runuser", "-u", "postgres", "--"]
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()

    def _run(self, *argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
        result = subprocess.run(
            [*self.as_postgres, *argv], capture_output=True, text=True, timeout=timeout
        )
        assert result.returncode == 0, (argv, result.stdout, result.stderr, tail(self.log))
        return result

    def init(self) -> None:
        self._run(
            str(self.bin / "initdb"),
            *("-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8"),
            *("--locale=C.UTF-8", "--no-sync"),
        )

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            str(self.bin / "pg_ctl"),
            *("-D", str(self.data), "-l", str(self.log), "-w", "-t", "30", "start"),
            *("-o", options),
        )

    def stop(self, mode: str = "fast") -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    @property
    def running(self) -> bool:
        status = subprocess.run(
            [*self.as_postgres, str(self.bin / "pg_ctl"), "-D", str(self.data), "status"],
            capture_output=True,
        )
        return status.returncode == 0

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def connect(self, database: str) -> psycopg.Connection:
        return psycopg.connect(
            host="127.0.0.1", port=self.port, user="postgres", dbname=database, autocommit=True
        )

    def query(self, database: str, sql: str, params=()) -> list[tuple]:
        with self.connect(database) as conn:
            return conn.execute(sql, params).fetchall()

    def create_database(self, name: str, template: str = "template0") -> str:
        with self.connect("postgres") as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        return name

    def dump(self, database: str, path: Path) -> None:
        """`pg_dump --format=custom`, as the operators' guide says."""
        subprocess.run(
            [str(self.bin / "pg_dump"), "--format=custom", f"--file={path}", self.url(database)],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def restore(self, path: Path, database: str) -> None:
        """`pg_restore` into an empty database, stopping at the first error."""
        subprocess.run(
            [
                str(self.bin / "pg_restore"),
                "--exit-on-error",
                "--no-owner",
                f"--dbname={self.url(database)}",
                str(path),
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def destroy(self) -> None:
        if self.running:
            with contextlib.suppress(AssertionError):
                self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


class RedisServer:
    """redis-server on a free port, in the foreground of a process of ours, keeping
    nothing on disk: stopping it loses every key."""

    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="uno-faults-redis."))
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        log = (self.root / "server.log").open("ab")
        self.process = subprocess.Popen(
            [
                "redis-server",
                *("--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.root)),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        wait_until(self.answers, 15, lambda: tail(self.root / "server.log"), interval=0.02)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=15)
        self.process = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def flush(self) -> None:
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as sock:
            sock.sendall(b"FLUSHALL\r\n")
            assert sock.recv(16).startswith(b"+OK")

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


# --- the service's processes ----------------------------------------------------------------
@dataclass
class Process:
    name: str
    popen: subprocess.Popen
    log: Path

    @classmethod
    def start(cls, name: str, argv: list[str], env: dict[str, str], log: Path) -> Process:
        with log.open("ab") as out:
            popen = subprocess.Popen(
                argv,
                cwd=REPO,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=die_with_parent,
            )
        return cls(name, popen, log)

    @property
    def alive(self) -> bool:
        return self.popen.poll() is None

    def output(self, chars: int = 4000) -> str:
        return tail(self.log, chars)

    def terminate(self) -> None:
        if self.alive:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, signal.SIGTERM)

    def stop(self, grace: float = 2.0) -> None:
        """SIGTERM, then SIGKILL to the whole process group (pool children included)."""
        if self.alive:
            self.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(timeout=grace)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.popen.pid, signal.SIGKILL)
        self.popen.wait()


def start_web(env: dict[str, str], port: int, log: Path) -> Process:
    """The web server as bin/serve runs it (and docker-compose.yml's `streams`): gunicorn
    with the project's configuration (unoservice/gunicorn_conf.py: an event loop per
    worker for waiting requests and a pool of WEB_THREADS threads for the rest,
    persistent database connections), serving every request, those that wait too. The
    one place a test starts the web server, so that a change of server changes this
    function only."""
    argv = [
        sys.executable,
        "-m",
        "gunicorn",
        "unoservice.asgi:application",
        "--config=python:unoservice.gunicorn_conf",
        f"--bind=127.0.0.1:{port}",
        "--workers=2",
        "--graceful-timeout=5",
    ]
    return Process.start("web", argv, {**env, "WEB_THREADS": "4"}, log)


def start_worker(env: dict[str, str], log: Path) -> Process:
    """A Celery worker as production runs it (prefork), one pool process."""
    argv = [sys.executable, "-m", "celery", "-A", "unoservice", "worker", "--loglevel=INFO"]
    argv += ["--concurrency=1", "--without-gossip", "--without-mingle"]
    argv += [f"--hostname=faults-{uuid.uuid4().hex[:8]}@%h"]
    return Process.start("worker", argv, env, log)


def start_beat(env: dict[str, str], log: Path, schedule: Path) -> Process:
    argv = [sys.executable, "-m", "celery", "-A", "unoservice", "beat", "--loglevel=INFO"]
    argv += [f"--schedule={schedule}"]
    return Process.start("beat", argv, env, log)


@dataclass
class Service:
    """The web server, a worker and beat against one database and one broker."""

    folder: Path
    env: dict[str, str]
    port: int = field(default_factory=free_port)
    processes: dict[str, Process] = field(default_factory=dict)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, *, celery: bool = True) -> Service:
        """Start the web server, and a worker and beat unless `celery` is false; return
        once the health check passes and the worker is ready."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.processes["web"] = start_web(self.env, self.port, self.folder / "web.log")
        if celery:
            self.processes["worker"] = start_worker(self.env, self.folder / "worker.log")
            schedule = self.folder / "celerybeat-schedule"
            self.processes["beat"] = start_beat(self.env, self.folder / "beat.log", schedule)
        wait_until(self._healthy, START_TIMEOUT, self.logs, interval=0.2)
        if celery:
            wait_until(self._worker_ready, START_TIMEOUT, self.logs, interval=0.2)
        return self

    def _healthy(self) -> bool:
        self.assert_alive()
        return self.health()[0] == 200

    def _worker_ready(self) -> bool:
        self.assert_alive()
        return " ready." in self.processes["worker"].output(100_000)

    def health(self) -> tuple[int, dict]:
        """The health check's status and body; (0, {}) while nothing listens."""
        try:
            reply = Client(self.base).get("/api/v1/health", timeout=10)
        except OSError:
            return 0, {}
        return reply.status, reply.body if isinstance(reply.body, dict) else {}

    def assert_alive(self) -> None:
        dead = [p.name for p in self.processes.values() if not p.alive]
        assert not dead, f"{dead} exited. {self.logs()}"

    def pids(self) -> dict[str, int]:
        return {name: p.popen.pid for name, p in self.processes.items()}

    def logs(self) -> str:
        return "".join(f"\n--- {p.name}\n{p.output()}" for p in self.processes.values())

    def stop(self, grace: float = 2.0) -> None:
        """SIGTERM to every process at once; whatever still runs `grace` seconds later is
        killed."""
        for process in self.processes.values():
            process.terminate()
        deadline = time.monotonic() + grace
        for process in self.processes.values():
            process.stop(grace=max(0.0, deadline - time.monotonic()))


def service_env(base: dict[str, str], *, database_url: str, broker_url: str, data_dir: Path):
    """The environment of the service's processes: embedded mode's defaults (a data folder
    of the test's own) on these servers, a heartbeat and a sweep every second."""
    env = dict(base)
    for name in ("UNO_MODE", "SECRET_KEY", "UNO_DB_CONN_MAX_AGE", "UNO_CELERY_QUEUE", "PORT"):
        env.pop(name, None)  # the gunicorn configuration sets the connection age itself
    env.update(
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=broker_url,
        UNO_DATA_DIR=str(data_dir),
        UNO_HEARTBEAT_SECONDS="1",
        UNO_SWEEP_SECONDS="1",
        LOG_LEVEL="INFO",
        PYTHONUNBUFFERED="1",
    )
    return env


# --- HTTP -----------------------------------------------------------------------------------
@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: object

    @property
    def problem_code(self) -> str | None:
        return self.body.get("code") if isinstance(self.body, dict) else None


class Client:
    def __init__(self, base: str, token: str | None = None):
        self.base, self.token = base, token

    def call(self, method: str, path: str, body=None, headers=None, timeout=30.0) -> Reply:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                status, raw, got = response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            status, raw, got = error.code, error.read(), error.headers
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = raw.decode(errors="replace")
        return Reply(status, {k.lower(): v for k, v in got.items()}, parsed)

    def get(self, path: str, **kwargs) -> Reply:
        return self.call("GET", path, **kwargs)

    def post(self, path: str, body=None, **kwargs) -> Reply:
        return self.call("POST", path, body if body is not None else {}, **kwargs)

    def ok(self, method: str, path: str, body=None, status: int = 200) -> dict:
        """The body of a reply that must have this status."""
        if body is None and method != "GET":
            body = {}
        reply = self.call(method, path, body)
        assert reply.status == status, (method, path, reply)
        return reply.body


class Player(Client):
    @classmethod
    def register(cls, base: str, name: str) -> Player:
        created = Client(base).ok("POST", "/api/v1/players", {"name": name}, status=201)
        return cls(base, created["token"])


def near_the_end(seats: int) -> dict:
    """A staff position: every seat one point short of the target, so the first round to
    end ends the match: a game of a dozen moves or so."""
    return {
        "hands": {str(seat): NEAR_END_HANDS[seat] for seat in range(seats)},
        "discard": ["red-9"],
        "to_act": 0,
        "dealer": seats - 1,
        "scores": {str(seat): TARGET_SCORE - 1 for seat in range(seats)},
    }


def new_game(host: Player, others: list[Player], *, timers: dict, seed: int) -> str:
    """A public classic game, started: `host` (staff) in seat 0, `others` after it, from
    `near_the_end`, its shuffles seeded so that a failure replays; the game's id."""
    body = {
        "seats": 1 + len(others),
        "rules": {"preset": "classic", "options": {"target_score": TARGET_SCORE}},
        "timers": timers,
        "visibility": "public",
        "position": near_the_end(1 + len(others)),
        "seed": seed,
    }
    game = host.ok("POST", "/api/v1/games", body, status=201)["id"]
    for other in others:
        other.ok("POST", f"/api/v1/games/{game}/join")
    host.ok("POST", f"/api/v1/games/{game}/start")
    return game


@dataclass
class Move:
    player: Player
    action: dict
    key: str = field(default_factory=lambda: uuid.uuid4().hex)

    def send(self, game: str) -> Reply:
        return self.player.post(
            f"/api/v1/games/{game}/actions", self.action, headers={"Idempotency-Key": self.key}
        )


def next_move(players: list[Player], game: str, rng: random.Random) -> Move | None:
    """One of the actions the seated players are offered (None when nobody has one):
    UNO calls first, mostly plays, sometimes anything, so that games end soon."""
    offered = [
        (player, action)
        for player in players
        for action in player.ok("GET", f"/api/v1/games/{game}/legal-actions")["actions"]
    ]
    if not offered:
        return None
    calls = [o for o in offered if o[1]["type"] == "call_uno"]
    plays = [o for o in offered if o[1]["type"] == "play"]
    if calls and rng.random() < 0.9:
        return Move(*rng.choice(calls))
    if plays and rng.random() < 0.85:
        return Move(*rng.choice(plays))
    return Move(*rng.choice(offered))


def play(
    players: list[Player], game: str, rng: random.Random, *, moves: int | None = None
) -> list[dict]:
    """Send `moves` legal actions (or play to the match's end); the accepted answers."""
    accepted = []
    limit = moves if moves is not None else 2000
    for _ in range(limit):
        move = next_move(players, game, rng)
        if move is None:
            break
        reply = move.send(game)
        assert reply.status == 200, (move.action, reply)
        accepted.append(reply.body)
        if reply.body["game"]["status"] != "active":
            break
    else:
        assert moves is not None, f"no end after {limit} actions"
    return accepted


def all_events(player: Player, game: str) -> list[dict]:
    events: list[dict] = []
    while True:
        after = events[-1]["seq"] if events else 0
        page = player.ok("GET", f"/api/v1/games/{game}/events?after={after}")["events"]
        if not page:
            return events
        events += page


def assert_nothing_lost(player: Player, game: str, accepted: list[dict]) -> list[dict]:
    """The log holds events 1..version with no gap, and every event an accepted action
    answered with is in it, unchanged; returns the log."""
    version = player.ok("GET", f"/api/v1/games/{game}")["version"]
    events = all_events(player, game)
    assert [e["seq"] for e in events] == list(range(1, version + 1))
    by_seq = {e["seq"]: e for e in events}
    for answer in accepted:
        for event in answer["events"]:
            assert by_seq[event["seq"]]["hash"] == event["hash"], event["seq"]
    return events


def heartbeats_since(postgres: PostgresServer, database: str, moment) -> int:
    """Beat's heartbeats a worker recorded after `moment`: each one went through the
    broker to a worker, which wrote it to the database."""
    rows = postgres.query(
        database, "SELECT count(*) FROM ops_workerping WHERE handled_at > %s", (moment,)
    )
    return rows[0][0]


def assert_audit_ok(player: Player, game: str) -> None:
    audit = player.ok("GET", f"/api/v1/games/{game}/audit")
    assert audit["ok"] is True, audit
