"""Lab values a person reads in unseen case reports that the reader missed (#29, recall28).

The shapes are from 25 case sections drawn at random from the MedRBench pool (seed 28), each
quoted as printed:

- a 24-hour urine collection's amount with a bare mass, the period said by the name ("a
  24-hour urinary protein level of 3173 mg", PMC11421877; "4.67 g", PMC11635891);
- a differential's first percentage after a participle ("a differential showing 70%
  neutrophils and 0% eosinophils", PMC11416202; "comprising 64.7% neutrophils",
  PMC11600914);
- a lymphocyte subset told as a percentage of the lymphocytes, and the CD4/CD8 ratio ("helper
  T cells (CD3+ CD4+) at 40.29%", "a CD4+/CD8+ ratio of 2.69", PMC11638744).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.specimen) for v in parse_lab_values(text)]


# --- a day's urine amount with a bare mass --------------------------------------------------


def test_a_24_hour_urine_protein_in_bare_milligrams_is_the_days_amount():
    # MedRBench PMC11421877 (an 11-year-old's anti-GBM disease)
    text = (
        "Urine analysis demonstrated significant findings: urine albumin was markedly positive "
        "(++++) with substantial proteinuria indicated by a 24-hour urinary protein level of "
        "3173 mg (normal = <150 mg) and an elevated urine protein-to-creatinine ratio of "
        "1.5625 (normal = <0.5), indicating a marked loss of protein in the urine."
    )
    assert ("24-hour urine protein", 3173.0, "mg/day", "urine") in _read(text)


def test_a_24_hour_urine_protein_in_bare_grams_before_another_urine_name():
    # MedRBench PMC11635891: the next sentence opens with "Urine protein"
    text = (
        "The 24-h urine protein excretion quantity was 4.67 g. Urine protein electrophoresis "
        "detected larger and smaller molecular-weight protein components."
    )
    assert _read(text) == [("24-hour urine protein", 4.67, "g/day", "urine")]


def test_a_24_hour_proteinuria_after_an_equals_sign_and_its_later_amount():
    # MedRBench PMC11461944 and PMC11521799
    assert _read("A 24 hour proteinuria = 418 mg.") == [
        ("24-hour urine protein", 418.0, "mg/day", "urine")
    ]
    text = (
        "Urinalysis revealed proteinuria 1+ without hematuria, and 24-hour urinary protein "
        "was 0.17g, which increased to 1.65g three months later."
    )
    read = _read(text)
    assert ("24-hour urine protein", 0.17, "g/day", "urine") in read
    assert ("24-hour urine protein", 1.65, "g/day", "urine") in read


def test_a_dose_in_the_sentence_of_a_24_hour_collection_stays_a_dose():
    # Guard: CUPCase row 1622, "after 1 and 4 mg dexamethasone" beside a 24-hour urinary
    # free cortisol; and a dose given every 24 hours
    text = (
        "The provisional diagnosis was confirmed by a 24-hour urinary free cortisol (UFC) "
        "level of 529.4 μg/day, serum cortisol levels after 1 and 4 mg dexamethasone "
        "suppression of 26 and 25.7 mcg/dL, respectively."
    )
    assert not [v for v in _read(text) if v[2] and v[2].startswith("mg/")]
    assert _read("He received 2 g of ceftriaxone every 24 hours and phenytoin 100 mg.") == []


# --- a differential after a participle ------------------------------------------------------


def test_a_differential_showing_its_first_percentage_is_read():
    # MedRBench PMC11416202
    text = (
        "The patient's complete blood count (CBC) revealed a total leukocyte count of 2880 "
        "cells/mm3, with a differential showing 70% neutrophils and 0% eosinophils."
    )
    read = _read(text)
    assert ("Neutrophils", 70.0, "%", None) in read
    assert ("Eosinophils", 0.0, "%", None) in read


def test_a_count_comprising_percentages_gives_each_cell_its_own():
    # MedRBench PMC11600914: the 21.6% lymphocytes had been read as neutrophils
    text = (
        "The results of routine blood tests indicated a white blood cell count of 4.82 × 109/L "
        "(within the normal range of 3.5–9.5 × 109/L), comprising 64.7% neutrophils (within "
        "the normal range of 40–75%), 21.6% lymphocytes (within the normal range of 20–50%), "
        "and 2.7% eosinophils (within the normal range of 0.4–8%)."
    )
    read = _read(text)
    assert ("Neutrophils", 64.7, "%", None) in read
    assert ("Lymphocytes", 21.6, "%", None) in read
    assert ("Neutrophils", 21.6, "%", None) not in read
