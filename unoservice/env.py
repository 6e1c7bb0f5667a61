"""Reading the service's configuration from environment variables.

The functions here are pure (they take the environment as a mapping and return values), so
the settings module stays a list of assignments and the tests can call them directly.

Two modes, chosen by ``UNO_MODE``:

- ``embedded`` (the default): everything works with nothing set and no servers: SQLite and
  the ``filesystem://`` Celery broker in the data folder (``UNO_DATA_DIR``, default
  ``.data/`` in the repository), and a secret key generated once and kept there.
- ``production`` (docker-compose.yml sets it): nothing secret is made up. A missing
  ``SECRET_KEY`` stops every process at start with ``ImproperlyConfigured``.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

MODES = ("embedded", "production")
TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}

SQLITE_OPTIONS = {
    # Both the web process and the worker write: without IMMEDIATE, SQLite upgrades read
    # transactions to write ones and fails with "database is locked" under concurrent writers.
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
# What the service creates in the data folder is its own: folders 0700, files 0600 (the
# processes that serve run under PRIVATE_UMASK, unoservice.private_files).
PRIVATE_FOLDER = 0o700
# Longer than any countdown or ETA a game schedules: an unacknowledged Redis task is
# redelivered after this many seconds (the deadline sweeper covers lost tasks sooner).
DEFAULT_VISIBILITY_TIMEOUT = 6 * 60 * 60


def env_bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false)")


def env_int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from None


def env_list(env: Mapping[str, str], name: str, default: list[str]) -> list[str]:
    raw = env.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def mode(env: Mapping[str, str]) -> str:
    value = env.get("UNO_MODE", "embedded").strip().lower() or "embedded"
    if value not in MODES:
        raise ImproperlyConfigured(f"UNO_MODE={value!r}: expected one of {', '.join(MODES)}")
    return value


def cors_origins(env: Mapping[str, str], run_mode: str) -> list[str]:
    """The origins whose browser pages may call the API (``UNO_CORS_ORIGINS``): a comma
    list of origins such as ``https://play.example``, or ``*`` for any. Unset: ``*`` in the
    embedded mode (a local service that pages on any port may call), none in production."""
    raw = env.get("UNO_CORS_ORIGINS")
    if raw is None:
        return ["*"] if run_mode == "embedded" else []
    origins = [item.strip().rstrip("/") for item in raw.split(",") if item.strip()]
    if "*" in origins:
        return ["*"]
    for origin in origins:
        scheme, _, host = origin.partition("://")
        if scheme not in ("http", "https") or not host or "/" in host:
            raise ImproperlyConfigured(
                f"UNO_CORS_ORIGINS: {origin!r} is not an origin (scheme://host[:port], "
                "e.g. https://play.example) nor *"
            )
    return origins


def data_dir(env: Mapping[str, str], base_dir: Path) -> Path:
    """The folder for the embedded database, broker queue, beat schedule and secret key."""
    path = Path(env.get("UNO_DATA_DIR") or base_dir / ".data").expanduser().resolve()
    path.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    return path


def database(url: str | None, data: Path) -> dict:
    """Django's DATABASES["default"] from a ``sqlite:///…`` or ``postgres://…`` URL."""
    if not url:
        url = f"sqlite:///{data / 'db.sqlite3'}"
    try:
        config = dj_database_url.parse(url, conn_health_checks=True)
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL is not usable: {exc}") from None
    engine = config["ENGINE"]
    if engine == "django.db.backends.sqlite3":
        config["ENGINE"] = "unoservice.sqlite"  # Django's, its writers taking turns
        # The test database in memory, as Django's SQLite backend has it by default (tools
        # that know that backend by name, pytest-django among them, would not see it).
        config.setdefault("TEST", {}).setdefault("NAME", ":memory:")
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    elif engine == "django.db.backends.postgresql":
        config["OPTIONS"] = {"connect_timeout": 5, **config.get("OPTIONS", {})}
    else:
        raise ImproperlyConfigured(
            f"DATABASE_URL uses {engine}: only sqlite:///… and postgres://… are supported"
        )
    return config


