"""The public signing keys are no longer listed in the database: GET /keys, the audit and
seal_games take them from the key files (games/log/signing_keys.py), so that nobody who can
write a row can add a key the service trusts. The table is dropped without reading it: a
key listed only there is no longer trusted. The current key file's key is listed in the
keyring file the first time it is used."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("games", "0013_sqlite_events_refuse_replace")]
    operations = [migrations.DeleteModel(name="SigningKey")]
