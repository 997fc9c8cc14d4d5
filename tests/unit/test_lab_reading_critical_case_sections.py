"""Critical values in the case sections of published case reports (issue #29, reader-casecrit4).

Each test quotes the case section of a real Journal of Medical Case Reports article (BioMed
Central, open access under the Creative Commons Attribution License), as the CUPCase dataset
stores it (felipeocampoos/CUPCase-curhumai-Adversary @ ccbb107,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv, the row id named); each is also a
dev case (tests/clinical/dev/cr4-crit-*). None is an article of the held-out split (its
provenance fields were checked). Every test but one guard
(`test_a_gas_told_again_later_replaces_the_chemistry`) fails on the code before this branch.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _told(text: str, name: str) -> list[tuple[str | None, float, bool]]:
    return [
        (v.comparator, v.value, v.critical)
        for v in parse_lab_values(text)
        if v.analyte == name and v.specimen is None
    ]


def test_a_plans_aim_is_no_result_and_the_last_sodium_is_current() -> None:
    # CUPCase row 2223 (hypertonic-saline hypernatraemia in an 11-year-old girl): "aiming to
    # increase her sodium levels to 160 to 170 mmol/l" was read as her sodium, the sodium of
    # 160 she had at the end was lost as a duplicate, and the 163 was called critical.
    text = (
        "Her basal serum sodium levels were 140 mmol/l and she was commenced on a dose of "
        "5 ml/kg 8 hourly, aiming to increase her sodium levels to 160 to 170 mmol/l. Her "
        "sodium levels rose to 163 mmol/l after the first 24 hours. Her serum sodium levels "
        "were 226 mmol/l and further doses of 3 % hypertonic saline were stopped immediately. "
        "Her polyuria settled and her serum sodium levels dropped to 160 mmol/l on the "
        "following day."
    )
    told = _told(text, "Sodium")
    assert [value for _, value, _ in told] == [140, 163, 226, 160]
    assert [value for _, value, critical in told if critical] == [160]


def test_a_general_statement_holds_no_result() -> None:
    # CUPCase row 2223: a textbook sentence between the patient's results.
    text = (
        "Her urine spot sodium was elevated at 116 mmol/l. A urine spot sodium of >100 mmol/l "
        "can be seen in hypernatremia following ingestion of salt or infusion of 3 % "
        "hypertonic saline."
    )
    urine = [(v.comparator, v.value) for v in parse_lab_values(text) if v.analyte == "Sodium"]
    assert urine == [(None, 116)]


def test_a_bare_ph_with_the_bloods_range_is_the_blood_ph() -> None:
    # Groth, Kelsen, Løfgren, "Cardiac arrest due to lymphocytic colitis: a case report",
    # J Med Case Rep 2012;6:80 (CUPCase row 4566): the pH had no gas partner in its sentence,
    # so it was not read at all and its critical value was missed.
    text = (
        "A biochemical analysis showed a potassium level of 2.0 mmol/L (reference range: 3.5 "
        "to 4.6 mmol/L) and pH 6.86 (reference range: pH 7.37 to 7.45)."
    )
    assert _told(text, "Blood pH") == [(None, 6.86, True)]
    assert _told(text, "Potassium") == [(None, 2.0, True)]


def test_a_list_of_values_written_before_their_names() -> None:
    # Andreadis, Agaliotis, Mousoulis, "Leptospirosis presenting in a woman with fulminant
    # hepatic failure from Wilson's disease", J Med Case Rep 2010;4:256 (CUPCase row 5261):
    # "glucose, 0.79 mg/dL" gave each test its neighbour's value (a creatinine of 2.8 g/dL).
    text = (
        "Biochemistry findings showed 49 mg/dL glucose, 0.79 mg/dL serum creatinine, 2.8 g/dL "
        "albumin, 32 IU/L alkaline phosphatase (normal range 35 to 104), 33 IU/L alanine "
        "aminotransferase (normal range 5 to 40)."
    )
    read = {v.analyte: v.value for v in parse_lab_values(text)}
    assert read == {"Glucose": 49, "Creatinine": 0.79, "Albumin": 2.8, "ALP": 32, "ALT": 33}


def test_reached_and_to_drop_to_tell_the_later_result() -> None:
    # The same case: the INR of 7.7 and the haematocrit of 17.6 % (both critical) were not
    # read, so the earlier INR 2.76 and haematocrit 28.3 % stood as current.
    text = (
        "Coagulation profile: international normalized ratio (INR) 2.76. Hemoglobin level was "
        "9.4 g/dL, hematocrit 28.3%. Total serum bilirubin increased further to 66.7 mg/dL, INR "
        "reached 7.7 and ammonia (NH3) rose to 95.7 μmol/L (normal range 11 to 51). Hemolysis "
        "caused the hematocrit (Ht) level to drop to 17.6%."
    )
    assert _told(text, "INR") == [(None, 2.76, False), (None, 7.7, True)]
    assert _told(text, "Hematocrit") == [(None, 28.3, False), (None, 17.6, True)]


def test_the_combination_of_bounds_suggesting_a_diagnosis_is_no_result() -> None:
    # The same case: "(< 40 IU/L)" is the pattern's threshold, not an alkaline phosphatase.
    text = (
        "In our young patient, the combination of neurological disorder, non autoimmune "
        "hemolytic anemia and unexplained liver disease along with negative Coombs, "
        "coagulopathy unresponsive to vitamin K, serum aminotransferases less than 2000 IU/L "
        "and normal or markedly subnormal alkaline phosphatase (< 40 IU/L), all suggested a "
        "specific condition."
    )
    assert _told(text, "ALP") == []


def test_an_increase_in_a_count_of_one_value_to_another() -> None:
    # CUPCase row 1770 (congenital TTP): the 67 was not read, so the earlier platelet count
    # of 17 x10^9/L stood as current and was called critical.
    text = (
        "Plasmapheresis was indicated. After two sessions, there was an increase in platelet "
        "counts of 17 × 10^9/L to 67 × 10^9/L."
    )
    assert _told(text, "Platelets") == [(None, 17, False), (None, 67, False)]


def test_the_second_term_of_an_unknown_ratio_is_no_result() -> None:
    # CUPCase row 758 (primary adrenal insufficiency): two urine ratios were read as
    # creatinine results (3.9 mmol/mmol, 1.22).
    text = (
        "Investigation for his hypokalemia revealed a urinary potassium of 17.4 mmol/L, and "
        "urine potassium-to-creatinine [K/Cr] ratio of 3.9 mmol/mmol. Fanconi syndrome was "
        "negative, including urine phosphate-to-creatinine ratio of 1.22 (normal 0.20–3.14) "
        "mmol/mmol creatinine."
    )
    assert [v.analyte for v in parse_lab_values(text)] == ["Potassium"]


def test_a_blood_gas_beside_the_chemistry_of_the_same_moment_keeps_both_current() -> None:
    # Ncomanzi, Sicat, Sundararajan, "Metformin-associated lactic acidosis presenting as an
    # ischemic gut ...", J Med Case Rep 2014;8:159 (CUPCase row 3052): the serum bicarbonate
    # of 1 mmol/L was a doubtful read (under the plausible span) and, with the serum glucose
    # of 2.3 mmol/L, lost its alarm to the venous gas's HCO3 and glucose told after it.
    text = (
        "Her initial investigations were as follows: serum sodium, 140mmol/L (normal range: "
        "137 to 145mmol/L); serum bicarbonate, 1mmol/L (normal range: 22 to 32mmol/L); serum "
        "glucose, 2.3mmol/L; and serum creatinine, 768umol/L (normal range: 50 to 100umol/L). "
        "Results from liver function tests were normal. Her troponin level was 50ng/L (normal "
        "range: <30ng/L). Venous blood gas measurements revealed a profound metabolic "
        "acidemia: pH, 6.58; partial pressure of CO2, 38.6mmHg; HCO3, 3.6mmol/L; glucose, "
        "2.0mmol/L; and lactate, 16.7mmol/L."
    )
    assert _told(text, "Bicarbonate") == [(None, 1, True), (None, 3.6, True)]
    assert _told(text, "Glucose") == [(None, 2.3, True), (None, 2.0, True)]


def test_a_gas_told_again_later_replaces_the_chemistry() -> None:
    # The counterpart: a gas dated after the chemistry ("repeat ... after") is a later result,
    # so the earlier potassium is no current alarm (the shape of the same article, the later
    # gas dated as a repeat).
    text = (
        "Her initial investigations were as follows: serum potassium, 7.3mmol/L. A repeat "
        "venous blood gas after insulin showed pH, 7.30 and potassium, 5.1mmol/L."
    )
    assert _told(text, "Potassium") == [(None, 7.3, False), (None, 5.1, False)]


def test_a_dipstick_test_named_after_a_blood_specimen_is_no_urine_result() -> None:
    # Liao et al., "Successful resolution of symmetrical peripheral gangrene after severe
    # acute pancreatitis", J Med Case Rep 2015, doi 10.1186/s13256-015-0688-3 (CUPCase row
    # 2564): a serum ketone test was read as a urine dipstick result of 0.
    text = "His laboratory test result for serum ketone bodies was negative."
    assert parse_lab_values(text) == []
    assert [v.value for v in parse_lab_values("Urine ketones were negative.")] == [0]
