"""Shared test set-up: hypothesis profiles, and fixtures for tests that need real services.

Services. A test that needs PostgreSQL or Redis asks for a fixture (``postgres``,
``redis_url``). When the service is absent the test is skipped with the reason, on a
developer's machine; with ``UNO_REQUIRE_SERVICES=1`` (set by .ci/run) it fails instead, so
CI cannot go green by skipping. The whole suite runs on PostgreSQL when ``DATABASE_URL``
points there (pytest-django creates the ``test_…`` database).

Hypothesis profiles: ``dev`` (default), ``ci`` (set by .ci/run), ``thorough``; choose with
``HYPOTHESIS_PROFILE``.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings as django_settings
from django.core.servers.basehttp import WSGIRequestHandler
from hypothesis import HealthCheck, settings

from bench.servers import ASGI_APP, WEB_TIER, free_port

# Playwright's sync API and some live-server tests keep an event loop in the main thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# The dashboard's figures reach their table when a test flushes them, never from a thread
# writing behind a test's back (unoservice.ops.figures). pytest-django has read the
# settings before this file runs, so the setting is changed too; the variable is for the
# service's processes that tests start.
os.environ.setdefault("UNO_FIGURES_FLUSH_SECONDS", "0")
django_settings.UNO_FIGURES_FLUSH_SECONDS = 0
# Django's test server (`live_server`) writes an answer's headers and its body apart: with
# Nagle's algorithm on, the body waits for the client's delayed ACK, about 40 ms a
# request (the schemathesis run spent two thirds of its 157 s so).
WSGIRequestHandler.disable_nagle_algorithm = True

settings.register_profile("dev", max_examples=50)
settings.register_profile(
    "ci",
    max_examples=200,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

REPO = Path(__file__).resolve().parent.parent


# --- runs split over processes (pytest-xdist, as bin/test runs the suite) -----------------


@pytest.fixture(autouse=True)
def _bots_not_paused(monkeypatch):
    """A pause of the bots' sweeps (games.tasks) is this process's state: no test inherits
    another's."""
    from datetime import UTC, datetime

    monkeypatch.setattr("games.tasks._bots_paused_until", datetime.min.replace(tzinfo=UTC))


@pytest.fixture(autouse=True)
def _no_timed_sweep_pending(monkeypatch):
    """The timed sweep this process has sent last (games.timers.deadlines) is its state:
    a test that opens deadlines has its own sweeps sent."""
    monkeypatch.setattr("games.timers.deadlines._earliest_sent", {})


def _controls_workers(config) -> bool:
    return getattr(config.option, "dist", "no") != "no" and not hasattr(config, "workerinput")


def pytest_configure(config):
    """The controller of a split run makes the folder where each worker leaves the problem
    codes its API tests saw (tests/api/problem_codes.py), before the workers start."""
    if _controls_workers(config):
        folder = tempfile.mkdtemp(prefix="uno-problem-codes-")
        os.environ[PROBLEM_CODES_FOLDER] = folder
        config.stash[_PROBLEM_CODES] = folder


