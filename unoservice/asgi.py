"""ASGI entry point: `uvicorn unoservice.asgi:application`."""

import os
import warnings

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")

# WhiteNoise serves static files as synchronous iterators, which Django's ASGI handler
# consumes in a thread; it works, and Django warns on every file served. Quiet that one.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators"
)

application = get_asgi_application()
