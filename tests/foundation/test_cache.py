"""The Redis cache behind the throttles, as unoservice.env configures django-redis: JSON
instead of pickle, one client shared by threads, and an outage that costs a line a
minute, not the request."""

from __future__ import annotations

import json
import logging
import logging.config
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from django_redis.cache import RedisCache

from unoservice import env, logs
from unoservice.rate_limits import sliding_window


def configured_cache(url: str, tmp_path) -> RedisCache:
    config = env.cache(url, tmp_path)["default"]
    return RedisCache(config["LOCATION"], {**config, "KEY_PREFIX": uuid.uuid4().hex})


def test_values_are_json_in_redis_and_integers_stay_integers(redis_url, tmp_path):
    cache = configured_cache(redis_url, tmp_path)
    raw = cache.client.get_client(write=True)

    cache.set("window", [1.5, 2.25], 60)
    cache.set("count", 3, 60)

    assert json.loads(raw.get(cache.make_and_validate_key("window"))) == [1.5, 2.25]
    assert cache.get("window") == [1.5, 2.25]
    assert cache.incr("count") == 4


def test_a_pickled_value_in_redis_is_refused_not_unpickled(redis_url, tmp_path):
    cache = configured_cache(redis_url, tmp_path)
    pickled = b"\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00]\x94K\x01a."
    cache.client.get_client(write=True).set(cache.make_and_validate_key("planted"), pickled)

    with pytest.raises(ValueError):
        cache.get("planted")


class Lines(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


def test_an_unreachable_redis_makes_reads_miss_writes_vanish_and_throttles_pass(
    get_free_port, tmp_path, monkeypatch, settings
):
    monkeypatch.setattr(logging.getLogger(logs.CACHE_LOGGER), "filters", [])
    logging.config.dictConfig(settings.LOGGING)  # as every process of the service starts
    cache = configured_cache(f"redis://127.0.0.1:{get_free_port()}/0", tmp_path)
    lines = Lines()
    logging.getLogger(logs.CACHE_LOGGER).addHandler(lines)
    try:
        cache.set("throttle_anon_1", [1.0], 60)
        found = cache.get("throttle_anon_1", [])
        window = sliding_window(cache, "throttle_anon_1:window", 1.0, 60, 3)
    finally:
        logging.getLogger(logs.CACHE_LOGGER).removeHandler(lines)

    assert found == [] and window is None
    assert len(lines.records) == 1  # one line a minute, not one per request
    line = lines.records[0]
    assert line.getMessage().startswith(
        "the cache (Redis) is unreachable, throttles are not counting: Error 111"
    )
    assert line.levelname == "WARNING" and line.exc_info is None


def test_the_cache_keeps_one_redis_client_shared_by_threads(redis_url, tmp_path):
    """Throttles read and write the cache on every request: the client is made once,
    not for every call, and threads share it."""
    cache = configured_cache(redis_url, tmp_path)

    def count_up(n: int) -> list:
        key = f"test-cache-thread-{n}"
        cache.set(key, [n], 60)
        return cache.get(key)

    with ThreadPoolExecutor(8) as pool:
        values = list(pool.map(count_up, range(40)))

    assert values == [[n] for n in range(40)]
    client = cache.client.get_client(write=True)
    assert cache.client.get_client(write=True) is client
    assert cache.client.get_client(write=False) is client  # one server: one client
