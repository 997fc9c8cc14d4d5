"""The primary diagnosis of a case report where a sign, a complaint or a factor of the
patient's situation came before what the case found (issue #29, reader-dxs12).

Round twelve counted, over CUPCase's Journal of Medical Case Reports presentations and the
MedRBench and CaseReportBench pools, the wrong primaries by a mechanical test on the
primary's own mention. The classes fixed here were seen in two or more reports:

- a factor of chapter Z (a week of gestation, a body mass index, an incidental pregnancy, a
  status) led the ranking while the report names a condition;
- a sign of chapter R the patient presented or was admitted with ("presented with signs of
  an acute abdomen", "admitted with ... orthopnea") led a disease of the same weight the case
  tells now beside it; it comes after that disease and still before a lab pattern (a sign a
  test or an examination found keeps its place);
- "admitted with <symptoms>" stated the symptoms as the doctor's diagnosis, where "presented
  with <symptoms>" tells the complaint.

Every sentence is a real public document's, quoted with its provenance (patients' details
left out).
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from tests.unit.notes_reading import note_facts, primary_code

# A factor of chapter Z --------------------------------------------------------------------


def test_the_week_of_gestation_comes_after_the_fetal_anomaly() -> None:
    # JMCR (CUPCase, final diagnosis "Conjoined twins").
    text = (
        "A 20-year-old primigravid woman was referred to our hospital at 22 weeks of gestation "
        "with a diagnosis of large fetal intra-abdominal cysts identified during a routine "
        "ultrasound examination. Decompression of the thoracic and abdominal cavity allowed "
        "further descent and separation of the thoracopagus."
    )
    ranked = diagnose([], 50, note_facts(text)).ranked
    assert any(r.code.startswith("Z3A") for r in ranked)  # still read, as context
    assert primary_code(text).startswith("Q89")


def test_an_incidental_pregnancy_comes_after_the_complaint() -> None:
    # JMCR (CUPCase, final diagnosis "Spinal Muscular Atrophy (SMA) type 3").
    text = (
        "A 28-year-old Asian woman in the first trimester of her second pregnancy was referred "
        "to the neurology department from the obstetric department for multidisciplinary "
        "antenatal care regarding her muscle weakness."
    )
    facts = note_facts(text)
    assert any(m.condition.code.startswith("Z33") for m in facts.current)
    assert not primary_code(text).startswith("Z")


def test_a_factor_alone_still_leads() -> None:
    # The same opening without its complaint: the pregnancy is all the text tells.
    text = (
        "A 28-year-old Asian woman in the first trimester of her second pregnancy was referred "
        "to the neurology department from the obstetric department."
    )
    assert primary_code(text).startswith("Z33")


# A sign of chapter R beside a disease -------------------------------------------------------


def test_a_disease_a_scan_showed_leads_the_acute_abdomen() -> None:
    # JMCR (CUPCase, final diagnosis Boerhaave syndrome): the CT's gap to the emphysema is
    # too long for "found by a test"; the sign still comes after the disease.
    text = (
        "In the emergency room she presented with signs of an acute abdomen (abdomen tender "
        "and bloated) and persistent and slightly increasing back pain. An immediate computed "
        "tomography (CT) scan with oral contrast medium (CM) was conducted and showed a CM "
        "extravasation at the level of the lower thoracic esophagus just above the "
        "esophagogastric junction and a small mediastinal emphysema."
    )
    facts = note_facts(text)
    assert any(m.complaint and m.condition.code.startswith("R10") for m in facts.current)
    ranked = diagnose([], 50, facts).ranked
    assert [r.code[:1] for r in ranked[:2]] == ["J", "R"]


def test_a_sign_a_scan_found_keeps_its_place_before_a_later_disease() -> None:
    # JMCR (CUPCase, an NK/T-cell lymphoma): the lymphadenopathy a PET-CT found is no
    # complaint, and the diabetes that came during follow-up does not overtake it.
    text = (
        "At this time, a positron emission tomography-computed tomography scan (PET-CT) "
        "revealed he had left cervical lymphadenopathy and nasopharynx, oropharynx, and soft "
        "palate avid. During follow-up he developed diabetes and had an increasing number of "
        "EBV copies, as determined by PCR, despite antiviral therapy."
    )
    assert not any(m.complaint for m in note_facts(text).current)
    assert primary_code(text).startswith("R59")


def test_a_sign_alone_still_leads() -> None:
    text = (
        "In the emergency room she presented with signs of an acute abdomen (abdomen tender "
        "and bloated) and persistent and slightly increasing back pain."
    )
    assert primary_code(text).startswith("R10")


# "Admitted with" symptoms ---------------------------------------------------------------------


_ADMITTED = (
    "A 37-year-old male was admitted with dyspnea, fever, weight loss, cough, sweating, "
    "paroxysmal nocturnal dyspnea, exertional dyspnea, orthopnea, and abdominal pain."
)


def test_symptoms_a_patient_was_admitted_with_are_the_complaint() -> None:
    # CaseReportBench (item 51, a tricuspid valve endocarditis in a patient with AIP).
    facts = note_facts(_ADMITTED)
    assert not facts.stated
    complaint = {m.condition.code[:3] for m in facts.current}
    assert {"R06", "R50", "R05"} <= complaint


def test_a_disease_named_after_the_admission_leads_its_symptoms() -> None:
    # The same report goes on; its porphyria, not its dyspnoea, is the disease it names
    # (the endocarditis its echocardiography showed is told in words the reader does not
    # know: "A large mobile veg on anterior leaflet of tricuspid valve commissure").
    text = (
        _ADMITTED
        + " He was diagnosed as having AIP 5 years ago. We started parenteral carbohydrate as "
        "dextrose 50% to prevent AIP attack, and the patient was encouraged to become per oral "
        "(PO) as soon as possible."
    )
    assert primary_code(text).startswith("E80")


def test_a_disease_a_patient_was_admitted_with_is_still_stated() -> None:
    # "Case 2 is a 30-year-old Japanese man who was transferred to the emergency department
    # with diabetic ketoacidosis" (JMCR, CUPCase): an admission's disease is its diagnosis.
    facts = note_facts("A 30-year-old Japanese man was admitted with diabetic ketoacidosis.")
    assert [m.condition.code[:3] for m in facts.stated] == ["E10"]


def test_a_critical_sign_a_patient_was_admitted_with_is_still_stated() -> None:
    # MTSamples (tests/clinical/dev/mt-septic-shock-blood-gas-hypercapnia).
    facts = note_facts(
        "The patient is a 61-year-old lady who was found down at home and was admitted for "
        "respiratory failure, septic shock, acute renal failure as well as metabolic acidosis."
    )
    assert any(m.condition.code.startswith("R65") for m in facts.stated)
