"""The README's run command (bin/serve) started as a user would: `serve()` starts it in
its own session on a free port with an empty data folder (so SQLite and the filesystem
broker, unless DATABASE_URL and CELERY_BROKER_URL are given); whatever a test leaves
running is killed afterwards."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

START_TIMEOUT = 120.0
STOP_TIMEOUT = 45.0


class Served:
    def __init__(self, process: subprocess.Popen, port: int, data_dir: Path, log: Path):
        self.process, self.port, self.data_dir, self.log = process, port, data_dir, log
        self.base = f"http://127.0.0.1:{port}"

    def get(self, path: str, timeout: float = 10.0) -> tuple[int, dict, bytes]:
        try:
            with urllib.request.urlopen(self.base + path, timeout=timeout) as response:
                return response.status, _lower(response.headers), response.read()
        except urllib.error.HTTPError as exc:
            return exc.code, _lower(exc.headers), exc.read()
        except urllib.error.URLError as exc:
            raise OSError(f"{path}: {exc.reason}; bin/serve said:\n{self.output()}") from exc

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_healthy(self) -> dict:
        deadline = time.monotonic() + START_TIMEOUT
        last = None
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"bin/serve exited early:\n{self.output()}"
            try:
                status, _, body = self.get("/api/v1/health", timeout=5)
                last = (status, body)
                if status == 200:
                    return json.loads(body)
            except OSError:
                pass
            time.sleep(0.25)
        raise AssertionError(f"not healthy in {START_TIMEOUT}s (last: {last}):\n{self.output()}")

    def tree(self) -> dict[int, str]:
        """The supervisor's descendants (pid -> command line), from /proc."""
        children: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                children.setdefault(ppid, []).append(int(entry.name))
        found, todo = {}, [self.process.pid]
        while todo:
            for pid in children.get(todo.pop(), []):
                found[pid] = _cmdline(pid)
                todo.append(pid)
        return found


def _lower(headers) -> dict[str, str]:
    return {key.lower(): value for key, value in headers.items()}


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return ""


def alive(pid: int, cmdline: str) -> bool:
    """Still running as the same program (not a zombie, not a reused pid)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z" and _cmdline(pid) == cmdline


@pytest.fixture
def serve(tmp_path, child_env, get_free_port, repo_dir):
    started: list[Served] = []

    def start(heartbeat_seconds: int = 60, **env_overrides: str | None) -> Served:
        port = get_free_port()
        data_dir = tmp_path / f"data-{port}"
        log = tmp_path / f"serve-{port}.log"
        defaults = {
            "UNO_DATA_DIR": str(data_dir),
            "DATABASE_URL": None,
            "CELERY_BROKER_URL": None,
            "UNO_MODE": None,
            "SECRET_KEY": None,
            "DEBUG": None,
            "PORT": None,
            "UNO_HEARTBEAT_SECONDS": str(heartbeat_seconds),
        }
        env = child_env(**(defaults | env_overrides))
        with log.open("wb") as out:
            process = subprocess.Popen(
                [str(repo_dir / "bin" / "serve"), "--port", str(port)],
                cwd=repo_dir,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        served = Served(process, port, data_dir, log)
        started.append(served)
        return served

    yield start

    for served in started:
        # Captured, so shown only when the test failed: what the server said, to the end.
        print(f"--- bin/serve on port {served.port} said:\n{served.output()[-12000:]}")
    for served in started:  # never leave anything running, whatever the test did
        # Its children run in sessions of their own and outlive it: found before it goes.
        tree = served.tree()
        if served.process.poll() is None:
            os.killpg(served.process.pid, signal.SIGKILL)
            served.process.wait()
        for pid, cmdline in tree.items():
            if alive(pid, cmdline):
                os.kill(pid, signal.SIGKILL)
