"""The Redis cache the web processes share (throttle counters), as Django ships it with
two changes: values are JSON, not pickle (whoever can write to Redis must not be able to
run code in the service), and an unreachable Redis costs a logged warning, not the
request: reads miss and writes are dropped, so throttles let requests through until
Redis answers again, when they count as before."""

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


class RedisCache(django_redis.RedisCache):
    _last_warning = 0.0

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
