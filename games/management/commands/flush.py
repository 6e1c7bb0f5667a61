"""`manage.py flush`, able to empty the append-only event log.

On SQLite Django's flush deletes every row, which the event table's triggers refuse to
any connection not inside `allow_event_log_rewrite()` (games.log.storage_guard); this command
runs Django's inside it. Transactional tests empty the database with this command too.
On PostgreSQL flush truncates, which the trigger does not see and which only the tables'
owner may do: run as the service's role, it is refused and says so.
"""

from __future__ import annotations

from django.core.management import CommandError
from django.core.management.commands import flush
from django.db import connections

from games.log.storage_guard import allow_event_log_rewrite


class Command(flush.Command):
    def handle(self, **options):
        connection = connections[options["database"]]
        try:
            if connection.vendor == "sqlite":
                with allow_event_log_rewrite(using=options["database"]):
                    return super().handle(**options)
            return super().handle(**options)
        except CommandError as error:
            if _permission_denied(error):
                raise CommandError(
                    f"{error}\nThis role may not empty the tables (the service's role may "
                    "never delete game events): run flush as the role that migrates."
                ) from error
            raise


def _permission_denied(error: BaseException) -> bool:
    cause = error.__cause__
    return cause is not None and "permission denied" in str(cause).lower()
