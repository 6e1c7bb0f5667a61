"""Celery tasks: they take ids, call a service, and are safe to run twice (a deadline is
enforced through its token, and a stale token does nothing)."""

from __future__ import annotations

from celery import shared_task

from . import clock
from .models import GameDeadline
from .services import game_deadlines_enforce

SWEEP_BATCH = 200


@shared_task(name="games.enforce_deadlines", acks_late=True, ignore_result=True)
def enforce_deadlines(game_id: str) -> int:
    """Scheduled with an ETA for a deadline of this game: enforce whatever is overdue."""
    return game_deadlines_enforce(game_id=game_id)


@shared_task(name="games.sweep_deadlines", acks_late=True, ignore_result=True)
def sweep_deadlines() -> int:
    """Beat runs this every second or two: the guarantee against lost or late tasks.
    Games another worker holds are skipped (FOR UPDATE SKIP LOCKED) and seen next time."""
    overdue = (
        GameDeadline.objects.filter(due_at__lte=clock.now())
        .order_by("due_at")
        .values_list("game_id", flat=True)[:SWEEP_BATCH]
    )
    enforced = 0
    for game_id in dict.fromkeys(overdue):
        enforced += game_deadlines_enforce(game_id=game_id, skip_locked=True)
    return enforced
