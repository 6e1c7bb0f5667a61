"""A kept PostgreSQL connection skips Django's `SELECT 1` while its socket is quiet, and
one its server ended is still found out and replaced before a request uses it."""

from __future__ import annotations

import select
import time

import psycopg
import pytest
from django.db import DEFAULT_DB_ALIAS, connections

from unoservice.connection_checks import skip_the_check_of_quiet_connections

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def checks(postgres, monkeypatch):
    postgres = connections[DEFAULT_DB_ALIAS]  # the wrapper itself, not the proxy
    """The health checks Django sends (its `SELECT 1`), counted."""
    sent = []
    wrapper = type(postgres)
    is_usable = wrapper.is_usable
    monkeypatch.setattr(wrapper, "is_usable", lambda self: sent.append(1) or is_usable(self))
    postgres.ensure_connection()
    postgres.health_check_done = False  # as at the start of a request
    return sent


def test_a_kept_connection_with_a_quiet_socket_is_used_without_a_select_1(checks):
    postgres = connections[DEFAULT_DB_ALIAS]
    assert postgres.health_check_enabled
    skip_the_check_of_quiet_connections()
    with postgres.cursor() as cursor:
        cursor.execute("SELECT 2")
        assert cursor.fetchone() == (2,)
    assert checks == []


def test_a_connection_its_server_ended_is_checked_and_replaced_before_use(checks):
    postgres = connections[DEFAULT_DB_ALIAS]
    ended = postgres.connection.info.backend_pid
    with psycopg.connect(**postgres.get_connection_params(), autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [ended])
    poll = select.poll()
    poll.register(postgres.connection.pgconn.socket, select.POLLIN)
    deadline = time.monotonic() + 5
    while not poll.poll(50) and time.monotonic() < deadline:
        pass

    skip_the_check_of_quiet_connections()
    with postgres.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (now_serving,) = cursor.fetchone()
    assert checks == [1]
    assert now_serving != ended
