"""The final diagnosis a case's text tells but the reader did not lead with (issue #29,
reader-dxs11).

Round eleven counted, over CUPCase's Journal of Medical Case Reports presentations and the
MedRBench and CaseReportBench pools, the reports whose text holds the final diagnosis's words
and read it only as a presenting complaint or history, or stated it but not first. The classes
fixed here were seen in two or more reports:

- a condition a test's result names ("A contrast-enhanced computed tomography scan revealed an
  abdominal aortic aneurysm", "Her plain X-ray ... showed a transverse fracture of the third
  sacral vertebra") ranks, among the conditions of the same weight the case tells now, before
  one only presented with, suspected or diagnosed on the way;
- "had previously been diagnosed with A and B" tells known conditions, every one it lists;
- "ST-segment depression" is no mood disorder.

Every sentence is a real public document's, quoted with its provenance (patients' details
left out).
"""

from __future__ import annotations

from tests.unit.notes_reading import note_facts, primary_code

# A test's result names the condition -----------------------------------------------------


def test_a_fracture_an_x_ray_showed_leads_the_cystitis_of_the_complaint() -> None:
    # JMCR (CUPCase, final diagnosis "Cauda equina syndrome secondary to displaced sacral
    # fracture"): the dysuria was first taken for cystitis; the X-ray found the fracture.
    text = (
        "A 62-year-old woman complained of low back pain, gait disorder, dysuria, and fecal "
        "incontinence. At the same time, she also complained of dysuria, and a urologist "
        "diagnosed neurogenic bladder and cystitis. Her plain X-ray on admission to the "
        "orthopedic department showed a transverse fracture of the third sacral vertebra with "
        "displacement."
    )
    facts = note_facts(text)
    fracture = next(m for m in facts.current if "racture" in m.condition.name)
    assert fracture.found
    assert not next(m for m in facts.current if m.condition.code.startswith("N39")).found
    assert primary_code(text).startswith(("T14", "S32"))


def test_without_the_test_the_complaint_still_leads() -> None:
    # The same report without its X-ray: nothing found, the order written stands.
    text = (
        "At the same time, she also complained of dysuria, and a urologist diagnosed "
        "neurogenic bladder and cystitis. A fracture of the third sacral vertebra was "
        "discussed with the orthopedic department."
    )
    assert not any(m.found for m in note_facts(text).current)
    assert primary_code(text).startswith("N39")


def test_a_test_found_condition_stays_after_a_stated_diagnosis() -> None:
    # Cureus 2024, PMC11342857 (MedRBench) shape: a diagnosis the case states leads over
    # whatever a scan showed on the way.
    text = (
        "An abdominal and pelvic CT scan was performed, which revealed a small bowel "
        "obstruction. Histopathological examination revealed a gastric schwannoma."
    )
    facts = note_facts(text)
    assert any(m.found for m in facts.current)
    assert primary_code(text).startswith("D")  # the schwannoma, a benign neoplasm


def test_a_finding_of_chapter_r_is_not_found_as_a_disease() -> None:
    # CaseReportBench (item 44): "Ultrasonography of the whole abdomen showed splenomegaly":
    # a sign, which stays where it was.
    text = "Ultrasonography of the whole abdomen showed splenomegaly (17 cm)."
    assert not any(m.found for m in note_facts(text).current)


def test_a_new_clause_of_the_presentation_ends_the_test_s_reach() -> None:
    text = (
        "The CT scan showed no abnormality, and she later presented with acute pancreatitis "
        "to another hospital."
    )
    assert not any(m.found for m in note_facts(text).current)


# A diagnosis made before the case --------------------------------------------------------


def test_had_previously_been_diagnosed_tells_every_listed_condition_as_known() -> None:
    # JMCR (CUPCase, final diagnosis "... ruptured abdominal aortic aneurysm with bilateral
    # iliac artery aneurysms"): the diabetes and hypertension are his background.
    known = (
        "He had previously been diagnosed with diabetes and hypertension, which were "
        "controlled by oral medications."
    )
    facts = note_facts(known)
    assert not facts.stated
    assert {m.condition.code[:3] for m in facts.history} == {"E11", "I10"}
    found = (
        " A contrast-enhanced computed tomography scan revealed an abdominal aortic aneurysm "
        "of 5.8 cm in its largest diameter, with ruptured state and bilateral iliac artery "
        "aneurysms."
    )
    assert primary_code(known + found).startswith(("I71", "I72"))


def test_the_present_perfect_is_the_case_s_own_diagnosis() -> None:
    # CaseReportBench (item 5): the two patients of the report.
    text = "Both XY1 and XY2 have been diagnosed with X-linked hypophosphatemia."
    facts = note_facts(text)
    assert facts.stated and not facts.history


# A depression that is no mood disorder ---------------------------------------------------


def test_a_depression_of_an_ecg_segment_is_no_mood_disorder() -> None:
    # Cureus 2024, PMC11551029 (MedRBench); "ST depression" in three CUPCase reports.
    for text in (
        "Electrocardiography (ECG) revealed widening of the QRS complex, ST-segment "
        "depression, premature ventricular complexes.",
        "An electrocardiogram showed ST depression in leads V4 to V6.",
    ):
        facts = note_facts(text)
        assert all(not m.condition.code.startswith("F32") for m in facts.stated + facts.current), (
            text
        )
    assert note_facts("She had a history of depression.").history
