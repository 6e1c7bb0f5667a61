"""The Redis cache behind the throttles: JSON instead of pickle, and an outage that costs
a warning, not the request."""

from __future__ import annotations

import pytest

from unoservice.cache import JsonSerializer, RedisCache


def test_the_serializer_keeps_integers_for_redis_and_writes_the_rest_as_json():
    serializer = JsonSerializer()

    assert serializer.dumps(3) == 3
    assert serializer.dumps([1.5, 2.25]) == b"[1.5,2.25]"
    assert serializer.loads(b"3") == 3
    assert serializer.loads(b"[1.5,2.25]") == [1.5, 2.25]


def test_a_pickled_value_in_redis_is_refused_not_unpickled():
    pickled = b"\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00]\x94K\x01a."

    with pytest.raises(ValueError):
        JsonSerializer().loads(pickled)


def test_an_unreachable_redis_makes_reads_miss_and_writes_vanish(
    get_free_port, caplog, monkeypatch
):
    monkeypatch.setattr(RedisCache, "_last_warning", 0.0)
    closed = get_free_port()
    cache = RedisCache(
        f"redis://127.0.0.1:{closed}/0",
        {"OPTIONS": {"serializer": "unoservice.cache.JsonSerializer"}},
    )

    cache.set("throttle_anon_1", [1.0], 60)

    assert cache.get("throttle_anon_1", []) == []
    assert "unreachable" in caplog.text


def test_the_cache_keeps_one_redis_client_shared_by_threads(redis_url):
    """Throttles read and write the cache on every request: the client is made once,
    not for every call, and threads share it."""
    from concurrent.futures import ThreadPoolExecutor

    cache = RedisCache(redis_url, {"OPTIONS": {"serializer": "unoservice.cache.JsonSerializer"}})

    def count_up(n: int) -> list:
        key = f"test-cache-thread-{n}"
        cache.set(key, [n], 60)
        return cache.get(key)

    with ThreadPoolExecutor(8) as pool:
        values = list(pool.map(count_up, range(40)))

    assert values == [[n] for n in range(40)]
    client = cache._cache.get_client(write=True)
    assert cache._cache.get_client(write=True) is client
    assert cache._cache.get_client(write=False) is client  # one server: one pool
