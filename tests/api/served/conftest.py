"""The service as the web server serves it: the ASGI application (unoservice.asgi), and
after every test here the connections the server's own threads opened are closed."""

from __future__ import annotations

import time

import pytest

from games.live.watch import version_watch


@pytest.fixture(scope="module")
def app():
    from unoservice.asgi import application

    return application


@pytest.fixture(autouse=True)
def _connections_closed(app):
    """The pool's threads and the version watch open connections of their own; the test
    database is flushed and dropped only once they are closed."""
    yield
    app.close_connections()
    deadline = time.monotonic() + 5
    while version_watch.polling() and time.monotonic() < deadline:
        time.sleep(0.05)
