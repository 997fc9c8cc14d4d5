"""A case report's lab table flattened with one space between its cells (#29, twenty-fourth
round), as a page's text or a PDF's text layer without its layout gives it.

Tab- and space-run-separated rows were read since reader-tab22; with one space between cells,
only the first number after each test's name was read (with no time) and the other columns
were lost, and the de-identification took "138 140 140" for a telephone number. The rows are
quoted from published case reports' tables as the `pages` index of the search tool stores
them, one space put where the page's cells end:
- BMJ Case Reports 235933, "Blood laboratory value comparisons from admission, day 21 and day
  24 of hospital stay" (https://casereports.bmj.com/highwire/markup/235933/expansion): one
  column a time point, the reference last.
- BMJ Case Reports 220136, "Clinical laboratory results" (.../220136/expansion): the reference
  column before the results.
- PMC7665253 table 2 (https://pmc.ncbi.nlm.nih.gov/articles/PMC7665253/table/T2), printed with
  one space between cells as the index stores it: a study's cohorts, no patient's values.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.analysis.labs.table_columns import spaced_header_columns
from core.privacy.identifiers import redact_identifiers

_TIME_POINTS = (
    "Table 1 Blood laboratory value comparisons from admission, day 21 and day 24 of "
    "hospital stay\n"
    "Variables Admission Day 20 Day 24 Reference\n"
    "Haemoglobin (g/L) 123 98 98 114–150\n"
    "White cell count (×109/L) – 11.2\n"
    "Platelets (×109/L) 290 329 415 135–400\n"
    "Sodium (mmol/L) 138 140 140 133–146\n"
    "Creatinine (µmol/L) 53 32 43 55–110\n"
    "C-reactive protein (mg/L) 24 26 124 5.0\n"
)
_REFERENCE_FIRST = (
    "Table 1 Clinical laboratory results\n"
    "Variable Reference range Hospital day 1 (day 5 after onset of symptoms) "
    "Discharge day 2 (day 14 after onset of symptoms)\n"
    "Sodium (mmol/L) 135–145 137 140\n"
    "Alanine aminotransferase (U/L) <51 32 44\n"
    "Creatinine (mg/dL) 0.60–1.10 0.95 1.24*\n"
)


def _values(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.timing) for v in read_lab_text(text).values]


def test_each_time_point_column_gives_its_own_value():
    values = _values(_TIME_POINTS)
    assert [v for v in values if v[0] == "Sodium"] == [
        ("Sodium", 138.0, "admission"),
        ("Sodium", 140.0, "earlier"),  # day 20's, before day 24's (the twenty-seventh round)
        ("Sodium", 140.0, None),
    ]
    assert [v for v in values if v[0] == "Platelets"] == [
        ("Platelets", 290.0, "admission"),
        ("Platelets", 329.0, "earlier"),
        ("Platelets", 415.0, None),
    ]
    # A blank left no trace: 11.2 is read, with no time.
    assert [v for v in values if v[0] == "WBC"] == [("WBC", 11.2, None)]
    # No range's end is ever a result.
    assert not any(
        v in (114.0, 150.0, 135.0, 400.0, 133.0, 146.0, 55.0, 110.0) for _, v, _ in values
    )


def test_a_reference_column_before_the_results_is_never_read_as_one():
    values = _values(_REFERENCE_FIRST)
    assert values == [
        ("Sodium", 137.0, "admission"),
        ("Sodium", 140.0, "discharge"),
        ("ALT", 32.0, "admission"),
        ("ALT", 44.0, "discharge"),
        ("Creatinine", 0.95, "admission"),
        ("Creatinine", 1.24, "discharge"),
    ]


def test_a_cohorts_header_is_no_patients_columns():
    header = "Normal range Cohort A (n = 204) Cohort B (n = 81) p value Cohort C (n = 23) p value"
    assert spaced_header_columns(header) is None
    assert spaced_header_columns("Laboratory test Normal reference Day on admission") is None


def test_a_sentence_is_no_header_and_ends_the_table():
    assert spaced_header_columns("She was admitted on day 3 for follow up.") is None
    text = _TIME_POINTS + "Her sodium was 139 mmol/L at discharge on day 25.\n"
    assert ("Sodium", 139.0) in [v[:2] for v in _values(text)]


def test_the_rows_numbers_are_no_telephone_number():
    redacted = redact_identifiers(_TIME_POINTS)
    assert "Sodium (mmol/L) 138 140 140 133–146" in redacted
    assert "[IDENTIFIER]" not in redacted
    # A telephone number on its own line is still taken out.
    assert "020 7946 0958" not in redact_identifiers("Call 020 7946 0958 for results.")
