"""What the doctor reads uses one spelling of "analyze" (as the status "analyzing" does)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# British forms; "analysis"/"analyses" are the same in both spellings.
BRITISH = re.compile(r"\banalys(e|ed|es(?!\b)|ing)\b", re.IGNORECASE)


def _shown_strings(path: Path) -> list[str]:
    """The string literals of a module, docstrings left out (the doctor never reads them)."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_one_spelling_of_analyze_in_the_pages() -> None:
    files = [*ROOT.glob("ui/*.py"), *ROOT.glob("app_pages/*.py"), ROOT / "core/lifecycle.py"]
    british = [
        f"{path.relative_to(ROOT)}: {text!r}"
        for path in files
        for text in _shown_strings(path)
        if BRITISH.search(text)
    ]
    assert not british, "British spelling in texts the doctor reads:\n" + "\n".join(british)
