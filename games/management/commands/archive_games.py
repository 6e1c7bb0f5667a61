"""manage.py archive_games: moves the logs of ended, sealed games into cold storage
(games.log.cold_storage), each in one transaction that audits the log and checks the
archived copy first. Run it as the database's owner, as `migrate` runs: the service's
role may not delete events."""

from __future__ import annotations

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError

from games.log.cold_storage import ArchiveRefused, archive_game
from games.models import Game, GameStatus
from unoservice import clock


class Command(BaseCommand):
    help = "Move the event logs of ended, sealed games into cold storage."

    def add_arguments(self, parser):
        parser.add_argument(
            "--ended-days-ago",
            type=float,
            default=7.0,
            help="archive the games that ended at least this many days ago (7)",
        )
        parser.add_argument("--limit", type=int, default=None, help="at most this many games")
        parser.add_argument("--game", action="append", default=[], help="this game only")

    def handle(self, *args, **options):
        games = Game.objects.filter(
            status__in=(GameStatus.FINISHED, GameStatus.ABORTED),
            archived=False,
            seal__isnull=False,
        )
        if options["game"]:
            games = games.filter(pk__in=options["game"])
        else:
            cutoff = clock.now() - timedelta(days=options["ended_days_ago"])
            games = games.filter(ended_at__lte=cutoff)
        chosen = games.order_by("ended_at").values_list("id", flat=True)[: options["limit"]]
        archived = refused = events = stored = 0
        for game_id in chosen.iterator():
            try:
                archive = archive_game(game_id)
            except ArchiveRefused as refusal:
                refused += 1
                self.stdout.write(f"NOT ARCHIVED  {game_id}  {refusal}")
                continue
            archived += 1
            events += archive.events
            stored += len(archive.data)
        per_event = f", {stored / events:.1f} bytes an event" if events else ""
        self.stdout.write(f"{archived} archived ({events} events, {stored} bytes{per_event})")
        if refused:
            raise CommandError(f"{refused} game(s) could not be archived")
