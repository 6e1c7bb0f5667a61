"""A kept PostgreSQL connection is checked without a round trip when it can be.

With `CONN_HEALTH_CHECKS`, Django sends `SELECT 1` on a kept connection before each
request's first statement (about 80 us of the web process's CPU and a round trip, twice
a move). A server that ended the connection (a restart, a fail-over, an idle timeout)
has closed its socket, which then polls readable: a connection whose socket is quiet is
taken as checked, and only one with something to read gets Django's `SELECT 1`. A
connection that does not LISTEN has nothing to read between requests otherwise."""

from __future__ import annotations

import select

import psycopg
from django.db import connections


def skip_the_check_of_quiet_connections(**kwargs) -> None:
    """On `request_started` (after Django's `close_old_connections`, which resets the
    check) and before a worker's task."""
    for connection in connections.all(initialized_only=True):
        if (
            connection.vendor == "postgresql"
            and connection.health_check_enabled
            and not connection.health_check_done
            and _quiet(connection.connection)
        ):
            connection.health_check_done = True


def _quiet(database_connection) -> bool:
    if database_connection is None or database_connection.closed:
        return False
    try:
        poll = select.poll()  # not select.select: a process with many streams has fds > 1024
        poll.register(database_connection.pgconn.socket, select.POLLIN | select.POLLPRI)
        return not poll.poll(0)
    except (OSError, ValueError, psycopg.Error):
        return False
