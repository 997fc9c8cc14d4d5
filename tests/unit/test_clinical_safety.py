"""Clinical safety of the offline analysis (#12): the critical-value list, plans that never
read as routine, notes read with negation and history, no contradiction of the patient's
medicines, a differential with evidence, abstention instead of encounter codes, honest
confidence, and unread tests and pages said in the summary."""

from __future__ import annotations

import pytest

from core.analysis.labs.critical import is_critical
from core.analysis.labs.parse import parse_lab_values
from core.analysis.rules.engine import RulesEngine
from core.analysis.rules.notes import read_notes
from core.insights import LabDocument, LabValue, PatientContext

ENGINE = RulesEngine()
ADULT = PatientContext(age=61, gender="male")


def _blood(analyte: str, value: float, unit: str | None, **extra: object) -> LabValue:
    return LabValue(analyte=analyte, value=value, unit=unit, **extra)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "critical"),
    [
        (_blood("Potassium", 6.3, "mmol/L"), True),
        (_blood("Potassium", 6.2, "mmol/L"), False),
        (_blood("Potassium", 2.7, "mEq/L"), True),
        (_blood("Potassium", 2.8, "mmol/L"), False),  # "< 2.8": exactly 2.8 is not below
        (_blood("Sodium", 119, "mmol/L"), True),
        (_blood("Glucose", 40, "mg/dL"), True),
        (_blood("Glucose", 2.2, "mmol/L"), True),
        (_blood("Glucose", 470, "mg/dL"), True),
        (_blood("Hemoglobin", 6.9, "g/dL"), True),
        (_blood("Hemoglobin", 69, "g/L"), True),
        (_blood("Platelets", 19, "x10^9/L"), True),
        (_blood("Platelets", 19000, "/uL"), True),
        (_blood("INR", 5.1, None), True),
        (_blood("INR", 5.0, None), False),
        (_blood("Troponin I", 0.52, "ng/mL", flag="high"), True),
        (_blood("Troponin I", 0.01, "ng/mL", comparator="<"), False),
        (_blood("Glucose", 30, "mg/dL", specimen="csf"), False),  # not a blood value
    ],
)
def test_the_published_critical_list(value: LabValue, critical: bool):
    assert is_critical(value) is critical


def test_parsed_values_are_marked_critical():
    values = {v.analyte: v for v in parse_lab_values("Today INR of 6.52. Sodium 141.")}
    assert values["INR"].critical and not values["Sodium"].critical


def _run(text: str, context: PatientContext = ADULT, **document: object):  # type: ignore[no-untyped-def]
    labs = [LabDocument(file_id="f1", label="Lab file 1", text=text, **document)]  # type: ignore[arg-type]
    summary = ENGINE.summarize_case(context, labs, [])
    soap, diagnosis = ENGINE.write_soap_and_diagnosis(context, labs, [])
    return summary, soap, diagnosis


def test_a_critical_value_comes_first_and_the_plan_is_urgent_never_routine():
    summary, soap, _ = _run("Hemoglobin 14.1 g/dL\nGlucose 92 mg/dL\nINR of 6.52.")
    assert summary.comprehensive_summary.startswith("URGENT: 1 critical value(s)")
    assert summary.key_findings[0].startswith("CRITICAL: INR 6.52")
    assert soap.plan.startswith("URGENT: critical value(s) for INR")
    assert "routine" not in soap.plan.lower()
    assert "within reference ranges" not in " ".join(summary.key_findings)


def test_a_test_named_but_unread_blocks_the_all_normal_sentence():
    summary, soap, _ = _run("Hemoglobin 14.1 g/dL\nGlucose 92 mg/dL\nINR elevated, see chart.")
    assert "INR mentioned, value not read" in summary.key_findings
    assert not any("within reference ranges" in k for k in summary.key_findings)
    assert "INR mentioned, value not read" in summary.lab_summary
    assert "could not read: INR" in soap.plan
    normal, _, _ = _run("Hemoglobin 14.1 g/dL\nGlucose 92 mg/dL")
    assert "All 2 lab values are within reference ranges." in normal.key_findings


def test_unread_scanned_pages_are_counted_in_the_summary():
    summary, soap, _ = _run("Sodium 140 mmol/L", unread_pages=2)
    assert "2 page(s) could not be read" in summary.comprehensive_summary
    assert "2 page(s) without a text layer" in soap.plan


