"""A span of time after a result is no reference range (issue #29, fourteenth round).

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
