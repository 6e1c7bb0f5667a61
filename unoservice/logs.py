"""How every process logs: the web server, the worker and beat share one configuration.

- `LOG_LEVEL` (default INFO) is obeyed by all of them.
- `LOG_FORMAT` is `text` (readable lines, the default outside production) or `json` (one
  JSON object per line, the default in production, for a log collector).
- Quiet at rest: the framework's per-task and per-schedule lines (a task received, a task
  that succeeded, beat sending the sweep every second) are kept for DEBUG, and a request
  line is written by `unoservice.request_log` alone (Django's own line for a 4xx is
  dropped; a server error still logs its traceback). A client's error Django reports
  (a Host the service does not serve, a body over the limit) is one line, no traceback.
- A quiet start (`UNO_QUIET_START=1`, which `manage.py serve` sets for its children): the
  processes' own INFO lines as they start (gunicorn booting its workers, uvicorn's
  startup, a Celery worker connected and ready) are kept for DEBUG; their warnings and
  errors are still written.
- Nothing a client sends can forge a line: in `text`, control characters (a newline in
  a path, ESC, NUL) are written escaped (`\n`, `\x1b`), so a record is one line (a
  traceback still follows below it); `json` escapes them anyway.
- No line carries a bearer secret: the signed part of a replay link (a 24-hour link to
  an ended game's replay page, games/replay_links.py) is written `***`, in either format
  and whichever logger wrote it.

No Django here: gunicorn's master reads this through unoservice/gunicorn_conf.py before
Django is set up.
"""

from __future__ import annotations

import contextvars
import copy
import logging
import re
import time
from collections.abc import Mapping

from pythonjsonlogger.json import JsonFormatter as _JsonFormatter

LOG_FORMATS = ("text", "json")

#: The request being served, for every line logged while serving it.
current_request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "current_request_id", default=None
)

#: Fields a line may carry beside its message that `text` shows as key=value (`json`
#: shows every field; a request line's method, path, status and duration are in its
#: message too).
CONTEXT_FIELDS = ("request_id", "player_id", "game_id", "client_left")

#: Django's reports of a client's error (SuspiciousOperation), each logged with the
#: exception: one line is enough.
CLIENT_ERROR_LOGGERS = tuple(
    f"django.security.{name}"
    for name in ("DisallowedHost", "RequestDataTooBig", "TooManyFieldsSent", "TooManyFilesSent")
)

#: The signed part of a replay page's path (/games/<id>/replay/<signed>/…).
_SIGNED_REPLAY_LINK = re.compile(r"(/replay/)[^/\s\"'?#&\\]+")
MASK = "***"
#: Characters that would end or garble a text line: C0 and C1 controls, DEL, and the
#: Unicode line and paragraph separators.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")

#: Framework loggers that speak at INFO for routine work (a line per task or per tick).
#: (celery.worker.request: a sweep that expired unrun, the next one does its work.)
ROUTINE_LOGGERS = (
    "celery.app.trace",
    "celery.worker.strategy",
    "celery.worker.request",
    "celery.beat",
)

#: Loggers whose INFO lines say a process is starting (and stopping): nothing is wrong.
CELERY_STARTUP_LOGGERS = ("celery.apps.worker", "celery.worker.consumer.connection")
#: Where the cache's ignored errors go (settings.DJANGO_REDIS_LOGGER), and the throttles'.
CACHE_LOGGER = "unoservice.rate_limits"
STARTUP_LOGGERS = ("gunicorn.error", "uvicorn.error", *CELERY_STARTUP_LOGGERS)


def log_level(environ: Mapping[str, str]) -> str:
    level = environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if not isinstance(logging.getLevelName(level), int):
        raise ValueError(
            f"LOG_LEVEL={level!r} is not a logging level (DEBUG, INFO, WARNING, ERROR)"
        )
    return level


def log_format(environ: Mapping[str, str], production: bool) -> str:
    chosen = environ.get("LOG_FORMAT", "").strip().lower() or ("json" if production else "text")
    if chosen not in LOG_FORMATS:
        raise ValueError(f"LOG_FORMAT={chosen!r} is not one of {', '.join(LOG_FORMATS)}")
    return chosen


