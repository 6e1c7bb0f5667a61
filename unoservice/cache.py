"""The Redis cache the web processes share (throttle counters), as Django ships it with
three changes: values are JSON, not pickle (whoever can write to Redis must not be able
to run code in the service); an unreachable Redis costs a logged warning, not the
request: reads miss and writes are dropped, so throttles let requests through until
Redis answers again, when they count as before; and one Redis client is kept per
connection pool instead of one made for every call."""

from __future__ import annotations

import json
import logging
import time

from django.core.cache.backends import redis as django_redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)
_WARN_EVERY_SECONDS = 60.0


class JsonSerializer:
    """Integers stay integers (Redis increments them in place); the rest is JSON."""

    def dumps(self, value):
        if type(value) is int:
            return value
        return json.dumps(value, separators=(",", ":")).encode()

    def loads(self, data):
        try:
            return int(data)
        except ValueError:
            return json.loads(data)


class ClientPerPool(django_redis.RedisCacheClient):
    """Django's client makes a new `redis.Redis` for every cache call, and making one
    costs about 200 us (its table of response callbacks), more than the round trip
    itself: every request checks its throttles with a get and a set. A `redis.Redis`
    may be shared by threads (each command takes a connection from the pool and gives
    it back), so one is made per pool and kept."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))  # pools are kept for good: ids stay theirs
        if client is None:
            client = self._clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class RedisCache(django_redis.RedisCache):
    _last_warning = 0.0

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ClientPerPool

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except RedisError as exc:
            self._warn(exc)
            return default

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            super().set(key, value, timeout, version)
        except RedisError as exc:
            self._warn(exc)

    def _warn(self, exc: RedisError) -> None:
        now = time.monotonic()
        if now - RedisCache._last_warning >= _WARN_EVERY_SECONDS:
            RedisCache._last_warning = now
            logger.warning("the cache (Redis) is unreachable, throttles are not counting: %s", exc)
