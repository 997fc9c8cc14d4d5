"""scripts/table_flattenings.py: a markdown table read back, flattened six ways, and scored."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_PATH = Path(__file__).resolve().parents[2] / "scripts" / "table_flattenings.py"
_SPEC = importlib.util.spec_from_file_location("table_flattenings", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
flattenings = importlib.util.module_from_spec(_SPEC)
sys.modules["table_flattenings"] = flattenings
_SPEC.loader.exec_module(flattenings)

# BMJ Case Reports 235933's columns, as markdown.
_MARKDOWN = (
    "Table 1\n"
    "| Variables | Admission | Day 20 | Reference |\n"
    "|---|---|---|---|\n"
    "| Platelets (×109/L) | 290 | 329 | 135–400 |\n"
    "| Creatinine (µmol/L) | 53 | 32 | 55–110 |\n"
    "\nBlank fields mean the test was not done.\n"
)


def test_a_markdown_table_is_read_back_without_its_separator_row() -> None:
    (table,) = list(flattenings.tables(_MARKDOWN))
    assert table[0] == ["Variables", "Admission", "Day 20", "Reference"]
    assert len(table) == 3


def test_the_patients_numbers_are_those_of_the_result_columns() -> None:
    (table,) = list(flattenings.tables(_MARKDOWN))
    assert flattenings.patient_numbers(table) == [290.0, 329.0, 53.0, 32.0]


def test_each_flattening_parts_the_cells_its_own_way() -> None:
    (table,) = list(flattenings.tables(_MARKDOWN))
    tab = flattenings.render(table, "tab").split("\n")
    assert tab[1] == "Platelets (×109/L)\t290\t329\t135–400"
    assert flattenings.render(table, "glued").split("\n")[1] == "Platelets (×109/L)290329135–400"
    assert flattenings.render(table, "lines").split("\n")[4:8] == [
        "Platelets (×109/L)",
        "290",
        "329",
        "135–400",
    ]


def test_the_score_counts_the_patients_numbers_found() -> None:
    (table,) = list(flattenings.tables(_MARKDOWN))
    truth, found, other, critical = flattenings.score(table, "tab")
    assert (truth, found, other, critical) == (4, 4, 0, 0)
