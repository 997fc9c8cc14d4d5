"""Issue #29, thirtieth round (tables30): lab tables of published case reports as their web
pages print them (the search index's page text of BMJ Case Reports' and Breathe's table
expansions, /work/pool/tables30, one patient each; none from a held-out document).

- **A header whose empty stub heading is printed at the row's end**: "Normal range | 0 h,
  arterial blood on room air | ... | 24 h, venous blood on room air | |" (Breathe, highwire
  markup 14124), as PMC's table pages print "Reference values | Admission day | Follow up |
  |". The trailing empty cell named no column, so the header was not read and no row of the
  table gave a value.
- **Units as products with a negative power**: "Lactate, mmol·L−1", "BE, mEq·L−1" (the same
  table): no unit was read, and a lactate of 4.4 was flagged low against mg/dL.
- **A test's row of no cells, its results one unit a row**: "PO2 | ||||||", then "mmHg |
  80.0–100.0 | 91.7 | ...", "kPa | 10.5–13.5 | 12.2 | ...": the first unit's row is the
  test's, the next the same results in another unit. A base excess's cell opens with a minus.
- **A venous column of a serial gas**: its pO2 of 29 mmHg is no arterial oxygen tension and
  is not read (it was telephoned against the arterial limit of 43 once the table was read).
- **BMJ's glued rows as they reach the reader**: the de-identifier takes a long run of joined
  digits for a record number ("Sodium (mmol/L)135–[IDENTIFIER]", BMJ Case Reports 220136),
  and the range's start was read as the sodium; a row whose cells the page lost but a range's
  end ("Potassium (mmol/L)–5.3", BMJ Case Reports 235933) was read as a potassium of 5.3.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.analysis.labs.reference import Patient


def _read(text: str) -> list[tuple[str, float, str | None, bool, str | None]]:
    return [
        (v.analyte, v.value, v.unit, bool(v.critical), v.flag)
        for v in read_lab_text(text, patient=Patient(30, "female")).values
    ]


# Breathe (ERS), highwire markup 14124: "Serial blood gas analyses and key management process".
_SERIAL_GAS = (
    "Serial blood gas analyses and key management process\n"
    "Normal range | 0 h, arterial blood on room air | 2 h, arterial blood on room air | "
    "4 h, arterial blood on NPO2 2 L·min−1 | 8 h, venous blood on room air | "
    "24 h, venous blood on room air | |\n"
    "pH | 7.35–7.45 | 7.37 | 7.30 | 7.34 | 7.29 | 7.34 |\n"
    "PO2 | ||||||\n"
    "mmHg | 80.0–100.0 | 91.7 | 85.5 | 137.9 | 42.9 | 29.0 |\n"
    "kPa | 10.5–13.5 | 12.2 | 11.4 | 18.4 | 5.7 | 3.8 |\n"
    "HCO3−, mmol·L−1 | 22.0–28.0 | 18.4 | 9.7 | 14.3 | 20.0 | 20.7 |\n"
    "BE, mEq·L−1 | −2.0–2.0 | −5.1 | −14.1 | −9.0 | −6.3 | −4.7 |\n"
    "Lactate, mmol·L−1 | 0.50–2.20 | 4.40 | 8.21 | 3.90 | 2.00 | 2.50 |\n"
)


def test_a_header_with_its_stub_heading_at_the_end_is_read() -> None:
    # On main the table gave no value at all.
    values = _read(_SERIAL_GAS)
    assert [v for a, v, *_ in values if a == "Blood pH"] == [7.37, 7.3, 7.34, 7.29, 7.34]
    assert [v for a, v, *_ in values if a == "Lactate"] == [4.4, 8.21, 3.9, 2.0, 2.5]
    assert [v for a, v, *_ in values if a == "Base excess"] == [-5.1, -14.1, -9.0, -6.3, -4.7]


def test_a_unit_with_a_negative_power_is_the_units_own() -> None:
    values = _read(_SERIAL_GAS)
    assert {u for a, _, u, *_ in values if a in ("Lactate", "Bicarbonate")} == {"mmol/L"}
    # the same in prose: the lactate was unitless and flagged low on main
    assert _read("Arterial blood gas showed lactate 4.4 mmol·L−1.") == [
        ("Lactate", 4.4, "mmol/L", True, "high")
    ]


def test_a_tests_results_one_unit_a_row_are_read_once() -> None:
    values = _read(_SERIAL_GAS)
    # the mmHg row's arterial columns; the kPa row is the same results, the venous pO2 none
    assert [(v, u) for a, v, u, *_ in values if a == "pO2"] == [
        (91.7, "mmHg"),
        (85.5, "mmHg"),
        (137.9, "mmHg"),
    ]


def test_a_venous_columns_oxygen_tension_is_never_critical() -> None:
    assert not any(c for a, _, _, c, _ in _read(_SERIAL_GAS) if a == "pO2")


def test_a_header_of_a_cohort_stays_unread() -> None:
    # guard: PMC's page of a study's table prints the same trailing stub (PMC7573668, table 2)
    text = (
        "Reference values | Admission day (n = 33) | Follow up (n = 33) | |\n"
        "- Sodium, mmol/l | 136–145 | 138 {136–141} | 141 {139–143} |\n"
    )
    assert _read(text) == []


def test_a_glued_row_cut_by_the_de_identifier_reads_nothing() -> None:
    # BMJ Case Reports 220136, "Clinical laboratory results" (reference range first, then
    # three days), as the analyser's de-identifier hands it on: on main 135, 95 and 27 were
    # read as the patient's sodium, chloride and aPTT.
    text = (
        "VariableReference rangeHospital day 1 (day 5 after onset of symptoms)\n"
        "Sodium (mmol/L)135–[IDENTIFIER]\n"
        "Chloride (mmol/L)95–[IDENTIFIER]\n"
        "Activated partial thromboplastin time (s)27[IDENTIFIER]\n"
    )
    assert _read(text) == []


def test_a_rows_lost_cells_leave_no_range_end_as_its_result() -> None:
    # BMJ Case Reports 235933 and 233512: on main potassium 5.3 (flagged high) and a white
    # cell count of 9.6 were read from the ends of ranges.
    text = "Potassium (mmol/L)–5.3\nUrea (mmol/L)–7.8\nWhite cell count (×10³/mm³)–9.6\n"
    assert _read(text) == []


def test_a_glued_row_of_one_result_and_a_negative_in_prose_are_as_before() -> None:
    # guards: one result run into its range (BMJ 233512) and a base excess in prose
    assert _read("Glucose (mg/dL)120 !70–100") == [("Glucose", 120.0, "mg/dL", False, "high")]
    assert [(a, v) for a, v, *_ in _read("ABG: pH 7.21, base excess –5.1 mmol/L.")] == [
        ("Blood pH", 7.21),
        ("Base excess", -5.1),
    ]
    # a marker's name in prose before a de-identified run is no glued row
    assert _read("effector memory (CCR7-[IDENTIFIER]-) cells, sodium 131 mmol/L") == [
        ("Sodium", 131.0, "mmol/L", False, "low")
    ]
