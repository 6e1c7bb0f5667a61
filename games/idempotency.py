"""Safe retries: `Idempotency-Key` on every POST that changes a game.

The first request with a key claims it (a committed row), runs, and stores its response.
A repeat with the same key and body gets the stored response and applies nothing; the
same key with another body is a 422; a repeat while the first is still running is a
409 (`request_in_progress`). A claim left by a request that died is taken over after
`UNO_IDEMPOTENCY_STALE_SECONDS`. Keys are kept `UNO_IDEMPOTENCY_TTL_HOURS` (>= 24).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework.response import Response

from unoservice.api import ApiError

from .hashing import canonical, sha256_hex
from .models import IdempotencyRecord

HEADER = "Idempotency-Key"


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
    default_detail = "Idempotency-Key must be 1 to 200 printable characters."


def idempotent(request, run: Callable[[], Response]) -> Response:
    key = request.headers.get(HEADER)
    if key is None:
        return run()
    if not 0 < len(key) <= 200 or not key.isprintable():
        raise KeyInvalid()
    fingerprint = sha256_hex(request.method + " " + request.path + "\n" + canonical(request.data))
    record = _claim(request.user, key, fingerprint)
    if record.completed_at is not None:
        response = Response(record.response, status=record.status_code)
        response["Idempotent-Replayed"] = "true"
        if record.status_code >= 400:
            response.content_type = "application/problem+json"
        return response
    request._idempotency_record = record.pk
    return run()


class IdempotentMixin:
    """Stores the final response (success or error) of a request that claimed a key;
    a server error releases the claim so that a retry runs again."""

    def handle_exception(self, exc):
        """An exception no handler turns into a response (a bug: Django answers 500)
        never reaches finalize_response, so its claim is released here."""
        try:
            return super().handle_exception(exc)
        except Exception:
            record = getattr(self.request, "_idempotency_record", None)
            if record is not None:
                self.request._idempotency_record = None
                IdempotencyRecord.objects.filter(pk=record).delete()
            raise

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        record = getattr(request, "_idempotency_record", None)
        if record is not None:
            request._idempotency_record = None
            if response.status_code >= 500 or not hasattr(response, "data"):
                IdempotencyRecord.objects.filter(pk=record).delete()
            else:
                IdempotencyRecord.objects.filter(pk=record).update(
                    status_code=response.status_code,
                    response=response.data,
                    completed_at=timezone.now(),
                )
        return response


def _claim(player, key: str, fingerprint: str) -> IdempotencyRecord:
    now = timezone.now()
    stale = now - timedelta(seconds=settings.UNO_IDEMPOTENCY_STALE_SECONDS)
    expired = now - timedelta(hours=settings.UNO_IDEMPOTENCY_TTL_HOURS)
    IdempotencyRecord.objects.filter(player=player, key=key, created_at__lt=expired).delete()
    try:
        with transaction.atomic():
            return IdempotencyRecord.objects.create(
                player=player, key=key, request_hash=fingerprint
            )
    except IntegrityError:
        pass
    record = IdempotencyRecord.objects.get(player=player, key=key)
    if record.request_hash != fingerprint:
        raise KeyReused()
    if record.completed_at is None:
        if record.created_at >= stale:
            raise RequestInProgress()
        IdempotencyRecord.objects.filter(pk=record.pk).update(created_at=now)
    return record
