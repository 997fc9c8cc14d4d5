"""The rules engine's diagnosis on radiology reports and published case reports (issue #29):
the impression decides, read with negation; hedged words are weaker than stated ones; a
question ("evaluate for", "protocol") is no finding; a normal study is said to be normal;
a case report's stated diagnosis (any word order) outranks history and the first symptom.

Every text is a real public document's lines, quoted with its provenance: MTSamples
radiology reports (terrah27/spider_mtsamples.com @ 7794f006f0, the development set's cases
named below) and PMC case reports (adahealth/medical_case_report_corpus @ 2388336135).
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.notes import read_notes

# dev/mtr-ct-chest-template-no-acute-abnormality (MTSamples, Radiology / CT Chest).
NORMAL_CT_CHEST = """TECHNIQUE:  Sequential axial CT images were obtained from the base of the \
brain to \
the upper abdomen following the uneventful administration of 100cc Optiray 350 intravenous contrast.

FINDINGS:  The heart size is normal and there is no pericardial effusion.  The central pulmonary \
arteries are patent with no evidence of embolus.  There is no significant mediastinal, hilar, or \
axillary lymphadenopathy.  The lungs are clear with no infiltrates, effusions, or masses.  There \
is no pneumothorax.

IMPRESSION:  No acute abnormalities.
"""

# dev/mtr-ct-kub-no-stone-phleboliths (MTSamples, Radiology / CT KUB): notes and report.
KUB_NOTES = "Noncontrast CT abdomen and pelvis per renal stone protocol."
KUB_REPORT = """EXAM:  CT KUB.

REASON FOR EXAM:  Flank pain.

TECHNIQUE:  Noncontrast CT abdomen and pelvis per renal stone protocol.

FINDINGS:  There is no intrarenal stone or obstruction bilaterally.

IMPRESSION:
1. No renal stone or evidence of obstruction.  Stable appearing pelvic calcifications likely \
indicate phleboliths.
2. Normal appendix.
"""

# dev/mtr-cta-chest-no-embolus-chest-wall-mass-effusions (MTSamples, Chest Pulmonary Angio).
CTA_NOTES = (
    "Postcontrast CT chest pulmonary embolism protocol, 100 mL of Isovue-300 contrast is utilized."
)
CTA_REPORT = """EXAM:  CTA chest pulmonary angio.

REASON FOR EXAM:  Evaluate for pulmonary embolism.

IMPRESSION:
1.  Again demonstrated is a large right chest wall mass.
2.  No central embolus, distal subsegmental and segmental pulmonary artery branches are in part \
obscured by the pulmonary parenchymal findings, are not well assessed.
3.  New bilateral pleural effusions and extensive increasing consolidations and infiltrates in \
the right lung.
"""

# dev/mtr-cxr-moderate-pneumothorax-lobar-collapse (MTSamples, Radiology / Chest PA & Lateral).
PNEUMOTHORAX_CXR = """EXAM:  Chest PA & Lateral.

REASON FOR EXAM:  Shortness of breath, evaluate for pneumothorax versus left-sided effusion.

INTERPRETATION:  There has been interval development of a moderate left-sided pneumothorax with \
near complete collapse of the left upper lobe.  There is stable, diffuse, bilateral interstitial \
thickening with no definite acute air space consolidation.

IMPRESSION:
1.  Interval development of moderate left-sided pneumothorax with corresponding left lung \
atelectasis.
2.  Rest of visualized exam nonacute/stable.
"""

# MTSamples, Radiology / CT Abdomen & Pelvis - 3 (sample 1411; .scrapy/httpcache/mt/1a/
# 1a5f5a5eb972287911d192a237cc668b8682bcef), its impression's first and fourth items.
CIRRHOSIS_HEDGED = """EXAM:  CT of the abdomen and pelvis without contrast.

