"""A negative result that is the evidence for a diagnosis (reader-dxdraw30, issue #29): "the
negative bone marrow biopsy and absence of clonal plasma cells supported our diagnosis of an
isolated plasmacytoma" states the plasmacytoma; the denial is the verb's subject and ends at it.

Every quoted line is the shape of a real case section of the pool (MedRBench
wumingxin238/MedRBench @ 827ee187d7, the PMC id given; the CUPCase dataset's JMCR case
presentations, the row id given).
"""

from __future__ import annotations

from core.analysis.rules.notes import read_notes
from tests.unit.notes_reading import primary_code


def _read(line: str) -> tuple[list[str], set[str]]:
    facts = read_notes(None, [line])
    return [m.condition.code[:3] for m in facts.stated + facts.current], facts.negated


def test_an_absent_finding_that_supported_the_diagnosis_states_it() -> None:
    # PMC11618910 (a solitary endobronchial plasmacytoma): main read the whole section as no
    # diagnosis at all, the plasmacytoma denied by "absence of".
    line = (
        "However, the negative bone marrow biopsy and absence of clonal plasma cells supported "
        "our diagnosis of an isolated plasmacytoma."
    )
    codes, negated = _read(line)
    assert "C90" in codes and "Solitary plasmacytoma" not in negated
    assert primary_code(line) == "C90.3"


def test_the_section_reads_its_plasmacytoma() -> None:
    # PMC11618910's conclusion after its bone marrow work-up, as the section tells it.
    text = (
        "The biopsy results revealed that it is a plasmacytoma, kappa restricted, and the tumor "
        "is composed of sheets of mature and immature plasma cells that are positive for CD138. "
        "The bone marrow biopsy showed no evidence of clonal plasma cells, confirming the absence "
        "of MM. However, the negative bone marrow biopsy and absence of clonal plasma cells "
        "supported our diagnosis of an isolated plasmacytoma."
    )
    assert primary_code(text) == "C90.3"


def test_an_exclusion_then_the_verb_that_supported_the_diagnosis() -> None:
    # PMC11462664: "ruled out" denies the other diseases, not the gout the stones supported.
    _, negated = _read(
        "A focal tissue section showed gout stones, which ruled out other diseases and supported "
        "the diagnosis of gouty shoulder arthritis."
    )
    assert not negated


def test_a_denied_subject_still_denies_what_it_did_not_support() -> None:
    # Guard: a clause whose subject is itself denied ("no finding") supports nothing.
    codes, negated = _read("However, no finding supported the diagnosis of plasmacytoma.")
    assert codes == [] and "Solitary plasmacytoma" in negated


def test_a_verb_in_its_base_form_after_not_still_denies() -> None:
    # Guard: "did not support the diagnosis of" keeps its denial.
    codes, _ = _read(
        "The absence of clonal plasma cells did not support the diagnosis of plasmacytoma."
    )
    assert codes == []


def test_features_favouring_a_diagnosis_stay_denied() -> None:
    # Guard, CUPCase row 2638: "favoring" is the denied features' attribute, not a verb whose
    # subject was absent.
    codes, _ = _read(
        "There was no transitional area between the two lesions and no intermingled histological "
        "features favoring a diagnosis of adenosquamous cell carcinoma."
    )
    assert "C80" not in codes and not any(code.startswith("C") for code in codes)


def test_findings_not_consistent_with_a_disease_still_deny_it() -> None:
    # Guard (PMC11361325's shape): no affirming verb between the denial and the disease.
    codes, _ = _read(
        "Additionally, repetitive nerve stimulation revealed no abnormalities consistent with "
        "myasthenia gravis."
    )
    assert "G70" not in codes
