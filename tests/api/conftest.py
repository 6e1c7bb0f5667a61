"""Fixtures for the HTTP API tests: clients, players, staff, and games set up over HTTP.

Registration over HTTP is throttled per IP (30/minute), so helpers that need many players
create them with `players.services.player_register`; tests of registration itself use
`register`. Django's caches (throttle counters) are cleared around every test.
"""

from __future__ import annotations

import os

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient

from players.services import player_for_user, player_register, token_issue

from . import problem_codes

PROBLEM_FIELDS = {"type", "title", "status", "detail", "code"}

#: No timers: tests decide when things happen, not a clock.
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}


class Seated:
    """A player as a test drives it: its player row, token and authenticated client."""

    def __init__(self, player, token: str):
        self.player = player
        self.token = token
        self.client = APIClient()
        self.client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")

    @property
    def id(self) -> str:
        return str(self.player.id)

    def get(self, path: str, **kwargs):
        return self.client.get(path, **kwargs)

    def post(self, path: str, data=None, **kwargs):
        return self.client.post(path, data, format="json", **kwargs)

    def patch(self, path: str, data=None, **kwargs):
        return self.client.patch(path, data, format="json", **kwargs)

    def act(self, game_id, body, **kwargs):
        return self.post(f"/api/v1/games/{game_id}/actions", body, **kwargs)

    def view(self, game_id) -> dict:
        response = self.get(f"/api/v1/games/{game_id}")
        assert response.status_code == 200, response.content
        return response.json()

    def legal(self, game_id) -> list[dict]:
        response = self.get(f"/api/v1/games/{game_id}/legal-actions")
        assert response.status_code == 200, response.content
        return response.json()["actions"]


def assert_problem(response, status: int, code: str) -> dict:
    """The response is an RFC 9457 problem with this status and code; returns its body."""
    assert response.status_code == status, (response.status_code, response.content)
    assert response["Content-Type"].startswith("application/problem+json"), response["Content-Type"]
    body = response.json()
    assert set(body) >= PROBLEM_FIELDS, body
    assert body["status"] == status
    assert body["code"] == code, body
    assert body["type"].endswith(code)
    return body


def pytest_configure(config):
    problem_codes.install()


@pytest.fixture(autouse=True)
def _record_problem_codes():
    """The problem codes this test's requests get (checked at the end of the run)."""
    problem_codes.RECORDING = True
    yield
    problem_codes.RECORDING = False


def pytest_sessionfinish(session, exitstatus):
    """Every problem code seen is documented for its operation; after a run of every API
    test, the documented codes no test produced are listed (tests/api/problem_codes.py).
    A worker of a run split over processes hands what it saw to the controller instead."""
    folder = os.environ.get(problem_codes.SHARED_FOLDER)
    if folder and hasattr(session.config, "workerinput"):
        problem_codes.save_for_controller(session, folder)
        return
    if problem_codes.SEEN:
        problem_codes.report(session, whole_api_run=problem_codes.every_api_module_ran(session))


@pytest.fixture(autouse=True)
def _clear_cache():
    """Throttle counters live in the caches: every test starts with none."""
    clear_throttles()
    yield
    clear_throttles()


def clear_throttles() -> None:
    for alias in ("default", "shared"):
        caches[alias].clear()


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def register(api_client):
    """register(name) -> the 201 response of POST /api/v1/players (JSON body)."""

    def _register(name: str):
        return api_client.post("/api/v1/players", {"name": name}, format="json")

    return _register


@pytest.fixture
def auth():
    """auth(client, token): the client sends `Authorization: Bearer <token>` from now on."""

    def _auth(client: APIClient, token: str) -> APIClient:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        return client

    return _auth


@pytest.fixture
def make_player(db):
    """make_player(name) -> a Seated player, created directly (no registration throttle)."""

    def _make(name: str = "player") -> Seated:
        player, token = player_register(name=name)
        return Seated(player, token)

    return _make


@pytest.fixture
def players(make_player):
    """Four players, ann, bob, cid and dee."""
    return [make_player(name) for name in ("ann", "bob", "cid", "dee")]


@pytest.fixture
def ann(players):
    return players[0]


@pytest.fixture
def bob(players):
    return players[1]


@pytest.fixture
def cid(players):
    return players[2]


@pytest.fixture
def dee(players):
    return players[3]


@pytest.fixture
def staff(db, django_user_model) -> Seated:
    """A staff player: a Django superuser with a player and a token."""
    # No password: hashing one costs about a second per test, and the API never uses it.
    django_user_model.objects.create_user("root", is_staff=True, is_superuser=True)
    player = player_for_user(username="root")
    return Seated(player, token_issue(player=player, label="tests"))


@pytest.fixture
def create_game():
    """create_game(host, seats=2, **body) -> the created game's view (201 checked)."""

    def _create(host: Seated, seats: int = 2, **body) -> dict:
        body = {"seats": seats, "timers": NO_TIMERS, **body}
        response = host.post("/api/v1/games", body)
        assert response.status_code == 201, response.content
        return response.json()

    return _create


@pytest.fixture
def started_game(create_game):
    """started_game(host, others, **body) -> the started game's view as the host sees it.

    The host creates a game with 1 + len(others) seats, the others join in order (seats
    1, 2, …), and the host starts it. `body` goes to POST /games (rules, position, …)."""

    def _start(host: Seated, others: list[Seated], **body) -> dict:
        game = create_game(host, seats=1 + len(others), **body)
        for other in others:
            joined = other.post(
                f"/api/v1/games/{game['id']}/join",
                {"invite_code": game["invite_code"]} if "invite_code" in game else {},
            )
            assert joined.status_code == 200, joined.content
        started = host.post(f"/api/v1/games/{game['id']}/start")
        assert started.status_code == 200, started.content
        return started.json()

    return _start
