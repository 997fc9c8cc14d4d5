"""Numbers in a published case report read as results that are not (issue #29, round
nineteen, reader-prec19): a number a hyphen or a dash joins to the word after it, part of a
compound name or a description ("glucose 6-phosphate", "a 267-amino acid protein",
"2019-Novel Coronavirus"), and a protein's own numeral written with a hyphen ("protein-4
(CTLA-4)"). Each test quotes the real sentences of a 2024 PubMed Central case report as
MedRBench stores it (wumingxin238/MedRBench at 827ee18, src/Evaluation/
reasoning_results_qwen_judge_paper_957/gemini2-ft/PMCnnnn.json, field raw_case), the PMC id
named in each test.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _pairs(values: list[LabValue]) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in values]


def test_a_number_a_hyphen_joins_to_a_word_is_no_result() -> None:
    # PMC11396201: a metabolite's name, no glucose of 6
    text = (
        "The enzyme also leads to a decrease in the level of glucose 6-phosphate, which is "
        "related to phosphate metabolism. Glucose 6-phosphate also plays a role in nucleotide "
        "sugar metabolism and is a participant in glycolysis."
    )
    assert [v for v in parse_lab_values(text) if "lucose" in v.analyte] == []
    # PMC11630786: a protein's length after "prostaglandin E2", no estradiol of 267
    text = (
        "HPGD (OMIM 601688) is a 7-exon, 801-nucleotide gene located on chromosome 4q34.1. "
        "It encodes prostaglandin E2, a 267–amino acid protein."
    )
    assert [v for v in parse_lab_values(text) if v.analyte == "Estradiol"] == []
    # PMC11441234: the virus's year in the sentence after the eosinophils
    text = (
        "Other laboratory tests showed elevated blood glucose (7.33 mmol/L), elevated WBCs and "
        "eosinophils (Table 1). Nucleic acid detection of 2019-Novel Coronavirus "
        "(2019-nCoV/SARS-CoV-2) by real-time reverse transcription-polymerase chain reaction "
        "(RT‒PCR) was negative."
    )
    assert _pairs(parse_lab_values(text)) == [("Glucose", 7.33)]


def test_a_result_before_a_range_or_a_unit_after_a_dash_stays() -> None:
    text = (
        "Her hemoglobin was 9.8 g/dL, platelets 150-400 on the previous count, and the "
        "glucose was 6.1 mmol/L; a 24-hour urine protein of 1.2 g/24 h."
    )
    pairs = _pairs(parse_lab_values(text))
    assert ("Hemoglobin", 9.8) in pairs
    assert ("Glucose", 6.1) in pairs


def test_a_proteins_own_numeral_after_a_hyphen_is_no_total_protein() -> None:
    # PMC11433725: two checkpoint proteins, no total protein of 4 or 1
    text = (
        "Notably, ICIs targeting cytotoxic T-lymphocyte associated protein-4 (CTLA-4) are more "
        "likely to cause colitis compared to those targeting programmed cell death protein-1 "
        "(PD-1) and programmed cell death-ligand 1 (PD-L1)."
    )
    assert [v for v in parse_lab_values(text) if v.analyte == "Total protein"] == []
