"""The classes of reader-casedx6 (issue #29): the diagnosis a full case section concludes.

Every quoted line is from a PubMed Central open-access case report as the MedRBench dataset
stores its full text (wumingxin238/MedRBench @ 827ee187d7e03a2dd6f735f9f8d676d0ee49ad1e,
data/MedRBench/demo_diagnosis_100.json, the entry's "raw_case"); the PMC id is given beside
each line, and the dev case cr6-dx-* holding the whole case section.
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes
from core.analysis.rules.organisms import found_organisms
from core.insights import LabValue

_HB_4_9 = LabValue(
    analyte="Hemoglobin", value=4.9, unit="g/dL", reference_low=13.0, reference_high=17.0
)


def _names(mentions: list) -> list[str]:  # type: ignore[type-arg]
    return [m.condition.name for m in mentions]


def test_an_organism_a_test_named_as_the_organism_concludes_over_a_critical_anaemia() -> None:
    # PMC11465958 (cr6-dx-melioidosis-*): the initial culture's Pseudomonas, then the
    # identification; the haemoglobin of 4.9 g/dL is critical.
    line = "Vitek-2 revealed B. pseudomallei as the organism in pus and blood samples."
    assert [c.code for _, _, c in found_organisms(line)] == ["A24.9"]
    facts = read_notes(
        None,
        [
            "Routine blood investigations showed anemia (hemoglobin 4.9 g/dL). "
            "The initial culture showed Pseudomonas species. " + line
        ],
    )
    assert [m.concluded for m in facts.stated if m.condition.code == "A24.9"] == [True]
    result = diagnose([_HB_4_9.model_copy(update={"flag": "low"})], 55, facts)
    assert result.diagnosis.icd_code == "A24.9"


def test_what_a_study_was_ordered_to_rule_out_is_asked_not_found() -> None:
    # PMC11446622 (cr6-dx-dasatinib-chylothorax-*)
    facts = read_notes(
        None,
        [
            "Imaging studies performed on the initial presentation included a chest radiograph "
            "and CT angiogram to rule out pulmonary embolism, congestive heart failure, "
            "pneumonia, and acute exacerbation of chronic obstructive pulmonary disease."
        ],
    )
    named = _names(facts.stated + facts.current + facts.history)
    assert not {"Pulmonary embolism", "Heart failure", "Pneumonia"} & set(named)


def test_a_negation_does_not_reach_across_a_comma_into_a_stated_diagnosis() -> None:
    # PMC11446622: "absence of" opens the first clause, the diagnosis is the second's.
    facts = read_notes(
        None,
        [
            "Given the patient's history of CML, concurrent dasatinib therapy, and the absence "
            "of any other potential sources, the diagnosis of dasatinib-induced chylothorax "
            "was made."
        ],
    )
    assert _names(facts.stated) == ["Chylothorax"]
    # Without a comma the negation still denies: "not consistent with".
    denied = read_notes(None, ["CT findings were not consistent with Crohn's disease."])
    assert not denied.stated


def test_a_later_clause_negative_result_does_not_deny_the_diagnosis_stated_before() -> None:
    # PMC11573236 (cr6-dx-melanoma-glans-penis-*)
    facts = read_notes(
        None,
        [
            "The final histopathology report showed malignant melanoma with a proximal "
            "resected margin, and bilateral inguinal lymph node specimens were negative and "
            "tumor-free (stage I organ-confined)."
        ],
    )
    assert [m.condition.code[:3] for m in facts.stated] == ["C43"]


def test_no_recurrence_at_follow_up_tells_the_course_and_keeps_the_diagnosis() -> None:
    # PMC11446622: the last sentence of the case section.
    facts = read_notes(
        None,
        [
            "The diagnosis of chylothorax was made. Dasatinib therapy was discontinued. No "
            "recurrence of the chylothorax or acute events was observed at the six-month "
            "follow-up."
        ],
    )
    assert _names(facts.stated) == ["Chylothorax"]
    assert "Chylothorax" not in facts.negated


def test_a_sentence_glued_to_the_next_is_two_sentences() -> None:
    # PMC11465958: "... managed at an outside facility.On examination, the patient appeared
    # thin, febrile, dehydrated, hypotensive, and pale." The evidence quotes the sentence that
    # names the finding, not the two run together.
    facts = read_notes(
        None,
        [
            "A 55-year-old male farmer with a history of type 2 diabetes mellitus presented "
            "with progressive right shoulder pain.On examination, the patient was hypotensive "
            "and pale."
        ],
    )
    quoted = {m.condition.name: m.sentence for m in facts.current}
    assert quoted["Hypotension"] == "On examination, the patient was hypotensive and pale."


def test_the_diagnosis_a_case_revised_to_is_its_conclusion() -> None:
    # PMC11624525 (the case writes "revised to acute FM", an abbreviation its title defines;
    # the revision is tested with the disease written out). The infarction the criteria did
    # not meet no longer stands.
    facts = read_notes(
        None,
        [
            "Thus, the patient was diagnosed with acute inferior-posterior wall myocardial "
            "infarction. Since the patient did not meet the criteria for acute "
            "inferior-posterior wall myocardial infarction, the diagnosis was revised to "
            "acute myocarditis."
        ],
    )
    assert [(m.condition.code, m.concluded) for m in facts.stated] == [("I40", True)]


def test_a_tissue_examination_named_with_its_stain_concludes() -> None:
    # PMC11470198 (cr6-dx-xanthogranulomatous-pyelonephritis-*): the urine culture's
    # Enterococcus is the infection's organism, the tissue's diagnosis comes first.
    facts = read_notes(
        None,
        [
            "Urine culture was positive for Enterococcus. Histopathological examination by "
            "Hematoxylin and Eosin stain (H&E) revealed xanthogranulomatous pyelonephritis with "
            "extensive ischaemic necrosis."
        ],
    )
    assert diagnose([], 36, facts).diagnosis.icd_code == "N11.8"


def test_a_concluded_diagnosis_outranks_a_critical_complication_found_compatible() -> None:
    # PMC11647062 (cr6-dx-abiotrophia-endocarditis-*)
    facts = read_notes(
        None,
        [
            "Given the findings, the patient was diagnosed with IE, supported by the presence "
            "of vegetation on the aortic valve. The neurological symptoms and imaging findings "
            "were consistent with embolic stroke complications, resulting in both hemorrhagic "
            "and ischemic lesions in the brain."
        ],
    )
    assert diagnose([], 47, facts).diagnosis.icd_code == "I33.0"


def test_a_kidney_cancer_by_the_abbreviation_a_case_section_uses() -> None:
    # PMC11643412 (cr6-dx-renal-cell-carcinoma-*); "RCC" only where a diagnosis is stated.
    facts = read_notes(
        None,
        [
            "The renal biopsy results, finalized on the second day of re-admission, confirmed "
            "the diagnosis of RCC, clear cell type in the patient."
        ],
    )
    assert [m.condition.code for m in facts.stated] == ["C64.9"]
    assert not read_notes(None, ["RCC and WBC were counted on the analyser."]).current
