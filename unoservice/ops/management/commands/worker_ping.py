"""`manage.py worker_ping`: send a ping through the broker and wait for a worker to record it."""

import time
import uuid

from django.core.management.base import BaseCommand, CommandError

from unoservice import clock
from unoservice.celery import app
from unoservice.ops.models import WorkerPing
from unoservice.ops.tasks import PING_TASK


class Command(BaseCommand):
    help = "Check the Celery round trip: a worker must record the ping in the database."

    def add_arguments(self, parser):
        parser.add_argument("--timeout", type=float, default=30.0, help="seconds (default 30)")
        parser.add_argument("--queue", default=None, help="queue name (default: Celery's)")
        parser.add_argument("--no-wait", action="store_true", help="send only; print the token")

    def handle(self, *args, **options):
        token = uuid.uuid4()
        sent_at = clock.now()
        app.send_task(
            PING_TASK,
            kwargs={"token": str(token), "source": "command", "requested_at": sent_at.isoformat()},
            queue=options["queue"],
        )
        if options["no_wait"]:
            self.stdout.write(str(token))
            return
        deadline = time.monotonic() + options["timeout"]
        while time.monotonic() < deadline:
            row = WorkerPing.objects.filter(token=token).first()
            if row is not None:
                took = (row.handled_at - sent_at).total_seconds()
                self.stdout.write(
                    self.style.SUCCESS(f"pong from {row.worker or 'a worker'} in {took:.2f}s")
                )
                return
            time.sleep(0.1)
        raise CommandError(
            f"no worker recorded the ping within {options['timeout']:g}s: is a worker running "
            "on this broker and database?"
        )
