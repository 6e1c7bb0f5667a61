"""How the API is served: gunicorn managing uvicorn workers that run unoservice.asgi.

    gunicorn unoservice.asgi:application --config=python:unoservice.gunicorn_conf

Behind compose's proxy, whose `streams` processes run that command and hold every request
that waits, the `web` processes run gunicorn's sync worker on unoservice.wsgi instead
(unoservice/gunicorn_sync_worker.py), with the same configuration.

Each worker process runs one event loop (uvloop, httptools) and a pool of `WEB_THREADS`
threads (a2wsgi's; unoservice/serving.py): synchronous views run through Django's WSGI
handler in the pool, asynchronous ones (long-polls, streams) wait on the loop without a
thread; ServeStatic answers for the static files. Chosen by bench/load.py and
bench/waiting.py (docs/performance.md). Each pool thread keeps its database connection for
`UNO_DB_CONN_MAX_AGE` seconds (60 here), checked before reuse: opening a PostgreSQL
connection per request cost more than the request. gunicorn sets TCP_NODELAY on its
listener, so keep-alive requests are not held back by Nagle's algorithm; it restarts a
worker that dies and stops them gracefully.

Environment: `WEB_WORKERS` (4), `WEB_THREADS` (4, read by unoservice.asgi), `PORT` (8000),
`HOST` (0.0.0.0), `WEB_GRACEFUL_SECONDS` (10: how long a stop waits for requests in flight),
`WEB_HEADER_SECONDS` (10) and `WEB_MAX_HEADER_BYTES` (32768): how long a request's line and
headers may take to arrive and how large they may be (read by unoservice.gunicorn_worker,
since uvicorn has neither limit, and by unoservice.gunicorn_sync_worker).
The server trusts no X-Forwarded-* header: behind a TLS proxy, `UNO_HTTPS=1` has Django
read X-Forwarded-Proto, and `UNO_TRUSTED_PROXIES` says how far X-Forwarded-For is trusted.
"""

import os

from unoservice import env, logs

os.environ.setdefault("UNO_DB_CONN_MAX_AGE", "60")
# Files the web processes create (in the data folder: the cache, SQLite) are their user's
# alone (unoservice.private_files.PRIVATE_UMASK; not imported here, to keep the master light).
os.umask(0o077)

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_WORKERS", "4"))
worker_class = "unoservice.gunicorn_worker.Worker"
graceful_timeout = int(os.environ.get("WEB_GRACEFUL_SECONDS", "10"))
keepalive = 5
# gunicorn's own parser (the sync worker's): the line and any one header may take the whole
# of WEB_MAX_HEADER_BYTES, which the worker holds for them together.
limit_request_line = 0
limit_request_field_size = int(os.environ.get("WEB_MAX_HEADER_BYTES") or 32 * 1024)
accesslog = None  # one line per request is written by unoservice.request_log
errorlog = "-"
loglevel = logs.log_level(os.environ).lower()
# The master's and the workers' own lines in the service's format (text or JSON).
logconfig_dict = logs.logging_config(
    logs.log_level(os.environ),
    logs.log_format(os.environ, production=env.mode(os.environ) == "production"),
    logs.quiet_start(os.environ),
)
control_socket_disable = True


def child_exit(server, worker):
    """A web worker ended: its live gauges (open streams) stop counting."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
