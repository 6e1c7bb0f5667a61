"""The embedded SQLite database's writers take turns by a lock file (unoservice.sqlite):
a transaction holds it from its BEGIN to its end, and a writer waiting for it begins as
soon as it is let go, where SQLite's own busy handler slept up to 100 ms between tries."""

from __future__ import annotations

import fcntl
import os
import statistics
import threading
import time

import pytest
from django.db.utils import ConnectionHandler

from unoservice import env


@pytest.fixture
def database(tmp_path, django_db_blocker):
    """A factory of connections to one SQLite file, configured as the embedded mode."""
    with django_db_blocker.unblock():
        yield from _database(tmp_path)


def _database(tmp_path):
    config = env.database(f"sqlite:///{tmp_path}/db.sqlite3", tmp_path)
    handler = ConnectionHandler({"default": config})
    made = []

    def connect():
        wrapper = handler.create_connection("default")  # of this file, not the tests' own
        made.append(wrapper)
        return wrapper

    first = connect()
    with first.cursor() as cursor:
        cursor.execute("CREATE TABLE moves (n INTEGER)")
    yield connect, f"{config['NAME']}.writers"
    for wrapper in made:
        wrapper.close()


def begin(wrapper) -> None:
    """What `transaction.atomic` does on entering on SQLite."""
    wrapper.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)


def commit(wrapper) -> None:
    wrapper.commit()
    wrapper.set_autocommit(True)


def held(path: str) -> bool:
    probe = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(probe)
    return False


def test_a_transaction_holds_the_writers_turn_from_its_begin_to_its_end(database):
    connect, turns = database
    writer = connect()

    begin(writer)
    assert held(turns)
    with writer.cursor() as cursor:
        cursor.execute("INSERT INTO moves VALUES (1)")
    commit(writer)
    assert not held(turns)

    begin(writer)
    writer.rollback()
    writer.set_autocommit(True)
    assert not held(turns)

    begin(writer)
    writer.close()  # a connection closed mid-transaction lets go too
    assert not held(turns)


def test_a_waiting_writer_begins_as_soon_as_the_one_before_commits(database):
    """The first writer holds its transaction 230 ms: SQLite's busy handler, alone, then
    tried again at 228 and 328 ms, about 98 ms after the lock was free."""
    connect, _ = database
    first, second = connect(), connect()
    second.inc_thread_sharing()  # the waiting writer runs on a thread of its own
    late = []
    for _ in range(5):
        began_at: list[float] = []
        waiter = threading.Thread(target=begin_then_commit, args=(second, began_at))
        begin(first)
        waiter.start()
        time.sleep(0.23)
        commit(first)
        released_at = time.monotonic()
        waiter.join(timeout=10)
        late.append(began_at[0] - released_at)

    assert statistics.median(late) < 0.04, late


def begin_then_commit(wrapper, began_at: list[float]) -> None:
    begin(wrapper)
    began_at.append(time.monotonic())
    commit(wrapper)
