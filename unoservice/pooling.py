"""Connection pooling: with `DATABASE_POOLER_URL` set (pgbouncer in transaction mode in
front of DATABASE_URL's PostgreSQL), which connections go through the pooler and which
reach PostgreSQL itself.

Through the pooler, as Django's `default` database: every request's, task's and
command's statements. A server connection then serves one transaction, and the next
transaction may get another, so nothing may outlive one: the advisory locks taken are
transaction-scoped (`pg_advisory_xact_lock`), `SET` is `SET LOCAL` or inside the
transaction, Django's server-side cursors are off and no statement is prepared
(unoservice.env.pooled_database); the parameters a connection sets as it opens (the
time zone) are ones pgbouncer keeps for each client.

Directly, as the `direct` database: what keeps a session, which a pooler in transaction
mode would hand to other clients between transactions. That is the LISTEN of each
process's version watch (games.live.watch), on a connection of its own. `migrate` runs
without the pooler (compose gives it DATABASE_URL alone).
"""

from __future__ import annotations

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

DIRECT = "direct"


def has_pooler() -> bool:
    return DIRECT in settings.DATABASES


def session_connection() -> BaseDatabaseWrapper:
    """The Django connection whose settings reach PostgreSQL itself: `direct` behind a
    pooler, else the default one (which then does)."""
    return connections[DIRECT if has_pooler() else DEFAULT_DB_ALIAS]
