"""Round eight's audit of case sections (CUPCase rows 0-130, Journal of Medical Case
Reports): values the reader gave to a test whose name another word only holds, and a
"respectively" clause whose first name the catalogue does not know (issue #29).

Each sentence is the shape of a real case section's sentence; beside each, the reading
that must survive (the true values of the same shape)."""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.analysis.labs.reference import Patient


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.specimen) for v in read_lab_text(text).values]


def _names(text: str) -> set[str]:
    return {v.analyte for v in read_lab_text(text).values}


# --- a coagulation factor's inhibitor is its titre, not the factor ------------------------


def test_a_factor_inhibitor_titre_is_not_the_factor_activity() -> None:
    # CUPCase row 887 (acquired haemophilia A)
    text = (
        "Laboratory evaluation revealed a prolonged activated partial thromboplastin time "
        "(aPTT; 119 s; reference range 25.0–36.0 s), and FVIII:C of 2% in the presence of a "
        "high-titer FVIII inhibitor of 102 Bethesda units (BU)/ml."
    )
    values = _read(text)
    assert ("Factor VIII", 2.0, None) in values
    assert ("Factor VIII", 102.0, None) not in values
    assert ("aPTT", 119.0, None) in values


def test_factor_inhibitor_written_in_words_is_not_the_factor() -> None:
    assert "Factor VIII" not in _names("The factor VIII inhibitor was 12 BU/mL.")


# --- the immature fraction of the reticulocytes ---------------------------------------------


def test_immature_reticulocytes_are_not_the_reticulocyte_count() -> None:
    # CUPCase row 493: a laboratory list with ranges in brackets
    text = (
        "transferrin 154 (200–360) mg/dl, reticulocytes 2.93% (0.80–2.50%), immature "
        "reticulocytes 12.9% (0.0–2.0%), thyroid stimulating hormone (TSH) 82.43 "
        "(0.53–3.59) µU/ml"
    )
    values = _read(text)
    assert ("Reticulocytes", 2.93, None) in values
    assert ("Reticulocytes", 12.9, None) not in values
    assert ("TSH", 82.43, None) in values


# --- "TP" that is not total protein ---------------------------------------------------------


def test_a_treponemal_assay_named_mha_tp_is_not_urine_protein() -> None:
    # CUPCase row 1169 (secondary syphilis)
    text = "A Microhemagglutination Assay for Treponema pallidum (MHA-TP) was positive."
    assert _read(text) == []


def test_a_regimen_joined_by_plus_is_not_a_dipstick_grade() -> None:
    # CUPCase row 1124: "TP" a chemotherapy regimen, "+" joins it to bevacizumab
    text = (
        "Our patient experienced a symptom-free interval of 25 months after the last "
        "TP + BV infusion."
    )
    assert _read(text) == []


def test_total_protein_written_tp_and_a_dipstick_plus_are_still_read() -> None:
    assert ("Total protein", 6.3, None) in _read("TP: 6.3 g/dL, Alb: 3.9 g/dL")
    assert ("Urine protein", 1.0, "urine") in _read("Urine dipstick: protein +, blood ++")


# --- a lymph node, lymphocytes in a tissue ---------------------------------------------------


def test_a_lymph_node_with_its_suv_is_not_a_lymphocyte_count() -> None:
    # CUPCase row 1111: the PET-CT's uptake beside "lymph nodes"
    text = (
        "A positron emission tomographic (PET)-CT scan showed a hypermetabolic nodule with a "
        "corresponding standardized uptake value (SUV) of 6.1 and multiple associated "
        "hypermetabolic internal mammary lymph nodes with the highest SUV of 6.0."
    )
    assert "Lymphocytes" not in _names(text)


def test_tumour_infiltrating_lymphocytes_are_histology_not_the_blood_count() -> None:
    # CUPCase row 332: the melanoma's pathology
    text = "Tumor infiltrating lymphocyte and macrophage is less than 5%."
    assert "Lymphocytes" not in _names(text)


def test_the_blood_lymphocytes_are_still_read() -> None:
    text = "white blood cells (WBCs) of 4.46 × 10^9/L (neutrophils 82%, lymphocytes 16%)"
    assert ("Lymphocytes", 16.0, None) in _read(text)


# --- a classification criterion's points -----------------------------------------------------


def test_a_criterion_scored_in_points_is_not_the_antibody() -> None:
    # CUPCase row 412: the 2012 polymyalgia rheumatica criteria
    text = (
        "Moreover, the total score was 3 points and did not meet the 2012 Provisional "
        "Classification Criteria for Polymyalgia Rheumatica (\u201cabsence of RF or "
        "ACPA\u201d: 2 points, \u201cabsence of other joint involvement\u201d: 1 point; )."
    )
    assert _read(text) == []


# --- "respectively" with a name the catalogue does not know ----------------------------------


def test_respectively_with_an_unknown_first_name_gives_the_known_one_its_own_value() -> None:
    # CUPCase row 1240: elastase-1 is not in the catalogue, lipase is
    text = (
        "In addition, the serum elastase-1 and lipase levels were increased to 1939 (< 300) "
        "ng/dL and 119 (11–53) U/L, respectively."
    )
    assert _read(text) == [("Lipase", 119.0, None)]


def test_respectively_with_an_unknown_second_name_gives_the_first_value() -> None:
    text = "The lipase and elastase-1 levels were 119 U/L and 1939 ng/dL, respectively."
    assert _read(text) == [("Lipase", 119.0, None)]


def test_respectively_with_ranges_before_the_units_pairs_both_known_names() -> None:
    text = (
        "the serum amylase and lipase levels were increased to 1939 (< 300) U/L and "
        "119 (11–53) U/L, respectively."
    )
    values = _read(text)
    assert ("Amylase", 1939.0, None) in values
    assert ("Lipase", 119.0, None) in values
    assert ("Lipase", 1939.0, None) not in values


# --- a relative's results announced by the sentence before --------------------------------

_MOTHERS_RESULTS = (
    "Following a clinical deterioration in the neonate and the abnormal CXR, the mother was "
    "questioned again about symptoms. The mother's test results were prepared at 3:56 p.m., "
    "which were as follows. A white blood cell (WBC) count of 12.7, Hb level of 12.1, "
    "hematocrit level of 35.5, erythrocyte sedimentation rate of 40 mm/hour."
)


def test_results_announced_as_the_mothers_are_not_the_newborns() -> None:
    # CUPCase row 942: a neonate's case; the mother's results follow her announcement
    newborn = Patient(age=0, gender="male")
    assert read_lab_text(_MOTHERS_RESULTS, patient=newborn).values == []


def test_in_the_mothers_own_case_the_announced_results_are_hers() -> None:
    mother = Patient(age=32, gender="female")
    names = {v.analyte for v in read_lab_text(_MOTHERS_RESULTS, patient=mother).values}
    assert {"WBC", "Hemoglobin", "Hematocrit", "ESR"} <= names


def test_a_sentence_after_the_announcement_that_names_the_patient_is_the_patients() -> None:
    text = (
        "His father's laboratory results were as follows. The patient had a hemoglobin of 9.1 g/dL."
    )
    boy = Patient(age=8, gender="male")
    assert ("Hemoglobin", 9.1, None) in [
        (v.analyte, v.value, v.specimen) for v in read_lab_text(text, patient=boy).values
    ]
