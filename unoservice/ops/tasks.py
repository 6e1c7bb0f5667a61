"""The worker round trip: a ping the worker records in the database."""

import uuid
from datetime import datetime, timedelta

from celery import shared_task
from django.conf import settings

from unoservice import clock
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
