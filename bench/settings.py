"""Settings for the load benchmark's server (bench/load.py): the service's own settings,
with a URL root that adds the benchmark's bare endpoint. Never used in production.

BENCH_CONN_MAX_AGE (unset: the service's own setting) lets the benchmark compare
persistent database connections with the service's default."""

import os

from unoservice.settings import *  # noqa: F403
from unoservice.settings import DATABASES

ROOT_URLCONF = "bench.urls"

if os.environ.get("BENCH_CONN_MAX_AGE"):
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ["BENCH_CONN_MAX_AGE"])
