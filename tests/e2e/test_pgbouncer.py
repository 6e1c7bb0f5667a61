"""The service behind pgbouncer in transaction mode (`DATABASE_POOLER_URL`), as compose runs
it: the web server (gunicorn, two workers of four threads) reaches the test database through
a real pgbouncer of two server connections, while each worker's LISTEN keeps a connection of
its own to PostgreSQL (unoservice.pooling). A game played through it works: requests at
once, a write with If-Match (a stale one refused), a streamed export (a server-side cursor
without the pooler), and a stream that receives the move by LISTEN/NOTIFY. A Celery worker
and beat through it enforce a game's deadlines to its end. No statement fails on a
prepared statement or a cursor that another server connection holds."""

from __future__ import annotations

import contextlib
import http.client
import json
import shutil
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psycopg
import pytest

from bench.servers import console_rows, start_pgbouncer
from games import services
from games.live import watch
from games.log.audit import audit_game
from games.models import Game
from players.services import player_register

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

API = "/api/v1"
SERVER_CONNECTIONS = 2
POSITION = {
    "hands": {"0": ["red-5", "blue-7", "wild"], "1": ["green-3", "yellow-4", "red-9"]},
    "discard": ["red-3"],
    "to_act": 0,
}


@pytest.fixture
def pooler(postgres, worker_database_url, require_service):
    if not (shutil.which("pgbouncer") or Path("/usr/sbin/pgbouncer").exists()):
        require_service("needs pgbouncer (Debian's package pgbouncer; .ci/run installs it)")
    with contextlib.ExitStack() as stack:
        yield start_pgbouncer(stack, worker_database_url, pool_size=SERVER_CONNECTIONS)


@pytest.fixture
def server(pooler, serve_gunicorn, worker_database_url):
    return serve_gunicorn(
        workers=2,
        WEB_THREADS="4",
        DATABASE_URL=worker_database_url,
        DATABASE_POOLER_URL=pooler.url,
    )


def request(port: int, method: str, path: str, token=None, body=None, headers=None):
    """(status, headers, raw body) over a connection of its own."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    sent = dict(headers or {})
    if token:
        sent["Authorization"] = f"Bearer {token}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    try:
        connection.request(method, path, body=data, headers=sent)
        answer = connection.getresponse()
        return answer.status, answer.headers, answer.read()
    finally:
        connection.close()


def staff_token() -> str:
    from django.contrib.auth import get_user_model

    from players.services import player_for_user, token_issue

    get_user_model().objects.create_user("root", is_staff=True, is_superuser=True)
    return token_issue(player=player_for_user(username="root"), label="tests")


class Stream:
    """A game's NDJSON stream read on a thread of its own: the frames as they come."""

    def __init__(self, port: int, game_id: str, token: str):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.request(
            "GET",
            f"{API}/games/{game_id}/stream",
            headers={"Authorization": f"Bearer {token}", "Accept": "application/x-ndjson"},
        )
        self.answer = self.connection.getresponse()
        self.frames: list[dict] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        # Closed by the test: http.client then reads from a socket file it has dropped.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            for line in self.answer:
                if line.strip():
                    with self.changed:
                        self.frames.append(json.loads(line))
                        self.changed.notify_all()

    def wait_for(self, found, seconds: float = 20) -> dict:
        with self.changed:
            assert self.changed.wait_for(lambda: any(found(f) for f in self.frames), seconds), (
                self.frames
            )
            return next(f for f in self.frames if found(f))

    def close(self) -> None:
        self.connection.close()


