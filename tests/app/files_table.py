"""The case page's files table as AppTest sees it: a Markdown table (ui.case_files), read
back into rows of its columns with each cell unescaped, so tests check what a doctor
reads in it."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from ui.case_files import FILES_HEADER

_HEADER = "| " + " | ".join(FILES_HEADER) + " |"
_ESCAPED = re.compile(r"\\(.)")
_CELL_BORDER = re.compile(r"(?<!\\)\|")


def files_tables(app: AppTest) -> list[list[dict[str, str]]]:
    """Every files table on the page (none, or one), each as its rows."""
    return [_rows(m.value) for m in app.markdown if m.value.startswith(_HEADER)]


def files_table(app: AppTest) -> list[dict[str, str]]:
    """The page's one files table, as rows: {"Name": ..., "Category": ..., ...}."""
    [table] = files_tables(app)
    return table


def file_names(app: AppTest) -> list[str]:
    return [row["Name"] for row in files_table(app)]


def _rows(markdown: str) -> list[dict[str, str]]:
    header, rule, *lines = markdown.splitlines()
    assert header == _HEADER, header
    assert rule.startswith("|---"), rule
    rows = []
    for line in lines:
        cells = _CELL_BORDER.split(line.strip())[1:-1]
        assert len(cells) == len(FILES_HEADER), line
        rows.append(
            {
                name: _ESCAPED.sub(r"\1", cell.strip())
                for name, cell in zip(FILES_HEADER, cells, strict=True)
            }
        )
    return rows
