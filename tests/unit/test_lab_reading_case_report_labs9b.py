"""Lab values in the case sections of case reports from many journals (issue #29, labs9b).

Each test quotes a sentence of a "Case Report" section of a PubMed Central open-access case
report as CaseReportBench stores it (cindyzhangxy/CaseReportBench @ 629533d9,
src/prompting/testing_case_set.json, CC BY-NC 4.0; item number named in each test).
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.specimen) for v in read_lab_text(text).values]


# --- a 24-hour urine's amount with its period after a space or in words ------------------


def test_a_24_hour_amount_in_words_keeps_its_period() -> None:
    # Item 57: "nmol/24 hours" was cut to "nmol", an amount with no period.
    text = (
        "Total porphyrins in urine were elevated: 29,100 nmol/24 hours (normal: ≤214), with "
        "uroporphyrin level, 24,200 nmol/24 hours (normal: ≤30)."
    )
    assert ("Uroporphyrin", 24200.0, "nmol/24h", "urine") in _read(text)


def test_a_24_hour_amount_written_hr_or_h_after_a_space_is_a_urine_amount() -> None:
    # Items 17 ("226.4 µg/24 hr") and 100 ("1,426.9 μg/24 h"): the unit is one token.
    assert _read("Urinary free cortisol was 226.4 µg/24 hr.") == [
        ("Cortisol", 226.4, "µg/24h", "urine")
    ]
    assert _read("Urine cortisol 122.1 µg/24 h.") == [("Cortisol", 122.1, "µg/24h", "urine")]


# --- 17-hydroxyprogesterone in its other spellings -----------------------------------------


def test_17_hydroxy_progesterone_in_two_words_is_not_progesterone() -> None:
    # Item 54: "progesterone" took the value.
    text = (
        "17-hydroxy progesterone (17-OHP) level was 1.3 ng/ml (0.2–1.4 ng/ml), cortisol (AM) "
        "was 5–6 μg/dl (3.7–9.5 μg/dl)"
    )
    assert _read(text)[0] == ("17-hydroxyprogesterone", 1.3, "ng/ml", None)


def test_17_alpha_oh_progesterone_is_not_a_progesterone_of_17() -> None:
    # Item 30: the "17" of "17α-OH" was read as a progesterone of 17 ng/mL.
    text = (
        "Screening for congenital adrenal hyperplasia was normal, 17α-OH progesterone "
        "(17α-OHP) 8.33 ng/mL (normal 1.7-25.0 ng/mL)."
    )
    assert _read(text) == [("17-hydroxyprogesterone", 8.33, "ng/mL", None)]
    assert _read("Serum progesterone 12 ng/mL.") == [("Progesterone", 12.0, "ng/mL", None)]


# --- "name, value unit," items of a list --------------------------------------------------


def test_a_name_comma_value_item_before_the_next_item_is_read() -> None:
    # Item 44: the haemoglobin, then other tests named without values.
    text = (
        "Hematological tests reported hemoglobin, 9.8 g/dL, platelets and white blood cell "
        "counts were normal."
    )
    assert _read(text) == [("Hemoglobin", 9.8, "g/dL", None)]


def test_two_name_comma_value_items_in_brackets_are_both_read() -> None:
    # Item 99: the creatine kinase was lost, the LDH read.
    text = (
        "Investigations showed severe ketonuria (creatine kinase, 1271 IU/L, lactate "
        "dehydrogenase, 2622 IU/L)."
    )
    assert _read(text) == [("CK", 1271.0, "IU/L", None), ("LDH", 2622.0, "IU/L", None)]


def test_a_name_comma_number_without_a_unit_per_volume_is_no_item() -> None:
    # The list item needs a unit per volume: a time after a comma is no result.
    assert _read("She had a low glucose, 3 days later, and recovered.") == []


# --- numbers that are not the named test's results ----------------------------------------


def test_salts_dosed_in_mmol_are_not_blood_levels() -> None:
    # Item 125: "sodium bicarbonate 53.6 mmol" was read as a critical bicarbonate.
    text = (
        "Electrolyte abnormalities secondary to Fanconi syndrome were treated with daily "
        "supplemental dosages of potassium 96 mmol, phosphate 25.2 mmol, and sodium "
        "bicarbonate 53.6 mmol."
    )
    assert _read(text) == []
    # a level per volume in a sentence about treatment is still a result
    assert _read("After fluids were given her potassium was 3.1 mmol/L.") == [
        ("Potassium", 3.1, "mmol/L", None)
    ]


def test_an_enzyme_named_with_a_hyphened_numeral_is_no_glucose() -> None:
    # Item 60: "glucose-6-phosphatase" gave a glucose of 6.
    text = (
        "Enzyme activities of glucose-6-phosphatase (GSD Ia, EC 3.1.3.9) in the liver were "
        "also normal."
    )
    assert _read(text) == []
    assert _read("Glucose-6-phosphate dehydrogenase activity was normal.") == []
    assert _read("Glucose-6 mmol/L.") == [("Glucose", 6.0, "mmol/L", None)]


def test_the_name_in_a_units_denominator_is_no_test() -> None:
    # Items 53 and 125: "/mmol creatinine" gave a creatinine of 3 (from "3-OH-butyrate"),
    # "per mg protein to 4 nmol" a total protein of 4.
    text = (
        "Organic acid analysis in urine showed a strong increase of lactate (56540 μ mol/mmol "
        "creatinine) and increases of 3‐OH‐butyrate, pyruvate, fumarate, malate."
    )
    assert _read(text) == []
    text = (
        "Average leucocyte cystine increased from 0.15 nmol ½ cystine per mg protein to 4 "
        "nmol ½ cystine per mg protein."
    )
    assert [v[0] for v in _read(text)] == []


def test_blood_cells_detected_by_a_method_are_no_dipstick_result() -> None:
    # Item 69: the DNA's source "was detected by" a method gave a leukocyte esterase of 1.
    text = (
        "The patient's peripheral blood leukocytes was detected by restriction fragment "
        "length polymorphism (RFLP) and revealed a mitochondrial DNA (mtDNA) mutation at "
        "A3242G point."
    )
    assert _read(text) == []
    assert _read("Urine leukocytes: detected.") == [("Leukocyte esterase", 1.0, None, "urine")]


def test_aldosterone_marginally_elevated_in_ng_per_ml_is_read() -> None:
    # Item 17: the unit was not the analyte's, and "marginally" was no word the reader
    # passes over between a name and its value; the value was dropped.
    assert _read("Serum aldosterone level was marginally elevated (0.414 ng/mL).") == [
        ("Aldosterone", 0.414, "ng/mL", None)
    ]


def test_a_relative_who_had_the_test_owns_its_value() -> None:
    # Item 104 (the brother is the patient): the sister "had a 17-OHP levels (9,072 ng/dL)".
    text = (
        "Both siblings remain asymptomatic without medication, with mild, expected laboratory "
        "derangements, proband’s sister had a 17-OHP levels (9,072 ng/dL) 1 year after the "
        "cessation of medication."
    )
    assert _read(text) == []
    assert _read("She had a potassium of 2.9 mmol/L.") == [("Potassium", 2.9, "mmol/L", None)]


def test_a_gestational_age_in_weeks_and_days_is_no_glucose() -> None:
    # Item 45: "23+4 week of gestation" gave a glucose of 23.
    text = (
        "She was diagnosed with gestational diabetes mellitus due to the mildly increased level "
        "of blood sugar at the 100 g oral glucose tolerance test conducted at 23+4 week of "
        "gestation, however, the blood sugar was well-controlled."
    )
    assert _read(text) == []
    assert _read("Urine protein 3+") == [("Urine protein", 3.0, None, "urine")]


# --- the specimen or the verdict told between the name and the value ---------------------


def test_a_value_after_in_the_serum_is_the_named_test_s() -> None:
    # Item 132: the blood's specimen told after the name, the value in brackets next.
    text = (
        "Laboratory tests showed a normal cholesterol level in the serum (162 mg/dL) and a "
        "normal total serum bile acid level (10 µmol/L)."
    )
    assert ("Total cholesterol", 162.0, "mg/dL", None) in _read(text)
    # the urine keeps its own specimen, as before
    assert _read("Creatinine in the urine was 538 mg/dL.") == [
        ("Creatinine", 538.0, "mg/dL", "urine")
    ]


def test_a_value_after_the_verdict_and_a_colon_is_the_named_test_s() -> None:
    # Item 76: "was normal: 138 mEq/L" (the verdict, a colon, then the value).
    text = (
        "On admission, level of serum sodium (Na) was normal: 138 mEq/L (normal range 135–145 "
        "mEq/L) and remained normal (range: 135–139 mEq/L) until the 5th postoperative day."
    )
    assert _read(text) == [("Sodium", 138.0, "mEq/L", None)]
