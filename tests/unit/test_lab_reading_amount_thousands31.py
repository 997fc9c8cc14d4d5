"""An activity or a concentration whose thousands are set apart by a space ("AST 2 890 U/L"),
as SI style and the laboratory tables of Clinical Cases in Tropical Medicine (2022) print them
(reader-tables31's Left): one number, not the "2" the reader took before (issue #29)."""

from __future__ import annotations

import pytest

from core.analysis.labs.parse import read_lab_text


def _values(text: str) -> list[tuple[str, float, str]]:
    return [(v.analyte, v.value, v.unit) for v in read_lab_text(text).values]


def test_a_tables_enzymes_with_their_thousands_set_apart_are_one_number_each() -> None:
    # the book's Table 93.1 as a one-line table (tables31's "o" rendering)
    line = "AST (GOT) 2 890 U/L (0–35) ALT (GPT) 2 676 U/L (0–35) CK 6 200 U/L (52–336)"
    assert _values(line) == [
        ("AST", 2890.0, "U/L"),
        ("ALT", 2676.0, "U/L"),
        ("CK", 6200.0, "U/L"),
    ]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Ferritin was 1 250 ng/mL", ("Ferritin", 1250.0, "ng/mL")),
        ("ferritin: 1 250 ng/mL", ("Ferritin", 1250.0, "ng/mL")),
        ("CK 12\u202f345 U/L", ("CK", 12345.0, "U/L")),
    ],
)
def test_a_concentration_set_apart_by_a_space_or_a_thin_space(
    line: str, expected: tuple[str, float, str]
) -> None:
    assert _values(line) == [expected]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # a test's own digit is no thousands: T3, IL-6 (MedRBench PMC11372783, CUPCase row 448)
        ("free T4 1.95 ng/dL, T3 223 ng/dL", ("Total T3", 223.0, "ng/dL")),
        ("IL-6 420 ng/l", ("IL-6", 420.0, "ng/l")),
        # a day's number before the result; a name that ends in its number
        ("glucose on day 2 150 mg/dL", ("Glucose", 150.0, "mg/dL")),
        ("serum insulin-like growth factor 1 180 ng/ml", ("IGF-1", 180.0, "ng/ml")),
        ("CA 125 350 U/mL", ("CA-125", 350.0, "U/mL")),
    ],
)
def test_a_number_that_is_not_a_thousands_group_is_kept_apart(
    line: str, expected: tuple[str, float, str]
) -> None:
    assert expected in _values(line)
    assert all(value < 1000 for _, value, _ in _values(line))
