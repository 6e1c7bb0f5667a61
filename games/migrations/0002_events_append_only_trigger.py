"""On PostgreSQL, UPDATE and DELETE on the event table are rejected by a trigger, so not
even raw SQL can change the record (SQLite relies on the model's refusal alone).

TRUNCATE is left to the database owner: it is how test runs reset tables."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION games_gameevent_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'games_gameevent is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_gameevent_append_only
    BEFORE UPDATE OR DELETE ON games_gameevent
    FOR EACH ROW EXECUTE FUNCTION games_gameevent_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS games_gameevent_append_only ON games_gameevent;
DROP FUNCTION IF EXISTS games_gameevent_append_only();
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
