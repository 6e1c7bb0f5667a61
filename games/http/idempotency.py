"""Safe retries: `Idempotency-Key` on every POST that changes a game.

A request with a key runs in one transaction with its game write: the stored response
(success or refusal, with its `ETag` and `Location`) commits together with the events,
or neither does. So a crash can never leave a move applied without its record (a retry
would apply it again), nor a record without its move.

- A repeat with the same key and body gets the stored response, marked
  `Idempotent-Replayed: true`, and applies nothing.
- The same key with another body (or on another path) is a 422.
- A repeat while the first is still running is a 409 `request_in_progress` (on
  PostgreSQL, a transaction-scoped advisory lock on the key says so at once; SQLite runs
  one writer at a time, so there the repeat waits and then gets the stored response).
- A server error (500) stores nothing: the transaction rolls back and a retry runs again.

Records are kept `UNO_IDEMPOTENCY_TTL_HOURS` (at least 24); beat deletes older ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from rest_framework.exceptions import APIException
from rest_framework.response import Response

from games.http import wire
from games.log.hashing import canonical, sha256_hex
from games.models import IdempotencyRecord
from unoservice import clock
from unoservice.api import PROBLEM_CONTENT_TYPE, ApiError, problem_exception_handler
from unoservice.errors import DomainError

HEADER = "Idempotency-Key"
#: Where WSGI puts it (read from META: `request.headers` builds a dict of every header).
_META_KEY = "HTTP_IDEMPOTENCY_KEY"
#: A key: 1 to 200 visible ASCII characters, spaces allowed inside (HTTP drops them at
#: the ends).
IDEMPOTENCY_KEY_PATTERN = r"^[!-~](?:[ -~]{0,198}[!-~])?$"
KEPT_HEADERS = ("ETag", "Location")


class KeyReused(ApiError):
    status_code = 422
    default_code = "idempotency_key_reused"
    default_detail = "This Idempotency-Key was used with a different request."


class RequestInProgress(ApiError):
    status_code = 409
    default_code = "request_in_progress"
    default_detail = "A request with this Idempotency-Key is still running."


class KeyInvalid(ApiError):
    status_code = 400
    default_code = "invalid_request"
    default_detail = "Idempotency-Key must be 1 to 200 visible ASCII characters (spaces inside)."


def idempotent(request, run: Callable[[], Response]) -> Response:
    """Run `run` once per key: its response is stored in the same transaction."""
    key = request.META.get(_META_KEY)
    if key is None:
        return run()
    if not re.fullmatch(IDEMPOTENCY_KEY_PATTERN, key):
        raise KeyInvalid()
    player = request.user
    fingerprint = sha256_hex(request.method + " " + request.path + "\n" + canonical(request.data))
    with transaction.atomic():
        _hold_key(player.pk, key)
        record = IdempotencyRecord.objects.filter(player=player, key=key).first()
        if record is not None and record.created_at < _expired_before():
            record.delete()
            record = None
        if record is not None:
            if record.request_hash != fingerprint:
                raise KeyReused()
            return _replayed(record)
        try:
            response = run()
        except (DomainError, APIException) as refusal:
            response = problem_exception_handler(refusal, {"request": request})
        IdempotencyRecord.objects.create(
            player=player,
            key=key,
            request_hash=fingerprint,
            status_code=response.status_code,
            response=wire.builtins(response.data),
            headers={h: response[h] for h in KEPT_HEADERS if response.has_header(h)},
            created_at=clock.now(),
            completed_at=clock.now(),
        )
    return response


def _hold_key(player_id, key: str) -> None:
    """A second request with this key while the first runs is told so at once."""
    if connection.vendor != "postgresql":
        return
    lock_id = int(sha256_hex(f"{player_id}:{key}")[:16], 16) - 2**63
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s)", [lock_id])
        if not cursor.fetchone()[0]:
            raise RequestInProgress()


def _replayed(record: IdempotencyRecord) -> Response:
    response = Response(record.response, status=record.status_code, headers=record.headers)
    response["Idempotent-Replayed"] = "true"
    if record.status_code >= 400:
        response.content_type = PROBLEM_CONTENT_TYPE
    return response


def _expired_before():
    return clock.now() - timedelta(hours=settings.UNO_IDEMPOTENCY_TTL_HOURS)


def idempotency_records_purge() -> int:
    """Delete the records past their time to live (beat runs this hourly)."""
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=_expired_before()).delete()
    return deleted
