"""Labs told in the prose of full case sections of published case reports (issue #29,
reader-caselabs4).

Each test quotes a sentence of a real Journal of Medical Case Reports case presentation (BioMed
Central, CC BY 4.0), as the CUPCase dataset stores it in
felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv (row id named in each test). Each
case is a dev case of tests/clinical/dev named in the test.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.specimen, v.timing) for v in read_lab_text(text).values]


def test_it_was_tells_a_later_value_of_the_test_named_before() -> None:
    # Row 2377 (cr4-labs-pancreatic-ascites-fluid-beside-serum-serial-amylase-ionised-calcium).
    # Before, only the first amylase was read, and the ionised calcium not at all.
    amylase = (
        "On day 1 of admission (1 month after symptoms started), his amylase level was 1331 U/L;"
        " on day 2, it was 1780 U/L; and on day 3, it was 3570 U/L."
    )
    assert _read(amylase) == [
        ("Amylase", 1331.0, None, "earlier"),
        ("Amylase", 1780.0, None, "earlier"),
        ("Amylase", 3570.0, None, None),
    ]
    calcium = (
        "His serum ionized calcium on day 2 of admission was 0.91 mmol/L (normal 1.09–1.3 "
        "mmol/L), and it was 1.14 mmol/L with replacement of calcium on day 5."
    )
    assert _read(calcium) == [
        ("Ionised calcium", 0.91, None, "earlier"),
        ("Ionised calcium", 1.14, None, None),
    ]


def test_it_was_after_another_test_is_nobodys_value() -> None:
    # The same shape with another test told in between: "it" could be either, so no value is
    # made up (a made-up sentence of the class above).
    text = "Her sodium was 131 mmol/L and her chloride 96 mmol/L, and it was 135 mmol/L later."
    assert ("Sodium", 135.0, None, None) not in _read(text)
    assert ("Chloride", 135.0, None, None) not in _read(text)


def test_a_day_of_the_stay_between_the_name_and_its_verb() -> None:
    # Row 4564 (cr4-labs-legionella-tin-cpk-beside-creatinine-normal-range-semicolon): before,
    # the creatinine of day 3 was not read.
    assert _read("His serum creatinine level at day 3 was 1000 μmol/L.") == [
        ("Creatinine", 1000.0, None, None)
    ]


def test_the_second_term_of_a_ratio_is_no_result_of_that_test() -> None:
    # Row 758 (a primary adrenal insufficiency; the article is reader-casecrit4's dev case):
    # before, both ratios were read as a urine creatinine (3.9 and 1.22).
    text = (
        "investigation for his hypokalemia revealed a urinary potassium of 17.4 mmol/L (normal "
        "less than 20 mmol/L), urinary sodium of 113 mmol/L (normal less than 20 mmol/L), "
        "transtubular potassium gradient (TTKG) of 8, and urine potassium-to-creatinine [K/Cr] "
        "ratio of 3.9 mmol/mmol.\n"
        "Moreover, Fanconi syndrome was negative, including absent glycosuria, absent "
        "aminoaciduria, and urine phosphate-to-creatinine ratio of 1.22 (normal 0.20–3.14) "
        "mmol/mmol creatinine."
    )
    read = _read(text)
    assert [v for v in read if v[0] == "Creatinine"] == []
    assert ("Potassium", 17.4, "urine", None) in read
    assert ("Sodium", 113.0, "urine", None) in read


def test_a_name_comparing_two_specimens_names_neither_for_the_tests_after_it() -> None:
    # Row 2377: "serum-to-ascites albumin gradient" made the fluid's LDH and cells blood values
    # (the last specimen word before them was "serum"); "lactic acid dehydrogenase" was no name.
    text = (
        "His peritoneal fluid was an exudate with 4.3 g/dl protein and a serum-to-ascites albumin"
        " gradient of −1.1 g/dl (<1.1 g/dl), a lactic acid dehydrogenase level of 527 U/L, WBC "
        "of 73 cells/mm³ with 90 % lymphocytes, and RBC of 1.6 × 10⁹/mm³."
    )
    read = {(analyte, value): specimen for analyte, value, specimen, _ in _read(text)}
    assert read[("LDH", 527.0)] == "peritoneal fluid"
    assert read[("WBC", 73.0)] == "peritoneal fluid"
    assert read[("Lymphocytes", 90.0)] == "peritoneal fluid"
    assert read[("RBC", 1.6)] == "peritoneal fluid"


def test_name_comma_count_with_its_exponent_set_apart() -> None:
    # Row 4444 (cr4-labs-valproate-red-cell-aplasia-mchc-cells-per-10-6-later-counts): before,
    # the red cells, platelets, white cells and neutrocytes of this list were not read.
    text = (
        "During the observation period, morphology tests improved systematically (Figure 2), and"
        " after 5 months they were as follows: Hb, 12.9g/dl; RBCs, 4.47 × 10^12/L; MCV, 85.9fl;"
        " MCH, 28.9pg; MCHC, 33.6g/dl; reticulocytes, 0.4%; platelets, 226 × 10^9/L; WBCs, 4800"
        " × 10^6/L; and neutrocytes, 1750 × 10^6/L."
    )
    read = [(analyte, value) for analyte, value, _, _ in _read(text)]
    assert read == [
        ("Hemoglobin", 12.9),
        ("RBC", 4.47),
        ("MCV", 85.9),
        ("MCH", 28.9),
        ("MCHC", 33.6),
        ("Reticulocytes", 0.4),
        ("Platelets", 226.0),
        ("WBC", 4800.0),
        ("Neutrophils", 1750.0),
    ]


def test_a_relative_clause_tells_the_tests_value() -> None:
    # Row 758: before, the testosterone was not read.
    text = (
        "Considering his complaint of reduced libido, we investigated his early-morning "
        "testosterone concentrations, which were 7.7 nmol/L (normal 8.6–29.0 nmol/L), "
        "follicle-stimulating hormone (FSH) 1.8 IU/L (normal 1.5–12.4 IU/L)"
    )
    assert ("Testosterone", 7.7, None, None) in _read(text)


def test_a_base_excess_written_with_its_plus_sign() -> None:
    # Row 2377: before, "base excess of +8.0" was not read.
    text = (
        "Arterial blood gas analysis showed a pH of 7.5 with partial pressure of carbon dioxide "
        "of 31.4 mmHg, bicarbonate of 30.0 mmol/L, base excess of +8.0, lactate of 1.0 mmol/L "
        "(normal 1.0–2.5 mmol/L)"
    )
    read = [(analyte, value) for analyte, value, _, _ in _read(text)]
    assert ("Base excess", 8.0) in read
    assert ("Lactate", 1.0) in read


def test_a_point_as_thousands_separator_of_a_count_per_cubic_millimetre() -> None:
    # Row 5485 (cr4-labs-tuberculous-lymphadenitis-point-thousands-differential-in-brackets-abg):
    # before, the platelet count was read as 346 cells/mm3.
    text = (
        "Laboratory data showed hemoglobin levels at 10.81 g/dl, a white blood cell count of "
        "6,800 cells/mm3 (70% neutrophils, 14% lymphocytes, 12% monocytes, 1% eosinophils) and a"
        " platelet count of 346.000 cells/mm3."
    )
    read = [(analyte, value) for analyte, value, _, _ in _read(text)]
    assert ("Platelets", 346000.0) in read
    assert ("Hemoglobin", 10.81) in read  # a decimal point in another unit stays one


def test_a_value_the_test_reached() -> None:
    # Row 2586 (cr4-labs-leptospirosis-name-comma-value-glued-units-platelets-per-10-4):
    # before, neither value was read.
    text = (
        "His total bilirubin (T-Bil) continued to increase, reaching 8.1mg/dl on day 7 and "
        "peaking after that.\n"
        "We continued to administer potassium intravenously (20–40mEq/L/day) until day 5, when "
        "his potassium level reached 3.0mEq/L."
    )
    read = [(analyte, value) for analyte, value, _, _ in _read(text)]
    assert read == [("Total bilirubin", 8.1), ("Potassium", 3.0)]


def test_lactate_dehydrogenase_makes_no_fluids_ph_a_blood_ph() -> None:
    # Row 487 (cr4-labs-splenic-abscess-pleural-fluid-analytes-list-counts-per-microlitre): the
    # "lactate" of "lactate dehydrogenase" made the pleural fluid's pH 7.58 a blood pH. It is
    # the pleural fluid's pH (read under the catalogue's one pH, its specimen the fluid's).
    text = (
        "Pleural fluid analytes were lactate dehydrogenase 591 U/L, amylase 115 U/L, glucose 161"
        " mg/dL, pH 7.58, 10,386 red blood cells/μL, and 3088 white blood cells/μL."
    )
    read = _read(text)
    assert [v for v in read if "pH" in v[0]] == [("Body fluid pH", 7.58, "pleural fluid", None)]
    assert ("LDH", 591.0, "pleural fluid", None) in read
