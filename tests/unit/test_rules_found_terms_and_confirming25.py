"""The primary diagnosis on case sections (issue #29, twenty-fifth round, reader-dx25): a
code-set term a test's result names in a case's telling is found, as the hand list's
conditions are ("Postoperative CT revealed exacerbated hydrocephalus"), and so is one an
operation treats ("diaphragmatic hernia repair"); a test's outcome told
with "confirming" states what it confirms; criteria a case meets state the disease. Sentences
quote case sections of the MedRBench pool (wumingxin238/MedRBench @ 827ee187, 'raw_case' of
2024 PMC open-access case reports) with their PMC ids, but those marked as written for the test.
"""

from __future__ import annotations

from tests.unit.notes_reading import note_facts, primary_code


def _current(text: str) -> dict[str, bool]:
    """The conditions told now, each with whether a test's result found it."""
    return {m.condition.name: m.found for m in note_facts(text).current}


def test_a_term_a_ct_scan_reveals_is_the_cases_finding():
    # PMC11333776: "Not determined" on main (hydrocephalus is a code-set term, which was
    # read only where a sentence states a diagnosis).
    text = (
        "A 75-year-old male with a history of VP shunt for a fourth ventricle obstruction "
        "underwent cerebral vascular anastomosis in the prone position. After discontinuation "
        "of anesthesia, the patient did not awaken for over an hour. Postoperative CT revealed "
        "exacerbated hydrocephalus, likely from VP shunt occlusion."
    )
    assert primary_code(text).startswith("G91")


def test_a_term_an_ultrasound_reveals_comes_before_the_complaint():
    # PMC11415225: the seizure she was admitted with led (R56.9) on main.
    text = (
        "A 27-year-old primigravida was admitted with a seizure at 34 weeks of gestation. An "
        "obstetric ultrasound with Doppler was performed, revealing a single live, healthy "
        "foetus with grade 3 placenta previa (posterior) and no significant Doppler findings."
    )
    assert primary_code(text).startswith("O44")


def test_a_test_that_found_nothing_finds_no_term():
    # Guard, PMC11648800 (a hepatic pregnancy): no tubal pregnancy is found.
    text = (
        "A 35-year-old woman presented to the emergency department with amenorrhea. However, "
        "neither transabdominal nor transvaginal obstetric ultrasound revealed signs of uterine "
        "or tubal pregnancy."
    )
    assert "Tubal pregnancy" not in _current(text)


def test_a_follow_up_study_after_the_operation_finds_no_term():
    # Guard, PMC11609549 (Takayasu's arteritis): the grafts a follow-up scan shows name no
    # congenital malformation of the aorta.
    text = (
        "The follow-up angio-CT revealed postsurgical changes, including the replacement of the "
        "aortic root, proximal aortic arch, and right brachiocephalic trunk with grafts."
    )
    assert not any(name.startswith("Other congenital") for name in _current(text))


def test_a_sign_a_test_shows_is_no_term_found():
    # Guard, written for the test: a finding of chapter R ("sinus tachycardia", R00.0) that a
    # test shows is no disease it found; the hand list's symptoms keep their own reading.
    assert "Tachycardia, unspecified" not in _current("An ECG showed sinus tachycardia.")


def test_a_term_a_ct_scan_denies_is_not_found():
    # Guard, written for the test: the denial still denies.
    text = "After the operation the patient did not awaken. A CT scan revealed no hydrocephalus."
    assert "Hydrocephalus" not in _current(text)


def test_a_lab_reports_comment_names_no_term_found_by_a_test():
    # Guard, written for the test: a lab report's printed comment is no case's telling.
    text = "Sodium 138 mmol/L\nPotassium 4.1 mmol/L\nComment: CT revealed hydrocephalus"
    assert "Hydrocephalus" not in _current(text)


def test_a_biopsy_confirming_a_carcinoma_states_it():
    # PMC11406358: the slightly raised troponin (R79.89) led on main.
    text = (
        "An oncology consult led to an image-guided biopsy of the right retroperitoneal mass by "
        "IR, confirming a poorly differentiated neuroendocrine carcinoma, small cell type "
        "(Fig. 3)."
    )
    stated = note_facts(text).stated
    assert [m.condition.code for m in stated] == ["C7A.1"]
    assert stated[0].concluded


def test_investigations_confirming_rectal_tuberculosis_state_it():
    # PMC11461979: the lower abdominal pain she presented with (R10.30) led on main.
    text = (
        "We report the case of a 25-year-old college woman who presented with a 3-month "
        "history of lower abdominal pain. Investigations revealed chronic granulomatous "
        "inflammation and acid-fast bacilli on biopsy, confirming rectal tuberculosis as the "
        "cause of RVF."
    )
    assert primary_code(text).startswith("A18.3")


def test_confirming_the_absence_of_a_disease_states_none():
    # Guard, written for the test: what a test confirms absent is denied.
    text = "A repeat biopsy was performed, confirming the absence of malignant lymphoma."
    assert not note_facts(text).stated


def test_criteria_the_patient_met_state_the_disease():
    # PMC11609549: the arteritis was only told now (not stated) on main.
    text = (
        "Based on these findings, our patient met the diagnostic criteria for Takayasu's "
        "arteritis (TA)."
    )
    stated = note_facts(text).stated
    assert [m.condition.code for m in stated] == ["M31.4"]
    assert stated[0].concluded


def test_criteria_weighed_in_a_differential_state_nothing():
    # Guard, written for the test: a differential's items stay weighed, criteria or not.
    text = (
        "The differential diagnosis included Takayasu's arteritis, for which she met no "
        "criteria, and giant cell arteritis."
    )
    assert not note_facts(text).stated


def test_the_condition_an_operation_repairs_is_told_now():
    # PMC11445712: the rib fractures of an accident two years before led (S22.39) on main.
    text = (
        "He gives a history of a road traffic accident 2 years ago with impact over left chest "
        "and rib fractures, for which a thoracostomy tube was placed. The patient underwent "
        "laparoscopic left diaphragmatic hernia repair with mesh hernioplasty after 6 h of "
        "admission."
    )
    assert primary_code(text).startswith("K44")


def test_a_repair_years_before_is_history():
    # Guard, PMC11624035: an operation of the past surgical history names a known condition.
    text = (
        "He had a past surgical history of an inguinal hernia repair several years prior, "
        "which was noted to have provoked the DVT and PE."
    )
    assert "Inguinal hernia" not in _current(text)


def test_criteria_not_met_deny_the_disease():
    # Guard, written for the test: the denial before the criteria reaches the disease.
    facts = note_facts("She had not met the criteria for Kawasaki disease.")
    assert not facts.stated
    assert "Mucocutaneous lymph node syndrome [Kawasaki]" in facts.negated
