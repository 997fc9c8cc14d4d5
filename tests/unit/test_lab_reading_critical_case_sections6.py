"""Critical values told in the prose of full case sections (issue #29, sixth round): each
class from a real case section's own words. The sentences are quoted as published in the
Journal of Medical Case Reports (BioMed Central, CC BY), as the CUPCase dataset stores each
article's "Case presentation" section (felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv, the row named beside each test);
the dev cases tests/clinical/dev/cr6-crit-* hold the whole sections.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _read(text: str) -> dict[str, LabValue]:
    values = parse_lab_values(text)
    by_name = {v.analyte: v for v in values}
    assert len(by_name) == len(values), values  # one value per test in these snippets
    return by_name


# --- A partial pressure in torr ----------------------------------------------------------


def test_a_partial_pressure_in_torr_is_millimetres_of_mercury() -> None:
    # CUPCase row 53 (dev case cr6-crit-dka-mucormycosis-pco2-under-5-torr-ph-6-92). Without
    # its unit the "< 5" was read as kPa and judged against nothing: never telephoned.
    values = _read(
        "Laboratory findings revealed leukocytosis (white blood cell count 22.3 × 10³/mcL), "
        "anion-gap metabolic acidosis (pH 6.92, pCO₂ < 5 torr, base deficit 28), and "
        "hyperglycemia (glucose 668 mg/dL)."
    )
    pco2 = values["pCO2"]
    assert (pco2.comparator, pco2.value, pco2.unit) == ("<", 5.0, "torr")
    assert pco2.critical and pco2.flag == "low" and not pco2.doubtful
    assert values["Blood pH"].critical and values["Glucose"].critical
    assert not values["WBC"].critical and not values["Base excess"].critical


def test_a_po2_in_torr_is_judged_in_mmhg() -> None:
    # The same unit in a gas's oxygen: 35 torr is 35 mmHg, under Kost's 43 mmHg (the form of
    # row 53's gas, the partner of the pCO2 above: "pCO₂ < 5 torr").
    values = _read("anion-gap metabolic acidosis (pH 7.31, pCO₂ 30 torr, pO₂ 35 torr)")
    assert values["pO2"].critical and values["pO2"].unit == "torr"
    assert not values["pCO2"].critical and not values["Blood pH"].critical


# --- A pH told as a level ------------------------------------------------------------------


def test_a_ph_level_of_beside_the_gas_is_the_blood_ph() -> None:
    # CUPCase row 942 (a neonate's results, J Med Case Rep): "a pH level of 7.1" was not read
    # at all, although the partial pressure and the bicarbonate beside it were.
    values = _read(
        "The summary of the neonate’s laboratory findings is as follows: a white blood cell "
        "count of 15.7, hemoglobin (Hb) level of 14.8, platelet blood count of 181, "
        "prothrombin time of 17.9, partial thromboplastin time of 56, an international "
        "normalized ratio of 1.8, a pH level of 7.1, partial pressure of carbon dioxide of 67, "
        "bicarbonate (HCo3) level of 13.7, creatinine level of 1.1, sodium level of 134, and "
        "urea level of 12."
    )
    ph = values["Blood pH"]
    assert ph.value == 7.1 and ph.specimen is None and ph.critical
    # 67 mmHg is at Kost's limit, not beyond it; the bicarbonate of 13.7 is over 11.
    assert not values["pCO2"].critical and not values["Bicarbonate"].critical


def test_a_urine_ph_level_stays_the_urines() -> None:
    # The same words after "urine" name the urine's pH (the dipstick's), never the blood's.
    values = parse_lab_values("Urinalysis: urine pH level of 6.5, protein negative.")
    assert [(v.analyte, v.value, v.critical) for v in values if "pH" in v.analyte] == [
        ("Urine pH", 6.5, False)
    ]


# --- A closed bracket's specimen stays in the bracket ----------------------------------------


def test_a_urine_result_in_brackets_does_not_make_the_blood_counts_urine() -> None:
    # CUPCase row 2690 (dev case cr6-crit-parvovirus-cold-agglutinin-urine-bracket-then-
    # blood-hb-5-5): the white count and the haemoglobin were taken for urine tests and lost,
    # so the haemoglobin of 5.5 g/dL was never telephoned.
    values = _read(
        "Her laboratory data showed pyuria (urine white blood cell count 30 to 50/high power "
        "field) and severe peripheral blood pancytopenia: white blood cell (WBC) count "
        "2200/mm3 with an absolute neutrophil count (ANC) of 1780/mm3, hemoglobin 5.5g/dL, "
        "mean corpuscular volume (MCV) 119.4fl and platelet count 116,000/mm3."
    )
    assert {name: v.specimen for name, v in values.items()} == {
        "WBC": None,
        "Neutrophils": None,
        "Hemoglobin": None,
        "MCV": None,
        "Platelets": None,
    }
    assert values["Hemoglobin"].critical and values["WBC"].value == 2200
    assert not values["WBC"].critical  # 2.2 x10^9/L is over the list's 2.0


def test_an_open_bracket_of_urine_results_keeps_them_urine() -> None:
    # The bracket still open when the name comes holds the urine's own results (the form of
    # the held-out class "urinary potassium 32 meq/l, sodium 75" inside brackets).
    values = _read("Urine electrolytes were low (urine sodium 12 mmol/L, potassium 9 mmol/L).")
    assert values["Sodium"].specimen == "urine" and values["Potassium"].specimen == "urine"
    assert not values["Sodium"].critical and not values["Potassium"].critical


def test_a_bracket_without_a_number_still_names_the_specimen() -> None:
    # "sodium (urine)" labels the test; only a bracket that holds a result is its own clause.
    values = _read("Electrolytes (urine): sodium 15 mmol/L, potassium 22 mmol/L.")
    assert values["Sodium"].specimen == "urine" and values["Potassium"].specimen == "urine"


# --- A count disorder that changed to its next value -----------------------------------------


def test_a_leukocytosis_that_progressed_to_a_count_is_the_current_white_count() -> None:
    # CUPCase row 631 (dev case cr6-crit-retroperitoneal-haematoma-hb-6-5-wbc-hct-16): the
    # count of 172 x10^9/L was not read, so the record's 161 of four weeks before stood as the
    # current white count and was telephoned in its place.
    values = parse_lab_values(
        "Medical records indicated that 4 weeks before her delivery, she had normal hemoglobin "
        "(12.7 g/dl) but severe leukocytosis (161 x10 9 /l). At the time of the clinical "
        "examination at Panzi Hospital, her hemoglobin had dropped to 6.5 g/dl, her hematocrit "
        "level was 16.0%, leukocytosis had progressed to 172 x10 9 /l, and thrombocytosis was "
        "present (platelets 468 x 10 9 /l); the clotting profile was normal."
    )
    wbc = [(v.value, v.critical) for v in values if v.analyte == "WBC"]
    assert wbc == [(161, False), (172, True)]
    critical = {(v.analyte, v.value) for v in values if v.critical}
    assert critical == {("Hemoglobin", 6.5), ("Hematocrit", 16.0), ("WBC", 172)}


def test_a_hyponatraemia_that_worsened_to_a_value_is_the_sodium() -> None:
    # The same shape with an electrolyte disorder's name (the form of row 631's sentence).
    values = _read("Her hyponatraemia worsened to 109 mmol/L despite fluid restriction.")
    assert values["Sodium"].value == 109 and values["Sodium"].critical


# --- A survivable extreme kept as a doubtful read ---------------------------------------------


def test_a_haemoglobin_of_1_4_that_the_case_calls_critically_low_is_telephoned() -> None:
    # CUPCase row 494 (dev case cr6-crit-menorrhagia-hb-1-4-g-dl-hct-5-8-once-doubtful): under
    # the old plausible floors (2 g/dL, 8 %) both were doubtful reads, shown and never critical.
    values = _read(
        "Her hemoglobin (Hgb) level was critically low at 1.4 g/dL on arrival. Hematocrit was "
        "also critically low at 5.8%."
    )
    for name, number in (("Hemoglobin", 1.4), ("Hematocrit", 5.8)):
        assert values[name].value == number
        assert values[name].critical and not values[name].doubtful


def test_a_haemoglobin_under_any_survival_stays_doubtful() -> None:
    # A floor still stands (1 g/dL): a "0.4 g/dL" is taken for a lost digit, shown for
    # checking and never telephoned.
    value = _read("Hemoglobin 0.4 g/dL")["Hemoglobin"]
    assert value.doubtful and not value.critical


# --- Two specimens of one test, "respectively" ----------------------------------------------


def test_plasma_and_csf_lactate_respectively_keep_each_its_specimen() -> None:
    # CUPCase row 3662 (dev case cr6-crit-melas-plasma-and-csf-lactate-respectively-6-5): both
    # values became the CSF's, and the plasma lactate of 6.5 mmol/L was never telephoned.
    values = parse_lab_values(
        "Investigations revealed his plasma and CSF lactate to be elevated with a value of "
        "6.5 mmol/l (0.5–2.3 mmol/l) and 4.25 mmol/l (0.5–2.3 mmol/l), respectively, with "
        "metabolic acidosis in arterial blood gas analysis, which was highly indicative of "
        "mitochondrial disease."
    )
    assert [(v.analyte, v.value, v.specimen, v.critical) for v in values] == [
        ("Lactate", 6.5, None, True),
        ("Lactate", 4.25, "csf", False),
    ]


def test_serum_and_urine_sodium_respectively_keep_each_its_specimen() -> None:
    # The same shape with an electrolyte (row 3662's sentence form): the serum's 112 is
    # critical only as the serum's, the urine's 8 never.
    values = parse_lab_values("Serum and urine sodium were 112 mmol/L and 8 mmol/L, respectively.")
    assert [(v.value, v.specimen, v.critical) for v in values] == [
        (112, None, True),
        (8, "urine", False),
    ]


# --- The verbs a result is told with -----------------------------------------------------


def test_a_glucose_documented_to_be_a_value_is_read() -> None:
    # CUPCase row 4319 (dev case cr6-crit-nicth-glucose-documented-41-then-26-then-54-
    # increment): the first hypoglycaemia's glucose was not read at all.
    value = _read("Her blood glucose was documented to be 41mg/dL at this time.")["Glucose"]
    assert (value.value, value.unit, value.critical) == (41, "mg/dL", True)


def test_a_later_glucose_after_glucagon_supersedes_the_critical_ones() -> None:
    # The same section: 26 mg/dL, then "her blood glucose had only risen to 54mg/dL
    # (increment of 28mg/dL)" 30 minutes after glucagon; 54 is the current glucose.
    values = parse_lab_values(
        "Her blood glucose was documented to be 41mg/dL at this time. One milligram of glucagon "
        "was administered when her venous blood glucose level was 26mg/dL; 30 minutes after "
        "glucagon administration, her blood glucose had only risen to 54mg/dL (increment of "
        "28mg/dL)."
    )
    glucose = [(v.value, v.critical) for v in values if v.analyte == "Glucose"]
    assert glucose == [(41, False), (26, False), (54, False)]


# --- Counts in giga per litre ("G/l") --------------------------------------------------------


def test_counts_in_giga_per_litre_are_read_as_10_9_per_litre() -> None:
    # CUPCase row 728 (gamma heavy chain disease, J Med Case Rep): every count in "G/l" was
    # refused as a mass unit, so a platelet count of 15 G/l could never be telephoned.
    values = _read(
        "Haemoglobin was normal at 13.3 g/dl, platelets were at 187 G/l, total leucocytes were "
        "at 11.61 G/l, with neutrophils at 8.93 G/l, monocytes at 0.91 G/l, and lymphocytes at "
        "1.59 G/l."
    )
    assert {name: (v.value, v.unit) for name, v in values.items()} == {
        "Hemoglobin": (13.3, "g/dl"),
        "Platelets": (187, "x10^9/L"),
        "WBC": (11.61, "x10^9/L"),
        "Neutrophils": (8.93, "x10^9/L"),
        "Monocytes": (0.91, "x10^9/L"),
        "Lymphocytes": (1.59, "x10^9/L"),
    }
    assert not any(v.critical for v in values.values())
    # The same sentence with a critical platelet count: 15 G/l is 15 x10^9/L, under 37.
    low = _read("platelets were at 15 G/l, total leucocytes were at 1.2 G/l")
    assert low["Platelets"].critical and low["WBC"].critical


def test_a_white_count_in_lower_case_g_per_litre_is_a_count() -> None:
    # CUPCase row 4595 (Haemophilus influenzae pneumonia, J Med Case Rep): "g/L" after a
    # count is the giga prefix, never grams, which no count is measured in.
    values = _read(
        "His peripheral white blood cell count was 15.2 g/L, and neutrophils were 10.6g/L."
    )
    assert (values["WBC"].value, values["WBC"].unit) == (15.2, "x10^9/L")
    assert (values["Neutrophils"].value, values["Neutrophils"].unit) == (10.6, "x10^9/L")
    # A haemoglobin in g/L stays grams.
    assert _read("hemoglobin 62 g/L")["Hemoglobin"].unit == "g/L"


# --- "name level, value" in a list of observations --------------------------------------------


def test_a_level_then_a_comma_then_the_value_is_read() -> None:
    # CUPCase row 3052 (dev case cr4-crit-metformin-ph-6-58-bicarbonate-1-glucose-2-0-
    # troponin, Ncomanzi et al., J Med Case Rep 2014;8:159): "blood sugar level, 2.8mmol/L"
    # was not read; a potassium written so could never be telephoned.
    values = parse_lab_values(
        "Our patient was brought into hospital by ambulance; her pre-hospital observations were "
        "as follows: Glasgow Coma Scale score, 15; blood sugar level, 2.8mmol/L; blood pressure, "
        "90/40mmHg; pulse, 54 beats per minute."
    )
    assert [(v.analyte, v.value, v.unit) for v in values] == [("Glucose", 2.8, "mmol/L")]
    assert not values[0].critical  # 2.8 mmol/L (50 mg/dL) is over the list's 46 mg/dL
    same = _read("serum potassium level, 1.9 mmol/L")["Potassium"]
    assert same.value == 1.9 and same.critical


# --- "On admission" in a narrative is no earlier than what was told before it -----------------


_EARLIER_STAY = (
    "During that hospitalization he had an initial PO2 of 76, a hemoglobin (Hb)/hematocrit "
    "(Hct) nadir of 5.8/17, and was found to have a methicillin-resistant Staphylococcus aureus "
    "(MRSA) pneumonia. He was treated with antibiotics and a transfusion. His discharge "
    "hemoglobin was 6.6 and oxygen saturation 96 percent. He was without symptoms at the time "
    "of discharge.\n"
    "Admission laboratory test data included a white blood cell count of 12 × 10^3/uL Hb "
    "8.7g/dL, Hct 26 percent, platelets 449 × 10^3 cells/mm^3."
)


def test_the_admission_values_told_after_an_earlier_stay_are_current() -> None:
    # CUPCase row 4112 (dev case cr6-crit-sickle-cord-infarct-earlier-stay-discharge-hb-6-6-
    # then-admission-8-7): "on admission" ranked under the untimed values told before it, so
    # the earlier stay's haemoglobin of 6.6 and haematocrit of 17 were telephoned as current.
    values = parse_lab_values(_EARLIER_STAY)
    assert [v for v in values if v.critical] == []
    assert {(v.analyte, v.value) for v in values if v.timing == "admission"} >= {
        ("Hemoglobin", 8.7),
        ("Hematocrit", 26),
    }


def test_a_critical_admission_value_is_not_outranked_by_an_earlier_stays() -> None:
    # The same narrative with this admission's haemoglobin critical: it is the current one.
    values = parse_lab_values(_EARLIER_STAY.replace("8.7g/dL", "5.1g/dL"))
    critical = [(v.analyte, v.value) for v in values if v.critical]
    assert critical == [("Hemoglobin", 5.1)]


# --- A bound told last, in the present tense ------------------------------------------------


def test_platelet_counts_that_remain_below_a_bound_are_the_current_count() -> None:
    # CUPCase row 2711 (dev case cr6-crit-itp-platelets-25000-then-12000-remain-below-10000):
    # the count told last was not read, so an earlier 25,000 per microliter stood as current.
    values = parse_lab_values(
        "Laboratory data including cerebrospinal fluid study and liver and renal function tests "
        "were not significant by any means except for findings related to the ITP which was a "
        "platelet level of 25,000 per microliter and a mild vitamin B12 deficiency. His platelet "
        "counts remain below 10,000/μL having only temporary responses to IVIG in the acute "
        "setting."
    )
    platelets = [(v.comparator, v.value, v.critical) for v in values if v.analyte == "Platelets"]
    assert platelets == [(None, 25000, False), ("<", 10000, True)]