def quiet_start(environ: Mapping[str, str]) -> bool:
    return environ.get("UNO_QUIET_START", "").strip().lower() in {"1", "true", "yes"}


def logging_config(level: str, fmt: str, quiet_start: bool = False) -> dict:
    """A `logging.config.dictConfig` for every process of the service."""
    routine_level = "WARNING" if logging.getLevelName(level) == logging.INFO else level
    startup_level = routine_level if quiet_start else level
    console = {"class": "logging.StreamHandler", "formatter": fmt, "filters": ["request_id"]}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "request_id": {"()": "unoservice.logs.RequestIdFilter"},
            "without_traceback": {"()": "unoservice.logs.WithoutTraceback"},
            "cache_outage": {"()": "unoservice.logs.CacheOutageLine"},
        },
        "formatters": {
            "text": {"()": "unoservice.logs.TextFormatter"},
            "json": {
                "()": "unoservice.logs.JsonFormatter",
                "fmt": ["asctime", "levelname", "name", "message", "process"],
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
                "datefmt": "%Y-%m-%dT%H:%M:%S%z",
            },
        },
        "handlers": {"console": console},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # gunicorn and uvicorn's workers copy gunicorn.error's handlers, so both have
            # their own (the same console) rather than propagating (a logger named here
            # loses the handlers it had).
            **{
                name: {"handlers": ["console"], "level": startup_level, "propagate": False}
                for name in ("gunicorn.error", "uvicorn.error")
            },
            "gunicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
            # Its 4xx lines repeat the request line; its 5xx lines carry the traceback.
            "django.request": {"level": "ERROR"},
            # A request naming a host the service does not serve (scanners, a misset
            # proxy), a body over the limit: a client's error, one line, no traceback.
            **{name: {"filters": ["without_traceback"]} for name in CLIENT_ERROR_LOGGERS},
            CACHE_LOGGER: {"filters": ["cache_outage"]},
            **{name: {"level": routine_level} for name in ROUTINE_LOGGERS},
            **{name: {"level": startup_level} for name in CELERY_STARTUP_LOGGERS},
        },
    }


class RequestIdFilter(logging.Filter):
    """Marks each line logged while a request is served with that request's id."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            request_id = current_request_id.get()
            if request_id is not None:
                record.request_id = request_id
        return True


class CacheOutageLine(logging.Filter):
    """While Redis is unreachable every request would log the ignored error with its
    traceback (django-redis's IGNORE_EXCEPTIONS): one line a minute says it instead."""

    every_seconds = 60.0

    def __init__(self):
        super().__init__()
        self._last = float("-inf")

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self._last < self.every_seconds:
            return False
        self._last = now
        error = record.exc_info[1] if record.exc_info else None
        cause = error.__cause__ if error is not None and error.__cause__ else error
        record.msg = "the cache (Redis) is unreachable, throttles are not counting: %s"
        record.args = (cause,)
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info = record.exc_text = None
        return True


class WithoutTraceback(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        return True


def masked(text: str) -> str:
    """`text` without the signed part of any replay link in it."""
    return _SIGNED_REPLAY_LINK.sub(r"\1" + MASK, text)


def one_line(text: str) -> str:
    """`text` with its control characters escaped (a newline as `\\n`, ESC as `\\x1b`)."""
    return _CONTROL.sub(lambda found: found.group().encode("unicode_escape").decode(), text)


class TextFormatter(logging.Formatter):
    """`2026-12-01 00:54:50,372 INFO games.write: message key=value …`"""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:
        escaped = copy.copy(record)  # the record itself is not ours to change
        escaped.message = one_line(record.message)
        return super().formatMessage(escaped)

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        context = " ".join(
            f"{name}={one_line(str(getattr(record, name)))}"
            for name in CONTEXT_FIELDS
            if getattr(record, name, None) is not None
        )
        if context:
            head, newline, rest = line.partition("\n")  # a traceback stays below
            line = f"{head} {context}{newline}{rest}"
        return masked(line)


class JsonFormatter(_JsonFormatter):
    """python-json-logger's lines (one JSON object each), replay links masked."""

    def format(self, record: logging.LogRecord) -> str:
        return masked(super().format(record))
