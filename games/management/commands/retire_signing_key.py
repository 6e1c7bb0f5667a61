"""manage.py retire_signing_key: starts a new seal signing key. The old one's public half
stays in the keyring beside the key file, marked retired, so GET /keys lists it and the
games it sealed still verify; every process signs with the new key from its next seal on
(it reloads the files when they change)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from games.log.signing_keys import key_file, retire_current_key


class Command(BaseCommand):
    help = "Retire the current seal signing key and start a new one in UNO_SIGNING_KEY_FILE."

    def handle(self, *args, **options):
        old, new = retire_current_key()
        self.stdout.write(f"retired {old or '(none)'}; signing with {new} from {key_file()}")
