"""How requests reach Django: asynchronous views on the event loop, everything else in a
bounded pool of threads, by well-kept libraries.

    gunicorn unoservice.asgi:application --config=python:unoservice.gunicorn_conf

`ServiceApp` is the ASGI application each web process serves. ServeStatic answers for
the static files (what `collectstatic` gathered). A request whose view is a coroutine
(a long-poll that waits for news, a live stream) goes to Django's ASGI handler and waits
on the event loop, holding no thread. Every other request runs Django's WSGI handler in
a2wsgi's pool of `WEB_THREADS` threads: Django's ASGI handler would hop to a thread and
back once per middleware, and took twice as long for a read. The asynchronous views' own
synchronous steps (middleware, authentication, database reads) borrow threads from the
same pool, so a process never runs more threads, or holds more database connections, than
the pool's size, however many requests wait. docs/performance.md has the figures that
chose this, and the in-house bridge it replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import threading
from contextvars import ContextVar
from functools import cache

from a2wsgi import WSGIMiddleware
from asgiref.sync import ThreadSensitiveContext, iscoroutinefunction, sync_to_async
from django.db import connections
from django.dispatch import Signal
from django.urls import URLResolver, get_resolver
from servestatic import ServeStaticASGI

#: True while a request is served by ServiceApp's asynchronous side, whose synchronous
#: steps borrow the shared pool's threads (and their database connections).
_on_shared_threads: ContextVar[bool] = ContextVar("on_shared_threads", default=False)


def on_shared_threads() -> bool:
    """Whether the current request's synchronous steps run on threads it does not own."""
    return _on_shared_threads.get()


async def dispatch_in_thread(handle, request, *args, **kwargs):
    """Runs a DRF view's synchronous dispatch in a worker thread for an asynchronous view.

    A client that goes away cancels its request, but not the thread already running the
    handler: a handler that was opening a stream or a wait has claimed a stream slot for
    it. The cancelled request therefore waits for the handler and calls the response's
    `release()`, which gives back what it holds, before it ends."""
    handling = asyncio.ensure_future(sync_to_async(handle)(request, *args, **kwargs))
    try:
        return await asyncio.shield(handling)
    except asyncio.CancelledError:
        try:
            await asyncio.wait({handling})
        finally:  # a second cancellation ends the wait, not the giving back
            if handling.done():
                _release_result(handling)
            else:
                handling.add_done_callback(_release_result)
        raise


def _release_result(handling: asyncio.Future) -> None:
    if handling.cancelled() or handling.exception() is not None:
        return
    release = getattr(handling.result(), "release", None)
    if release is not None:
        release()


#: The names ManifestStaticFilesStorage gives (`base.<12 hex digits>.css`): their content
#: never changes, so browsers may keep them for ever.
HASHED_NAME = r"\.[0-9a-f]{12}\.\w+$"


class ServiceApp:
    """The ASGI application: the static files under `static_prefix` by ServeStatic, from
    `static_root`; every other request routed by the kind of view its path resolves to."""

    def __init__(self, wsgi_app, asgi_app, threads: int, static_root, static_prefix: str):
        self.threads = threads
        self.wsgi = WSGIMiddleware(wsgi_app, workers=threads)
        self.pool = self.wsgi.executor  # shared with the asynchronous views' steps
        self.asgi = asgi_app
        self.static = ServeStaticASGI(
            self._route, root=static_root, prefix=static_prefix, immutable_file_test=HASHED_NAME
        )

    async def __call__(self, scope, receive, send) -> None:
        await self.static(scope, receive, send)

    async def _route(self, scope, receive, send) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            await self._lifespan(receive, send)
        elif kind == "http" and waits(scope["path"]):
            # The view's synchronous steps run in the shared pool, not in a thread of the
            # request's own that would live (idle) as long as the request waits.
            _on_shared_threads.set(True)
            async with ThreadSensitiveContext(executor=self.pool):
                await self.asgi(scope, receive, send)
        else:
            await self.wsgi(scope, receive, send)

    def close_connections(self) -> None:
        """Close the database connections the pool's threads keep: one call on each."""
        everyone = threading.Barrier(self.threads)

        def close() -> None:
            with contextlib.suppress(threading.BrokenBarrierError):
                everyone.wait(timeout=10)
            connections.close_all()

        for closed in [self.pool.submit(close) for _ in range(self.threads)]:
            closed.result()

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                started.send(sender=ServiceApp)
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await asyncio.get_running_loop().run_in_executor(None, self.close_connections)
                await send({"type": "lifespan.shutdown.complete"})
                return


def waits(path: str) -> bool:
    """Whether the path's view is asynchronous (it may wait for news)."""
    return _async_paths().match(path) is not None


@cache
def _async_paths() -> re.Pattern:
    """One expression matching every path whose view is a coroutine function, built once
    from the URLconf (resolving every request's path would cost as much again as Django's
    own resolving)."""
    patterns = [re.sub(r"\(\?P<\w+>", "(?:", p) for p in _async_view_regexes(get_resolver(), "")]
    return re.compile("|".join(f"(?:{p})" for p in patterns) or r"(?!)")


def _async_view_regexes(resolver: URLResolver, prefix: str):
    for entry in resolver.url_patterns:
        regex = prefix + entry.pattern.regex.pattern.removeprefix("^")
        if isinstance(entry, URLResolver):
            yield from _async_view_regexes(entry, regex)
        elif iscoroutinefunction(entry.callback):
            yield "^/" + regex.removeprefix("/")


#: Sent on the event loop when a server process starts serving (ASGI's lifespan).
started = Signal()
#: Sent when the server starts to stop: requests that wait for news answer now, as when
#: their time is up, instead of holding the stop back (or being cut off).
stopping = Signal()
