"""The import graph of engine/ and retrieval/ has no circle, and engine/ shows its layout.

The graph is built from the sources with ast, so nothing is imported to check it.
Imports inside functions count too: a deferred import still ties two modules
together, and deferring one is how a circle is usually hidden rather than broken.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "retrieval")
MOST_TOP_LEVEL_ENGINE_MODULES = 6


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def imported_modules(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of `modules` that the file's import statements name.

    "from package import name" depends on the submodule when name is one, and on the
    package's __init__ otherwise. The parent packages that Python runs on the way to a
    submodule are not counted: a package whose __init__ re-exports its submodules
    would otherwise look circular to every one of them.
    """
    is_package = path.name == "__init__.py"
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _from_base(module, is_package, node)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                names.add(submodule if submodule in modules else base)
    return {name for name in names if name in modules and name != module}


def _from_base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".") if is_package else module.split(".")[:-1]
    package = package[: len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def import_graph() -> nx.DiGraph:
    modules = source_modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for module, path in modules.items():
        graph.add_edges_from((module, name) for name in imported_modules(module, path, modules))
    return graph


def test_graph_holds_the_known_imports():
    # Guards the builder itself: a graph without edges would have no circle either.
    graph = import_graph()
    assert graph.has_edge("engine.pipeline", "engine.model.graph")
    assert graph.has_edge("retrieval.sharded", "retrieval.index")
    assert graph.number_of_edges() > 100


def test_relative_imports_resolve_from_the_importing_package():
    node = ast.parse("from ..model import graph").body[0]
    assert _from_base("engine.solver.reasoner", False, node) == "engine.model"
    assert _from_base("engine.solver", True, node) == "engine.model"


def test_no_import_circle_in_engine_or_retrieval():
    graph = import_graph()
    tangles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    circles = [cycle for cycle, _ in zip(nx.simple_cycles(graph), range(5))]
    assert tangles == [], f"modules importing one another: {tangles}; circles such as {circles}"


def test_engine_top_level_holds_at_most_six_modules():
    top_level = sorted(path.name for path in (ROOT / "engine").glob("*.py"))
    assert len(top_level) <= MOST_TOP_LEVEL_ENGINE_MODULES, top_level
