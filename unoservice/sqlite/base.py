"""Django's SQLite backend, whose transactions take turns by a lock file beside the
database before SQLite's own write lock.

Every transaction of the service begins IMMEDIATE (unoservice.env.SQLITE_OPTIONS): it
takes the database's single write lock at once, and one that finds it taken waits in
SQLite's busy handler, which sleeps and tries again, 1 ms at first and up to 100 ms
between tries. A waiter therefore often slept on while the lock was free: under load most
of a move's tail was that sleep (bench/load.py --database sqlite, docs/performance.md).
Here a transaction first takes an exclusive `flock` on `<database>.writers`, which the
kernel hands to a waiting process as soon as it is let go; SQLite's lock is then free
but for writers that do not take turns here (a `sqlite3` shell, another program), which
SQLite's busy handler still waits for. A process that dies lets go of its lock. An
in-memory database takes no lock."""

from __future__ import annotations

import fcntl
import os

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._turn: int | None = None  # the lock file's descriptor while this one writes
        self._turns_file: int | None = None
        self._turns_pid = 0  # a forked process opens its own: a lock is its open file's

    def _start_transaction_under_autocommit(self):
        self._take_turn()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._end_turn()
            raise

    def _commit(self):
        try:
            super()._commit()
        finally:
            self._end_turn()

    def _rollback(self):
        try:
            super()._rollback()
        finally:
            self._end_turn()

    def _close(self):
        try:
            super()._close()
        finally:
            self._end_turn()
            if self._turns_file is not None and self._turns_pid == os.getpid():
                os.close(self._turns_file)
            self._turns_file = None

    def _take_turn(self) -> None:
        if self._turn is not None or self.is_in_memory_db():
            return
        if self._turns_file is None or self._turns_pid != os.getpid():
            path = f"{self.settings_dict['NAME']}.writers"
            self._turns_file = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            self._turns_pid = os.getpid()
        fcntl.flock(self._turns_file, fcntl.LOCK_EX)
        self._turn = self._turns_file

    def _end_turn(self) -> None:
        turn, self._turn = self._turn, None
        if turn is not None and self._turns_pid == os.getpid():  # not a parent's, forked
            fcntl.flock(turn, fcntl.LOCK_UN)
