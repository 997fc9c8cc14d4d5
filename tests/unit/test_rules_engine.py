"""The offline rules engine: diagnoses from lab texts, SOAP agreement, honest confidence."""

from __future__ import annotations

import pytest

from core.analysis.rules.conditions import CONDITIONS
from core.analysis.rules.engine import RulesEngine
from core.analysis.rules.findings import FINDINGS
from core.icd10 import check_icd10
from core.insights import (
    CaseSummary,
    Insights,
    LabDocument,
    LabValue,
    PatientContext,
    PrimaryDiagnosis,
    Provenance,
    RadiologyImage,
    SoapNote,
)
from tests.samples import LAB_REPORT_LINES

ADULT = PatientContext(age=54, gender="female", doctor_notes="Tired for three months.")
ENGINE = RulesEngine()


def _lab(text: str, file_id: str = "lab-1") -> LabDocument:
    return LabDocument(file_id=file_id, label="Lab file 1", text=text)


def _run(
    text: str, context: PatientContext = ADULT, images: list | None = None
) -> tuple[CaseSummary, SoapNote, PrimaryDiagnosis]:
    labs = [_lab(text)]
    summary = ENGINE.summarize_case(context, labs, images or [])
    soap, diagnosis = ENGINE.write_soap_and_diagnosis(context, labs, images or [])
    return summary, soap, diagnosis


def _assert_honest(summary: CaseSummary, soap: SoapNote, diagnosis: PrimaryDiagnosis) -> None:
    for score in (summary.confidence_score, soap.confidence_score, diagnosis.confidence_score):
        assert 0.0 <= score <= 0.75
    assert diagnosis.icd_code_valid is True
    assert diagnosis.icd_description == check_icd10(diagnosis.icd_code)[1]
    assert diagnosis.primary_diagnosis in soap.assessment
    assert diagnosis.icd_code in soap.assessment
    assert "no language model" in summary.comprehensive_summary


def test_every_code_the_rules_can_emit_is_a_valid_icd10_cm_code():
    for key, finding in FINDINGS.items():
        valid, description = check_icd10(finding.code)
        assert valid, f"{key}: {finding.code} is not in ICD-10-CM"
        assert description


def test_every_condition_the_notes_can_name_has_a_valid_icd10_cm_code():
    # conditions.py says a test checks these; a stated diagnosis carries its code through.
    for condition in CONDITIONS:
        valid, description = check_icd10(condition.code)
        assert valid, f"{condition.name}: {condition.code} is not in ICD-10-CM"
        assert description


def test_the_engine_says_what_it_is():
    assert ENGINE.name == "rules"
    assert ENGINE.model is None
    assert "no language model" in ENGINE.written_by
    assert ENGINE.prompt_version == "rules-1"


CASES = [
    # (lab text, expected code, evidence that must be cited)
    ("HbA1c 7.2 % (4.0-5.6) H\nFasting glucose 140 mg/dL (70-99) H", "E11.9", "HbA1c 7.2 %"),
    ("HbA1c 58 mmol/mol\nFasting plasma glucose 8.1 mmol/L", "E11.9", "HbA1c 58 mmol/mol"),
    ("\n".join(LAB_REPORT_LINES), "E11.9", "HbA1c 8.1 %"),
    ("HbA1c 6.0 %\nGlucose 92 mg/dL", "R73.03", "HbA1c 6 %"),
    ("Hemoglobin 9.1 g/dL L\nMCV 72 fL L\nFerritin 8 ng/mL L", "D50.9", "Ferritin 8 ng/mL"),
    ("Hemoglobin 10.5 g/dL (12.0-16.0)\nMCV 90 fL", "D64.9", "Hemoglobin 10.5 g/dL"),
    ("Hb 9.0 g/dL\nMCV 112 fL\nVitamin B12 120 pg/mL", "D51.9", "Vitamin B12 120 pg/mL"),
    ("TSH 9.5 mIU/L (0.4-4.0)\nFree T4 0.5 ng/dL (0.8-1.8)", "E03.9", "TSH 9.5 mIU/L"),
    ("TSH 6.1 mIU/L (0.4-4.0)\nFree T4 1.2 ng/dL (0.8-1.8)", "R94.6", "TSH 6.1 mIU/L"),
    ("TSH 0.01 mIU/L\nFree T4 3.2 ng/dL", "E05.90", "Free T4 3.2 ng/dL"),
    ("LDL 190 mg/dL\nTriglycerides 120 mg/dL\nHDL 50 mg/dL", "E78.00", "LDL cholesterol 190"),
    ("LDL 190 mg/dL\nTriglycerides 300 mg/dL", "E78.2", "Triglycerides 300 mg/dL"),
    ("Total cholesterol 260 mg/dL", "E78.5", "Total cholesterol 260 mg/dL"),
    ("Creatinine 2.1 mg/dL (0.6-1.2) H\neGFR 28 mL/min/1.73m2", "R94.4", "eGFR 28"),
    ("Troponin I 0.52 ng/mL (<0.04) H\nHbA1c 8.0 %", "R79.89", "Troponin I 0.52 ng/mL"),
    ("WBC 15.1 x10^9/L (4.0-11.0) H", "D72.829", "WBC 15.1"),
    ("CRP 48 mg/L (<5)", "R79.82", "CRP 48 mg/L"),
    ("ALT 120 U/L (7-55) H\nAST 95 U/L (8-48) H", "R74.01", "ALT 120 U/L"),
    ("Potassium 6.4 mmol/L (3.5-5.1) H\nSodium 138 mmol/L", "E87.5", "Potassium 6.4"),
    ("Sodium 124 mmol/L (135-145) L", "E87.1", "Sodium 124"),
    ("Urinalysis\nNitrite positive\nLeukocyte esterase 2+", "N39.0", "Nitrite positive"),
]