def replica_database(url: str, primary: dict) -> dict:
    """Django's DATABASES["replica"]: a streaming replica of the PostgreSQL `primary` is,
    read-only. In tests it stands for the primary (pytest makes no database on a server
    that cannot write); the tests of the routing point it at the real replica."""
    if primary["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_REPLICA_URL needs DATABASE_URL to be PostgreSQL")
    config = database(url, Path("."))
    if config["ENGINE"] != primary["ENGINE"]:
        raise ImproperlyConfigured("DATABASE_REPLICA_URL must be a postgres://… URL")
    config["CONN_MAX_AGE"] = primary.get("CONN_MAX_AGE", 0)
    config["TEST"] = {"MIRROR": "default"}
    return config


def pooled_database(url: str, direct: dict) -> dict:
    """Django's DATABASES["default"] through a connection pooler in transaction mode
    (pgbouncer, `DATABASE_POOLER_URL`) in front of the PostgreSQL `direct` reaches. A
    server connection serves a client for one transaction only, so nothing may outlive
    one: Django's server-side cursors (`.iterator()` outside a transaction declares one
    WITH HOLD) are turned off, and prepared statements stay off (psycopg's
    prepare_threshold, which Django leaves None unless OPTIONS set it)."""
    if direct["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_POOLER_URL needs DATABASE_URL to be PostgreSQL")
    config = database(url, Path("."))
    if config["ENGINE"] != direct["ENGINE"]:
        raise ImproperlyConfigured("DATABASE_POOLER_URL must be a postgres://… URL")
    if config["OPTIONS"].get("prepare_threshold") is not None:
        raise ImproperlyConfigured("a pooler in transaction mode cannot keep prepared statements")
    config["DISABLE_SERVER_SIDE_CURSORS"] = True
    return config


def direct_database(direct: dict) -> dict:
    """Django's DATABASES["direct"] beside a pooled default: PostgreSQL itself, for what
    must keep its session (the LISTEN of streams and long-polls, games.live.watch). In
    tests it stands for the default."""
    return {**direct, "TEST": {"MIRROR": "default"}}


def metrics_dir(env: Mapping[str, str], data: Path) -> Path:
    """The folder where every process writes its Prometheus figures (`PROMETHEUS_MULTIPROC_DIR`,
    default `<data folder>/metrics`); created if missing."""
    folder = Path(env.get("PROMETHEUS_MULTIPROC_DIR") or data / "metrics")
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    return folder


def broker(url: str | None, data: Path, env: Mapping[str, str]) -> tuple[str, dict]:
    """Celery's broker URL and transport options; creates the filesystem broker's folders."""
    url = url or "filesystem://localhost//"
    if url.startswith("filesystem://"):
        root = data / "broker"
        folders = {
            "data_folder_in": root / "queue",
            "data_folder_out": root / "queue",
            "processed_folder": root / "processed",
            # kombu's default is a relative "control" folder in the current directory
            "control_folder": root / "control",
        }
        root.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
        for folder in folders.values():
            folder.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
        options = {key: str(folder) for key, folder in folders.items()}
        options.update(store_processed=False, polling_interval=0.1)
        return url, options
    if url.startswith(("redis://", "rediss://", "redis+socket://")):
        return url, {
            "visibility_timeout": env_int(
                env, "UNO_BROKER_VISIBILITY_TIMEOUT", DEFAULT_VISIBILITY_TIMEOUT
            ),
            "socket_connect_timeout": 5,
        }
    return url, {}


