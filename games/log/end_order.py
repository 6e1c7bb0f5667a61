"""The global order games end in: each ended game gets the next `end_seq` in the
transaction that ends it. Players' ratings apply in this order, so it must also be the
order the endings become visible: on PostgreSQL a transaction-scoped advisory lock is
taken before reading the latest number and held until commit, so a second game ending
at the same moment waits and takes the number after (SQLite has one writer at a time).
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Max

from games.models import Game

#: pg_advisory_xact_lock's key for numbering ended games ("uno end" in ASCII).
END_ORDER_LOCK = 0x756E6F20656E64


def next_end_seq() -> int:
    """The next end sequence number; the caller's transaction holds the order until it
    commits."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [END_ORDER_LOCK])
    latest = Game.objects.aggregate(latest=Max("end_seq"))["latest"]
    return (latest or 0) + 1
