"""Shared API plumbing: every error is an RFC 9457 ``application/problem+json`` document.

A problem has ``type``, ``title``, ``status``, ``detail``, ``instance`` and a stable,
machine-readable ``code`` (listed per status below); validation errors add
``errors`` (field -> messages); an error about a game adds ``version``.

When the database (or the broker or cache) cannot be reached, any operation answers 503
``service_unavailable`` with ``Retry-After``, never a 500 with a traceback; a retry with
the same ``Idempotency-Key`` is safe once the part is back.

Views raise :class:`ApiError` subclasses (or DRF's own exceptions), never build error
responses by hand::

    class GameNotFound(ApiError):
        status_code = 404
        default_code = "game_not_found"
        default_detail = "No such game."

    raise GameNotFound(version=12)   # extra members go into the problem document
"""

from __future__ import annotations

import json
import logging
import sys
from http import HTTPStatus
from typing import Any

from django import db
from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, JsonResponse
from drf_spectacular.utils import extend_schema_field
from kombu import exceptions as kombu_errors
from redis import exceptions as redis_errors
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import set_rollback

from .errors import DomainError
from .ops import figures

logger = logging.getLogger(__name__)

PROBLEM_CONTENT_TYPE = "application/problem+json"
#: The status of each kind of domain error (unoservice.errors).
STATUS_OF_KIND = {
    "invalid": 400,
    "forbidden": 403,
    "not_found": 404,
    "conflict": 409,
    "stale": 412,
    "too_many": 429,
}
PROBLEM_TYPE_PREFIX = "urn:unoservice:problem:"
#: The endpoints whose refusals count as moves refused (by code) on the dashboard.
MOVE_VIEWS = frozenset({"games:actions"})

# DRF's codes for its own exceptions, renamed to the contract's where they differ.
RENAMED_CODES = {
    "invalid": "invalid_request",
    "parse_error": "invalid_request",
    "authentication_failed": "not_authenticated",
}
CODES_BY_STATUS = {
    400: "invalid_request",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    415: "unsupported_media_type",
    429: "throttled",
    500: "server_error",
    503: "service_unavailable",
}
#: Seconds a client is told to wait when a part the service needs is unreachable: about
#: as long as a restart of PostgreSQL or Redis takes.
UNAVAILABLE_RETRY_AFTER_SECONDS = 5
#: Errors that say a part is unreachable (or refusing work for now), not that the request
#: or the code is wrong, and the part each names.
UNAVAILABLE_PARTS = (
    ((db.OperationalError, db.InterfaceError), "database"),
    ((redis_errors.ConnectionError, redis_errors.TimeoutError), "cache or broker"),
    ((kombu_errors.OperationalError,), "broker"),
)


class ApiError(exceptions.APIException):
    """An error with a stable ``code``; keyword arguments become extra problem members."""

    status_code = 400
    default_code = "invalid_request"
    default_detail = "The request is not valid."

    def __init__(self, detail: str | None = None, code: str | None = None, **extra: Any):
        super().__init__(detail, code or self.default_code)
        self.code = code or self.default_code
        self.extra = extra


class ProblemSerializer(serializers.Serializer):
    """The body of every error response (RFC 9457 problem details)."""

    type = serializers.CharField(help_text="A URI naming the kind of problem.")
    title = serializers.CharField(help_text="The HTTP status phrase.")
    status = serializers.IntegerField(help_text="The HTTP status code.")
    detail = serializers.CharField(help_text="What went wrong, for humans.")
    code = serializers.CharField(help_text="A stable machine-readable code, e.g. not_found.")
    instance = serializers.CharField(required=False, help_text="The request's path.")
    errors = serializers.DictField(
        child=serializers.JSONField(),
        required=False,
        help_text="For invalid_request: the messages for each field.",
    )
    version = serializers.IntegerField(
        required=False, help_text="The game's current version, where a game is involved."
    )
    field = serializers.CharField(
        required=False, help_text="For unknown_field: the member's path, e.g. rules.presets."
    )
    option = serializers.CharField(
        required=False,
        help_text="For unknown_option and invalid_option (and a staff set-up's "
        "unknown_card): the option, timer or field named, e.g. hand_size.",
    )
    next_game_id = serializers.UUIDField(
        required=False,
        help_text="For a rematch that cannot seat the caller: the next game.",
    )


