"""Lab values a person reads in unseen case reports that the reader missed (#29, recall30).

The shapes are from 25 case sections drawn at random from the MedRBench and CUPCase pools
(seed 30), and from recall29's list of shapes left, each quoted as printed:

- a differential's share told with the cell's adjective ("14 white blood cells (70%
  lymphocytic)", MedRBench PMC11378097; "with 85% neutrophilic predominance", PMC11623884;
  "lymphocytic predominant (95%)", PMC11540108; "neutrophilic leukocytosis (79%)", Journal of
  Medical Case Reports, CUPCase row 5598);
- a value after the condition's name, in three shapes the disorder rules did not take: the
  test's symbol in lower case inside the disorder's bracket ("new hyperkalemia (k 6.1 mmol/L",
  PMC11535886), a urine test's disorder ("hypercalciuria (4.7 mmol/L)", CUPCase row 3768), and
  a count told after "with" ("lymphocytopenia with a cell count of 470/µl (2.3%)", CUPCase row
  448; recall29's left list);
- a blood gas's saturation in words among its results ("oxygen saturation of 85.9%" after
  "arterial blood gas analysis showed", PMC11628383, recall29's left list; CUPCase rows 2377,
  3416, 4432, 5100);
- "sugar" alone for a CSF's glucose ("sugar 42 mg/dl", PMC11543143; "sugar 5.3 mmol/l",
  CUPCase row 2057).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.specimen) for v in parse_lab_values(text)]


# --- a share told by the cell's adjective ---------------------------------------------------


def test_a_csf_share_told_by_the_adjective_after_the_count():
    # MedRBench PMC11378097 (paraneoplastic encephalomyelitis): the CSF's lymphocytes
    text = (
        "A lumbar puncture showed clear cerebrospinal fluid with no albumin-cytological "
        "dissociation, glucose 0.49 g/L, proteins 0.20 g/L, chloride 121 mmol/L, 14 white blood "
        "cells (70% lymphocytic), and 14 red blood cells per mm³."
    )
    read = _read(text)
    assert ("Lymphocytes", 70.0, "%", "csf") in read
    assert ("Chloride", 121.0, "mmol/L", "csf") in read


def test_a_share_then_the_adjective_of_a_predominance():
    # MedRBench PMC11623884: the blood's neutrophils in a leukocytosis
    text = (
        "Laboratory tests were normal, except for a leukocytosis of 12 500 cells/mm³, with 85% "
        "neutrophilic predominance."
    )
    assert ("Neutrophils", 85.0, "%", None) in _read(text)


def test_the_adjective_of_a_predominance_then_its_share_in_brackets():
    # MedRBench PMC11540108 (tuberculous pleurisy): the pleural fluid's lymphocytes
    text = (
        "Pleural fluid analysis revealed slightly turbid yellow-colored fluid with a WBC of 1700 "
        "cells/cumm, lymphocytic predominant (95%)."
    )
    read = _read(text)
    assert ("Lymphocytes", 95.0, "%", "pleural fluid") in read
    assert ("WBC", 1700.0, "cells/mm3", "pleural fluid") in read


def test_the_adjective_of_a_leukocytosis_then_its_share():
    # CUPCase row 5598: the neutrophils' share of the count, not a second white count
    text = (
        "Laboratory examination revealed a white cell count of 11.5 × 10^9/L with neutrophilic "
        "leukocytosis (79%). CRP was raised (234 mg/l)."
    )
    read = _read(text)
    assert ("Neutrophils", 79.0, "%", None) in read
    assert not any(a == "WBC" and v == 79.0 for a, v, _, _ in read)


def test_guard_a_tissue_or_a_marrow_share_told_by_the_adjective_is_no_result():
    assert _read("Bone marrow biopsy showed 80% lymphocytic cells.") == []
    assert _read("The skin showed a 70% lymphocytic infiltrate.") == []
    assert _read("Histology showed colitis with 60% eosinophilic cells in the mucosa.") == []


# --- a value after the condition's name -------------------------------------------------------


def test_the_test_symbol_in_lower_case_inside_the_disorder_bracket():
    # MedRBench PMC11535886 (disseminated histoplasmosis with HLH)
    text = (
        "Furthermore, new hyperkalemia (k 6.1 mmol/L, reference: 3.5-5.0 mmol/L), and persistent "
        "acidosis (lactate 4.1 mmol/L, reference: 0.5-2.2 mmol/L) were noted."
    )
    read = _read(text)
    assert ("Potassium", 6.1, "mmol/L", None) in read
    assert ("Lactate", 4.1, "mmol/L", None) in read


def test_guard_another_test_symbol_in_the_disorder_bracket_keeps_its_own_name():
    # CUPCase row 1109 prints the two disorders' values swapped; each is read by its symbol
    text = "including hypokalemia (Na+ 127 mmol/L) and hyponatremia (K+ 3.40 mmol/L)."
    read = _read(text)
    assert ("Sodium", 127.0, "mmol/L", None) in read
    assert ("Potassium", 3.4, "mmol/L", None) in read
    assert _read("Diagnoses upon admission were hypokalemia (grade 3) and melanoma.") == []


def test_a_urine_test_disorder_then_its_value_is_the_urine_value():
    # CUPCase row 3768 (sarcoidosis after microblading)
    text = (
        "elevated chitotriosidase (480 nmol/h ml), and hypercalciuria (4.7 mmol/L) with a urine "
        "calcium/creatinine ratio of 0.96."
    )
    read = _read(text)
    assert ("Calcium", 4.7, "mmol/L", "urine") in read
    assert not any(a == "Calcium" and s is None for a, _, _, s in read)


def test_a_count_disorder_then_a_count_told_after_with():
    # CUPCase row 448
    text = (
        "He showed lymphocytopenia with a cell count of 470/µl (2.3%). SARS-CoV-2-PCR was positive."
    )
    read = _read(text)
    assert ("Lymphocytes", 470.0, "/µl", None) in read
    assert ("Lymphocytes", 2.3, "%", None) in read


# --- "sugar" alone ------------------------------------------------------------------------------


def test_sugar_alone_in_a_csf_analysis_is_the_csf_glucose():
    # MedRBench PMC11543143 (tuberculous meningitis)
    text = (
        "Lumbar puncture with routine cerebrospinal fluid (CSF) analysis showed protein -1062 "
        "mg/dl (normal range: 15–60 mg/dl), sugar 42 mg/dl (normal range: 50–80 mg/dl), and "
        "lymphocyte: 84 (normal range:0–5/mm3)."
    )
    read = _read(text)
    assert ("Glucose", 42.0, "mg/dl", "csf") in read
    assert ("Total protein", 1062.0, "mg/dl", "csf") in read


def test_sugar_alone_after_a_csf_protein_in_mmol():
    # CUPCase row 2057
    text = (
        "Cerebrospinal fluid (CSF) analysis revealed pleocytosis: protein 380 mg/dl, and sugar "
        "5.3 mmol/l."
    )
    assert ("Glucose", 5.3, "mmol/l", "csf") in _read(text)


def test_guard_the_compounds_of_sugar_keep_their_names():
    assert ("Fasting glucose", 190.0, "mg/dL", None) in _read("Fasting blood sugar was 190 mg/dL.")
    assert ("Urine glucose", 2.0, None, "urine") in _read("Urinalysis: urine sugar 2+.")
    assert _read("He was advised to keep his sugar intake under 50 g per day.") == []


# --- a blood gas's saturation in words ----------------------------------------------------------


def test_a_gas_saturation_in_words_among_its_results():
    # MedRBench PMC11628383 (renal tubular acidosis after an immune checkpoint inhibitor)
    text = (
        "Two days after admission, arterial blood gas analysis showed a pH of 7.34, partial "
        "pressure of carbon dioxide of 23mmHg, partial pressure of oxygen of 54mm Hg, oxygen "
        "saturation of 85.9%, actual bicarbonate of 12.2mmol/L."
    )
    read = _read(text)
    assert ("Oxygen saturation", 85.9, "%", None) in read
    assert ("Blood pH", 7.34, None, None) in read


def test_a_gas_saturation_after_a_colon_in_a_semicolon_list():
    # CUPCase row 4432
    text = (
        "Arterial blood gases on admission to our ICU were: pH 7.246; partial pressure of carbon "
        "dioxide: 58.3mmHg; partial pressure of oxygen: 441mmHg; bicarbonate: 21.9mEq/L; oxygen "
        "saturation: 99.9%; and lactate: 1.1mmol/L."
    )
    assert ("Oxygen saturation", 99.9, "%", None) in _read(text)


def test_guard_a_pulse_oximeter_saturation_is_no_gas_result():
    assert _read("On examination her oxygen saturation was 91% on room air.") == []
    text = (
        "Arterial blood gas showed pH 7.30 and pCO2 50 mmHg; her heart rate was 120 and oxygen "
        "saturation of 88% on room air."
    )
    assert not any(a == "Oxygen saturation" for a, _, _, _ in _read(text))


def test_guard_a_venous_gas_saturation_is_no_arterial_saturation():
    # dev's cr-ethylene-glycol-venous-gas case: its truth leaves the venous saturation out
    text = (
        "The venous blood gas analysis results showed pH 6.90, PaCO2 34 mmHg, PaO2 25 mmHg, "
        "bicarbonate 6.7 mmol/L, base excess −26.1 mmol/L, and oxygen saturation 15%."
    )
    read = _read(text)
    assert not any(a == "Oxygen saturation" for a, _, _, _ in read)
    assert ("Bicarbonate", 6.7, "mmol/L", None) in read
