"""Labs told in the prose of full case sections of published case reports (issue #29,
reader-caselabs5).

Each test quotes a sentence of a real Journal of Medical Case Reports case presentation (BioMed
Central, CC BY 4.0), as the CUPCase dataset stores it in
felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv (row id named in each test). Each
article is a dev case of tests/clinical/dev named in the test (cr5-labs-... or cr4-labs-...).
"""

from __future__ import annotations

from core.analysis.labs.lines import holds_number
from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.specimen) for v in read_lab_text(text).values]


def _units(text: str) -> dict[str, str | None]:
    return {v.analyte: v.unit for v in read_lab_text(text).values}


def test_abbreviated_tests_ua_is_uric_acid_and_no_urinalysis() -> None:
    # Row 288 (cr5-labs-ahus-abbreviation-panel-semicolons-immunoglobulins-complement-serial-
    # platelets). Before, "UA" opened a urinalysis: creatinine and uric acid were not read and the
    # potassium, sodium and calcium after it were read as urine values.
    text = (
        "The laboratory findings were as the follows: Tbil 32.7 µmol/L, iDBil 25.6 µmol/L, Scr"
        " 1524.5 µmol/L, Bun 39.5 mmol/L, UA 940 µmol/L, CK 686 U/L, lactate dehydrogenase (LDH)"
        " 2206 U/L, potassium 2.14 mmol/L, sodium 122.8 mmol/L, chlorine 79 mmol/L, calcium 1.75"
        " mmol/L; IgG 5.96 g/L"
    )
    read = _read(text)
    for value in [
        ("Creatinine", 1524.5, None),
        ("Uric acid", 940.0, None),
        ("Potassium", 2.14, None),
        ("Sodium", 122.8, None),
        ("Chloride", 79.0, None),
        ("Calcium", 1.75, None),
    ]:
        assert value in read
    assert all(specimen is None for _, _, specimen in read)
    # a urinalysis under its abbreviation still reads as urine
    assert _read("UA: protein 2+, blood 1+") == [
        ("Urine protein", 2.0, "urine"),
        ("Urine blood", 1.0, "urine"),
    ]


def test_name_comma_value_with_its_range_in_square_brackets() -> None:
    # Row 1412 (cr5-labs-giant-prolactinoma-hormones-bracket-range-comparator-serial-prolactin):
    # before, only the two bounds (testosterone, LH) were read, and "free thyroxine 4" was a free
    # T4 of 4; hyperprolactinemia's value was not read.
    text = (
        "His hormone profile showed hyperprolactinemia 25,270.0 ng/ml (3.6–12.8 ng/ml) and"
        " dysfunction of the other pituitary hormones (testosterone, < 0.04 ng/ml [1.3–8.7 ng/ml];"
        " follicle-stimulating hormone, 0.54 mIU/ml [2.0–8.3 mIU/ml]; luteinizing hormone, < 0.10"
        " mIU/ml [0.79–5.7 mIU/ml]; thyroid-stimulating hormone, 4.94 μIU/ml [0.5–5.0 μIU/ml];"
        " free thyroxine 4, 0.6 ng/dl [0.9–1.7 ng/dl]; growth hormone, 0.22 ng/ml [0.0–2.5"
        " ng/ml]; and adrenocorticotropic hormone, 1.7 pg/ml [7.2–63.3 pg/ml]) ()."
    )
    assert _read(text) == [
        ("Prolactin", 25270.0, None),
        ("Testosterone", 0.04, None),
        ("FSH", 0.54, None),
        ("LH", 0.1, None),
        ("TSH", 4.94, None),
        ("Free T4", 0.6, None),
        ("Growth hormone", 0.22, None),
        ("ACTH", 1.7, None),
    ]


def test_blood_level_of_a_test_that_changed_from_to() -> None:
    # Row 1412: "blood" is the specimen, PRL the test (before, nothing was read).
    text = "The patient’s blood level of PRL markedly decreased from 2,527.0 to 948.2 ng/ml."
    assert _read(text) == [("Prolactin", 2527.0, None), ("Prolactin", 948.2, None)]


def test_a_white_cell_disorder_then_its_count() -> None:
    # Row 1521 (cr5-labs-b12-deficiency-si-units-ukat-ldh-haptoglobin-bound-azotemia-mmol).
    text = (
        "At admission, severe normocytic anemia with Hb of 36 g/L, mean corpuscular volume (MCV)"
        " 87 fl, hematocrit (htc) 10.8%, and random distribution of red cell width (RDW) of 27% was"
        " confirmed, with neutropenia (0.59 × 10^9/L) and normal platelet count (15 × 10^9/L)."
    )
    assert ("Neutrophils", 0.59, None) in _read(text)


