"""What the service creates in its data folder is its user's alone: the run command is
started on an empty folder and used (a registration, beat's heartbeats through the
broker), and while it runs every folder in it is 0700 and every file 0600."""

from __future__ import annotations

import json
import os
import stat
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from unoservice.private_files import close_folder

pytestmark = pytest.mark.e2e

START_TIMEOUT = 120.0


def _request(url: str, body: dict | None = None) -> int:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def _wait(predicate, what: str, log: Path, timeout: float = START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return
        except OSError:
            pass
        time.sleep(0.25)
    raise AssertionError(f"{what} did not happen in {timeout}s:\n{log.read_text()}")


@pytest.fixture
def served_data_folder(serve):
    """The data folder of a running run command that has been used."""
    # DEBUG: the worker's line for each task it handles (quiet at INFO) shows the heartbeat.
    served = serve(heartbeat_seconds=1, UNO_CACHE_URL=None, LOG_LEVEL="DEBUG")
    served.wait_healthy()
    data, log = served.data_dir, served.log
    assert _request(f"{served.base}/api/v1/players", {"name": "ann"}) == 201  # the cache's file
    _wait(lambda: b"ops.ping" in log.read_bytes(), "a heartbeat", log, timeout=60)
    # The worker binds its broadcast queue (an .exchange file) as it starts up, which
    # on a loaded machine may come after its first task.
    exchanges = lambda: list((data / "broker").rglob("*.exchange"))  # noqa: E731
    _wait(exchanges, "the worker's broadcast binding", log, timeout=60)
    return data


def _mode(path: Path) -> int | None:
    try:
        return stat.S_IMODE(path.lstat().st_mode)
    except FileNotFoundError:  # a message the worker has just consumed
        return None


def test_every_file_the_service_creates_in_its_data_folder_is_its_own(served_data_folder):
    data = served_data_folder
    names = {p.name for p in data.iterdir()}
    assert {"db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm", "secret_key"} <= names
    assert any(name.startswith("celerybeat-schedule") for name in names)
    assert list((data / "cache").iterdir())
    assert list((data / "broker").rglob("*.exchange"))

    opened = {}
    for path in [data, *data.rglob("*")]:
        mode = _mode(path)
        wanted = 0o700 if path.is_dir() else 0o600
        if mode is not None and mode != wanted:
            opened[str(path.relative_to(data))] = oct(mode)
    assert not opened, opened


def test_an_existing_data_folder_left_open_is_closed(tmp_path):
    folder = tmp_path / "old"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)

    close_folder(folder)

    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
