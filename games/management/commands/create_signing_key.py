"""manage.py create_signing_key: writes the Ed25519 private key that seals ended games to
UNO_SIGNING_KEY_FILE (mode 0600) and lists its public key in the keyring beside it; does
nothing else if the file is there. Production runs it once (compose's migrate step
does); embedded mode makes the key by itself."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from games.log.signing_keys import create_key_file, current_key, key_file


class Command(BaseCommand):
    help = "Create the seal signing key file if it does not exist (safe to run again)."

    def handle(self, *args, **options):
        path = key_file()
        created = create_key_file(path)
        key = current_key()
        state = "created" if created else "already there"
        self.stdout.write(f"signing key {key.key_id} ({state}): {path}")
