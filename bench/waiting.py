"""Waiting benchmark: what 1,000 long-polls waiting at once cost everyone else.

    uv run python bench/waiting.py                      # PostgreSQL, as compose serves it
    uv run python bench/waiting.py --database sqlite    # the embedded default, as bin/serve
    uv run python bench/waiting.py --server gunicorn-gthread   # the threaded serving of before

The service runs as bench/load.py starts it (--server: production, compose's `streams`
command, which serves its long-polls, with 4 workers, on its own
PostgreSQL or a fresh database on DATABASE_URL's server; serve, 2 workers, on SQLite;
gunicorn-gthread, threaded WSGI workers of --threads threads, for comparison). Set-up over
HTTP: --clients / 20 players (a player may hold 20 waiting polls), each with a game of its
own that nothing happens in, and a 2-seat game to move in.

Then, one request at a time on keep-alive connections: `GET /api/v1/health` and moves
(`POST actions` on the moving game, after its `GET legal-actions`), first with nothing
waiting (idle), then again while --clients long-polls (`GET events?wait=30`, 20 per
player, each on its own connection, renewed when it answers) wait on the quiet games; then
the polls are closed, and so on for --rounds rounds (the machine's speed drifts: idle and
waiting are measured in turns), --samples of each kind in all. Each measured set stops
after --budget seconds in all. It prints p50 and p99 of both, idle and waiting, the
threads and resident memory of the web server's worker processes (the most seen), how
many polls were waiting (their stream slots), the goals (p50 waiting <= 1.5 x idle, for
/health and for a move) and, as its last line, one JSON object; it exits 1 when a goal is
missed or a request failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import os
import random
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench import load  # noqa: E402
from bench.servers import say_verdicts, start_postgres, work_folder  # noqa: E402

API = "/api/v1"
GOAL_P50_RATIO = 1.5  # p50 while polls wait / p50 idle, at most
POLLS_PER_PLAYER = 20  # UNO_STREAMS_PER_PLAYER's default
POLL_WAIT = 30
SERVERS = {"production": "postgresql", "serve": "sqlite", "gunicorn-gthread": None}


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["postgresql", "sqlite"], default="postgresql")
    parser.add_argument(
        "--server",
        choices=list(SERVERS),
        default=None,
        help="production on PostgreSQL, serve on SQLite (the defaults), or gunicorn-gthread",
    )
    parser.add_argument("--clients", type=int, default=1000, help="waiting long-polls (1000)")
    parser.add_argument("--samples", type=int, default=200, help="requests of each kind (200)")
    parser.add_argument("--rounds", type=int, default=3, help="idle then waiting, so often (3)")
    parser.add_argument("--budget", type=float, default=90.0, help="seconds per measured set")
    parser.add_argument("--workers", type=int, default=None, help="web processes (4; serve: 2)")
    parser.add_argument("--threads", type=int, default=4, help="threads per process (4)")
    parser.add_argument("--keep", action="store_true", help="keep the work folder and database")
    args = parser.parse_args(argv)
    args.server = args.server or ("serve" if args.database == "sqlite" else "production")
    if SERVERS[args.server] not in (None, args.database):
        parser.error(f"--server {args.server} runs on {SERVERS[args.server]}")
    if args.workers is None:
        args.workers = load.SERVE_WEB_WORKERS if args.database == "sqlite" else 4
    if min(args.clients, args.samples, args.rounds) < 1:
        parser.error("--clients, --samples and --rounds must be >= 1")
    return args


def say(text: str = "") -> None:
    print(text, flush=True)


# --- the server's processes ----------------------------------------------------------------


def worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in children.read_text().split()]


def process_figures(master: int) -> dict:
    """Threads and resident memory (MB) of the master's worker processes, together."""
    threads, rss_kb = 0, 0
    for pid in worker_pids(master):
        with contextlib.suppress(FileNotFoundError):
            status = Path(f"/proc/{pid}/status").read_text()
            fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
            threads += int(fields["Threads"])
            rss_kb += int(fields["VmRSS"].split()[0])
    return {"threads": threads, "rss_mb": round(rss_kb / 1024, 1)}


def slots_held(data_dir: Path, players: list) -> int | None:
    """Stream slots the players hold (the service's SQLite store in the data folder)."""
    import sqlite3

    path = data_dir / "streams.sqlite3"
    if not path.exists():
        return None
    ids = [p.player_id for p in players]
    with contextlib.closing(sqlite3.connect(path, timeout=10)) as db:
        marks = ",".join("?" * len(ids))
        query = f"SELECT count(*) FROM slot WHERE expires > ? AND player IN ({marks})"
        return db.execute(query, [time.time(), *ids]).fetchone()[0]


# --- set-up over HTTP ------------------------------------------------------------------------


class Poller:
    def __init__(self, token: str, player_id: str, game_id: str, version: int):
        self.token, self.player_id = token, player_id
        self.game_id, self.version = game_id, version


