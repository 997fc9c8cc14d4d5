"""A span of time, or a range in another thing's unit, after a result is no reference range
(issue #29, fourteenth round).

Each test quotes a sentence of a real case report of `tests/clinical/dev`, named by its
case. The range reader took "over 17 days" for a lower limit of 17 and "1–10 days old" for a
range of 1 to 10, so a digoxin of 1.38 µg/L was shown "low" and a newborn's testosterone was
judged against the wrong limits.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _ranges(text: str) -> list[tuple[str, float, float | None, float | None, str | None]]:
    return [
        (v.analyte, v.value, v.reference_low, v.reference_high, v.flag)
        for v in parse_lab_values(text)
    ]


def test_a_duration_after_a_result_is_no_lower_limit() -> None:
    # dev cr4-crit-digoxin-potassium-9-3-then-4-96-digoxin-13-7-then-1-38
    # the catalogue's therapeutic range, not a limit of 17
    assert _ranges("The serum digoxin levels gradually decreased to 1.38 μg/L over 17 days.") == [
        ("Digoxin", 1.38, 0.8, 2.0, None)
    ]


def test_an_age_in_days_inside_the_range_is_not_the_range() -> None:
    # dev cr13-labr-cah-21-hydroxylase-prenatal-diagnosis-neonate-hormones-with-newborn-ranges
    assert _ranges("testosterone 279 ng/dL (normal range of females 1–10 days old: ≤24 ng/dL)") == [
        ("Testosterone", 279.0, None, 24.0, "high")
    ]


def test_ranges_in_seconds_and_minutes_stay_ranges() -> None:
    assert _ranges("PT 30 s (normal < 13 s)") == [("PT", 30.0, None, 13.0, "high")]
    assert _ranges("Creatinine 2.1 mg/dL (0.6-1.2) after 2 days") == [
        ("Creatinine", 2.1, 0.6, 1.2, "high")
    ]


def test_a_range_printed_in_another_things_unit_is_not_the_results_range() -> None:
    # Over dev and the 670 pool reports this changed 4 values, each to the right range.
    # dev cr-ethylene-glycol-venous-gas-critical-potassium-serial-bun-creatinine: the urine
    # output's "10–30 mL" made a creatinine of 4.28 mg/dL "low"
    read = _ranges(
        "However, the patient's levels of BUN and creatinine remained elevated at 39 and 4.28 "
        "mg/dL, respectively, and his hourly urine output was only 10–30 mL, and calcium "
        "oxalate crystals were detected on urine microscopy."
    )
    assert ("Creatinine", 4.28, 0.6, 1.3, "high") in read
    # a pulse oximeter's "82–86%" is no range of the arterial pO2 told before it
    [po2] = _ranges(
        "An arterial blood gas after intubation showed an oxygen saturation gap, with a PaO2 "
        "of 197 mmHg (26.3 kPa) but pulse oximetry readings of 82–86% saturation."
    )
    assert po2[2:4] != (82.0, 86.0)
    # the range's own unit, written after it, still makes it the range
    assert _ranges("sodium 130 mmol/L (135-145 mEq/L)") == [("Sodium", 130.0, 135.0, 145.0, "low")]
    assert _ranges("creatinine clearance 40 (normal 90-120 mL/min)") == [
        ("Creatinine clearance", 40.0, 90.0, 120.0, "low")
    ]
