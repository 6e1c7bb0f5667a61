"""The Redis broker (compose's) publishes with one client per channel: kombu's own
transport builds a new `redis.Redis` for every message, a third of what publishing a
task cost. What it publishes and how a worker reads it are kombu's."""

from __future__ import annotations

import uuid

from kombu import Connection

from unoservice import broker, env


def test_a_redis_broker_url_gets_the_transport_that_keeps_its_client():
    for url in ("redis://127.0.0.1:6379/0", "rediss://cache.example:6380/1"):
        assert env.broker_transport(url) == "unoservice.broker:RedisTransport"


def test_messages_published_with_one_client_arrive_in_order(redis_url):
    queue = f"test-{uuid.uuid4().hex}"
    with Connection(redis_url, transport=broker.RedisTransport) as connection:
        channel = connection.default_channel
        first = channel._create_client()
        for number in range(50):
            channel._put(queue, {"number": number})
        assert channel._create_client() is first
        assert channel._size(queue) == 50
        received = [channel._get(queue)["number"] for _ in range(50)]
        channel._purge(queue)
    assert received == list(range(50))


def test_after_the_pools_are_dropped_a_new_client_uses_the_new_pool(redis_url):
    """As after a fork: kombu drops the channel's pools, and a client kept from before
    would hold the parent's connections."""
    queue = f"test-{uuid.uuid4().hex}"
    with Connection(redis_url, transport=broker.RedisTransport) as connection:
        channel = connection.default_channel
        before = channel._create_client()
        channel._disconnect_pools()
        after = channel._create_client()
        assert after is not before
        assert after.connection_pool is channel.pool is not before.connection_pool
        channel._put(queue, {"number": 1})
        assert channel._get(queue) == {"number": 1}
        channel._purge(queue)
