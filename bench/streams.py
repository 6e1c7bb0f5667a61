"""Stream benchmark: how fast a move reaches the game's open streams, and what 1,000 open
streams cost the moves.

    uv run python bench/streams.py                     # 100 games x 10 streams, 50 moves/s
    uv run python bench/streams.py --games 10 --streams-per-game 3 --seconds 5

The service runs as docker-compose.yml serves it: its proxy (HAProxy with
deploy/haproxy.cfg) in front of the web command (gunicorn, sync workers, 4 processes;
bench/load.py starts it) and of --stream-processes stream processes (1; 0: no proxy, the
web processes run the streams' command, uvicorn workers, and hold the streams, as
bin/serve's do), on a PostgreSQL and a Redis this script
starts in a temporary folder (or the PostgreSQL server of DATABASE_URL, a fresh database
on it, and the Redis of --redis-url). Redis holds the stream slots, the throttles'
counters and the Celery queue, as in compose. Set-up over HTTP: --games 2-seat public
games (classic, target score 5000, no timers), and spectators: players seated nowhere,
each watching up to 20 games (a player's stream limit, UNO_STREAMS_PER_PLAYER, left at its
default).

Each game gets --streams-per-game SSE streams (`GET /api/v1/games/{id}/stream`): its
seated players' and the rest spectators'. The streams are read by a second process of
this script (one asyncio event loop, uvloop, raw sockets: a frame costs a few byte
searches, no JSON parsing, so 1,000 streams take a small part of one core); it records
when each event frame arrives and how late its own loop runs. Moves are sent by this
process, on a loop of its own.

Phases, on the same server, after a few unmeasured seconds of moves (each saturation
phase starts once the web processes are quiet, or after 20 s):
1. saturation without streams: --movers clients, each on its own keep-alive connection
   and its own share of the games, `GET legal-actions` then `POST actions` as fast as
   answered, for --saturation-seconds; then the open loop of 3. without streams, whose
   cost per move is what the streams' is measured against;
2. the streams open; the web processes' resident memory before and after, per stream;
3. open loop: moves offered at --rate per second for --seconds, round-robin over the
   games, each at its scheduled time whatever the previous ones did (the action was
   chosen in advance from the seat's legal actions); latency runs from the scheduled
   time to the arrival of the move's last event on each of its game's streams, so a slow
   server or client cannot hide its queue (coordinated omission);
4. saturation with the streams open, on the same games (every move goes to its 10 streams);
5. every stream must have received every event of its game after its first view, once
   and in order (frames lost, repeated or out of order: must be 0); the streams close;
6. saturation without streams again, then the open loop without streams again: the
   "without" figures are the means of 1 and 6, as the machine's speed drifts.

Goals: delivery p99 <= 250 ms, no frame lost, moves/s with the streams open >= 0.75 x
without, <= 150 us of web CPU per delivered frame (a move's batch on one stream; the
method is printed). Beside the rates, which other load on a shared machine moves a lot,
it prints what a move cost in each phase: CPU time of the web processes and of
PostgreSQL (when it started it), and database transactions (PostgreSQL counts one each
time a listening connection reads the channel's notifications: each web process holding
streams listens, so a move costs about one more per such process, no query); the bytes
the streams received per game, and those the moves' notifications carried on
PostgreSQL's channel (this process listens on it during the unmeasured warm-up). It
prints the figures and, as its last line, one JSON object (headline figures at its top
level); it exits 1 when a goal is missed or a request failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import multiprocessing
import os
import random
import resource
import sys
import threading
import time
import urllib.request
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench import load  # noqa: E402
from bench.servers import (  # noqa: E402
    cpu_seconds,
    redis_as_compose,
    say_verdicts,
    start_haproxy,
    start_postgres,
    work_folder,
)
from bench.waiting import process_figures, server_master  # noqa: E402

API = "/api/v1"
GOAL_P99_MS = 250.0
GOAL_SATURATION_RATIO = 0.75
GOAL_CPU_US_PER_FRAME = 150.0
GOAL_BYTES_RATIO = 0.30
CHANNEL = "uno_game_versions"  # games.live.wakeups.CHANNEL: the moves' notifications
STREAMS_PER_PLAYER = 20  # UNO_STREAMS_PER_PLAYER's default: a spectator watches this many
SEATS = 2
OPEN_AT_ONCE = 32  # streams being opened at the same time
CATCH_UP_SECONDS = 60.0
WARM_UP_SECONDS = 3.0
#: Before a saturation phase the web processes must be this quiet (share of a core)...
QUIET_CPU_SHARE = 0.1
#: ...waiting at most this long for it.
SETTLE_SECONDS = 20.0


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games (100)")
    parser.add_argument("--streams-per-game", type=int, default=10, help="streams a game (10)")
    parser.add_argument("--rate", type=float, default=50.0, help="moves offered a second (50)")
    parser.add_argument("--seconds", type=float, default=30.0, help="open-loop seconds (30)")
    parser.add_argument(
        "--saturation-seconds", type=float, default=10.0, help="each saturation phase (10)"
    )
    # 32: each mover's keep-alive connection stays with the web process that accepted it,
    # and 8 of them fell unevenly on 4 processes often enough that the rate without
    # streams swung from 47 to 106 moves/s between runs, the ratio printed from 0.51x to
    # 0.91x (2026-12-02); with 32, every process has several to serve.
    parser.add_argument("--movers", type=int, default=32, help="clients at saturation (32)")
    parser.add_argument("--workers", type=int, default=4, help="web processes (4)")
    parser.add_argument(
        "--stream-processes",
        type=int,
        default=1,
        help="processes of their own for the games' streams, behind HAProxy with the web "
        "server, as compose runs them (1; 0: the web processes hold them)",
    )
    parser.add_argument(
        "--gzip", action="store_true", help="streams ask for gzip (Accept-Encoding), as browsers do"
    )
    parser.add_argument("--threads", type=int, default=4, help="WEB_THREADS (4)")
    parser.add_argument("--redis-url", default="", help="a Redis of yours (default: its own)")
    parser.add_argument("--seed", type=int, default=1, help="random moves' seed (1)")
    parser.add_argument("--keep", action="store_true", help="keep the work folder and database")
    args = parser.parse_args(argv)
    if min(args.games, args.streams_per_game, args.movers, args.workers) < 1:
        parser.error("--games, --streams-per-game, --movers and --workers must be >= 1")
    if args.rate <= 0 or args.seconds <= 0 or args.saturation_seconds <= 0:
        parser.error("--rate, --seconds and --saturation-seconds must be > 0")
    return args


def say(text: str = "") -> None:
    print(text, flush=True)


def new_loop() -> asyncio.AbstractEventLoop:
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


# --- HTTP/1.1 on asyncio streams ----------------------------------------------------------


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
    return int(lines[0].split()[1]), headers


async def read_chunk(reader: asyncio.StreamReader) -> bytes:
    """One chunk of a chunked body (b"" for the last)."""
    size = int((await reader.readline()).split(b";")[0], 16)
    data = await reader.readexactly(size + 2)
    return data[:-2]


async def read_body(reader: asyncio.StreamReader, headers: dict) -> bytes:
    if "content-length" in headers:
        return await reader.readexactly(int(headers["content-length"]))
    if headers.get("transfer-encoding", "").lower() == "chunked":
        parts = []
        while chunk := await read_chunk(reader):
            parts.append(chunk)
        return b"".join(parts)
    return await reader.read()


def request_bytes(
    method: str, path: str, token: str | None, body=None, accept=None, gzip=False
) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    lines.append(f"Accept: {accept or 'application/json'}")
    if gzip:
        lines.append("Accept-Encoding: gzip")
    if token:
        lines.append(f"Authorization: Bearer {token}")
    data = b""
    if body is not None:
        data = json.dumps(body).encode()
        lines += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + data


class Connection:
    """One keep-alive connection, reopened when the server closes it."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    async def request(self, method: str, path: str, token=None, body=None) -> tuple[int, dict]:
        """(status, parsed body); (0, {"error": ...}) when the connection failed."""
        for attempt in (1, 2):
            reused = self.writer is not None
            try:
                if self.writer is None:
                    opened = await asyncio.open_connection("127.0.0.1", self.port)
                    self.reader, self.writer = opened
                self.writer.write(request_bytes(method, path, token, body))
                status, headers = await read_head(self.reader)
                raw = await read_body(self.reader, headers)
                break
            except (OSError, asyncio.IncompleteReadError) as error:
                # A keep-alive connection the server closed while idle (gunicorn's
                # keepalive): the request never reached it, so once more, anew.
                self.close()
                if attempt == 2 or not reused:
                    return 0, {"error": repr(error)}
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, (json.loads(raw) if raw[:1] in (b"{", b"[") else {})

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None


