"""No import circles in game/scenes and game/rules.

Every import counts: at module level, under `if TYPE_CHECKING:`, and inside a
function (an import deferred into a function still ties the two modules together;
it only hides the circle from the interpreter)."""

from __future__ import annotations

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def module_name(path: str) -> str:
    parts = os.path.relpath(path, ROOT)[: -len(".py")].split(os.sep)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module `source` (the text of `module`) imports, wherever the import stands;
    `from a import b` names both `a` and `a.b` (b may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join(package + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def import_graph(*packages: str) -> dict[str, set[str]]:
    """module -> the modules of `packages` it imports."""
    sources: dict[str, tuple[str, bool]] = {}
    for package in packages:
        for folder, _dirs, files in os.walk(os.path.join(ROOT, package)):
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    with open(path, encoding="utf-8") as f:
                        sources[module_name(path)] = (f.read(), name == "__init__.py")
    return {
        module: {m for m in imports_of(text, module, is_package) if m in sources and m != module}
        for module, (text, is_package) in sources.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph`: its strongly connected components of two or more
    modules (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
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


def test_the_walk_finds_type_checking_function_and_relative_imports():
    source = (
        "from typing import TYPE_CHECKING\n"
        "from .b import thing\n"
        "if TYPE_CHECKING:\n    from pkg.c import C\n"
        "def late():\n    import pkg.d\n    from . import e\n"
    )
    found = imports_of(source, "pkg.a")
    assert {"pkg.b", "pkg.c", "pkg.d", "pkg", "pkg.e"} <= found
    assert "pkg.sub.x" in imports_of("from .x import y\n", "pkg.sub", is_package=True)


def test_a_circle_is_found_however_long():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_in_game_scenes():
    graph = import_graph("game/scenes", "game/rules")
    assert "game.scenes.table" in graph and "game.scenes.table_view" in graph["game.scenes.table"]
    circles = [c for c in cycles(graph) if any(m.startswith("game.scenes") for m in c)]
    assert circles == []


def test_no_import_circle_in_game_rules():
    circles = [c for c in cycles(import_graph("game/rules")) if any(m.startswith("game.rules") for m in c)]
    assert circles == []
