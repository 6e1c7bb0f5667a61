"""manage.py repack_events: rewrites the partitions of the hot events table in the order
of (game_id, seq) with pg_repack, online, so that a game's rows lie together and an old
game's replay reads a few consecutive pages whatever the table's size
(games.log.repack). Run it as a superuser of the database (`--database-url`), after
`archive_games`, e.g. nightly; each partition is rewritten in turn."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from games.log.repack import RepackUnavailable, repack_events, settings_from_url


class Command(BaseCommand):
    help = "Rewrite the events table's partitions in the order of (game, seq) with pg_repack."

    def add_arguments(self, parser):
        parser.add_argument(
            "--partition",
            action="append",
            default=[],
            help="this partition only (e.g. games_gameevent_p03; repeat for more)",
        )
        parser.add_argument(
            "--database-url",
            help="a superuser's postgres:// URL for pg_repack (default: DATABASE_URL's)",
        )
        parser.add_argument(
            "--wait-timeout",
            type=int,
            default=60,
            help="seconds to wait for the moment's exclusive lock, then give up (60)",
        )
        parser.add_argument("--jobs", type=int, default=1, help="indexes built at once (1)")

    def handle(self, *args, **options):
        url = options["database_url"]
        try:
            done = repack_events(
                connection,
                options["partition"] or None,
                settings=settings_from_url(url) if url else None,
                wait_timeout=options["wait_timeout"],
                jobs=options["jobs"],
                say=self.stdout.write,
            )
        except (RepackUnavailable, ValueError, RuntimeError) as refusal:
            raise CommandError(str(refusal)) from refusal
        before = sum(r.bytes_before for r in done)
        after = sum(r.bytes_after for r in done)
        seconds = sum(r.seconds for r in done)
        self.stdout.write(
            f"{len(done)} repacked in the order of (game, seq): {before} -> {after} bytes "
            f"in {seconds:.1f} s"
        )
