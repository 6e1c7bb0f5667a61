"""The Django project: settings, URL root, Celery app, ASGI/WSGI entry points, API plumbing."""

from unoservice.celery import app as celery_app

__all__ = ("celery_app",)
