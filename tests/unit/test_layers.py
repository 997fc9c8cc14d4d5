"""The layers of core/, as docs/ARCHITECTURE.md draws them, checked on the source.

An import may only run down the layers. Imports under ``if TYPE_CHECKING:`` count here:
a type that names a higher layer is still a dependency a reader has to follow. Core never
imports a web framework, so the product's rules run the same under the dashboard, the API
and the worker.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.unit.test_import_graph import REPOSITORY, ImportGraph, import_graph

# Lower numbers sit lower. Groups that share a number are one layer and may import each
# other (the base records and the identifier scrubber that works on them).
LAYERS: dict[str, int] = {
    "core.<base>": 0,
    "core.privacy": 0,
    "core.analysis": 1,
    "core.export": 2,
    "core.pilot": 2,
    "core.ports": 3,
    "core.backends": 4,
    "core.jobs": 4,
    "core.services": 5,
    "core.warm_up": 5,
    "core.bootstrap": 6,
    "ui": 7,
    "api": 7,
}
SHARED_LAYER = {frozenset({"core.<base>", "core.privacy"})}
# Siblings that must not know each other in either direction: the storage contract and the
# pure reading of a case; the adapters and the job runtime; the two document writers.
INDEPENDENT = {
    frozenset({"core.ports", "core.analysis"}),
    frozenset({"core.backends", "core.jobs"}),
    frozenset({"core.export", "core.pilot"}),
}
# The package folders under core/ that are a group of their own; every other module of
# core/ (models, errors, insights, icd10, audit, review...) is the base.
CORE_GROUPS = ("analysis", "jobs", "services", "backends", "export", "pilot", "privacy")
CORE_MODULE_GROUPS = ("ports", "bootstrap", "warm_up")
WEB_FRAMEWORKS = ("streamlit", "fastapi", "starlette", "uvicorn")


def layer_group(module: str) -> str:
    """The layer group a first-party module belongs to."""
    parts = module.split(".")
    if parts[0] != "core":
        return parts[0]
    if len(parts) >= 2 and parts[1] in CORE_GROUPS:
        return f"core.{parts[1]}"
    if len(parts) == 2 and parts[1] in CORE_MODULE_GROUPS:
        return module
    return "core.<base>"


def upward_imports(graph: ImportGraph) -> list[str]:
    """Every import from a group to a group of the same or a higher layer, or between two
    groups that must stay independent."""
    found = []
    for module, targets in sorted(graph.items()):
        source = layer_group(module)
        for target in sorted(targets):
            goal = layer_group(target)
            if goal == source or frozenset({source, goal}) in SHARED_LAYER:
                continue
            if LAYERS[goal] >= LAYERS[source] or frozenset({source, goal}) in INDEPENDENT:
                found.append(f"{module} ({source}) -> {target} ({goal})")
    return found


def framework_imports(root: Path) -> list[str]:
    """Core modules that import a web framework, under TYPE_CHECKING too."""
    found = []
    for path in sorted((root / "core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            for name in names:
                if name.split(".")[0] in WEB_FRAMEWORKS:
                    found.append(f"{path.relative_to(root)} imports {name}")
    return found


def test_every_group_has_a_layer() -> None:
    graph = import_graph(REPOSITORY, ("core", "api", "ui"), type_checking=True)
    assert {layer_group(module) for module in graph} <= set(LAYERS)


def test_imports_run_only_down_the_layers() -> None:
    graph = import_graph(REPOSITORY, ("core", "api", "ui"), type_checking=True)
    # Not vacuous: the rule sees real downward edges of each kind it judges.
    assert "core.ports" in graph["core.jobs.runner"]
    assert "core.insights" in graph["core.ports"]
    found = upward_imports(graph)
    assert not found, "imports running up the layers:\n" + "\n".join(found)


def test_core_imports_no_web_framework() -> None:
    assert framework_imports(REPOSITORY) == []


def _write(root: Path, files: dict[str, str]) -> None:
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)


@pytest.mark.parametrize(
    ("importer", "imported"),
    [
        ("core/analysis/pipeline.py", "core.ports"),
        ("core/analysis/pipeline.py", "core.jobs.runner"),
        ("core/analysis/pipeline.py", "core.services.cases"),
        ("core/analysis/pipeline.py", "core.backends.local"),
        ("core/ports.py", "core.analysis.pipeline"),
        ("core/insights.py", "core.analysis.pipeline"),
        ("core/services/cases.py", "core.bootstrap"),
        ("core/jobs/runner.py", "core.backends.local"),
    ],
)
def test_an_upward_import_is_found_even_under_type_checking(
    tmp_path: Path, importer: str, imported: str
) -> None:
    modules = {
        "core/__init__.py": "",
        "core/insights.py": "",
        "core/ports.py": "",
        "core/bootstrap.py": "",
        "core/analysis/__init__.py": "",
        "core/analysis/pipeline.py": "",
        "core/jobs/__init__.py": "",
        "core/jobs/runner.py": "",
        "core/services/__init__.py": "",
        "core/services/cases.py": "",
        "core/backends/__init__.py": "",
        "core/backends/local.py": "",
    }
    modules[importer] = (
        f"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import {imported}\n"
    )
    _write(tmp_path, modules)
    graph = import_graph(tmp_path, ("core",), type_checking=True)
    assert len(upward_imports(graph)) == 1
    # The runtime graph of the cycle check leaves TYPE_CHECKING out; this one does not.
    assert upward_imports(import_graph(tmp_path, ("core",))) == []


def test_a_web_framework_in_core_is_found(tmp_path: Path) -> None:
    _write(tmp_path, {"core/__init__.py": "", "core/view.py": "import streamlit as st\n"})
    assert framework_imports(tmp_path) == ["core/view.py imports streamlit"]
