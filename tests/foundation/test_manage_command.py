"""bin/manage runs a management command wherever bin/serve runs, from any directory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e


def run_manage(repo_dir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """bin/manage as a user's shell runs it: the test run's own virtual environment off
    PATH (on this machine no `uv` command is left on it then; bin/manage must find uv
    through python3, as bin/serve does)."""
    venv_bin = str(Path(sys.prefix) / "bin")
    path = os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if p != venv_bin)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "UV_PROJECT")}
    env.update(PATH=path, UNO_DATA_DIR=str(cwd / "data"))
    return subprocess.run(
        [str(repo_dir / "bin" / "manage"), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_manage_runs_a_command_from_another_directory_and_leaves_it_the_working_one(
    repo_dir, tmp_path
):
    done = run_manage(repo_dir, tmp_path, "shell", "-c", "import os; print(os.getcwd())")

    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == str(tmp_path)
