"""The engine and the scoring policy are pure Python (STYLE.md "Two layers, one
direction"; games/engine/__init__.py): no framework, no clock, no global random, no I/O."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PURE_FILES = sorted((REPO / "games" / "engine").rglob("*.py"))

FRAMEWORKS = {"django", "rest_framework", "celery", "psycopg", "psycopg2", "kombu", "redis"}
CLOCK_AND_CHANCE = {"random", "time", "datetime", "secrets", "uuid"}
IO_MODULES = {
    "os",
    "io",
    "sys",
    "pathlib",
    "shutil",
    "tempfile",
    "glob",
    "socket",
    "ssl",
    "select",
    "subprocess",
    "multiprocessing",
    "threading",
    "asyncio",
    "signal",
    "urllib",
    "http",
    "requests",
    "httpx",
    "sqlite3",
    "pickle",
    "shelve",
    "logging",
    "builtins",
    "fileinput",
}
FORBIDDEN = FRAMEWORKS | CLOCK_AND_CHANCE | IO_MODULES
IO_BUILTINS = {"open", "print", "input", "exec", "eval", "__import__", "breakpoint"}


def imported_roots(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0]


def test_the_pure_files_are_found():
    names = {p.relative_to(REPO).as_posix() for p in PURE_FILES}
    assert {
        "games/engine/__init__.py",
        "games/engine/decide.py",
        "games/engine/evolve.py",
        "games/engine/shuffle.py",
        "games/engine/points.py",
        "games/engine/match.py",
    } <= names


@pytest.mark.parametrize("path", PURE_FILES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_no_framework_clock_random_or_io_import(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = [(line, root) for line, root in imported_roots(tree) if root in FORBIDDEN]
    assert bad == []


@pytest.mark.parametrize("path", PURE_FILES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_no_io_builtin_calls(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    calls = [
        (node.lineno, node.func.id)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in IO_BUILTINS
    ]
    assert calls == []


@pytest.mark.parametrize("path", PURE_FILES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_only_pure_project_modules_are_imported(path):
    """Project imports stay inside the engine (which holds the pure scoring policy too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    project = {"games", "scoring", "players", "unoservice", "tests"}
    allowed = {"games.engine"}
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            module = node.module
            if module.split(".")[0] in project and not any(
                module == a or module.startswith(a + ".") for a in allowed
            ):
                bad.append((node.lineno, module))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in project and alias.name not in allowed:
                    bad.append((node.lineno, alias.name))
    assert bad == []


def test_importing_the_engine_loads_no_framework_and_no_random():
    code = (
        "import sys\n"
        "import games.engine, games.engine.match, games.engine.points\n"
        "roots = {m.split('.')[0] for m in sys.modules}\n"
        "print(sorted(roots & {'django', 'rest_framework', 'celery', 'psycopg', 'random'}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_engine_modules_import_each_other_without_a_cycle():
    """Each module's imports of its siblings form a graph with no cycle (one concept per
    module, each depending only on the ones below it)."""
    engine = REPO / "games" / "engine"
    graph = {}
    for path in engine.glob("*.py"):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[path.stem] = {
            node.module.split(".")[0] if node.module else alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1
            for alias in node.names
        } & {p.stem for p in engine.glob("*.py")}
    done, visiting = set(), []

    def visit(module):
        assert module not in visiting, " -> ".join([*visiting, module])
        if module in done:
            return
        visiting.append(module)
        for imported in graph[module]:
            visit(imported)
        visiting.pop()
        done.add(module)

    for module in graph:
        visit(module)
    assert len(done) == len(graph) > 20
