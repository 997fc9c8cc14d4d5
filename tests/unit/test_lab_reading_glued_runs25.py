"""Issue #29, twenty-fifth round: a result run into its range after the unit, as a page's
text gives a table whose cells have nothing between them ("Hb (g/dL)10.212-14").

The reader split such a run where the value fell nearest its range, and any split counted:
"10.212-14" became a haemoglobin of 1 under a range of 0.212-14, a critical value. A range's
two ends are printed alike (as many decimals each), so only such a split is a range; of those,
the value with the fewest decimals is taken. Counted on the 43 lab tables of "Clinical Cases
in Tropical Medicine" (2nd ed., 2022) with their cells run together: 11 false critical values
before, 2 after; results found 184 to 196 of 270.

Rows: that casebook's tables 3.1 ("Blood Results on Admission") and 9.1 ("Laboratory Results
on Admission"), as `belovedshark/ClinicalDiagnosis_RAG` @ f1901e46 stores them in markdown
(`Processed/out_all_structured/`), the cells run together; and BMJ Case Reports 233512's
lactate and bilirubin rows as the `pages` index of the search tool stores them.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(line: str) -> list[tuple[str, float, bool, float | None, float | None]]:
    return [
        (v.analyte, v.value, v.critical, v.reference_low, v.reference_high)
        for v in read_lab_text(line).values
    ]


def test_a_run_is_split_where_the_range_ends_are_printed_alike() -> None:
    # Casebook table 3.1 "Hb (g/dL) | 10.2 | 12-14": read as a critical haemoglobin of 1.0.
    assert _read("Hb (g/dL)10.212-14") == [("Hemoglobin", 10.2, False, 12.0, 14.0)]
    # Casebook table 9.1 "Haematocrit (%) | 53.9 | 40-52": read as a critical 5.0.
    assert _read("Haematocrit (%)53.940-52") == [("Hematocrit", 53.9, False, 40.0, 52.0)]


def test_runs_the_reader_split_right_are_split_as_before() -> None:
    # BMJ Case Reports 233512, one result each.
    assert _read("Lactate (mmol/L)0.80.7–2.1") == [("Lactate", 0.8, False, 0.7, 2.1)]
    assert _read("Bilirubin total (mg/dL)0.670.2–1.3") == [
        ("Total bilirubin", 0.67, False, 0.2, 1.3)
    ]
