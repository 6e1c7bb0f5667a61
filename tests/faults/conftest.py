"""Servers of the fault tests' own: a PostgreSQL cluster and a Redis that the tests stop
and start again, never the suite's shared ones.

One cluster and one Redis serve every test of this folder (started once, torn down after
the last test); the schema is migrated once into a template database, and each test gets
a database of its own copied from it, and an empty Redis. A test that stopped a server
and failed before starting it again does not take the next test down: each test starts
them again if needed.

Without the binaries (initdb and pg_ctl, redis-server) the tests skip and say why; with
UNO_REQUIRE_SERVICES=1 (CI) they fail instead.
"""

from __future__ import annotations

import os
import pwd
import shutil
import uuid

import pytest

from .support import PostgresServer, RedisServer, Service, postgres_bin_dir, service_env

TEMPLATE = "uno_faults_template"
#: A staff account with an API token in the template, so in every test's database: the
#: host who may start games from a position (short games) with seeded shuffles.
CREATE_STAFF = """
from django.contrib.auth import get_user_model
from players.services import player_for_user, token_issue
get_user_model().objects.create_user("faults-staff", is_staff=True, is_superuser=True)
print(token_issue(player=player_for_user(username="faults-staff"), label="faults"))
"""
FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Remembers a failure, so that the fixtures can print the processes' logs."""
    report = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


@pytest.fixture(scope="package")
def postgres_server(require_service):
    bin_dir = postgres_bin_dir()
    if bin_dir is None:
        require_service(
            "needs the PostgreSQL server binaries (initdb, pg_ctl: Debian package postgresql; "
            "or UNO_PG_BIN naming their folder)"
        )
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            require_service("running as root needs a `postgres` user to run initdb as")
    server = PostgresServer(bin_dir)
    try:
        server.init()
        server.start()
        yield server
    finally:
        server.destroy()


@pytest.fixture(scope="package")
def template(postgres_server, manage, child_env, tmp_path_factory) -> str:
    """The template database, migrated, with a staff account; the staff's API token."""
    postgres_server.create_database(TEMPLATE)
    env = child_env(
        DATABASE_URL=postgres_server.url(TEMPLATE),
        UNO_DATA_DIR=str(tmp_path_factory.mktemp("migrate-data")),
        UNO_MODE=None,
    )
    migrated = manage("migrate", "--noinput", env=env)
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr
    staff = manage("shell", "-c", CREATE_STAFF, env=env)
    assert staff.returncode == 0, staff.stdout + staff.stderr
    return staff.stdout.strip().splitlines()[-1]


@pytest.fixture
def postgres(postgres_server) -> PostgresServer:
    """The tests' PostgreSQL, running."""
    if not postgres_server.running:
        postgres_server.start()
    return postgres_server


@pytest.fixture
def database(postgres, template) -> str:
    """A migrated database of this test's own, with the staff account; its name."""
    return postgres.create_database(f"uno_{uuid.uuid4().hex[:10]}", template=TEMPLATE)


@pytest.fixture
def staff_token(template) -> str:
    return template


@pytest.fixture(scope="package")
def redis_server(require_service):
    if shutil.which("redis-server") is None:
        require_service("needs redis-server on PATH (Debian package redis-server)")
    server = RedisServer()
    try:
        server.start()
        yield server
    finally:
        server.destroy()


@pytest.fixture
def redis(redis_server) -> RedisServer:
    """The tests' Redis, running and empty."""
    if not redis_server.running:
        redis_server.start()
    redis_server.flush()
    return redis_server


@pytest.fixture
def start_service(request, tmp_path, child_env):
    """start_service(database_url=, broker_url=, name=, data_dir=, celery=): the web
    server, and a worker and beat unless `celery=False`, running and healthy; stopped
    after the test (their logs are printed if it failed)."""
    started: list[Service] = []

    def start(*, database_url, broker_url, name="service", data_dir=None, celery=True) -> Service:
        env = service_env(
            child_env(),
            database_url=database_url,
            broker_url=broker_url,
            data_dir=data_dir or tmp_path / "data",
        )
        service = Service(tmp_path / name, env)
        started.append(service)
        return service.start(celery=celery)

    yield start
    for service in started:
        service.stop()
    if request.node.stash.get(FAILED, False):
        for service in started:
            print(f"=== {service.folder.name}{service.logs()}")
