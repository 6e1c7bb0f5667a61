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
        history = getattr(self, "history", None)
        if history is not None and getattr(self, "num_requests", None):
            _note(request, self._figures())
        return allowed

    def _figures(self) -> RateLimit:
        left = max(0, self.num_requests - len(self.history))
        oldest = self.history[-1] if self.history else self.now
        wait = max(0, math.ceil(oldest + self.duration - self.now))
        return RateLimit(remaining=left, wait=wait, limit=self.num_requests)


class ScopedRateThrottle(ReportsRateLimit, throttling.ScopedRateThrottle):
    pass


class AnonRateThrottle(ReportsRateLimit, throttling.AnonRateThrottle):
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
