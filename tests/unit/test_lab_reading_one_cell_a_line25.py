"""Issue #29, twenty-fifth round: a lab table printed one cell per line, as the text of a page
or a PDF often gives it (a newline after every cell), and a name whose unit holds a power of
ten alone on its line.

The cells are those of BMJ Case Reports' table "Blood laboratory value comparisons from
admission, day 21 and day 24 of hospital stay"
(https://casereports.bmj.com/highwire/markup/235933/expansion, as the `pages` index of the
search tool stores it), each on a line of its own. Counted beforehand on the 43 lab tables of a
published casebook rendered one cell per line: 195 of 270 results read; every name with a
power of ten in its unit ("WBC (10^9/L)", "Platelets (×109/L)") lost its result.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text

_ONE_CELL_A_LINE = (
    "Table 1\n"
    "Blood laboratory value comparisons from admission, day 21 and day 24 of hospital stay\n"
    "Variables\nAdmission\nDay 20\nDay 24\nReference\n"
    "Haemoglobin (g/L)\n123\n98\n98\n114–150\n"
    "White cell count (×109/L)\n–\n11.2\n"
    "Platelets (×109/L)\n290\n329\n415\n135–400\n"
    "Creatinine (µmol/L)\n53\n32\n43\n55–110\n"
    "Blank fields mean blood marker was not tested on that day.\n"
)


def _values(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.timing) for v in read_lab_text(text).values]


def test_each_column_of_a_table_printed_one_cell_a_line_is_read() -> None:
    # On main only the first column was read, without its time, and the platelets not at all.
    values = _values(_ONE_CELL_A_LINE)
    assert [v for v in values if v[0] == "Platelets"] == [
        ("Platelets", 290.0, "admission"),
        ("Platelets", 329.0, "earlier"),  # day 20's, before day 24's (the twenty-seventh round)
        ("Platelets", 415.0, None),
    ]
    assert [v for v in values if v[0] == "Hemoglobin"] == [
        ("Hemoglobin", 123.0, "admission"),
        ("Hemoglobin", 98.0, "earlier"),
        ("Hemoglobin", 98.0, None),
    ]
    # A dash is a test not done that day; where the blank fell is unknown, so no time.
    assert [v for v in values if v[0] == "WBC"] == [("WBC", 11.2, None)]
    # The reference column's ends are never results.
    assert not any(v in (114.0, 150.0, 135.0, 400.0, 55.0, 110.0) for _, v, _ in values)


def test_the_row_is_quoted_with_all_its_cells() -> None:
    platelets = [v for v in read_lab_text(_ONE_CELL_A_LINE).values if v.analyte == "Platelets"]
    assert {v.source_line for v in platelets} == {"Platelets (×109/L) 290 329 415 135–400"}


def test_a_name_whose_unit_holds_a_power_of_ten_takes_the_cell_under_it() -> None:
    # One column of results: "(×109/L)" is the unit, not a number of the row.
    text = "Variables\nAdmission\nReference\nPlatelets (×109/L)\n290\n135–400\n"
    assert _values(text) == [("Platelets", 290.0, None)]


def test_headings_that_are_no_table_join_nothing() -> None:
    # Guards: a cohort's columns ("(n = 33)") are no patient's results, and a list of time
    # words in prose is no header.
    cohort = (
        "Reference values\nAdmission day (n = 33)\nFollow up (n = 33)\n"
        "D-dimer, ng/ml\n< 500\n855\n474\n"
    )
    assert not any(v == 855.0 for _, v, _ in _values(cohort))
    prose = "Admission\nDischarge\nThe sodium was 131 mmol/L on the second day.\n"
    assert _values(prose) == [("Sodium", 131.0, None)]
