"""Drops the players' records (stats, match history, ratings) and rebuilds them from the
game logs, in batches, while the service runs: live updates wait for the rebuild to
commit, then apply whatever ended meanwhile."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from scoring.projections import BATCH, games_to_rebuild, records_rebuild

BAR_WIDTH = 30


class Command(BaseCommand):
    help = "Drop and rebuild the players' records from the game logs."

    def add_arguments(self, parser):
        parser.add_argument(
            "--batch", type=int, default=BATCH, help=f"Games per batch (default {BATCH})."
        )

    def handle(self, *args, batch: int, verbosity: int, **options):
        total = games_to_rebuild()
        started = time.monotonic()

        def progress(done: int) -> None:
            if verbosity >= 1:
                self.stdout.write(_progress_line(done, total, time.monotonic() - started))

        applied = records_rebuild(batch=max(1, batch), progress=progress)
        elapsed = time.monotonic() - started
        if verbosity >= 1:
            rate = applied / elapsed if elapsed > 0 else 0.0
            self.stdout.write(
                self.style.SUCCESS(
                    f"rebuilt the records of {applied} ended games in {elapsed:.1f} s "
                    f"({rate:.0f} games/s)"
                )
            )


def _progress_line(done: int, total: int, elapsed: float) -> str:
    """`[#####-----]  500/10000 games  5%  812 games/s`; `total` may grow while it runs."""
    total = max(total, done, 1)
    filled = BAR_WIDTH * done // total
    rate = done / elapsed if elapsed > 0 else 0.0
    return (
        f"[{'#' * filled}{'-' * (BAR_WIDTH - filled)}] {done:>{len(str(total))}}/{total} games "
        f"{100 * done // total:>3}%  {rate:.0f} games/s"
    )
