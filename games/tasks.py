"""Celery tasks: they take ids, call a service, and are safe to run twice (a deadline is
enforced through its token, and a stale token does nothing)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from celery import shared_task
from celery.signals import task_postrun, task_prerun, worker_init
from django.conf import settings
from django.db import close_old_connections, connections

from games.http.idempotency import idempotency_records_purge
from unoservice import clock
from unoservice.connection_checks import skip_the_check_of_quiet_connections
from unoservice.ops import figures

from .models import Game
from .services import game_deadlines_enforce
from .timers.deadlines import schedule_next_sweep, schedule_sweeps

SWEEP_BATCH = 200


@worker_init.connect(weak=False)
def keep_database_connections(**kwargs) -> None:
    """A worker keeps its database connection between tasks for UNO_WORKER_CONN_MAX_AGE
    seconds: opening one (a new PostgreSQL backend) costs as much as enforcing a timeout.
    Celery's Django fixup closes connections after every task unless CELERY_DB_REUSE_MAX
    is set (settings.py sets it then); instead, around each task, connections that are too
    old or broke are closed as Django does around a request, and a reused one passes a
    health check (CONN_HEALTH_CHECKS) before its first query unless its socket is quiet
    (unoservice.connection_checks)."""
    age = settings.UNO_WORKER_CONN_MAX_AGE
    if age <= 0:
        return
    for alias in connections:
        connections.settings[alias]["CONN_MAX_AGE"] = age
    for connection in connections.all(initialized_only=True):
        connection.settings_dict["CONN_MAX_AGE"] = age
    task_prerun.connect(_close_old_connections, weak=False)
    task_postrun.connect(_close_old_connections, weak=False)


def _close_old_connections(**kwargs) -> None:
    close_old_connections()
    skip_the_check_of_quiet_connections()


@shared_task(name="games.sweep_deadlines", acks_late=True, ignore_result=True)
def sweep_deadlines() -> int:
    """Enforce what is overdue in every game people play. Sent with an ETA for the moment
    deadlines fall due (games.timers.deadlines.schedule_sweeps), and by beat every
    UNO_SWEEP_SECONDS as the guarantee against lost or late tasks. Games another worker
    holds are skipped (FOR UPDATE SKIP LOCKED): that writer enforces what is overdue
    before it acts."""
    return _sweep(bots_only=False)


@shared_task(name="games.sweep_bot_deadlines", acks_late=True, ignore_result=True)
def sweep_bot_deadlines() -> int:
    """The same for the games no person plays, on the bots queue (settings.py routes it
    to UNO_BOTS_QUEUE), so that their moves never wait in front of people's deadlines."""
    return _sweep(bots_only=True)


def _sweep(*, bots_only: bool) -> int:
    if bots_only and _bots_paused():
        schedule_sweeps([_bots_paused_until], bots_only=True)  # the chain resumes then
        return 0
    now = clock.now()
    enforced = _enforce_overdue(now, bots_only=bots_only)
    schedule_next_sweep(after=now, bots_only=bots_only)
    return enforced


def _enforce_overdue(now: datetime, *, bots_only: bool) -> int:
    overdue = (
        Game.objects.filter(next_due_at__lte=now, bots_only=bots_only)
        .order_by("next_due_at")
        .values_list("id", flat=True)[:SWEEP_BATCH]
    )
    figures.count(figures.SWEEPER_RUN)
    enforced = 0
    for game_id in dict.fromkeys(overdue):
        if bots_only and _people_waiting():
            _bots_pause()
            break
        enforced += game_deadlines_enforce(game_id=game_id, skip_locked=True)
    return enforced


#: Until when this process leaves the games of bots alone to people's worker.
_bots_paused_until = datetime.min.replace(tzinfo=UTC)


def _bots_paused() -> bool:
    return clock.now() < _bots_paused_until


def _people_waiting() -> bool:
    """Whether a deadline of a game people play is overdue by more than UNO_BOTS_YIELD_MS:
    the default queue's worker is behind. Both workers share the machine's cores and the
    database, so the bots' sweeps give way to it."""
    yield_after = timedelta(milliseconds=settings.UNO_BOTS_YIELD_MS)
    return Game.objects.filter(bots_only=False, next_due_at__lte=clock.now() - yield_after).exists()


def _bots_pause() -> None:
    """The bots' sweeps of this process do nothing for UNO_BOTS_PAUSE_MS; the games they
    leave overdue are swept when it ends (and by beat's periodic bots' sweep, should that
    sweep be lost)."""
    global _bots_paused_until
    figures.count(figures.SWEEPER_BOTS_YIELDED)
    _bots_paused_until = clock.now() + timedelta(milliseconds=settings.UNO_BOTS_PAUSE_MS)
    schedule_sweeps([_bots_paused_until], bots_only=True)


@shared_task(name="games.purge_idempotency_records", ignore_result=True)
def purge_idempotency_records() -> int:
    """Beat runs this hourly: Idempotency-Key records past their time to live go."""
    return idempotency_records_purge()