# --- the stream clients (a process of their own) -------------------------------------------


@dataclass
class StreamRecord:
    game: str
    start: int | None = None  # the first view's id
    last: int = -1  # the last event's seq
    arrived: dict[int, float] = field(default_factory=dict)  # seq: time.monotonic()
    repeated: int = 0
    out_of_order: int = 0
    ended: bool = False
    error: str | None = None
    received_bytes: int = 0  # the chunks' payloads (chunked framing and headers left out)
    decoded_bytes: int = 0  # the same, gunzipped where the stream was gzipped
    #: The views after the first: their frames' bytes, and the last one's (what
    #: `?views=first` leaves out is all of them but the final view of an ended game).
    later_views_bytes: int = 0
    last_view_bytes: int = 0
    #: What the views after the first would have added in the framing before this
    #: wave, each carrying `rules` and `timers` again, without `rules_id` and without
    #: `legal_actions` (METHODS["bytes_framings"]).
    before_extra_bytes: int = 0
    rules_and_timers_bytes: int = 0  # the first view's `rules` and `timers` members

    def caught_up(self, version: int) -> bool:
        return self.ended or max(self.last, self.start or -1) >= version

    def saw(self, kind: bytes, frame_id: int, now: float, frame: bytes = b"") -> None:
        if kind == b"view":
            self.saw_view(frame)
        if kind == b"view" and self.start is None:
            self.start = self.last = frame_id
        elif kind == b"event":
            if frame_id in self.arrived or (self.start is not None and frame_id <= self.start):
                self.repeated += 1
                return
            if frame_id != self.last + 1:
                self.out_of_order += 1
            self.arrived[frame_id] = now
            self.last = max(self.last, frame_id)
        elif kind == b"end":
            self.ended = True

    def saw_view(self, frame: bytes) -> None:
        """A view's bytes, for the three framings of METHODS["bytes_framings"] (only a
        view's data is parsed: one a batch)."""
        size = len(frame) + 2  # the frame's closing blank line
        view = orjson.loads(frame.split(b"\ndata: ", 1)[1])
        if self.start is None:
            self.rules_and_timers_bytes = member_bytes(view, "rules") + member_bytes(view, "timers")
            return
        self.later_views_bytes += size
        self.last_view_bytes = size
        self.before_extra_bytes += (
            self.rules_and_timers_bytes
            - member_bytes(view, "rules_id")
            - member_bytes(view, "legal_actions")
        )


def member_bytes(document: dict, name: str) -> int:
    """The bytes of `"name":value,` in the document's compact JSON (0 when absent)."""
    if name not in document:
        return 0
    return len(name) + 4 + len(orjson.dumps(document[name]))


