"""Critical values, twenty-eighth round (issue #29): a lumbar puncture's table whose caption
names no fluid is known by the CSF's own reference ranges, so its glucose is no blood glucose
(core/analysis/labs/fluid_tables.py).

The shape: "Clinical Cases in Tropical Medicine" (2nd ed., 2022), chapter 16, the casebook the
twenty-fifth round counted tables on (docs/clinical-rounds.md; counted, never shipped): a table
"Blood Results on Admission", then "TABLE 16.2 Results on Admission" holding "Leukocytes
(cells/μL) | 35 (60% neutrophils) | 0-5/μL", "Protein (g/L) | 2.6 | 0.15-0.42" and "Glucose
(mmol/L) | 1.2 | 2.5-540". Main marked the glucose a critical blood glucose and the white
cells and protein doubtful blood values.
"""

from __future__ import annotations

from core.analysis.labs.fluid_tables import csf_table_lines
from core.analysis.labs.parse import read_lab_text

_BLOOD_TABLE = (
    "TABLE 16.1 Blood Results on Admission\n"
    "| Parameter | Patient | Reference |\n"
    "|---|---|---|\n"
    "| WBC (10^9/L) | 10.5 | 4-10 |\n"
    "| Haemoglobin (g/dL) | 8.9 | 12-14 |\n"
    "| Random blood glucose (mmol/L) | 5.6 | 3.9-7.8 |\n"
)
_UNNAMED_CSF_TABLE = (
    "TABLE 16.2 Results on Admission\n"
    "| Parameter | Patient | Reference |\n"
    "|---|---|---|\n"
    "| Leukocytes (cells/μL) | 35 (60% neutrophils) | 0-5/μL |\n"
    "| Protein (g/L) | 2.6 | 0.15-0.42 |\n"
    "| Glucose (mmol/L) | 1.2 | 2.5-540 |\n"
)


def _read(text: str) -> list[tuple[str, float, str | None, bool, bool]]:
    """(analyte, value, specimen, doubtful, critical) of each value read."""
    return [
        (v.analyte, v.value, v.specimen, v.doubtful, v.critical) for v in read_lab_text(text).values
    ]


def test_a_table_printing_the_csfs_ranges_is_the_csfs() -> None:
    read = _read(_BLOOD_TABLE + "\n" + _UNNAMED_CSF_TABLE)
    assert ("Glucose", 1.2, "csf", False, False) in read
    assert ("Total protein", 2.6, "csf", False, False) in read
    assert ("WBC", 35.0, "csf", False, False) in read
    # the blood table above it keeps the blood's values
    assert ("Glucose", 5.6, None, False, False) in read
    assert ("Hemoglobin", 8.9, None, False, False) in read


def test_the_same_table_between_tabs_or_one_cell_a_line() -> None:
    rows = [
        ("Leukocytes (cells/μL)", "35 (60% neutrophils)", "0-5/μL"),
        ("Protein (g/L)", "2.6", "0.15-0.42"),
        ("Glucose (mmol/L)", "1.2", "2.5-540"),
    ]
    caption = "TABLE 16.2 Results on Admission\nParameter\tPatient\tReference\n"
    tabs = caption + "".join("\t".join(row) + "\n" for row in rows)
    assert ("Glucose", 1.2, "csf", False, False) in _read(tabs)
    lines = "TABLE 16.2 Results on Admission\nParameter\nPatient\nReference\n" + "".join(
        "\n".join(row) + "\n" for row in rows
    )
    assert ("Glucose", 1.2, "csf", False, False) in _read(lines)


def test_a_blood_table_of_the_same_tests_stays_the_bloods() -> None:
    # Guard: a serum's protein runs to 80 g/L and the blood's white cells to 10 x 10^9/L.
    text = (
        "TABLE 2 Results on Admission\n"
        "| Parameter | Patient | Reference |\n"
        "|---|---|---|\n"
        "| WBC (10^9/L) | 3.1 | 4-10 |\n"
        "| Total protein (g/L) | 58 | 60-80 |\n"
        "| Glucose (mmol/L) | 1.2 | 3.9-7.8 |\n"
    )
    assert ("Glucose", 1.2, None, False, True) in _read(text)


def test_a_urinalysis_counts_white_cells_per_field_not_per_microlitre() -> None:
    # Guard: a urine's white cells 0-5 per high-power field name no CSF.
    lines = [
        "TABLE 3 Results",
        "| WBC (/HPF) | 12 | 0-5 |",
        "| Protein (g/L) | 0.3 | 0-0.15 |",
        "| Glucose (mmol/L) | 1.2 | 3.9-7.8 |",
    ]
    assert csf_table_lines(lines) == set()


def test_a_urinalysis_counted_per_microlitre_is_known_by_its_own_tests() -> None:
    # Guard: an automated urinalysis counts white cells per microlitre; its specific gravity
    # and nitrite say whose table it is.
    lines = [
        "| Specific gravity | 1.020 | 1.005-1.030 |",
        "| Nitrite | Negative | Negative |",
        "| WBC (/μL) | 3 | 0-5 |",
        "| Protein (mg/dL) | 30 | 0-15 |",
        "| Glucose (mg/dL) | 20 | 0-15 |",
    ]
    assert csf_table_lines(lines) == set()


def test_a_table_that_names_its_specimen_is_left_to_that_name() -> None:
    # Guard: "Serum" on a row is the reader's own to read; the ranges rule stays out.
    lines = [
        "| Leukocytes (cells/μL) | 35 | 0-5/μL |",
        "| Protein (g/L) | 2.6 | 0.15-0.42 |",
        "| Serum glucose (mmol/L) | 1.2 | 3.9-7.8 |",
    ]
    assert csf_table_lines(lines) == set()


def test_a_sentence_with_the_ranges_is_no_table() -> None:
    # Guard: running prose is read by its own words, as before.
    sentence = (
        "Her results were as follows: leukocytes were 35 cells/μL (0-5/μL), protein was "
        "2.6 g/L (0.15-0.42), and glucose was 1.2 mmol/L."
    )
    assert csf_table_lines([sentence, sentence]) == set()
