"""manage.py create_token USERNAME: a new API token for an existing Django user (staff use
the API through it). The token is printed alone on the last line."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from players.services import player_for_user, token_issue


class Command(BaseCommand):
    help = "Print a new API token for an existing user."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--label", default="create_token")

    def handle(self, *args, username, label, **options):
        try:
            player = player_for_user(username=username)
        except get_user_model().DoesNotExist:
            raise CommandError(f"no user named {username!r}") from None
        token = token_issue(player=player, label=label)
        kind = "staff" if player.is_staff else "non-staff"
        self.stdout.write(f"A new token for {username} ({kind}); it is not shown again:")
        self.stdout.write(token)