def test_a_game_played_through_pgbouncer_with_the_stream_listening_directly(
    server, pooler, worker_database_url
):
    port = server.port
    staff = staff_token()
    _, ann_token = player_register(name="ann")
    created_body = {"seats": 2, "timers": {"turn_seconds": None}, "position": POSITION}
    status, _, created = request(port, "POST", f"{API}/games", staff, created_body)
    assert status == 201, created
    game_id = json.loads(created)["id"]
    assert request(port, "POST", f"{API}/games/{game_id}/join", ann_token, {})[0] == 200
    assert request(port, "POST", f"{API}/games/{game_id}/start", staff, {})[0] == 200

    stream = Stream(port, game_id, ann_token)
    try:
        opening = stream.wait_for(lambda f: f["kind"] == "view")
        status, headers, _ = request(port, "GET", f"{API}/games/{game_id}", staff)
        assert status == 200
        etag = headers["ETag"]
        assert etag == f'"{opening["id"]}"'

        # Eight threads at once on two server connections: pgbouncer hands them out by
        # transaction.
        # Exports are streamed: their rows are read by .iterator(), which would keep a
        # server-side cursor across transactions without the pooler's settings.
        paths = ["", "/legal-actions", "/export"]
        reads = [f"{API}/games/{game_id}{path}" for path in paths * 10]
        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(lambda path: request(port, "GET", path, staff), reads))
        assert [a[0] for a in answers] == [200] * len(reads), [a[2][:300] for a in answers]
        for exported in answers[2::3]:
            lines = exported[2].decode().splitlines()
            assert json.loads(lines[0])["format"] == "uno-game-export"
            assert len(lines) == 1 + opening["id"]

        play = {"type": "play", "card": "red-5"}
        stale = request(
            port, "POST", f"{API}/games/{game_id}/actions", staff, play, {"If-Match": '"0"'}
        )
        assert stale[0] == 412, stale
        status, _, moved = request(
            port, "POST", f"{API}/games/{game_id}/actions", staff, play, {"If-Match": etag}
        )
        assert status == 200, moved
        moved = json.loads(moved)
        version = moved["version"]

        played = stream.wait_for(
            lambda f: f["kind"] == "event" and f["data"]["type"] == "card_played"
        )
        after = stream.wait_for(lambda f: f["kind"] == "view" and f["id"] == version)
        listening = listening_backends(worker_database_url)
        with pooler.console() as console:
            servers = console_rows(console, "SERVERS")
            stats = {row["database"]: row for row in console_rows(console, "STATS")}
    finally:
        stream.close()

    assert (played["id"], played["data"]["hash"]) == (
        moved["events"][0]["seq"],
        moved["events"][0]["hash"],
    )
    assert after["data"]["version"] == version
    # The requests went through pgbouncer, on no more than its two server connections...
    database = worker_database_url.rsplit("/", 1)[1]
    assert stats[database]["total_xact_count"] >= len(reads) + 3
    assert 1 <= len(servers) <= SERVER_CONNECTIONS
    # ...and the LISTEN of each web worker that holds a stream is a backend of its own.
    assert listening, "no backend LISTENs"
    assert not listening & {row["remote_pid"] for row in servers}
    log = server.output()
    for failure in ("prepared statement", "cursor", "Traceback", "ERROR"):
        assert failure not in log, log[-3000:]


def listening_backends(database_url: str) -> set[int]:
    """The backends of the web workers' LISTEN (games.live.watch names them)."""
    with psycopg.connect(database_url, autocommit=True) as connection:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND application_name = %s",
            [watch.LISTENER_NAME],
        ).fetchall()
    return {pid for (pid,) in rows}


def test_a_worker_and_beat_through_pgbouncer_time_a_game_nobody_plays_out(
    pooler, celery_processes, worker_database_url
):
    worker = celery_processes("worker", DATABASE_POOLER_URL=pooler.url)
    beat = celery_processes("beat", DATABASE_POOLER_URL=pooler.url)
    ann, bob = (player_register(name=name)[0] for name in ("ann", "bob"))
    timers = {"turn_seconds": 1, "abandon_after": 2, "on_abandon": "remove"}
    game = services.game_create(host=ann, seats=2, rules={"preset": "classic"}, timers=timers)
    services.game_join(game_id=game.id, player=bob)
    services.game_start(game_id=game.id, player=ann)

    deadline = time.monotonic() + 60
    while Game.objects.get(pk=game.id).status != "finished":
        assert time.monotonic() < deadline, worker.output()[-3000:] + beat.output()[-2000:]
        time.sleep(0.2)

    audit = audit_game(Game.objects.get(pk=game.id))
    assert audit["ok"], [check for check in audit["checks"] if not check["ok"]]
    # Only the worker and beat go through pgbouncer here.
    database = worker_database_url.rsplit("/", 1)[1]
    with pooler.console() as console:
        stats = {row["database"]: row for row in console_rows(console, "STATS")}
    assert stats[database]["total_xact_count"] > 0
    for failure in ("prepared statement", "cursor", "Traceback"):
        assert failure not in worker.output(), worker.output()[-3000:]