IMPRESSION:
1.  Anterior abdominal wall hernia with mesenteric fat-containing stranding, suggestive of \
incarcerated fat.
4.  Hepatomegaly with changes suggestive of cirrhosis.  There is also splenomegaly observed.
"""

# dev/cr-long-qt-syndrome-diagnosis-entertained-low-potassium (PMC3256463), case section.
LONG_QT_CASE = (
    "Case report A 29 year-old Caucasian male, recently diagnosed with seizure disorder, was "
    "brought to emergency room for altered mental status with combative behavior. Patient was "
    "having syncopal episodes and sudden seizures with spontaneous resolution in few minutes for "
    "the past 4-5 months. Family history was significant for sudden deaths in family in early "
    "age. Given the history of sudden cardiac deaths in the family and seizure like episodes in "
    "the patient, diagnosis of Congenital long QT syndrome was entertained and an Epinephrine "
    "induced QT stress test was planned."
)

# dev/cr-transient-global-amnesia-normal-workup (PMC3433013), case section.
AMNESIA_CASE = (
    "Case Presentation A 65-year-old Caucasian woman presented to our emergency department with a "
    "chief complaint of confusion and forgetfulness. The patient's past medical history was "
    "significant only for well-controlled hypertension and hypercholesterolemia. Laboratory "
    "investigations revealed a normal complete blood count, chemistry panel, thyroid stimulating "
    "hormone, and coagulation profile."
)


def test_a_normal_imaging_study_is_said_to_be_normal_without_a_disease() -> None:
    facts = read_notes("", [NORMAL_CT_CHEST])
    result = diagnose([], 50, facts)
    assert result.diagnosis.icd_code == ""
    assert "normal imaging study" in result.diagnosis.description.lower()
    assert "No acute abnormalities" in result.diagnosis.description
    assert result.diagnosis.confidence_score <= 0.2
    assert not facts.stated  # "no pneumothorax", "no ... lymphadenopathy" are negated


def test_a_question_or_protocol_is_no_finding() -> None:
    # "renal stone protocol" and "evaluate for pulmonary embolism" ask; the impression answers.
    kub = read_notes(KUB_NOTES, [KUB_REPORT])
    assert not any(m.condition.code.startswith("N20") for m in kub.stated + kub.current)
    assert diagnose([], 50, kub).diagnosis.icd_code.startswith("R10")  # the complaint only
    cta = read_notes(CTA_NOTES, [CTA_REPORT])
    codes = [r.code for r in diagnose([], 50, cta).ranked]
    assert not any(code.startswith("I26") for code in codes)
    assert codes[0].startswith("J9")  # the pleural effusions the impression states


def test_the_impression_decides_with_negation() -> None:
    facts = read_notes("", [PNEUMOTHORAX_CXR])
    result = diagnose([], 50, facts)
    assert result.diagnosis.icd_code.startswith("J93")
    assert not any(r.code.startswith("J18") for r in result.ranked)  # "no ... consolidation"


def test_a_hedged_finding_is_weaker_than_a_stated_one() -> None:
    facts = read_notes("", [CIRRHOSIS_HEDGED])
    result = diagnose([], 50, facts)
    assert result.diagnosis.icd_code == "R16.0"  # stated: hepatomegaly
    cirrhosis = next(r for r in result.ranked if r.code.startswith("K74"))
    assert cirrhosis.hedged  # "suggestive of"
    assert cirrhosis is result.ranked[-1]  # after every finding stated firmly
    differential = {d.icd_code: d.confidence_score for d in result.diagnosis.differential}
    assert differential[cirrhosis.code] < result.diagnosis.confidence_score


def test_code_set_inclusion_terms_name_conditions() -> None:
    # ICD-10-CM's inclusion terms: "Pulmonary edema NOS" (J81.1), "Confusion NOS" (R41.0);
    # "Respiratory distress" alone is no newborn's disease (P22) in an adult's words.
    assert [c.code[:3] for _, _, c in icd_conditions("Pulmonary edema NOS")] == ["J81"]
    assert [c.code for _, _, c in icd_conditions("confusion and forgetfulness")] == ["R41.0"]
    assert icd_conditions("Respiratory distress.") == []


def test_a_case_reports_stated_diagnosis_outranks_the_first_symptom_and_history() -> None:
    facts = read_notes("", [LONG_QT_CASE])
    assert [m.condition.code for m in facts.stated] == ["I45.81"]  # not the family's
    # "recently diagnosed with seizure disorder" (the code set's G40.909 or R56): history
    assert any(m.condition.code.startswith(("R56", "G40")) for m in facts.history)
    assert diagnose([], 29, facts).diagnosis.icd_code == "I45.81"


def test_the_presenting_problem_outweighs_history_when_nothing_is_stated() -> None:
    facts = read_notes("", [AMNESIA_CASE])
    result = diagnose([], 65, facts)
    assert result.diagnosis.icd_code == "R41.0"  # confusion, not the known hypertension
    assert result.diagnosis.confidence_score < 0.5


def test_a_substance_poisoning_is_named_by_its_toxic_effect_code() -> None:
    """ICD-10-CM says "Toxic effect of carbon monoxide" where notes say "carbon monoxide
    poisoning" (MTSamples' CO poisoning consult); the substance's category is found in each
    usual wording, longer than the bare "Poisoning NOS"."""
    for sentence in (
        "Admitted with carbon monoxide poisoning after a house fire.",
        "Carbon monoxide toxicity with a COHb of 28%.",
        "Poisoning by carbon monoxide was confirmed.",
    ):
        [(_, _, condition)] = icd_conditions(sentence)
        assert condition.code == "T58", sentence
    [(_, _, ethanol)] = icd_conditions("ethanol intoxication")
    assert ethanol.code == "T51"
