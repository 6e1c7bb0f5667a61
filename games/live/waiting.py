"""DRF views that may wait for news without holding a thread.

A `WaitingApiView` is served as an asynchronous view. Its handlers are ordinary DRF
handlers, run by DRF's own dispatch in a worker thread (authentication, throttles,
permissions, the exception handler: everything as in any other view). A handler that has
nothing to answer yet returns `self.wait_then(...)` instead of a Response: the request
then gives its thread back, awaits on the event loop, and answers with what `then`
returns once the wait is over, in a worker thread again. Meanwhile it holds a stream slot
of the caller's (games.live.slots), which it gives back however the wait ends (answered,
timed out, or the client went away).

Served over WSGI (Django's test client), the view still works: Django runs it in an
event loop of its own, and the request holds its thread while it waits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from asgiref.sync import markcoroutinefunction, sync_to_async
from django.db import connection
from rest_framework.response import Response
from rest_framework.views import APIView

from games.live.slots import Slot, stream_slots
from unoservice.serving import dispatch_in_thread, on_shared_threads


class Waiting(Response):
    """What a handler returns to wait: DRF finalizes it like any Response, and the view
    replaces it by the real answer once `until()` returns."""

    def __init__(self, view: APIView, until: Callable[[], Awaitable], then, slot: Slot):
        super().__init__(None)
        self.view = view
        self.until = until
        self.then = then
        self.slot = slot

    def release(self) -> None:
        """Gives back the wait's slot (also when the client went away before it began)."""
        self.slot.release()

    async def answer(self):
        try:
            await self.until()
        finally:  # shielded: a second cancellation must not stop the slot's release
            await asyncio.shield(sync_to_async(self.release)())
        return await sync_to_async(self._respond)()

    def _respond(self):
        view = self.view
        try:
            # A wait can outlast the account or the token: the credentials are checked
            # again before anything is sent (one query, and only for waits).
            view.request._authenticate()
            response = self.then()
        except Exception as exc:
            response = view.handle_exception(exc)
        return view.finalize_response(view.request, response, *view.args, **view.kwargs)


class WaitingApiView(APIView):
    def wait_then(
        self, until: Callable[[], Awaitable], seconds: float, then: Callable[[], Response]
    ) -> Waiting:
        """Answer `then()` once `until()` has returned; `until` must give up within
        `seconds`. The caller holds one of its stream slots meanwhile (TooManyStreams when
        it holds them all)."""
        slot = stream_slots().claim(self.request.user.pk, seconds)
        if not on_shared_threads() and not connection.in_atomic_block:
            # Served with a thread of its own (WSGI), which stays blocked while the request
            # waits: its database connection, at least, goes back now.
            connection.close()
        return Waiting(self, until, then, slot)

    @classmethod
    def as_view(cls, **initkwargs):
        handle = super().as_view(**initkwargs)

        async def view(request, *args, **kwargs):
            response = await dispatch_in_thread(handle, request, *args, **kwargs)
            if isinstance(response, Waiting):
                response = await response.answer()
            return response

        view.__dict__.update(handle.__dict__)  # cls, initkwargs, csrf_exempt, ...
        view.__doc__ = handle.__doc__
        return markcoroutinefunction(view)
