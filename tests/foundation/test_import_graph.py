"""The house's layers (games/__init__.py): imports point one way. Every import counts,
function-level ones too, so a cycle cannot hide inside a function."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
APPS = ("games", "players", "scoring", "unoservice")

#: games' layers, top first: a module may import its own layer and those below it.
GAMES_LAYERS = (
    ("games.urls", "games.tasks", "games.apps", "games.http", "games.admin", "games.management"),
    ("games.live",),
    ("games.services", "games.selectors"),
    ("games.presentation", "games.replay_links"),
    ("games.write",),
    # What the write path publishes through and the view counts: the live package's
    # lower half (its streams and long-polls above read through the selectors).
    ("games.live.wakeups", "games.live.spectators", "games.live.slots"),
    ("games.timers",),
    ("games.log",),
    ("games.models", "games.errors", "games.setup", "games.randomness"),
    ("games.engine",),
)
#: Top-level packages, top first.
APP_LAYERS = (("scoring",), ("games",), ("players",), ("unoservice",))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in (REPO / app).rglob("*.py"):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (anywhere in its body)."""
    modules = project_modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                targets = [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def layer_of(module: str, layers) -> int | None:
    """The layer of the longest unit naming the module (games.live.wakeups before games.live)."""
    best = None
    for index, layer in enumerate(layers):
        for unit in layer:
            if (module == unit or module.startswith(unit + ".")) and (
                best is None or len(unit) > best[0]
            ):
                best = (len(unit), index)
    return None if best is None else best[1]


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in graph.get(node, ()):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in list(graph):
        if node not in index:
            visit(node)
    return found


def upward_imports(graph, layers, within: str | None = None) -> list[str]:
    bad = []
    for source, targets in graph.items():
        if within and not source.startswith(within + "."):
            continue
        source_layer = layer_of(source, layers)
        for target in targets:
            if within and not target.startswith(within + "."):
                continue
            target_layer = layer_of(target, layers)
            if source_layer is None or target_layer is None:
                bad.append(f"{source} -> {target}: not in a layer")
            elif target_layer < source_layer:
                bad.append(f"{source} -> {target}")
    return sorted(bad)


def test_no_module_imports_itself_back_through_others():
    assert cycles(import_graph()) == []


def test_apps_import_downward_only():
    """scoring reads games; games uses players' identity; all use unoservice's plumbing.
    Never the other way (settings and the URL root name apps by dotted strings)."""
    graph = import_graph()
    tops = {
        source: {target.split(".")[0] for target in targets} for source, targets in graph.items()
    }
    app_graph = {
        source.split(".")[0] + "." + source: {f"{top}.x" for top in targets}
        for source, targets in tops.items()
    }
    bad = []
    for source, targets in app_graph.items():
        source_app = source.split(".")[0]
        for target in targets:
            target_app = target.split(".")[0]
            if target_app != source_app and layer_of(target_app, APP_LAYERS) < layer_of(
                source_app, APP_LAYERS
            ):
                bad.append(f"{source.partition('.')[2]} -> {target_app}")
    assert sorted(bad) == []


def test_games_layers_import_downward_only():
    assert upward_imports(import_graph(), GAMES_LAYERS, within="games") == []


def test_the_engine_imports_nothing_outside_itself():
    graph = import_graph()
    outside = {
        f"{source} -> {target}"
        for source, targets in graph.items()
        if source.startswith("games.engine")
        for target in targets
        if not target.startswith("games.engine")
    }
    assert outside == set()


def test_games_top_level_holds_sub_packages_and_at_most_a_dozen_modules():
    modules = [p.name for p in (REPO / "games").glob("*.py") if p.name != "__init__.py"]
    assert len(modules) <= 12, sorted(modules)


def test_each_package_says_what_it_may_import():
    packages = [REPO / app for app in APPS] + [
        REPO / "games" / sub for sub in ("http", "live", "log", "timers", "admin")
    ]
    silent = [
        str(p.relative_to(REPO))
        for p in packages
        if "May import" not in (ast.get_docstring(ast.parse((p / "__init__.py").read_text())) or "")
    ]
    assert silent == []


def test_the_checks_see_a_planted_upward_import_and_cycle():
    graph = {
        "games.log.store": {"games.write"},
        "games.write": {"games.log.store"},
    }
    assert upward_imports(graph, GAMES_LAYERS, within="games") == ["games.log.store -> games.write"]
    assert cycles(graph) == [["games.log.store", "games.write"]]
