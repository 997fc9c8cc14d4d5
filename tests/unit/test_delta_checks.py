"""Delta checks (core.analysis.delta): each rule at its boundary, with the earlier value cited."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.analysis.delta import delta_checks
from core.analysis.history import CaseResults
from core.analysis.labs.critical import mark_critical
from core.insights import LabValue

NOW = datetime(2026, 6, 10, 9, 0, tzinfo=UTC)


def lab(analyte: str, value: float, unit: str | None, **extra: object) -> LabValue:
    return LabValue(analyte=analyte, value=value, unit=unit, **extra)  # type: ignore[arg-type]


def earlier(hours: float, *values: LabValue, case_id: str = "earlier-case") -> CaseResults:
    return CaseResults(case_id, NOW - timedelta(hours=hours), mark_critical(list(values)))


def rules(current: list[LabValue], *before: CaseResults) -> list[str]:
    return [check.rule for check in delta_checks(mark_critical(current), NOW, list(before))]


def test_a_creatinine_rise_of_exactly_0_3_within_48_hours_is_flagged_and_cites_the_earlier_value():
    checks = delta_checks(
        [lab("Creatinine", 1.4, "mg/dL", source_line="Creatinine 1.4 mg/dL")],
        NOW,
        [earlier(24, lab("Creatinine", 1.1, "mg/dL"))],
    )
    rise = [c for c in checks if c.rule == "creatinine_rise_48h"]
    assert len(rise) == 1
    assert rise[0].earlier_value == 1.1 and rise[0].earlier_case_id == "earlier-case"
    assert rise[0].hours_between == 24
    assert "1.1 mg/dL" in rise[0].statement and "KDIGO" in rise[0].statement
    assert rise[0].source_line == "Creatinine 1.4 mg/dL"


def test_a_rise_just_under_0_3_is_not_flagged():
    assert "creatinine_rise_48h" not in rules(
        [lab("Creatinine", 1.39, "mg/dL")], earlier(24, lab("Creatinine", 1.1, "mg/dL"))
    )


def test_47_hours_counts_and_49_hours_does_not():
    current = [lab("Creatinine", 1.5, "mg/dL")]
    assert "creatinine_rise_48h" in rules(current, earlier(47, lab("Creatinine", 1.1, "mg/dL")))
    assert "creatinine_rise_48h" in rules(current, earlier(48, lab("Creatinine", 1.1, "mg/dL")))
    assert "creatinine_rise_48h" not in rules(current, earlier(49, lab("Creatinine", 1.1, "mg/dL")))


def test_micromoles_are_converted_26_5_umol_counts_26_does_not():
    before = earlier(24, lab("Creatinine", 80, "µmol/L"))
    assert "creatinine_rise_48h" in rules([lab("Creatinine", 106.5, "µmol/L")], before)
    assert "creatinine_rise_48h" not in rules([lab("Creatinine", 106, "µmol/L")], before)


def test_micromoles_before_and_milligrams_now_are_one_series():
    checks = delta_checks(
        [lab("Creatinine", 1.3, "mg/dL")], NOW, [earlier(12, lab("Creatinine", 88, "umol/L"))]
    )
    rise = next(c for c in checks if c.rule == "creatinine_rise_48h")
    assert rise.unit == "mg/dL"
    assert rise.earlier_value is not None and abs(rise.earlier_value - 88 / 88.42) < 1e-4
    assert "88 umol/L as reported" in rise.statement


def test_one_and_a_half_times_the_lowest_of_seven_days():
    low = earlier(6 * 24, lab("Creatinine", 0.8, "mg/dL"), case_id="low")
    assert "creatinine_1_5x_7d" in rules([lab("Creatinine", 1.2, "mg/dL")], low)
    assert "creatinine_1_5x_7d" not in rules([lab("Creatinine", 1.19, "mg/dL")], low)
    eight_days = earlier(8 * 24, lab("Creatinine", 0.8, "mg/dL"))
    assert "creatinine_1_5x_7d" not in rules([lab("Creatinine", 1.2, "mg/dL")], eight_days)


def test_the_lowest_value_is_the_one_cited():
    checks = delta_checks(
        [lab("Creatinine", 1.3, "mg/dL")],
        NOW,
        [
            earlier(40, lab("Creatinine", 1.2, "mg/dL"), case_id="high"),
            earlier(30, lab("Creatinine", 0.9, "mg/dL"), case_id="lowest"),
        ],
    )
    rise = next(c for c in checks if c.rule == "creatinine_rise_48h")
    assert rise.earlier_case_id == "lowest" and rise.earlier_value == 0.9


def test_a_haemoglobin_fall_of_2_g_dl_is_flagged_and_1_9_is_not():
    before = earlier(24 * 90, lab("Hemoglobin", 13.0, "g/dL"))
    assert "hemoglobin_fall" in rules([lab("Hemoglobin", 11.0, "g/dL")], before)
    assert "hemoglobin_fall" not in rules([lab("Hemoglobin", 11.1, "g/dL")], before)
    in_grams_per_litre = earlier(24, lab("Hemoglobin", 130, "g/L"))
    assert "hemoglobin_fall" in rules([lab("Hemoglobin", 10.9, "g/dL")], in_grams_per_litre)


def test_potassium_moving_across_its_limit_is_flagged_staying_above_is_not():
    within = earlier(24, lab("Potassium", 4.8, "mmol/L", reference_low=3.5, reference_high=5.1))
    above = lab("Potassium", 5.6, "mmol/L", reference_low=3.5, reference_high=5.1, flag="high")
    assert rules([above], within) == ["potassium_limit"]
    already = earlier(24, lab("Potassium", 5.4, "mmol/L", flag="high"))
    assert rules([above], already) == []


def test_sodium_from_below_to_above_the_range_is_flagged_with_the_default_range():
    below = earlier(24 * 30, lab("Sodium", 131, "mmol/L"))
    checks = delta_checks([lab("Sodium", 147, "mEq/L")], NOW, [below])
    assert [c.rule for c in checks] == ["sodium_limit"]
    assert "below the range before" in checks[0].statement


def test_a_new_critical_value_is_flagged_a_second_one_is_not():
    normal = earlier(24 * 60, lab("Potassium", 6.0, "mmol/L", flag="high"))
    assert "new_critical" in rules([lab("Potassium", 6.5, "mmol/L", flag="high")], normal)
    critical_before = earlier(24, lab("Potassium", 6.6, "mmol/L", flag="high"))
    assert "new_critical" not in rules(
        [lab("Potassium", 6.5, "mmol/L", flag="high")], critical_before
    )


def test_no_earlier_results_no_checks_and_later_cases_are_not_earlier():
    current = [lab("Creatinine", 3.0, "mg/dL")]
    assert rules(current) == []
    later = CaseResults("later", NOW + timedelta(hours=2), [lab("Creatinine", 1.0, "mg/dL")])
    assert rules(current, later) == []


def test_bounds_doubtful_reads_and_urine_are_not_compared():
    before = earlier(24, lab("Creatinine", 1.0, "mg/dL"))
    assert rules([lab("Creatinine", 2.0, "mg/dL", comparator=">")], before) == []
    assert rules([lab("Creatinine", 2.0, "mg/dL", doubtful=True)], before) == []
    assert rules([lab("Creatinine", 200, "mg/dL", specimen="urine")], before) == []