def pytest_sessionfinish(session, exitstatus):
    folder = session.config.stash.get(_PROBLEM_CODES, None)
    if folder is None:
        return
    from api import problem_codes  # tests/api: imported once Django is set up

    try:
        problem_codes.report_whole_run(session, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


PROBLEM_CODES_FOLDER = "UNO_PROBLEM_CODES_FOLDER"
_PROBLEM_CODES = pytest.StashKey[str]()


def services_required() -> bool:
    return os.environ.get("UNO_REQUIRE_SERVICES", "").strip().lower() in {"1", "true", "yes"}


def skip_or_fail(reason: str) -> None:
    """Skip, or fail when UNO_REQUIRE_SERVICES=1 says the service must be there."""
    if services_required():
        pytest.fail(f"{reason} (UNO_REQUIRE_SERVICES=1: required services must be present)")
    pytest.skip(reason)


def port_open(host: str, port: int, timeout: float = 1.0) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def redis_url() -> str:
    """A reachable Redis, from UNO_TEST_REDIS_URL (.ci/run sets it)."""
    url = os.environ.get("UNO_TEST_REDIS_URL", "").strip()
    if not url:
        skip_or_fail("needs Redis: UNO_TEST_REDIS_URL is not set")
    parts = urlsplit(url)
    if not port_open(parts.hostname or "127.0.0.1", parts.port or 6379):
        skip_or_fail(f"needs Redis: nothing answers at {parts.hostname}:{parts.port or 6379}")
    return url


@pytest.fixture
def postgres(django_db_blocker):
    """Skips (or fails) unless the test database is PostgreSQL (DATABASE_URL=postgres://…)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        skip_or_fail(
            f"needs PostgreSQL: the tests run on {connection.vendor}; "
            "set DATABASE_URL=postgres://… to run them on PostgreSQL"
        )
    return connection


@pytest.fixture
def worker_database_url(django_db_blocker) -> str:
    """A DATABASE_URL for another process (a real worker) to reach the test database."""
    from django.db import connection

    conf = connection.settings_dict
    if connection.vendor == "postgresql":
        auth = conf["USER"] or ""
        if conf.get("PASSWORD"):
            auth += f":{conf['PASSWORD']}"
        host = conf["HOST"] or "127.0.0.1"
        port = f":{conf['PORT']}" if conf.get("PORT") else ""
        return f"postgres://{auth}@{host}{port}/{conf['NAME']}"
    name = str(conf["NAME"])
    if name == ":memory:" or "mode=memory" in name:
        pytest.skip("the SQLite test database is in memory; another process cannot reach it")
    return f"sqlite:///{name}"


def _child_env(**overrides: str | None) -> dict[str, str]:
    """The environment for a child process of the project (None removes a variable)."""
    env = dict(os.environ)
    env.pop("VIRTUAL_ENV", None)
    env["PYTHONUNBUFFERED"] = "1"
    for key, value in overrides.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def _manage(*args: str, env: dict[str, str] | None = None, timeout: float = 120):
    """Run `python manage.py …` in a fresh interpreter; returns the CompletedProcess."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        env=env or _child_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# Helpers handed to tests as fixtures, so test modules need not import this file.
@pytest.fixture(scope="session")
def child_env():
    """child_env(NAME=value_or_None, …): os.environ for a project subprocess, amended."""
    return _child_env


@pytest.fixture(scope="session")
def manage():
    """manage(*args, env=None, timeout=120): run `python manage.py …` in a new process."""
    return _manage


@pytest.fixture(scope="session")
def get_free_port():
    return free_port


@pytest.fixture(scope="session")
def require_service():
    """require_service(reason): skip, or fail under UNO_REQUIRE_SERVICES=1."""
    return skip_or_fail


@pytest.fixture(scope="session")
def repo_dir() -> Path:
    return REPO


class Gunicorn:
    """The web server as bin/serve and compose run it (gunicorn with the production worker
    class), started by the `serve_gunicorn` fixture."""

    def __init__(self, process: subprocess.Popen, port: int, log: Path, data_dir: Path, env: dict):
        self.process, self.port, self.log, self.data_dir = process, port, log, data_dir
        self.env = env  # what bin/serve was started with: an operator's command beside it
        self.base_url = f"http://127.0.0.1:{port}"

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_until_healthy(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while True:
            assert self.process.poll() is None, self.output()
            try:
                with urllib.request.urlopen(f"{self.base_url}/api/v1/health", timeout=5) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            assert time.monotonic() < deadline, self.output()
            time.sleep(0.2)

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def serve_gunicorn(postgres, worker_database_url, tmp_path):
    """serve_gunicorn(workers=2, web_tier=False, NAME=value_or_None, …): gunicorn on the
    test database (PostgreSQL), healthy, with its own data folder and the environment
    amended; stopped after the test. Throttles are raised out of a test's reach. It runs
    the uvicorn workers (`bin/serve`, compose's `streams`) or, with `web_tier`, compose's
    `web` command (the sync worker)."""
    started: list[Gunicorn] = []

    def start(*, workers: int = 2, web_tier: bool = False, **env: str | None) -> Gunicorn:
        port, data_dir = free_port(), tmp_path / f"data-{len(started)}"
        overrides = {f"UNO_THROTTLE_{scope}": "100000/minute" for scope in UNLIMITED_THROTTLES}
        overrides |= {
            "DATABASE_URL": worker_database_url,
            "UNO_DATA_DIR": str(data_dir),
            "CELERY_BROKER_URL": None,
            "UNO_MODE": None,
        }
        child = _child_env(**(overrides | env))
        log = tmp_path / f"web-{len(started)}.log"
        with log.open("w") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", *(WEB_TIER if web_tier else [ASGI_APP])]
                + ["--config=python:unoservice.gunicorn_conf", f"--bind=127.0.0.1:{port}"]
                + [f"--workers={workers}", "--graceful-timeout=5"],
                cwd=REPO,
                env=child,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        server = Gunicorn(process, port, log, data_dir, child)
        started.append(server)
        server.wait_until_healthy()
        return server

    yield start
    for server in started:
        server.stop()


UNLIMITED_THROTTLES = ("ANON", "LOBBY", "READS", "ACTIONS")


class ServedInstance:
    """The service as the README runs it (bin/serve: SQLite and the filesystem broker in a
    data folder of its own), started once for the session by `served_instance`."""

    def __init__(self, process: subprocess.Popen, port: int, log: Path, data_dir: Path, env: dict):
        self.process, self.port, self.log, self.data_dir = process, port, log, data_dir
        self.env = env  # what bin/serve was started with: an operator's command beside it
        self.base_url = self.base = f"http://127.0.0.1:{port}"

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_healthy(self, seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while True:
            assert self.process.poll() is None, f"bin/serve exited:\n{self.output()}"
            try:
                with urllib.request.urlopen(f"{self.base_url}/api/v1/health", timeout=5) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            assert time.monotonic() < deadline, f"bin/serve not healthy:\n{self.output()}"
            time.sleep(0.25)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # it stops its children
            try:
                self.process.wait(timeout=45)
            except subprocess.TimeoutExpired:
                self.process.kill()  # its children die with it (PR_SET_PDEATHSIG)
                self.process.wait()


@pytest.fixture(scope="session")
def served_instance(tmp_path_factory):
    """bin/serve on a free port with an empty data folder, healthy, for the whole session
    (shared by the tests that only need a running service); throttles out of reach."""
    folder = tmp_path_factory.mktemp("served")
    port, data_dir, log = free_port(), folder / "data", folder / "serve.log"
    overrides = {f"UNO_THROTTLE_{scope}": "100000/minute" for scope in UNLIMITED_THROTTLES}
    overrides |= dict.fromkeys(
        ("DATABASE_URL", "CELERY_BROKER_URL", "UNO_MODE", "SECRET_KEY", "DEBUG", "PORT")
    )
    env = _child_env(UNO_DATA_DIR=str(data_dir), **overrides)
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(REPO / "bin" / "serve"), "--port", str(port)],
            cwd=REPO,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    served = ServedInstance(process, port, log, data_dir, env)
    try:
        served.wait_healthy()
        yield served
    finally:
        served.stop()
