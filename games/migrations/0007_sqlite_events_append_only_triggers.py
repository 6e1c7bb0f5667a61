"""On SQLite, UPDATE and DELETE on the event table are refused by triggers, as they are on
PostgreSQL by migration 0002 (which stays PostgreSQL's). The triggers let a statement
through only when the connection's `uno_event_log_rewritable()` answers true, which it does
only inside `games.log.storage_guard.allow_event_log_rewrite()` (flush, tests); a connection
without that function (the sqlite3 shell) is refused too. See games/log/storage_guard.py."""

from django.db import migrations

from games.log.storage_guard import sqlite_triggers_create_sql, sqlite_triggers_drop_sql


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for statement in sqlite_triggers_create_sql():
            schema_editor.execute(statement, params=None)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for statement in sqlite_triggers_drop_sql():
            schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0006_hash_scheme")]
    operations = [migrations.RunPython(forwards, backwards)]
