"""The service's own operations: the health check and the worker heartbeat.

Nothing here is about games, players or scores; it checks that the plumbing (database,
broker, Celery worker and beat) works, and `manage.py serve` runs it all on one machine.
"""
