"""Figures the game tables cannot give: moves refused (by code), throttled requests,
server errors and sweeper runs, counted per minute in `FigureBucket` rows.

Counting stays off the request's critical path: `count()` adds to a dictionary in the
process's memory (the time, a lock and a dict update: 4.5 µs measured), and a daemon thread
adds what was counted to the table every `UNO_FIGURES_FLUSH_SECONDS`, one upsert per
(name, minute) bucket in one transaction. A refused move rolls its transaction back, so
nothing inside it could record the refusal; counting in memory also keeps a burst of
refusals from writing a row each. A process that dies without a flush loses at most
that many seconds of counts; a failed flush puts its counts back for the next one.

With `UNO_FIGURES_FLUSH_SECONDS=0` no thread runs and counts reach the table only when
`flush()` is called (the tests do).
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction

from unoservice import clock

logger = logging.getLogger(__name__)

REFUSED = "refused:"
THROTTLED = "throttled:"
SERVER_ERROR = "server_error:"
SWEEPER_RUN = "sweeper_run"
SWEEPER_BOTS_YIELDED = "sweeper_bots_yielded"
NAME_LENGTH = 120

Key = tuple[str, datetime]


def minute_of(moment: datetime) -> datetime:
    return moment.replace(second=0, microsecond=0)


class Tally:
    """What one process counted since its last flush: (name, minute) -> [count, last_at].

    A forked child (a Celery or gunicorn worker) starts with an empty tally of its own:
    what the parent had counted is the parent's to flush."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self._pending: dict[Key, list] = {}
        self._flusher: threading.Thread | None = None

    def _own(self) -> None:
        if self._pid != os.getpid():
            self._reset()

    def count(self, name: str, n: int = 1, at: datetime | None = None) -> None:
        self._own()
        at = at or clock.now()
        key = (name[:NAME_LENGTH], minute_of(at))
        with self._lock:
            bucket = self._pending.get(key)
            if bucket is None:
                self._pending[key] = [n, at]
            else:
                bucket[0] += n
                bucket[1] = max(bucket[1], at)
        if self._flusher is None:
            self._start_flusher()

    def take(self) -> dict[Key, list]:
        self._own()
        with self._lock:
            taken, self._pending = self._pending, {}
        return taken

    def put_back(self, taken: dict[Key, list]) -> None:
        with self._lock:
            for key, (n, at) in taken.items():
                bucket = self._pending.setdefault(key, [0, at])
                bucket[0] += n
                bucket[1] = max(bucket[1], at)

    def pending(self) -> int:
        self._own()
        with self._lock:
            return sum(n for n, _ in self._pending.values())

    def _start_flusher(self) -> None:
        """The first count of a process starts its flusher (none when flushing is off)."""
        seconds = settings.UNO_FIGURES_FLUSH_SECONDS
        with self._lock:
            if self._flusher is not None:
                return
            self._flusher = threading.Thread(
                target=_flush_forever, args=(seconds,), name="figures-flush", daemon=True
            )
        if seconds > 0:
            self._flusher.start()
            atexit.register(flush_quietly)


_tally = Tally()


def count(name: str, n: int = 1) -> None:
    """Count `n` of `name` now (in memory; the table gets it at the next flush)."""
    _tally.count(name, n)


def pending() -> int:
    """How many counts this process holds that the table has not got yet."""
    return _tally.pending()


def flush() -> int:
    """Add what this process counted to the table; returns the buckets written. On
    failure the counts are kept for the next flush and the error is raised."""
    taken = _tally.take()
    if not taken:
        return 0
    try:
        _upsert(taken)
    except Exception:
        _tally.put_back(taken)
        raise
    return len(taken)


def prune(now: datetime | None = None) -> int:
    """Delete buckets older than UNO_FIGURES_RETENTION_DAYS; returns how many."""
    from unoservice.ops.models import FigureBucket

    cutoff = (now or clock.now()) - timedelta(days=settings.UNO_FIGURES_RETENTION_DAYS)
    deleted, _ = FigureBucket.objects.filter(minute__lt=cutoff).delete()
    return deleted


def _upsert(taken: dict[Key, list]) -> None:
    """One INSERT … ON CONFLICT per bucket (PostgreSQL and SQLite alike): the count is
    added to what other processes wrote for the same minute."""
    from unoservice.ops.models import FigureBucket

    quote = connection.ops.quote_name
    table = quote(FigureBucket._meta.db_table)
    count_col, last_col = quote("count"), quote("last_at")
    sql = (
        f"INSERT INTO {table} ({quote('name')}, {quote('minute')}, {count_col}, {last_col}) "
        f"VALUES (%s, %s, %s, %s) ON CONFLICT ({quote('name')}, {quote('minute')}) "
        f"DO UPDATE SET {count_col} = {table}.{count_col} + excluded.{count_col}, "
        f"{last_col} = CASE WHEN excluded.{last_col} > {table}.{last_col} "
        f"THEN excluded.{last_col} ELSE {table}.{last_col} END"
    )
    field = FigureBucket._meta.get_field("minute")
    rows = [
        (
            name,
            field.get_db_prep_value(minute, connection),
            n,
            field.get_db_prep_value(at, connection),
        )
        for (name, minute), (n, at) in sorted(taken.items())
    ]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def flush_quietly() -> None:
    """Flush from a thread of the process's own (the flusher, atexit, a worker's shutdown),
    logging a failure instead of raising it."""
    try:
        flush()
    except Exception:
        logger.warning("could not write the figures counted (kept for the next try)", exc_info=True)
    finally:
        connection.close()  # this thread's own connection: nothing else would close it


def _flush_forever(seconds: float) -> None:
    while True:
        time.sleep(seconds)
        if pending():
            flush_quietly()
