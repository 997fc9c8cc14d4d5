"""Labs told in the prose of full case sections of published case reports (issue #29,
reader-caselabs6).

Each test quotes a sentence of a real Journal of Medical Case Reports case presentation (BioMed
Central, CC BY 4.0), as the CUPCase dataset stores it in
felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv (row id named in each test). Each
article is a dev case of tests/clinical/dev named in the test (cr6-labs-...); rows 1562, 2293,
2672 and 2766 are reader-caseprec6's dev cases of the same round (cr6-prec-..., the same
articles, taken by that branch first).
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.unit) for v in read_lab_text(text).values]


def _timed(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.timing) for v in read_lab_text(text).values]


# --- values told "respectively" ---------------------------------------------------------


def test_two_tests_then_two_values_with_their_units_respectively() -> None:
    # Row 1776 (cr6-labs-burkitt-pregnancy-ca19-9-ca125-respectively-cord-ph-of-baby-lactate).
    # Before, the CA 19-9 was missed and its value given to CA-125.
    text = (
        "Cancer antigen 19-9 and cancer antigen 125 were elevated at 196.7 U/mL and 145 U/mL,"
        " respectively."
    )
    assert _read(text) == [("CA 19-9", 196.7, "U/mL"), ("CA-125", 145.0, "U/mL")]


def test_respectively_opening_the_bracket_of_values() -> None:
    # Row 4296 (cr6-labs-hbsc-lupus-aiha-cells-mm3-respectively-c3-c4-electrophoresis-percent).
    text = "C3 levels and C4 levels were normal (respectively, 0.95g/L and 0.3g/L)."
    assert _read(text) == [("Complement C3", 0.95, "g/L"), ("Complement C4", 0.3, "g/L")]


def test_one_test_with_a_value_per_condition_and_a_dose_between() -> None:
    # Row 1622 (cr6-labs-cushing-myeloma-respectively-cortisol-ufc-free-light-chains-ratio-
    # colon): the doses "1 and 4 mg" are no values; the two cortisols are.
    text = (
        "serum cortisol levels after 1 and 4 mg dexamethasone suppression of 26 and 25.7 mcg/dL,"
        " respectively, and a loss of physiologic diurnal variation."
    )
    read = _read(text)
    assert sorted(read) == [("Cortisol", 25.7, "mcg/dL"), ("Cortisol", 26.0, "mcg/dL")]


def test_one_test_two_values_before_the_conditions_respectively() -> None:
    # Row 3217 (cr6-labs-bartter-respectively-igf1-igfbp3-gh-sister-value-aldosterone-two-units).
    text = (
        "Pharmacologically stimulated GH levels were 0.15 and 0.39μg/L after insulin-induced"
        " hypoglycemia and arginine administration, respectively ()."
    )
    assert sorted(_read(text)) == [
        ("Growth hormone", 0.15, "μg/L"),
        ("Growth hormone", 0.39, "μg/L"),
    ]


def test_respectively_leaves_blood_pressures_and_unknown_second_tests_alone() -> None:
    # Row 446 (cr6-labs-tinu-...): a blood pressure is no lab value; row 3217: the IGF binding
    # protein 3 has no catalogue name, so its 1.92 μg/mL is never given to another test.
    assert (
        _read("average 24-hour systolic and diastolic blood pressure 117 and 66 mmHg, respectively")
        == []
    )
    read = _read(
        "His serum levels of IGF-1 and IGF binding protein 3 were 80ng/mL (normal range for his"
        " age, 178 to 686ng/mL) and 1.92μg/mL (normal range for his age, 2.69 to 4.16μg/mL),"
        " respectively."
    )
    assert all(value != 1.92 for _, value, _ in read)
    assert ("Total protein", 3.0, None) not in read


# --- serial values ----------------------------------------------------------------------


def test_the_later_value_first_then_from_the_earlier_one() -> None:
    # Row 2247 (cr6-labs-candida-glabrata-serial-crp-rose-to-from-beta-glucan-ranges-bare) and
    # row 1562 (reader-caseprec6's cr6-prec-dengue-transplant-... of the same article).
    assert _timed(
        "However, his CRP rose rapidly to 7.4 mg/dl from 4.7, and the antibiotic was switched back."
    ) == [("CRP", 7.4, None), ("CRP", 4.7, "earlier")]
    assert _timed(
        "Serum creatinine was raised to 630 umol/L, from a background of 96 umol/L, checked 2"
        " weeks ago on her routine clinic visit."
    ) == [("Creatinine", 630.0, None), ("Creatinine", 96.0, "earlier")]


def test_a_verb_of_change_with_its_adverb_hands_the_value_over() -> None:
    # Row 2247: "also increased to" (before, the CRP of 7.8 mg/dL was not read).
    text = (
        "his serum C-reactive protein (CRP) level also increased to 7.8 mg/dl (normal range <0.3"
        " mg/dl), and his left hemiparesis worsened."
    )
    assert [(a, v, u) for a, v, u in _read(text)] == [("CRP", 7.8, "mg/dl")]


# --- a disorder named before its value ---------------------------------------------------


def test_anaemia_and_thrombopenia_before_their_values_and_an_absolute_reticulocyte_count() -> None:
    # Row 4296: the haemoglobin was missed (and its critical value with it), the absolute
    # reticulocyte count and the platelets too.
    text = (
        "Blood test results showed normocytic anemia at 6.6g/dL with a high reticulocyte count"
        " (230,000 cells/mm3), hyperleukocytosis with granulocytosis (leukocyte count 16,500"
        " cells/mm3, polymorphonuclear cells 9500 cells/mm3) and moderate thrombopenia (100,000"
        " cells/mm3)."
    )
    values = read_lab_text(text).values
    read = [(v.analyte, v.value, v.unit) for v in values]
    assert ("Hemoglobin", 6.6, "g/dL") in read
    assert ("Reticulocytes", 230000.0, "cells/mm3") in read
    assert ("Platelets", 100000.0, "cells/mm3") in read
    assert next(v for v in values if v.analyte == "Hemoglobin").critical
    # an anaemia named without a haemoglobin's unit after it is no value
    assert _read("severe anaemia (2 units transfused)") == []


def test_indirect_hyperbilirubinemia_is_the_indirect_bilirubin() -> None:
    # Row 4296: read as a total bilirubin before.
    text = "elevated lactate dehydrogenase (4670UI/L) indirect hyperbilirubinemia (21mg/L) with"
    assert ("Indirect bilirubin", 21.0, "mg/L") in _read(text)
    assert all(a != "Total bilirubin" for a, _, _ in _read(text))


def test_dipstick_grades_beside_the_disorder_words() -> None:
    # Rows 2672, 2293 and 446.
    assert _read(
        "Her urinary examination showed +++ proteinuria and the presence of eight to"
        " ten erythrocytes"
    ) == [("Urine protein", 3.0, None)]
    assert _read("revealed +4 proteinuria and normal microscopy") == [("Urine protein", 4.0, None)]
    assert _read("and normoglycemic glycosuria (1+) were observed.") == [
        ("Urine glucose", 1.0, None)
    ]


# --- units and names the catalogue did not know -----------------------------------------


def test_calcium_and_phosphate_in_mg_per_litre_and_a_critical_calcium() -> None:
    # Row 3204 (cr6-labs-brown-tumour-hyperparathyroidism-mg-l-calcium-urine-24h-below-bound).
    text = (
        "Her calcium level was high at 108mg/L (normal range: 95mg/L to 105mg/L), the phosphate"
        " level was 30mg/L (normal range 25mg/L to 45mg/L), there was an increase"
    )
    values = read_lab_text(text).values
    assert [(v.analyte, v.value, v.unit, v.critical) for v in values] == [
        ("Calcium", 108.0, "mg/L", False),
        ("Phosphate", 30.0, "mg/L", False),
    ]
    # 138 mg/L is 13.8 mg/dL, beyond the critical 12.9 mg/dL
    assert (
        read_lab_text("Her calcium level was 138mg/L (normal range: 95mg/L to 105mg/L).")
        .values[0]
        .critical
    )


def test_prolactin_in_miu_per_litre_and_aldosterone_in_pg_per_ml() -> None:
    # Rows 4513 and 3217.
    assert _read("and prolactin, 233 mIU/L (normal < 460 mIU/L). Basal levels") == [
        ("Prolactin", 233.0, "mIU/L")
    ]
    assert _read(
        "aldosterone level, 850pg/mL (2,358pmol/L; normal value for his age, 173.7 ± 96.3pg/mL)."
    ) == [("Aldosterone", 850.0, "pg/mL")]


def test_a_ratio_named_with_to_and_a_ratio_printed_against_one() -> None:
    # Row 446 (urine albumin-to-creatinine ratio) and row 1622 (Kappa:Lambda ratio of 531:1).
    assert _read("microalbuminuria (urine albumin-to-creatinine ratio, 58 mg/g)") == [
        ("Urine albumin/creatinine ratio", 58.0, "mg/g")
    ]
    assert _read("with a Kappa:Lambda ratio of 531:1. A bone marrow aspiration") == [
        ("Kappa/lambda ratio", 531.0, None)
    ]


def test_the_second_term_of_an_unknown_ratio_is_still_no_creatinine() -> None:
    # The one _ratio_term check of parse.py (it replaced two overlapping checks): the
    # denominator of a ratio the catalogue does not name is no result, in each of its forms
    # (J Med Case Rep, CUPCase row 758; CC BY case reports of the fifth round).
    for text in [
        "Her urine potassium-to-creatinine [K/Cr] ratio of 3.9 mmol/mmol and serum creatinine"
        " 0.8 mg/dL.",
        "The urine phosphate-to-creatinine ratio of 1.22 was high; creatinine 0.8 mg/dL.",
    ]:
        assert _read(text) == [("Creatinine", 0.8, "mg/dL")]
    # a ratio the catalogue names (core.vocabulary.catalog_specialist) is its own analyte
    assert _read("Urine calcium/creatinine ratio 0.9, urine creatinine 80 mg/dL.") == [
        ("Urine calcium/creatinine ratio", 0.9, None),
        ("Creatinine", 80.0, "mg/dL"),
    ]


def test_results_in_a_bracket_after_within_normal_limits() -> None:
    # Row 2766 (reader-caseprec6's cr6-prec-pres-lupus-...): the haemoglobin was taken for
    # reference text.
    text = (
        "Her haematological and biochemical parameters were within normal limits (haemoglobin"
        " 11.8g/dL; white cell count of 9400/mm3; platelet count 236,000/mm3)."
    )
    assert ("Hemoglobin", 11.8, "g/dL") in _read(text)
    # a normal range in brackets is still no result
    assert _read("normal range (haemoglobin 13.5 to 17.5 g/dL)") == []


# --- numbers that are part of a name, and doses ------------------------------------------


def test_igg_subclasses_are_no_igg_values() -> None:
    # Row 2115 (cr6-labs-antisynthetase-cvid-igg-subclasses-g-l-bounds-n-serial-years): "IgG1
    # 2.48" was read as an IgG of 1 g/l.
    text = (
        "reduced total IgG (4.1 g/l), and reduction of each subclass of IgG: IgG1 2.3 g/l, IgG2"
        " 1.48 g/l, IgG3 0.11 g/l, and IgG4 0.04 g/l."
    )
    # each subclass is its own analyte (catalogued since), never an IgG of 1 to 4
    assert _read(text) == [
        ("IgG", 4.1, "g/l"),
        ("IgG1", 2.3, "g/l"),
        ("IgG2", 1.48, "g/l"),
        ("IgG3", 0.11, "g/l"),
        ("IgG4", 0.04, "g/l"),
    ]
    assert _read("IgG10mg/dl") == [("IgG", 10.0, "mg/dl")]  # a value glued to its name still


def test_a_protein_named_by_its_numeral_and_a_globulin_fraction() -> None:
    # Rows 1727 and 1562.
    assert _read("CD7, and programmed cell death protein 1 (PD-1), with weak expression") == []
    assert _read("Dengue non-structural protein 1 (NS1) antigen (day 2) was positive") == []
    # the gamma fraction (a catalogue analyte of its own since), never the serum globulin
    assert _read(
        "Hypergammaglobulinemia was evident with gamma globulin level of 2.64 mg/dL (reference"
        " range 0.62–1.51 mg/dL)."
    ) == [("Gamma globulin", 2.64, "mg/dL")]
    assert _read("serum protein 6 g/dL, globulin 3.1 g/dL") == [
        ("Total protein", 6.0, "g/dL"),
        ("Globulin", 3.1, "g/dL"),
    ]
    assert _read("UA: protein 2+") == [("Urine protein", 2.0, None)]


def test_a_dose_in_units_given_subcutaneously_is_no_result() -> None:
    # Row 1727: "calcitonin 300 U" was read as a calcitonin result.
    assert (
        _read(
            "pamidronate 90 mg administered intravenously once, and calcitonin 300 U"
            " administered subcutaneously twice daily"
        )
        == []
    )


def test_counts_in_giga_per_litre_and_a_creatinine_named_as_its_level_in_blood() -> None:
    # Row 728 (cr6-labs-gamma-heavy-chain-g-per-l-counts-immunoglobulins-g-a-m-respectively).
    text = (
        "Haemoglobin was normal at 13.3 g/dl, platelets were at 187 G/l, total leucocytes were at"
        " 11.61 G/l, with neutrophils at 8.93 G/l, monocytes at 0.91 G/l, and lymphocytes at 1.59"
        " G/l. Blood electrolytes and hepatic parameters were normal, creatininemia was 105"
        " µmol/l, and C-reactive protein was slightly increased at 27 mg/l."
    )
    read = {(a, v) for a, v, _ in _read(text)}
    for value in [
        ("Platelets", 187.0),
        ("WBC", 11.61),
        ("Neutrophils", 8.93),
        ("Monocytes", 0.91),
        ("Lymphocytes", 1.59),
        ("Creatinine", 105.0),
    ]:
        assert value in read
    assert _read("Albumin 32 G/L") == [("Albumin", 32.0, "G/L")]  # capitals: grams still


def test_an_igg_subclass_named_before_its_level_and_gamma_gtp() -> None:
    # Row 5068 (cr6-labs-igg4-submandibular-...): "IgG4 level (16.9" was an IgG of 4; row 2771
    # (cr6-labs-trastuzumab-hepatotoxicity-...): "glutamyl transpeptidase (γ-GTP) 383U/L".
    # the subclass (a catalogue analyte of its own since), never an IgG of 4
    assert _read(
        "Regarding the measurement of the serum IgG subclass, only his IgG4 level (16.9 mg/dL;"
        " normal range: 4.8-105 mg/dL) was evaluated"
    ) == [("IgG4", 16.9, "mg/dL")]
    assert _read("and glutamyl transpeptidase (γ-GTP) 383U/L (Grade 3).") == [("GGT", 383.0, "U/L")]
