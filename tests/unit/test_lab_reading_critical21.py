"""Critical values, twenty-first round (issue #29): the CO2 a laparoscopy blows in."""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, bool]]:
    return [(v.analyte, v.value, v.critical) for v in read_lab_text(text).values]


def test_the_insufflations_co2_pressure_is_no_pco2() -> None:
    # PMC11385026: read on main as a pCO2 of 12 mmHg and telephoned (critical below 19).
    text = (
        "Pneumoperitoneum was initiated with CO2 up to 12 mmHg, and a 12 mm trocar was "
        "placed. The laparoscope was introduced."
    )
    assert _read(text) == []
    assert _read("The abdomen was insufflated with CO2 to 15 mmHg.") == []


def test_a_blood_co2_stays_a_pco2_beside_an_operation() -> None:
    assert _read("During laparoscopy the arterial CO2 rose to 80 mmHg.") == [("pCO2", 80.0, True)]
    assert _read("The arterial cord pH was 7.01 with CO2 of 71 mmHg and lactate of 9.5 mmol/L.")[
        1
    ] == ("pCO2", 71.0, True)


def test_the_level_a_test_reached_told_in_brackets_is_read() -> None:
    # PMC11605394: the haemoglobin after a transfusion, the current one; PMC11631160 too.
    text = (
        "Pre-operatively a blood transfusion was performed to elevate the patient's "
        "hemoglobin level (which reached 12 g/dl)."
    )
    assert [(v.analyte, v.value) for v in read_lab_text(text).values] == [("Hemoglobin", 12.0)]
    text = "an increasing white blood cell (WBC) count (reaching 22.6 × 103/μL) and (2) imaging"
    assert [(v.analyte, v.value) for v in read_lab_text(text).values] == [("WBC", 22.6)]


def test_an_aside_in_brackets_stays_an_aside() -> None:
    text = "The hemoglobin level (which reached its nadir on day 3) was 6.5 g/dL."
    assert [(v.analyte, v.value) for v in read_lab_text(text).values] == [("Hemoglobin", 6.5)]
