"""The Celery app: `celery -A unoservice worker` and `celery -A unoservice beat`.

All settings come from Django's settings, under the CELERY_ prefix (unoservice/settings.py).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")

app = Celery("unoservice")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
