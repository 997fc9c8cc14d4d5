"""Critical values and flags in case sections of many journals (issue #29, ninth round).

The classes the audit of 146 case sections found (72 full PMC case reports of 2024 in
MedRBench, wumingxin238/MedRBench @ 827ee187d7,
data/Stage1/acc_results/deepseek-r1/<PMC>.json; 74 case sections of CaseReportBench,
cindyzhangxy/CaseReportBench @ 629533d91f, src/prompting/testing_case_set.json, item N),
each quoted as published and named beside its test.
"""

from __future__ import annotations

from core.analysis.labs.conversion import amount
from core.analysis.labs.parse import parse_lab_values
from core.vocabulary.units import unit_key


def _read(text: str) -> list[tuple[str, float, str | None, bool]]:
    return [(v.analyte, v.value, v.flag, v.critical) for v in parse_lab_values(text)]


# --- a colony-stimulating factor is a drug, not cerebrospinal fluid -----------------------


def test_a_blood_count_told_after_g_csf_is_a_blood_count() -> None:
    # CaseReportBench item 2 (Wiskott-Aldrich syndrome, cord blood transplant): "G-CSF" was
    # read as the CSF, and the white cell nadir became a CSF count, never critical.
    text = (
        "He received G-CSF from 7 days after stem cell infusion and the nadir of white blood "
        "cells (0.09×10 9 /L) occurred 12 days after transplantation."
    )
    [wbc] = parse_lab_values(text)
    assert (wbc.analyte, wbc.value, wbc.specimen, wbc.critical) == ("WBC", 0.09, None, True)


def test_gm_csf_names_no_fluid_and_csf_still_does() -> None:
    blood = parse_lab_values("After GM-CSF was started, platelets were 12 x10^9/L.")
    assert [(v.analyte, v.specimen, v.critical) for v in blood] == [("Platelets", None, True)]
    fluid = parse_lab_values("CSF glucose was 20 mg/dL.")
    assert [(v.analyte, v.specimen, v.critical) for v in fluid] == [("Glucose", "csf", False)]


# --- "lactates", as French and Belgian authors write it ---------------------------------


def test_lactates_in_the_plural_are_read_and_telephoned() -> None:
    # MedRBench PMC11506189 (myocarditis with cardiogenic shock): the lactate of 11.7 was
    # not read at all, a missed critical.
    text = (
        "Abnormalities in the laboratory tests included the following: Troponin-I: 19,437 "
        "ng/L [N < 60 ng/L], NT-proBNP: 15,352 pg/mL [N < 125 pg/L], CRP: 17.8 mg/L [N < 10 "
        "mg/L], Lactates: 11.7 mmol/L [N < 1.6 mmol/L]."
    )
    lactate = [v for v in parse_lab_values(text) if v.analyte == "Lactate"]
    assert [(v.value, v.flag, v.critical) for v in lactate] == [(11.7, "high", True)]


# --- an electrolyte given in mmol is a dose ------------------------------------------------


def test_supplemental_dosages_in_mmol_are_no_results() -> None:
    # CaseReportBench item 125 (cystinosis in pregnancy): "sodium bicarbonate 53.6 mmol" was
    # read as a bicarbonate of 53.6 mmol/L, a false critical.
    text = (
        "Electrolyte abnormalities secondary to Fanconi syndrome were treated with daily "
        "supplemental dosages of potassium 96 mmol, phosphate 25.2 mmol, and sodium "
        "bicarbonate 53.6 mmol. Daily electrolyte supplementation increased to potassium 128 "
        "mmol and phosphate 33.6 mmol, with no increase in the dose of sodium bicarbonate."
    )
    assert _read(text) == []


def test_a_dose_in_the_critical_range_raises_no_alarm() -> None:
    assert _read("She was treated with calcium gluconate 10 mmol and potassium 7.2 mmol.") == []


