"""docker-compose.yml and the Dockerfile describe a production that can work.

No Docker engine runs here, so the file is checked for what it must contain and that
everything its commands name exists; `docker compose config` (or Debian's
`docker-compose config`) validates it against the Compose specification when present.
"""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import sys
from urllib.parse import urlsplit

import pytest
import yaml
from django.core.management import get_commands

SERVICES = {
    "postgres",
    "pgbouncer",
    "redis",
    "migrate",
    "web",
    "streams",
    "proxy",
    "worker",
    "bots",
    "beat",
}
APP_SERVICES = ("migrate", "web", "streams", "worker", "bots", "beat")
RUNNING_APP_SERVICES = ("web", "streams", "worker", "bots", "beat")


@pytest.fixture(scope="module")
def compose(repo_dir) -> dict:
    return yaml.safe_load((repo_dir / "docker-compose.yml").read_text())


@pytest.fixture(scope="module")
def services(compose) -> dict:
    return compose["services"]


def words(command) -> list[str]:
    return command.split() if isinstance(command, str) else [str(w) for w in command]


def test_compose_has_the_production_services(services):
    assert set(services) >= SERVICES
    assert services["postgres"]["image"].split(":")[1].startswith(("15", "16"))
    assert services["redis"]["image"].split(":")[1].startswith("7")


def test_postgres_is_built_with_pg_repack_for_its_own_major_version(repo_dir, services):
    """repack_events' pg_repack runs inside compose's PostgreSQL: the image is the official
    one with the package of the server's major version (client and extension match)."""
    postgres = services["postgres"]
    dockerfile = (repo_dir / postgres["build"] / "Dockerfile").read_text()
    major = postgres["image"].split(":")[1]
    assert re.search(rf"^FROM postgres:{major}$", dockerfile, re.M)
    assert '"postgresql-$PG_MAJOR-repack"' in dockerfile
    scale = yaml.safe_load((repo_dir / "docker-compose.scale.yml").read_text())["services"]
    replica = scale["postgres-replica"]
    assert (replica["build"], replica["image"]) == (postgres["build"], postgres["image"])


def test_databases_keep_their_data_in_named_volumes(compose, services):
    volumes = set(compose["volumes"])
    for name, mount in (("postgres", "/var/lib/postgresql/data"), ("redis", "/data")):
        named = [v.split(":")[0] for v in services[name]["volumes"] if v.endswith(mount)]
        assert named and named[0] in volumes, name


def test_every_long_running_service_has_a_health_check(services):
    for name in ("postgres", "pgbouncer", "redis", *RUNNING_APP_SERVICES):
        assert services[name]["healthcheck"]["test"], name


def test_app_services_share_one_image_and_take_configuration_from_the_environment(services):
    images = {services[name]["image"] for name in APP_SERVICES}
    assert len(images) == 1
    for name in APP_SERVICES:
        environment = services[name]["environment"]
        assert environment["UNO_MODE"] == "production"
        assert environment["SECRET_KEY"].startswith("${SECRET_KEY:?")
        assert environment["DATABASE_URL"].startswith("postgres://")
        assert "@postgres:" in environment["DATABASE_URL"]
        assert environment["CELERY_BROKER_URL"].startswith("redis://redis:")


def test_app_services_share_the_throttle_cache_in_redis_and_trust_the_one_proxy_by_default(
    services,
):
    """Every request reaches web and streams through `proxy`, which appends the client's
    address to X-Forwarded-For: trusting that one hop counts the client, not the proxy."""
    for name in APP_SERVICES:
        environment = services[name]["environment"]
        assert environment["UNO_CACHE_URL"].endswith(":-redis://redis:6379/1}")
        assert environment["UNO_TRUSTED_PROXIES"] == "${UNO_TRUSTED_PROXIES:-1}"
    assert "ports" not in services["web"] and "ports" not in services["streams"]
    assert services["proxy"]["ports"] == ["${PORT:-8000}:8000"]


def test_nothing_trusts_every_forwarder(repo_dir, services):
    """The published port sees real peers: no server is told to believe X-Forwarded-* from
    anyone (uvicorn's or gunicorn's --forwarded-allow-ips=*, FORWARDED_ALLOW_IPS=*)."""
    for path in ("docker-compose.yml", "Dockerfile", "unoservice/gunicorn_conf.py"):
        text = (repo_dir / path).read_text().replace(" ", "").replace('"', "").lower()
        for trusting in ("forwarded-allow-ips=*", "forwarded_allow_ips=*", "forwarded_allow_ips:*"):
            assert trusting not in text, (path, trusting)
    for name in APP_SERVICES:
        assert services[name]["environment"].get("FORWARDED_ALLOW_IPS") in (None, "")