def test_abbreviation_and_value_in_one_bracket_after_the_name() -> None:
    # Row 640 (cr5-labs-apl-prosthetic-valves-values-in-brackets-after-names-platelets-bound-
    # below): before, the INR and PTT were not read.
    text = (
        "Initial laboratory values were remarkable for white blood cell count (0.7 × 10^9/L),"
        " platelet count (58 × 10^9/L), haemoglobin (6.8 g/dL), prothrombin time (24.1 s),"
        " international normalized ratio (INR; 2.95), partial thromboplastin time (PTT; 34.5 s),"
        " lactate dehydrogenase (5530 U/L), D-dimer (164 ng/mL) and fibrinogen level (106 mg/dL)."
    )
    read = _read(text)
    assert ("INR", 2.95, None) in read
    assert ("aPTT", 34.5, None) in read


def test_a_plans_aim_is_no_result() -> None:
    # Row 640: before, the aim (50 × 10^3/µL) was read as a platelet count.
    text = (
        "The platelet count was monitored daily, with plans to transfuse platelets to a level of"
        " 50 × 10^3/µL. On day 4 of treatment, the platelet count dropped below 20 × 10^3/µL,"
        " and heparin was subsequently discontinued."
    )
    assert _read(text) == [("Platelets", 20.0, None)]


def test_cells_named_inside_the_count_unit() -> None:
    # Row 1109 (cr5-labs-scrub-typhus-value-then-range-with-unit-inside-absolute-differential-
    # na-k-signs): before, the absolute neutrophils, lymphocytes and monocytes were not read and
    # the platelet and white counts lost their unit.
    text = (
        "Laboratory examinations upon admission revealed that hemoglobin was 113 g/L, her platelet"
        " count was 21 × 10^9 platelets/L, and her white cell count was 10.09 × 10^9 cells/L (8.88"
        " × 10^9 neutrophils/L, 0.74 × 10^9 lymphocytes/L, and 0.46 × 10^9 monocytes/L)."
    )
    assert _read(text) == [
        ("Hemoglobin", 113.0, None),
        ("Platelets", 21.0, None),
        ("WBC", 10.09, None),
        ("Neutrophils", 8.88, None),
        ("Lymphocytes", 0.74, None),
        ("Monocytes", 0.46, None),
    ]
    units = _units(text)
    assert units["Platelets"] == units["Neutrophils"] == "×10^9/L"


def test_an_insulin_level_is_the_hormone_and_a_dose_is_not() -> None:
    # Rows 987 (cr5-labs-insulinoma-glucose-mmol-insulin-pmol-range-with-other-unit-egfr-bound)
    # and 4781 (cr5-labs-aa-amyloidosis-adrenal-insufficiency-abnormal-values-list-
    # hypoglycaemia-panel): before, neither insulin was read.
    insulinoma = (
        "Investigations performed after an overnight fast revealed a morning serum glucose level"
        " of 1.9 mmol/L, insulin level of 141 pmol/L (normal range, less than 20.8 pmol/L [3 mU/L]"
        " during hypoglycemia), and C-peptide level of 1106 pmol/L (normal reference range,"
        " 260–1730 pmol/L)."
    )
    assert _read(insulinoma) == [
        ("Glucose", 1.9, None),
        ("Insulin", 141.0, None),
        ("C-peptide", 1106.0, None),
    ]
    attack = (
        "During an attack of hypoglycemia, his laboratory results were blood glucose 36 mg/dL,"
        " insulin 0.2 μU/mL, C peptide 1.4 ng/mL, sodium 127 mmol/L, and cortisol 7.68 mcg/dL."
    )
    assert ("Insulin", 0.2, None) in _read(attack)
    # Row 5083: the drug's doses are no insulin results.
    dose = (
        "he was using insulin lispro (Humalog, Eli Lilly and Company, Indianapolis, Indiana, USA)"
        " three times daily before each meal (8U, 10U and 10U, respectively)"
    )
    assert _read(dose) == []


def test_a_conditions_bounds_are_criteria() -> None:
    # Row 3722 (cr5-labs-insulin-autoimmune-glucose-bounds-range-after-each-lipids-non-hdl):
    # before, "C-peptide > 0.6 ng/mL" was read as the patient's result.
    text = (
        "Endogenous hyperinsulinemia is suggestive if insulin is > 3 mU/L, C-peptide is > 0.6"
        " ng/mL, and an insulin (pmol/L)/C-peptide ratio is < 1."
    )
    assert _read(text) == []


def test_a_figure_number_is_no_value() -> None:
    # Row 288: before, "Fig. 2 Platelet count" was a (critical) platelet count of 2.
    assert _read("Fig. 2 Platelet count and C3 level. Arrows indicate TPE treatments.") == []


def test_proteinuria_as_a_grade_or_a_concentration() -> None:
    # Row 288: "proteinuria (+)" is a dipstick 1+ (before, not read).
    assert ("Urine protein", 1.0, "urine") in _read(
        "activity of ADAMTS13 58.6%; proteinuria (+), urine RBC 6-9/Hp."
    )
    # Row 4564 (cr4-labs-legionella-tin-cpk-beside-creatinine-normal-range-semicolon): before,
    # neither the protein nor the albumin was read.
    text = (
        "The patient's urinary sodium was below 20 mmol/L, urinary urea was 13 g/L and proteinuria"
        " was 2.48 g/L (normal range, 0 to 0.3 g/L) with albuminuria of 0.4 g/L (normal range, <"
        " 0.03 g/L)."
    )
    read = _read(text)
    assert ("Urine protein", 2.48, "urine") in read
    assert ("Urine albumin", 0.4, "urine") in read


