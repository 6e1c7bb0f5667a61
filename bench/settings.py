"""Settings for the load benchmark's servers (bench/load.py): the service's own settings,
with a URL root that adds the benchmark's bare endpoints. Never used in production.

Two environment variables change the database connection, so that the benchmark can
serve the project and the yardstick the way each is served best:

- BENCH_CONN_MAX_AGE=N: CONN_MAX_AGE=N (persistent connections; 60 under the WSGI
  servers, where each worker thread keeps its own).
- BENCH_DB_POOL=N: psycopg's connection pool, at most N connections per process
  (PostgreSQL only). It forces CONN_MAX_AGE to 0, which the pool requires; it is what
  works under ASGI, where every request's synchronous code runs in a new thread
  (docs/performance.md).

Unset, the service's own setting applies."""

import os

from django.core.exceptions import ImproperlyConfigured

from unoservice.settings import *  # noqa: F403
from unoservice.settings import DATABASES

ROOT_URLCONF = "bench.urls"

_database = DATABASES["default"]
if os.environ.get("BENCH_CONN_MAX_AGE"):
    _database["CONN_MAX_AGE"] = int(os.environ["BENCH_CONN_MAX_AGE"])
if os.environ.get("BENCH_DB_POOL"):
    if _database["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("BENCH_DB_POOL needs PostgreSQL")
    _size = int(os.environ["BENCH_DB_POOL"])
    _database["CONN_MAX_AGE"] = 0
    _database["OPTIONS"] = {
        **_database.get("OPTIONS", {}),
        "pool": {"min_size": min(2, _size), "max_size": _size, "timeout": 10},
    }
