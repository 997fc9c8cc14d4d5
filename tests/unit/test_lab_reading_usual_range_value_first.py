"""A blood result written before its test's name is judged against the usual range, as one
written after it is (issue #29, fourteenth round).

"80% neutrophils" was read as a value with no range and no flag, so a differential told in
prose never showed H or L, while "neutrophils 80%" did. Each test quotes a sentence of a
case of `tests/clinical/dev`, named by its case. Over dev and the 670 pool reports, 75
values read number first gained the usual range (35 of them a flag); no value, diagnosis or
critical value changed otherwise.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _flags(text: str) -> dict[str, tuple[float, float | None, float | None, str | None]]:
    return {
        v.analyte: (v.value, v.reference_low, v.reference_high, v.flag)
        for v in parse_lab_values(text)
    }


def test_a_percentage_written_before_the_cells_name_gets_the_usual_range() -> None:
    # dev cr4-crit-wilson-inr-2-76-then-7-7-haematocrit-...
    read = _flags("White-cell count was 16,770/cm3, with 80% neutrophils; hemoglobin level was 9")
    assert read["Neutrophils"] == (80.0, 40.0, 75.0, "high")
    assert read["Neutrophils"] == _flags("Neutrophils 80%")["Neutrophils"]


def test_a_differential_in_prose_shows_its_highs_and_lows() -> None:
    # dev mt-ovarian-cancer-clinic-wbc-0-9-earlier-platelets-...
    read = _flags(
        "Her differential shows 2% metamyelocytes, 57% neutrophils, 29% bands, 6% "
        "lymphocytes, 5% monocytes, and 1% eosinophils"
    )
    assert read["Neutrophils"][3] is None
    assert read["Bands"][3] == "high"
    assert read["Lymphocytes"][3] == "low"
    assert read["Monocytes"][3] is None


def test_a_csf_differential_keeps_no_blood_range() -> None:
    # dev cr8-crit-neurosarcoid-csf-wbc-240-then-0-...
    values = parse_lab_values(
        "A lumbar puncture showed an opening pressure of 26cm H2O (normal: 50 to 180mm H2O), "
        "240 white blood cells per mm3 (89% lymphocytes, 11% monocytes), 10 red blood cells "
        "per mm3"
    )
    lymphocytes = next(v for v in values if v.analyte == "Lymphocytes")
    assert lymphocytes.specimen == "csf"
    assert (lymphocytes.reference_low, lymphocytes.reference_high, lymphocytes.flag) == (
        None,
        None,
        None,
    )
