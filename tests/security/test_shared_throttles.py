"""Throttles hold across processes: two separate processes, each with its own cache
clients, count against one limit, in Redis (production) and in the data folder (embedded,
for the per-address registration limit). With each process counting alone (locmem://)
the same two processes get past the limit, which shows that the test can tell."""

from __future__ import annotations

import json
import random
import re

import pytest
import redis

# One process: `count` requests to POST /api/v1/players from one address (an empty name,
# so a 400 that writes nothing until the limit makes it a 429), then `count` checks of a
# signed-in player's `reads` throttle; prints both lists of outcomes as JSON.
CLIENT = """
import json
from django.test import Client
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory
from rest_framework.throttling import ScopedRateThrottle

class View:
    throttle_scope = "reads"

class Someone:
    is_authenticated = True
    pk = {player}

client = Client(REMOTE_ADDR="{address}", HTTP_HOST="localhost")
posts = [
    client.post("/api/v1/players", {{"name": ""}}, content_type="application/json").status_code
    for _ in range({count})
]
request = Request(APIRequestFactory().get("/api/v1/games", REMOTE_ADDR="{address}"))
request.user = Someone()
reads = [ScopedRateThrottle().allow_request(request, View()) for _ in range({count})]
print(json.dumps({{"posts": posts, "reads": reads}}))
"""

LIMITS = {"UNO_THROTTLE_ANON": "4/minute", "UNO_THROTTLE_READS": "4/minute"}


@pytest.fixture
def client_process(manage, child_env, tmp_path):
    """client_process(count, **env) -> the outcomes of one new process's requests; all
    processes of a test share one client address, one player and one data folder."""
    address = f"198.51.100.{random.randint(1, 254)}"
    player = random.randint(10**6, 10**9)

    def run(count: int, **env: str | None) -> dict:
        code = CLIENT.format(address=address, player=player, count=count)
        environment = child_env(
            UNO_DATA_DIR=str(tmp_path),
            DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
            UNO_MODE=None,
            **LIMITS,
            **env,
        )
        result = manage("shell", "-c", code, env=environment)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout.strip().splitlines()[-1])

    return run


def test_two_processes_count_against_one_limit_in_redis(client_process, redis_url):
    first = client_process(3, UNO_CACHE_URL=redis_url)
    second = client_process(2, UNO_CACHE_URL=redis_url)

    assert first == {"posts": [400, 400, 400], "reads": [True, True, True]}
    assert second == {"posts": [400, 429], "reads": [True, False]}
    # Nothing stored is unpickled: whoever can write to Redis cannot make the service run
    # anything. Our throttles keep their windows as sorted sets (times as scores, random
    # ids as members, read by one script); DRF's own class keeps a JSON list.
    connection = redis.Redis.from_url(redis_url)
    keys = connection.keys("*throttle_*")
    kinds = {connection.type(key) for key in keys}
    assert kinds == {b"zset", b"string"}
    for key in keys:
        if connection.type(key) == b"zset":
            members = connection.zrange(key, 0, -1)
            assert members and all(re.fullmatch(rb"[0-9a-f]{16}", m) for m in members)
        else:
            assert isinstance(json.loads(connection.get(key)), list)


def test_embedded_processes_share_the_registration_limit_through_the_data_folder(
    client_process, tmp_path
):
    first = client_process(3, UNO_CACHE_URL=None)
    second = client_process(2, UNO_CACHE_URL=None)

    assert first["posts"] == [400, 400, 400]
    assert second["posts"] == [400, 429]
    assert (tmp_path / "cache").is_dir()


def test_processes_that_count_alone_would_each_get_the_whole_limit(client_process):
    client_process(3, UNO_CACHE_URL="locmem://")
    second = client_process(2, UNO_CACHE_URL="locmem://")

    assert second == {"posts": [400, 400], "reads": [True, True]}