def cache(url: str | None, data: Path) -> dict:
    """Django's CACHES from ``UNO_CACHE_URL``: where the API's throttles count.

    Two caches. ``shared`` is seen alike by every web process: the per-address limit on
    registration counts there. ``default`` holds the throttles of signed-in players, which
    run on every request, so it must be fast.

    - ``redis://…`` or ``rediss://…``: both are that Redis, shared by every process and
      machine (compose does this);
    - unset (embedded): ``shared`` is files in the data folder's ``cache/``, shared by the
      processes of this machine; ``default`` is each process's memory (a file write costs
      milliseconds, more than the request it would count), so with ``bin/serve``'s two
      web workers a player's own limits are counted by each worker alone;
    - ``locmem://``: both in each process's memory (a single process, e.g. a test).
    """
    memory = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if not url:
        files = {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(data / "cache"),
            "OPTIONS": {"MAX_ENTRIES": 1000},
        }
        return {"default": memory, "shared": files}
    if url.startswith(("redis://", "rediss://")):
        redis = {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": url,
            "OPTIONS": {
                # Not pickle: whoever can write to Redis must not be able to run code in
                # the service. (Integers stay integers: Redis increments them in place.)
                "SERIALIZER": "django_redis.serializers.json.JSONSerializer",
                # A Redis that does not answer slows a request by this much at most, and
                # costs a logged line, not the request: reads miss, writes are dropped,
                # throttles let requests through until it answers again.
                "SOCKET_CONNECT_TIMEOUT": 0.5,
                "SOCKET_TIMEOUT": 0.5,
                "IGNORE_EXCEPTIONS": True,
            },
        }
        return {"default": redis, "shared": redis}
    if url == "locmem://":
        return {"default": memory, "shared": {**memory, "LOCATION": "shared"}}
    raise ImproperlyConfigured(
        f"UNO_CACHE_URL={url!r}: expected redis://…, rediss://… or locmem:// "
        "(unset: the data folder and each process's memory)"
    )


def broker_transport(url: str) -> str | None:
    """The kombu transport for `url` when it is not the one its scheme names
    (unoservice/broker.py): for `filesystem://`, ours, which writes each message whole
    before a worker can see it; for `redis://` and `rediss://`, ours, which keeps one
    client per channel."""
    if url.startswith("filesystem://"):
        return "unoservice.broker:FilesystemTransport"
    if url.startswith(("redis://", "rediss://")):
        return "unoservice.broker:RedisTransport"
    return None


def filesystem_broker_folders(options: Mapping[str, object]) -> list[Path]:
    keys = ("data_folder_in", "data_folder_out", "processed_folder", "control_folder")
    return [Path(str(options[key])) for key in keys if key in options]


def secret_key(env: Mapping[str, str], run_mode: str, data: Path) -> str:
    key = env.get("SECRET_KEY", "").strip()
    if key:
        return key
    if run_mode == "production":
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. UNO_MODE=production never makes one up: set SECRET_KEY "
            "to a long random string (e.g. python -c 'import secrets; "
            "print(secrets.token_urlsafe(50))')."
        )
    return _stored_secret_key(data / "secret_key")


def seed_secret(env: Mapping[str, str], django_secret_key: str) -> str:
    """The key a staff seed is mixed with (HMAC) before it seeds a game's shuffles:
    `UNO_SEED_SECRET`, or else one derived from `SECRET_KEY` (so changing `SECRET_KEY`
    changes what a seed deals, unless `UNO_SEED_SECRET` is set)."""
    named = env.get("UNO_SEED_SECRET", "").strip()
    if named:
        return named
    derived = hmac.new(django_secret_key.encode("utf-8"), b"uno.seed-secret", hashlib.sha256)
    return derived.hexdigest()


def signing_key_file(env: Mapping[str, str], run_mode: str, data: Path) -> Path:
    """Where the Ed25519 private key that seals ended games lives (never the database)."""
    named = env.get("UNO_SIGNING_KEY_FILE", "").strip()
    if named:
        return Path(named)
    if run_mode == "production":
        raise ImproperlyConfigured(
            "UNO_SIGNING_KEY_FILE is not set. UNO_MODE=production keeps the signing key in "
            "a file the operator names (and backs up); create it once with "
            "`python manage.py create_signing_key`."
        )
    return data / "signing_key.pem"


def _stored_secret_key(path: Path) -> str:
    """Read the embedded mode's key, creating it once; safe when processes start together."""
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(secrets.token_urlsafe(50) + "\n")
    try:
        os.link(temp, path)  # atomic, and fails if another process won the race
    except FileExistsError:
        pass
    finally:
        temp.unlink()
    return path.read_text().strip()
