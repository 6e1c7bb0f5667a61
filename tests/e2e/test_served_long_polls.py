"""Long-polls against the real web server, as bin/serve and compose run it (gunicorn,
unoservice.gunicorn_conf, two worker processes) on PostgreSQL: 200 waiting clients hold
no thread of the server's, a move wakes every one of them, a client that goes away gives
its slot back, and stopping the server answers the waiting ones at once."""

from __future__ import annotations

import asyncio
import http.client
import json
import signal
import time
from pathlib import Path

import pytest
from conftest import Gunicorn

from games.live.slots import FileSlots
from players.services import player_register

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

API = "/api/v1"
POOL_THREADS = 4
WORKERS = 2
POSITION = {
    "hands": {"0": ["red-5", "blue-7", "wild"], "1": ["green-3", "yellow-4", "red-9"]},
    "discard": ["red-3"],
    "to_act": 0,
}


class Server(Gunicorn):
    def request(self, method: str, path: str, token=None, body=None, headers=None):
        """(status, parsed body) over a connection of its own."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            return send(connection, method, path, token, body, headers)
        finally:
            connection.close()

    def worker_threads(self) -> dict[int, int]:
        """Threads of each worker process (the master's children)."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        pids = [int(pid) for pid in children.read_text().split()]
        return {pid: len(list(Path(f"/proc/{pid}/task").iterdir())) for pid in pids}

    def slots_held(self, player) -> int:
        return FileSlots(self.data_dir / "streams.sqlite3", 20).held(player.pk)


def send(connection, method, path, token=None, body=None, headers=None):
    headers = dict(headers or {})
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    raw = response.read()
    return response.status, json.loads(raw) if raw else None


@pytest.fixture
def server(serve_gunicorn):
    # Registrations keep their real limit: a test counts them.
    served = serve_gunicorn(workers=WORKERS, WEB_THREADS=str(POOL_THREADS), UNO_THROTTLE_ANON=None)
    return Server(served.process, served.port, served.log, served.data_dir, served.env)


def start_game(server: Server, staff_token: str, other_token: str) -> tuple[str, int]:
    body = {"seats": 2, "timers": {"turn_seconds": None}, "position": POSITION}
    status, game = server.request("POST", f"{API}/games", staff_token, body)
    assert status == 201, game
    assert server.request("POST", f"{API}/games/{game['id']}/join", other_token, {})[0] == 200
    status, game = server.request("POST", f"{API}/games/{game['id']}/start", staff_token, {})
    assert status == 200, game
    return game["id"], game["version"]


def staff_token() -> str:
    from django.contrib.auth import get_user_model

    from players.services import player_for_user, token_issue

    get_user_model().objects.create_user("root", is_staff=True, is_superuser=True)
    return token_issue(player=player_for_user(username="root"), label="tests")


async def open_poll(port: int, path: str, token: str):
    """A long-poll sent on a connection of its own: (reader, writer)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
        "Connection: close\r\n\r\n".encode()
    )
    await writer.drain()
    return reader, writer


async def answer_of(reader, writer) -> tuple[int, dict]:
    raw = await reader.read()
    writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


async def until(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


def test_200_waiting_clients_hold_no_server_thread_and_a_move_wakes_them_all(server):
    staff = staff_token()
    pollers = [player_register(name=f"poller{i}") for i in range(10)]
    game_id, version = start_game(server, staff, pollers[0][1])
    path = f"{API}/games/{game_id}/events?after={version}&wait=30"
    idle_threads = server.worker_threads()

    async def scenario():
        polls = [
            await open_poll(server.port, path, token) for _, token in pollers for _ in range(20)
        ]
        await until(
            lambda: sum(server.slots_held(player) for player, _ in pollers) == 200,
            30,
            "200 polls to wait",
        )
        threads = server.worker_threads()
        started = time.monotonic()
        health = await asyncio.to_thread(server.request, "GET", f"{API}/health")
        health_took = time.monotonic() - started
        move = {"type": "play", "card": "red-5"}
        moved = await asyncio.to_thread(
            server.request, "POST", f"{API}/games/{game_id}/actions", staff, move
        )
        answers = await asyncio.wait_for(asyncio.gather(*(answer_of(*p) for p in polls)), 30)
        return threads, health, health_took, moved, answers

    threads, health, health_took, moved, answers = asyncio.run(scenario())

    assert moved[0] == 200, moved
    assert health[0] == 200 and health_took < 5
    assert len(answers) == 200
    assert {status for status, _ in answers} == {200}
    assert all(body["events"][0]["type"] == "card_played" for _, body in answers)
    # Per worker: its event loop, the pool, the version watch and the few of its own that
    # uvicorn and Python start; none per waiting client.
    print(f"threads per worker: idle {idle_threads}, with 200 waiting {threads}")
    for pid, count in threads.items():
        assert count <= POOL_THREADS + 4, (pid, count, idle_threads, server.output()[-2000:])
    assert sum(threads.values()) - sum(idle_threads.get(p, 0) for p in threads) < 20


def test_a_client_that_goes_away_gives_its_slot_back_and_stopping_answers_the_rest(server):
    staff = staff_token()
    ann, ann_token = player_register(name="ann")
    game_id, version = start_game(server, staff, ann_token)
    path = f"{API}/games/{game_id}/events?after={version}&wait=30"

    async def scenario():
        leaving = await open_poll(server.port, path, ann_token)
        await until(lambda: server.slots_held(ann) == 1, 10, "the poll to wait")
        leaving[1].close()
        await until(lambda: server.slots_held(ann) == 0, 10, "the slot to come back")

        staying = [await open_poll(server.port, path, ann_token) for _ in range(5)]
        await until(lambda: server.slots_held(ann) == 5, 10, "5 polls to wait")
        stopped = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        answers = await asyncio.wait_for(asyncio.gather(*(answer_of(*p) for p in staying)), 10)
        return answers, time.monotonic() - stopped

    answers, took = asyncio.run(scenario())

    assert [status for status, _ in answers] == [200] * 5
    assert all(body["events"] == [] and body["version"] == version for _, body in answers)
    assert took < 3, f"waiting polls answered {took:.1f}s after the stop began"
    assert server.process.wait(timeout=15) == 0, server.output()[-3000:]


def test_the_server_keeps_the_connections_peer_address_for_the_throttles(server):
    """uvicorn rewrites the client's address from X-Forwarded-For by default; this server
    does not, so 31 registrations with forged addresses still hit the 30/minute limit."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    statuses = [
        send(
            connection,
            "POST",
            f"{API}/players",
            body={"name": f"forger{n}"},
            headers={"X-Forwarded-For": f"203.0.113.{n}"},
        )[0]
        for n in range(31)
    ]
    connection.close()

    assert statuses == [201] * 30 + [429]
