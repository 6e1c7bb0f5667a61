"""`manage.py serve`: the whole service on one machine, stopped by one Ctrl-C.

Runs the migrations, gathers the static files, then supervises four children (under a
umask that keeps what they create in the data folder private to this user):

- web: gunicorn serving unoservice.asgi:application (unoservice/gunicorn_conf.py: an event
  loop for requests that wait, a2wsgi's pool of threads with persistent database
  connections for the rest, ServeStatic for the static files), `--web-workers` processes
- worker: `celery -A unoservice worker` on the default queue (people's deadlines, records)
- bots: a second worker, on the bots queue only (UNO_BOTS_QUEUE: the moves of games no
  person plays), `--bot-concurrency` processes (1), at a lower CPU priority (nice +10):
  however many games of bots alone run, they wait for it, never in front of a person's
  deadline, and on a busy machine it gets the CPU the others leave
  (bench/timers.py --bot-games)
- beat: `celery -A unoservice beat` (its schedule file is in the data folder)

A start where nothing is wrong prints the banner (the URLs) and a few lines: the children
start quietly (UNO_QUIET_START=1, unoservice.logs; set it to 0 to see their start-up lines),
Celery's warning about running as root is filtered out, and the migrations are applied
without a line each.

Each child runs in its own session (process group), so a terminal's Ctrl-C reaches only
this supervisor, which then stops the children in order: SIGTERM to each, a grace period,
then SIGKILL to whatever is left in their process groups. SIGTERM and SIGHUP do the same.
If a child dies on its own, the others are stopped too and the exit status is non-zero.
Children are also asked by the kernel (PR_SET_PDEATHSIG) to stop if the supervisor is
killed outright, so nothing is left behind.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from unoservice.ops.child_processes import die_with_parent
from unoservice.private_files import close_folder, keep_new_files_private

READY_TIMEOUT_SECONDS = 90.0
#: The bots' worker yields the CPU to people's work (bench/timers.py --bot-games).
BOTS_NICENESS = 10


@dataclass
class Child:
    name: str
    argv: list[str]
    process: subprocess.Popen | None = None
    pump: threading.Thread | None = None
    returncode: int | None = field(default=None)
    nice: int = 0  # added to the child's scheduling niceness: it yields the CPU to the others


class Command(BaseCommand):
    help = (
        "Run the web server (gunicorn), a Celery worker, a worker for the bots' queue and "
        "Celery beat; Ctrl-C stops all."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--host", default=os.environ.get("HOST", "127.0.0.1"), help="default: 127.0.0.1"
        )
        parser.add_argument(
            "--port",
            type=int,
            default=int(os.environ.get("PORT") or 8000),
            help="default: $PORT or 8000",
        )
        parser.add_argument(
            "--concurrency",
            type=int,
            default=int(os.environ.get("UNO_WORKER_CONCURRENCY") or 2),
            help="worker processes (default: $UNO_WORKER_CONCURRENCY or 2)",
        )
        parser.add_argument(
            "--bot-concurrency",
            type=int,
            default=int(os.environ.get("UNO_BOT_WORKER_CONCURRENCY") or 1),
            help="processes of the bots queue's worker (default: $UNO_BOT_WORKER_CONCURRENCY or 1)",
        )
        parser.add_argument(
            "--web-workers",
            type=int,
            default=int(os.environ.get("WEB_WORKERS") or 2),
            help="web server processes (default: $WEB_WORKERS or 2)",
        )
        parser.add_argument(
            "--grace", type=float, default=15.0, help="seconds to wait before SIGKILL"
        )
        parser.add_argument("--no-migrate", action="store_true", help="skip `migrate`")

    def handle(self, *args, **options):
        self.stop_reason: str | None = None
        self.write_lock = threading.Lock()
        host, port = options["host"], options["port"]

        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, self._on_signal)
        # Before anything is created: the database, the broker's files, beat's schedule and
        # the cache are this user's alone (0600 in 0700 folders), and so are the children's.
        keep_new_files_private()
        close_folder(settings.DATA_DIR)
        # The figures of the processes of an earlier run would be summed with ours.
        for stale in settings.METRICS_DIR.glob("*.db"):
            stale.unlink()

        if not options["no_migrate"]:
            self.say("serve", "applying database migrations")
            # Quiet when it works; a failing migration still raises, with its error.
            call_command("migrate", interactive=False, verbosity=0)
        # The static files ServeStatic serves (unoservice.asgi), gathered in the data folder;
        # quietly, and only what changed since the last start is copied again.
        call_command("collectstatic", interactive=False, verbosity=0)
        connections.close_all()
        if self.stop_reason:
            return

        python = sys.executable
        children = [
            Child(
                "web",
                [
                    python,
                    "-m",
                    "gunicorn",
                    "unoservice.asgi:application",
                    "--config=python:unoservice.gunicorn_conf",
                    f"--bind={host}:{port}",
                    f"--workers={options['web_workers']}",
                    "--graceful-timeout=5",
                ],
            ),
            celery_worker(
                "worker", options["concurrency"], settings.CELERY_TASK_DEFAULT_QUEUE, "embedded"
            ),
            celery_worker(
                "bots",
                options["bot_concurrency"],
                settings.UNO_BOTS_QUEUE,
                "embedded-bots",
                nice=BOTS_NICENESS,
            ),
            Child(
                "beat",
                [
                    python,
                    "-m",
                    "celery",
                    "--quiet",
                    "-A",
                    "unoservice",
                    "beat",
                    "--schedule",
                    settings.CELERY_BEAT_SCHEDULE_FILENAME,
                ],
            ),
        ]
        failed = False
        try:
            for child in children:
                if self.stop_reason:
                    break
                self._start(child)
            started = [c for c in children if c.process is not None]
            self.say(
                "serve",
                "started " + ", ".join(f"{c.name} (pid {c.process.pid})" for c in started),
            )
            failed = self._supervise(children, host, port)
        finally:
            self._stop_all(children, options["grace"])
        if failed:
            raise CommandError("a process exited unexpectedly; everything was stopped")
        self.say("serve", "stopped")

    # --- running ----------------------------------------------------------------------
    def _on_signal(self, signum, frame):
        if self.stop_reason is None:
            self.stop_reason = signal.Signals(signum).name

    def _start(self, child: Child) -> None:
        child.process = subprocess.Popen(
            child.argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=functools.partial(_before_exec, child.nice),
            env=_child_env(os.environ),
        )
        child.pump = threading.Thread(target=self._pump, args=(child,), daemon=True)
        child.pump.start()

    def _pump(self, child: Child) -> None:
        assert child.process is not None and child.process.stdout is not None
        for raw in iter(child.process.stdout.readline, b""):
            self.say(child.name, raw.decode(errors="replace").rstrip("\n"))

    def _supervise(self, children: list[Child], host: str, port: int) -> bool:
        """Wait until a signal arrives or a child exits; True if a child failed."""
        started = time.monotonic()
        ready = False
        next_probe = 0.0
        while self.stop_reason is None:
            for child in children:
                if child.process is not None and child.process.poll() is not None:
                    self.say("serve", f"{child.name} exited with status {child.process.returncode}")
                    return True
            now = time.monotonic()
            if not ready and now >= next_probe:
                ready = self._probe(host, port, now - started)
                next_probe = now + 0.5
            time.sleep(0.1)
        self.say("serve", f"{self.stop_reason} received: stopping")
        return False

    def _probe(self, host: str, port: int, elapsed: float) -> bool:
        base = f"http://{_display_host(host)}:{port}"
        try:
            with urllib.request.urlopen(f"{base}/api/v1/health", timeout=5) as response:
                health = json.load(response)
        except urllib.error.HTTPError as exc:
            health = json.loads(exc.read() or b"{}")
        except (OSError, ValueError):
            return False
        if not health.get("ok") and elapsed < READY_TIMEOUT_SECONDS:
            return False
        self._banner(base, health)
        return True

    def _banner(self, base: str, health: dict) -> None:
        lines = [
            "",
            "=" * 72,
            f"UNO service running at {base}/  (data folder: {settings.DATA_DIR})",
            f"  API docs (Swagger UI): {base}/api/docs/",
            f"  API docs (Redoc):      {base}/api/redoc/",
            f"  OpenAPI schema:        {base}/api/schema/",
            f"  Admin:                 {base}/admin/",
            f"  Health:                {base}/api/v1/health",
            "  Create an admin user:  bin/manage createsuperuser",
            "  Press Ctrl-C to stop the web server, the workers and beat.",
            "=" * 72,
        ]
        if not health.get("ok"):
            lines.insert(2, f"WARNING: the health check is failing: {json.dumps(health)}")
        for line in lines:
            self.say("serve", line)

    # --- stopping ---------------------------------------------------------------------
    def _stop_all(self, children: list[Child], grace: float) -> None:
        running = [c for c in children if c.process is not None]
        for child in running:
            if child.process.poll() is None:
                self.say("serve", f"stopping {child.name} (SIGTERM)")
                _signal_pid(child.process.pid, signal.SIGTERM)
        began = time.monotonic()
        deadline = began + grace
        for child in running:
            try:
                status = child.process.wait(timeout=max(0.0, deadline - time.monotonic()))
                took = time.monotonic() - began
                self.say("serve", f"{child.name} stopped (status {status}) after {took:.1f}s")
            except subprocess.TimeoutExpired:
                self.say("serve", f"{child.name} did not stop in {grace:g}s: SIGKILL")
        for child in running:
            # Whatever is left in the child's process group (e.g. pool processes of a
            # worker that died) goes too; the group id is the child's pid.
            _signal_group(child.process.pid, signal.SIGKILL)
            child.process.wait()
            if child.pump is not None:
                child.pump.join(timeout=5)

    def say(self, name: str, text: str) -> None:
        with self.write_lock:
            try:
                sys.stdout.write(f"{name:>6} | {text}\n")
                sys.stdout.flush()
            except (BrokenPipeError, ValueError):
                pass


#: Celery's warning that a worker runs as root (a container's or a CI's user): said at
#: every start, it buries the banner. A check of the service's user is the deployer's.
ROOT_WARNING_FILTER = "ignore:You're running the worker with superuser privileges"


def _child_env(environ: Mapping[str, str]) -> dict[str, str]:
    """The children's environment: a quiet start (unoservice.logs), unless the caller chose
    otherwise, and no warning about root."""
    env = {**environ, "PYTHONUNBUFFERED": "1"}
    env.setdefault("UNO_QUIET_START", "1")
    env["PYTHONWARNINGS"] = ",".join(
        part for part in (environ.get("PYTHONWARNINGS", ""), ROOT_WARNING_FILTER) if part
    )
    return env


def _before_exec(nice: int) -> None:
    die_with_parent()
    if nice:
        os.nice(nice)


def _display_host(host: str) -> str:
    return "127.0.0.1" if host in ("0.0.0.0", "", "::") else host


def _signal_pid(pid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signum)


def _signal_group(pgid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signum)


def celery_worker(name: str, concurrency: int, queue: str, hostname: str, **child) -> Child:
    """A Celery worker child consuming one queue."""
    return Child(
        name,
        [
            sys.executable,
            "-m",
            "celery",
            "--quiet",
            "-A",
            "unoservice",
            "worker",
            "--concurrency",
            str(concurrency),
            "--queues",
            queue,
            "--hostname",
            f"{hostname}@%h",
            "--without-gossip",
            "--without-mingle",
        ],
        **child,
    )
