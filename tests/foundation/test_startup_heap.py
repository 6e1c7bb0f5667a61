"""The served application sets start-up's objects aside from the garbage collector
(unoservice.startup_heap): both entry points, WSGI and ASGI, in a process of their own."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = "import gc, {module}; print(gc.get_freeze_count())"


@pytest.mark.parametrize("module", ["unoservice.wsgi", "unoservice.asgi"])
def test_the_served_application_freezes_what_start_up_made(module, child_env, tmp_path, repo_dir):
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(module=module)],
        cwd=repo_dir,
        env=child_env(UNO_DATA_DIR=str(tmp_path), UNO_MODE=None, DATABASE_URL=None),
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    frozen = int(result.stdout.strip().splitlines()[-1])
    assert frozen > 50_000  # the modules, classes and tables loaded: all set aside
