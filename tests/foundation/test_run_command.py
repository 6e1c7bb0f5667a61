"""The README's run command (bin/serve) really serves, and one signal stops everything.

Each test starts bin/serve in its own session on a free port with an empty data folder
(so SQLite and the filesystem broker), as a user would, and stops it as a terminal's
Ctrl-C would (SIGINT to the process group) or as `kill` would (SIGTERM to the script).
"""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from celery import Celery

from unoservice import env as uno_env
from unoservice.ops.tasks import PING_TASK

from .conftest import STOP_TIMEOUT, Served, alive

pytestmark = pytest.mark.e2e


def assert_everything_stops(served: Served, tree: dict[int, str]) -> None:
    try:
        served.process.wait(timeout=STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"bin/serve still running:\n{served.output()}") from None
    deadline = time.monotonic() + 10
    while (left := [pid for pid, cmd in tree.items() if alive(pid, cmd)]) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.1)
    assert not left, f"left running: {[tree[pid] for pid in left]}\n{served.output()}"


def test_run_command_serves_api_docs_admin_and_worker_and_ctrl_c_stops_all(serve, monkeypatch):
    served = serve(heartbeat_seconds=2)
    assert served.wait_healthy() == {"ok": True, "database": "ok", "broker": "ok"}

    # The three processes, and a banner telling where the docs and the admin are.
    tree = served.tree()
    commands = " ".join(tree.values())
    web = "gunicorn unoservice.asgi:application --config=python:unoservice.gunicorn_conf"
    assert web in commands
    assert "celery --quiet -A unoservice worker" in commands
    assert "--queues celery --hostname embedded@" in commands
    assert "--queues bots --hostname embedded-bots@" in commands  # games of bots alone
    assert "celery --quiet -A unoservice beat" in commands
    deadline = time.monotonic() + 10
    while "createsuperuser" not in served.output() and time.monotonic() < deadline:
        time.sleep(0.1)
    output = served.output()
    assert f"{served.base}/api/docs/" in output
    assert f"{served.base}/admin/" in output
    assert "bin/manage createsuperuser" in output

    # A ping through the filesystem broker; the worker writes the row in this SQLite file.
    _, transport_options = uno_env.broker(None, served.data_dir, {})
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)  # Celery prefers it to broker=
    client = Celery("client", broker="filesystem://localhost//")
    client.conf.broker_transport_options = transport_options
    token = uuid.uuid4()
    client.send_task(PING_TASK, kwargs={"token": str(token), "source": "test"})
    database = served.data_dir / "db.sqlite3"
    deadline = time.monotonic() + 60
    row = None
    while row is None:
        assert time.monotonic() < deadline, f"no row for the ping:\n{served.output()}"
        with sqlite3.connect(database, timeout=20) as db:
            row = db.execute(
                "SELECT worker FROM ops_workerping WHERE token = ?", (token.hex,)
            ).fetchone()
        time.sleep(0.2)
    assert row[0].startswith("embedded@")

    # Beat runs too: its heartbeat (every 2 s here) is recorded by the worker.
    deadline = time.monotonic() + 60
    beats = 0
    while not beats:
        assert time.monotonic() < deadline, f"no heartbeat from beat:\n{served.output()}"
        with sqlite3.connect(database, timeout=20) as db:
            beats = db.execute(
                "SELECT count(*) FROM ops_workerping WHERE source = 'beat'"
            ).fetchone()[0]
        time.sleep(0.5)

    # Swagger UI and its assets, the admin and its CSS: all served with DEBUG off.
    status, _, body = served.get("/api/docs/")
    assert status == 200
    html = body.decode()
    scripts = re.findall(r'src="(/static/[^"]+\.js)"', html)
    assert scripts
    for script in scripts:
        status, headers, _ = served.get(script)
        assert status == 200, script
        assert "javascript" in headers["content-type"]
    status, _, body = served.get("/admin/login/")
    assert status == 200
    assert b"/static/admin/css/base.css" in body
    status, headers, _ = served.get("/static/admin/css/base.css")
    assert status == 200
    assert headers["content-type"].startswith("text/css")

    # Ctrl-C in a terminal: SIGINT to the foreground process group.
    tree = served.tree()
    os.killpg(served.process.pid, signal.SIGINT)
    assert_everything_stops(served, tree)
    assert served.process.returncode == 0, served.output()


def test_sigterm_to_the_run_command_stops_all_three_processes(serve):
    served = serve()
    served.wait_healthy()
    tree = served.tree()
    assert len(tree) >= 3

    served.process.send_signal(signal.SIGTERM)

    assert_everything_stops(served, tree)
    assert served.process.returncode == 0, served.output()


def test_when_a_child_dies_the_run_command_stops_the_others_and_fails(serve):
    served = serve()
    served.wait_healthy()
    tree = served.tree()
    worker = next(
        pid
        for pid, cmd in tree.items()
        if "celery --quiet -A unoservice worker" in cmd
        and "--hostname embedded@" in cmd
        and Path(f"/proc/{pid}/stat").exists()
        and int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        == served.process.pid
    )

    os.kill(worker, signal.SIGKILL)

    assert_everything_stops(served, tree)
    assert served.process.returncode != 0
    assert "worker exited" in served.output()


#: The banner's lines that are URLs (the service, Swagger UI, Redoc, schema, admin, health).
BANNER_URLS = 6


def test_the_run_command_prints_its_urls_and_at_most_ten_more_lines(serve):
    """A start where nothing is wrong says where the service is, and little else: no
    migration list, no Celery warning about root, no axes banner, no process's INFO lines."""
    served = serve()
    served.wait_healthy()
    deadline = time.monotonic() + 60
    while "Press Ctrl-C" not in served.output():
        assert time.monotonic() < deadline, served.output()
        time.sleep(0.2)
    # Every child has started once the output has been still for a few seconds (the
    # banner follows the first web worker; the second, the workers and beat may be later).
    quiet_since, seen = time.monotonic(), served.output()
    while time.monotonic() - quiet_since < 4 and time.monotonic() < deadline:
        time.sleep(0.25)
        if (now := served.output()) != seen:
            quiet_since, seen = time.monotonic(), now

    lines = served.output().splitlines()
    urls = [line for line in lines if f"{served.base}/" in line]
    assert len(urls) == BANNER_URLS, served.output()
    assert len(lines) <= BANNER_URLS + 10, served.output()
