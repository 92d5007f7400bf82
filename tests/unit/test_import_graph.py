"""No import circles inside the durakc package (compiler/): a lower layer never imports a
higher one.

Every module is parsed with `ast` (nothing is imported), and every import statement counts,
at module level and inside functions alike: a function-level import that closes a circle is
still a circle, only a later one.  Relative imports are resolved against the module's
package; ``from X import name`` is an edge to X and, when X.name is a module, to X.name.
"""

from __future__ import annotations

import ast
from pathlib import Path

COMPILER = Path(__file__).resolve().parents[2] / "compiler"


def modules() -> dict[str, Path]:
    """{dotted module name: file} of every module of the package."""
    found = {}
    for path in sorted(COMPILER.rglob("*.py")):
        parts = ["durakc", *path.relative_to(COMPILER).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that module `name` (file `path`) imports anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            targets.add(base)
            targets.update(f"{base}.{alias.name}" for alias in node.names)
    return {t for t in targets if t in known and t != name}


def import_graph() -> dict[str, set[str]]:
    """{module: the package's modules it imports}."""
    known = modules()
    return {name: imported(name, path, known) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_the_graph_sees_every_kind_of_import():
    graph = import_graph()
    assert "durakc.spec" in graph["durakc.targets.python.codegen"]                  # module level
    assert "durakc.sim.native_games" in graph["durakc.sim.runner"]       # inside a function
    assert "durakc.targets.c.render" in graph["durakc.targets.c"]        # package __init__
    assert "durakc.spec.load" in graph["durakc.spec"]
    assert "durakc.diagnostics" in graph["durakc.spec.load"]


def test_relative_imports_are_resolved(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from . import low\n")
    (package / "low.py").write_text("")
    (package / "high.py").write_text("def f():\n    from .low import x\n    from .. import pkg\n")
    known = {"durakc.pkg": package / "__init__.py", "durakc.pkg.low": package / "low.py",
             "durakc.pkg.high": package / "high.py", "durakc": tmp_path / "__init__.py"}
    assert imported("durakc.pkg", package / "__init__.py", known) == {"durakc.pkg.low"}
    assert imported("durakc.pkg.high", package / "high.py", known) == {
        "durakc.pkg.low", "durakc", "durakc.pkg"}


def test_circles_are_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e2"}, "e2": {"e"}}
    assert circles(graph) == [["a", "b", "c"], ["e", "e2"]]


def circle_text(graph: dict[str, set[str]], found: list[list[str]]) -> str:
    """Each circle with the edges that close it, one line per circle."""
    lines = []
    for component in found:
        members = set(component)
        edges = [f"{a} -> {b}" for a in component for b in sorted(graph[a] & members)]
        lines.append(f"{', '.join(component)}: " + "; ".join(edges))
    return "\n".join(lines)


def test_no_import_circles():
    graph = import_graph()
    found = circles(graph)
    assert not found, "import circles in compiler/:\n" + circle_text(graph, found)


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """{package: the packages it imports}: a subpackage (durakc.sim) or a flat module
    (durakc.targets.python.codegen) is one node; the root package `durakc` itself is left out."""
    def node(module: str) -> str:
        return ".".join(module.split(".")[:2])

    packages: dict[str, set[str]] = {}
    for module, targets in graph.items():
        if module == "durakc":
            continue
        packages.setdefault(node(module), set()).update(
            node(t) for t in targets if t != "durakc" and node(t) != node(module))
    return packages


def test_package_graph_merges_modules():
    graph = {"durakc": set(), "durakc.a.x": {"durakc.b", "durakc.a.y"}, "durakc.a.y": set(),
             "durakc.b": {"durakc"}}
    assert package_graph(graph) == {"durakc.a": {"durakc.b"}, "durakc.b": set()}


def test_no_package_circles():
    graph = import_graph()
    packages = package_graph(graph)
    found = circles(packages)
    assert not found, "package import circles in compiler/:\n" + circle_text(packages, found)
