"""How the API is served: gunicorn, threaded workers, persistent database connections.

    gunicorn unoservice.wsgi:application -c python:unoservice.gunicorn_conf

Chosen by bench/load.py's figures (docs/performance.md): a synchronous DRF view costs
less under WSGI than through the ASGI hop, so gunicorn's workers served the game API
1.35 to 1.47 times as many moves as uvicorn's on the same machine. Threads (gthread)
rather than plain sync workers: a long-poll (`GET /events?wait=`) holds a thread for up
to 30 s, and with plain sync workers four of them would hold every worker; threads cost
a few percent of throughput. Each thread keeps its database connection for
`UNO_DB_CONN_MAX_AGE` seconds (60 here), checked before reuse: opening a PostgreSQL
connection per request cost more than the request. gunicorn also sets TCP_NODELAY on its
listener, so keep-alive requests are not held back by Nagle's algorithm.

Environment: `WEB_WORKERS` (4), `WEB_THREADS` (4), `PORT` (8000), `HOST` (0.0.0.0),
`WEB_GRACEFUL_SECONDS` (10: how long a stop waits for requests in flight),
`FORWARDED_ALLOW_IPS` (the proxies trusted for X-Forwarded-*; gunicorn's default,
127.0.0.1, unless set).
"""

import os

os.environ.setdefault("UNO_DB_CONN_MAX_AGE", "60")
# Files the web processes create (in the data folder: the cache, SQLite) are their user's
# alone (unoservice.private_files.PRIVATE_UMASK; not imported here, to keep the master light).
os.umask(0o077)

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_WORKERS", "4"))
worker_class = "gthread"
threads = int(os.environ.get("WEB_THREADS", "4"))
graceful_timeout = int(os.environ.get("WEB_GRACEFUL_SECONDS", "10"))
keepalive = 5
accesslog = None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
control_socket_disable = True
if "FORWARDED_ALLOW_IPS" in os.environ:
    forwarded_allow_ips = os.environ["FORWARDED_ALLOW_IPS"]
