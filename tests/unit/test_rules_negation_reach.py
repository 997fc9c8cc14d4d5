"""How far a denial reaches (reader-reach11, issue #29): a test's new finding closes it.

Every quoted line is the shape of a real case section: Journal of Medical Case Reports case
presentations as the CUPCase dataset stores them (the row id given) and CaseReportBench
(cindyzhangxy/CaseReportBench @ 629533d91f65001922dea5a69ecd219f387ef115,
src/prompting/testing_case_set.json, the item given).
"""

from __future__ import annotations

from core.analysis.rules.notes import read_notes


def _read(line: str) -> tuple[list[str], set[str]]:
    facts = read_notes(None, [line])
    return [m.condition.code[:3] for m in facts.stated + facts.current], facts.negated


def test_a_technique_without_contrast_does_not_deny_what_the_scan_revealed() -> None:
    # CUPCase row 5537.
    codes, negated = _read(
        "Brain computed tomography (CT) scan without contrast revealed mild brain edema "
        "(Figure 1), magnetic resonance imaging revealed an encephalitic pattern (Figure 2), and "
        "electroencephalography (EEG) revealed an encephalitic pattern (Figure 3)."
    )
    assert "G93" in codes and "Cerebral edema" not in negated


def test_a_period_without_treatment_does_not_deny_what_the_biopsy_revealed() -> None:
    # CUPCase row 324: the fibrosis improved; it is the patient's, not denied.
    codes, negated = _read(
        "During the period without phlebotomy, histopathological evaluation revealed remarkable "
        "attenuation of iron deposition in the hepatocytes and a noticeable improvement in liver "
        "fibrosis."
    )
    assert "K74" in codes and not negated


def test_an_exclusion_then_a_finding_states_the_finding() -> None:
    # The shape issue #29 names ("HRCT ruled out PE and showed a pneumonia"), with CUPCase
    # row 84's subject: the embolism stays denied, the pneumonia is stated.
    codes, negated = _read(
        "Computed tomography angiography of the chest excluded pulmonary embolism and revealed a "
        "right lower lobe pneumonia."
    )
    assert codes == ["J18"] and "Pulmonary embolism" in negated


def test_a_denial_after_the_finding_verb_still_denies() -> None:
    # CUPCase row 5537's scan with the finding denied, and CUPCase row 4979: the
    # "without" after "showed" still denies the edema.
    codes, negated = _read(
        "Brain computed tomography (CT) scan without contrast revealed no brain edema."
    )
    assert codes == [] and "Cerebral edema" in negated
    _, negated = _read(
        "A brain CT scan excluded intracerebral causes of acute confusion and showed a normal "
        "brain without significant cerebral edema, which may be associated with higher grades of "
        "hepatic encephalopathy."
    )
    assert "Cerebral edema" in negated


def test_a_finding_verb_in_its_negated_form_still_denies() -> None:
    # "did not reveal" is no new finding.
    codes, negated = _read("The liver biopsy did not reveal cirrhosis.")
    assert codes == [] and "Cirrhosis of liver" in negated


def test_a_list_denial_still_denies_every_item() -> None:
    # CUPCase row 290: one exclusion over a list, no finding verb between.
    codes, negated = _read(
        "Considering the clinical course and newborn screening, we excluded respiratory "
        "infection, bacteremia, meningitis, encephalopathy, malignant hyperthermia, and "
        "hyperthyroidism, as well as inherited genetic and metabolic disorders."
    )
    assert codes == [] and {"Meningitis", "Hyperthyroidism"} <= negated