def test_notes_read_with_negation_history_and_family():
    facts = read_notes(
        "Known type 2 diabetes on metformin.",
        [
            "HISTORY OF PRESENT ILLNESS: He presents with fever and cough. He denies chest "
            "pain, nausea or vomiting. History of atrial fibrillation.\n"
            "FAMILY HISTORY: Mother had breast cancer and stroke.\n"
            "ASSESSMENT: 1. Community-acquired pneumonia. 2. Rule out sepsis."
        ],
    )
    assert [m.condition.name for m in facts.stated] == ["Pneumonia", "Sepsis"]
    assert {m.condition.name for m in facts.current} == {"Fever", "Cough"}
    assert {m.condition.name for m in facts.history} == {
        "Type 2 diabetes mellitus",
        "Atrial fibrillation",
    }
    assert {"Chest pain", "Nausea with vomiting"} <= facts.negated
    assert "metformin" in facts.medicines
    assert not facts.knows("Cerebral infarction")  # the mother's stroke


def test_never_suggest_metformin_to_a_patient_on_it_or_with_raised_creatinine():
    on_it = PatientContext(age=61, gender="male", doctor_notes="Diabetic on metformin 1 g bid.")
    _, soap, _ = _run("HbA1c 8.2 %\nCreatinine 1.9 mg/dL", on_it)
    assert "consider metformin" not in soap.plan.lower()
    assert "review the current metformin" in soap.plan
    assert "Confirm by the standard criteria" not in soap.plan  # known diabetes
    _, soap, _ = _run("HbA1c 8.2 %\nFasting glucose 160 mg/dL\nCreatinine 1.9 mg/dL")
    assert "consider metformin" not in soap.plan.lower()
    assert "metformin is not suggested (creatinine 1.9 mg/dL, above range)" in soap.plan


def test_a_stated_diagnosis_leads_and_the_differential_has_evidence():
    notes = PatientContext(age=70, gender="female", doctor_notes="Decompensated heart failure.")
    _, soap, diagnosis = _run(
        "BNP 1450 pg/mL\nSodium 128 mmol/L\nHemoglobin 10.1 g/dL\nCreatinine 1.6 mg/dL", notes
    )
    assert diagnosis.icd_code.startswith("I50")
    assert any("BNP 1450" in e for e in diagnosis.supporting_evidence)
    assert 1 <= len(diagnosis.differential) <= 3
    assert all(d.supporting_evidence and d.icd_code for d in diagnosis.differential)
    assert diagnosis.differential[0].diagnosis in soap.assessment
    assert diagnosis.confidence_reason.startswith("Stated by the doctor")


def test_critical_findings_rank_before_chronic_ones():
    _, _, diagnosis = _run("LDL 190 mg/dL\nTriglycerides 300 mg/dL\nPotassium 6.9 mmol/L")
    assert diagnosis.icd_code == "E87.5"
    assert diagnosis.differential[0].icd_code == "E78.2"


def test_no_encounter_code_abstain_instead():
    _, soap, diagnosis = _run(
        "Sodium 140 mmol/L\nGlucose 90 mg/dL", PatientContext(age=40, gender="f")
    )
    assert (diagnosis.primary_diagnosis, diagnosis.icd_code) == ("Not determined", "")
    assert not diagnosis.icd_code.startswith("Z00")
    assert "Not determined" in soap.assessment and "routine" not in soap.plan.lower()


def test_a_thinly_supported_diagnosis_stays_below_one_half():
    _, _, one = _run("CRP 48 mg/L (<5)")
    assert one.confidence_score < 0.5
    assert one.confidence_reason == "A single lab value supports it."
    _, _, unsure = _run("Ferritin 8 ng/mL\nHemoglobin 9.1 g/dL\nINR was high.")
    _, _, sure = _run("Ferritin 8 ng/mL\nHemoglobin 9.1 g/dL")
    assert unsure.confidence_score < sure.confidence_score  # an unread test lowers it
    assert "could not be read" in unsure.confidence_reason


def test_a_csf_glucose_is_no_hypoglycaemia_and_an_earlier_value_does_not_drive_findings():
    _, _, diagnosis = _run("Serum glucose 95 mg/dL. CSF glucose 30 mg/dL (40-70) L.")
    assert diagnosis.icd_code != "E16.2"
    _, _, diagnosis = _run("Potassium was 6.1 yesterday. Today potassium 4.4.")
    assert diagnosis.icd_code != "E87.5"


