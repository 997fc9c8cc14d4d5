"""The rules engine's failure classes of issue #29, each from a real snippet of its class:
the doctor's word order, ranking by how far values lie outside their ranges, borderline
values, and reads that must never drive a diagnosis."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes


def test_diabetes_type_in_the_index_word_order() -> None:
    # Issue #29: "diabetes mellitus, type 1" gave type 2 diabetes while quoting the note.
    for note in (
        "Assessment: Diabetes mellitus, type 1.",
        "Assessment: DM type 1, poorly controlled.",
        "Impression: diabetes mellitus (type I).",
    ):
        facts = read_notes(note, [])
        assert [m.condition.name for m in facts.stated] == ["Type 1 diabetes mellitus"], note
        assert diagnose([], 30, facts).diagnosis.icd_code.startswith("E10"), note
    # Development set, mt-uti-chest-pain-csf-er: "diabetes mellitus type 2 non-insulin ...".
    facts = read_notes("Diagnoses: diabetes mellitus type 2 non-insulin dependent.", [])
    assert [m.condition.name for m in facts.stated] == ["Type 2 diabetes mellitus"]


# xt67/Health-Insights-Agent, src/config/sample_data.py (SAMPLE_REPORT, "LIPID PROFILE"):
# LDL and triglycerides exactly at their limits written "<100" and "<150".
LIPIDS_AT_THEIR_LIMITS = """LIPID PROFILE
Total Cholesterol: 180 mg/dL (Reference: <200)
HDL Cholesterol: 55 mg/dL (Reference: >40)
LDL Cholesterol: 100 mg/dL (Reference: <100)
Triglycerides: 150 mg/dL (Reference: <150)"""


def test_lipids_at_their_limits_are_no_mixed_hyperlipidaemia() -> None:
    # Issue #29: LDL 100 and triglycerides 150 became "mixed hyperlipidaemia" at 0.6.
    values = parse_lab_values(LIPIDS_AT_THEIR_LIMITS)
    result = diagnose(values, 50)
    codes = [r.code for r in result.ranked] + [c.finding.code for c in result.findings]
    assert not any(code.startswith("E78") for code in codes)
    assert result.diagnosis.icd_code == ""  # nothing beyond borderline: the engine abstains


def test_a_borderline_value_never_makes_the_primary_diagnosis_alone() -> None:
    # Development set, mt-pituitary-adenoma-hyponatraemia, the electrolytes with sodium at
    # 132 instead of 121: within 10 % of its limit, it is shown, not diagnosed.
    values = parse_lab_values("LAB: Na 132 meq/L, K 4.2 meq/L, Cl 100 meq/L")
    assert next(v for v in values if v.analyte == "Sodium").flag == "low"
    result = diagnose(values, 50)
    assert result.diagnosis.icd_code == ""
    assert [c.key for c in result.findings] == ["hyponatremia"]  # still a finding


def test_how_far_outside_outranks_the_organ_tables_order() -> None:
    # Issue #29: a creatinine of 1.17 x the upper limit ranked above ALP 3.4 x ULN with
    # WBC 14.7 and CRP 48.
    values = parse_lab_values(
        "Creatinine 1.52 mg/dL (0.6-1.3), ALP 442 U/L (40-130), WBC 14.7 x10^9/L (4.0-11.0), "
        "CRP 48 mg/L (<5)"
    )
    result = diagnose(values, 50)
    assert result.diagnosis.icd_code == "R74.8"  # the enzymes 3.4 x ULN
    names = [r.name for r in result.ranked]
    assert names.index("Abnormal serum enzyme levels") < names.index(
        "Abnormal kidney function (reduced eGFR or raised creatinine)"
    )


def test_a_doubtful_read_drives_no_diagnosis() -> None:
    # Development set, mt-pituitary-adenoma-hyponatraemia, "K 4.2 meq/L" with its decimal
    # point lost: kept for the doctor, never hyperkalaemia.
    values = parse_lab_values("LAB: Na 141 meq/L, K 42 meq/L, Cl 101 meq/L")
    assert [v.analyte for v in values if v.doubtful] == ["Potassium"]
    result = diagnose(values, 50)
    assert result.findings == [] and result.diagnosis.icd_code == ""


def test_negation_is_negex_with_the_notes_own_shapes() -> None:
    # Development set, mt-uti-chest-pain-csf-er (MTSamples): a diagnosis "ruled out" after
    # its name is denied, the one after it stands.
    facts = read_notes(
        "The patient was discharged with a diagnoses of chest pain, acute myocardial "
        "infarction ruled out, urinary tract infection, fever secondary to UTI.",
        [],
    )
    assert "Acute myocardial infarction" in facts.negated
    assert "Urinary tract infection" in [m.condition.name for m in facts.stated]
    # NegEx's clinical termset: "no evidence of" denies; "rule out" keeps it to exclude.
    assert "Pneumonia" in read_notes("Assessment: no evidence of pneumonia.", []).negated
    suspected = read_notes("Assessment: rule out sepsis.", [])
    assert [m.condition.name for m in suspected.stated] == ["Sepsis"]


def test_a_condition_in_the_notes_is_found_by_the_code_sets_terms() -> None:
    # Issue #29: conditions in notes against ICD-10-CM's terms, not only a hand list.
    facts = read_notes("Follow-up of progressive multifocal leukoencephalopathy.", [])
    assert [m.condition.code for m in facts.stated] == ["A81.2"]
    assert diagnose([], 50, facts).diagnosis.icd_code == "A81.2"
    # A description's head names its category: "demyelinating disease" is G37.
    facts = read_notes("MRI of the brain for a demyelinating disease.", [])
    assert [m.condition.code[:3] for m in facts.stated] == ["G37"]
    # Denied, a relative's, or history: not the patient's diagnosis now.
    for note in (
        "No evidence of polyarteritis nodosa.",
        "Mother had polyarteritis nodosa.",
        "History of polyarteritis nodosa in 1990.",
    ):
        assert read_notes(note, []).stated == [], note
    # Single short words never code a case on their own.
    assert read_notes("Pain and fever.", []).stated == [] or all(
        m.condition.code[0] == "R" for m in read_notes("Pain and fever.", []).stated
    )


def test_a_bare_t4_in_ng_per_dl_is_the_free_hormone_and_makes_hypothyroidism() -> None:
    # Aswath-Ramana/Health_Dashboard, src/config/sample_data.py (SAMPLE_REPORT, "THYROID
    # FUNCTION", commit e0390960e5c8f0f68e6efd50f17de3dd35690686, MIT): "T4" in ng/dL with a
    # range of 0.8-1.8 is a free T4 (a total T4 is reported in µg/dL or nmol/L); with TSH 6.5
    # it is overt primary hypothyroidism, not just "abnormal thyroid tests".
    values = parse_lab_values(
        "TSH: 6.5 µIU/mL (Reference: 0.4-4.0)  # High\nT4: 0.7 ng/dL (Reference: 0.8-1.8)  # Low"
    )
    assert [(v.analyte, v.flag) for v in values] == [("TSH", "high"), ("Free T4", "low")]
    assert diagnose(values, 50).diagnosis.icd_code.startswith("E03")
    # A total T4 in its own unit stays a total T4.
    assert [v.analyte for v in parse_lab_values("T4: 9.1 ug/dL (4.5-12.0)")] == ["Total T4"]


def test_indian_digit_grouping_is_one_number() -> None:
    # akyourowngames/friday, sample_lab_report.txt (commit
    # 2b4141ac09e5e7cf949ff6e9217ab4b5037d4733, MIT), an Indian hospital's CBC: lakh grouping
    # "2,10,000" is 210,000 per µL, not a platelet count of 2.
    values = parse_lab_values(
        "  Platelet Count            2,10,000 /uL  1,50,000 - 4,00,000 -\n"
        "  Total WBC Count           14,800 /uL    4,000 - 11,000     HIGH\n"
    )
    platelets = next(v for v in values if v.analyte == "Platelets")
    assert (platelets.value, platelets.reference_low, platelets.reference_high) == (
        210000,
        150000,
        400000,
    )
    assert platelets.flag is None
