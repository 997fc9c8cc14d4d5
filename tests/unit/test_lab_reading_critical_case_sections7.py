"""Critical values told in the prose of full case sections (issue #29, seventh round): each
class from a real case section's own words, quoted as published. Two sources: the Journal of
Medical Case Reports (BioMed Central, CC BY) as CUPCase stores each article's case section
(felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv, the row named beside each test),
and PubMed Central case reports as MedCalc-Bench stores their notes (ncbi-nlp/MedCalc-Bench @
20b10f9d66, evaluation/one_shot_finalized_explanation.json, the key named beside each test;
CC BY-SA 4.0). The dev cases tests/clinical/dev/cr7-crit-* hold the whole sections.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _read(text: str, age: int | None = None) -> dict[str, LabValue]:
    values = parse_lab_values(text, age=age)
    by_name = {v.analyte: v for v in values}
    assert len(by_name) == len(values), values  # one value per test in these snippets
    return by_name


# --- "CO2" with a pressure unit is the partial pressure ----------------------------------


def test_a_co2_in_mmhg_is_the_partial_pressure_not_the_bicarbonate() -> None:
    # CUPCase row 1387 (dev case cr7-crit-exit-teratoma-cord-gas-co2-71-mmhg-is-pco2-...).
    # Read as the chemistry's "CO2" (bicarbonate), the mmHg did not fit and the critical
    # pCO2 of 71 was dropped.
    values = _read(
        "The arterial cord pH was 7.01 with CO2 of 71 mmHg and lactate of 9.5 mmol/L.", age=0
    )
    pco2 = values["pCO2"]
    assert (pco2.value, pco2.unit, pco2.critical) == (71.0, "mmHg", True)
    assert "Bicarbonate" not in values
    assert values["Blood pH"].critical and values["Lactate"].critical


def test_a_co2_in_mmol_stays_the_bicarbonate_and_an_end_tidal_co2_is_no_blood_result() -> None:
    read = parse_lab_values("Bicarbonate 22 mmol/L, total CO2 24 mmol/L.")
    assert [(v.analyte, v.value) for v in read] == [("Bicarbonate", 22.0), ("Bicarbonate", 24.0)]
    values = _read("End-tidal CO2 of 35 mmHg and pCO2 of 40 mmHg.")
    assert values["pCO2"].value == 40.0


# --- "pH at 6.92" ------------------------------------------------------------------------


def test_a_ph_told_at_its_value_beside_a_partial_pressure_is_the_bloods() -> None:
    # MedCalc-Bench key 64 (dev case cr7-crit-sulfuric-acid-burn-ph-at-6-92-...): the pH was
    # never read, and a pH of 6.92 never telephoned.
    values = _read(
        "Laboratory investigations mainly revealed a profound metabolic acidosis with a pH at "
        "6.92, PaCO2 42 mmHg, bicarbonate 8.6 mEq/l, base deficit 23.4 mEq/l, sodium 148 "
        "mEq/l, potassium 4.1 mEq/l, chloride 117 mEq/l, calcium 6.1 mg/dl, and phosphorus "
        "15.1 mg/dl."
    )
    assert values["Blood pH"].value == 6.92 and values["Blood pH"].critical
    assert values["Bicarbonate"].critical and values["Calcium"].critical
    assert not values["pCO2"].critical and not values["Potassium"].critical


def test_the_chemicals_own_ph_is_no_blood_ph() -> None:
    # the same note: the battery acid's pH
    values = parse_lab_values(
        "Injury was due to sulfuric acid (battery acid, pH measured at 0.9). Laboratory "
        "investigations mainly revealed a profound metabolic acidosis with a pH at 6.92, "
        "PaCO2 42 mmHg."
    )
    assert [v.value for v in values if v.analyte == "Blood pH"] == [6.92]


# --- A drug given over a time is no later result ------------------------------------------


def test_a_bicarbonate_given_over_hours_does_not_supersede_the_measured_one() -> None:
    # MedCalc-Bench key 64: "over 14 h" was read as a bicarbonate above 14, a later result,
    # and the critical 8.6 mEq/L became history.
    values = parse_lab_values(
        "Laboratory investigations mainly revealed a profound metabolic acidosis with a pH at "
        "6.92, PaCO2 42 mmHg, bicarbonate 8.6 mEq/l. Metabolic acidosis was progressively "
        "corrected by the administration of a total of 300 mmol of sodium bicarbonate over 14 "
        "h and of 140 mmol of lactate from Hartmann's solution over the first 24 h ."
    )
    bicarbonates = [v for v in values if v.analyte == "Bicarbonate"]
    assert [(v.value, v.critical) for v in bicarbonates] == [(8.6, True)]
    assert not [v for v in values if v.analyte == "Lactate"]


# --- Which of the disorder's values the bracket gives --------------------------------------


def test_anaemia_with_its_worse_value_in_brackets_is_the_haemoglobin() -> None:
    # MedCalc-Bench key 22 (dev case cr7-crit-lemierre-...-anaemia-worse-value-6-8).
    values = _read(
        "It featured anemia (worse value 6.8 g/dL) without evidence of a hemorrhagic source."
    )
    hb = values["Hemoglobin"]
    assert (hb.value, hb.unit, hb.critical) == (6.8, "g/dL", True)


def test_a_count_disorder_with_its_nadir_in_brackets_is_the_count() -> None:
    values = _read("She developed thrombocytopenia (nadir 12 × 10^9/L) on day 4.")
    assert values["Platelets"].value == 12.0 and values["Platelets"].critical


# --- An extreme count is a count ----------------------------------------------------------


def test_a_thrombocytosis_above_two_thousand_is_a_count_not_a_doubtful_read() -> None:
    # CUPCase row 3580 (dev case cr7-crit-cml-...-peaked-2293-not-implausible): the count
    # was shown as doubtful and never telephoned.
    values = parse_lab_values(
        "Initial WBC was 38.4 × 10^9/L, PC was 691 × 10^9/L, and lipase was 55 U/L. "
        "Leukocytosis peaked at 69.6 × 10^9/L on POD-9 and thrombocytosis peaked at 2293 × "
        "10^9/L on POD-12."
    )
    platelets = [v for v in values if v.analyte == "Platelets"]
    assert [(v.value, v.doubtful, v.critical) for v in platelets] == [(2293.0, False, True)]
    wbc = [(v.value, v.critical) for v in values if v.analyte == "WBC"]
    assert wbc == [(38.4, False), (69.6, True)]  # the peak is the later, current count


# --- The newborn's results in the mother's case -------------------------------------------


def test_the_neonates_gas_is_not_the_mothers_result() -> None:
    # MedCalc-Bench key 8 (dev case cr7-crit-splenic-aneurysm-rupture-pregnancy-...): the
    # patient is the 29-year-old mother; her newborn's pH of 6.507 raised two false alarms.
    text = (
        "The neonate was born with APGARS 0 and 2, an arterial blood gas pH of 6.507, pCO2 of "
        "176, and a base excess of −29.4. The neonate was resuscitated, intubated, and given "
        "head cooling measures for suspected hypoxic ischemic encephalopathy."
    )
    assert parse_lab_values(text, age=29) == []
    # The newborn's own case reads them (and an unknown age keeps them).
    assert {v.analyte for v in parse_lab_values(text, age=0) if v.critical} == {
        "Blood pH",
        "pCO2",
    }


def test_an_umbilical_cord_gas_is_the_newborns_not_the_mothers() -> None:
    # CUPCase row 1387: the section opens with the 33-year-old mother and ends with her
    # newborn's cord gas. In the mother's case the cord blood is another person's; in the
    # newborn's (dev case cr7-crit-exit-teratoma-...) it is the patient's own.
    text = "The arterial cord pH was 7.01 with CO2 of 71 mmHg and lactate of 9.5 mmol/L."
    assert parse_lab_values(text, age=33) == []
    assert {v.analyte for v in parse_lab_values(text, age=0) if v.critical} == {
        "Blood pH",
        "pCO2",
        "Lactate",
    }


# --- A later count told with "improved to" ----------------------------------------------


def test_a_count_that_improved_to_a_later_value_is_read_and_is_the_current_one() -> None:
    # CUPCase row 3276 (dev case cr7-labs-arb-thrombocytopenia-...): the last count
    # was never read, so the second episode's 37 stood as the current count (one under 37
    # would have been telephoned after the patient had recovered).
    values = parse_lab_values(
        "Laboratory measurement revealed a platelet count of 37×10^9 cells/L. The patient’s "
        "platelet count recovered upon valsartan discontinuation and in four weeks, his "
        "platelet count improved to 214×10^9 cells/L (Figure 2)."
    )
    assert [(v.value, v.critical) for v in values] == [(37.0, False), (214.0, False)]
