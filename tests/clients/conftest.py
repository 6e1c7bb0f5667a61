"""Fixtures for the clients' tests: the service as gunicorn serves it (on the test
database, PostgreSQL; with a Celery worker when bots must move), the committed Python
client imported from clients/python, and the TypeScript package's tools (Node and its
installed node_modules)."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CLIENTS = REPO / "clients"
TYPESCRIPT = CLIENTS / "typescript"
PACKAGE = "uno_client"


def run_generator(into: Path, only: str) -> str:
    """clients/generate.py writes the schema and one client into `into`; what it said."""
    done = subprocess.run(
        [sys.executable, str(CLIENTS / "generate.py"), "--into", str(into), "--only", only],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


#: Made by tools that run in the folder (Python, ruff), never generated or committed.
NOT_GENERATED = {"__pycache__", ".ruff_cache"}


def generated_files(root: Path) -> set[Path]:
    paths = {p.relative_to(root) for p in root.rglob("*") if p.is_file()}
    return {p for p in paths if not NOT_GENERATED.intersection(p.parts)}


def differences(committed: Path, fresh: Path) -> list[str]:
    """Files that differ between two trees, or exist in one only (relative paths)."""
    committed_files, fresh_files = generated_files(committed), generated_files(fresh)
    changed = [
        path
        for path in committed_files & fresh_files
        if (committed / path).read_bytes() != (fresh / path).read_bytes()
    ]
    return sorted(str(p) for p in (committed_files ^ fresh_files) | set(changed))


@pytest.fixture
def served_api(serve_gunicorn) -> str:
    """The service's base URL: gunicorn with the production worker class on the test
    database, with limits that a whole game's requests do not reach."""
    return serve_gunicorn().base_url


@pytest.fixture
def served_with_bots(serve_gunicorn, redis_url, child_env, worker_database_url, tmp_path) -> str:
    """The service with bots that move: gunicorn and a Celery worker (bots act through
    the workers' timed sweeps) on Redis, on a queue of this test's own; its base URL."""
    queue = f"clients-{uuid.uuid4().hex[:12]}"
    server = serve_gunicorn(workers=1, CELERY_BROKER_URL=redis_url, UNO_CELERY_QUEUE=queue)
    env = child_env(
        DATABASE_URL=worker_database_url,
        CELERY_BROKER_URL=redis_url,
        UNO_CELERY_QUEUE=queue,
        UNO_DATA_DIR=str(server.data_dir),  # the web server's signing key seals the games
        UNO_MODE=None,
    )
    command = [sys.executable, "-m", "celery", "-A", "unoservice", "worker", "--pool=threads"]
    command += ["--concurrency=2", "--without-gossip", "--without-mingle", "--without-heartbeat"]
    command += [f"--hostname={queue}@%h", "--loglevel=WARNING"]
    log = tmp_path / "worker.log"
    with log.open("w") as out:
        worker = subprocess.Popen(command, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield server.base_url
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


@pytest.fixture
def uno_client():
    """The committed generated Python client package (clients/python/uno_client), with
    the hand-written layer beside it (uno_sdk) importable too."""
    sys.path.insert(0, str(CLIENTS / "python"))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(CLIENTS / "python"))
        for name in [n for n in sys.modules if n.split(".")[0] in (PACKAGE, "uno_sdk")]:
            del sys.modules[name]


@pytest.fixture
def uno_sdk(uno_client):
    """The hand-written layer (clients/python/uno_sdk) over the committed client."""
    return importlib.import_module("uno_sdk")


def node_required() -> bool:
    """In CI (CI=true or UNO_REQUIRE_SERVICES=1) a missing Node fails instead of skipping."""
    flags = (os.environ.get(name, "").strip().lower() for name in ("UNO_REQUIRE_SERVICES", "CI"))
    return any(flag in {"1", "true", "yes"} for flag in flags)


@pytest.fixture(scope="session")
def typescript_tools() -> Path:
    """clients/typescript with its node_modules installed; its node_modules/.bin."""
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    bin_dir = TYPESCRIPT / "node_modules" / ".bin"
    if missing:
        reason = f"needs Node.js: {', '.join(missing)} not found on PATH"
    elif not (bin_dir / "tsc").exists():
        reason = f"needs the TypeScript client's packages: run `npm ci` in {TYPESCRIPT}"
    else:
        return bin_dir
    if node_required():
        pytest.fail(f"{reason} (CI: Node and npm ci are required)")
    pytest.skip(reason)
