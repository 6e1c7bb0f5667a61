"""bench/load.py is a script, not a test; this checks its parts that need no server: the
figures it prints, its move policy, its goals, the long game it builds (over the API, here
through the test client), and that its bare endpoints exist only under the benchmark's
own URL root."""

from __future__ import annotations

import importlib.util
import random
import sys

import pytest
from django.urls import Resolver404, resolve

from games.log.audit import audit_game
from games.models import Game


@pytest.fixture(scope="module")
def load(repo_dir):
    name = "bench_load_under_test"
    spec = importlib.util.spec_from_file_location(name, repo_dir / "bench" / "load.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the file runs
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(name, None)


def test_percentiles_are_nearest_rank(load):
    values = [i / 1000 for i in range(1, 101)]  # 1 ms .. 100 ms
    random.Random(1).shuffle(values)
    assert load.percentile(values, 0.50) == 0.050
    assert load.percentile(values, 0.99) == 0.099
    assert load.percentile([], 0.5) == 0.0
    summary = load.summarize(values, seconds=2.0)
    assert summary == {
        "count": 100,
        "seconds": 2.0,
        "per_s": 50.0,
        "p50_ms": 50.0,
        "p99_ms": 99.0,
        "max_ms": 100.0,
    }


def test_the_move_policy_prefers_plays(load):
    rng = random.Random(3)
    actions = [{"type": "draw"}, {"type": "play", "card": "red-5"}]
    assert {load.choose_action(actions, rng)["type"] for _ in range(20)} == {"play"}
    assert load.choose_action([{"type": "draw"}], rng) == {"type": "draw"}


def test_goals_pass_and_fail_at_their_bounds(load):
    bare = {"per_s": 200.0, "p99_ms": 40.0}
    reads = {"fresh_game": 6.0, "long_game": 6.0, "bare": 2.0}
    met = load.goals({"per_s": 100.0, "p99_ms": 120.0}, bare, reads)
    assert len(met) == 4 and all(goal["met"] for goal in met.values()), met
    slow = {"fresh_game": 6.1, "long_game": 6.1, "bare": 2.0}
    missed = load.goals({"per_s": 99.0, "p99_ms": 121.0}, bare, slow)
    assert not any(goal["met"] for goal in missed.values()), missed


def test_default_run_is_bounded_in_time(load):
    args = load.parse_args([])
    assert (args.games, args.seats, args.workers) == (8, 2, 4)
    assert args.servers == ["production"]  # docker-compose.yml's web command
    assert args.project_dbs == {"production": "service"}
    assert load.parse_args(["--database", "sqlite"]).servers == ["serve"]
    assert args.seconds + args.warmup <= 30
    assert args.long_events >= 1000 and args.reads >= 200


class ClientHttp:
    """bench/load.py's Http.call over DRF's test client (no server)."""

    def __init__(self):
        from rest_framework.test import APIClient

        self.client = APIClient()

    def call(self, method, path, token=None, body=None, ok=(200,)):
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        send = getattr(self.client, method.lower())
        if body is None:
            response = send(path, **headers)
        else:
            response = send(path, body, format="json", **headers)
        assert response.status_code in ok, (path, response.status_code, response.content)
        return response.json()


@pytest.mark.django_db
def test_the_long_game_is_played_over_the_api_and_audits(load):
    game = load.play_long_game(ClientHttp(), 120, random.Random(5))
    row = Game.objects.get(pk=game.id)
    assert row.version >= 120 and row.status == "active" and game.version == row.version
    assert audit_game(row)["ok"]
    assert len(game.tokens) == 2


def test_the_bare_endpoint_is_not_a_production_route():
    assert resolve("/bench/bare", urlconf="bench.urls").func.view_class.__name__ == "BareApi"
    assert resolve("/bench/bare/7", urlconf="bench.urls").func.view_class.__name__ == "BareRowApi"
    for path in ("/bench/bare", "/bench/bare/7"):
        with pytest.raises(Resolver404):
            resolve(path, urlconf="unoservice.urls")
    # The benchmark's URL root still serves the whole API.
    assert resolve("/api/v1/games", urlconf="bench.urls").url_name == "list"


def test_the_nodelay_launcher_binds_a_socket_asyncio_treats_as_tcp(repo_dir):
    import socket

    import uvicorn.config

    name = "bench_uvicorn_nodelay_under_test"
    spec = importlib.util.spec_from_file_location(name, repo_dir / "bench" / "uvicorn_nodelay.py")
    module = importlib.util.module_from_spec(spec)
    original = uvicorn.config.Config.bind_socket
    try:
        spec.loader.exec_module(module)
        config = uvicorn.config.Config("unoservice.asgi:application", host="127.0.0.1", port=0)
        fixed = module.bind_socket(config)  # uvicorn's own leaves proto 0 (uvicorn#3149)
        assert fixed.proto == socket.IPPROTO_TCP
        assert fixed.getsockname()[0] == "127.0.0.1"
        fixed.close()
    finally:
        uvicorn.config.Config.bind_socket = original
