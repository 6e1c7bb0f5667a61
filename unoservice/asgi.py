"""ASGI entry point, what the web server runs (unoservice/gunicorn_conf.py):

    gunicorn unoservice.asgi:application --config=python:unoservice.gunicorn_conf

Asynchronous views (long-polls) wait on the event loop; every other request runs Django's
WSGI handler in a pool of `WEB_THREADS` threads per process (unoservice/serving.py).
"""

import os
import warnings

from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application

from unoservice.serving import ServiceApp

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")

# WhiteNoise serves static files as synchronous iterators, which Django's ASGI handler
# consumes in a thread; it works, and Django warns on every file served. Quiet that one.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators"
)

application = ServiceApp(
    get_wsgi_application(),
    get_asgi_application(),
    threads=int(os.environ.get("WEB_THREADS") or 4),
)
