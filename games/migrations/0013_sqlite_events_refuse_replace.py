"""On SQLite, an INSERT whose id or (game_id, seq) is already recorded is refused by a
trigger: `INSERT OR REPLACE` / `REPLACE INTO` would otherwise delete the recorded event
without firing migration 0007's DELETE trigger. PostgreSQL has no REPLACE, and its
`ON CONFLICT DO UPDATE` meets migration 0002's UPDATE trigger. See games/log/storage_guard.py."""

from django.db import migrations

from games.log.storage_guard import sqlite_insert_trigger_create_sql, sqlite_insert_trigger_drop_sql


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(sqlite_insert_trigger_create_sql(), params=None)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(sqlite_insert_trigger_drop_sql(), params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0012_game_end_seq")]
    operations = [migrations.RunPython(forwards, backwards)]