def test_migrate_runs_once_and_the_others_wait_for_it(services):
    migrate = services["migrate"]
    script = " ".join(words(migrate["command"]))
    assert "python manage.py migrate --noinput" in script
    assert script.index("manage.py migrate") < script.index("manage.py create_signing_key")
    assert migrate["restart"] == "no"
    assert migrate["depends_on"]["postgres"]["condition"] == "service_healthy"
    for name in RUNNING_APP_SERVICES:
        depends = services[name]["depends_on"]
        assert depends["migrate"]["condition"] == "service_completed_successfully"
        assert depends["postgres"]["condition"] == "service_healthy"
        assert depends["redis"]["condition"] == "service_healthy"


def test_every_app_service_reads_the_one_signing_key_from_its_own_volume(compose, services):
    for name in APP_SERVICES:
        service = services[name]
        key_file = service["environment"]["UNO_SIGNING_KEY_FILE"]
        mounts = {v.split(":")[1]: v.split(":")[0] for v in service["volumes"]}
        folder = key_file.rsplit("/", 1)[0]
        assert mounts.get(folder) == "signing-key", name
    assert "signing-key" in compose["volumes"]


def database_url(service: dict):
    """The service's DATABASE_URL, its required passwords (`${NAME:?message}`) filled in."""
    url = re.sub(r"\$\{\w+:\?[^}]*\}", "password", service["environment"]["DATABASE_URL"])
    return urlsplit(url)


def database_user(service: dict) -> str:
    return database_url(service).username


def test_migrate_connects_as_the_owner_and_the_others_as_the_service_role(services):
    postgres = services["postgres"]["environment"]
    owner, service_role = postgres["UNO_DB_OWNER"], postgres["UNO_DB_SERVICE_ROLE"]
    assert len({owner, service_role, postgres["POSTGRES_USER"]}) == 3
    assert database_user(services["migrate"]) == owner
    assert services["migrate"]["environment"]["UNO_DB_SERVICE_ROLE"] == service_role
    for name in RUNNING_APP_SERVICES:
        assert database_user(services[name]) == service_role, name
        assert "UNO_DB_SERVICE_ROLE" not in services[name]["environment"], name
    database = database_url(services["migrate"]).path
    assert database == f"/{postgres['UNO_DB_NAME']}"


def test_the_service_role_goes_through_pgbouncer_in_transaction_mode_and_migrate_does_not(
    services,
):
    """web, worker, bots and beat: DATABASE_POOLER_URL names pgbouncer, as the service's
    role and database; DATABASE_URL still names PostgreSQL, for the LISTEN
    (unoservice.pooling). migrate connects as the owner, directly."""
    pgbouncer = services["pgbouncer"]
    settings = pgbouncer["environment"]
    image, tag = pgbouncer["image"].split(":")
    assert image == "edoburu/pgbouncer" and tag not in ("", "latest")
    assert settings["POOL_MODE"] == "transaction"
    assert (settings["DB_HOST"], settings["DB_NAME"]) == ("postgres", "uno")
    assert settings["DB_USER"] == services["postgres"]["environment"]["UNO_DB_SERVICE_ROLE"]
    assert pgbouncer["depends_on"]["postgres"]["condition"] == "service_healthy"
    for name in RUNNING_APP_SERVICES:
        environment = services[name]["environment"]
        pooled = urlsplit(
            re.sub(r"\$\{\w+:\?[^}]*\}", "password", environment["DATABASE_POOLER_URL"])
        )
        assert (pooled.hostname, pooled.port) == ("pgbouncer", int(settings["LISTEN_PORT"]))
        assert (pooled.username, pooled.path) == (settings["DB_USER"], "/uno"), name
        assert database_url(services[name]).hostname == "postgres", name
        assert services[name]["depends_on"]["pgbouncer"]["condition"] == "service_healthy"
    assert services["migrate"]["environment"]["DATABASE_POOLER_URL"] == ""


def test_the_postgres_container_creates_the_roles_with_the_init_script(repo_dir, services):
    postgres = services["postgres"]
    mounts = [v.split(":") for v in postgres["volumes"] if "docker-entrypoint-initdb.d" in v]
    assert len(mounts) == 1
    source, target, mode = mounts[0]
    script = repo_dir / source
    assert script.is_file() and os.access(script, os.X_OK)
    assert target.startswith("/docker-entrypoint-initdb.d/") and target.endswith(".sh")
    assert mode == "ro"
    read = set(re.findall(r"\$\{(UNO_DB_[A-Z_]+)", script.read_text()))
    assert read == {
        "UNO_DB_OWNER",
        "UNO_DB_OWNER_PASSWORD",
        "UNO_DB_SERVICE_ROLE",
        "UNO_DB_SERVICE_PASSWORD",
        "UNO_DB_NAME",
    }
    assert read <= set(postgres["environment"])


