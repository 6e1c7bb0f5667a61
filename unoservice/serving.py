"""How requests reach Django: asynchronous views on the event loop, everything else in a
bounded pool of threads.

    gunicorn unoservice.asgi:application --config=python:unoservice.gunicorn_conf

`ServiceApp` is the ASGI application each web process serves. A request whose view is a
coroutine (a long-poll that waits for news, later live streams) goes to Django's ASGI
handler and waits on the event loop, holding no thread. Every other request runs Django's
WSGI handler in a thread of the process's pool (`WEB_THREADS`), which is how Django
serves synchronous views fastest: one hop to a thread per request, where Django's ASGI
handler makes one per middleware. The asynchronous views' own synchronous steps
(middleware, authentication, database reads) borrow threads from the same pool, so a
process never runs more threads, or holds more database connections, than the pool's size,
however many requests wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from contextvars import ContextVar
from functools import cache

from a2wsgi import WSGIMiddleware
from asgiref.sync import (
    ThreadSensitiveContext,
    iscoroutinefunction,
    markcoroutinefunction,
    sync_to_async,
)
from django.conf import settings
from django.db import connections
from django.dispatch import Signal
from django.urls import URLResolver, get_resolver
from whitenoise.middleware import WhiteNoiseMiddleware

#: True while a request is served by ServiceApp's asynchronous side, whose synchronous
#: steps borrow the shared pool's threads (and their database connections).
_on_shared_threads: ContextVar[bool] = ContextVar("on_shared_threads", default=False)


def on_shared_threads() -> bool:
    """Whether the current request's synchronous steps run on threads it does not own."""
    return _on_shared_threads.get()


class ServiceApp:
    """The ASGI application: routes each request by the kind of view its path resolves to."""

    def __init__(self, wsgi_app, asgi_app, threads: int):
        self.threads = threads
        self.wsgi = WSGIMiddleware(wsgi_app, workers=threads)
        self.asgi = asgi_app
        self.pool: ThreadPoolExecutor = self.wsgi.executor

    async def __call__(self, scope, receive, send) -> None:
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


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise, able to sit in an asynchronous middleware chain. Django runs a
    synchronous-only middleware there in a thread that also waits for the rest of the
    chain, the view included: every waiting request would hold a thread."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response=None, settings=settings):
        super().__init__(get_response, settings)
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request):
        if self.is_async:
            return self._serve_async(request)
        return super().__call__(request)

    async def _serve_async(self, request):
        if self.autorefresh:
            static_file = await sync_to_async(self.find_file)(request.path_info)
        else:
            static_file = self.files.get(request.path_info)
        if static_file is not None:
            return await sync_to_async(self.serve)(static_file, request)
        return await self.get_response(request)


#: Sent when the server starts to stop: requests that wait for news answer now, as when
#: their time is up, instead of holding the stop back (or being cut off).
stopping = Signal()
