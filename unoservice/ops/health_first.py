"""The health check answered before anything that could refuse it.

Probes call `GET /api/v1/health` by the container's own address (127.0.0.1), which is
rarely in `ALLOWED_HOSTS` once an operator names the real domain: Django's host check
would answer 400 and log a traceback every few seconds. The health check reveals nothing
about any host, so it is answered first, whatever the Host header says.
"""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, sync_to_async
from django.utils.decorators import sync_and_async_middleware

from unoservice.ops.views import HealthView

HEALTH_PATH = "/api/v1/health"


def _is_health_check(request) -> bool:
    return request.path == HEALTH_PATH and request.method in ("GET", "HEAD")


def _health(request):
    return HealthView.as_view()(request).render()


@sync_and_async_middleware
def health_check_first_middleware(get_response):
    # Both kinds, so that asynchronous views (streams, long-polls) are not pushed onto a
    # thread by a synchronous middleware in their chain.
    if iscoroutinefunction(get_response):

        async def answer_async(request):
            if _is_health_check(request):
                return await sync_to_async(_health)(request)
            return await get_response(request)

        return answer_async

    def answer(request):
        if _is_health_check(request):
            return _health(request)
        return get_response(request)

    return answer
