"""`GET /api/v1/metrics`: the Prometheus figures of every process sharing the metrics
folder, plus the Celery queue's depth read from the broker at scrape time.

Readable by staff signed in to the admin, or with `Authorization: Bearer
<UNO_METRICS_TOKEN>` (what a Prometheus server sends: `authorization.credentials` in its
scrape config). Without a token set, only staff may read it.

A Celery worker in its own container (compose) does not share the web's folder: with
`UNO_METRICS_PORT` set, the worker serves its own processes' figures on that port, behind
the same token (`serve_worker_metrics`).
"""

from __future__ import annotations

import hmac
import logging
import threading
from wsgiref.simple_server import WSGIRequestHandler, make_server

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from kombu import Connection
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import BasePermission
from rest_framework.views import APIView

from unoservice.api import ApiError, problem_responses

logger = logging.getLogger(__name__)

QUEUE_READ_TIMEOUT_SECONDS = 2


class MetricsNotAllowed(ApiError):
    status_code = 403
    default_code = "metrics_not_allowed"
    default_detail = "Metrics are for staff, or for a caller with the metrics token."


class MetricsTokenRequired(ApiError):
    """No metrics token, or a wrong one, from a caller without a staff session: a 401, as
    for any missing or bad token."""

    status_code = 401
    default_code = "not_authenticated"
    default_detail = (
        "Metrics need the metrics token (Authorization: Bearer <UNO_METRICS_TOKEN>) or a "
        "staff session."
    )


def holds_metrics_token(authorization: str | None) -> bool:
    token = settings.UNO_METRICS_TOKEN
    if not token or not authorization:
        return False
    scheme, _, offered = authorization.partition(" ")
    # As bytes: compare_digest refuses str holding anything but ASCII (a TypeError, which
    # was a 500 for a bearer like "é").
    offered_bytes = offered.strip().encode("utf-8", "surrogatepass")
    return scheme.lower() == "bearer" and hmac.compare_digest(offered_bytes, token.encode())


class MetricsReader(BasePermission):
    def has_permission(self, request, view) -> bool:
        if request.method.lower() not in view.http_method_names or not hasattr(
            view, request.method.lower()
        ):
            return True  # a method the view does not have: a 405 says so to anyone
        if holds_metrics_token(request.headers.get("Authorization")):
            return True
        if getattr(request.user, "is_staff", False):
            return True
        if getattr(request.user, "is_authenticated", False):
            raise MetricsNotAllowed()
        raise MetricsTokenRequired()


class MetricsView(APIView):
    """Prometheus text exposition of the service's figures."""

    authentication_classes = [SessionAuthentication]
    permission_classes = [MetricsReader]
    refusals = {"get": (MetricsTokenRequired, MetricsNotAllowed)}

    @extend_schema(
        operation_id="metrics",
        summary="Prometheus metrics (staff or the metrics token)",
        tags=["service"],
        auth=[],
        responses={
            (200, CONTENT_TYPE_LATEST.split(";")[0]): OpenApiResponse(
                OpenApiTypes.STR, description="Prometheus text format 0.0.4."
            ),
            **problem_responses(401, 403),
        },
    )
    def get(self, request):
        return HttpResponse(scrape(with_queue=True), content_type=CONTENT_TYPE_LATEST)


def scrape(*, with_queue: bool) -> bytes:
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    if with_queue:
        registry.register(QueueDepthCollector())
    return generate_latest(registry)


class QueueDepthCollector:
    """Tasks waiting in the Celery queue, asked of the broker at each scrape."""

    def collect(self):
        family = GaugeMetricFamily(
            "uno_celery_queue_depth",
            "Tasks waiting in the Celery queue (-1: the broker did not answer).",
            labels=["queue"],
        )
        queue = settings.CELERY_TASK_DEFAULT_QUEUE
        family.add_metric([queue], _queue_depth(queue))
        yield family


def _queue_depth(queue: str) -> int:
    options = dict(getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}) or {})
    try:
        with Connection(
            settings.CELERY_BROKER_URL,
            connect_timeout=QUEUE_READ_TIMEOUT_SECONDS,
            transport_options=options,
        ) as connection:
            channel = connection.default_channel
            return channel.queue_declare(queue=queue, passive=True).message_count
    except Exception:
        logger.warning("metrics: the broker did not say how many tasks wait", exc_info=True)
        return -1


def serve_worker_metrics(port: int) -> None:
    """Serve this worker's processes' figures on `port` (a daemon thread of the main
    process), to callers with the metrics token."""

    def app(environ, start_response):
        if not holds_metrics_token(environ.get("HTTP_AUTHORIZATION")):
            start_response(
                "401 Unauthorized",
                [("Content-Type", "text/plain"), ("WWW-Authenticate", 'Bearer realm="metrics"')],
            )
            return [b"metrics token required\n"]
        start_response("200 OK", [("Content-Type", CONTENT_TYPE_LATEST)])
        return [scrape(with_queue=False)]

    server = make_server("0.0.0.0", port, app, handler_class=_QuietHandler)
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format, *args):  # scrapes every few seconds: not worth a line
        pass