def test_a_bare_amount_without_treatment_words_stays_a_result() -> None:
    # Without the words of giving, a result written with its amount alone is still read.
    assert _read("Her bicarbonate level was 24 mEq.") == [("Bicarbonate", 24, None, False)]
    assert _read("Her potassium was 7.2 mmol/L after treatment was given.") == [
        ("Potassium", 7.2, "high", True)
    ]


# --- platelets counted in lakhs ---------------------------------------------------------


def test_platelets_in_lac_and_lakhs_per_cu_mm_are_flagged() -> None:
    # CaseReportBench items 11 and 88 (Indian reports): the units were not folded, so the
    # counts had no range and no flag.
    low = parse_lab_values(
        "Hb-9.2 g/dl, total leucocyte count-8,200 and platelet count of 1.4 lac/cumm."
    )
    assert [(v.value, v.flag) for v in low if v.analyte == "Platelets"] == [(1.4, "low")]
    high = parse_lab_values(
        "Routine laboratory investigations revealed ESR - 75, CRP - 81, microcytic anemia "
        "with hemoglobin levels of 10.1 g/dl, and a platelet count of 5.14 lakhs/cu.mm."
    )
    [platelets] = [v for v in high if v.analyte == "Platelets"]
    assert (platelets.value, platelets.flag) == (5.14, "high")
    assert amount(platelets, "10^9/l") == 514


def test_a_count_in_lakhs_without_its_volume_is_no_critical() -> None:
    # 1.2 lakhs is 120,000 per microlitre: read without its unit it was 1.2 x10^9/L, beyond
    # the critical limit.
    assert _read("Her platelet count was 1.2 lakhs.") == [("Platelets", 1.2, "low", False)]


def test_a_critical_count_in_lakhs_per_cu_mm_is_read_and_telephoned() -> None:
    # 0.18 lakh is 18,000 per microlitre; unfolded, the number fell outside every span.
    assert _read("Platelet count 0.18 lakh/cu.mm.") == [("Platelets", 0.18, "low", True)]
    assert _read("platelet count of 0.2 lacs/cu mm") == [("Platelets", 0.2, "low", True)]


def test_the_lakh_spellings_share_one_key() -> None:
    for written in ("lac/cumm", "lacs/cumm", "lakhs/cu.mm", "lakh/cu mm", "lakhs", "lakh/µl"):
        assert unit_key(written) == "lakh/ul", written


# --- a drug's level told without the drug's name ----------------------------------------


def test_the_level_told_after_the_drug_is_the_drugs() -> None:
    # A clinical pharmacist's case (meded101.com, "Digoxin toxicity - the highest level I've
    # ever seen", 2015): the level's sentence names no test, and the toxic level was unread.
    text = (
        "Upon review of his medication list, it was noted that he was on Digoxin 375 mcg "
        "daily. Upon checking a digoxin level, it was quickly confirmed that he had digoxin "
        "toxicity. His level was 7.58! Usual upper limit of normal is considered to be about 2."
    )
    assert _read(text) == [("Digoxin", 7.58, "high", True)]


def test_the_unnamed_level_in_its_unit_and_hours_after_the_ingestion() -> None:
    # The shape of issue #29's open class: "the level was 4.2 ng/mL" after a sentence about
    # digoxin; and a paracetamol level told at its hour on the nomogram.
    digoxin = "She had been taking digoxin 0.25 mg daily for atrial fibrillation. The serum "
    assert _read(digoxin + "level was 4.2 ng/mL.") == [("Digoxin", 4.2, "high", True)]
    paracetamol = "He took 40 tablets of acetaminophen. The level at 4 hours was 250 ug/mL."
    assert _read(paracetamol) == [("Paracetamol", 250, "high", True)]


def test_a_level_in_another_unit_or_after_another_test_is_not_the_drugs() -> None:
    # The glucose's unit is none of digoxin's; a test named after the drug owns the level;
    # another drug's level names its drug.
    assert _read("He was on digoxin. The level of glucose was 40 mg/dL.") == [
        ("Glucose", 40, "low", True)
    ]
    assert [v[0] for v in _read("He took digoxin. His TSH was 3.2 mIU/L. The level was 1.2")] == [
        "TSH"
    ]
    assert [v[0] for v in _read("He was on digoxin; the phenytoin level was 25 ug/mL.")] == [
        "Phenytoin"
    ]