def split_frames(buffer: bytes) -> tuple[list[tuple[bytes, int, bytes]], bytes]:
    """The (kind, id, frame) of each whole SSE frame in `buffer` (keepalives skipped; the
    data line is not parsed), and what is left of an unfinished one."""
    frames = []
    while (end := buffer.find(b"\n\n")) >= 0:
        frame, buffer = buffer[:end], buffer[end + 2 :]
        if frame.startswith(b":"):
            continue  # a keepalive
        kind_line, id_line, _ = frame.split(b"\n", 2)
        kind = kind_line.removeprefix(b"event: ")
        frames.append((kind, int(id_line.removeprefix(b"id: ")), frame))
    return frames, buffer


async def follow(
    port: int, game: str, token: str, record: StreamRecord, opened, gzip: bool = False
) -> None:
    """Read one SSE stream until cancelled, recording each frame as it arrives (asking for
    it gzipped with `gzip`)."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError as error:
        record.error = f"connect: {error!r}"
        opened.set_result(None)
        return
    try:
        path = f"{API}/games/{game}/stream"
        writer.write(request_bytes("GET", path, token, accept="text/event-stream", gzip=gzip))
        status, headers = await read_head(reader)
        gunzip = None
        if headers.get("content-encoding") == "gzip":
            gunzip = zlib.decompressobj(16 + zlib.MAX_WBITS)
        if status != 200:
            body = await read_body(reader, headers)
            record.error = f"stream answered {status}: {body[:300]!r}"
            return
        buffer = b""
        while chunk := await read_chunk(reader):
            now = time.monotonic()
            record.received_bytes += len(chunk)
            if gunzip is not None:
                chunk = gunzip.decompress(chunk)
            record.decoded_bytes += len(chunk)
            frames, buffer = split_frames(buffer + chunk)
            for kind, frame_id, frame in frames:
                record.saw(kind, frame_id, now, frame)
            if record.start is not None and not opened.done():
                opened.set_result(None)
        if not record.ended:
            record.error = "the stream closed before the game ended"
    except asyncio.CancelledError:
        pass
    except Exception as error:  # counted; the run reports it
        record.error = f"stream: {error!r}"
    finally:
        if not opened.done():
            opened.set_result(None)
        writer.close()


class LagProbe:
    """How late this process's event loop wakes a 10 ms sleep, per phase."""

    def __init__(self):
        self.phase = "set-up"
        self.lags: dict[str, list[float]] = {}
        self.cpu: dict[str, float] = {}
        self.wall: dict[str, float] = {}
        self._since = (time.monotonic(), own_cpu_seconds())

    def switch(self, phase: str) -> None:
        now, cpu = time.monotonic(), own_cpu_seconds()
        self.wall[self.phase] = self.wall.get(self.phase, 0) + now - self._since[0]
        self.cpu[self.phase] = self.cpu.get(self.phase, 0) + cpu - self._since[1]
        self.phase, self._since = phase, (now, cpu)

    async def run(self) -> None:
        while True:
            before = time.monotonic()
            await asyncio.sleep(0.01)
            self.lags.setdefault(self.phase, []).append(time.monotonic() - before - 0.01)

    def summary(self) -> dict:
        self.switch(self.phase)
        return {
            phase: {
                "loop_lag_p99_ms": round(load.percentile(lags, 0.99) * 1000, 2),
                "loop_lag_max_ms": round(max(lags, default=0) * 1000, 2),
                "cpu_share": round(self.cpu.get(phase, 0) / self.wall[phase], 3)
                if self.wall.get(phase)
                else 0.0,
            }
            for phase, lags in self.lags.items()
        }


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def stream_clients(pipe, port: int) -> None:
    """The stream-reading process: obeys commands from the pipe until "close"."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per stream
    loop = new_loop()
    asyncio.set_event_loop(loop)
    loop.run_until_complete(_serve_commands(pipe, port))
    loop.close()


def reply(pipe, answer) -> None:
    os.set_blocking(pipe.fileno(), True)  # the event loop made it non-blocking
    pipe.send(answer)


async def open_streams(port: int, streams, records: list, tasks: list, gzip: bool) -> None:
    """Open the streams, at most OPEN_AT_ONCE at a time; return once each has sent its
    first view (or failed)."""
    loop = asyncio.get_running_loop()
    gate = asyncio.Semaphore(OPEN_AT_ONCE)

    async def open_one(game: str, token: str) -> None:
        record = StreamRecord(game)
        records.append(record)
        opened = loop.create_future()
        async with gate:
            tasks.append(asyncio.create_task(follow(port, game, token, record, opened, gzip)))
            await opened

    await asyncio.gather(*(open_one(game, token) for game, token in streams))


async def _serve_commands(pipe, port: int) -> None:
    loop = asyncio.get_running_loop()
    probe = LagProbe()
    probe_task = asyncio.create_task(probe.run())
    records: list[StreamRecord] = []
    tasks: list[asyncio.Task] = []
    commands: asyncio.Queue = asyncio.Queue()
    loop.add_reader(pipe.fileno(), lambda: commands.put_nowait(pipe.recv()))
    while True:
        command, payload = await commands.get()
        if command == "open":
            streams, gzip = payload
            await open_streams(port, streams, records, tasks, gzip)
            reply(pipe, [r.error for r in records if r.error])
        elif command == "phase":
            probe.switch(payload)
            reply(pipe, None)
        elif command == "catch-up":
            versions, timeout = payload
            deadline = time.monotonic() + timeout
            behind = records
            while behind and time.monotonic() < deadline:
                behind = [r for r in behind if not r.caught_up(versions.get(r.game, -1))]
                await asyncio.sleep(0.05)
            reply(pipe, len(behind))
        elif command == "close":
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            probe_task.cancel()
            reply(
                pipe,
                {
                    "records": [r.__dict__ for r in records],
                    "client": probe.summary(),
                },
            )
            loop.remove_reader(pipe.fileno())
            return


class StreamClients:
    """The stream-reading process, seen from this one."""

    def __init__(self, port: int):
        context = multiprocessing.get_context("spawn")
        self.pipe, child = context.Pipe()
        self.process = context.Process(target=stream_clients, args=(child, port), daemon=True)
        self.process.start()

    def ask(self, command: str, payload=None, timeout: float = 300.0):
        self.pipe.send((command, payload))
        if not self.pipe.poll(timeout):
            raise SystemExit(f"the stream clients did not answer {command!r} in {timeout:g}s")
        return self.pipe.recv()

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(timeout=10)


# --- games and moves ------------------------------------------------------------------------


@dataclass
class Game:
    id: str
    tokens: list[str]
    to_act: int
    version: int
    action: dict | None = None  # chosen for the next move, from its seat's legal actions
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    ended: bool = False


@dataclass
class Move:
    game: str
    scheduled: float
    version: int | None = None  # the move's last event
    answered: float | None = None


async def choose(connection: Connection, game: Game, rng: random.Random, failures) -> None:
    status, body = await connection.request(
        "GET", f"{API}/games/{game.id}/legal-actions", game.tokens[game.to_act]
    )
    if status != 200 or not body.get("actions"):
        failures.append(f"legal-actions {status}: {body}")
        game.action = None
        return
    game.action = load.choose_action(body["actions"], rng)


async def play(connection: Connection, game: Game, failures) -> int | None:
    """Send the chosen move; the game's new version, or None when it failed."""
    path = f"{API}/games/{game.id}/actions"
    status, body = await connection.request("POST", path, game.tokens[game.to_act], game.action)
    game.action = None
    if status != 200:
        failures.append(f"actions {status}: {body}")
        return None
    game.version = body["version"]
    view = body["game"]
    game.ended = view["status"] != "active"
    if not game.ended:
        game.to_act = view["to_act"]
    return game.version


