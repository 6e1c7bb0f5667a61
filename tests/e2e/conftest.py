"""What the end-to-end tests share: real Celery workers and beat of the project."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid

import pytest


class Celeryd:
    """A worker or beat process of the project, logging to a file."""

    def __init__(self, kind: str, env: dict, repo_dir, log_path, queues: str | None = None):
        self.kind, self.env, self.repo_dir, self.log_path = kind, env, repo_dir, log_path
        self.queues = queues  # a worker's --queues; None: every queue of the settings
        self.process = None

    def start(self):
        args = [sys.executable, "-m", "celery", "-A", "unoservice", self.kind, "--loglevel", "INFO"]
        if self.kind == "worker":
            args += [
                "--pool",
                "threads",
                "--concurrency",
                "4",
                "--without-gossip",
                "--without-mingle",
                "--hostname",
                f"timers-{os.getpid()}-{self.log_path.stem}@%h",
            ]
            if self.queues:
                args += ["--queues", self.queues]
        else:
            args += ["--schedule", str(self.log_path.with_suffix(".schedule"))]
        self.log = self.log_path.open("a")
        self.process = subprocess.Popen(
            args, cwd=self.repo_dir, env=self.env, stdout=self.log, stderr=subprocess.STDOUT
        )
        return self

    def kill(self, sig=signal.SIGTERM):
        if self.process and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")


@pytest.fixture
def celery_processes(
    postgres, redis_url, worker_database_url, child_env, repo_dir, tmp_path, monkeypatch, settings
):
    """Worker and beat on queues of this test's own (the default one and its bots queue,
    named as settings.py names it), so that tasks other tests left in the broker never
    reach them; this process's deadline tasks go to those queues too."""
    from unoservice.celery import app

    broker = os.environ.get("CELERY_BROKER_URL") or redis_url
    queue = f"timers-{uuid.uuid4().hex[:12]}"
    monkeypatch.setitem(app.conf, "task_default_queue", queue)
    settings.UNO_BOTS_QUEUE = f"{queue}-bots"
    env = child_env(
        DATABASE_URL=worker_database_url,
        CELERY_BROKER_URL=broker,
        UNO_DATA_DIR=str(tmp_path),
        # The seals the worker signs are checked here: the same key files (the trust root
        # is the key files, not the database the two processes share).
        UNO_SIGNING_KEY_FILE=str(settings.UNO_SIGNING_KEY_FILE),
        UNO_MODE=None,
        UNO_SWEEP_SECONDS="1",
        UNO_CELERY_QUEUE=queue,
    )
    started = []

    def start(kind: str, queues: str | None = None, **more_env: str) -> Celeryd:
        """`queues`: "default", "bots" (this test's) or None (both)."""
        names = {"default": queue, "bots": settings.UNO_BOTS_QUEUE}
        log = tmp_path / f"{kind}-{len(started)}.log"
        chosen = names[queues] if queues else None
        daemon = Celeryd(kind, {**env, **more_env}, repo_dir, log, chosen).start()
        started.append(daemon)
        return daemon

    yield start
    for daemon in started:
        daemon.kill()
