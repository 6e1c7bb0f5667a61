"""manage.py audit_games [--all | ID ...]: the audit of games/log/audit.py from the command
line; exits non-zero when any game fails."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.log.audit import audit_game
from games.models import Game


class Command(BaseCommand):
    help = "Audit games: hash chain, replay against the head row, shuffle commitments."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", help="game ids")
        parser.add_argument("--all", action="store_true", help="audit every game")

    def handle(self, *args, **options):
        if options["all"] == bool(options["ids"]):
            raise CommandError("give game ids or --all")
        games = Game.objects.all() if options["all"] else Game.objects.filter(pk__in=options["ids"])
        failed = audited = 0
        for game in games.iterator():
            audited += 1
            result = audit_game(game)
            if result["ok"]:
                self.stdout.write(f"ok    {game.id}")
                continue
            failed += 1
            first = next(c for c in result["checks"] if not c["ok"])
            self.stdout.write(
                f"FAIL  {game.id}  {first['name']}: {first['detail']} (seq {first['seq']})"
            )
        if options["ids"] and audited != len(options["ids"]):
            raise CommandError("some ids name no game")
        self.stdout.write(f"{audited} audited, {failed} failed")
        if failed:
            raise CommandError(f"{failed} game(s) failed the audit")