def test_ketoacidosis_follows_the_diabetes_type_of_the_notes():
    type_1 = PatientContext(
        age=30, gender="female", doctor_notes="Type 1 diabetes, admitted with DKA."
    )
    type_2 = PatientContext(
        age=60, gender="male", doctor_notes="Type 2 diabetes, admitted with DKA."
    )
    assert _run("Glucose 520 mg/dL", type_1)[2].icd_code == "E10.10"
    assert _run("Glucose 520 mg/dL", type_2)[2].icd_code == "E11.10"


def test_an_abstention_is_left_unchecked_not_marked_invalid():
    from core.icd10 import annotate_diagnosis
    from core.insights import PrimaryDiagnosis

    abstained = PrimaryDiagnosis(primary_diagnosis="Not determined", icd_code="")
    assert annotate_diagnosis(abstained).icd_code_valid is None
    assert (
        annotate_diagnosis(abstained.model_copy(update={"icd_code": "Q99.X9"})).icd_code_valid
        is False
    )


def test_raised_tsh_with_thyroid_antibodies_is_hashimotos_and_outranks_lipids():
    text = "TSH 6.8 mIU/L (0.4-4.0)\nFree T4 0.9 ng/dL\nAnti-TPO antibody 185 IU/mL (0-35)\n"
    text += "Total cholesterol 240 mg/dL\nTriglycerides 190 mg/dL\nLDL 160 mg/dL"
    _, _, diagnosis = _run(text, PatientContext(age=42, gender="female"))
    assert diagnosis.icd_code == "E06.3"
    assert any(d.icd_code == "E78.2" for d in diagnosis.differential)


def test_a_past_event_named_in_the_history_of_illness_is_history_not_current():
    facts = read_notes(
        None,
        [
            "HISTORY OF PRESENT ILLNESS: She was on anticoagulation for a deep venous "
            "thrombosis she had early this year, complicated by septic phlebitis. She now "
            "presents with pneumonia."
        ],
    )
    assert [m.condition.name for m in facts.current] == ["Pneumonia"]
    assert [m.condition.name for m in facts.history] == ["Deep vein thrombosis"]


def test_large_counts_are_written_in_full():
    from core.analysis.labs.format import format_lab_value

    platelets = parse_lab_values("Platelets 1,121,000 /uL")[0]
    assert format_lab_value(platelets).startswith("Platelets 1121000 /uL")


def test_non_before_a_condition_denies_it():
    note = "CHIEF COMPLAINT: Cough.\nHISTORY OF PRESENT ILLNESS: A non-diabetic man presents."
    facts = read_notes(None, [note])
    assert [m.condition.name for m in facts.current] == ["Cough"]  # the note was read
    assert not facts.knows("Type 2 diabetes mellitus")


@pytest.mark.parametrize(
    "sentence",
    [
        # MedRBench PMC11540479 (a carotid-cavernous fistula): the spinal cord's veins
        "This finding explained progressive myelopathic symptoms that occurred in this patient "
        "was due to venous hypertension.",
        # MedRBench PMC11544788 (massive fetomaternal haemorrhage): the newborn's lungs
        "The neonate was in a state of hypovolemic shock and respiratory failure with pulmonary "
        "hypertension, requiring intubation.",
        "Doppler ultrasound showed portal hypertension with splenomegaly.",
        "She was referred with idiopathic intracranial hypertension and papilledema.",
    ],
)
def test_a_hypertension_of_another_circulation_is_no_essential_hypertension(sentence: str):
    facts = read_notes(None, ["HISTORY OF PRESENT ILLNESS: " + sentence])
    assert not facts.knows("Essential hypertension")


def test_arterial_hypertension_is_still_essential_hypertension():
    # MedRBench PMC11596152: a European report's "arterial hypertension" in the history
    facts = read_notes(
        None,
        [
            "HISTORY OF PRESENT ILLNESS: Her medical history included situs inversus, arterial "
            "hypertension, and two previous infections with Toxocara canis."
        ],
    )
    assert facts.knows("Essential hypertension")


def test_an_abbreviation_in_brackets_after_its_words_is_the_same_mention():
    # CaseReportBench dev case cr-known-case-alkaptonuria-*: the infections are history (or
    # unread), their bracketed abbreviation is no second, current mention
    facts = read_notes(
        None,
        [
            "HISTORY OF PRESENT ILLNESS: He also reports blackish discoloration of his urine and "
            "history of recurrent urinary tract infections (UTIs)."
        ],
    )
    assert facts.current == []
