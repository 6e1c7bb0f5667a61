"""The web server's worker: gunicorn (processes, restarts, graceful stops, TCP_NODELAY on
the listener) running uvicorn (uvloop, httptools) in each process, serving
unoservice.asgi. unoservice/gunicorn_conf.py names it.

uvicorn has no limit on how long a request's headers may take to arrive, nor on their
size, with httptools (gunicorn's `limit_request_*` settings bind its own parser only):
`LimitedHttpToolsProtocol` adds both, `WEB_HEADER_SECONDS` and `WEB_MAX_HEADER_BYTES`."""

from __future__ import annotations

import asyncio
import os
import sys

import uvicorn
from gunicorn.arbiter import Arbiter
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn_worker import UvicornWorker

from unoservice.serving import ServiceApp, stopping


class Worker(UvicornWorker):
    """gunicorn's worker running uvicorn (uvloop, httptools). The peer address stays the
    connection's: X-Forwarded-For is for the throttles to trust or not
    (UNO_TRUSTED_PROXIES), never rewritten by the server."""

    CONFIG_KWARGS = {
        "loop": "uvloop",
        "http": "unoservice.gunicorn_worker:LimitedHttpToolsProtocol",
        "proxy_headers": False,
        "server_header": False,
        "access_log": False,
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Requests still running then are cancelled before gunicorn kills the process.
        self.config.timeout_graceful_shutdown = max(1, self.cfg.graceful_timeout - 1)

    async def _serve(self) -> None:
        self.config.app = self.wsgi
        server = _Server(config=self.config)
        self._install_sigquit_handler()
        await server.serve(sockets=self.sockets)
        if not server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)


class _Server(uvicorn.Server):
    async def shutdown(self, sockets=None) -> None:
        stopping.send(sender=ServiceApp)
        await super().shutdown(sockets)


#: How long a refused connection's further bytes are read and dropped before it closes.
LINGER_SECONDS = 2


class _HeadersTooLarge(Exception):
    pass


class LimitedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, with two limits on a request's line and headers:

    - they arrive within `header_seconds` of the connection opening or of the request's
      first byte, or the connection is closed (a client trickling header lines, or
      opening connections and sending nothing, held them open for ever);
    - they hold at most `max_header_bytes`, or the answer is a 431 problem
      `headers_too_large` and the connection is closed (counted as they arrive, so a
      20 MB header is refused after its first `max_header_bytes`, not read whole)."""

    header_seconds = float(os.environ.get("WEB_HEADER_SECONDS") or 10)
    max_header_bytes = int(os.environ.get("WEB_MAX_HEADER_BYTES") or 32 * 1024)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._header_deadline: asyncio.TimerHandle | None = None
        self._awaiting_headers = True
        self._header_bytes = 0  # received since the request began, its headers unfinished
        self._parsed_bytes = 0  # of its line and headers, as the parser hands them over
        self._too_large = False  # set by the parser's callbacks
        self._refused = False

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._arm_header_deadline()

    def connection_lost(self, exc) -> None:
        self._disarm_header_deadline()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return  # dropped until the connection closes
        if self._awaiting_headers:
            self._header_bytes += len(data)
        super().data_received(data)
        if self._awaiting_headers and self._header_bytes > self.max_header_bytes:
            self._refuse_headers()  # (at most once: a refused connection reads no more)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._awaiting_headers = True
        self._parsed_bytes = 0
        self._arm_header_deadline()

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._awaiting_headers = False
        self._header_bytes = 0
        self._disarm_header_deadline()
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._awaiting_headers = True  # the connection's next bytes begin a new request
        self._header_bytes = 0

    def send_400_response(self, msg: str) -> None:
        # The parser reports a callback's exception (_HeadersTooLarge) as a bad request.
        if self._too_large:
            self._refuse_headers()
        else:
            super().send_400_response(msg)

    def _count(self, size: int) -> None:
        self._parsed_bytes += size
        if self._parsed_bytes > self.max_header_bytes:
            self._too_large = True
            raise _HeadersTooLarge()

    def _refuse_headers(self) -> None:
        from unoservice.api import headers_too_large_answer

        self._disarm_header_deadline()
        if self._refused or self.transport.is_closing():
            return
        self._refused = True
        self.transport.write(headers_too_large_answer(self.max_header_bytes))
        # Closed at once, with what the client still sends unread, the connection would
        # be reset and the answer lost: stop writing, drop what comes, then close.
        if self.transport.can_write_eof():
            self.transport.write_eof()
            self.loop.call_later(LINGER_SECONDS, self.transport.close)
        else:
            self.transport.close()

    def _arm_header_deadline(self) -> None:
        self._disarm_header_deadline()
        self._header_deadline = self.loop.call_later(self.header_seconds, self._headers_late)

    def _disarm_header_deadline(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _headers_late(self) -> None:
        self._header_deadline = None
        if self._awaiting_headers and not self.transport.is_closing():
            self.transport.close()
