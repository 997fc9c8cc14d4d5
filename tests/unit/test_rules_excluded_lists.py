"""The classes of reader-negx11 (issue #29): diagnoses a case section excludes, read as its own.

Every quoted line is the shape of a real case section: CaseReportBench (cindyzhangxy/
CaseReportBench @ 629533d91f65001922dea5a69ecd219f387ef115, src/prompting/testing_case_set.json,
the item given) and Journal of Medical Case Reports case presentations as the CUPCase dataset
stores them (the row given).
"""

from __future__ import annotations

from core.analysis.rules.notes import read_notes


def _read(line: str) -> tuple[list[str], set[str]]:
    facts = read_notes(None, [line])
    return [m.condition.code[:3] for m in facts.stated + facts.current], facts.negated


def test_an_exclusion_after_a_list_of_diagnoses_denies_every_item() -> None:
    # CaseReportBench item 130: the last item's ", and" closes the list the statement
    # ("The diagnoses of") names; it opens no clause of its own.
    codes, negated = _read(
        "The diagnoses of a mycological cause, porokeratosis of Mibelli, and sub-acute lupus "
        "erythematous were excluded."
    )
    assert codes == []
    assert any("porokeratosis" in name for name in negated)


def test_a_finding_beside_an_excluded_list_keeps_its_own_clause() -> None:
    # PMC11573236's shape with a diagnosis' exclusion instead of a specimen's result: the
    # statement is the tissue's ("showed"), not a list's subject, so the exclusion after ", and"
    # is a clause of its own.
    codes, _ = _read(
        "The final histopathology report showed malignant melanoma with a proximal resected "
        "margin, and metastatic disease was excluded."
    )
    assert codes == ["C43"]


def test_an_active_exclusion_denies_the_diseases_it_lists() -> None:
    # CUPCase rows 3850 and 290: "excluded" as the verb before its objects.
    codes, negated = _read(
        "Blood investigation excluded secondary causes, such as diabetes mellitus, systemic "
        "lupus erythematosus, and myeloma."
    )
    assert codes == [] and {"Type 2 diabetes mellitus", "Systemic lupus erythematosus"} <= negated
    codes, _ = _read(
        "Considering the clinical course and newborn screening, we excluded respiratory "
        "infection, bacteremia, meningitis, encephalopathy, malignant hyperthermia, and "
        "hyperthyroidism, as well as inherited genetic and metabolic disorders."
    )
    assert codes == []


def test_an_examination_that_excluded_a_disease_does_not_state_it() -> None:
    # CUPCase row 84 ("...excluded pulmonary embolism; ...") and row 26 ("These findings
    # supported a diagnosis and excluded a diagnosis of gastrointestinal stromal tumor").
    codes, negated = _read(
        "Computed tomography angiography (CTA) of the chest excluded pulmonary embolism."
    )
    assert codes == [] and "Pulmonary embolism" in negated
    codes, _ = _read(
        "These findings supported a diagnosis and excluded a diagnosis of gastrointestinal "
        "stromal tumor."
    )
    assert codes == []


def test_the_passive_exclusion_still_denies_and_the_cause_of_a_finding_is_not_the_finding() -> None:
    # CUPCase row 1442 (the passive, "were excluded by serological tests") and row 4979 (what
    # was excluded is a cause of the confusion; the confusion stands).
    codes, _ = _read(
        "Necrotic herpetic retinopathies, cytomegalovirus retinitis, syphilitic "
        "chorioretinitis, and tuberculous chorioretinitis were excluded by serological tests."
    )
    assert codes == []
    codes, _ = _read(
        "A brain CT scan excluded intracerebral causes of acute confusion and showed a normal "
        "brain without significant cerebral edema."
    )
    assert codes == ["R41"]
