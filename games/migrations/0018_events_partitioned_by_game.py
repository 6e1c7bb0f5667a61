"""On PostgreSQL the events table becomes partitioned by hash of game_id, 16 partitions
(games.log.partitioning says why, and what stays as it was). The rows are copied in this
migration's transaction, which holds the table locked: writes wait for it (a populated
table takes about the time docs/scaling.md gives per million rows). SQLite: unchanged."""

from django.db import migrations

from games.log import partitioning


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for statement in partitioning.partition_sql():
            schema_editor.execute(statement, params=None)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for statement in partitioning.unpartition_sql():
            schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0017_archived_logs")]
    operations = [migrations.RunPython(forwards, backwards)]
