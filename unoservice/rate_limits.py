"""Rate limits a client can see: `RateLimit-Limit`, `RateLimit-Remaining` and
`RateLimit-Reset` on every response of a throttled endpoint.

The throttles are DRF's sliding windows; each one that applies to a request reports its
figures on the request, and the middleware writes the most restrictive one (the fewest
requests left, then the longest wait) into the response. `RateLimit-Reset` is the
seconds until the oldest request in the window leaves it, which frees the next request;
on a 429 it equals DRF's `Retry-After`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from asgiref.sync import iscoroutinefunction
from django.utils.decorators import sync_and_async_middleware
from rest_framework import throttling


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
    cache is the Redis one (unoservice.cache.RedisCache.sliding_window), and atomically:
    DRF reads the window's list of times and writes it back, two round trips and a JSON
    list of up to a whole window's requests, and two processes doing so at once could
    count one request. With any other cache, DRF's own. Either way it leaves `window`:
    (requests in the window, the oldest one's time)."""

    def allow_request(self, request, view) -> bool:
        sliding_window = getattr(self.cache, "sliding_window", None)
        if sliding_window is None:
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
        self.now = self.timer()
        found = sliding_window(f"{self.key}:window", self.now, self.duration, self.num_requests)
        if found is None:  # Redis unreachable: requests go through uncounted (warned)
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
    pass


class AnonRateThrottle(ReportsRateLimit, throttling.AnonRateThrottle, WindowInOneTrip):
    pass


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
