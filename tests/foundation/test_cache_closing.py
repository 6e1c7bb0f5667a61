"""Django closes every cache after each request; the caches the service configures do
nothing when closed, so the service does not ask them (unoservice.cache_closing), and
keeps Django's close where a cache configured otherwise needs it."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import close_caches
from django.core.signals import request_finished
from django.utils.module_loading import import_string

from unoservice import env
from unoservice.cache_closing import caches_need_closing


def built(config: dict):
    backend = import_string(config["BACKEND"])
    params = {**config, "KEY_PREFIX": uuid.uuid4().hex}
    return backend(config.get("LOCATION", ""), params)


@pytest.mark.parametrize("url", ["redis", "", "locmem://"], ids=["redis", "embedded", "locmem"])
def test_every_cache_the_service_configures_keeps_its_values_and_connection_when_closed(
    url, redis_url, tmp_path
):
    caches = env.cache(redis_url if url == "redis" else url, tmp_path)
    assert not caches_need_closing(caches)
    for config in caches.values():
        cache = built(config)
        cache.set("kept", 7, 60)
        pool = cache.client.get_client().connection_pool if url == "redis" else None
        opened = pool._created_connections if pool else None

        cache.close()

        assert cache.get("kept") == 7
        if pool is not None:
            assert cache.client.get_client().connection_pool is pool
            assert pool._created_connections == opened  # no connection made again


def test_a_cache_that_must_close_keeps_djangos_close_after_each_request(redis_url, tmp_path):
    memcached = {"BACKEND": "django.core.cache.backends.memcached.PyMemcacheCache"}
    redis = env.cache(redis_url, tmp_path)["default"]
    closing = {**redis, "OPTIONS": {**redis["OPTIONS"], "CLOSE_CONNECTION": True}}
    assert caches_need_closing({"default": memcached})
    assert caches_need_closing({"default": redis, "shared": closing})


def test_the_service_does_not_close_its_caches_after_each_request(settings):
    assert not caches_need_closing(settings.CACHES)
    assert not request_finished.disconnect(close_caches)  # False: it was not connected