def problem_responses(*statuses: int) -> dict:
    """drf-spectacular `responses` entries for these error statuses. The schema replaces
    them with the operation's own problem and codes (games.http.schema)."""
    from drf_spectacular.utils import OpenApiResponse

    return {
        (status, PROBLEM_CONTENT_TYPE): OpenApiResponse(
            ProblemSerializer, description="An RFC 9457 problem."
        )
        for status in statuses
    }


def problem(status: int, code: str, detail: str, **extra: Any) -> dict[str, Any]:
    body = {
        "type": PROBLEM_TYPE_PREFIX + code,
        "title": _phrase(status),
        "status": status,
        "detail": detail,
        "code": code,
    }
    body.update({key: value for key, value in extra.items() if value is not None})
    return body


def headers_too_large_answer(limit: int) -> bytes:
    """The whole HTTP answer the web servers send, before any view, to a request whose
    line and headers exceed `limit` bytes: the 431 problem, and the connection closes."""
    detail = f"The request's line and headers exceed {limit} bytes."
    body = json.dumps(problem(431, "headers_too_large", detail)).encode()
    head = (
        "HTTP/1.1 431 Request Header Fields Too Large\r\n"
        f"content-type: {PROBLEM_CONTENT_TYPE}\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode("latin-1") + body


def problem_exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's EXCEPTION_HANDLER: any API exception becomes a problem+json response. Moves
    refused (by code) and throttled requests are counted for the operator's dashboard."""
    response = _problem_of(exc, context)
    if response is not None:
        _count_refusal(response, context)
    return response


def _count_refusal(response: Response, context: dict) -> None:
    code = str(response.data.get("code", "unknown"))
    if code == "throttled":
        view = context.get("view")
        figures.count(figures.THROTTLED + (getattr(view, "throttle_scope", None) or "other"))
        return
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    if 400 <= response.status_code < 500 and match and match.view_name in MOVE_VIEWS:
        figures.count(figures.REFUSED + code)


def _problem_of(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, DomainError):
        wait = getattr(exc, "retry_after", None)  # every 429 says when to try again
        return problem_response(
            STATUS_OF_KIND[exc.kind],
            exc.code,
            exc.detail,
            context.get("request"),
            {"Retry-After": str(wait)} if wait is not None else None,
            **exc.extra,
        )
    part = unavailable_part(exc)
    if part is not None:
        set_rollback()
        request = context.get("request")
        return problem_response(
            503,
            "service_unavailable",
            _unavailable_detail(part, exc, request),
            request,
            {"Retry-After": str(UNAVAILABLE_RETRY_AFTER_SECONDS)},
        )
    if not isinstance(exc, exceptions.APIException):
        return None  # a bug: Django's 500 handling (handler500 below) takes over

    status = exc.status_code
    extra: dict[str, Any] = {}
    if isinstance(exc, ApiError):
        code, detail = exc.code, str(exc.detail)
        extra.update(exc.extra)
    elif isinstance(exc, exceptions.ValidationError):
        code, detail = "invalid_request", "The request body or parameters are not valid."
        extra["errors"] = exc.detail if isinstance(exc.detail, dict) else {"": exc.detail}
    else:
        code = _code_of(exc)
        detail = str(exc.detail)

    headers = {}
    auth_header = getattr(exc, "auth_header", None)
    if auth_header:
        headers["WWW-Authenticate"] = auth_header
    wait = getattr(exc, "wait", None)
    if wait is not None:
        headers["Retry-After"] = str(max(1, int(wait + 0.999)))

    set_rollback()
    return problem_response(status, code, detail, context.get("request"), headers, **extra)


def problem_response(status, code, detail, request=None, headers=None, **extra) -> Response:
    if request is not None:
        extra.setdefault("instance", request.path)
    return Response(
        problem(status, code, detail, **extra),
        status=status,
        headers=headers,
        content_type=PROBLEM_CONTENT_TYPE,
    )


def not_found(request: HttpRequest, exception: Exception | None = None):
    """Django's handler404: problem+json under /api/, the usual page elsewhere."""
    if request.path.startswith("/api/"):
        return _problem_response(request, 404, "not_found", "No such resource.")
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


def bad_request(request: HttpRequest, exception: Exception | None = None):
    """Django's handler400 (a body over the size limit, a Host the service does not
    answer to): problem+json under /api/, the usual page elsewhere."""
    if request.path.startswith("/api/"):
        detail = "The request is not valid."
        if isinstance(exception, RequestDataTooBig):
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            detail = f"The request body is larger than the {limit} bytes the service reads."
        return _problem_response(request, 400, "invalid_request", detail)
    from django.views.defaults import bad_request as default_bad_request

    return default_bad_request(request, exception)


def server_error(request: HttpRequest):
    """Django's handler500: problem+json under /api/, the usual page elsewhere. An
    unreachable database met outside a view (in a middleware) is a 503 there too."""
    if request.path.startswith("/api/"):
        exc = sys.exc_info()[1]
        part = unavailable_part(exc) if exc is not None else None
        if part is not None:
            response = _problem_response(
                request, 503, "service_unavailable", _unavailable_detail(part, exc, request)
            )
            response["Retry-After"] = str(UNAVAILABLE_RETRY_AFTER_SECONDS)
            return response
        return _problem_response(request, 500, "server_error", "An unexpected error occurred.")
    from django.views.defaults import server_error as default_server_error

    return default_server_error(request)


def _problem_response(request: HttpRequest, status: int, code: str, detail: str):
    return JsonResponse(
        problem(status, code, detail, instance=request.path),
        status=status,
        content_type=PROBLEM_CONTENT_TYPE,
    )


def unavailable_part(exc: BaseException) -> str | None:
    """The part an error says is unreachable ("database", …), or None for any other error."""
    for kinds, part in UNAVAILABLE_PARTS:
        if isinstance(exc, kinds):
            return part
    return None


def _unavailable_detail(part: str, exc: BaseException, request) -> str:
    """The problem's detail names the part; the error's own text (hosts, ports) goes to
    the log only."""
    path = getattr(request, "path", "?")
    logger.warning(
        "503 for %s: the %s is unavailable (%s: %s)", path, part, type(exc).__name__, exc
    )
    return f"The service cannot reach its {part} right now; try again shortly."


def _code_of(exc: exceptions.APIException) -> str:
    codes = exc.get_codes()
    if isinstance(codes, str):
        return RENAMED_CODES.get(codes, codes)
    return CODES_BY_STATUS.get(exc.status_code, "error")


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


class UnknownField(ApiError):
    status_code = 400
    default_code = "unknown_field"
    default_detail = "The request has a member this operation does not take."


class RequestBody(serializers.Serializer):
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                path = ".".join([*self._path(), str(unknown[0])])
                raise UnknownField(f"{path!r} is not a member of this request.", field=path)
        return super().to_internal_value(data)

    def _path(self) -> list[str]:
        names, node = [], self
        while node.parent is not None and node.field_name:
            names.insert(0, node.field_name)
            node = node.parent
        return names


class BodyNotTaken(ApiError):
    status_code = 400
    default_code = "invalid_request"
    default_detail = "This operation takes no request body (send none, or {})."


def refuse_a_body(request) -> None:
    """For operations that take no body: none, `null` or `{}` pass; a member is a 400
    `unknown_field` like anywhere else, and any other JSON a 400 `invalid_request`."""
    data = request.data
    if data is None or (isinstance(data, dict) and not data):
        return
    if isinstance(data, dict):
        name = str(sorted(data)[0])
        raise UnknownField(f"{name!r} is not a member of this request.", field=name)
    raise BodyNotTaken()


class StrictCharField(serializers.CharField):
    """Text that must be a JSON string (DRF's own field turns 0 into "0")."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """A JSON true or false (DRF's own field takes "true", "yes", 1 and the like)."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class BoundedListField(serializers.ListField):
    """A list of at most `max_length` items, refused on its length before any item is
    validated: DRF checks `max_length` only after validating every item, and a body of
    a couple of MB made of one list held a worker for seconds before its refusal."""

    def __init__(self, *, max_length: int, **kwargs):
        super().__init__(max_length=max_length, **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, list) and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().to_internal_value(data)


@extend_schema_field({"type": "string", "format": "date-time"})
class TimeField(serializers.CharField):
    """A time as the service writes it: ISO 8601 UTC with milliseconds."""


class StrictIntegerField(serializers.IntegerField):
    """An integer that must be a JSON number without a fraction: "2", 2.5 and true are
    refused (DRF's own field takes them)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            self.fail("invalid")
        if isinstance(data, float) and not data.is_integer():
            self.fail("invalid")
        return super().to_internal_value(data)
