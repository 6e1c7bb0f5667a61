"""ASGI entry point, what the web server runs (unoservice/gunicorn_conf.py):

    gunicorn unoservice.asgi:application --config=python:unoservice.gunicorn_conf

Static files (STATIC_ROOT: what `collectstatic` gathered at the image's build, or at
`bin/serve`'s start) are answered by ServeStatic; asynchronous views (long-polls, streams)
wait on the event loop; every other request runs Django's WSGI handler in a pool of
`WEB_THREADS` threads per process (unoservice/serving.py).
"""

import os

from django.conf import settings
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application

from unoservice import startup_heap
from unoservice.serving import ServiceApp

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")

application = ServiceApp(
    get_wsgi_application(),
    get_asgi_application(),
    threads=int(os.environ.get("WEB_THREADS") or 4),
    static_root=settings.STATIC_ROOT,
    static_prefix=settings.STATIC_URL,
)
startup_heap.set_aside()
