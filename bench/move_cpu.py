"""A move's CPU in the web process: `GET legal-actions` then `POST actions`, in-process
through Django's WSGI handler (the whole middleware stack, DRF, authentication,
throttles, the write path), on PostgreSQL and Redis as compose runs them. Like compose's
web process, it hears where games are streamed (unoservice/gunicorn_sync_worker.py's
thread), and the moves are measured once it knows that no game is (about 25 s after the
start: its writes then send the channel a hint instead of their news).

    uv run python bench/move_cpu.py --database-url postgres://postgres@127.0.0.1:5432/postgres \
        --redis-url redis://127.0.0.1:6379/9 [--moves 2000] [--profile 25]

A fresh database is made on that server for the run and dropped afterwards. The service
runs with UNO_MODE=production (Redis for the throttles' counters and the stream slots,
Celery's queue in Redis, default timers: a 30 s turn timer, so each move publishes its
deadline sweep), two players in a classic game with target score 5000 (no game ends).
Each measured move is the thread's CPU time (time.thread_time) from the GET's first byte
to the POST's last; PostgreSQL's and Redis's own CPU is not in it. The moves are timed
in --slices slices after --warmup unmeasured moves, and the median of the slices' means
is the figure (the machine's speed drifts). `--profile N` runs the moves once more under
cProfile with the thread's clock and prints the N functions with the most own time.

The last line is one JSON object: `move_cpu_us` (median over slices of the mean),
`legal_actions_cpu_us`, `action_cpu_us`, `action_response_bytes` (mean body of the POST's
answer as sent: compressed, where `--accept-encoding br` or `gzip` asks for it) and the
sizes used.

`--instructions` counts instead of timing, for comparing two versions of the code on a
machine whose speed drifts: the run goes under valgrind's callgrind, the deals are seeded
(the same game every run, so both versions play the same moves), and only the --moves
moves after the warm-up are counted. It prints the instructions per move of the web
process's thread that serves the requests (user space: not the kernel's side of its
round trips), and the JSON line carries
`move_instructions`. It takes about a minute for 100 moves.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def fresh_database(server_url: str) -> tuple[str, callable]:
    import psycopg

    name = f"uno_move_cpu_{uuid.uuid4().hex[:8]}"
    parts = urlsplit(server_url)
    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with psycopg.connect(server_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return urlunsplit(parts._replace(path=f"/{name}")), drop


class Wsgi:
    """Calls the service's WSGI application as a server would, one request at a time."""

    def __init__(self, application, accept_encoding: str | None = None) -> None:
        self.application = application
        self.accept_encoding = accept_encoding
        self.last_wire_bytes = 0  # the last answer's body as sent (compressed, if it was)

    def request(self, method: str, path: str, token: str | None = None, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "REMOTE_ADDR": "127.0.0.1",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": "127.0.0.1:8000",
            "HTTP_ACCEPT": "application/json",
            "wsgi.input": io.BytesIO(data),
            "wsgi.url_scheme": "http",
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": True,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            "wsgi.version": (1, 0),
        }
        if data:
            environ["CONTENT_TYPE"] = "application/json"
            environ["CONTENT_LENGTH"] = str(len(data))
        if token:
            environ["HTTP_AUTHORIZATION"] = f"Bearer {token}"
        if self.accept_encoding:
            environ["HTTP_ACCEPT_ENCODING"] = self.accept_encoding
        status, headers = [], []
        chunks = self.application(
            environ, lambda s, h, e=None: (status.append(s), headers.extend(h))
        )
        try:
            payload = b"".join(chunks)
        finally:
            if hasattr(chunks, "close"):
                chunks.close()
        self.last_wire_bytes = len(payload)
        code = int(status[0].split()[0])
        return code, _decoded(payload, dict(headers).get("Content-Encoding"))


def _decoded(payload: bytes, coding: str | None) -> bytes:
    if coding == "br":
        import brotli

        return brotli.decompress(payload)
    if coding == "gzip":
        import gzip

        return gzip.decompress(payload)
    return payload