def test_hgba1c_and_a_later_value_reached() -> None:
    # Row 487 (cr4-labs-splenic-abscess-pleural-fluid-analytes-list-counts-per-microlitre).
    text = (
        "White blood cell count was 14.7 × 10^3 cells/m^3, hemoglobin 16.7 g/dl, glucose of 221"
        " mg/dl, and HgbA1C of 11.3%."
    )
    assert ("HbA1c", 11.3, None) in _read(text)
    # Row 2586 (cr4-labs-leptospirosis-name-comma-value-glued-units-platelets-per-10-4): before,
    # the second value reached (4.7) was not read.
    serial = (
        "His total bilirubin level continued to rise, reaching 8.1mg/dl on day 7 before starting"
        " to decrease, and reaching 4.7mg/dl on day 14."
    )
    assert _read(serial) == [("Total bilirubin", 8.1, None), ("Total bilirubin", 4.7, None)]


def test_red_cells_per_ten_to_the_fourth_and_the_inr_of_prothrombin_time() -> None:
    # Row 2784 (cr5-labs-placental-abruption-dic-glued-units-per-10-4-fibrinogen-bound-serial):
    # before, the red cell count (per 10^4/μL) and the INR were not read.
    text = (
        "Her blood test findings on admission at 4:30 AM were as follows: white blood cell count"
        " 11,200/μL, red blood cell count 207×10^4/μL, hemoglobin 6.5g/dL, hematocrit 19.6%,"
        " platelets 100×10^3/μL, activated partial thromboplastin time 56.5 s, international"
        " normalized ratio of prothrombin time 1.85, fibrinogen <70mg/dL"
    )
    read = _read(text)
    assert ("RBC", 207.0, None) in read
    assert ("INR", 1.85, None) in read
    assert _units(text)["RBC"] == "×10^4/μL"


def test_a_fraction_of_the_bilirubin_just_told() -> None:
    # Row 368 (cr5-labs-leptospirosis-elderly-abg-in-words-bilirubin-in-mmol-serial-creatinine):
    # before, neither fraction was read.
    text = (
        "Serum bilirubin was 62.9 mmol/L with direct fraction of 42 mmol/L and indirect fraction"
        " of 21 mmol/L."
    )
    assert _read(text) == [
        ("Total bilirubin", 62.9, None),
        ("Direct bilirubin", 42.0, None),
        ("Indirect bilirubin", 21.0, None),
    ]


def test_a_result_other_doctors_found_before_the_patient_came_is_earlier() -> None:
    # Row 1521: before, the penitentiary's haemoglobin (43 g/L, no time) counted as later than
    # the admission's (36 g/L), so the wrong one carried the critical mark.
    text = (
        "A 46-year-old Moroccan man with a history of cocaine and alcohol abuse, former smoker of"
        " 10 packs/year, detained in a penitentiary for 3 months, presented to an emergency"
        " department because of the finding by penitentiary doctors of severe anemia: hemoglobin"
        " (Hb) 43 g/L. He did not report previous concomitant comorbidities and he did not take"
        " any medication prior to hospital admission. At admission, severe normocytic anemia with"
        " Hb of 36 g/L, mean corpuscular volume (MCV) 87 fl, hematocrit (htc) 10.8%, and random"
        " distribution of red cell width (RDW) of 27% was confirmed."
    )
    timings = [(v.value, v.timing) for v in read_lab_text(text).values if v.analyte == "Hemoglobin"]
    assert timings == [(43.0, "earlier"), (36.0, "admission")]


def test_a_quoted_count_with_a_point_as_thousands_separator_holds_its_value() -> None:
    # Row 5485 (cr4-labs-tuberculous-lymphadenitis-point-thousands-differential-in-brackets-
    # abg): the platelets read as 346000 are printed "346.000 cells/mm3" in the quoted line.
    line = "…and a platelet count of 346.000 cells/mm3. His international normalized ratio was 1.11"
    assert holds_number(line, 346000.0)
    assert not holds_number(line, 347000.0)


def test_a_vaccines_name_glued_to_its_valency_is_no_result() -> None:
    # Row 2891 (cr5-dx-vaccination-granuloma-*): "PCV13" is the pneumococcal conjugate vaccine;
    # before, its "PCV" (packed cell volume) and 13 made a critical haematocrit of 13.
    text = (
        "The child developed redness, and firmness at the injection site (right anterior thigh)"
        " of his second PCV13 dose. Haemoglobin was 12.1 g/dL."
    )
    assert _read(text) == [("Hemoglobin", 12.1, None)]
    # The packed cell volume itself, and a test glued to its value, are still read.
    assert _read("PCV 38% on day 2. CRP1.4 (normal<0.4)") == [
        ("Hematocrit", 38.0, None),
        ("CRP", 1.4, None),
    ]
