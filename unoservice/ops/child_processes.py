"""Child processes that do not outlive their parent: the kernel sends them SIGTERM when
the process that started them dies (PR_SET_PDEATHSIG, Linux only; elsewhere nothing)."""

from __future__ import annotations

import ctypes
import signal

PR_SET_PDEATHSIG = 1

try:  # looked up here, not in the forked child
    _prctl = ctypes.CDLL(None, use_errno=True).prctl
except (OSError, AttributeError):  # not Linux
    _prctl = None


def die_with_parent() -> None:
    """A `preexec_fn`: runs in the child before exec."""
    if _prctl is not None:
        _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
