"""Configuration from the environment: safe defaults, both database URL forms, and a
production deployment that refuses to start without a SECRET_KEY."""

import json
import stat
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from unoservice import env


def test_no_database_url_means_sqlite_in_the_data_folder_with_wal_and_immediate(tmp_path):
    config = env.database(None, tmp_path)

    assert config["ENGINE"] == "unoservice.sqlite"  # Django's, its writers taking turns
    assert config["NAME"] == str(tmp_path / "db.sqlite3")
    assert config["OPTIONS"] == {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }


def test_a_sqlite_url_keeps_its_path_and_gets_the_sqlite_options(tmp_path):
    config = env.database(f"sqlite:///{tmp_path}/other.sqlite3", tmp_path)

    assert config["NAME"] == f"{tmp_path}/other.sqlite3"
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


@pytest.mark.parametrize("scheme", ["postgres", "postgresql"])
def test_a_postgres_url_gives_host_port_user_password_and_database(tmp_path, scheme):
    config = env.database(f"{scheme}://uno:s3cret@db.example:6543/games", tmp_path)

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"]) == ("db.example", 6543)
    assert (config["USER"], config["PASSWORD"], config["NAME"]) == ("uno", "s3cret", "games")
    assert config["OPTIONS"]["connect_timeout"] == 5
    assert config["CONN_HEALTH_CHECKS"] is True


@pytest.mark.parametrize("url", ["mysql://u:p@h/db", "nonsense://x", "not a url"])
def test_an_unsupported_database_url_is_refused_at_start(tmp_path, url):
    with pytest.raises(ImproperlyConfigured):
        env.database(url, tmp_path)


def test_default_broker_is_the_filesystem_one_with_its_folders_created_private(tmp_path):
    url, options = env.broker(None, tmp_path, {})

    assert url.startswith("filesystem://")
    assert options["polling_interval"] == 0.1
    for folder in env.filesystem_broker_folders(options):
        assert folder.is_dir()
        assert tmp_path in folder.parents
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "broker").stat().st_mode) == 0o700


def test_the_data_folder_is_created_private(tmp_path):
    folder = env.data_dir({"UNO_DATA_DIR": str(tmp_path / "new")}, tmp_path)

    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_redis_broker_sets_a_visibility_timeout_longer_than_redis_default(tmp_path):
    url, options = env.broker("redis://127.0.0.1:6379/0", tmp_path, {})

    assert url == "redis://127.0.0.1:6379/0"
    assert options["visibility_timeout"] > 3600
    _, options = env.broker("redis://x/0", tmp_path, {"UNO_BROKER_VISIBILITY_TIMEOUT": "9000"})
    assert options["visibility_timeout"] == 9000


def test_without_a_cache_url_registrations_count_in_the_data_folder(tmp_path):
    caches = env.cache(None, tmp_path)

    assert caches["shared"]["BACKEND"].endswith("FileBasedCache")
    assert caches["shared"]["LOCATION"] == str(tmp_path / "cache")
    assert caches["default"]["BACKEND"].endswith("LocMemCache")


def test_a_redis_cache_url_shares_every_throttle_in_redis_as_json(tmp_path):
    caches = env.cache("redis://redis:6379/1", tmp_path)

    assert caches["default"] == caches["shared"]
    assert caches["default"]["BACKEND"] == "django_redis.cache.RedisCache"
    assert caches["default"]["LOCATION"] == "redis://redis:6379/1"
    assert caches["default"]["OPTIONS"]["SERIALIZER"].endswith("JSONSerializer")
    assert caches["default"]["OPTIONS"]["IGNORE_EXCEPTIONS"] is True


def test_an_unknown_cache_url_is_refused_at_start(tmp_path):
    assert env.cache("locmem://", tmp_path)["shared"]["BACKEND"].endswith("LocMemCache")
    with pytest.raises(ImproperlyConfigured, match="UNO_CACHE_URL"):
        env.cache("memcached://x:11211", tmp_path)


def test_embedded_mode_makes_a_secret_key_once_and_keeps_it_private(tmp_path):
    first = env.secret_key({}, "embedded", tmp_path)
    second = env.secret_key({}, "embedded", tmp_path)

    assert first == second
    assert len(first) >= 50
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600


