"""The Redis cache the web processes share (throttle counters), as Django ships it with
three changes: values are JSON, not pickle (whoever can write to Redis must not be able
to run code in the service); an unreachable Redis costs a logged warning, not the
request: reads miss and writes are dropped, so throttles let requests through until
Redis answers again, when they count as before; and one Redis client is kept per
connection pool instead of one made for every call. It also keeps the throttles' sliding
windows (`sliding_window`): one script a request instead of a get and a set."""

from __future__ import annotations

import json
import logging
import secrets
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


#: A sliding window of requests: the times of the requests of the last `duration` seconds
#: as a sorted set. Drops those older (at or before now - duration, as DRF does), records
#: this one if fewer than `limit` remain; returns {recorded, count, oldest time or nil}.
_SLIDING_WINDOW = """
local key, now = KEYS[1], tonumber(ARGV[1])
local duration, limit = tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - duration)
local count = redis.call('ZCARD', key)
local recorded = 0
if count < limit then
    redis.call('ZADD', key, now, ARGV[4])
    count = count + 1
    recorded = 1
end
if count > 0 then
    redis.call('PEXPIRE', key, math.ceil(duration * 1000))
end
return {recorded, count, redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2] or false}
"""


class RedisCache(django_redis.RedisCache):
    _last_warning = 0.0

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ClientPerPool
        self._window_script = None

    def sliding_window(
        self, key: str, now: float, duration: float, limit: int
    ) -> tuple[bool, int, float | None] | None:
        """Record a request at `now` under `key` unless `limit` were made in the last
        `duration` seconds: (recorded, requests in the window, the oldest one's time), in
        one atomic round trip; None when Redis cannot be reached (warned)."""
        try:
            if self._window_script is None:
                client = self._cache.get_client(write=True)
                self._window_script = client.register_script(_SLIDING_WINDOW)
            recorded, count, oldest = self._window_script(
                keys=[self.make_and_validate_key(key)],
                args=[repr(now), repr(float(duration)), limit, secrets.token_hex(8)],
            )
        except RedisError as exc:
            self._warn(exc)
            return None
        return bool(recorded), int(count), None if oldest is None else float(oldest)

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
