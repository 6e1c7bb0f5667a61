"""How requests reach Django: asynchronous views on the event loop, everything else in a
bounded pool of threads.

    gunicorn unoservice.asgi:application --config=python:unoservice.gunicorn_conf

`ServiceApp` is the ASGI application each web process serves. A request whose view is a
coroutine (a long-poll that waits for news, later live streams) goes to Django's ASGI
handler and waits on the event loop, holding no thread. Every other request runs Django's
WSGI handler in a thread of the process's pool (`WEB_THREADS`, `WsgiInPool`), which is
how Django serves synchronous views fastest: one hop to a thread and back per request,
where Django's ASGI handler makes one per middleware. The asynchronous views' own
synchronous steps (middleware, authentication, database reads) borrow threads from the
same pool, so a process never runs more threads, or holds more database connections, than
the pool's size, however many requests wait. docs/performance.md has the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from contextvars import ContextVar
from functools import cache

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


class WsgiInPool:
    """Django's WSGI handler run in a thread pool, one hop per request: the body is read
    on the loop first, and a response held in memory comes back whole, so the thread never
    waits for the loop. (a2wsgi, which hands over every message and waits for the loop to
    take each, served 9 to 16% fewer moves a second in bench/load.py: the thread and the
    loop took turns for the GIL several times a request.) A streaming response (exports,
    static files) is sent chunk by chunk from the thread, which stops reading it as soon as
    the client has gone (an export cut short by `| head` costs no more work or log lines)."""

    def __init__(self, app, pool: ThreadPoolExecutor):
        self.app = app
        self.pool = pool

    async def __call__(self, scope, receive, send) -> None:
        body = await _read_body(receive)
        if body is None:
            return  # the client left before it finished sending
        loop = asyncio.get_running_loop()
        environ = _environ(scope, body)
        answer = await loop.run_in_executor(self.pool, self._respond, environ, loop, receive, send)
        if answer is not None:
            status, headers, content = answer
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": content})

    def _respond(self, environ, loop, receive, send):
        """In a pool thread: (status, headers, body), or None once a streaming response
        has been sent."""
        started = {}

        def start_response(status, headers, exc_info=None):
            started["status"] = int(status.split(" ", 1)[0])
            started["headers"] = [
                (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers
            ]
            return _no_write

        result = self.app(environ, start_response)
        try:
            if not getattr(result, "streaming", False):
                return started["status"], started["headers"], b"".join(result)

            def sent(message) -> None:
                asyncio.run_coroutine_threadsafe(send(message), loop).result()

            client_left = threading.Event()
            watching = asyncio.run_coroutine_threadsafe(_until_gone(receive, client_left), loop)
            try:
                sent({"type": "http.response.start", **started})
                for chunk in result:
                    if client_left.is_set():
                        return None
                    if chunk:
                        sent({"type": "http.response.body", "body": chunk, "more_body": True})
                sent({"type": "http.response.body", "body": b""})
                return None
            finally:
                watching.cancel()
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()


async def _until_gone(receive, client_left: threading.Event) -> None:
    """Sets `client_left` when the server says the client disconnected."""
    while (await receive())["type"] != "http.disconnect":
        pass
    client_left.set()


def _no_write(data: bytes) -> None:
    raise NotImplementedError("the WSGI write() callable is not supported")


async def _read_body(receive) -> bytes | None:
    """The request's body, or None when the client left first. Past Django's limit on
    bodies (DATA_UPLOAD_MAX_MEMORY_SIZE) it stops reading: Django then refuses the
    request with a 400 as it would have anyway."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if not message.get("more_body", False) or (limit is not None and size > limit):
            return b"".join(chunks)


def _environ(scope, body: bytes) -> dict:
    """The WSGI environ of an ASGI HTTP request (PEP 3333: header values as latin-1)."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    path = scope["path"].encode("utf-8").decode("latin-1")
    root = scope.get("root_path", "").encode("utf-8").decode("latin-1")
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root,
        "PATH_INFO": path.removeprefix(root),
        "QUERY_STRING": scope["query_string"].decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] or 0),
        "SERVER_PROTOCOL": f"HTTP/{scope['http_version']}",
        "REMOTE_ADDR": client[0],
        "REMOTE_PORT": str(client[1]),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope["headers"]:
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        if name not in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            name = "HTTP_" + name
        value = raw_value.decode("latin-1")
        environ[name] = f"{environ[name]},{value}" if name in environ else value
    if body and "CONTENT_LENGTH" not in environ:  # sent in chunks
        environ["CONTENT_LENGTH"] = str(len(body))
    return environ


class ServiceApp:
    """The ASGI application: routes each request by the kind of view its path resolves to."""

    def __init__(self, wsgi_app, asgi_app, threads: int):
        self.threads = threads
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="web")
        self.wsgi = WsgiInPool(wsgi_app, self.pool)
        self.asgi = asgi_app

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