async def saturate(port: int, games: list[Game], movers: int, seconds: float, seed: int):
    """Moves as fast as they are answered; (moves, seconds, failures)."""
    failures: list[str] = []
    done = 0
    until = time.monotonic() + seconds

    async def mover(share: list[Game], rng: random.Random) -> None:
        nonlocal done
        connection = Connection(port)
        try:
            while share and time.monotonic() < until:
                for game in list(share):
                    if game.ended:
                        share.remove(game)
                        continue
                    await choose(connection, game, rng, failures)
                    moved = game.action is not None and await play(connection, game, failures)
                    if moved and time.monotonic() <= until:
                        done += 1
                    if time.monotonic() >= until:
                        break
        finally:
            connection.close()

    started = time.monotonic()
    await asyncio.gather(
        *(mover(games[i::movers], random.Random(seed * 100 + i)) for i in range(movers))
    )
    return done, min(time.monotonic(), until) - started, failures


async def offer(port: int, games: list[Game], rate: float, seconds: float, seed: int):
    """Moves at fixed times, round-robin over the games; (moves, failures)."""
    failures: list[str] = []
    rng = random.Random(seed)
    idle: list[Connection] = []
    moves: list[Move] = []

    async def borrowed(work):
        connection = idle.pop() if idle else Connection(port)
        try:
            return await work(connection)
        finally:
            idle.append(connection)

    for game in games:  # the first moves' actions, before the clock starts
        await borrowed(lambda c, g=game: choose(c, g, rng, failures))

    async def move(game: Game, scheduled: float) -> None:
        record = Move(game.id, scheduled)
        moves.append(record)
        async with game.lock:
            if game.ended:
                return
            if game.action is None:
                await borrowed(lambda c: choose(c, game, rng, failures))
            if game.action is None:
                return
            record.version = await borrowed(lambda c: play(c, game, failures))
            record.answered = time.monotonic()
            if record.version is not None and not game.ended:
                await borrowed(lambda c: choose(c, game, rng, failures))

    live = [g for g in games if not g.ended]
    if not live:
        return moves, failures
    tasks = []
    start = time.monotonic() + 0.1
    for n in range(int(rate * seconds)):
        scheduled = start + n / rate
        delay = scheduled - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(move(live[n % len(live)], scheduled)))
    await asyncio.gather(*tasks)
    for connection in idle:
        connection.close()
    return moves, failures


# --- set-up over HTTP -----------------------------------------------------------------------


