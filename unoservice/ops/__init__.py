"""The service's own operations: the health check, the worker heartbeat, and the
operator's dashboard with the per-minute figures behind it.

Nothing here is about games, players or scores; it checks that the plumbing (database,
broker, Celery worker and beat) works, and `manage.py serve` runs it all on one machine.
"""
