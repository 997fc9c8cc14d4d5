"""Issue #29, twenty-sixth round: more of a table whose cells the page ran together.

Two shapes of a row whose result runs into its reference after the unit were read as nothing:
- a result, then a one-sided bound: "ALT (U/L)301<40". The check for cells joined beyond
  telling apart took every bound after a number for the next cell, so the row gave no value;
  one number before one bound is one result, and it is read (a row that opens with a bound,
  "IgM<10<1010*", is still a range and then results, unread);
- a result, then a range whose ends are printed with different decimals: "Potassium
  (mmol/L)2.83.5-5", "Lymphocytes (10^9/L)0.91.5-4". The twenty-fifth round split a run only
  where the range's ends had as many decimals each (so "10.212-14" is never 1 under 0.212-14);
  where no such split exists, one whose ends differ is taken now.
On the 43 lab tables of "Clinical Cases in Tropical Medicine" (2nd ed., 2022) with their cells
run together (`scripts/table_flattenings.py`), results found 197 to 249 of 270; values read
that are not the patient's 36 and critical among them 2, as before.

Rows: that casebook's tables 39.1, 44.1, 52.1 and 58.1 as `belovedshark/ClinicalDiagnosis_RAG`
@ f1901e46 stores them in markdown (`Processed/out_all_structured/`), the cells run together.
"""

from __future__ import annotations

import pytest

from core.analysis.labs.parse import read_lab_text


def _read(line: str) -> list[tuple[str, float, float | None, float | None]]:
    return [
        (v.analyte, v.value, v.reference_low, v.reference_high) for v in read_lab_text(line).values
    ]


@pytest.mark.parametrize(
    ("row", "read"),
    [
        ("ALT (U/L)301<40", ("ALT", 301.0, None, 40.0)),
        ("Total bilirubin (μmol/L)239<19", ("Total bilirubin", 239.0, None, 19.0)),
        ("Total bilirubin (μmol/L)14<14.5", ("Total bilirubin", 14.0, None, 14.5)),
        ("Eosinophil count (10^9/L)0.53<0.45", ("Eosinophils", 0.53, None, 0.45)),
        # the same with a space after the comparator (the twenty-seventh round: the glued-
        # cells check and the rewrite now share one pattern; the check took it for glued)
        ("ALT (U/L)301< 40", ("ALT", 301.0, None, 40.0)),
    ],
)
def test_a_result_run_into_its_bound_is_read(
    row: str, read: tuple[str, float, float | None, float | None]
) -> None:
    assert _read(row) == [read]


@pytest.mark.parametrize(
    ("row", "read"),
    [
        ("Potassium (mmol/L)2.83.5-5", ("Potassium", 2.8, 3.5, 5.0)),
        ("Lymphocytes (10^9/L)0.91.5-4", ("Lymphocytes", 0.9, 1.5, 4.0)),
        ("WBC (10^9/L)1.35.4-10", ("WBC", 1.3, 5.4, 10.0)),
    ],
)
def test_a_range_whose_ends_differ_is_split_where_no_alike_split_exists(
    row: str, read: tuple[str, float, float | None, float | None]
) -> None:
    assert _read(row) == [read]


def test_a_split_with_ends_alike_still_comes_first() -> None:
    # Guard (twenty-fifth round): never a critical haemoglobin of 1 under 0.212-14.
    assert _read("Hb (g/dL)10.212-14") == [("Hemoglobin", 10.2, 12.0, 14.0)]


@pytest.mark.parametrize(
    "row",
    [
        # Two results before a bound, or a range then results: where one number ends cannot
        # be told, and nothing is read.
        "WBC (10^9/L)9.28.3<10",
        "Sodium (mmol/L)135–145137140",
    ],
)
def test_cells_joined_beyond_telling_apart_stay_unread(row: str) -> None:
    assert _read(row) == []
