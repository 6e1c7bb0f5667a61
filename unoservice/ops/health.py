"""Checks behind GET /api/v1/health: a real query and a real broker connection.

Each answers "ok" or "error: <what failed>" in a few fixed words: the health check is
public, so the exception's text (hosts, paths, versions) goes to the log, not to it."""

from __future__ import annotations

import logging
import os

from django.conf import settings
from django.db import connections
from kombu import Connection

from unoservice.env import filesystem_broker_folders

BROKER_TIMEOUT_SECONDS = 3.0

logger = logging.getLogger(__name__)


def check_database(alias: str = "default") -> str:
    try:
        with connections[alias].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # any failure is reported, never raised
        return _error("database")
    return "ok"


def check_broker() -> str:
    url = settings.CELERY_BROKER_URL
    options = dict(getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}) or {})
    try:
        if url.startswith("filesystem://"):
            for folder in filesystem_broker_folders(options):
                if not folder.is_dir():
                    logger.warning("health: broker folder %s does not exist", folder)
                    return "error: broker folder missing"
                if not os.access(folder, os.W_OK | os.X_OK):
                    logger.warning("health: broker folder %s is not writable", folder)
                    return "error: broker folder not writable"
        if url.startswith(("redis://", "rediss://")):
            options["socket_connect_timeout"] = BROKER_TIMEOUT_SECONDS
            options["socket_timeout"] = BROKER_TIMEOUT_SECONDS
        with Connection(
            url, connect_timeout=BROKER_TIMEOUT_SECONDS, transport_options=options
        ) as conn:
            conn.ensure_connection(
                max_retries=1, interval_start=0, interval_step=0.2, timeout=BROKER_TIMEOUT_SECONDS
            )
    except Exception:
        return _error("broker")
    return "ok"


def _error(part: str) -> str:
    logger.warning("health: the %s check failed", part, exc_info=True)
    return "error: unreachable"