def imported(dotted: str):
    module, _, attribute = dotted.replace(":", ".").rpartition(".")
    return getattr(importlib.import_module(module), attribute)


def test_web_runs_the_wsgi_app_under_the_sync_worker_with_its_config_and_several_workers(
    services,
):
    """What the tests and bench/load.py serve as compose's web (bench.servers.WEB_TIER)."""
    from gunicorn.workers.sync import SyncWorker

    from bench.servers import WEB_TIER

    command = words(services["web"]["command"])
    assert command[0] == "gunicorn" and command[1] == WEB_TIER[0]
    assert set(WEB_TIER[1:]) <= set(command)
    assert imported(command[1]) is not None
    config = next(w for w in command if w.startswith("--config=python:"))
    conf = importlib.import_module(config.removeprefix("--config=python:"))
    assert conf.bind.endswith(":8000")
    worker = next(w for w in command if w.startswith("--worker-class="))
    assert issubclass(imported(worker.removeprefix("--worker-class=")), SyncWorker)
    workers = next(w for w in command if w.startswith("--workers="))
    default = workers.split(":-")[-1].rstrip("}") if "${" in workers else workers.split("=")[1]
    assert int(default) > 1
    assert "/api/v1/health" in " ".join(services["web"]["healthcheck"]["test"])


def test_streams_run_the_asgi_app_one_process_a_container_behind_the_proxy(services):
    """One process per streams container: the proxy's hash sends a game's streams to one
    container, and within it they must not spread over several processes again. They run
    the uvicorn workers, on whose event loop the requests that wait wait."""
    from bench.servers import ASGI_APP

    web, streams = words(services["web"]["command"]), words(services["streams"]["command"])
    assert streams[:2] == ["gunicorn", ASGI_APP]
    config = next(w for w in web if w.startswith("--config=python:"))
    assert config in streams and not any(w.startswith("--worker-class") for w in streams)
    conf = importlib.import_module(config.removeprefix("--config=python:"))
    assert conf.worker_class == "unoservice.gunicorn_worker.Worker"
    assert imported(conf.worker_class) is not None
    assert "--workers=1" in streams
    assert services["streams"]["healthcheck"] == services["web"]["healthcheck"]
    proxy = services["proxy"]
    assert proxy["image"].startswith("haproxy:")
    assert "./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro" in proxy["volumes"]
    for name in ("web", "streams"):
        assert proxy["depends_on"][name]["condition"] == "service_healthy"


def test_worker_and_beat_run_the_celery_app_that_exists(services):
    import unoservice

    assert hasattr(unoservice, "celery_app")
    worker, beat = words(services["worker"]["command"]), words(services["beat"]["command"])
    assert worker[:5] == ["celery", "--quiet", "-A", "unoservice", "worker"]
    assert beat[:5] == ["celery", "--quiet", "-A", "unoservice", "beat"]
    assert "replicas" not in str(services["beat"].get("deploy", {}))  # one beat only
    beat_volume = services["beat"]["volumes"][0].split(":")
    assert any(arg.startswith(f"--schedule={beat_volume[1]}/") for arg in beat)


def test_health_checks_use_commands_that_exist(services):
    assert "heartbeat" in get_commands()
    beat_check = words(services["beat"]["healthcheck"]["test"])
    assert beat_check[1:] == ["python", "manage.py", "heartbeat"]
    assert "celery -A unoservice inspect ping" in services["worker"]["healthcheck"]["test"][1]


def test_dockerfile_builds_from_the_lock_file_without_dev_and_runs_as_non_root(repo_dir):
    dockerfile = (repo_dir / "Dockerfile").read_text()
    assert "uv sync --locked --no-dev" in dockerfile
    assert "COPY pyproject.toml uv.lock" in dockerfile
    assert "collectstatic --noinput" in dockerfile
    users = [line.split()[1] for line in dockerfile.splitlines() if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")
    settings_module = next(
        line.split("DJANGO_SETTINGS_MODULE=")[1].split()[0]
        for line in dockerfile.splitlines()
        if "DJANGO_SETTINGS_MODULE=" in line
    )
    importlib.import_module(settings_module)


def compose_command() -> list[str] | None:
    if shutil.which("docker"):
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True)
        if probe.returncode == 0:
            return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    return None


