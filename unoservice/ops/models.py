from django.db import models


class WorkerPing(models.Model):
    """One ping handled by a Celery worker: the row is the proof that the round trip works.

    Sent by beat (the heartbeat), by `manage.py worker_ping`, or by a test; the worker writes
    the row, so it shows the broker, a worker and the worker's database connection at work.
    """

    token = models.UUIDField(unique=True, help_text="Chosen by the sender; makes retries harmless.")
    source = models.CharField(max_length=32, help_text="Who sent it: beat, command, test, …")
    requested_at = models.DateTimeField(null=True, blank=True)
    handled_at = models.DateTimeField(db_index=True)
    worker = models.CharField(max_length=255, blank=True, help_text="The worker's node name.")

    class Meta:
        ordering = ["-handled_at"]
        verbose_name = "worker ping"

    def __str__(self) -> str:
        return f"{self.source} ping handled by {self.worker or '?'} at {self.handled_at:%c}"


class FigureBucket(models.Model):
    """How many times something happened in one minute: moves refused (by code), throttled
    requests, server errors, sweeper runs. Written by unoservice.ops.figures (counted in
    memory per process, added here every few seconds); kept UNO_FIGURES_RETENTION_DAYS."""

    name = models.CharField(
        max_length=120, help_text='What was counted, e.g. "refused:not_your_turn".'
    )
    minute = models.DateTimeField(help_text="The minute it happened in (UTC, seconds zero).")
    count = models.PositiveIntegerField(default=0)
    last_at = models.DateTimeField(help_text="When it last happened within the minute.")

    class Meta:
        ordering = ["-minute", "name"]
        verbose_name = "figure"
        constraints = [
            models.UniqueConstraint(fields=["name", "minute"], name="one_figure_per_name_minute")
        ]
        indexes = [models.Index(fields=["minute"], name="ops_figures_by_minute")]

    def __str__(self) -> str:
        return f"{self.name} × {self.count} at {self.minute:%Y-%m-%d %H:%M}"