def set_up(args, data_dir: Path) -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="unoservice.settings",
        UNO_MODE="production",
        SECRET_KEY="bench-move-cpu-only-not-a-secret",
        UNO_DATA_DIR=str(data_dir),
        UNO_STATIC_ROOT=str(data_dir / "static"),
        UNO_SIGNING_KEY_FILE=str(data_dir / "signing_key.pem"),
        UNO_CACHE_URL=args.redis_url,
        CELERY_BROKER_URL=args.redis_url,
        UNO_STREAM_SLOTS_URL=args.redis_url,
        LOG_LEVEL="WARNING",
        UNO_THROTTLE_ANON="100000000/minute",
        UNO_THROTTLE_READS="100000000/minute",
        UNO_THROTTLE_ACTIONS="100000000/minute",
        UNO_THROTTLE_LOBBY="100000000/minute",
        UNO_DB_CONN_MAX_AGE="600",
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("create_signing_key", verbosity=0)


def game(client: Wsgi) -> tuple[str, dict[int, str]]:
    tokens = {}
    for seat, name in enumerate(("ann", "bob")):
        code, body = client.request("POST", "/api/v1/players", body={"name": name})
        assert code == 201, body
        tokens[seat] = json.loads(body)["token"]
    code, body = client.request(
        "POST",
        "/api/v1/games",
        tokens[0],
        {"seats": 2, "rules": {"preset": "classic", "options": {"target_score": 5000}}},
    )
    assert code == 201, body
    game_id = json.loads(body)["id"]
    code, body = client.request("POST", f"/api/v1/games/{game_id}/join", tokens[1], {})
    assert code == 200, body
    code, body = client.request("POST", f"/api/v1/games/{game_id}/start", tokens[0], {})
    assert code == 200, body
    return game_id, tokens


def moves(client: Wsgi, game_id: str, tokens: dict[int, str], count: int, rng: random.Random):
    """Plays `count` moves; yields (legal-actions CPU, action CPU, answer bytes) each."""
    path = f"/api/v1/games/{game_id}"
    to_act = json.loads(client.request("GET", path, tokens[0])[1])["to_act"]
    for _ in range(count):
        token = tokens[to_act]
        started = time.thread_time()
        code, body = client.request("GET", f"{path}/legal-actions", token)
        middle = time.thread_time()
        assert code == 200, body
        actions = json.loads(body)["actions"]
        plays = [a for a in actions if a["type"] == "play"]
        action = rng.choice(plays or actions)
        before_post = time.thread_time()
        code, body = client.request("POST", f"{path}/actions", token, action)
        ended = time.thread_time()
        assert code == 200, body
        to_act = json.loads(body)["game"]["to_act"]
        yield middle - started, ended - before_post, client.last_wire_bytes


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    parser.add_argument("--redis-url", default=os.environ.get("UNO_BENCH_REDIS_URL"))
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--slices", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sort", default="tottime", help="pstats order: tottime, cumulative")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions under callgrind"
    )
    parser.add_argument(
        "--accept-encoding",
        default=None,
        help="sent with every request (e.g. br or gzip); the answer's bytes are as sent",
    )
    args = parser.parse_args(argv)
    if args.instructions and not os.environ.get(_UNDER_CALLGRIND):
        return count_instructions(args, argv if argv is not None else sys.argv[1:])
    if not args.database_url or not args.database_url.startswith("postgres"):
        parser.error("--database-url postgres://… (or DATABASE_URL) is required")
    if not args.redis_url:
        parser.error("--redis-url redis://… (or UNO_BENCH_REDIS_URL) is required")
    url, drop = fresh_database(args.database_url)
    os.environ["DATABASE_URL"] = url
    try:
        with tempfile.TemporaryDirectory(prefix="uno-move-cpu-") as folder:
            set_up(args, Path(folder))
            return measure(args)
    finally:
        from django.db import connections

        connections.close_all()
        drop()


_UNDER_CALLGRIND = "UNO_BENCH_UNDER_CALLGRIND"


