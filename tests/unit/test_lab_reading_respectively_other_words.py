"""A "respectively" over a list of names of which only one is a test the catalogue knows
(issue #29, twenty-second round): the one test takes the value in its own place in the
list, never every value as a series of its own. Each test quotes a MedRBench pool report
(PubMed Central open-access case reports of 2024, the PMC id in each test).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _pairs(values: list[LabValue]) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in values]


def test_a_cell_listed_with_others_takes_its_own_percentage_only() -> None:
    # PMC11462620 (an effusion's cytology): read as neutrophils 14, 10 and 6 %
    line = (
        "Neutrophils, macrophages, and plasma cells were also observed (~14%, 10%, and 6%, "
        "respectively) in addition to rare reactive mesothelial cells."
    )
    assert _pairs(parse_lab_values(line)) == [("Neutrophils", 14)]
    # the same list in another order: the test's own place decides
    moved = line.replace("Neutrophils, macrophages", "Macrophages, neutrophils")
    assert _pairs(parse_lab_values(moved)) == [("Neutrophils", 10)]


def test_a_list_longer_than_its_values_gives_the_test_no_value() -> None:
    line = (
        "Neutrophils, macrophages, plasma cells and mast cells were also observed (~14%, 10%, "
        "and 6%, respectively)."
    )
    assert parse_lab_values(line) == []


def test_one_test_told_under_several_conditions_is_still_its_series() -> None:
    # the series shapes the general reader already read stay as they were
    line = (
        "Procalcitonin was measured three days in a row: on the first, second, and third day "
        "after the operation, the values were 0.72, 0.61, and 0.36, respectively."
    )
    assert sorted(v.value for v in parse_lab_values(line)) == [0.36, 0.61, 0.72]
    line = "Before and after treatment, CRP was 80 and 10 mg/L, respectively."
    assert sorted(v.value for v in parse_lab_values(line)) == [10, 80]
    # every name a test: each its own value (PMC11483140)
    line = (
        "CD4+ T cells, CD8+ T cells, B cells, and natural killer (NK) cells count were as low "
        "as 0.001 × 109/L, 0.002 × 109/L, 0.000 × 109/L, and 0.0003 × 109/L, respectively."
    )
    assert len(parse_lab_values(line)) == 4
