"""The grounding check: numbers a model wrote are matched to the values read and the texts
it was shown; the rest are reported per section."""

from __future__ import annotations

import pytest

from core.analysis.grounding import Ground, check_grounding, numbers_in, ungrounded_in
from core.insights import (
    CaseSummary,
    DifferentialDiagnosis,
    LabValue,
    PrimaryDiagnosis,
    SoapNote,
)

SOURCE = (
    "Patient: age 67, gender male.\n"
    "Admission 03/11/2026: INR 6.52, Hemoglobin 9.8 g/dL (12.0-16.0) L, Hct 0.41\n"
    "Lab file 1"
)
GLUCOSE = LabValue(analyte="Glucose", value=7.8, unit="mmol/L", reference_low=3.9)


def unfound(text: str, values: tuple[LabValue, ...] = (GLUCOSE,)) -> list[str]:
    return ungrounded_in([text], Ground([SOURCE], values))


def test_numbers_as_written_or_rounded_to_the_models_precision_are_found() -> None:
    assert unfound("INR 6.52, rounded INR 6.5, haemoglobin 9.8 (range 12.0-16.0)") == []
    assert unfound("INR 6.6") == ["6.6"]  # 6.52 does not round to 6.6
    assert unfound("INR 6") == ["6"]


def test_ages_dates_file_labels_and_percentages_are_found() -> None:
    assert unfound("A 67-year-old seen on 03/11/2026 (Lab file 1).") == []
    assert unfound("Haematocrit 41%") == []  # 0.41 written as a percentage
    assert unfound("Haematocrit 44%") == ["44%"]


def test_a_parsed_value_in_another_unit_is_found() -> None:
    assert unfound("Glucose 140 mg/dL") == []  # 7.8 mmol/L x 18
    assert unfound("Glucose 7.8 mmol/L, lower limit 3.9") == []
    assert unfound("Glucose 200 mg/dL") == ["200"]
    assert unfound("Glucose 140 mg/dL", values=()) == ["140"]


def test_codes_list_numbers_classifications_and_intervals_are_not_facts() -> None:
    text = (
        "1. Type 2 diabetes (E11.65), HbA1c above target; SpO2 normal; not COVID-19.\n"
        "2) Stage 3 CKD. Recheck in 2 weeks, x10^9/L units, 12-lead ECG, 3rd visit."
    )
    assert [number.written for number in numbers_in(text)] == []


def test_a_fact_stated_with_a_duration_is_still_checked() -> None:
    assert unfound("Fever for 5 days") == ["5"]


@pytest.mark.parametrize(
    ("text", "written"),
    [("250,000 platelets", "250,000"), ("K 7.9 mmol/L", "7.9"), ("up 12 %", "12%")],
)
def test_numbers_are_reported_as_written(text: str, written: str) -> None:
    assert [n.written for n in numbers_in(text)] == [written]


def test_each_section_reports_its_own_invented_numbers() -> None:
    summary = CaseSummary(comprehensive_summary="INR 6.52 on warfarin.", key_findings=["K 7.9"])
    soap = SoapNote(subjective="", objective="INR 6.5", assessment="", plan="Give 5 mg vitamin K")
    diagnosis = PrimaryDiagnosis(
        primary_diagnosis="Warfarin toxicity",
        icd_code="T45.515A",
        differential=[
            DifferentialDiagnosis(
                diagnosis="Liver disease", icd_code="K76.9", supporting_evidence=["ALT 240"]
            )
        ],
        confidence_reason="INR 6.52 read from one report.",
    )
    found = check_grounding(summary, soap, diagnosis, [SOURCE], [])
    assert found == {"case_summary": ["7.9"], "soap_note": ["5"], "primary_diagnosis": ["240"]}
