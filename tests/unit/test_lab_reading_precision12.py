"""Numbers of a case section that are no patient's result as read (issue #29, round twelve):
the classes counted over the pools of case reports (MedRBench's PMC reports of 2024,
CaseReportBench's case sections, the Journal of Medical Case Reports through CUPCase) and
fixed where they recur. Each test quotes the real sentence shape of a report of its class:
the Journal of Medical Case Reports (CC BY 4.0) as the CUPCase dataset stores it
(felipeocampoos/CUPCase-curhumai-Adversary, the row named in each test), CaseReportBench
(cindyzhangxy/CaseReportBench, testing_case_set.json, the item named).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _of(values: list[LabValue], analyte: str) -> list[LabValue]:
    return [v for v in values if v.analyte == analyte]


# --- 1. A tumour's immunostain markers are no creatine kinase and no total protein ------------


def test_a_cytokeratin_stained_in_a_tumour_is_no_creatine_kinase() -> None:
    sentences = [
        # CUPCase row 2765 (colonic adenocarcinoma)
        "The neoplastic cells were negative for thyroid transcription factor 1 (TTF-1) and "
        "cytokeratin (CK) 7, whereas they were positive for carcinoembryonic antigen (CEA) and "
        "CK20 and the protein encoded by the caudal type homeobox 2 (CDX2).",
        # CUPCase row 3058 (a benign breast lesion)
        "The lesion and encompassing duct demonstrated mixed cytokeratin (CK) 5 and 14, p63 and "
        "smooth muscle myosin positivity (Figures 1 E-G) with heterogeneous oestrogen receptor "
        "(ER) expression, indicating a benign lesion.",
        # CUPCase row 2947
        "The cells showed cytoplasmic and membrane positivity for pan cytokeratin (CK) and CK7 "
        "(Figure 4a) and negativity for CK20 (Figure 4b), epithelial membrane antigen, "
        "galactin-3 as well as CK 19.",
        # CUPCase row 3794 (renal tumours)
        "The tumor was morphologically diagnosed, confirmed by immunohistochemical positivity "
        "for CK-7 and CD117 (Fig. 2).",
    ]
    for sentence in sentences:
        assert _of(parse_lab_values(sentence), "CK") == [], sentence


def test_creatine_kinase_written_ck_with_its_unit_stays_a_result() -> None:
    # CUPCase row 281 (amitriptyline poisoning): the same two letters, a result in U/L
    values = parse_lab_values(
        "Na 138 mmol/L, K 3.4 mmol/L, Ca 2.24 mmol/L, Mg 0.84 mmol/L, creatine kinase (CK) "
        "20 U/L, aspartate aminotransferase (AST) 17 U/L."
    )
    assert [(v.value, v.unit) for v in _of(values, "CK")] == [(20, "U/L")]
    # and a muscle enzyme told beside the markers of no stain
    values = parse_lab_values(
        "Laboratory tests showed elevated serum levels of CK (5308IU/L), myoglobin (3000ng/mL), "
        "and lactate dehydrogenase (81,955IU/L)."
    )
    assert [v.value for v in _of(values, "CK")] == [5308]


def test_gross_cystic_disease_fluid_protein_15_is_no_total_protein() -> None:
    # CUPCase rows 3678 and 3906 (breast metastases of a lung cancer; a breast carcinoma)
    for sentence in (
        "Immunohistochemical examinations revealed positive staining for thyroid transcription "
        "factor 1 (TTF-1), ALK, and cytokeratin (CK) 7 and negative staining for mammaglobin, "
        "estrogen receptor, gross cystic disease fluid protein 15, and CK20 (Fig. 3 C–F).",
        "By immune staining tumoral cells are strongly positive for cytokeratin 7 and negative "
        "for gross cystic disease fluid protein 15 (d IHC.",
    ):
        values = parse_lab_values(sentence)
        assert _of(values, "Total protein") == [] and _of(values, "CK") == [], sentence


# --- 2. A number in a temperature or a dose is no result ---------------------------------


def test_a_cultures_temperature_is_no_bicarbonate() -> None:
    # CUPCase row 4595 (a culture's conditions), then a real blood value of the same report
    values = parse_lab_values(
        "The samples were cultured on chocolate agar (BioMérieux, Marcy l’Etoile, France), "
        "incubated under a 5% CO₂-enriched atmosphere at 37°C and on Columbia agar "
        "(BioMérieux) under aerobic and anaerobic atmospheres at 37°C."
    )
    assert values == []
    gas = parse_lab_values("Arterial blood gases showed pH 7.37, HCO3 13 mEq/L, pCO2 23 mmHg.")
    assert [v.value for v in _of(gas, "Bicarbonate")] == [13]


def test_a_drugs_dose_is_no_level() -> None:
    # CUPCase row 1967 (grams spelt out) and row 1732 (a list of doses: so many times so much)
    assert (
        parse_lab_values(
            "He was taking increasing doses of acetaminophen (2 grams daily) prior to admission."
        )
        == []
    )
    assert (
        parse_lab_values("Acetaminophen 4 × 15 mg intravenous Furosemide 2 × 1 mg intravenous")
        == []
    )
    # a haemoglobin in grams stays g/dL (CUPCase row 3116); a count's power of ten stays a count
    values = parse_lab_values(
        "Her hemoglobin was 10.1g and her platelets were 468 x 10 9 /l on admission."
    )
    assert [(v.analyte, v.value) for v in values] == [("Hemoglobin", 10.1), ("Platelets", 468)]


# --- 3. Days before a "respectively" list are no values --------------------------------------


def test_the_days_two_patients_reached_a_count_are_not_the_count() -> None:
    # CaseReportBench item 4 (two boys with Wiskott-Aldrich syndrome after cord blood
    # transplantation): the days of engraftment, then "respectively" for the two patients
    values = parse_lab_values(
        "Hematopoietic reconstitution following CBSCT was uneventful, with an absolute "
        "neutrophil count (ANC) of more than 500/µL on days 31 and 13 and a platelet count of "
        "more than 20,000/µL on days 58 and 50, for UPN 1 and UPN 2, respectively."
    )
    assert [(v.analyte, v.comparator, v.value) for v in values] == [
        ("Neutrophils", ">", 500),
        ("Platelets", ">", 20000),
    ]


# --- 4. A ratio or product of two tests is neither test -----------------------------------


def test_a_ratio_written_with_a_colon_or_a_product_is_no_result_of_its_terms() -> None:
    # CUPCase row 4319 (non-islet cell tumour hypoglycaemia), row 5469 (a kidney transplant)
    assert (
        parse_lab_values(
            "IGF-II and IGF-I was measured, and the IGF-II:IGF-I ratio was elevated at 9.60 (3:1 "
            "is normal, and >10 has been suggested to be pathognomonic)."
        )
        == []
    )
    assert (
        parse_lab_values(
            "Both pre- and post-kidney transplant parathyroid hormone (PTH) and serum calcium "
            "levels were within normal ranges with a calcium-phosphate product of less than 4."
        )
        == []
    )
    # the test told alone keeps its result
    assert [v.value for v in parse_lab_values("IGF-1 was 80 ng/mL.")] == [80]


# --- 5. A change told of another subject is not the test's later result ---------------------


def test_a_score_that_improved_is_not_the_crp_before_it() -> None:
    # CUPCase row 5307 (Crohn's disease): the Harvey-Bradshaw index, after the CRP
    values = parse_lab_values(
        "His laboratory investigations revealed normal inflammatory markers (CRP <4), and his "
        "HBI had improved to 3."
    )
    assert [(v.comparator, v.value) for v in _of(values, "CRP")] == [("<", 4)]
    # the test's own change still reads: "which fell to"
    values = parse_lab_values("His potassium was 7.1 mmol/L, which fell to 5.0 mmol/L.")
    assert [v.value for v in _of(values, "Potassium")] == [7.1, 5.0]
