"""The Django project: settings, URL root, Celery app, ASGI/WSGI entry points, and the
plumbing every app shares (problem+json errors, the clock, pages, rate limits, rows,
logs, metrics, operations).

May import: nothing of games, players or scoring (the URL root and settings name them
by dotted strings only)."""

from unoservice.celery import app as celery_app

__all__ = ("celery_app",)
