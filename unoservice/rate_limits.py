"""Rate limits a client can see: `RateLimit-Limit`, `RateLimit-Remaining` and
`RateLimit-Reset` on every response of a throttled endpoint.

The throttles are DRF's sliding windows; each one that applies to a request reports its
figures on the request, and the middleware writes the most restrictive one (the fewest
requests left, then the longest wait) into the response. `RateLimit-Reset` is the
seconds until the oldest request in the window leaves it, which frees the next request;
on a 429 it equals DRF's `Retry-After`.
"""

from __future__ import annotations

import logging
import math
import secrets
from dataclasses import dataclass

from asgiref.sync import iscoroutinefunction
from django.utils.decorators import sync_and_async_middleware
from redis.exceptions import RedisError
from rest_framework import throttling

from unoservice.logs import CACHE_LOGGER

logger = logging.getLogger(CACHE_LOGGER)

#: A sliding window of requests: the times of the requests of the last `duration` seconds
#: as a sorted set. Drops those older (at or before now - duration, as DRF does), records
#: this one if fewer than `limit` remain; returns recorded (0 or 1), the count, and the
#: oldest time or false. A Lua function, so that other scripts can count a window in the
#: same round trip as what they do (players.owner_cache).
SLIDING_WINDOW_FUNCTION = """
local function sliding_window(key, now, duration, limit, member)
    redis.call('ZREMRANGEBYSCORE', key, '-inf', now - duration)
    local count = redis.call('ZCARD', key)
    local recorded = 0
    if count < limit then
        redis.call('ZADD', key, now, member)
        count = count + 1
        recorded = 1
    end
    if count > 0 then
        redis.call('PEXPIRE', key, math.ceil(duration * 1000))
    end
    return recorded, count, redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2] or false
end
"""

_SLIDING_WINDOW = (
    SLIDING_WINDOW_FUNCTION
    + """
local recorded, count, oldest = sliding_window(
    KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4])
return {recorded, count, oldest}
"""
)


@dataclass(frozen=True)
class RateLimit:
    remaining: int
    wait: int  # seconds until the window frees a request
    limit: int

    def is_tighter_than(self, other: RateLimit | None) -> bool:
        return other is None or (self.remaining, -self.wait) < (other.remaining, -other.wait)

    def headers(self) -> dict[str, str]:
        return {
            "RateLimit-Limit": str(self.limit),
            "RateLimit-Remaining": str(self.remaining),
            "RateLimit-Reset": str(self.wait),
        }


class ReportsRateLimit:
    """A mixin for DRF's SimpleRateThrottle kinds: after deciding, note the window's
    figures on the request."""

    def allow_request(self, request, view) -> bool:
        allowed = super().allow_request(request, view)
        if getattr(self, "window", None) is not None and getattr(self, "num_requests", None):
            _note(request, self._figures())
        return allowed

    def _figures(self) -> RateLimit:
        count, oldest = self.window
        left = max(0, self.num_requests - count)
        wait = max(0, math.ceil(oldest + self.duration - self.now))
        return RateLimit(remaining=left, wait=wait, limit=self.num_requests)


class WindowInOneTrip(throttling.SimpleRateThrottle):
    """DRF's sliding window, checked and recorded in one round trip when the throttle's
    cache is Redis (django-redis), and atomically: DRF reads the window's list of times
    and writes it back, two round trips and a JSON list of up to a whole window's
    requests, and two processes doing so at once could count one request. With any other
    cache, DRF's own. Either way it leaves `window`: (requests in the window, the oldest
    one's time)."""

    def allow_request(self, request, view) -> bool:
        redis = getattr(self.cache, "client", None)
        if redis is None:
            allowed = super().allow_request(request, view)
            history = getattr(self, "history", None)
            if history is not None:
                self.window = (len(history), history[-1] if history else self.now)
            return allowed
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        # make_key, not make_and_validate_key: the validation only warns of keys that
        # memcached would refuse, and cost about 1% of a move under cProfile.
        counted = _counted_already(request, self.cache.make_key(f"{self.key}:window"))
        if counted is not None:
            self.now, found = counted
        else:
            self.now = self.timer()
            found = sliding_window(
                self.cache, f"{self.key}:window", self.now, self.duration, self.num_requests
            )
        if found is None:  # Redis unreachable: requests go through uncounted (logged)
            return True
        recorded, count, oldest = found
        self.window = (count, self.now if oldest is None else oldest)
        return recorded

    def wait(self) -> float | None:
        """DRF's `wait`, from the window."""
        count, oldest = self.window
        remaining = self.duration - (self.now - oldest) if count else self.duration
        available = self.num_requests - count + 1
        return None if available <= 0 else remaining / available


