"""The engine's annotations are checked, not only written: mypy finds no error in it."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_engine_type_checks_with_mypy(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "mypy", f"--cache-dir={tmp_path}", "games/engine"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout
