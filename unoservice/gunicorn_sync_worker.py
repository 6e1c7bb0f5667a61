"""The web tier's worker behind compose's proxy: gunicorn's sync worker, one request at a
time per process and no threads, serving unoservice.wsgi. It serves no request that
waits: the proxy sends the long-polls and the live streams to the `streams` processes
(deploy/haproxy.cfg), which run the uvicorn worker (unoservice/gunicorn_worker.py).
bench/load.py chose it (docs/performance.md).

    gunicorn unoservice.wsgi:application --config=python:unoservice.gunicorn_conf \\
        --worker-class=unoservice.gunicorn_sync_worker.SyncWorker

What it adds to gunicorn's, to keep what the uvicorn worker keeps:

- a request's line and headers hold at most `WEB_MAX_HEADER_BYTES` together (counted as
  the uvicorn worker counts them), or the answer is the contract's 431 problem
  `headers_too_large` (gunicorn limits each header and their number, not the total, and
  answers its own 431 in plain text);
- they arrive within `WEB_HEADER_SECONDS` of the connection opening, or it is closed;
- its process hears where games are streamed (games.apps), on an event loop in a thread
  of its own, so that its writes render the frames of the games streamed elsewhere.
"""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time

from gunicorn import util
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.workers.sync import SyncWorker as GunicornSyncWorker


class SyncWorker(GunicornSyncWorker):
    header_seconds = float(os.environ.get("WEB_HEADER_SECONDS") or 10)
    max_header_bytes = int(os.environ.get("WEB_MAX_HEADER_BYTES") or 32 * 1024)

    def run(self) -> None:
        if self.cfg.is_ssl:  # its sockets are wrapped (_Head): TLS is the proxy's to end
            raise SystemExit("the sync worker serves plain HTTP behind a proxy; no certfile")
        serve_loop_in_thread()
        super().run()

    def accept(self, listener) -> None:
        client, addr = listener.accept()
        client.setblocking(True)
        util.close_on_exec(client)
        head = _Head(client, self.header_seconds, self.max_header_bytes)
        self.handle(listener, head, addr)

    def handle_request(self, listener, req, client, addr) -> None:
        client.head_arrived()
        size = len(req.uri) + sum(len(name) + len(value) + 4 for name, value in req.headers)
        if size > self.max_header_bytes:
            raise LimitRequestHeaders(f"{size} bytes")
        super().handle_request(listener, req, client, addr)

    def handle_error(self, req, client, addr, exc) -> None:
        if not isinstance(exc, LimitRequestHeaders | LimitRequestLine):
            super().handle_error(req, client, addr, exc)
            return
        from unoservice.api import headers_too_large_answer

        self.log.warning("Invalid request from ip=%s: %s", addr and addr[0], exc)
        try:
            client.sendall(headers_too_large_answer(self.max_header_bytes))
            client.linger()
        except OSError:
            self.log.debug("Failed to send the 431.")


#: How long a refused connection's further bytes are read and dropped before it closes.
LINGER_SECONDS = 2


class _Head:
    """A connection's socket as gunicorn's parser reads a request's head from it: the
    reads end, as if the client had closed it, once the head is due and has not arrived
    (gunicorn then drops the connection quietly), and they refuse a head grown past the
    limit as it arrives (a 20 MB header is not read whole). Past `head_arrived` it is the
    plain blocking socket."""

    def __init__(self, sock, seconds: float, max_bytes: int):
        self._sock = sock
        self._due: float | None = time.monotonic() + seconds
        self._max_bytes = max_bytes
        self._received = 0

    def recv(self, size: int, *flags) -> bytes:
        if self._due is None:
            return self._sock.recv(size, *flags)
        left = self._due - time.monotonic()
        if left <= 0:
            return b""
        self._sock.settimeout(left)
        try:
            data = self._sock.recv(size, *flags)
        except TimeoutError:
            return b""
        self._received += len(data)
        # The read that completes the head may bring the start of the body with it.
        if self._received > self._max_bytes + size:
            raise LimitRequestHeaders("max header bytes")
        return data

    def head_arrived(self) -> None:
        self._due = None
        self._sock.settimeout(None)

    def linger(self) -> None:
        """After a refusal: no more writes, and what the client still sends is read and
        dropped until it stops or LINGER_SECONDS pass. Closed at once, with bytes
        unread, the connection would be reset and the answer lost."""
        self._sock.shutdown(socket.SHUT_WR)
        until = time.monotonic() + LINGER_SECONDS
        while (left := until - time.monotonic()) > 0:
            self._sock.settimeout(left)
            try:
                if not self._sock.recv(65536):
                    return
            except OSError:
                return

    def __getattr__(self, name):
        return getattr(self._sock, name)


def serve_loop_in_thread() -> None:
    """An event loop for the process's background listeners (what unoservice.serving's
    `started` starts in the uvicorn worker's loop), in a daemon thread."""
    from unoservice.serving import ServiceApp, started

    loop = asyncio.new_event_loop()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        loop.call_soon(lambda: started.send(sender=ServiceApp))
        loop.run_forever()

    threading.Thread(target=serve, name="uno-background-loop", daemon=True).start()
