"""One log line per request, with who asked and what for.

The line carries the method, path, status and duration (to the response's start: a
stream or an export is logged when it starts, once), the request id (the client's
`X-Request-ID` when it is a sane token, else a new one; sent back in the response's
`X-Request-ID`), the player and the game. Every other line logged while the request is
served carries the same request id (unoservice.logs.RequestIdFilter). A successful health
check logs at DEBUG: probes call it every few seconds, and a quiet log at rest is worth
more than their lines.
"""

from __future__ import annotations

import logging
import re
import time
import uuid

from asgiref.sync import iscoroutinefunction
from django.utils.decorators import sync_and_async_middleware

from unoservice.logs import current_request_id

logger = logging.getLogger("unoservice.requests")

REQUEST_ID_HEADER = "X-Request-ID"
_SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_QUIET_WHEN_OK = frozenset({"/api/v1/health"})


@sync_and_async_middleware
def request_log_middleware(get_response):
    if iscoroutinefunction(get_response):

        async def log_async(request):
            started, token = _begin(request)
            try:
                response = await get_response(request)
            finally:
                current_request_id.reset(token)
            return _end(request, response, started)

        return log_async

    def log_sync(request):
        started, token = _begin(request)
        try:
            response = get_response(request)
        finally:
            current_request_id.reset(token)
        return _end(request, response, started)

    return log_sync


def _begin(request):
    # META, not `request.headers`, which builds a dict of every header on first use
    offered = request.META.get("HTTP_X_REQUEST_ID", "")
    request.request_id = offered if _SANE_REQUEST_ID.fullmatch(offered) else uuid.uuid4().hex
    return time.perf_counter(), current_request_id.set(request.request_id)


def _end(request, response, started: float):
    response[REQUEST_ID_HEADER] = request.request_id
    duration_ms = round((time.perf_counter() - started) * 1000, 1)
    level = logging.INFO
    if response.status_code >= 500:
        level = logging.ERROR
    elif request.path in _QUIET_WHEN_OK and response.status_code < 400:
        level = logging.DEBUG
    if logger.isEnabledFor(level):
        logger.log(
            level,
            "%s %s %s in %s ms",
            request.method,
            request.path,
            response.status_code,
            duration_ms,
            extra={
                "request_id": request.request_id,
                "method": request.method,
                "path": request.path,
                "status": response.status_code,
                "duration_ms": duration_ms,
                "player_id": _player_id(request),
                "game_id": _game_id(request),
            },
        )
    return response


def _player_id(request) -> str | None:
    """The authenticated player (DRF sets `user` on the request it wraps)."""
    player = getattr(request, "user", None)
    if player is None or not getattr(player, "is_authenticated", False):
        return None
    player_id = getattr(player, "id", None)
    return None if player_id is None else str(player_id)


def _game_id(request) -> str | None:
    match = getattr(request, "resolver_match", None)
    if match is None:
        return None
    game_id = match.kwargs.get("game_id")
    return None if game_id is None else str(game_id)
