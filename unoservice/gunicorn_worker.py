"""The web server's worker: gunicorn (processes, restarts, graceful stops, TCP_NODELAY on
the listener) running uvicorn (uvloop, httptools) in each process, serving
unoservice.asgi. unoservice/gunicorn_conf.py names it."""

from __future__ import annotations

import sys

import uvicorn
from gunicorn.arbiter import Arbiter
from uvicorn_worker import UvicornWorker

from unoservice.serving import ServiceApp, stopping


class Worker(UvicornWorker):
    """gunicorn's worker running uvicorn (uvloop, httptools). The peer address stays the
    connection's: X-Forwarded-For is for the throttles to trust or not
    (UNO_TRUSTED_PROXIES), never rewritten by the server."""

    CONFIG_KWARGS = {
        "loop": "uvloop",
        "http": "httptools",
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