def make_pollers(http: load.Http, clients: int) -> list[Poller]:
    """A player per 20 polls, each with a public game of its own that nobody joins."""
    pollers = []
    for n in range(-(-clients // POLLS_PER_PLAYER)):
        registered = http.call("POST", f"{API}/players", body={"name": f"w{n}"}, ok=(201,))
        body = {"seats": 2, "timers": load.NO_TIMERS, "visibility": "public"}
        game = http.call("POST", f"{API}/games", registered["token"], body, ok=(201,))
        pollers.append(Poller(registered["token"], registered["id"], game["id"], game["version"]))
    return pollers


# --- the waiting clients ---------------------------------------------------------------------


class Waiters:
    """`count` long-polls kept open on an event loop of their own (a thread of this
    process), each renewed when it answers, until stopped."""

    def __init__(self, port: int, pollers: list[Poller], count: int):
        self.port, self.count = port, count
        self.assigned = [pollers[i // POLLS_PER_PLAYER] for i in range(count)]
        self.opened = 0
        self.answered = 0
        self.failures: list[str] = []
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.tasks: list[asyncio.Task] = []

    def start(self) -> None:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result()

    async def _start(self) -> None:
        for poller in self.assigned:
            self.tasks.append(asyncio.create_task(self._keep_polling(poller)))
            await asyncio.sleep(0)

    async def _keep_polling(self, poller: Poller) -> None:
        path = f"{API}/games/{poller.game_id}/events?after={poller.version}&wait={POLL_WAIT}"
        request = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {poller.token}\r\n\r\n"
        ).encode()
        writer = None
        try:
            while True:
                if writer is None:
                    reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                    self.opened += 1
                writer.write(request)
                await writer.drain()
                status, keep_alive = await read_response(reader)
                self.answered += 1
                if status != 200:
                    self.failures.append(f"long-poll answered {status}")
                    await asyncio.sleep(1)
                if not keep_alive:
                    writer.close()
                    writer = None
        except asyncio.CancelledError:
            raise
        except Exception as error:  # counted; the run reports it
            self.failures.append(f"long-poll: {error!r}")
        finally:
            if writer is not None:
                writer.close()

    def stop(self) -> None:
        async def cancel():
            for task in self.tasks:
                task.cancel()
            await asyncio.gather(*self.tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(cancel(), self.loop).result(timeout=60)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


async def read_response(reader) -> tuple[int, bool]:
    """Status and whether the connection stays open, after reading the whole response."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
    await reader.readexactly(int(headers.get("content-length", "0")))
    return status, headers.get("connection", "").lower() != "close"


# --- measuring ------------------------------------------------------------------------------


class Mover:
    """Moves on one game, as its seat to act, one at a time."""

    def __init__(self, http: load.Http, game: load.BenchGame, rng: random.Random):
        self.http, self.game, self.rng = http, game, rng

    def move(self) -> tuple[float, str | None]:
        token = self.game.tokens[self.game.to_act]
        path = f"{API}/games/{self.game.id}"
        status, body, _ = self.http.request("GET", f"{path}/legal-actions", token)
        if status != 200:
            return 0.0, f"legal-actions {status}: {body}"
        action = load.choose_action(body["actions"], self.rng)
        status, body, took = self.http.request("POST", f"{path}/actions", token, action)
        if status != 200:
            return took, f"actions {status}: {body}"
        if body["game"]["status"] != "active":
            return took, "the moving game ended"
        self.game.to_act = body["game"]["to_act"]
        return took, None


class Tally:
    def __init__(self):
        self.took: dict[str, list[float]] = {"health": [], "move": []}
        self.failures: list[str] = []

    def summary(self) -> dict:
        return {
            name: load.summarize(values, sum(values) or 1) for name, values in self.took.items()
        }


def measure(port: int, mover: Mover, samples: int, budget: float, tally: Tally) -> None:
    """Sequential /health GETs and moves, interleaved, until `samples` of each or `budget`
    seconds."""
    health = load.Http(port)
    deadline = time.monotonic() + budget
    for _ in range(samples):
        if time.monotonic() > deadline:
            break
        try:
            status, body, seconds = health.request("GET", f"{API}/health")
        except OSError as error:
            tally.failures.append(f"health: {error!r}")
            continue
        if status != 200:
            tally.failures.append(f"health {status}: {body}")
        tally.took["health"].append(seconds)
        seconds, failure = mover.move()
        if failure:
            tally.failures.append(failure)
        else:
            tally.took["move"].append(seconds)
    health.close()


def goals(idle: dict, waiting: dict) -> dict:
    checks = {}
    for name in ("health", "move"):
        ratio = waiting[name]["p50_ms"] / idle[name]["p50_ms"] if idle[name]["p50_ms"] else 0
        checks[f"{name}_p50_waiting_vs_idle"] = {
            "value": round(ratio, 3),
            "goal": f"<= {GOAL_P50_RATIO}",
            "met": bool(waiting[name]["count"]) and ratio <= GOAL_P50_RATIO,
        }
    return checks


# --- the run --------------------------------------------------------------------------------


def run(args, work: Path, database: load.Database) -> dict:
    load.prepare_database(database)
    kind = "persistent" if "gthread" in args.server else "service"
    # Behind compose's proxy the long-polls are served by its `streams` processes.
    served = "streams" if args.server == "production" else args.server
    server = load.Server("project", served, kind)
    idle, waiting = Tally(), Tally()
    rounds = []
    with load.running(server, database, work, args):
        say(f"server: {load.describe(server)}")
        http = load.Http(server.port)
        pollers = make_pollers(http, args.clients)
        moving = load.create_game(http, 2, "mover")
        http.close()
        mover = Mover(load.Http(server.port), moving, random.Random(1))
        master = server_master(server)
        say(f"set up: {len(pollers)} players with a quiet game each, and a game to move in")
        samples = -(-args.samples // args.rounds)
        budget = args.budget / args.rounds
        for _ in range(args.rounds):
            figures = {"idle": process_figures(master)}
            measure(server.port, mover, samples, budget, idle)
            waiters = Waiters(server.port, pollers, args.clients)
            started = time.monotonic()
            waiters.start()
            held = wait_for_slots(database.data_dir, pollers, lambda n: n >= args.clients)
            figures["seconds_to_open"] = round(time.monotonic() - started, 1)
            figures["waiting"] = process_figures(master)
            measure(server.port, mover, samples, budget, waiting)
            figures["slots_held"] = [held, slots_held(database.data_dir, pollers)]
            waiters.stop()
            figures.update(opened=waiters.opened, answered=waiters.answered)
            waiting.failures += waiters.failures
            wait_for_slots(database.data_dir, pollers, lambda n: n == 0)
            rounds.append(figures)
            say(f"round: {figures}")
        mover.http.close()

    failures = idle.failures + waiting.failures
    idle_figures, waiting_figures = idle.summary(), waiting.summary()
    checks = goals(idle_figures, waiting_figures)
    return {
        "date": datetime.date.today().isoformat(),
        "database": database.vendor,
        "server": args.server,
        "workers": server.workers,
        "threads_per_worker": args.threads,
        "clients": args.clients,
        "rounds": rounds,
        "idle": {**idle_figures, **max_of(r["idle"] for r in rounds)},
        "waiting": {**waiting_figures, **max_of(r["waiting"] for r in rounds)},
        "goals": checks,
        "failure_count": len(failures),
        "failures": failures[:20],
        "goals_met": all(g["met"] for g in checks.values()) and not failures,
    }


def wait_for_slots(data_dir: Path, pollers: list, done, timeout: float = 60) -> int | None:
    """Slots held once `done(held)` or after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    held = slots_held(data_dir, pollers)
    while held is not None and not done(held) and time.monotonic() < deadline:
        time.sleep(0.25)
        held = slots_held(data_dir, pollers)
    time.sleep(1.0)  # settle
    return held


def max_of(figures) -> dict:
    figures = list(figures)
    return {key: max(f[key] for f in figures) for key in figures[0]}


def server_master(server: load.Server) -> int:
    """The pid of the gunicorn master listening on the server's port."""
    import subprocess

    found = subprocess.run(
        ["pgrep", "-f", f"127.0.0.1:{server.port}"], capture_output=True, text=True
    ).stdout.split()
    masters = [int(pid) for pid in found if Path(f"/proc/{pid}/task/{pid}/children").exists()]
    return next(pid for pid in masters if worker_pids(pid))


def report(result: dict) -> None:
    say()
    waited = [r["slots_held"][0] for r in result["rounds"]]
    say(
        f"{result['server']} on {result['database']}, {result['workers']} workers: "
        f"{result['clients']} long-polls, waiting in each round: {waited}"
    )
    for when in ("idle", "waiting"):
        figures = result[when]
        if not figures["health"]["count"]:
            say(f"  {when:8} no /health answered; threads {figures['threads']:5}")
            continue
        say(
            f"  {when:8} /health p50 {figures['health']['p50_ms']:8.2f} ms  p99 "
            f"{figures['health']['p99_ms']:8.2f} ms   move p50 {figures['move']['p50_ms']:8.2f} "
            f"ms  p99 {figures['move']['p99_ms']:8.2f} ms   threads {figures['threads']:5}  "
            f"RSS {figures['rss_mb']} MB"
        )
    say_verdicts(say, result, width=28)


def main(argv=None) -> int:
    args = parse_args(argv)
    with contextlib.ExitStack() as stack:
        work, data_dir = work_folder(stack, "waiting", args.keep)
        if args.database == "sqlite":
            database = load.Database("sqlite", None, data_dir)
        else:
            server_url = os.environ.get("DATABASE_URL", "")
            if not server_url:
                server_url, _ = start_postgres(stack, work)
            url = load.fresh_database(stack, server_url, args.keep)
            database = load.Database("postgresql", url, data_dir)
        say(f"database: {database.url or data_dir / 'db.sqlite3'}")
        result = run(args, work, database)
        from django.db import connections

        connections.close_all()
    report(result)
    return 0 if result["goals_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
