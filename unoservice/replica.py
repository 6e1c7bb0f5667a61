"""Reads off the primary: with `DATABASE_REPLICA_URL` set, a request that may read a
streaming replica (unoservice/settings.py names the database `replica`) says so with
`reads_from_replica()`, and for its duration the ORM (`ReplicaRouter`) and the raw reads
(`unoservice.rows`) go there. Writes never do. Everything else, a player's token
included, reads the primary, so a client always reads its own writes."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from contextvars import ContextVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS

REPLICA = "replica"

_reading: ContextVar[str] = ContextVar("reading_database", default=DEFAULT_DB_ALIAS)


def has_replica() -> bool:
    return REPLICA in settings.DATABASES


def reading_alias() -> str:
    """The database the current request's reads go to."""
    return _reading.get()


@contextlib.contextmanager
def reads_from(alias: str) -> Iterator[None]:
    token = _reading.set(alias)
    try:
        yield
    finally:
        _reading.reset(token)


def reads_from_replica() -> contextlib.AbstractContextManager:
    """Reads go to the replica (when there is one) inside the block."""
    return reads_from(REPLICA if has_replica() else DEFAULT_DB_ALIAS)


def iterate_reading_from(alias: str, chunks: Iterable) -> Iterator:
    """`chunks` (a streamed answer's body, produced after the view has returned) with each
    step's reads going to `alias`, and to no other request's."""
    iterator = iter(chunks)
    while True:
        with reads_from(alias):
            try:
                chunk = next(iterator)
            except StopIteration:
                return
        yield chunk


class ReplicaRouter:
    """The ORM's reads inside `reads_from_replica()` go to the replica; writes and
    migrations to the primary (the replica follows it by streaming replication)."""

    def db_for_read(self, model, **hints):
        return _reading.get()

    def db_for_write(self, model, **hints):
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True  # the same data on both

    def allow_migrate(self, db, app_label, **hints):
        return db == DEFAULT_DB_ALIAS
