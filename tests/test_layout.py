"""The code's layout holds: imports flow one way (app → pipelines → graph → cypher, models shared), no
module imports itself through others, bench uses only the app's factory and CLI, no folder grows past 15
modules. Every import counts, those inside functions and under TYPE_CHECKING too: a circle hidden in a
function is still a circle a reader has to untangle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parent.parent
PACKAGES = ("app", "models", "pipelines", "graph", "cypher", "bench")
# What each top-level package may import of the others.
ALLOWED = {
    "app": {"models", "pipelines", "graph", "bench"},
    "bench": {"models", "pipelines", "graph", "app"},
    "pipelines": {"models", "graph"},
    "graph": {"models", "cypher"},
    "models": set(),
    "cypher": set(),
}
# Inside pipelines/: the runtime and the language tools sit under every domain.
PIPELINE_LAYERS = {
    "nlp": set(),
    "runtime": {"nlp"},
    "accounts": {"runtime"},
    "generate": {"nlp"},  # the user's own LLM: knows nothing of the service beyond plain passages
    "ask": {"nlp", "runtime", "generate"},
    "check": {"nlp", "runtime", "ask"},
    "ingest": {"nlp", "runtime", "ask", "check"},
    "knowledge": {"nlp", "runtime", "ask", "check", "ingest"},
    "files": {"nlp", "runtime", "ingest", "knowledge"},
}
BENCH_MAY_USE_OF_APP = {"app.main", "app.cli"}


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules `name` imports (a `from package import module` counts as the module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: the package, less one level per dot beyond the first
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base]).strip(".")
            for alias in node.names:
                full = f"{base}.{alias.name}"
                targets.add(full if full in known else base)
    return {t for t in targets if t in known and t != name}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def test_no_module_imports_itself_through_others():
    graph = _graph()
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert circles == [], "import circles: " + "; ".join(" → ".join(c) for c in circles)


def test_imports_flow_one_way_between_layers():
    wrong = []
    for name, targets in _graph().items():
        top = name.split(".")[0]
        for target in targets:
            other = target.split(".")[0]
            if other != top and other not in ALLOWED[top]:
                wrong.append(f"{name} → {target}")
            if top == "bench" and other == "app" and target not in BENCH_MAY_USE_OF_APP:
                wrong.append(f"{name} → {target} (bench uses only the app factory and CLI)")
            if top == other == "pipelines":
                here, there = name.split(".")[1:2], target.split(".")[1:2]
                if here and there and here != there and there[0] not in PIPELINE_LAYERS[here[0]]:
                    wrong.append(f"{name} → {target}")
    assert wrong == []


def test_every_pipeline_module_sits_in_a_domain_package():
    loose = [p.name for p in (ROOT / "pipelines").glob("*.py") if p.name != "__init__.py"]
    assert loose == []
    packages = {p.name for p in (ROOT / "pipelines").iterdir() if (p / "__init__.py").exists()}
    assert packages == set(PIPELINE_LAYERS)


def test_no_folder_holds_more_than_fifteen_modules():
    crowded = {}
    for package in PACKAGES:
        for folder in [ROOT / package, *(p for p in (ROOT / package).rglob("*") if p.is_dir())]:
            modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
            if len(modules) > 15:
                crowded[str(folder.relative_to(ROOT))] = len(modules)
    assert crowded == {}
