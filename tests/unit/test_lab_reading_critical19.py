"""Round nineteen's audit of the critical values over the MedRBench pool (issue #29): a blood
gas's partial pressures spelt out with "arterial" inside the name (PaO2, PaCO2 written in
words) were no test's name, so a critical pO2 told that way was never read."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _gases(text: str) -> list[tuple[str, float, bool]]:
    return [
        (v.analyte, v.value, v.critical)
        for v in parse_lab_values(text)
        if v.analyte in ("pO2", "pCO2")
    ]


def test_the_arterial_partial_pressure_of_oxygen_is_the_po2() -> None:
    # MedRBench PMC11456914: "Arterial blood gas analysis revealed a pH of 7.438 mmHg, partial
    # pressure of arterial carbon dioxide of 31.7 mmHg, and partial pressure of arterial
    # oxygen of 95.0 mmHg, while receiving 2 L/min of nasal oxygen."
    text = (
        "Arterial blood gas analysis revealed partial pressure of arterial carbon dioxide of "
        "31.7 mmHg, and partial pressure of arterial oxygen of 95.0 mmHg, while receiving "
        "2 L/min of nasal oxygen."
    )
    assert _gases(text) == [("pCO2", 31.7, False), ("pO2", 95.0, False)]


def test_a_critical_arterial_partial_pressure_of_oxygen_is_critical() -> None:
    # The shapes of PMC11456914 and PMC11587067 ("arterial partial pressure of oxygen
    # (PaO2)") with a pO2 under Kost's limit of 43 mmHg.
    text = "The partial pressure of arterial oxygen was 38 mmHg on room air."
    assert _gases(text) == [("pO2", 38.0, True)]
    text = "The arterial partial pressure of oxygen was 36 mmHg on room air."
    assert _gases(text) == [("pO2", 36.0, True)]
    text = "The arterial partial pressure of carbon dioxide was 81 mmHg."
    assert _gases(text) == [("pCO2", 81.0, True)]
