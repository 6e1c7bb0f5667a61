"""The service's clock: the one place that reads the time, so tests can move it."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()
