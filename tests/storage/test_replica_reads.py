"""Reads off the primary, against a real streaming replica (UNO_TEST_REPLICA_URL; .ci/run
starts one with pg_basebackup): which requests read it, which never do, and that a
replica behind the primary never serves an answer older than the client's own writes."""

from __future__ import annotations

import fcntl
import os
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest
from django.db import connections
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games import services
from players.services import player_for_user, player_register, token_issue
from unoservice.replica import REPLICA

from .games import finished_game

pytestmark = pytest.mark.django_db(transaction=True)

ENDED_GAME_READS = ("export", "replay?at=5", "audit", "seal")


@pytest.fixture
def replica(settings, require_service):
    """The `replica` database pointed at the real replica of the test database, with the
    service's routing installed as DATABASE_REPLICA_URL installs it."""
    url = os.environ.get("UNO_TEST_REPLICA_URL", "").strip()
    if not url:
        require_service("needs a streaming replica: UNO_TEST_REPLICA_URL is not set")
    parts = urlsplit(url)
    primary = connections["default"].settings_dict
    if primary["ENGINE"] != "django.db.backends.postgresql":
        require_service("needs PostgreSQL and its replica")
    config = {
        **primary,
        "HOST": parts.hostname or "127.0.0.1",
        "PORT": str(parts.port or 5432),
        "USER": parts.username or primary["USER"],
        "TEST": {"MIRROR": "default"},
    }
    # A connection of this thread's alone (the test client serves in this thread): Django's
    # test case refuses any database alias in the settings that it was not told of first.
    # One test at a time on the replica: pausing its replay holds back every database.
    lock = stack_lock(Path(tempfile.gettempdir()) / f"uno-test-replica-{config['PORT']}.lock")
    connections.settings[REPLICA] = config
    connections[REPLICA] = connections.create_connection(REPLICA)
    del connections.settings[REPLICA]
    settings.DATABASE_ROUTERS = ["unoservice.replica.ReplicaRouter"]
    middleware = list(settings.MIDDLEWARE)
    middleware.insert(
        middleware.index("unoservice.middleware.SessionMiddleware"),
        "games.http.replica_reads.replica_reads_middleware",
    )
    settings.MIDDLEWARE = middleware
    try:
        with connections[REPLICA].cursor() as cursor:
            cursor.execute("SELECT pg_is_in_recovery()")
            assert cursor.fetchone()[0], "UNO_TEST_REPLICA_URL is not a replica"
        yield Replica(url)
    finally:
        Replica(url).resume()
        connections[REPLICA].close()
        del connections[REPLICA]
        lock.close()


def stack_lock(path: Path):
    """An exclusive lock on `path` (the test workers of pytest-xdist take turns), held
    until the returned file is closed."""
    held = path.open("a")
    fcntl.flock(held, fcntl.LOCK_EX)
    return held


class Replica:
    def __init__(self, url: str):
        self.url = url

    def _run(self, sql: str):
        with psycopg.connect(self.url, autocommit=True) as conn:
            return conn.execute(sql).fetchone()

    def pause(self) -> None:
        self._run("SELECT pg_wal_replay_pause()")

    def resume(self) -> None:
        self._run("SELECT pg_wal_replay_resume()")

    def catch_up(self, seconds: float = 20) -> None:
        with connections["default"].cursor() as cursor:
            # Where the WAL has been inserted to, not written to: with synchronous_commit
            # off (as .ci/run runs PostgreSQL) a commit may still wait in the WAL buffers.
            cursor.execute("SELECT pg_current_wal_insert_lsn()::text")
            target = cursor.fetchone()[0]
        deadline = time.monotonic() + seconds
        while not self._run(f"SELECT pg_last_wal_replay_lsn() >= '{target}'::pg_lsn")[0]:
            assert time.monotonic() < deadline, "the replica did not catch up"
            time.sleep(0.05)


@pytest.fixture
def staff(django_user_model):
    django_user_model.objects.create_user("host", is_staff=True)
    player = player_for_user(username="host")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(player=player, label='test')}")
    return player, client


def read(client: APIClient, path: str):
    response = client.get(f"/api/v1/{path}")
    if response.streaming:
        return response.status_code, b"".join(response.streaming_content)
    body = response.json()
    if isinstance(body, dict):  # what depends on the moment it was read
        body.pop("server_time", None), body.pop("replay_url", None)
    return response.status_code, body


def reads(client: APIClient, path: str) -> tuple[tuple, list[str], list[str]]:
    """The answer to GET `path`, and the statements it ran on the primary and the replica."""
    with (
        CaptureQueriesContext(connections["default"]) as on_primary,
        CaptureQueriesContext(connections[REPLICA]) as on_replica,
    ):
        answer = read(client, path)
    return answer, [q["sql"] for q in on_primary], [q["sql"] for q in on_replica]


def test_an_ended_games_export_replay_audit_and_seal_are_read_on_the_replica(replica, staff):
    player, client = staff
    game = finished_game(player, seats=2)
    expected = {path: read(client, f"games/{game.id}/{path}") for path in ENDED_GAME_READS}
    replica.catch_up()

    for path in ENDED_GAME_READS:
        answer, on_primary, on_replica = reads(client, f"games/{game.id}/{path}")

        assert answer == expected[path] and answer[0] == 200, path
        read_there = "games_game" if path == "seal" else "games_gameevent"  # head / log
        assert any(read_there in sql for sql in on_replica), path
        assert not any("games_game" in sql for sql in on_primary), (path, on_primary)


def test_a_game_whose_end_the_replica_has_not_replayed_is_read_on_the_primary(replica, staff):
    player, client = staff
    replica.catch_up()
    replica.pause()
    game = finished_game(player, seats=2)  # ended on the primary only

    answer, on_primary, on_replica = reads(client, f"games/{game.id}/export")

    assert answer[0] == 200 and answer[1].count(b"\n") == game.version + 1  # header + events
    assert len(on_replica) == 1  # the head row, not found there
    assert any("games_gameevent" in sql for sql in on_primary)
    replica.resume()


def test_records_read_the_replica_but_a_players_own_and_every_token_the_primary(replica, staff):
    _, client = staff
    replica.catch_up()
    replica.pause()
    ann, ann_token = player_register(name="ann")  # on the primary only
    ann_client = APIClient()
    ann_client.credentials(HTTP_AUTHORIZATION=f"Bearer {ann_token}")

    own, _, own_on_replica = reads(ann_client, f"players/{ann.id}")
    someone_elses, _, on_replica = reads(client, f"players/{ann.id}")
    leaderboard, _, board_on_replica = reads(ann_client, "leaderboards/classic")

    assert own[0] == 200 and own_on_replica == []  # her token and her record: the primary
    assert someone_elses[0] == 404 and on_replica  # not replayed there yet
    assert leaderboard[0] == 200 and board_on_replica
    replica.resume()
    replica.catch_up()
    assert reads(client, f"players/{ann.id}")[0] == own


def test_lobby_and_games_being_played_never_read_the_replica(replica, staff):
    player, client = staff
    game = services.game_create(
        host=player, seats=2, rules={"preset": "classic"}, bots=[{"strategy": "greedy"}]
    )
    services.game_start(game_id=game.id, player=player)
    replica.catch_up()

    for path in ("games", f"games/{game.id}", f"games/{game.id}/events", f"games/{game.id}/export"):
        answer, _, on_replica = reads(client, path)
        assert answer[0] == 200, (path, answer)
        assert len(on_replica) <= 1 and not any("games_gameevent" in s for s in on_replica), path
