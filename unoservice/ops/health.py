"""Checks behind GET /api/v1/health: a real query and a real broker connection."""

from __future__ import annotations

import os

from django.conf import settings
from django.db import connections
from kombu import Connection

from unoservice.env import filesystem_broker_folders

BROKER_TIMEOUT_SECONDS = 3.0
MAX_REASON_LENGTH = 200


def check_database(alias: str = "default") -> str:
    try:
        with connections[alias].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure is reported, never raised
        return _error(exc)
    return "ok"


def check_broker() -> str:
    url = settings.CELERY_BROKER_URL
    options = dict(getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}) or {})
    try:
        if url.startswith("filesystem://"):
            for folder in filesystem_broker_folders(options):
                if not folder.is_dir():
                    return f"error: broker folder {folder} does not exist"
                if not os.access(folder, os.W_OK | os.X_OK):
                    return f"error: broker folder {folder} is not writable"
        if url.startswith(("redis://", "rediss://")):
            options["socket_connect_timeout"] = BROKER_TIMEOUT_SECONDS
            options["socket_timeout"] = BROKER_TIMEOUT_SECONDS
        with Connection(
            url, connect_timeout=BROKER_TIMEOUT_SECONDS, transport_options=options
        ) as conn:
            conn.ensure_connection(
                max_retries=1, interval_start=0, interval_step=0.2, timeout=BROKER_TIMEOUT_SECONDS
            )
    except Exception as exc:
        return _error(exc)
    return "ok"


def _error(exc: Exception) -> str:
    reason = " ".join(str(exc).split()) or type(exc).__name__
    if len(reason) > MAX_REASON_LENGTH:
        reason = reason[: MAX_REASON_LENGTH - 1] + "…"
    return f"error: {reason}"