@pytest.mark.parametrize(("text", "code", "evidence"), CASES, ids=[c[1] for c in CASES])
def test_lab_texts_give_the_expected_diagnosis(text: str, code: str, evidence: str):
    summary, soap, diagnosis = _run(text)
    assert diagnosis.icd_code == code
    assert any(item.startswith(evidence) for item in diagnosis.supporting_evidence)
    _assert_honest(summary, soap, diagnosis)


NO_NOTES = PatientContext(age=54, gender="female")


def _assert_abstains(diagnosis: PrimaryDiagnosis) -> None:
    # #12: an encounter code (Z00) or R69 is not a diagnosis of the patient; abstain instead.
    assert diagnosis.primary_diagnosis == "Not determined"
    assert diagnosis.icd_code == ""
    assert diagnosis.confidence_reason


def test_normal_labs_and_no_notes_abstain_with_low_confidence():
    text = "Hemoglobin 14.1 g/dL (12.0-16.0)\nGlucose 88 mg/dL (70-99)\nTSH 1.9 mIU/L\nALT 22 U/L"
    summary, soap, diagnosis = _run(text, NO_NOTES)
    _assert_abstains(diagnosis)
    assert diagnosis.supporting_evidence == []
    assert diagnosis.confidence_score <= 0.2
    assert "within reference ranges" in " ".join(summary.key_findings)
    assert "routine" not in soap.plan


def test_normal_labs_with_a_complaint_give_the_complaint_with_low_confidence():
    text = "Hemoglobin 14.1 g/dL (12.0-16.0)\nGlucose 88 mg/dL (70-99)"
    summary, soap, diagnosis = _run(text)
    assert diagnosis.icd_code == "R53.83"  # "Tired for three months": fatigue
    assert diagnosis.confidence_score < 0.5
    assert any("Tired for three months" in item for item in diagnosis.supporting_evidence)
    _assert_honest(summary, soap, diagnosis)


def test_a_child_gets_no_adult_code_and_no_diabetes_type_guess():
    child = PatientContext(age=9, gender="male")
    _assert_abstains(_run("Hemoglobin 13.0 g/dL\nGlucose 85 mg/dL", child)[2])
    assert _run("HbA1c 9.0 %\nFasting glucose 160 mg/dL", child)[2].icd_code == "R73.9"


def test_no_lab_values_is_undetermined_with_the_lowest_confidence():
    summary, _, diagnosis = _run("Scanned report, no text layer.", NO_NOTES)
    _assert_abstains(diagnosis)
    assert diagnosis.confidence_score == pytest.approx(0.1)
    assert summary.confidence_score <= 0.1


