"""`manage.py heartbeat`: is the timer pipeline (beat -> broker -> worker -> database) alive?"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from unoservice import clock
from unoservice.ops.models import WorkerPing


class Command(BaseCommand):
    help = (
        "Exit 0 if a worker recorded a heartbeat sent by beat recently (the compose file's "
        "health check for beat), else exit 1."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--max-age",
            type=float,
            default=None,
            help="seconds (default: three heartbeat intervals, UNO_HEARTBEAT_SECONDS x 3)",
        )

    def handle(self, *args, **options):
        interval = settings.UNO_HEARTBEAT_SECONDS
        if interval <= 0:
            raise CommandError("the heartbeat is off (UNO_HEARTBEAT_SECONDS=0)")
        max_age = options["max_age"] or 3 * interval
        last = WorkerPing.objects.filter(source="beat").order_by("-handled_at").first()
        if last is None:
            raise CommandError("no heartbeat recorded yet")
        age = (clock.now() - last.handled_at).total_seconds()
        if age > max_age:
            raise CommandError(f"last heartbeat {age:.0f}s ago (more than {max_age:g}s)")
        self.stdout.write(f"last heartbeat {age:.1f}s ago, handled by {last.worker}")