def test_a_drug_level_read_with_its_hours_since_the_ingestion() -> None:
    assert _read("Acetaminophen level at 4 hours was 250 ug/mL.") == [
        ("Paracetamol", 250, "high", True)
    ]
    assert _read("The salicylate level 6 hours after ingestion was 62 mg/dL.") == [
        ("Salicylate", 62, "high", True)
    ]
    # "4-hour" is the time of the level, never a paracetamol of 4.
    assert _read("He took acetaminophen. The 4-hour acetaminophen level was 250 ug/mL.") == [
        ("Paracetamol", 250, "high", True)
    ]


# --- the litre of a unit after its micro sign is no flag ---------------------------------


def test_a_range_in_k_per_microlitre_does_not_flag_the_result_low() -> None:
    # MedRBench PMC11596152 (Toxocara canis pleural effusion): the "L" of "K/μL" in the
    # range after the result was read as the flag "low" for eosinophils three times the
    # upper limit.
    text = (
        "Laboratory tests showed persistently elevated CRP levels (25.18 mg/L) and eosinophil "
        "counts (1.58 K/μL, 18%, reference value: 0.1–0.5 K/μL, 1–5%), along with a high "
        "concentration of total IgE (111.0 IU/mL, electrochemiluminescence method, Cobas)."
    )
    eosinophils = [v for v in parse_lab_values(text) if v.analyte == "Eosinophils"]
    # (and the count's share after it, 18 % against 1-5 %, is high as well)
    assert [(v.value, v.flag) for v in eosinophils] == [(1.58, "high"), (18.0, "high")]
    # MedRBench PMC11595504: a CSF count inside its range is flagged nothing.
    csf = parse_lab_values(
        "He underwent a lumbar puncture revealing the following: cerebrospinal fluid (CSF) "
        "was clear and colorless, CSF leukocyte count of 2/µL (NL 0–5/µL)."
    )
    assert [(v.analyte, v.value, v.flag) for v in csf] == [("WBC", 2, None)]


# --- a urinary ascites drained by abdominocentesis ---------------------------------------


def test_the_drained_ascites_list_in_a_bracket_is_the_fluids() -> None:
    # MedRBench PMC11535893 (bladder rupture): "urinary" made the ascitic creatinine a urine
    # value and the BUN after the semicolon a blood BUN of 99.
    text = (
        "Following abdominocentesis, 3100 mL of serous and yellow fluid was drained, which on "
        "analysis confirmed urinary ascites (creatinine, 15.48 mg/dL; BUN, 99.0 mg/dL; K, 8.9 "
        "U/L)."
    )
    read = [(v.analyte, v.value, v.specimen) for v in parse_lab_values(text)]
    assert read == [
        ("Creatinine", 15.48, "peritoneal fluid"),
        ("BUN", 99, "peritoneal fluid"),
    ]


def test_a_bracketed_list_without_a_fluid_stays_the_blood_s() -> None:
    read = parse_lab_values("Her labs (sodium 118 mmol/L; potassium 6.9 mmol/L) were abnormal.")
    assert [(v.analyte, v.specimen, v.critical) for v in read] == [
        ("Sodium", None, True),
        ("Potassium", None, True),
    ]


def test_a_fluid_said_to_be_absent_introduces_no_fluid_results() -> None:
    # MedRBench PMC11596152: the follow-up eosinophil count after "No pleural fluid was
    # detected" was read as the pleural fluid's.
    text = (
        "No pleural fluid was detected (Appendix B). A decrease in eosinophil count (0.6%), CRP "
        "levels (4.63 mg/L), and Toxocara canis IgG antibodies (9.1 NTU) was observed."
    )
    read = [(v.analyte, v.value, v.specimen) for v in parse_lab_values(text)]
    assert read[:2] == [("Eosinophils", 0.6, None), ("CRP", 4.63, None)]
