"""manage.py seal_games: seals every game that ended before seals existed, after checking
its hash chain and replay (a game whose log is at fault is reported, never sealed)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.log.audit import log_fault
from games.models import Game, GameStatus
from games.write import seal_ended_game


class Command(BaseCommand):
    help = "Seal the ended games that have no seal (games that ended before seals existed)."

    def handle(self, *args, **options):
        unsealed = Game.objects.filter(
            status__in=(GameStatus.FINISHED, GameStatus.ABORTED), seal__isnull=True
        ).values_list("id", flat=True)
        sealed = refused = 0
        for game_id in unsealed.iterator():
            outcome = seal_ended_game(game_id, chain_fault=log_fault)
            if outcome == "sealed":
                sealed += 1
            elif outcome != "already sealed":
                refused += 1
                self.stdout.write(f"NOT SEALED  {game_id}  {outcome}")
        self.stdout.write(f"{sealed} sealed, {refused} not sealed")
        if refused:
            raise CommandError(f"{refused} game(s) have a log at fault and were not sealed")
