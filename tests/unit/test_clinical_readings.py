"""Each dev case held to its recorded reading (benchmarks.clinical_readings): what counts as
worse, and the record written and read back."""

from __future__ import annotations

from pathlib import Path

from benchmarks.clinical_readings import Reading, reading_of, record, recorded, worse
from benchmarks.clinical_scoring import CaseScore, TruthValue
from core.insights import LabValue

BEFORE = Reading(found=5, extra=1, plausible=True, critical_found=1, false_critical=0)


def test_a_reading_as_good_or_better_is_not_worse() -> None:
    assert worse(BEFORE, BEFORE) == []
    better = Reading(found=6, extra=0, plausible=True, critical_found=2, false_critical=0)
    assert worse(BEFORE, better) == []
    # a diagnosis that was not plausible may stay so: only a lost one counts
    was_wrong = Reading(found=5, extra=1, plausible=False, critical_found=1, false_critical=0)
    assert worse(was_wrong, was_wrong) == []


def test_each_way_of_reading_worse_is_named() -> None:
    assert worse(BEFORE, Reading(4, 1, True, 1, 0)) == ["values found 5 -> 4"]
    assert worse(BEFORE, Reading(5, 2, True, 1, 0)) == ["extra values 1 -> 2"]
    assert worse(BEFORE, Reading(5, 1, False, 1, 0)) == ["primary diagnosis no longer plausible"]
    assert worse(BEFORE, Reading(5, 1, True, 0, 0)) == ["critical values found 1 -> 0"]
    assert worse(BEFORE, Reading(5, 1, True, 1, 1)) == ["false critical values 0 -> 1"]
    # one change does not hide another: fixing a diagnosis while losing a value is worse
    assert worse(Reading(5, 1, False, 1, 0), Reading(4, 1, True, 1, 0)) == ["values found 5 -> 4"]


def test_the_record_is_written_and_read_back(tmp_path: Path) -> None:
    truth = TruthValue("Potassium", 6.9, "mmol/L", flag="high", critical=True)
    value = LabValue(analyte="Potassium", value=6.9, unit="mmol/L", flag="high", critical=True)
    extra = LabValue(analyte="Sodium", value=12)
    score = CaseScore(
        "case-a",
        1,
        2,
        matched=[(truth, value)],
        extras=[extra],
        plausible=True,
        critical_total=1,
        critical_found=1,
    )
    path = tmp_path / "readings.json"
    record([score], path)
    assert recorded(path) == {"case-a": reading_of(score)}
    assert reading_of(score) == Reading(1, 1, True, 1, 0)
