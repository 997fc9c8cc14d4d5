"""Issue #29, twenty-sixth round: pandoc's superscript and subscript marks are no numbers.

A DOCX or a web page turned into text by pandoc marks a superscript "^...^" and a subscript
"~...~": "Platelets (10^9^/L) | 96 | 150-350" ("Clinical Cases in Tropical Medicine", 2nd ed.,
2022, the table of its chapter 27 as `belovedshark/ClinicalDiagnosis_RAG` @ f1901e46 stores it,
`Processed/out_all_structured/27---...-tables.md`). The reader took the power of ten's "9^"
for no unit and read a platelet count of 10, critical (reader-crit26's audit of that casebook).
A power is read as "^9", a charge or a subscript as its characters ("HCO3-", "pCO2").
"""

from __future__ import annotations

import pytest

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None, bool]]:
    return [(v.analyte, v.value, v.unit, v.critical) for v in read_lab_text(text).values]


def test_a_marked_power_of_ten_is_the_unit() -> None:
    assert _read("Platelets (10^9^/L)\t96\t150-350") == [("Platelets", 96.0, "10^9/L", False)]
    assert _read("WBC 16.2 x 10^9^/L") == [("WBC", 16.2, "x10^9/L", False)]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("pCO~2~ 52 mmHg", ("pCO2", 52.0, "mmHg", False)),
        ("HCO~3~^-^ 18 mmol/L", ("Bicarbonate", 18.0, "mmol/L", False)),
        ("K^+^ 2.9 mmol/L", ("Potassium", 2.9, "mmol/L", False)),
    ],
)
def test_a_marked_subscript_or_charge_is_its_characters(
    text: str, read: tuple[str, float, str | None, bool]
) -> None:
    assert _read(text) == [read]


def test_unmarked_text_reads_as_before() -> None:
    # Guard: a plain power is read as before.
    assert _read("Platelets (10^9/L)\t96\t150-350") == [("Platelets", 96.0, "10^9/L", False)]
