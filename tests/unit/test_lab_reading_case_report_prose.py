"""Labs in the prose of published case reports (issue #29, reader-prose, third round).

Each test quotes a sentence of a real case report of `tests/clinical/dev`, named by its
case. The cases added in this round are PubMed Central case reports as PMC-Patients
extracted them, stored in ncbi-nlp/MedCalc-Bench
(evaluation/one_shot_finalized_explanation.json @ 20b10f9d66, CC BY-SA 4.0); the others
are the earlier rounds' (CaseReportBench, adahealth/medical_case_report_corpus, MTSamples).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from tests.unit.test_lab_reading_case_reports import _one, _read


def _numbers(text: str) -> dict[str, list[float]]:
    return {name: [v.value for v in values] for name, values in _read(text).items()}


def test_a_reference_range_after_each_comma_separated_value() -> None:
    # dev cr-primary-biliary-cholangitis-reference-range-after-each-value-respectively.
    values = _numbers(
        "The peripheral blood test showed that his hemoglobin was 14.6 g/dL (reference range, "
        "11–16 g/dL); white blood cell count, 4,880 cells/mcL (reference range, 3,600–9,500 "
        "cells/mcL); and platelet, 181,000 cells/mcL (reference range, 150,000–450,000 "
        "cells/mcL). The biochemical test revealed the following: total protein, 9.2 g/dL "
        "(reference range, 6.4–8.3 g/dL); AST, 107 IU/L (reference range, 8–38 IU/L); "
        "alkaline phosphatase (ALP), 1,431 IU/L (reference range, 35–105 IU/L); blood urea "
        "nitrogen, 13.9 mg/dL (reference range, 7–20 mg/dL); and lactate dehydrogenase, 518 "
        "IU/L (reference range, 263–450 IU/L)."
    )
    assert values == {
        "Hemoglobin": [14.6],
        "WBC": [4880],
        "Platelets": [181000],
        "Total protein": [9.2],
        "AST": [107],
        "ALP": [1431],
        "BUN": [13.9],
        "LDH": [518],
    }
    # dev cr-gitelman-serial-potassium-magnesium-admission-day-24h-urine: after "and" the
    # next name opens its own clause.
    values = _numbers(
        "Repeat laboratory tests at this time showed: serum urea of 47 mg/dl; creatinine, "
        "1.6 mg/dl; potassium, 2.5 mEq/L and sodium, 127 mEq/L."
    )
    assert values["Sodium"] == [127]
    assert values["Potassium"] == [2.5]


def test_names_then_as_many_values_respectively() -> None:
    # dev cr-primary-biliary-cholangitis-reference-range-after-each-value-respectively.
    values = _numbers(
        "After the treatment, both fatigue and pruritus decreased, and the AST, ALT, ALP, and "
        "GGT were 34, 18, 350, and 107 IU/L, respectively."
    )
    assert values == {"AST": [34], "ALT": [18], "ALP": [350], "GGT": [107]}
    # dev cr-distal-rta-sjogren-bicarbonate-loading-respectively-serial-sodium: each name
    # keeps its specimen ("urine PCO2", "blood HCO3").
    read = _read(
        "When the urine pH was raised to 7.6, urine PCO2, blood PCO2, urine HCO3, blood HCO3, "
        "urine creatinine and serum creatinine were 44.5 mmHg, 34.8 mmHg, 40.1 mEq/L, 25.8 "
        "mEq/L, 64.5 mg/dL, and 0.7 mg/dL, respectively."
    )
    by_specimen = {(v.analyte, v.value): v.specimen for vs in read.values() for v in vs}
    assert by_specimen == {
        ("Urine pH", 7.6): "urine",
        ("pCO2", 44.5): "urine",
        ("pCO2", 34.8): None,
        ("Bicarbonate", 40.1): "urine",
        ("Bicarbonate", 25.8): None,
        ("Creatinine", 64.5): "urine",
        ("Creatinine", 0.7): None,
    }


def test_platelets_counted_per_ten_thousand_or_lakh_per_microlitre() -> None:
    # dev cr-essential-thrombocythaemia-acs-platelets-per-10-4-homocysteine-reference.
    platelets = _one(
        _read(
            "On complete blood count, the hemoglobin was 13.9 g/dL and the platelet count "
            "was 106×104/µL."
        ),
        "Platelets",
    )
    assert (platelets.value, platelets.unit) == (106, "×104/µL")
    later = _one(
        _read("The platelet count was normalized (23×104/µL) five weeks after initiation."),
        "Platelets",
    )
    assert later.value == 23
    # dev cr-nash-cirrhosis-varices-platelets-per-10-4-thresholds-not-values.
    values = _numbers(
        "White blood cell count was increased (15,100/µL), and platelet count was within normal "
        "limits (18.3 × 104/µL), while hemoglobin was 7.0 g/dL due to bleeding."
    )
    assert values == {"WBC": [15100], "Platelets": [18.3], "Hemoglobin": [7.0]}
    from core.analysis.labs.conversion import amount

    assert amount(later, "10^9/l") == 230  # 23 x 10^4/uL is 230 x 10^9/L
    # CaseReportBench item 9 (the exponent set apart by typesetting), counted in 10^9/L.
    spaced = _one(
        _read(
            "There were thrombocytopenia and slight leukocytopenia (platelets 6.7 × 10 4 /μl, "
            "white blood cells 3,180/μl)."
        ),
        "Platelets",
    )
    assert amount(spaced, "10^9/l") == 67 and not spaced.critical
    assert _one(_read("(platelets 2.1 × 10 4 /μl)"), "Platelets").critical  # 21 < 37 x10^9/L
    # dev cr-distal-rta-membranous-colon-separated-panel-critical-potassium-abg.
    lakh = _one(_read("platelet count: 2.8 × 105/mm3, urinary protein: 3+"), "Platelets")
    assert amount(lakh, "10^9/l") == 280


def test_a_differential_with_singular_names_and_cells_counted_before_a_singular_name() -> None:
    # dev cr-hydatid-cyst-anaphylaxis-counts-per-mm3-repeat-hemogram.
    values = _numbers(
        "Laboratory findings showed leukocyte of 38,470/mm3(consisted of 92% neutrophil, 4.2% "
        "lymphocyte, 2.1% monocyte, and 1.5% eosinophil), hemoglobin of 14.3 g/dL."
    )
    assert values == {
        "WBC": [38470],
        "Neutrophils": [92],
        "Lymphocytes": [4.2],
        "Monocytes": [2.1],
        "Eosinophils": [1.5],
        "Hemoglobin": [14.3],
    }
    # dev cr-cholangiocarcinoma-bile-cast-nephropathy-equals-sign-panel-fena.
    values = _numbers(
        "white blood cells = 11,880/mm3 (neutrophil 81%, lymphocyte 4.9%, monocyte 12%), "
        "platelets = 384,000/mm3"
    )
    assert values["Neutrophils"] == [81] and values["Monocytes"] == [12]
    # dev mt-brainstem-glioma-csf-low-glucose: "1 neutrophil" counts one cell, no percentage.
    values = _numbers("No oligoclonal bands seen, WBC 33 (19lymphocytes, 1 neutrophil), RBC 29.")
    assert "Neutrophils" not in values


def test_serial_values_a_timed_series_a_multiple_and_it_rose_to() -> None:
    # dev cr-argininaemia-inline-normal-ranges-serial-bilirubin: a stimulation test's samples.
    values = _numbers(
        "A growth hormone excitement test revealed low levels of growth hormone (0 minute: 0.76 "
        "ng/mL; 30 minutes: 4.5 ng/mL; 60 minutes: 6.3 ng/mL; 90 minutes: 4.1 ng/mL; and 120 "
        "minutes: 1.5 ng/mL)."
    )
    assert values == {"Growth hormone": [0.76, 4.5, 6.3, 4.1, 1.5]}
    # dev cr-medullary-thyroid-carcinoma-thyroid-tests-in-brackets: the multiple is no value.
    values = _numbers(
        "Serum calcitonin was raised 100 times above the normal level being 1404 pg/ml."
    )
    assert values == {"Calcitonin": [1404]}
    # dev cr-late-onset-otc-deficiency-serial-ammonia-misprinted-unit: "it" is the ammonia.
    values = _numbers(
        "After the initial session of hemodialysis, the patient's serum ammonia level had "
        "decreased to 170 mM, but it soon rose to 228 mM. By the morning of the next day, the "
        "patient's serum ammonia level had decreased to 36 mM. However, because it rose to 107 "
        "mM by the afternoon, hemodialysis was performed one more time."
    )
    assert values == {"Ammonia": [170, 228, 36, 107]}
    assert _numbers("However, it rose to 107 mM by the afternoon.") == {}  # no test told


def test_a_value_compared_with_normal_then_given_in_brackets() -> None:
    # dev cr-argininaemia-inline-normal-ranges-serial-bilirubin.
    glucose = _one(
        _read(
            "Blood glucose was slightly lower than normal (3.52 mmol/L, normal range: 3.9–6), "
            "whereas his electrolytes were normal."
        ),
        "Glucose",
    )
    assert (glucose.value, glucose.unit) == (3.52, "mmol/L")
    # dev cr-distal-rta-sjogren-bicarbonate-loading-respectively-serial-sodium.
    values = _read(
        "Blood gas analysis revealed potassium, 2.3 mEq/L. The next day, her potassium was "
        "corrected to normal levels (4.2 mEq/L)."
    )
    assert [v.value for v in values["Potassium"]] == [2.3, 4.2]
    assert not any(v.critical for v in values["Potassium"])  # 2.3 was superseded
    assert _read("Her thyroid function was within normal limits.") == {}


def test_the_bounds_of_diagnostic_criteria_and_targets_are_not_results() -> None:
    # dev cr-nash-cirrhosis-varices-platelets-per-10-4-thresholds-not-values.
    assert (
        _read(
            "He was also diagnosed, for the first time, with T2DM based on the following "
            "findings: FPG exceeding 126 mg/dL, random glucose level over 200 mg/dL, and "
            "hemoglobin A1c over 6.5%."
        )
        == {}
    )
    # A bound told as a result still is one (dev mt-dietary-consult-home-glucose-doses).
    assert _one(_read("Her glucose was over 600 at home."), "Glucose").comparator == ">"
    # dev cr-distal-rta-sjogren-bicarbonate-loading-respectively-serial-sodium.
    assert _read("Her desired bicarbonate level was 24 mEq.") == {}
    # dev mt-uti-chest-pain-csf-er: a diet named by its association is no adenosine deaminase.
    assert _read("DIET: ADA 1800-calorie diet.") == {}


def test_amounts_of_a_24_hour_urine_are_urine_results() -> None:
    # dev cr-gitelman-serial-potassium-magnesium-admission-day-24h-urine.
    read = _read(
        "The 24-h urinary metabolic study on day 10th of admission showed potassium, 44 "
        "mmol/24h; magnesium, 50 mg/ 24 h; calcium, 108 mg/24 h (normal range: 100 to 300 mg/24 h)."
    )
    assert {(n, v.value, v.specimen) for n, vs in read.items() for v in vs} == {
        ("Potassium", 44, "urine"),
        ("Magnesium", 50, "urine"),
        ("Calcium", 108, "urine"),
    }
    # dev cr-braf-mek-inhibitor-aki-serial-creatinine-proteinuria-per-day.
    values = _read(
        "The patient's serum creatinine decreased subsequently to 1.5 mg/dL at the beginning of "
        "February with a proteinuria stable at 1.2 g/24 hour."
    )
    assert _one(values, "Creatinine").value == 1.5
    protein = _one(values, "24-hour urine protein")
    assert (protein.value, protein.specimen) == (1.2, "urine")


def test_tests_case_reports_print_that_the_catalogue_lacked() -> None:
    # dev cr-cah-testicular-adrenal-rest-17-ohp-acth-value-then-normal-range.
    values = _numbers(
        "Moreover, androstenedione levels were elevated at 250 ng/dL (normal range: 31-65 "
        "ng/dL), and there was a reduced level of Inhibin B, measuring 71.1 pg/mL (normal "
        "range: 100-400)."
    )
    assert values == {"Androstenedione": [250], "Inhibin B": [71.1]}
    # dev cr-dry-beriberi-normal-range-after-each-value.
    thiamine = _one(
        _read(
            "The vitamin B1 level was measured prior to thiamine supplementation and "
            "hypovitaminosis B1 was confirmed (45 nmol/L, reference range 66-200 nmol/L)."
        ),
        "Thiamine",
    )
    assert (thiamine.value, thiamine.unit) == (45, "nmol/L")
    # dev cr-porphyria-siadh-urine-sodium-porphobilinogen-24h-uroporphyrin.
    read = _read(
        "On suspicion of acute porphyria, urine porphobilinogen was measured and was found to be "
        "elevated at 188.4 mg/L (range: 0.0–2.0 mg/L). 24-hour urine Uroporphyrin was also "
        "significantly elevated at 135.6mg/24hr."
    )
    assert _one(read, "Porphobilinogen").specimen == "urine"
    assert _one(read, "Uroporphyrin").value == 135.6
    # dev cr-late-onset-otc-deficiency-serial-ammonia-misprinted-unit (µM is µmol/L).
    values = _numbers(
        "A plasma amino acids analysis revealed elevated ornithine (196 µM; normal 19-81 µM), "
        "decreased citrulline (3 µM; normal 19-62 µM), and elevated glutamine and lysine."
    )
    assert values == {"Ornithine": [196], "Citrulline": [3]}
    # dev cr-peritoneal-tb-values-before-ranges-saag and
    # cr-meigs-syndrome-pleural-ada-albumin-gradient-inline-reference.
    assert _numbers("ADA (adenosine deaminase) level was 62 (normal range: 0–30 U/L).") == {
        "Adenosine deaminase": [62]
    }
    # dev cr-essential-thrombocythaemia-acs-platelets-per-10-4-homocysteine-reference.
    homocysteine = _one(
        _read("Serum homocystein level was 12.7 nmol/mL (reference range 5-15 nmol/mL)."),
        "Homocysteine",
    )
    assert homocysteine.flag is None  # nmol/mL is µmol/L: within 5-15
    # dev cr-lymphocytic-colitis-in-keeping-amylase-lipase: enzymes printed in µg/L.
    values = _numbers(
        "Serum amylase was raised at 557 ug/l (normal range: 25-125 ug/l), while serum lipase "
        "was normal at 33 ug/l (normal range: 25-57 ug/l)."
    )
    assert values == {"Amylase": [557], "Lipase": [33]}
    # dev cr-cholangiocarcinoma-bile-cast-nephropathy-equals-sign-panel-fena.
    fena = parse_lab_values(
        "The fractional excretion of sodium (FENa) was 2.7%, and FEurea was 44.8%."
    )
    assert [(v.analyte, v.value, v.specimen) for v in fena] == [
        ("Fractional excretion of sodium", 2.7, "urine"),
        ("Fractional excretion of urea", 44.8, "urine"),
    ]
    # dev cr-meigs-syndrome-pleural-ada-albumin-gradient-inline-reference: Light's criteria's
    # gradient is the pleural fluid's, never a serum albumin of 0.3.
    gradient = parse_lab_values(
        "Additionally, the serum-to-effusion albumin gradient was 0.3 g/dL (reference: ≤ 1.2 "
        "g/dL), further confirming the true exudative effusion."
    )
    assert [(v.analyte, v.value, v.specimen) for v in gradient] == [
        ("Serum-pleural albumin gradient", 0.3, "pleural fluid")
    ]
    # dev cr-nash-cirrhosis-varices-platelets-per-10-4-thresholds-not-values: a binding
    # protein is no total protein.
    values = _numbers(
        "Hyaluronic acid (187 ng/mL), type 4 collagen (248 ng/mL), and Mac2-binding protein "
        "(2.71 COI) were increased."
    )
    assert values == {
        "Hyaluronic acid": [187],
        "Type IV collagen": [248],
        "Mac-2 binding protein glycosylation isomer": [2.71],
    }


def test_an_acth_stimulation_tests_cortisols_before_and_after() -> None:
    # dev mt-pituitary-adenoma-hyponatraemia (MTSamples, terrah27/spider_mtsamples.com).
    values = _read(
        "Further laboratory studies revealed: Aldosterone (serum)<2ng/DL (low), 30 minute "
        "Cortrosyn Stimulation test: pre 6.9ug/DL (borderline low), post 18.5ug/DL (normal "
        "stimulation rise), Prolactin 15.5ng/ML (no baseline given)."
    )
    assert [v.value for v in values["Cortisol"]] == [6.9, 18.5]
    assert _one(values, "Prolactin").value == 15.5