def test_docker_compose_config_accepts_the_file_and_requires_every_secret(
    repo_dir, child_env, require_service
):
    command = compose_command()
    if command is None:
        require_service("needs `docker compose` or `docker-compose` to validate the file")

    secrets = {
        "SECRET_KEY": "only-for-validation",
        "POSTGRES_PASSWORD": "p1",
        "UNO_DB_OWNER_PASSWORD": "p2",
        "UNO_DB_SERVICE_PASSWORD": "p3",
    }
    ok = subprocess.run(
        [*command, "config", "-q"],
        cwd=repo_dir,
        env=child_env(**secrets),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ok.returncode == 0, ok.stderr

    for name in secrets:  # no default password: each must be chosen
        missing = subprocess.run(
            [*command, "config", "-q"],
            cwd=repo_dir,
            env=child_env(**{**secrets, name: None}),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert missing.returncode != 0, name
        assert name in missing.stderr


def test_the_secrets_file_is_never_committed_nor_copied_into_the_image(repo_dir):
    for ignore in (".gitignore", ".dockerignore"):
        patterns = (repo_dir / ignore).read_text().splitlines()
        assert ".env" in patterns, ignore


def test_people_and_bots_have_a_worker_each_on_their_own_queue(services, child_env, repo_dir):
    queues = {
        name: [
            w.split("=", 1)[1]
            for w in words(services[name]["command"])
            if w.startswith("--queues=")
        ]
        for name in ("worker", "bots")
    }
    assert "celery" in queues["worker"] and "bots" in queues["bots"]
    assert "bots" not in queues["worker"] and "celery" not in queues["bots"]
    # ... the names settings.py gives the queues in compose (UNO_*_QUEUE unset)
    assert not {"UNO_CELERY_QUEUE", "UNO_BOTS_QUEUE"} & set(services["worker"]["environment"])
    named = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from django.conf import settings as s; "
            "print(s.CELERY_TASK_DEFAULT_QUEUE, s.UNO_BOTS_QUEUE)",
        ],
        cwd=repo_dir,
        env=child_env(
            DJANGO_SETTINGS_MODULE="unoservice.settings", UNO_CELERY_QUEUE=None, UNO_BOTS_QUEUE=None
        ),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert named.stdout.split()[-2:] == ["celery", "bots"], named.stderr


def test_the_scale_example_puts_web_and_streams_behind_haproxy_with_a_replica_of_postgres(
    repo_dir, child_env, require_service
):
    """docker-compose.scale.yml on top of the file (bench/cluster.py runs the same shape
    natively): it validates, needs the replication password, points the web and streams
    containers at the replica, and the proxy's configuration is one HAProxy accepts."""
    command = compose_command()
    haproxy = shutil.which("haproxy", path=f"{os.environ.get('PATH', '')}:/usr/sbin")
    if command is None or haproxy is None:
        require_service("needs `docker compose` (or `docker-compose`) and HAProxy")
    secrets = {
        "SECRET_KEY": "only-for-validation",
        "POSTGRES_PASSWORD": "p1",
        "UNO_DB_OWNER_PASSWORD": "p2",
        "UNO_DB_SERVICE_PASSWORD": "p3",
        "UNO_DB_REPLICATION_PASSWORD": "p4",
    }
    files = ["-f", "docker-compose.yml", "-f", "docker-compose.scale.yml"]

    def config(**env):
        return subprocess.run(
            [*command, *files, "config"],
            cwd=repo_dir,
            env=child_env(**env),
            capture_output=True,
            text=True,
            timeout=120,
        )

    merged = config(**secrets)
    without = config(**{**secrets, "UNO_DB_REPLICATION_PASSWORD": None})
    checked = subprocess.run(
        [haproxy, "-c", "-f", "deploy/haproxy.cfg"], cwd=repo_dir, capture_output=True, text=True
    )

    assert merged.returncode == 0, merged.stderr
    services = yaml.safe_load(merged.stdout)["services"]
    assert {"proxy", "postgres-replica"} <= set(services)
    for name in ("web", "streams"):
        replica_url = urlsplit(services[name]["environment"]["DATABASE_REPLICA_URL"])
        assert (replica_url.hostname, replica_url.username) == ("postgres-replica", "uno_service")
        assert services[name]["environment"]["UNO_TRUSTED_PROXIES"] == "1"
    assert "pg_basebackup" in " ".join(words(services["postgres-replica"]["command"]))
    assert without.returncode != 0 and "UNO_DB_REPLICATION_PASSWORD" in without.stderr
    assert checked.returncode == 0, checked.stdout + checked.stderr