class ScopedRateThrottle(ReportsRateLimit, throttling.ScopedRateThrottle, WindowInOneTrip):
    def planned_window(self, view) -> PlannedWindow | None:
        """This throttle's window for a signed-in caller of `view`, before the caller is
        known (None when it does not count in Redis or `view` has no rate)."""
        if getattr(self.cache, "client", None) is None:
            return None
        scope = getattr(view, self.scope_attr, None)
        rate = self.THROTTLE_RATES.get(scope) if scope else None
        if rate is None:
            return None
        limit, duration = self.parse_rate(rate)
        key = self.cache.make_key(
            self.cache_format % {"scope": scope, "ident": _CALLER} + ":window"
        )
        prefix, _, suffix = str(key).partition(_CALLER)
        return PlannedWindow(prefix, suffix, float(duration), limit)


class AnonRateThrottle(ReportsRateLimit, throttling.AnonRateThrottle, WindowInOneTrip):
    pass


def sliding_window(
    cache, key: str, now: float, duration: float, limit: int
) -> tuple[bool, int, float | None] | None:
    """Record a request at `now` under `key` of a django-redis `cache` unless `limit` were
    made in the last `duration` seconds: (recorded, requests in the window, the oldest
    one's time), in one atomic round trip; None when Redis cannot be reached (logged)."""
    try:
        script = getattr(cache, "_uno_sliding_window", None)
        if script is None:
            script = cache.client.get_client(write=True).register_script(_SLIDING_WINDOW)
            cache._uno_sliding_window = script  # the client, and so the script, is kept
        recorded, count, oldest = script(
            keys=[cache.make_key(key)],
            args=[repr(now), repr(float(duration)), limit, secrets.token_hex(8)],
        )
    except RedisError:
        logger.warning("the cache (Redis) is unreachable", exc_info=True)
        return None
    return bool(recorded), int(count), None if oldest is None else float(oldest)


_CALLER = "{caller}"


@dataclass(frozen=True)
class PlannedWindow:
    """A throttle's sliding window for a caller not yet known: its key is `prefix`, the
    caller's id, `suffix`. A script that learns the caller (players.owner_cache) counts
    the request in it and hands the outcome over with `count_already`."""

    prefix: str
    suffix: str
    duration: float
    limit: int

    def key(self, caller) -> str:
        return f"{self.prefix}{caller}{self.suffix}"


def count_already(request, key: str, now: float, found: tuple[bool, int, float | None]):
    """Note that this request was counted in window `key` at `now`, with the outcome
    `found` (`sliding_window`'s), for the throttle that checks that window later."""
    http_request = getattr(request, "_request", request)
    http_request.__dict__.setdefault("_counted_windows", {})[key] = (now, found)


def _counted_already(request, key: str):
    counted = getattr(request, "_request", request).__dict__.get("_counted_windows")
    return counted.pop(key, None) if counted else None


def _note(request, figures: RateLimit) -> None:
    http_request = getattr(request, "_request", request)
    if figures.is_tighter_than(getattr(http_request, "rate_limit", None)):
        http_request.rate_limit = figures


@sync_and_async_middleware
def rate_limit_headers_middleware(get_response):
    if iscoroutinefunction(get_response):

        async def add_async(request):
            return _with_headers(request, await get_response(request))

        return add_async

    def add_sync(request):
        return _with_headers(request, get_response(request))

    return add_sync


def _with_headers(request, response):
    figures = getattr(request, "rate_limit", None)
    if figures is not None:
        for name, value in figures.headers().items():
            response[name] = value
    return response