def test_more_concordant_evidence_gives_more_confidence():
    alone = _run("HbA1c 7.2 %")[2].confidence_score
    confirmed = _run("HbA1c 7.2 %\nFasting glucose 140 mg/dL")[2].confidence_score
    single_anemia = _run("Hemoglobin 9.1 g/dL")[2].confidence_score
    full_anemia = _run("Hemoglobin 9.1 g/dL\nMCV 72 fL\nFerritin 8 ng/mL\nIron 30 ug/dL")[2]
    assert alone < confirmed <= 0.75
    assert single_anemia < full_anemia.confidence_score <= 0.75


def test_severe_anemia_outranks_a_diabetes_finding():
    assert _run("Hemoglobin 6.5 g/dL\nHbA1c 7.0 %")[2].icd_code == "D64.9"
    assert _run("Hemoglobin 11.0 g/dL\nHbA1c 7.0 %")[2].icd_code == "E11.9"


def test_secondary_findings_are_in_the_assessment_and_plan():
    _, soap, diagnosis = _run("\n".join(LAB_REPORT_LINES))
    assert diagnosis.icd_code == "E11.9"
    assert "Anemia, unspecified (D64.9)" in soap.assessment
    assert "Leukocytosis" in soap.plan
    assert "Tired for three months." in soap.subjective
    assert "54-year-old female" in soap.subjective


def test_values_from_the_pipeline_are_used_without_reparsing_the_text():
    given = LabValue(
        analyte="Hemoglobin",
        value=8.9,
        unit="g/dL",
        reference_low=12,
        reference_high=16,
        flag="low",
        source_file_id="lab-9",
    )
    labs = [LabDocument(file_id="lab-9", label="Lab file 1", text="", lab_values=[given])]
    _, diagnosis = ENGINE.write_soap_and_diagnosis(ADULT, labs, [])
    assert diagnosis.icd_code == "D64.9"
    assert diagnosis.supporting_evidence == ["Hemoglobin 8.9 g/dL (low; reference 12–16)"]


def test_text_around_the_values_never_reaches_the_insights():
    text = "Patient: Jane Doe  DOB 1970-01-01\nHemoglobin 9.8 g/dL (12.0-16.0) L"
    summary, soap, diagnosis = _run(text)
    everything = summary.model_dump_json() + soap.model_dump_json() + diagnosis.model_dump_json()
    assert "Jane" not in everything and "Doe" not in everything


def _ct_image() -> RadiologyImage:
    metadata = {
        "modality": "CT",
        "body_part": "CHEST",
        "study_description": "CT chest",
        "PatientID": "123-45",
        "window_width": 400,
    }
    return RadiologyImage(
        file_id="img-1",
        label="Radiology image 1",
        png=b"\x89PNG",
        width=512,
        height=512,
        metadata=metadata,
    )


def test_an_image_is_described_not_interpreted():
    image = _ct_image()
    analysis = ENGINE.read_image(image, ADULT)
    assert analysis.confidence_score <= 0.3
    assert "No image interpretation was performed" in analysis.findings
    assert analysis.key_abnormalities == []
    assert (analysis.modality, analysis.body_part) == ("CT", "CHEST")
    assert analysis.image_properties["width"] == 512
    assert analysis.image_properties["window_width"] == 400
    assert "PatientID" not in analysis.image_properties
    bare = RadiologyImage(file_id="img-2", label="Radiology image 2", png=b"", width=64, height=48)
    assert ENGINE.read_image(bare, ADULT).confidence_score < analysis.confidence_score
    assert ENGINE.read_scanned_page(b"\x89PNG", ADULT) is None


def test_images_appear_in_the_summary_soap_and_compiled_insights():
    image = _ct_image()
    images = [(image, ENGINE.read_image(image, ADULT))]
    summary, soap, diagnosis = _run("\n".join(LAB_REPORT_LINES), images=images)
    assert "Radiology image 1: CT, chest, CT chest, 512 × 512 pixels" in summary.radiology_summary
    assert "not interpreted" in summary.radiology_summary
    assert "radiologist" in soap.plan
    assert "123-45" not in summary.model_dump_json() + soap.model_dump_json()
    insights = Insights.compile(
        summary,
        soap,
        diagnosis,
        generated_at="2024-01-01T00:00:00Z",
        lab_values=[],
        provenance=Provenance(
            engine=ENGINE.name,
            model=ENGINE.model,
            written_by=ENGINE.written_by,
            prompt_version=ENGINE.prompt_version,
        ),
    )
    assert 0.0 <= insights.overall_confidence_score <= 0.75
