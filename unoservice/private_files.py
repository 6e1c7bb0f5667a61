"""The data folder holds secrets (the secret key, the embedded database, queued tasks),
so what the serving processes create there is readable by their own user only.

`keep_new_files_private()` sets the process's umask, which its children inherit: the run
command (`manage.py serve`) calls it before it starts anything, gunicorn's configuration
calls it for the web processes, and Celery's worker and beat call it as they start
(`celery -A unoservice …`), so SQLite's database and its -wal and -shm files, the broker's
message files, beat's schedule and the cache's files are 0600 in folders of 0700. Files
created with an explicit mode (the secret key, 0600) do not depend on it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

PRIVATE_UMASK = 0o077


def keep_new_files_private() -> None:
    os.umask(PRIVATE_UMASK)


def close_folder(folder: Path) -> None:
    """Make an existing data folder 0700, so files an older version left readable (or
    that someone copied in) are out of other users' reach too; leaves alone a folder this
    user does not own."""
    with contextlib.suppress(PermissionError, FileNotFoundError):
        os.chmod(folder, 0o700)
