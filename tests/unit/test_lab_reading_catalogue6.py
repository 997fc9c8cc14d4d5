"""Analytes the sixth round's case sections named that the catalogue did not know, and a
plan's target told with "to maintain" (issue #29). Lines quoted from Journal of Medical
Case Reports case sections (CC BY 4.0) as the CUPCase dataset stores them; the dev cases
named hold the whole sections."""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.unit) for v in read_lab_text(text).values]


def test_beta_d_glucan_in_pg_per_ml_is_read_and_flagged() -> None:
    # cr6-labs-candida-glabrata-serial-crp-rose-to-from-beta-glucan-ranges-bare
    values = read_lab_text(
        "A lumbar puncture was performed on day 16, and his level of β-D-glucan was extremely"
        " high at 3634 pg/ml."
    ).values
    assert [(v.analyte, v.value, v.unit, v.flag) for v in values] == [
        ("Beta-D-glucan", 3634.0, "pg/ml", "high")
    ]


def test_haemoglobin_fractions_of_an_electrophoresis_are_not_the_haemoglobin() -> None:
    # cr6-crit-sickle-cord-infarct and cr6-labs-hbsc-lupus-aiha
    assert _read("hemoglobin electrophoresis of HbA 86 percent, HbS 7 percent, and") == [
        ("Hemoglobin A", 86.0, "percent"),
        ("Hemoglobin S", 7.0, "percent"),
    ]
    assert _read(
        "electrophoresis test results showed Hb S at 50.3 percent, Hb C at 44 percent"
    ) == [
        ("Hemoglobin S", 50.3, "percent"),
        ("Hemoglobin C", 44.0, "percent"),
    ]
    # the haemoglobin itself and the glycated fraction stay what they were
    assert _read("Hb 9.1 g/dL, HbA1c 6.2 %") == [("Hemoglobin", 9.1, "g/dL"), ("HbA1c", 6.2, "%")]


def test_hepatitis_b_antigens_are_no_haemoglobin_fractions() -> None:
    # "HBs" and "HBc" are written with a capital B; the fractions' short names match only
    # as written
    # as written (since labnames27 the surface antibody is a test of the catalogue's own)
    assert _read("anti-HBs 12 mIU/mL, anti-HBc negative") == [("Anti-HBs", 12.0, "mIU/mL")]


def test_a_transfusion_target_told_with_to_maintain_is_no_result() -> None:
    # cr6-crit-sickle-cord-infarct: a plan, not the patient's haemoglobin S
    assert _read("He received exchange transfusions to maintain hemoglobin S < 30 percent.") == []
