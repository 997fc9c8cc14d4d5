"""No import cycles in core/, api/ or ui/, counting imports inside functions too.

A cycle hidden behind an import inside a function still works, until someone moves that
import to the top or a module starts using a name at import time; then one order of
imports fails. The chart export had one (core.export <-> core.export_pdf). The graph is
built from the source with ``ast``, so nothing is imported to check it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
CHECKED = ("core", "api", "ui")

ImportGraph = dict[str, set[str]]


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(
    node: ast.AST, type_checking: bool = False
) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, in functions too; ``if TYPE_CHECKING:`` blocks never run,
    so they count only when ``type_checking`` asks for them (the layer rules do)."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    if not type_checking and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
        children: list[ast.AST] = [node.test, *node.orelse]
    else:
        children = list(ast.iter_child_nodes(node))
    for child in children:
        yield from _runtime_imports(child, type_checking)


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def imported_modules(
    path: Path, module: str, known: set[str], type_checking: bool = False
) -> set[str]:
    """The first-party modules ``path`` names in its imports.

    ``from pkg import sub`` names the submodule, not ``pkg/__init__``: Python runs the
    package's ``__init__`` first either way, but that only closes a cycle when the
    ``__init__`` itself imports back, and then it is an edge of its own.
    """
    found: set[str] = set()
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in _runtime_imports(tree, type_checking):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
            continue
        base = node.module or ""
        if node.level:
            package = _package_of(module, path).split(".")
            anchor = ".".join(package[: len(package) - node.level + 1])
            base = f"{anchor}.{base}" if base else anchor
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            if submodule in known:
                found.add(submodule)
            elif base in known:
                found.add(base)
    found.discard(module)
    return found


def import_graph(root: Path, packages: tuple[str, ...], type_checking: bool = False) -> ImportGraph:
    """Module -> the first-party modules it imports, for every module under ``packages``."""
    paths = {
        module_name(path, root): path
        for package in packages
        for path in sorted((root / package).rglob("*.py"))
    }
    known = set(paths)
    return {
        module: imported_modules(path, module, known, type_checking)
        for module, path in paths.items()
    }


def cycles(graph: ImportGraph) -> list[list[str]]:
    """One cycle (as a path back to its start) per group of modules that import each other."""
    found = []
    for group in _strongly_connected(graph):
        if len(group) > 1:
            found.append(_cycle_through(min(group), graph, group))
    return sorted(found)


def _strongly_connected(graph: ImportGraph) -> list[set[str]]:
    """Tarjan's algorithm, iterative so a deep package cannot hit the recursion limit."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                groups.append(group)
    return groups


def _cycle_through(start: str, graph: ImportGraph, group: set[str]) -> list[str]:
    """The shortest import path from ``start`` back to itself, inside ``group``."""
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & group):
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"{start} is in a cycle group but has no way back")


def test_core_api_and_ui_have_no_import_cycles() -> None:
    graph = import_graph(REPOSITORY, CHECKED)
    # Not vacuous: the graph sees the imports, the one inside a function included.
    assert "core.analysis.labs.parse" in graph["core.analysis.reading_round"]
    assert "core.services.export" in graph["core.services.cases"]
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def _write(root: Path, files: dict[str, str]) -> None:
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    # The chart export as it was: the PDF module imported back from inside chart_pdf.
    _write(
        tmp_path,
        {
            "core/__init__.py": "",
            "core/export.py": "def chart_pdf():\n    from core.export_pdf import render_pdf\n",
            "core/export_pdf.py": "from core.export import ADVISORY, Block\n",
        },
    )
    graph = import_graph(tmp_path, ("core",))
    assert cycles(graph) == [["core.export", "core.export_pdf", "core.export"]]


def test_a_package_init_closes_a_cycle_only_when_it_imports_the_module_back(
    tmp_path: Path,
) -> None:
    files = {
        "ui/__init__.py": "",
        "ui/views/__init__.py": "from ui.views.table import lab_table\n",
        "ui/views/table.py": "from ui.views import colours\nfrom . import labels\n",
        "ui/views/colours.py": "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ui.views.table import lab_table\n",
        "ui/views/labels.py": "",
    }
    _write(tmp_path, files)
    assert cycles(import_graph(tmp_path, ("ui",))) == []

    _write(tmp_path, {"ui/views/labels.py": "from ui.views import lab_table\n"})
    assert cycles(import_graph(tmp_path, ("ui",))) == [
        ["ui.views", "ui.views.table", "ui.views.labels", "ui.views"]
    ]
