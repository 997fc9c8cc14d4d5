"""The diagnosis a full case section names by its site (issue #29, reader-dx8).

An audit of the offline engine over 132 Journal of Medical Case Reports case sections (rows
393-524 of CUPCase) found three recurring ways a diagnosis the section names was lost:

- a fracture told first without its bone ("Radiographs revealed a displaced and angulated
  fracture") and named with it later ("The distal radius fracture was fixed"): the code set's
  "Fracture NOS" (T14.8) was given, never the bone's category;
- a lesion an imaging study names by its site, which the engine's words did not know: an
  artery's pseudoaneurysm, a haematoma in the iliopsoas muscle, fibromuscular dysplasia;
- a condition of the past read as the current one ("diagnosed with diabetes mellitus ... three
  months prior to presentation", "He had experienced some occasional hemarthrosis, but he had
  been well for two months before he presented").

Every text quotes a Journal of Medical Case Reports case section (CC BY, BioMed Central) as
felipeocampoos/CUPCase-curhumai-Adversary @ ccbb1078 stores it
(gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv), unchanged; the row id is given.
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes

# Row 4998 (dev case cr8-dx-forearm-fracture-*): the fracture first without its bone.
_ANGULATED = "Radiographs revealed a displaced and angulated fracture (Figure 1)."
_DISTAL_RADIUS = (
    "The distal radius fracture was fixed using a five-hole titanium DCP while applying 1 mm"
    " compression."
)
# Row 4575 (dev case cr8-dx-elbow-fracture-*): the bone after the fracture, and a radiograph
# that did not show it.
_ELBOW = (
    "The diagnosis was made on a lateral and an oblique radiograph (Figures 2 and 3), which"
    " revealed a displaced fracture of her right elbow."
)
_NOT_ON_THE_AP_VIEW = (
    "An anteroposterior radiograph of the distal part of her right humerus did not reveal a"
    " definite fracture."
)
# Row 123 (dev case cr8-dx-hip-fractures-*): both hips, then the parts of the femur.
_BOTH_HIPS = (
    "On the eighth day of hospitalization, he was referred to our orthopedic surgery"
    " department for hip pain and was found to have fractures of both hips."
)
_FEMORAL_PARTS = (
    "X-ray findings showed left femoral neck fracture, left greater trochanteric fracture, and"
    " right femoral trochanteric fracture ."
)
# Row 4680 (dev case cr8-dx-hepatic-artery-pseudoaneurysm-*).
_PSEUDOANEURYSM = (
    "A contrast-enhanced computed tomography (CT) confirmed the presence of a pseudoaneurysm"
    " arising from a segmental branch of his right hepatic artery: the pseudoaneurysm measured"
    " 20 × 15 mm in size with a narrow neck surrounded by hematoma (Figure 1a)."
)
_PSEUDOANEURYSM_AGAIN = (
    "Total occlusion of the pseudoaneurysm was confirmed by DSA and follow-up CT (Figure 3),"
    " and an occlusion of the segmental branch of his right hepatic artery was avoided."
)
# Row 4849 (dev case cr8-dx-iliopsoas-hematoma-*): the haemarthroses of the past, the
# haematoma of now.
_HEMARTHROSIS_BEFORE = (
    "He had experienced some occasional hemarthrosis, but he had been well for two months"
    " before he presented to our hospital."
)
_ILIOPSOAS = (
    "Magnetic resonance imaging (MRI) showed a hematoma in the right iliopsoas muscle (Figure 2)."
)
# Row 5402 (dev case cr8-dx-rectus-femoris-strains-*): a limb muscle's haematoma is an injury's.
_RECTUS_FEMORIS = (
    "Ultrasonography revealed haematoma formation on both her rectus femoris muscles, and"
    " magnetic resonance imaging (MRI) was then performed to estimate the size of the"
    " haematomas and to evaluate the surrounding soft tissues"
)
# Row 5125 (dev case cr8-dx-fibromuscular-dysplasia-*).
_HEMOCCULT = "The diarrhea was watery at times and was confirmed to be hemoccult positive."
_FMD = (
    "The angiography findings were consistent with atypical fibromuscular dysplasia with a"
    " medial pattern."
)
# Row 5396 (a case section whose new disease the source withheld).
_MONTHS_PRIOR = (
    "He was diagnosed with diabetes mellitus and hyperlipidaemia three months prior to"
    " presentation."
)


def _facts(*sentences: str):  # type: ignore[no-untyped-def]
    return read_notes(None, [" ".join(sentences)])


def _all_codes(*sentences: str) -> list[str]:
    facts = _facts(*sentences)
    return [m.condition.code for m in facts.stated + facts.current + facts.history]


def test_a_fracture_named_later_with_its_bone_takes_the_generic_fractures_place() -> None:
    result = diagnose([], 53, _facts(_ANGULATED, _DISTAL_RADIUS))
    assert result.diagnosis.icd_code == "S52.90XA"
    assert not any(r.code.startswith("T14") for r in result.ranked)


def test_a_fracture_without_its_bone_stays_the_code_sets_fracture_nos() -> None:
    # A guard: nothing names the bone, so nothing is invented.
    fixed = "Within 24 hours an open reduction and internal fixation of the fracture was performed."
    assert _all_codes(_ANGULATED, fixed) == ["T14.8XXA"]


def test_a_fracture_of_the_elbow_is_the_lower_end_of_the_humerus() -> None:
    facts = _facts(_ELBOW, _NOT_ON_THE_AP_VIEW)
    assert diagnose([], 11, facts).diagnosis.icd_code == "S42.409A"
    # "humerus did not reveal a definite fracture": no fracture of the shaft is read.
    assert "S42.309A" not in _all_codes(_NOT_ON_THE_AP_VIEW)


def test_fractures_of_both_hips_and_the_parts_of_the_femur_are_the_femurs() -> None:
    codes = _all_codes(_BOTH_HIPS, _FEMORAL_PARTS)
    assert "S72.009A" in codes and "S72.109A" in codes
    assert not any(code.startswith("T14") for code in codes)
    assert diagnose([], 90, _facts(_FEMORAL_PARTS)).diagnosis.icd_code == "S72.009A"


def test_a_pseudoaneurysm_of_the_hepatic_artery_is_coded_by_its_artery_once() -> None:
    result = diagnose([], 58, _facts(_PSEUDOANEURYSM, _PSEUDOANEURYSM_AGAIN))
    assert result.diagnosis.icd_code == "I72.8"
    assert [r.code for r in result.ranked if r.code.startswith("I72")] == ["I72.8"]


def test_a_pseudoaneurysm_without_its_artery_is_an_aneurysm_of_unspecified_site() -> None:
    sentence = "Total occlusion of the pseudoaneurysm was confirmed by DSA and follow-up CT."
    assert diagnose([], 58, _facts(sentence)).diagnosis.icd_code == "I72.9"


def test_an_iliopsoas_hematoma_is_read_and_past_hemarthroses_are_history() -> None:
    facts = _facts(_HEMARTHROSIS_BEFORE, _ILIOPSOAS)
    assert "M25.0" in [m.condition.code for m in facts.history]
    assert "M25.0" not in [m.condition.code for m in facts.stated + facts.current]
    assert diagnose([], 20, facts).diagnosis.icd_code == "M79.81"


def test_a_limb_muscles_haematoma_is_no_nontraumatic_soft_tissue_haematoma() -> None:
    assert "M79.81" not in _all_codes(_RECTUS_FEMORIS)


def test_fibromuscular_dysplasia_found_consistent_leads_over_a_confirmed_symptom() -> None:
    facts = _facts(_HEMOCCULT, _FMD)
    assert "I77.3" in [m.condition.code for m in facts.stated]
    assert diagnose([], 44, facts).diagnosis.icd_code == "I77.3"


def test_a_diagnosis_made_months_prior_to_presentation_is_history() -> None:
    facts = _facts(_MONTHS_PRIOR)
    assert "E11.9" in [m.condition.code for m in facts.history]
    assert "E11.9" not in [m.condition.code for m in facts.stated]


def test_a_pathological_or_stress_fracture_is_no_injury_of_its_bone() -> None:
    # Fractures of diseased or overloaded bone keep the code set's own categories (M84.4
    # pathological, M84.3 stress), as "In 1997, he presented with a pathological fracture of
    # his right humerus" (tests/unit/test_rules_case_sections.py) always read.
    pathological = _all_codes(
        "In 1997, he presented with a pathological fracture of his right humerus which was"
        " treated with an intramedullary nail."
    )
    assert "S42.309A" not in pathological
    assert any(code.startswith("M84.4") for code in pathological)
    stress = _all_codes("The diagnosis was a stress fracture of the left tibia.")
    assert "S82.90XA" not in stress
    assert any(code.startswith("M84.3") for code in stress)
    assert "S82.90XA" in _all_codes("The diagnosis was a fracture of the left tibia.")
