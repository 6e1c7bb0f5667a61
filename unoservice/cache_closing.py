"""Django closes every cache after each request (`close_caches` on `request_finished`).
The caches the service configures (unoservice.env.caches: django-redis, which keeps its
connection pool unless told to close it, files, memory) do nothing when closed, yet
asking them cost about 1.5% of a move's instructions (bench/move_cpu.py
--instructions). Where every configured cache is one of those, the call is not made; a
cache configured otherwise (memcached, django-redis with CLOSE_CONNECTION) keeps it."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import close_caches
from django.core.signals import request_finished

#: Backends whose `close` does nothing (django-redis's, unless CLOSE_CONNECTION is set).
CLOSE_DOES_NOTHING = {
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.filebased.FileBasedCache",
    "django.core.cache.backends.dummy.DummyCache",
    "django_redis.cache.RedisCache",
}


def caches_need_closing(caches: dict) -> bool:
    closes = getattr(settings, "DJANGO_REDIS_CLOSE_CONNECTION", False)
    return any(
        cache["BACKEND"] not in CLOSE_DOES_NOTHING
        or cache.get("OPTIONS", {}).get("CLOSE_CONNECTION", closes)
        for cache in caches.values()
    )


def skip_closing_caches_that_need_no_closing() -> None:
    if not caches_need_closing(settings.CACHES):
        request_finished.disconnect(close_caches)
