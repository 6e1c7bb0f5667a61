"""The worker round trip: a ping the worker records in the database."""

import uuid
from datetime import datetime, timedelta

from celery import shared_task
from celery.signals import worker_process_shutdown
from django.conf import settings

from unoservice import clock
from unoservice.ops import figures
from unoservice.ops.models import WorkerPing

PING_TASK = "ops.ping"


@shared_task(name=PING_TASK, bind=True)
def ping(self, token: str | None = None, source: str = "unknown", requested_at: str | None = None):
    """Record that a worker handled this ping; a repeated token changes nothing."""
    now = clock.now()
    row, created = WorkerPing.objects.get_or_create(
        token=uuid.UUID(token) if token else uuid.uuid4(),
        defaults={
            "source": source[:32],
            "requested_at": datetime.fromisoformat(requested_at) if requested_at else None,
            "handled_at": now,
            "worker": (self.request.hostname or "")[:255],
        },
    )
    retention = timedelta(days=settings.UNO_PING_RETENTION_DAYS)
    WorkerPing.objects.filter(handled_at__lt=now - retention).delete()
    return {"id": row.pk, "created": created}


@shared_task(name="ops.prune_figures", ignore_result=True)
def prune_figures() -> int:
    """Beat runs this hourly: the dashboard's per-minute figures past their retention go."""
    return figures.prune()


@worker_process_shutdown.connect(weak=False)
def flush_figures(**kwargs) -> None:
    """A worker process that stops hands in what it counted since its last flush."""
    figures.flush_quietly()
