"""Numbers in a published case report that belong to a name, read as results (issue #29,
round twenty-one, reader-prec21): an antigen's isoform, a laboratory's biosafety level, a
protein's other name or member number, a word that begins like a test's short name. Each test
quotes the real sentences of a 2024 PubMed Central case report as MedRBench stores it
(wumingxin238/MedRBench at 827ee18,
src/Evaluation/reasoning_results_qwen_judge_paper_957/gemini2-ft/PMCnnnn.json, field raw_case),
the PMC id named in each test.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _pairs(values: list[LabValue]) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in values]


def test_the_gad_isoform_is_no_titre() -> None:
    # PMC11367131, in its case and again in its discussion
    text = (
        "The level of anti-GAD 65 antibodies in serum and CSF was measured by Western blot "
        "which was significantly high."
    )
    assert parse_lab_values(text) == []
    text = "Analysis of serum and CSF revealed a high level of anti-GAD 65 antibody titer."
    assert parse_lab_values(text) == []


def test_a_titre_after_the_gad_isoform_is_read() -> None:
    assert _pairs(parse_lab_values("Anti-GAD65 antibodies were 250 IU/mL (normal < 5).")) == [
        ("GAD antibody", 250.0)
    ]
    assert _pairs(parse_lab_values("Anti-GAD 65 antibody: 32 U/mL.")) == [("GAD antibody", 32.0)]


def test_a_biosafety_level_is_no_blood_sugar_level() -> None:
    # PMC11489327, its case and its discussion
    text = (
        "Given the risk of culturing the relevant strain, culture was conducted at 37 °C in a "
        "Biosafety Level 3 (BSL-3) specialized mycology laboratory."
    )
    assert parse_lab_values(text) == []
    text = (
        "In detail, the culture of an unknown mold should be opened in a cabinet with "
        "appropriate biological safety, or the isolates should be examined in a BSL-3 "
        "laboratory."
    )
    assert parse_lab_values(text) == []
    # a blood sugar level written BSL keeps its result
    assert _pairs(parse_lab_values("BSL 110 mg/dl, urea 30 mg/dl.")) == [
        ("Glucose", 110.0),
        ("Urea", 30.0),
    ]
    assert _pairs(parse_lab_values("Her BSL was 3.2 mmol/L.")) == [("Glucose", 3.2)]


def test_a_markers_other_name_and_a_mono_word_are_no_results() -> None:
    # PMC11648018: TCF4's other name is no estradiol; "mono-allelic" no monocytes
    text = (
        "Immunophenotypically, the abnormal cells were positive for CD4, CD56, CD123, TCL1, "
        "TCF4 (E2-2), CD43, BCL-2, and TDT."
    )
    assert parse_lab_values(text) == []
    text = (
        "Additionally, mono-allelic loss of 5q31 are reported to be associated with worse "
        "survival outcomes."
    )
    assert parse_lab_values(text) == []
    # a differential's "mono" and an "E2" with a unit stay results
    pairs = _pairs(parse_lab_values("WBC 9800/uL (neutro 60%, mono 8%). E2 45 pg/mL."))
    assert ("Monocytes", 8.0) in pairs and ("Estradiol", 45.0) in pairs


def test_a_proteins_symbol_is_no_protein() -> None:
    # PMC11592753: the symbol before "protein" names it
    text = (
        "Pembrolizumab is a humanized monoclonal antibody that inhibits the interaction "
        "between the PD-1 protein (programmed death protein 1) present on T cells of the "
        "immune system and its ligands."
    )
    assert parse_lab_values(text) == []
    # measured proteins keep theirs, a list's bare one too (dev mt-uti-chest-pain-csf-er)
    text = "Glucose 162, BUN 14, creatinine 1.0, chloride 103, bicarbonate 23, protein 4.2."
    assert ("Total protein", 4.2) in _pairs(parse_lab_values(text))
    assert _pairs(parse_lab_values("CSF analysis: protein 45 mg/dL, glucose 60 mg/dL.")) == [
        ("Total protein", 45.0),
        ("Glucose", 60.0),
    ]
    assert _pairs(parse_lab_values("24-hour urine protein 3.2 g/day.")) == [
        ("24-hour urine protein", 3.2)
    ]


def test_a_bound_told_in_words_in_a_rules_sentence_is_no_result() -> None:
    # PMC11575472's discussion: "or less" is a bound, "will have" a rule's
    text = (
        "Also, Gilbert\u2019s syndrome will have an elevated total bilirubin of 3.5 or less, "
        "while EBV hepatitis can have substantially larger elevations."
    )
    assert parse_lab_values(text) == []
    # PMC11392505's discussion, a recommendation's bounds (its "patients" already told)
    text = (
        "In HIV-positive patients, a CSF evaluation is recommended with an RPR titer level of "
        "1:32 or higher, a CD4 count of 350 cells/mm3 or lower, and an absence of ART [15]."
    )
    assert [v for v in parse_lab_values(text) if v.analyte == "CD4 count"] == []
    # the patient's own value told with "or less" stays a result
    text = "His total bilirubin was 3.5 mg/dL or less on follow-up."
    assert _pairs(parse_lab_values(text)) == [("Total bilirubin", 3.5)]
