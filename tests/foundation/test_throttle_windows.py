"""The throttles' sliding windows: DRF's, kept in any cache, and the same window kept in
Redis by one script a request (unoservice.rate_limits.WindowInOneTrip). Both must
decide, report (`RateLimit-*`) and advise (`Retry-After`) alike."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django_redis.cache import RedisCache

from unoservice import env
from unoservice.rate_limits import ReportsRateLimit, WindowInOneTrip


class Clock:
    def __init__(self, start: float = 1_800_000_000.25):
        self.now = start

    def __call__(self) -> float:
        return self.now


class ThreePerMinute(ReportsRateLimit, WindowInOneTrip):
    def __init__(self, cache, clock: Clock, key: str):
        self.cache, self.timer, self._key = cache, clock, key
        self.rate = "3/minute"
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def get_cache_key(self, request, view) -> str:
        return self._key


def redis_cache(redis_url: str) -> RedisCache:
    config = env.cache(redis_url, Path("/nonexistent"))["default"]
    return RedisCache(redis_url, {**config, "KEY_PREFIX": uuid.uuid4().hex})


def decisions(cache, offsets: list[float]) -> list[tuple]:
    clock, key = Clock(), f"throttle_test_{uuid.uuid4().hex}"
    start, seen = clock.now, []
    for offset in offsets:
        clock.now = start + offset
        throttle, request = ThreePerMinute(cache, clock, key), SimpleNamespace()
        allowed = throttle.allow_request(request, None)
        wait = None if allowed else throttle.wait()
        seen.append((offset, allowed, request.rate_limit, wait))
    return seen


def test_the_window_in_redis_decides_reports_and_advises_as_drfs_does(redis_url):
    offsets = [0, 1, 2.5, 3, 59.9, 60, 60.5, 61, 62.5, 63, 130]

    in_redis = decisions(redis_cache(redis_url), offsets)
    drfs = decisions(LocMemCache(f"test-{uuid.uuid4().hex}", {}), offsets)

    assert in_redis == drfs
    assert [allowed for _, allowed, _, _ in drfs] == [
        True, True, True, False, False, True, False, True, True, False, True,
    ]  # fmt: skip
    assert drfs[3][2].remaining == 0 and drfs[3][3] == pytest.approx(57)  # the first leaves at 60


def test_the_window_in_redis_counts_requests_made_at_once_exactly(redis_url):
    """Fifty allowed among 80 requests from 8 threads, all within the window: the script
    checks and records in one step, where a read and a write apart could both pass."""
    cache, clock, key = redis_cache(redis_url), Clock(), f"throttle_test_{uuid.uuid4().hex}"

    class FiftyPerMinute(ThreePerMinute):
        def __init__(self, *args):
            super().__init__(*args)
            self.num_requests = 50

    def ask(_) -> bool:
        return FiftyPerMinute(cache, clock, key).allow_request(SimpleNamespace(), None)

    with ThreadPoolExecutor(8) as pool:
        allowed = list(pool.map(ask, range(80)))

    assert allowed.count(True) == 50