def test_production_mode_without_secret_key_is_refused(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        env.secret_key({}, "production", tmp_path)
    assert not (tmp_path / "secret_key").exists()
    assert env.secret_key({"SECRET_KEY": "given"}, "production", tmp_path) == "given"


def test_an_unknown_mode_or_a_non_boolean_debug_is_refused():
    with pytest.raises(ImproperlyConfigured, match="UNO_MODE"):
        env.mode({"UNO_MODE": "staging"})
    with pytest.raises(ImproperlyConfigured, match="DEBUG"):
        env.env_bool({"DEBUG": "maybe"}, "DEBUG", False)
    assert env.mode({}) == "embedded"
    assert env.env_bool({"DEBUG": "on"}, "DEBUG", False) is True


def test_settings_in_force_are_utc_and_celery_is_configured_for_safe_retries():
    assert settings.TIME_ZONE == "UTC"
    assert settings.USE_TZ is True
    assert settings.CELERY_TASK_ACKS_LATE is True
    # A window of one task per process, but for the filesystem broker's worker, which
    # acknowledges only between waits of up to 2 s (settings.py).
    window = 4 if settings.CELERY_BROKER_URL.startswith("filesystem://") else 1
    assert window == settings.CELERY_WORKER_PREFETCH_MULTIPLIER
    assert settings.CELERY_TASK_SERIALIZER == "json"
    assert settings.CELERY_ACCEPT_CONTENT == ["json"]
    assert settings.CELERY_TIMEZONE == "UTC"
    assert settings.CELERY_BEAT_SCHEDULE_FILENAME.startswith(str(settings.DATA_DIR))
    handler = settings.REST_FRAMEWORK["EXCEPTION_HANDLER"]
    assert handler == "unoservice.api.problem_exception_handler"
    assert settings.SPECTACULAR_SETTINGS["COMPONENT_SPLIT_REQUEST"] is False  # one per body
    assert settings.SPECTACULAR_SETTINGS["SWAGGER_UI_DIST"] == "SIDECAR"


def test_production_start_without_secret_key_fails_loudly(manage, child_env, tmp_path):
    result = manage(
        "check",
        env=child_env(UNO_MODE="production", SECRET_KEY=None, UNO_DATA_DIR=str(tmp_path)),
    )

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY is not set" in result.stderr


def test_production_start_with_secret_key_passes_the_checks(manage, child_env, tmp_path):
    result = manage(
        "check",
        env=child_env(
            UNO_MODE="production",
            SECRET_KEY="a-long-random-secret-for-this-test-only-0123456789abcdef",
            UNO_SIGNING_KEY_FILE=str(tmp_path / "signing_key.pem"),
            UNO_DATA_DIR=str(tmp_path),
            DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
        ),
    )

    assert result.returncode == 0, result.stderr


def test_production_start_without_a_signing_key_file_fails_loudly(manage, child_env, tmp_path):
    result = manage(
        "check",
        env=child_env(
            UNO_MODE="production",
            SECRET_KEY="a-long-random-secret-for-this-test-only-0123456789abcdef",
            UNO_SIGNING_KEY_FILE=None,
            UNO_DATA_DIR=str(tmp_path),
            DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
        ),
    )

    assert result.returncode != 0
    assert "UNO_SIGNING_KEY_FILE is not set" in result.stderr


def test_embedded_sqlite_connection_really_uses_wal_immediate_and_a_busy_timeout(
    manage, child_env, tmp_path
):
    code = (
        "import json; from django.db import connection; c = connection.cursor(); "
        "print(json.dumps({p: c.execute('PRAGMA ' + p).fetchone()[0] "
        "for p in ('journal_mode', 'synchronous', 'busy_timeout')}))"
    )
    result = manage(
        "shell",
        "-c",
        code,
        env=child_env(UNO_DATA_DIR=str(tmp_path), DATABASE_URL=None, UNO_MODE=None),
    )

    assert result.returncode == 0, result.stderr
    pragmas = json.loads(result.stdout.strip().splitlines()[-1])
    assert pragmas == {"journal_mode": "wal", "synchronous": 1, "busy_timeout": 20000}
    assert (tmp_path / "db.sqlite3").exists()
    assert (tmp_path / "secret_key").exists()


def test_a_replica_url_adds_a_read_only_database_that_tests_take_for_the_primary():
    primary = env.database("postgres://uno:pw@db:5432/uno", Path("."))
    primary["CONN_MAX_AGE"] = 60

    replica = env.replica_database("postgres://uno:pw@replica:5432/uno", primary)

    assert (replica["HOST"], replica["NAME"], replica["CONN_MAX_AGE"]) == ("replica", "uno", 60)
    assert replica["TEST"] == {"MIRROR": "default"}
    with pytest.raises(ImproperlyConfigured, match="PostgreSQL"):
        env.replica_database("postgres://r/uno", env.database(None, Path("/tmp")))
    with pytest.raises(ImproperlyConfigured, match="postgres://"):
        env.replica_database("sqlite:///replica.sqlite3", primary)


def test_a_replica_url_installs_the_routing_and_without_one_nothing_of_it(manage, child_env):
    show = (
        "from django.conf import settings as s; "
        "print(sorted(s.DATABASES), s.DATABASE_ROUTERS, "
        "'games.http.replica_reads.replica_reads_middleware' in s.MIDDLEWARE)"
    )
    with_one = manage(
        "shell",
        "--no-imports",
        "-c",
        show,
        env=child_env(
            DATABASE_URL="postgres://uno@127.0.0.1:1/uno",
            DATABASE_REPLICA_URL="postgres://uno@127.0.0.1:2/uno",
        ),
    )
    without = manage("shell", "--no-imports", "-c", show, env=child_env(DATABASE_REPLICA_URL=None))

    assert with_one.stdout.strip() == (
        "['default', 'replica'] ['unoservice.replica.ReplicaRouter'] True"
    ), with_one.stderr
    assert without.stdout.strip() == "['default'] [] False", without.stderr


def test_a_pooler_url_sends_the_orm_through_it_with_nothing_that_outlives_a_transaction():
    direct = env.database("postgres://uno:pw@db:5432/uno", Path("."))

    pooled = env.pooled_database("postgres://uno:pw@pgbouncer:6432/uno", direct)

    assert (pooled["HOST"], pooled["PORT"], pooled["NAME"]) == ("pgbouncer", 6432, "uno")
    assert pooled["DISABLE_SERVER_SIDE_CURSORS"] is True
    assert not direct.get("DISABLE_SERVER_SIDE_CURSORS")
    with pytest.raises(ImproperlyConfigured, match="PostgreSQL"):
        env.pooled_database("postgres://p/uno", env.database(None, Path("/tmp")))
    with pytest.raises(ImproperlyConfigured, match="postgres://"):
        env.pooled_database("sqlite:///pooled.sqlite3", direct)


def test_a_pooler_url_keeps_a_direct_database_for_listen_and_without_one_nothing_of_it(
    manage, child_env
):
    show = (
        "from django.conf import settings as s; from django.db import connections as c; "
        "from unoservice.pooling import session_connection as d; "
        "p = c['default'].get_connection_params(); "
        "print(sorted(s.DATABASES), p['port'], p['prepare_threshold'], "
        "d().get_connection_params()['port'])"
    )
    with_one = manage(
        "shell",
        "--no-imports",
        "-c",
        show,
        env=child_env(
            DATABASE_URL="postgres://uno@127.0.0.1:5432/uno",
            DATABASE_POOLER_URL="postgres://uno@127.0.0.1:6432/uno",
        ),
    )
    without = manage(
        "shell",
        "--no-imports",
        "-c",
        show,
        env=child_env(DATABASE_URL="postgres://uno@127.0.0.1:5432/uno", DATABASE_POOLER_URL=None),
    )

    assert with_one.stdout.strip() == "['default', 'direct'] 6432 None 5432", with_one.stderr
    assert without.stdout.strip() == "['default'] 5432 None 5432", without.stderr
