"""Django settings: all configuration comes from the environment (docs/operating.md lists it).

With nothing set this is the embedded mode: SQLite and the filesystem Celery broker in the
data folder, no servers needed. ``UNO_MODE=production`` is for deployments (docker-compose.yml)
and refuses to start without ``SECRET_KEY``. The parsing lives in ``unoservice.env``.
"""

import os
from datetime import timedelta
from pathlib import Path

from kombu import Exchange, Queue

from unoservice import env, logs

ENV = os.environ
BASE_DIR = Path(__file__).resolve().parent.parent

UNO_MODE = env.mode(ENV)
PRODUCTION = UNO_MODE == "production"
DATA_DIR = env.data_dir(ENV, BASE_DIR)
# Prometheus figures: every process sharing this folder writes its own files and a scrape
# sums them (unoservice.metrics). Set before prometheus_client is first imported.
METRICS_DIR = env.metrics_dir(ENV, DATA_DIR)
os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(METRICS_DIR)
UNO_METRICS_TOKEN = ENV.get("UNO_METRICS_TOKEN", "")

SECRET_KEY = env.secret_key(ENV, UNO_MODE, DATA_DIR)
UNO_SIGNING_KEY_FILE = env.signing_key_file(ENV, UNO_MODE, DATA_DIR)
UNO_SEED_SECRET = env.seed_secret(ENV, SECRET_KEY)
DEBUG = env.env_bool(ENV, "DEBUG", False)
ALLOWED_HOSTS = env.env_list(ENV, "ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.env_list(ENV, "CSRF_TRUSTED_ORIGINS", [])

# How many proxies in front of the service append to X-Forwarded-For (0: none is trusted,
# the connection's peer is the client). The same proxies are trusted for X-Forwarded-Proto.
UNO_TRUSTED_PROXIES = env.env_int(ENV, "UNO_TRUSTED_PROXIES", 0)

# UNO_HTTPS=1: the operator says clients reach the service over TLS. Then plain HTTP is
# redirected to HTTPS (except the health check, which compose and probes call over plain
# HTTP from inside), browsers are told to stay on HTTPS (HSTS), and cookies are secure.
# A proxy's X-Forwarded-Proto is believed only from trusted proxies: otherwise any client
# could claim HTTPS. (gunicorn itself believes it from FORWARDED_ALLOW_IPS, 127.0.0.1.)
if env.env_bool(ENV, "UNO_HTTPS", False):
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^api/v1/health$"]
    SECURE_HSTS_SECONDS = env.env_int(ENV, "UNO_HSTS_SECONDS", 365 * 24 * 60 * 60)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.env_bool(ENV, "UNO_HSTS_INCLUDE_SUBDOMAINS", True)
    # Preloading is hard to undo (browsers ship the list), so only on the operator's word;
    # Django's deploy check reminds of it (security.W021) and is told the choice was made.
    SECURE_HSTS_PRELOAD = env.env_bool(ENV, "UNO_HSTS_PRELOAD", False)
    if not SECURE_HSTS_PRELOAD:
        SILENCED_SYSTEM_CHECKS = ["security.W021"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    if UNO_TRUSTED_PROXIES > 0:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "corsheaders",
    "unoservice.ops",
    "players",
    "games",
    "scoring",
]

MIDDLEWARE = [
    "unoservice.request_log.request_log_middleware",  # first: it times everything below
    "unoservice.ops.health_first.health_check_first_middleware",  # before the host check
    "unoservice.metrics.request_metrics_middleware",  # after the health check: not counted
    # The games API's JSON answers in the coding the client asks for (brotli or gzip),
    # once every middleware below has written its body.
    "unoservice.compression.games_api_compression_middleware",
    "django.middleware.security.SecurityMiddleware",
    "unoservice.rate_limits.rate_limit_headers_middleware",
    # Django's session, user and messages middleware, passed by on the games API, where
    # they do nothing (unoservice.middleware). CSRF's stays Django's own, as
    # `check --deploy` asks (on the API it reads no cookie and DRF exempts its views).
    "unoservice.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "unoservice.middleware.AuthenticationMiddleware",
    "unoservice.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes requires
]

# Browser pages on other origins (UNO_CORS_ORIGINS; django-cors-headers), on /api/ only.
# Tokens travel in the Authorization header, never in cookies, so no credentials are
# allowed and a preflight is answered before authentication. No origin: no middleware.
UNO_CORS_ORIGINS = env.cors_origins(ENV, UNO_MODE)
if UNO_CORS_ORIGINS:
    # First after the request log: a preflight is answered here, before the throttles.
    MIDDLEWARE.insert(1, "corsheaders.middleware.CorsMiddleware")
CORS_URLS_REGEX = r"^/api/"
CORS_ALLOW_ALL_ORIGINS = UNO_CORS_ORIGINS == ["*"]
CORS_ALLOWED_ORIGINS = [] if CORS_ALLOW_ALL_ORIGINS else UNO_CORS_ORIGINS
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_HEADERS = [
    "authorization",
    "content-type",
    "idempotency-key",
    "if-match",
    "if-none-match",
    "last-event-id",
    "x-request-id",
]
CORS_EXPOSE_HEADERS = [
    "ETag",
    "Location",
    "Retry-After",
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
    "Idempotent-Replayed",
    "X-Request-ID",
]

ROOT_URLCONF = "unoservice.urls"
WSGI_APPLICATION = "unoservice.wsgi.application"
ASGI_APPLICATION = "unoservice.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.database(ENV.get("DATABASE_URL"), DATA_DIR)}
# Where the API's throttles count: Redis, or the data folder and memory (unoservice.env.cache).
CACHES = env.cache(ENV.get("UNO_CACHE_URL"), DATA_DIR)
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
DJANGO_REDIS_LOGGER = logs.CACHE_LOGGER
# Seconds a web thread keeps its database connection (checked before reuse). The
# gunicorn configuration (unoservice/gunicorn_conf.py) sets 60: its threads are a fixed
# pool. Under a server that runs each request in a new thread (uvicorn with Django's own
# ASGI handler) it must stay 0, or kept connections would pile up.
DATABASES["default"]["CONN_MAX_AGE"] = env.env_int(ENV, "UNO_DB_CONN_MAX_AGE", 0)
# pgbouncer in transaction mode in front of DATABASE_URL's PostgreSQL (docs/operating.md):
# the ORM's connections go through it; what LISTENs keeps a connection of its own to
# DATABASE_URL (unoservice.pooling). Unset: everything connects to DATABASE_URL.
DATABASE_POOLER_URL = ENV.get("DATABASE_POOLER_URL") or None
if DATABASE_POOLER_URL:
    DATABASES["direct"] = env.direct_database(DATABASES["default"])
    DATABASES["default"] = env.pooled_database(DATABASE_POOLER_URL, DATABASES["direct"])
    DATABASES["default"]["CONN_MAX_AGE"] = DATABASES["direct"]["CONN_MAX_AGE"]
# A streaming replica of that PostgreSQL (docs/scaling.md): ended games' exports, replays,
# audits and seals, records and leaderboards read it (games/http/replica_reads.py).
DATABASE_REPLICA_URL = ENV.get("DATABASE_REPLICA_URL") or None
if DATABASE_REPLICA_URL:
    DATABASES["replica"] = env.replica_database(DATABASE_REPLICA_URL, DATABASES["default"])
    DATABASE_ROUTERS = ["unoservice.replica.ReplicaRouter"]
    MIDDLEWARE.insert(
        MIDDLEWARE.index("unoservice.middleware.SessionMiddleware"),
        "games.http.replica_reads.replica_reads_middleware",
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Admin sign-in: django-axes refuses (429) an address's logins for a while after repeated
# failures; it counts the client's address by the same rule as the API's throttles.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.env_int(ENV, "UNO_ADMIN_LOGIN_FAILURES", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env.env_int(ENV, "UNO_ADMIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "unoservice.addresses.client_address"
AXES_VERBOSE = False  # no banner in every process's log as it starts

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Static files (admin, Swagger UI, Redoc) are served by ServeStatic in front of Django
# (unoservice.asgi), with DEBUG off too, from what `collectstatic` gathered: at the image's
# build in production, under hashed and compressed names; at `bin/serve`'s start in the
# embedded mode.
STATIC_URL = "static/"
if PRODUCTION:
    STATIC_ROOT = Path(ENV.get("UNO_STATIC_ROOT") or BASE_DIR / "staticfiles")
    _static_backend = "servestatic.storage.CompressedManifestStaticFilesStorage"
else:
    STATIC_ROOT = Path(ENV.get("UNO_STATIC_ROOT") or DATA_DIR / "static")
    STATIC_ROOT.mkdir(mode=env.PRIVATE_FOLDER, parents=True, exist_ok=True)
    _static_backend = "django.contrib.staticfiles.storage.StaticFilesStorage"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": _static_backend},
}
if not PRODUCTION:
    # The data folder is the user's alone; Django would chmod each copied file to 0644.
    STORAGES["staticfiles"]["OPTIONS"] = {
        "file_permissions_mode": 0o600,
        "directory_permissions_mode": env.PRIVATE_FOLDER,
    }

LOG_LEVEL = logs.log_level(ENV)
LOG_FORMAT = logs.log_format(ENV, PRODUCTION)
LOGGING = logs.logging_config(LOG_LEVEL, LOG_FORMAT, logs.quiet_start(ENV))

# --- Django REST framework and the OpenAPI schema ---------------------------------------
REST_FRAMEWORK = {
    # Players (staff included) authenticate with `Authorization: Bearer <token>`; the
    # scheme's WWW-Authenticate makes a missing token a 401, not a 403.
    "DEFAULT_AUTHENTICATION_CLASSES": ["players.auth.BearerTokenAuthentication"],
    "DEFAULT_THROTTLE_CLASSES": [],
    # The client's address for throttles: the connection's peer, unless the operator
    # names how many proxies in front of the service append to X-Forwarded-For (a client
    # can write anything there, so trusting it by default let anyone skip the throttles).
    "NUM_PROXIES": UNO_TRUSTED_PROXIES,
    "DEFAULT_THROTTLE_RATES": {
        "anon": ENV.get("UNO_THROTTLE_ANON", "30/minute"),
        "lobby": ENV.get("UNO_THROTTLE_LOBBY", "120/minute"),
        "reads": ENV.get("UNO_THROTTLE_READS", "1200/minute"),
        "actions": ENV.get("UNO_THROTTLE_ACTIONS", "1200/minute"),
    },
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["unoservice.parsers.JsonParser"],
    "EXCEPTION_HANDLER": "unoservice.api.problem_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "games.http.schema.ProblemAutoSchema",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "UNO service API",
    "DESCRIPTION": (
        "An UNO game server for programs: create and join games, play them move by move, "
        "follow them live, and replay and audit finished games. Every error is "
        "`application/problem+json` (RFC 9457) with a stable `code`.\n\n"
        "**Authentication**: register with `POST /api/v1/players` and send the token as "
        "`Authorization: Bearer <token>`.\n\n"
        "**Safe retries**: every POST that changes a game accepts `Idempotency-Key`; "
        '`If-Match: "<version>"` makes an action conditional (412 when stale).\n\n'
        "**Outages**: when the database or broker cannot be reached, any operation answers "
        "503 `service_unavailable` with `Retry-After`. Send the request again after that "
        "time with the same `Idempotency-Key`: the retry is safe even if the first attempt "
        "was recorded just before the connection was lost.\n\n"
        "**Timers**: each deadline is written into the event that opened it (`deadline_at`) "
        "and shown in the game view with `server_time`. A deadline is enforced by the "
        "first of its scheduled task, the periodic sweep, or the next request on the game "
        "(which always enforces overdue deadlines first), so a move that arrives after its "
        "deadline loses to the timeout, and a timeout is applied exactly once.\n\n"
        "**UNO fairness**: in `catch` mode a seat left on one card without calling can be "
        "caught (`catch_uno`) until the next game-advancing action or until "
        "`uno_window_seconds` pass, and is safe once it calls (`call_uno`). In `auto` mode "
        "nobody catches: when `uno_window_seconds` have passed since the window opened, plus "
        "the network grace `uno_grace_ms`, a seat that has not called draws the penalty "
        "automatically; a call that arrives within the grace still counts. A call and a "
        "catch that race are decided by the order in which the server receives them.\n\n"
        "**Guides** (in the service's repository): `docs/api-guide.md` (a game from start "
        "to end, retries, pages, rate limits, every error code), `docs/rules.md` (every "
        "preset, rule option and timer), `docs/live-streams.md`, `CHANGELOG.md`."
    ),
    "VERSION": "1.0.0",
    # One component for a body in both directions, so that a listed legal action is
    # sent back as it is by a generated client (no PlayAction / PlayActionRequest pair).
    "COMPONENT_SPLIT_REQUEST": False,
    # A view's phases, shared by the game view and its replay (games.http.wire).
    "ENUM_NAME_OVERRIDES": {"GameViewPhaseEnum": "games.http.wire.GAME_PHASES"},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.http.schema.add_components",
    ],
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    # Swagger UI and Redoc from drf-spectacular-sidecar's static files: no CDN needed.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# The largest request body the service reads (Django's DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB
# by default). The largest valid API request, a staff position of 116 cards with every
# rule option, is under 8 KiB; a larger body is refused unread (400 `invalid_request`),
# so an anonymous caller cannot make the server parse megabytes.
DATA_UPLOAD_MAX_MEMORY_SIZE = max(1024, env.env_int(ENV, "UNO_MAX_BODY_BYTES", 64 * 1024))

# --- Games ----------------------------------------------------------------------------
# Once a game has ended, its players may see every hand and the whole log.
UNO_REVEAL_FINISHED_GAMES = env.env_bool(ENV, "UNO_REVEAL_FINISHED_GAMES", True)
# Answers of the games API and streams compressed where the client asks (Accept-Encoding);
# 0 where a proxy in front compresses instead (unoservice.compression).
UNO_COMPRESSION = env.env_bool(ENV, "UNO_COMPRESSION", True)
UNO_IDEMPOTENCY_TTL_HOURS = max(24, env.env_int(ENV, "UNO_IDEMPOTENCY_TTL_HOURS", 48))
# Timers: timed sweeps (ETA tasks chained from deadline to deadline), and beat's sweep
# every UNO_SWEEP_SECONDS as the guarantee (a bot waits its game's `bot_think_ms` before
# it acts).
UNO_SCHEDULE_DEADLINE_TASKS = env.env_bool(ENV, "UNO_SCHEDULE_DEADLINE_TASKS", True)
UNO_SWEEP_SECONDS = float(ENV.get("UNO_SWEEP_SECONDS", "1"))
# Deadlines due within this many ms share one timed sweep (games.timers.deadlines).
UNO_DEADLINE_BUCKET_MS = env.env_int(ENV, "UNO_DEADLINE_BUCKET_MS", 50)
# While a deadline of a game people play is overdue by more than UNO_BOTS_YIELD_MS, the
# sweeps of games of bots alone stop for UNO_BOTS_PAUSE_MS (games.tasks): on a shared
# machine people's timers come first, and bots play with what is left.
UNO_BOTS_YIELD_MS = max(1, env.env_int(ENV, "UNO_BOTS_YIELD_MS", 75))
UNO_BOTS_PAUSE_MS = max(1, env.env_int(ENV, "UNO_BOTS_PAUSE_MS", 500))
# How long an `expert` bot searches for one decision (wall clock, inside its game's
# `bot_think_ms`: its turn falls due this much earlier); docs/bots.md.
UNO_EXPERT_BUDGET_MS = max(1, env.env_int(ENV, "UNO_EXPERT_BUDGET_MS", 200))
# PostgreSQL: the role web, worker and beat connect as, when it is not the owner who
# migrates; `migrate` grants it what the service needs, and only INSERT and SELECT on the
# event log (games.log.storage_guard). Empty: no grants (one role, or SQLite).
UNO_DB_SERVICE_ROLE = ENV.get("UNO_DB_SERVICE_ROLE", "").strip()
# Open streams and waiting long-polls a player may hold at once, counted in Redis when
# UNO_STREAMS_REDIS_URL names one (several machines), else in a file of the data folder
# (the web processes of one machine). games.live.slots says why.
UNO_STREAMS_PER_PLAYER = max(1, env.env_int(ENV, "UNO_STREAMS_PER_PLAYER", 20))
UNO_STREAMS_REDIS_URL = ENV.get("UNO_STREAMS_REDIS_URL", "").strip()
# Waiting or active games a player may have created or sit in at once (games.services);
# one more is a 429 `too_many_games`. Staff too: they may raise it.
UNO_OPEN_GAMES_PER_PLAYER = max(1, env.env_int(ENV, "UNO_OPEN_GAMES_PER_PLAYER", 10))

# --- Celery (read by unoservice/celery.py, namespace CELERY_) ----------------------------
CELERY_BROKER_URL, CELERY_BROKER_TRANSPORT_OPTIONS = env.broker(
    ENV.get("CELERY_BROKER_URL"), DATA_DIR, ENV
)
CELERY_BROKER_TRANSPORT = env.broker_transport(CELERY_BROKER_URL)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# One queue per deployment by default; tests that start their own worker use their own.
CELERY_TASK_DEFAULT_QUEUE = ENV.get("UNO_CELERY_QUEUE", "celery")
# The moves of games no person plays are swept on a queue of their own (games.timers.deadlines),
# so that a worker busy with them never delays people's deadlines: bin/serve and compose
# run a worker for it. Named after UNO_CELERY_QUEUE when that is set, so that a
# deployment (or test) with a queue of its own has its own bots queue too.
UNO_BOTS_QUEUE = ENV.get("UNO_BOTS_QUEUE") or (
    f"{ENV['UNO_CELERY_QUEUE']}-bots" if ENV.get("UNO_CELERY_QUEUE") else "bots"
)
# A worker started without --queues consumes both (nothing is left unswept); bin/serve
# and compose give each queue a worker of its own.
CELERY_TASK_QUEUES = tuple(
    Queue(name, Exchange(name, type="direct"), routing_key=name)
    for name in (CELERY_TASK_DEFAULT_QUEUE, UNO_BOTS_QUEUE)
)
CELERY_TASK_ROUTES = ("unoservice.celery.route_task",)
CELERY_TASK_ACKS_LATE = True  # a task lost with its worker runs again: tasks are idempotent
# The filesystem broker (bin/serve) has no event loop: Celery's worker then acknowledges
# finished tasks and widens its window for tasks with an ETA only between two waits for a
# message, and each wait lasts until a message can be taken or 2 s have passed. With a
# window of one task per process, the next timed sweep (a bot's move) could not be taken
# until that wait ended: a bot with `bot_think_ms` 200 moved every 2 s. With Redis the
# worker's event loop does both at once, and one task per process spreads them best.
CELERY_WORKER_PREFETCH_MULTIPLIER = 4 if CELERY_BROKER_URL.startswith("filesystem://") else 1
# How late a task with an ETA (a timed sweep: a deadline, a bot's think time) may start.
# Without an event loop (the filesystem broker), the worker's timer thread sleeps up to
# this long before it looks again, even for a task that arrived meanwhile: Celery's 1 s
# made a bot of `bot_think_ms` 50 move every 0.3-1 s. With Redis the worker's event loop
# wakes for each task on time and this changes nothing.
CELERY_WORKER_TIMER_PRECISION = UNO_DEADLINE_BUCKET_MS / 1000
# One worker process per core by default: enforcing deadlines is CPU work, and with more
# processes than cores their timed sweeps mostly race each other (bench/timers.py: 3.7 ms
# of CPU per timeout with 2 processes on 2 cores, 5.4 ms with 4).
CELERY_WORKER_CONCURRENCY = env.env_int(ENV, "WORKER_CONCURRENCY", os.cpu_count() or 2)
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True  # tasks record their effects in the database
CELERY_TIMEZONE = "UTC"
CELERY_ENABLE_UTC = True
CELERY_BEAT_SCHEDULE_FILENAME = str(DATA_DIR / "celerybeat-schedule")
# A worker keeps its database connection between tasks (games.tasks): a new one costs as
# much as a timeout's whole transaction. The web server keeps Django's default (0).
UNO_WORKER_CONN_MAX_AGE = env.env_int(ENV, "UNO_WORKER_CONN_MAX_AGE", 300)
if UNO_WORKER_CONN_MAX_AGE > 0:
    # Celery's Django fixup then closes connections only every this many tasks, instead
    # of after each one; games.tasks closes old or broken ones around every task.
    CELERY_DB_REUSE_MAX = 1000

# The worker heartbeat: beat sends a ping, a worker records it (unoservice.ops), so an
# operator sees in the admin (or with `manage.py heartbeat`) that beat and workers run.
UNO_HEARTBEAT_SECONDS = env.env_int(ENV, "UNO_HEARTBEAT_SECONDS", 60)
UNO_PING_RETENTION_DAYS = env.env_int(ENV, "UNO_PING_RETENTION_DAYS", 7)
# The dashboard's figures (unoservice.ops.figures): counted in memory by each process and
# added to their table every UNO_FIGURES_FLUSH_SECONDS (0: only when flush() is called),
# kept UNO_FIGURES_RETENTION_DAYS (beat prunes them hourly).
UNO_FIGURES_FLUSH_SECONDS = float(ENV.get("UNO_FIGURES_FLUSH_SECONDS", "5"))
UNO_FIGURES_RETENTION_DAYS = env.env_int(ENV, "UNO_FIGURES_RETENTION_DAYS", 7)
CELERY_BEAT_SCHEDULE = {
    "sweep-deadlines": {
        "task": "games.sweep_deadlines",
        "schedule": UNO_SWEEP_SECONDS,
        "options": {"expires": max(1.0, UNO_SWEEP_SECONDS)},
    },
    "sweep-bot-deadlines": {
        "task": "games.sweep_bot_deadlines",
        "schedule": UNO_SWEEP_SECONDS,
        "options": {"expires": max(1.0, UNO_SWEEP_SECONDS)},
    },
    "prune-figures": {
        "task": "ops.prune_figures",
        "schedule": 3600.0,
        "options": {"expires": 3600.0},
    },
    "purge-idempotency-records": {
        "task": "games.purge_idempotency_records",
        "schedule": 3600.0,
        "options": {"expires": 3600.0},
    },
    "records-catch-up": {
        "task": "scoring.records_catch_up",
        "schedule": 300.0,
        "options": {"expires": 300.0},
    },
}
if UNO_HEARTBEAT_SECONDS > 0:
    CELERY_BEAT_SCHEDULE["worker-heartbeat"] = {
        "task": "ops.ping",
        "schedule": float(UNO_HEARTBEAT_SECONDS),
        "kwargs": {"source": "beat"},
        "options": {"expires": float(UNO_HEARTBEAT_SECONDS)},
    }
