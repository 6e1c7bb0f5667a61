"""For bench/load.py's `--server a2wsgi` and `granian`: the service's split by path (views
that wait on the event loop, the rest through Django's WSGI handler in a thread pool)
with a2wsgi's WSGIMiddleware as the bridge instead of unoservice/serving.py's
`WsgiInPool`. (granian's `receive` returns an awaitable that is not a coroutine, which
a2wsgi's body reader cannot take: it is wrapped in one.) The asynchronous views'
synchronous steps borrow a2wsgi's pool, so a process runs WEB_THREADS threads however
many requests wait."""

import os
from inspect import iscoroutinefunction

from a2wsgi import WSGIMiddleware
from asgiref.sync import ThreadSensitiveContext
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application

from unoservice import serving

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")

django_asgi = get_asgi_application()
django_wsgi = WSGIMiddleware(
    get_wsgi_application(), workers=int(os.environ.get("WEB_THREADS") or 4)
)


async def application(scope, receive, send):
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
    elif scope["type"] == "http" and serving.waits(scope["path"]):
        async with ThreadSensitiveContext(executor=django_wsgi.executor):
            await django_asgi(scope, receive, send)
    else:
        if not iscoroutinefunction(receive):  # granian's: a2wsgi needs coroutines

            async def receive_coroutine():
                return await receive()

            await django_wsgi(scope, receive_coroutine, send)
        else:
            await django_wsgi(scope, receive, send)
