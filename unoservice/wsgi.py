"""WSGI entry point (in-process test clients and WSGI servers)."""

import os

from django.core.wsgi import get_wsgi_application

from unoservice import startup_heap

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")

application = get_wsgi_application()
startup_heap.set_aside()
