"""WSGI entry point: what compose's `web` processes serve (unoservice/gunicorn_sync_worker.py,
behind the proxy that sends the requests that wait elsewhere), and in-process clients.

    gunicorn unoservice.wsgi:application --config=python:unoservice.gunicorn_conf \\
        --worker-class=unoservice.gunicorn_sync_worker.SyncWorker

Static files (STATIC_ROOT: what `collectstatic` gathered at the image's build) are
answered by ServeStatic, as unoservice.asgi answers them.
"""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from servestatic import ServeStatic

from unoservice import startup_heap
from unoservice.serving import HASHED_NAME

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")

application = ServeStatic(
    get_wsgi_application(),
    root=settings.STATIC_ROOT,
    prefix=settings.STATIC_URL,
    immutable_file_test=HASHED_NAME,
)
startup_heap.set_aside()
