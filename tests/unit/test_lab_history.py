"""A patient's lab history (core.analysis.history): series per analyte and specimen, units
harmonised, latest / previous / change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.analysis.history import CaseResults, lab_history
from core.insights import LabValue

DAY = datetime(2026, 3, 1, tzinfo=UTC)


def lab(analyte: str, value: float, unit: str | None, **extra: object) -> LabValue:
    return LabValue(analyte=analyte, value=value, unit=unit, **extra)  # type: ignore[arg-type]


def test_mmol_and_mg_dl_glucose_share_one_axis_with_converted_reference_bands():
    series = lab_history(
        [
            CaseResults("b", DAY + timedelta(days=90), [lab("Glucose", 140, "mg/dL")]),
            CaseResults(
                "a",
                DAY,
                [lab("Glucose", 7.0, "mmol/L", reference_low=3.9, reference_high=5.5)],
            ),
        ]
    )
    assert len(series) == 1
    glucose = series[0]
    assert glucose.unit == "mg/dL"
    assert [p.case_id for p in glucose.points] == ["a", "b"]
    assert abs(glucose.points[0].value - 7.0 * 18.016) < 1e-6
    assert glucose.points[0].as_written == "7 mmol/L"
    assert glucose.points[0].reference_high is not None
    assert abs(glucose.points[0].reference_high - 5.5 * 18.016) < 1e-6
    assert glucose.latest.case_id == "b" and glucose.previous is not None
    assert glucose.change is not None and abs(glucose.change - (140 - 7.0 * 18.016)) < 1e-6


def test_creatinine_in_micromoles_joins_the_mg_dl_series():
    series = lab_history(
        [
            CaseResults("a", DAY, [lab("Creatinine", 88.42, "µmol/L")]),
            CaseResults("b", DAY + timedelta(days=1), [lab("Creatinine", 1.5, "mg/dL")]),
        ]
    )
    assert [(s.analyte, s.unit) for s in series] == [("Creatinine", "mg/dL")]
    assert series[0].points[0].value == 1.0
    assert series[0].change == 0.5


def test_a_urine_value_is_a_series_of_its_own_and_doubtful_reads_stay_out():
    series = lab_history(
        [
            CaseResults(
                "a",
                DAY,
                [
                    lab("Glucose", 100, "mg/dL", source_line="Glucose 100 mg/dL"),
                    lab("Glucose", 300, "mg/dL", specimen="urine"),
                    lab("Glucose", 9000, "mg/dL", doubtful=True),
                ],
            )
        ]
    )
    by_specimen = {s.specimen: s for s in series}
    assert set(by_specimen) == {"serum/plasma", "urine"}
    assert len(by_specimen["serum/plasma"].points) == 1
    assert by_specimen["serum/plasma"].points[0].source_line == "Glucose 100 mg/dL"
    assert by_specimen["serum/plasma"].previous is None
    assert by_specimen["serum/plasma"].change is None


def test_a_unit_no_conversion_reaches_keeps_its_own_series():
    series = lab_history(
        [
            CaseResults("a", DAY, [lab("Ferritin", 100, "ng/mL")]),
            CaseResults("b", DAY, [lab("Ferritin", 200, "pmol/L")]),
        ]
    )
    assert sorted(s.unit for s in series) == ["ng/mL", "pmol/L"]