def count_instructions(args, argv: list[str]) -> int:
    """Run this benchmark again under callgrind, instrumented only for the measured moves."""
    import re
    import subprocess

    with tempfile.TemporaryDirectory(prefix="uno-move-instructions-") as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            # The requests run on the main thread; the background thread's rounds (the
            # announcements heard) come once a second, not once a move, and under
            # callgrind's slowness would be charged to each move many times over.
            "--separate-threads=yes",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            *argv,
        ]
        ran = subprocess.run(
            command, env={**os.environ, _UNDER_CALLGRIND: "1"}, capture_output=True, text=True
        )
        main_thread = out.with_name(out.name + "-01")
        if ran.returncode != 0 or not main_thread.exists():
            print(ran.stdout, ran.stderr, sorted(Path(folder).iterdir()), sep="\n")
            return 1
        totals = re.search(r"^totals: (\d+)", main_thread.read_text(), re.MULTILINE)
    instructions = int(totals.group(1)) / args.moves
    result = {"move_instructions": round(instructions), "moves": args.moves}
    print(
        f"a move (GET legal-actions + POST actions), web process: {instructions / 1e6:.2f} M "
        f"instructions (callgrind, {args.moves} moves after {args.warmup}, seeded deals)"
    )
    print(json.dumps(result))
    return 0


def _callgrind(on: bool) -> None:
    import subprocess

    state = "on" if on else "off"
    subprocess.run(
        ["callgrind_control", "-i", state, str(os.getpid())], check=True, capture_output=True
    )


def knows_where_games_are_streamed(timeout: float = 120) -> None:
    """Waits until the process has heard the streams' announcements long enough to know
    that no game is streamed (its writes then send hints, not news), as a web process
    that has served a while has."""
    from games.live.published import KNOWN_AFTER_SECONDS
    from games.live.watch import version_watch

    started = time.monotonic()
    while version_watch.heard_announcements_for() < KNOWN_AFTER_SECONDS:
        if time.monotonic() - started > timeout:
            raise SystemExit("the streams' announcements were never heard")
        time.sleep(0.5)


def measure(args) -> int:
    from unoservice.gunicorn_sync_worker import serve_loop_in_thread
    from unoservice.wsgi import application  # as served: start-up's heap set aside

    client = Wsgi(application, args.accept_encoding)
    rng = random.Random(args.seed)
    counting = bool(os.environ.get(_UNDER_CALLGRIND))
    if counting:  # the same deals every run: both versions compared play the same game
        import games.write

        games.write._rng_for = lambda game: random.Random(f"{args.seed}:{game.version}")
    game_id, tokens = game(client)
    serve_loop_in_thread()  # as compose's web process: it hears where games are streamed
    for _ in moves(client, game_id, tokens, args.warmup, rng):
        pass
    knows_where_games_are_streamed()
    if counting:
        _callgrind(True)
        for _ in moves(client, game_id, tokens, args.moves, rng):
            pass
        _callgrind(False)
        return 0
    per_slice = max(1, args.moves // args.slices)
    slices, reads, writes, sizes = [], [], [], []
    for _ in range(args.slices):
        taken = list(moves(client, game_id, tokens, per_slice, rng))
        slices.append(statistics.fmean(r + w for r, w, _ in taken))
        reads += [r for r, _, _ in taken]
        writes += [w for _, w, _ in taken]
        sizes += [s for _, _, s in taken]
    result = {
        "move_cpu_us": round(statistics.median(slices) * 1e6),
        "move_cpu_us_slices": [round(s * 1e6) for s in slices],
        "legal_actions_cpu_us": round(statistics.median(reads) * 1e6),
        "action_cpu_us": round(statistics.median(writes) * 1e6),
        "action_response_bytes": round(statistics.fmean(sizes)),
        "moves": per_slice * args.slices,
        "slices": args.slices,
    }
    print(
        f"a move (GET legal-actions + POST actions), web process CPU: "
        f"{result['move_cpu_us']} us (slices: {result['move_cpu_us_slices']}); "
        f"legal-actions p50 {result['legal_actions_cpu_us']} us, action p50 "
        f"{result['action_cpu_us']} us; answer {result['action_response_bytes']} bytes"
    )
    if args.profile:
        profiler = cProfile.Profile(time.thread_time)
        profiler.enable()
        for _ in moves(client, game_id, tokens, per_slice, rng):
            pass
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(args.sort).print_stats(args.profile)
        print(out.getvalue())
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
