"""Numbers of a case section that are no patient's result as read (issue #29, round thirteen):
every value read over the pools of case reports (MedRBench's PMC reports of 2024,
CaseReportBench's case sections, the Journal of Medical Case Reports through CUPCase) sorted
by the number's role in its sentence, the words between name and number and whether its unit
was written; the classes that recur are fixed. Each test quotes the real sentence shape of a
report of its class: the Journal of Medical Case Reports (CC BY 4.0) as the CUPCase dataset
stores it (felipeocampoos/CUPCase-curhumai-Adversary, the row named in each test),
CaseReportBench (cindyzhangxy/CaseReportBench, testing_case_set.json, the item named).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _of(values: list[LabValue], analyte: str) -> list[LabValue]:
    return [v for v in values if v.analyte == analyte]


# --- 1. A label's digits: a primer's 3' end, an isotope's mass number ------------------------


def test_the_three_prime_end_of_a_primer_is_no_lipid() -> None:
    # CaseReportBench item 2 (Wiskott-Aldrich syndrome): "TG" and "TC" inside the sequences
    values = parse_lab_values(
        "For the detection of mutation, the following primers were used; exon 1 forward "
        "5'-GGT TTT TTG CAT TTC CTG TTC-3' and exon 1 reverse 5'-AGG AAG AGG AAG AAA CGG TG-3', "
        "exon 2 forward 5'-CCT GAC CAG ACT CCA CTG AC-3' and exon 2 reverse "
        "5'-CTT GAA GCT ATG GAC ACA TAT G-3'."
    )
    assert _of(values, "Triglycerides") == []
    assert _of(values, "Total cholesterol") == []


def test_an_isotopes_mass_number_is_no_glucose() -> None:
    # CUPCase row 3062: the tracer's name holds "glucose", its bracket the isotope "18F"
    values = parse_lab_values(
        "A 2-[18F]-fluoro-2-deoxy-D-glucose (18F-FDG) positron emission tomography (PET) scan "
        "revealed an increased accumulation in the mediastinal lymph node (Figure 1 A)."
    )
    assert _of(values, "Glucose") == []


def test_a_result_with_a_low_flag_or_a_unit_glued_to_it_stays_a_result() -> None:
    # the guard: a glued flag ("3.2L") or unit ("125.1U/mL", CUPCase row 2638) is no label
    values = parse_lab_values("Potassium 3.2L, sodium 130 mmol/L.")
    assert [(v.value, v.flag) for v in _of(values, "Potassium")] == [(3.2, "low")]
    values = parse_lab_values(
        "alkaline phosphatase, 924U/L (normal range 42 to 128); and cancer antigen 19–9 "
        "(CA19-9), 125.1U/mL (normal range 0 to 33)."
    )
    assert [v.value for v in _of(values, "CA 19-9")] == [125.1]


# --- 2. A dose per body weight in units ---------------------------------------------------------


def test_a_factors_recovery_per_unit_given_is_no_factor_level() -> None:
    # CUPCase row 3547 (acquired haemophilia): the in-vivo recovery per IU/kg given
    values = parse_lab_values("IV response to FVIII: 1.69IU/kg;")
    assert _of(values, "Factor VIII") == []
    values = parse_lab_values("factor VIIIc activity 3%, vWF antigen level was undetectable")
    assert [v.value for v in _of(values, "Factor VIII")] == [3]  # CUPCase row 4849: a level


# --- 3. A catalogued short form the report gives to another thing --------------------------------


def test_total_lung_capacity_written_tlc_is_no_white_count() -> None:
    # CUPCase row 4865: "TLC", the total leukocyte count elsewhere, defined as a lung volume
    values = parse_lab_values(
        "Pulmonary function tests showed forced vital capacity (FVC) = 2.16 L (63.3%), residual "
        "volume (RV) = 1.03 L (86.8%), total lung capacity (TLC) = 3.23 L (71.7%) and "
        "functional residual capacity (FRC) = 1.65 L (65.7%).\n"
        "A new pulmonary function test showed an improvement: RV = 1.20L (100%), TLC = 4.08L "
        "(90.6%) and FRC = 2.05L (81.5%)."
    )
    assert _of(values, "WBC") == []


def test_a_short_form_given_to_its_own_test_or_named_after_it_stays_the_test() -> None:
    # CUPCase row 3687: "total leukocyte count (TLC)" is the white count
    values = parse_lab_values(
        "Laboratory investigations revealed a total leukocyte count (TLC) of 13,200 cells/μL, "
        "neutrophils (N) 88%, lymphocytes (L) 5%."
    )
    assert [v.value for v in _of(values, "WBC")] == [13200]
    # CUPCase row 5485: the spelled-out name shares its words with the test's own names
    values = parse_lab_values(
        "his serum glutamic oxaloacetic transaminase (SGOT) was 113 U/L, serum glutamic "
        "pyruvic transaminase was 90 U/L."
    )
    assert [v.value for v in _of(values, "AST")] == [113]


# --- 4. "protein" as the last word of a protein's own name ----------------------------------------


def test_a_proteins_member_or_citation_number_is_no_total_protein() -> None:
    sentences = [
        # CUPCase row 2660 (an antibody panel)
        "No antibodies (contactin associated protein-like 2, CASPR2; leucine-rich glioma "
        "inactivated 1 protein; contactin 2; anti-glutamic acid decarboxylase) were found in "
        "his blood or in his cerebrospinal fluid (CSF).",
        # CaseReportBench item 53 (FBXL4 deficiency; the reference numbers printed bare)
        "However, like the other mutation reported, this nonsense mutation leads to "
        "nonsense‐mediated decay (NMD, RNA degradation) or a truncated protein 5, 6 .",
    ]
    for sentence in sentences:
        assert _of(parse_lab_values(sentence), "Total protein") == [], sentence


def test_protein_in_a_list_after_a_specimen_or_a_level_word_stays_total_protein() -> None:
    # CUPCase row 1315 (a lumbar puncture's results, no units)
    values = parse_lab_values(
        "The cytological and chemical findings of the LP were otherwise within normal limits: "
        "white blood cells (WBCs) 2, lymphocytes 100%, protein 24, red blood cells (RBCs) 13, "
        "and glucose 58."
    )
    assert [v.value for v in _of(values, "Total protein")] == [24]
    # MedRBench PMC11497857: a level word before it, its unit after
    values = parse_lab_values("with a nucleated cell count of 9 and a high protein of 70 mg/dL.")
    assert [v.value for v in _of(values, "Total protein")] == [70]
    # CUPCase row 4610: a longer catalogued name that ends in "protein" is its own test
    values = parse_lab_values(
        "though the C reactive protein was only mildly elevated at 23, and was prescribed 5 "
        "days oral flucloxacillin."
    )
    assert [v.value for v in _of(values, "CRP")] == [23]
