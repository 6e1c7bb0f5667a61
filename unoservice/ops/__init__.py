"""The service's own operations: the health check, the worker heartbeat, metrics, and the
per-minute figures behind the operator's dashboard (the dashboard page, which shows
games, is games.admin.dashboard).

Nothing here is about games, players or scores; it checks that the plumbing (database,
broker, Celery worker and beat) works, and `manage.py serve` runs it all on one machine.
"""