def set_up(http: load.Http, args) -> tuple[list[Game], list[tuple[str, str]]]:
    """The games, and the (game, token) of every stream: its seated players', then
    spectators' (each spectator player watches up to STREAMS_PER_PLAYER games)."""
    games = []
    for n in range(args.games):
        made = load.create_game(http, SEATS, f"g{n}")
        games.append(Game(made.id, made.tokens, made.to_act, made.version))
    streams = []
    spectating = max(0, args.streams_per_game - SEATS)
    groups = -(-args.games // STREAMS_PER_PLAYER)
    spectators = {}
    for place in range(spectating):
        for group in range(groups):
            spectators[place, group] = load.register(http, f"s{place}-{group}")
    for n, game in enumerate(games):
        for seat in range(min(SEATS, args.streams_per_game)):
            streams.append((game.id, game.tokens[seat]))
        for place in range(spectating):
            streams.append((game.id, spectators[place, n // STREAMS_PER_PLAYER]))
    return games, streams


# --- the notifications' bytes -----------------------------------------------------------------


class ChannelTap:
    """Listens on the service's notification channel from a thread of this process and
    counts the payloads heard and their bytes while `counting` (a move's news, a hint
    without it, a player's name)."""

    def __init__(self, url: str):
        import psycopg

        self.connection = psycopg.connect(url, autocommit=True)
        self.connection.execute(f"LISTEN {CHANNEL}")
        self.counting = False
        self.payloads = self.bytes = self.largest = self.hints = 0
        self.stopped = False
        self.thread = threading.Thread(target=self._listen, daemon=True)
        self.thread.start()

    def _listen(self) -> None:
        while not self.stopped:
            for notice in self.connection.notifies(timeout=0.5):
                if not self.counting:
                    continue
                size = len(notice.payload.encode())
                self.payloads += 1
                self.bytes += size
                self.largest = max(self.largest, size)
                parts = notice.payload.split(" ", 2)
                self.hints += len(parts) == 2 and parts[0] != "player"

    def close(self) -> None:
        self.stopped = True
        self.thread.join(timeout=5)
        self.connection.close()

    def figures(self, moves: int) -> dict:
        return {
            "payloads": self.payloads,
            "hints_without_events": self.hints,
            "bytes_per_move": round(self.bytes / max(moves, 1)),
            "largest_payload_bytes": self.largest,
        }


# --- work per move --------------------------------------------------------------------------


def web_cpu_seconds(masters: list[int]) -> float:
    return sum(cpu_seconds(master) for master in masters)


def settle(masters: list[int]) -> None:
    """Wait until the web processes are quiet: work left over from the phase before (a
    thousand streams closing, the set-up's requests) made a saturation phase slower by up
    to half in some runs, and a slow rate without streams flatters the ratio."""
    give_up = time.monotonic() + SETTLE_SECONDS
    used = web_cpu_seconds(masters)
    while time.monotonic() < give_up:
        time.sleep(0.5)
        now_used = web_cpu_seconds(masters)
        if now_used - used < QUIET_CPU_SHARE * 0.5:
            return
        used = now_used


class Meter:
    """CPU time of the web server's processes and of PostgreSQL's (when this script
    started it), and PostgreSQL's transactions in the database, between two readings:
    what a move costs, which other load on the machine changes far less than a rate."""

    def __init__(self, masters: list[int], proxy: int | None, postgres: int | None, url: str):
        self.masters, self.proxy, self.postgres, self.url = masters, proxy, postgres, url

    def reading(self) -> dict:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as connection:
            xacts = connection.execute(
                "SELECT xact_commit + xact_rollback FROM pg_stat_database "
                "WHERE datname = current_database()"
            ).fetchone()[0]
        return {
            "web": web_cpu_seconds(self.masters),
            "stream_processes": web_cpu_seconds(self.masters[1:]),
            "proxy": cpu_seconds(self.proxy) if self.proxy else None,
            "postgres": cpu_seconds(self.postgres) if self.postgres else None,
            "xacts": xacts,
        }

    @staticmethod
    def per_move(before: dict, after: dict, moves: int) -> dict:
        moves = max(moves, 1)
        figures = {
            "web_cpu_ms": round((after["web"] - before["web"]) * 1000 / moves, 2),
            "db_transactions": round((after["xacts"] - before["xacts"]) / moves, 1),
        }
        if before["proxy"] is not None:
            figures["stream_processes_cpu_ms"] = round(
                (after["stream_processes"] - before["stream_processes"]) * 1000 / moves, 2
            )
            figures["proxy_cpu_ms"] = round((after["proxy"] - before["proxy"]) * 1000 / moves, 2)
        if before["postgres"] is not None:
            figures["postgres_cpu_ms"] = round(
                (after["postgres"] - before["postgres"]) * 1000 / moves, 2
            )
        return figures


# --- figures --------------------------------------------------------------------------------


def delivery(moves: list[Move], records: list[dict]) -> dict:
    """Latency from each move's scheduled time to its last event's arrival on each of its
    game's streams."""
    by_game: dict[str, list[dict]] = {}
    for record in records:
        by_game.setdefault(record["game"], []).append(record)
    latencies, answered = [], []
    for move in moves:
        if move.version is None:
            continue
        answered.append(move.answered - move.scheduled)
        for record in by_game.get(move.game, []):
            arrived = record["arrived"].get(move.version)
            if arrived is not None:
                latencies.append(arrived - move.scheduled)
    return {"frames": ms_figures(latencies), "move_answered": ms_figures(answered)}


def ms_figures(values: list[float]) -> dict:
    return {
        "count": len(values),
        **{
            f"p{round(q * 100)}_ms": round(load.percentile(values, q) * 1000, 2)
            for q in (0.5, 0.95, 0.99)
        },
        "max_ms": round(max(values, default=0) * 1000, 2),
    }


def losses(records: list[dict], versions: dict[str, int]) -> dict:
    """Every stream must hold each event after its first view, up to its game's version."""
    lost = repeated = disordered = 0
    errors = [record["error"] for record in records if record["error"]]
    for record in records:
        start = record["start"]
        if start is None:
            lost += versions[record["game"]]
            continue
        expected = range(start + 1, versions[record["game"]] + 1)
        lost += sum(1 for seq in expected if seq not in record["arrived"])
        repeated += record["repeated"]
        disordered += record["out_of_order"]
    return {
        "lost": lost,
        "repeated": repeated,
        "out_of_order": disordered,
        "stream_errors": len(errors),
        "first_errors": errors[:5],
    }


#: How the headline figures are computed (printed with them).
METHODS = {
    "web_cpu_us_per_frame": (
        "web CPU per move in the open loop with the streams open minus the mean of the "
        "same in the open loops before they open and after they close (the same rate and "
        "length: the machine's speed drifts), times the moves answered, divided by the "
        "frames delivered (a move's batch arriving on one stream of its game)"
    ),
    "web_cpu_us_per_frame_vs_saturation": (
        "the same against the mean of the two saturation phases without streams (a move "
        "at saturation costs less than one at the open loop's rate, which wakes idle "
        "processes, so this charges that difference to the frames too)"
    ),
    "bytes_per_game": (
        "bytes of stream body the clients received (chunk payloads: frames and "
        "keepalives, without HTTP headers or chunk framing), from opening to close, "
        "summed over a game's streams and averaged over the games"
    ),
    "bytes_framings": (
        "the same streams of the same games in three framings: as received (every view "
        "after the first with rules_id instead of rules and timers, and legal_actions; "
        "gzipped with --gzip, counted as sent); with ?views=first (the received bytes, "
        "gunzipped, less the views after the first, an ended game's final view kept); and "
        "before this wave (gunzipped, every view after the first carrying rules and timers "
        "as the first did, without rules_id and without legal_actions, which views did not "
        "carry then); ratios against the last"
    ),
    "channel": (
        "notifications heard on PostgreSQL's channel during the unmeasured warm-up "
        "moves, by a listener in the benchmark's process: payload bytes per move"
    ),
}


def cpu_per_frame(open_loop: dict, without: list[dict], moves: int, frames: int) -> float:
    """Microseconds of web CPU per delivered frame (METHODS)."""
    if not frames:
        return 0.0
    baseline = sum(w["web_cpu_ms"] for w in without) / len(without)
    extra_ms = (open_loop["web_cpu_ms"] - baseline) * moves
    return round(max(extra_ms, 0.0) * 1000 / frames, 1)


def bytes_framings(records: list[dict], games: int, gzip: bool = False) -> dict:
    """Bytes per game in the three framings of METHODS["bytes_framings"]; `smallest` is
    the one the goal is checked on: what the streams received where they asked for gzip,
    otherwise ?views=first."""
    received = sum(r["received_bytes"] for r in records)
    decoded = sum(r["decoded_bytes"] for r in records)
    views_first = sum(
        r["decoded_bytes"] - r["later_views_bytes"] + (r["last_view_bytes"] if r["ended"] else 0)
        for r in records
    )
    before = decoded + sum(r["before_extra_bytes"] for r in records)
    figures = {
        "gzip": gzip,
        "received": round(received / games),
        "views_first": round(views_first / games),
        "before": round(before / games),
        "received_ratio": round(received / before, 3) if before else 0.0,
        "views_first_ratio": round(views_first / before, 3) if before else 0.0,
    }
    figures["smallest"] = "received" if gzip else "views_first"
    figures["smallest_ratio"] = figures[f"{figures['smallest']}_ratio"]
    return figures


def goals(
    frames: dict, lost: dict, ratio: float, cpu_us: float | None = None, framings=None
) -> dict:
    checks = {
        "delivery_p99_ms": {
            "value": frames["p99_ms"],
            "goal": f"<= {GOAL_P99_MS:g}",
            "met": bool(frames["count"]) and frames["p99_ms"] <= GOAL_P99_MS,
        },
        "frames_lost": {
            "value": lost["lost"] + lost["repeated"] + lost["out_of_order"],
            "goal": "== 0",
            "met": lost["lost"] + lost["repeated"] + lost["out_of_order"] == 0,
        },
        "moves_with_streams_vs_without": {
            "value": round(ratio, 3),
            "goal": f">= {GOAL_SATURATION_RATIO}",
            "met": ratio >= GOAL_SATURATION_RATIO,
        },
    }
    if framings is not None:
        checks[f"bytes_{framings['smallest']}_vs_before"] = {
            "value": framings["smallest_ratio"],
            "goal": f"<= {GOAL_BYTES_RATIO:g}",
            "met": framings["smallest_ratio"] <= GOAL_BYTES_RATIO,
        }
    if cpu_us is not None:
        checks["web_cpu_us_per_frame"] = {
            "value": cpu_us,
            "goal": f"<= {GOAL_CPU_US_PER_FRAME:g}",
            "met": cpu_us <= GOAL_CPU_US_PER_FRAME,
        }
    return checks


# --- the run --------------------------------------------------------------------------------


#: What the benchmark's server takes as its metrics token (uno_stream_batches_total).
METRICS_TOKEN = "bench-streams-metrics"


def start_stream_servers(
    stack: contextlib.ExitStack, database: load.Database, work: Path, args
) -> list[load.Server]:
    """--stream-processes servers of one process each, run as compose's `streams` are."""
    one = argparse.Namespace(**{**vars(args), "workers": 1})
    servers = []
    for n in range(args.stream_processes):
        server = load.Server(f"streams{n}", "streams", "service")
        stack.enter_context(load.running(server, database, work, one))
        servers.append(server)
    return servers


def processes_figures(masters: list[int]) -> dict:
    figures = [process_figures(master) for master in masters]
    return {
        "threads": sum(f["threads"] for f in figures),
        "rss_mb": round(sum(f["rss_mb"] for f in figures), 1),
    }


def stream_batches(port: int) -> dict[str, int]:
    """The service's count of stream batches sent after each stream's first, by source:
    the writers' frames forwarded as published, or read and rendered by the stream's
    process (summed over the web processes by /api/v1/metrics)."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{API}/metrics",
        headers={"Authorization": f"Bearer {METRICS_TOKEN}"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        text = answer.read().decode()
    found = {"published": 0, "read": 0}
    for line in text.splitlines():
        if line.startswith("uno_stream_batches_total{"):
            labels, value = line.rsplit(" ", 1)
            source = labels.split('source="', 1)[1].split('"', 1)[0]
            found[source] = int(float(value))
    return found


def run(args, work: Path, database: load.Database, postgres: int | None) -> dict:
    load.prepare_database(database)
    # compose's web command; without stream processes the web processes hold the streams,
    # as bin/serve's do, and run its command.
    server = load.Server("project", "production" if args.stream_processes else "streams", "service")
    os.environ["UNO_METRICS_TOKEN"] = METRICS_TOKEN  # the server's environment is this one's
    loop = new_loop()
    with load.running(server, database, work, args), contextlib.ExitStack() as topology:
        stream_servers = start_stream_servers(topology, database, work, args)
        port, proxy = server.port, None
        if stream_servers:
            port, proxy = start_haproxy(
                topology, work, [server.port], [s.port for s in stream_servers]
            )
        say(f"server: {load.describe(server)}")
        for stream_server in stream_servers:
            say(f"stream server: {load.describe(stream_server)}")
        if proxy:
            say(f"HAProxy on 127.0.0.1:{port}: games' streams to the stream servers")
        http = load.Http(port)
        games, streams = set_up(http, args)
        http.close()
        say(f"set up: {len(games)} games, {len(streams)} streams to open")
        masters = [server_master(s) for s in (server, *stream_servers)]
        meter = Meter(masters, proxy, postgres, database.url)
        load_before = os.getloadavg()[0]
        failures: list[str] = []

        def saturation(label: str) -> dict:
            settle(masters)
            before = meter.reading()
            moved, seconds, failed = loop.run_until_complete(
                saturate(port, games, args.movers, args.saturation_seconds, args.seed)
            )
            failures.extend(failed)
            figures = {"moves": moved, "seconds": round(seconds, 2)}
            figures["per_s"] = round(moved / seconds, 1) if seconds else 0.0
            figures["per_move"] = Meter.per_move(before, meter.reading(), moved)
            say(f"saturation {label}: {figures['per_s']} moves/s ({moved} in {seconds:.1f}s)")
            return figures

        # Unmeasured: every worker's code paths warm. The channel's bytes are counted
        # here, where the listener counting them (a PostgreSQL backend reading each
        # notification, which the database counts as a transaction) changes no figure.
        tap = ChannelTap(database.url)
        tap.counting = True
        warm_moves, _, _ = loop.run_until_complete(
            saturate(port, games, args.movers, WARM_UP_SECONDS, args.seed)
        )
        tap.counting = False
        channel = tap.figures(warm_moves)
        tap.close()

        def open_loop_without_streams(label: str, seed: int) -> dict:
            settle(masters)
            before = meter.reading()
            quiet_moves, failed = loop.run_until_complete(
                offer(port, games, args.rate, args.seconds, seed)
            )
            failures.extend(failed)
            quiet_answered = sum(1 for m in quiet_moves if m.version is not None)
            figures = Meter.per_move(before, meter.reading(), quiet_answered)
            say(
                f"open loop without streams{label}: {quiet_answered} moves, "
                f"{figures['web_cpu_ms']} ms of web CPU each"
            )
            return figures

        without_before = saturation("without streams")
        open_loop_without = open_loop_without_streams("", args.seed + 1)
        clients = StreamClients(port)
        try:
            memory = {"before": processes_figures(masters)}
            started = time.monotonic()
            open_errors = clients.ask("open", (streams, args.gzip))
            opened_in = time.monotonic() - started
            time.sleep(2.0)  # settle
            memory["after"] = processes_figures(masters)
            say(f"opened {len(streams)} streams in {opened_in:.1f}s ({len(open_errors)} failed)")
            failures += open_errors[:20]
            clients.ask("phase", "open-loop")
            batches_before = stream_batches(port)
            before = meter.reading()
            moves, failed = loop.run_until_complete(
                offer(port, games, args.rate, args.seconds, args.seed)
            )
            failures.extend(failed)
            versions = {g.id: g.version for g in games}
            clients.ask("phase", "catching up")
            behind_open_loop = clients.ask("catch-up", (versions, CATCH_UP_SECONDS))
            answered_moves = sum(1 for m in moves if m.version is not None)
            open_loop_work = Meter.per_move(before, meter.reading(), answered_moves)
            batches = {
                source: count - batches_before.get(source, 0)
                for source, count in stream_batches(port).items()
            }
            clients.ask("phase", "saturation")
            with_streams = saturation("with streams")
            clients.ask("phase", "catching up")
            versions = {g.id: g.version for g in games}
            behind = clients.ask("catch-up", (versions, CATCH_UP_SECONDS))
            collected = clients.ask("close")
        finally:
            clients.stop()
        time.sleep(1.0)
        without_after = saturation("without streams, again")
        open_loop_without_after = open_loop_without_streams(", again", args.seed + 2)
        load_after = os.getloadavg()[0]
    loop.close()

    records = collected["records"]
    figures = delivery(moves, records)
    lost = losses(records, versions)
    without = (without_before["per_s"] + without_after["per_s"]) / 2
    ratio = with_streams["per_s"] / without if without else 0.0
    grown_kb = (memory["after"]["rss_mb"] - memory["before"]["rss_mb"]) * 1024
    per_stream_kb = round(grown_kb / len(streams), 1)
    moves_answered, frames = figures["move_answered"]["count"], figures["frames"]["count"]
    cpu_us = cpu_per_frame(
        open_loop_work, [open_loop_without, open_loop_without_after], moves_answered, frames
    )
    cpu_us_vs_saturation = cpu_per_frame(
        open_loop_work,
        [without_before["per_move"], without_after["per_move"]],
        moves_answered,
        frames,
    )
    bytes_per_game = round(sum(r["received_bytes"] for r in records) / len(games))
    framings = bytes_framings(records, len(games), args.gzip)
    checks = goals(figures["frames"], lost, ratio, cpu_us, framings)
    return {
        "web_cpu_us_per_frame": cpu_us,
        "web_cpu_us_per_frame_vs_saturation": cpu_us_vs_saturation,
        "moves_ratio": round(ratio, 3),
        "delivery_p99_ms": figures["frames"]["p99_ms"],
        "frames_lost": lost["lost"],
        "frames_repeated": lost["repeated"],
        "frames_out_of_order": lost["out_of_order"],
        "bytes_per_game": bytes_per_game,
        "bytes_framings": framings,
        "stream_batches_open_loop": batches,
        "bytes_ratio": framings["smallest_ratio"],
        "memory_per_stream_kb": per_stream_kb,
        "channel": channel,
        "methods": METHODS,
        "date": datetime.date.today().isoformat(),
        "server": server.kind,
        "workers": server.workers,
        "threads_per_worker": args.threads,
        "games": args.games,
        "gzip": args.gzip,
        "streams": len(streams),
        "streams_opened_seconds": round(opened_in, 1),
        "rate": args.rate,
        "seconds": args.seconds,
        "moves_offered": len(moves),
        "moves_answered": figures["move_answered"]["count"],
        "delivery": figures["frames"],
        "move_answered": figures["move_answered"],
        "open_loop_per_move": open_loop_work,
        "open_loop_without_streams_per_move": open_loop_without,
        "open_loop_without_streams_again_per_move": open_loop_without_after,
        "stream_processes": args.stream_processes,
        "behind_after_open_loop": behind_open_loop,
        "behind_at_end": behind,
        "frames": lost,
        "saturation": {
            "without_before": without_before,
            "with_streams": with_streams,
            "without_after": without_after,
            "ratio": round(ratio, 3),
        },
        "memory": {**memory, "per_stream_kb": per_stream_kb},
        "client": collected["client"],
        "load_average": [round(load_before, 2), round(load_after, 2)],
        "goals": checks,
        "failure_count": len(failures),
        "failures": failures[:20],
        "goals_met": all(g["met"] for g in checks.values()) and not failures,
    }


def report(result: dict) -> None:
    say()
    d, answered = result["delivery"], result["move_answered"]
    say(
        f"{result['streams']} streams on {result['games']} games, {result['moves_offered']} "
        f"moves offered at {result['rate']:g}/s ({result['moves_answered']} answered)"
    )
    say(
        f"move -> frame on each stream: p50 {d['p50_ms']} ms  p95 {d['p95_ms']} ms  p99 "
        f"{d['p99_ms']} ms  max {d['max_ms']} ms  ({d['count']} frames)"
    )
    say(
        f"move answered (from its scheduled time): p50 {answered['p50_ms']} ms  p99 "
        f"{answered['p99_ms']} ms  max {answered['max_ms']} ms"
    )
    f = result["frames"]
    say(
        f"frames lost {f['lost']}, repeated {f['repeated']}, out of order {f['out_of_order']}; "
        f"stream errors {f['stream_errors']}"
    )
    s = result["saturation"]
    say(
        f"moves/s at saturation: without streams {s['without_before']['per_s']} and "
        f"{s['without_after']['per_s']}, with {result['streams']} streams open "
        f"{s['with_streams']['per_s']} ({s['ratio']}x)"
    )
    say(
        "work per move (web CPU ms, PostgreSQL CPU ms, database transactions; with stream "
        "processes: their part of the web CPU, and HAProxy's CPU ms):"
    )
    phases = [
        ("saturation without streams", s["without_before"]["per_move"]),
        ("open loop without streams", result["open_loop_without_streams_per_move"]),
        ("open loop, streams open", result["open_loop_per_move"]),
        ("saturation, streams open", s["with_streams"]["per_move"]),
        ("saturation without, again", s["without_after"]["per_move"]),
        ("open loop without, again", result["open_loop_without_streams_again_per_move"]),
    ]
    for name, work in phases:
        say(
            f"  {name:28} {work['web_cpu_ms']:7.2f}  {work.get('postgres_cpu_ms', '-')!s:>7}  "
            f"{work['db_transactions']:6}"
            + (
                f"  {work['stream_processes_cpu_ms']:7.2f}  {work['proxy_cpu_ms']:7.2f}"
                if "proxy_cpu_ms" in work
                else ""
            )
        )
    say(
        f"web CPU per delivered frame: {result['web_cpu_us_per_frame']} us "
        f"({METHODS['web_cpu_us_per_frame']}); {result['web_cpu_us_per_frame_vs_saturation']} "
        f"us against saturation ({METHODS['web_cpu_us_per_frame_vs_saturation']})"
    )
    say(f"bytes per game: {result['bytes_per_game']} ({METHODS['bytes_per_game']})")
    b = result["bytes_framings"]
    say(
        f"bytes per game by framing: as received{' (gzipped)' if b['gzip'] else ''} "
        f"{b['received']} ({b['received_ratio']}x), "
        f"?views=first {b['views_first']} ({b['views_first_ratio']}x), before this wave "
        f"{b['before']} ({METHODS['bytes_framings']})"
    )
    sent = result["stream_batches_open_loop"]
    say(
        f"stream batches in the open loop: {sent['published']} forwarded as the writers "
        f"published them, {sent['read']} read and rendered by the stream's process"
    )
    c = result["channel"]
    say(
        f"channel: {c['payloads']} notifications, {c['bytes_per_move']} bytes per move, "
        f"largest {c['largest_payload_bytes']}, {c['hints_without_events']} hints without "
        f"the events ({METHODS['channel']})"
    )
    m = result["memory"]
    say(
        f"web processes' RSS: {m['before']['rss_mb']} MB before the streams opened, "
        f"{m['after']['rss_mb']} MB after: {m['per_stream_kb']} KB per stream"
    )
    for phase, c in result["client"].items():
        say(
            f"stream clients, {phase}: loop lag p99 {c['loop_lag_p99_ms']} ms, max "
            f"{c['loop_lag_max_ms']} ms; CPU {c['cpu_share'] * 100:.0f}% of a core"
        )
    say(f"load average {result['load_average'][0]} before, {result['load_average'][1]} after")
    say_verdicts(say, result, width=32)


def main(argv=None) -> int:
    args = parse_args(argv)
    with contextlib.ExitStack() as stack:
        work, data_dir = work_folder(stack, "streams", args.keep)
        server_url, postgres = os.environ.get("DATABASE_URL", ""), None
        if not server_url:
            server_url, postgres = start_postgres(stack, work)
        url = load.fresh_database(stack, server_url, args.keep)
        database = load.Database("postgresql", url, data_dir)
        redis = redis_as_compose(stack, work, args.redis_url, "streams")
        say(f"database: {url}; Redis: {redis}")
        os.environ["WEB_THREADS"] = str(args.threads)
        result = run(args, work, database, postgres)
        from django.db import connections

        connections.close_all()
    report(result)
    return 0 if result["goals_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
