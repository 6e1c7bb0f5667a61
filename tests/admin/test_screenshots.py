"""The docs' screenshots come from docs/screenshots.py: it must keep producing them (a
throwaway service of its own, photographed with Debian's Chromium)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

CHROMIUM = "/usr/bin/chromium"


@pytest.mark.e2e
def test_the_screenshot_script_photographs_the_dashboard_games_replay_and_audit(
    tmp_path, repo_dir, child_env, require_service
):
    if shutil.which(CHROMIUM) is None:
        require_service(f"needs Chromium at {CHROMIUM} (Debian's `chromium` package)")

    ran = subprocess.run(
        [sys.executable, "docs/screenshots.py", "--out", str(tmp_path)],
        cwd=repo_dir,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )

    assert ran.returncode == 0, ran.stderr[-3000:]
    shots = ("dashboard.png", "games.png", "game.png", "replay.png", "audit.png")
    for name in (*shots, "replay-phone.png"):
        image = (tmp_path / name).read_bytes()
        assert image.startswith(b"\x89PNG\r\n\x1a\n"), name
        assert len(image) > 10_000, name  # a page, not a blank
