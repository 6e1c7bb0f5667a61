"""Fixtures for the generated clients' tests: the service as gunicorn serves it (on the
test database, PostgreSQL), the committed Python client imported from clients/python,
and the TypeScript package's tools (Node and its installed node_modules)."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
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
def uno_client():
    """The committed generated Python client package (clients/python/uno_client)."""
    sys.path.insert(0, str(CLIENTS / "python"))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(CLIENTS / "python"))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


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
