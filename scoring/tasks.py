"""Celery tasks of the players' records. Safe to run twice or out of order: a game is
applied once, in the order games ended (scoring.projections)."""

from __future__ import annotations

import logging

from celery import shared_task

from .models import GameRecord
from .projections import records_catch_up

log = logging.getLogger(__name__)

#: While another consumer (a rebuild) holds the records, try again this much later.
RETRY_SECONDS = 5


@shared_task(
    name="scoring.records_update",
    bind=True,
    acks_late=True,
    ignore_result=True,
    max_retries=None,
)
def records_update(self, game_id: str, version: int) -> int:
    """Sent once a game has ended (`schedule_records_update`, on commit): applies it and every game
    that ended before it. Nothing to do when its record already holds `version`."""
    if GameRecord.objects.filter(game_id=game_id, applied_seq__gte=version).exists():
        return 0
    applied = records_catch_up(wait=False)
    if applied is None:
        raise self.retry(countdown=RETRY_SECONDS)
    return applied


@shared_task(name="scoring.records_catch_up", ignore_result=True)
def records_catch_up_periodic() -> int:
    """Beat runs this every few minutes: games whose update was lost (the broker was
    down when they ended) are applied all the same."""
    return records_catch_up(wait=False) or 0


def schedule_records_update(sender, *, game_id, version: int, **kwargs) -> None:
    """The players' records learn of an ended game (games.write's `game_ended`); when the
    broker is down, beat's periodic catch-up applies it later."""
    try:
        records_update.apply_async((str(game_id), version), retry=False)
    except Exception:
        log.warning("could not send the records update of game %s", game_id, exc_info=True)
