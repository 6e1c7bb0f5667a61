"""Helpers shared by the engine's tests."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType


@contextmanager
def bench_script(repo_dir: Path, script: str) -> Iterator[ModuleType]:
    """A script of bench/ loaded as a module (bench/ is no package), for the test's time."""
    name = f"bench_{Path(script).stem}_under_test"
    spec = importlib.util.spec_from_file_location(name, repo_dir / "bench" / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(name, None)
