"""For bench/load.py's `--server django-asgi` and `django-asgi-pooled`: Django's own ASGI
handler serving every request (sync views included) under the production server, to
compare with the service's routing (unoservice/serving.py). `django-asgi-pooled` runs the
views' synchronous code in a bounded pool of threads instead of a new thread for each
request."""

import os
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext
from django.core.asgi import get_asgi_application

django_app = get_asgi_application()
POOLED = os.environ.get("BENCH_ASGI_POOL") == "1"
pool = ThreadPoolExecutor(max_workers=int(os.environ.get("WEB_THREADS") or 4))


async def application(scope, receive, send):
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
    elif POOLED:
        async with ThreadSensitiveContext(executor=pool):
            await django_app(scope, receive, send)
    else:
        await django_app(scope, receive, send)
