"""Numbers in a full case section that are not the patient's current lab results (issue #29,
round six): a count told before a later one in a narrative, a dose per day, the number of a
name, a long name of another test. Each test quotes a real case section of the Journal of
Medical Case Reports (CC BY 4.0), as the CUPCase dataset stores it
(felipeocampoos/CUPCase-curhumai-Adversary, gpt_and_med_lm_evaluation/datasets/
CUPCASE_RTEST_eval.csv at ccbb107, the row named in each test); the whole sections are dev
cases tests/clinical/dev/cr6-prec-*.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _of(values: list[LabValue], analyte: str) -> list[LabValue]:
    return [v for v in values if v.analyte == analyte]


# --- 1. A repeat told before a later result is history, not the current value -----------

# CUPCase row 4873 (clopidogrel-induced thrombocytopenia), the course of the platelet count.
_PLATELET_COURSE = (
    "Although clopidogrel and pentoxifylline had been stopped, our patient had 5 × 10^9 "
    "platelets/L on hospital admission (22nd day) and intravenous immunoglobulin (IgG) was "
    "started (0.4 g/kg/day for two days). His platelet count increased to 44 × 10^9 "
    "platelets/L at five days after admission (27th day after starting clopidogrel and "
    "pentoxifylline), but it subsequently decreased again to 32 × 10^9 platelets/L (30th "
    "day). Prednisolone was given (1 mg/kg/day) and four days later (34th day) his platelet "
    "count was 85 × 10^9 cells/L and our patient was discharged (Figure 1)."
)


def test_a_repeat_told_before_a_later_count_in_a_narrative_is_not_critical() -> None:
    platelets = _of(parse_lab_values(_PLATELET_COURSE), "Platelets")
    assert [v.value for v in platelets] == [5, 44, 32, 85]
    # "decreased again to 32" is a repeat of the count, but the 85 told after it is later:
    # the 32 is history and no alarm; the 85 is the current count and not critical.
    assert not any(v.critical for v in platelets), platelets


def test_a_repeat_is_still_the_current_value_when_nothing_is_told_after_it() -> None:
    # The same course cut before the 34th day: the 32 told last is the current count.
    course = _PLATELET_COURSE.split(" Prednisolone")[0]
    platelets = _of(parse_lab_values(course), "Platelets")
    assert [(v.value, v.critical) for v in platelets] == [(5, False), (44, False), (32, True)]


# --- 2. An amount per day is a urine collection's only where the sentence says so -------


def test_an_amount_per_day_in_a_drug_history_is_a_dose_not_a_urine_calcium() -> None:
    # CUPCase row 4610: the drug history of a woman with rheumatoid arthritis.
    text = (
        "Her relevant drug history included calcium 1200 mg/day, vitamin D3 800 units/day, "
        "prednisolone 5 mg/day, rabeprazole 20 mg/day, folic acid 10 mg once a week, "
        "intravenous methotrexate 15 mg once a week, and 30 mg intravenous pamidronate every "
        "three months."
    )
    assert parse_lab_values(text) == []


def test_an_amount_per_day_told_as_proteinuria_is_still_a_urine_result() -> None:
    # Dev case cr-braf-mek-inhibitor-aki-serial-creatinine-proteinuria-per-day (MedCalc-Bench
    # note from a PubMed Central case report, CC BY-SA 4.0): the sentence names the urine.
    text = "Urine analysis showed a 1 g/day proteinuria, without leucocyturia or hematuria."
    values = parse_lab_values(text)
    assert [(v.value, v.unit, v.specimen) for v in values] == [(1, "g/day", "urine")]


# --- 3. A number that belongs to a name ---------------------------------------------------


def test_the_number_of_a_protein_s_name_is_no_total_protein() -> None:
    # CUPCase row 1562 (severe dengue in a kidney transplant recipient).
    text = (
        "Dengue non-structural protein 1 (NS1) antigen (day 2) was positive, but other viral "
        "studies such as cytomegalovirus and Epstein–Barr virus were negative."
    )
    assert parse_lab_values(text) == []


# --- 4. The N-terminal prohormone spelled out is NT-proBNP, never BNP --------------------


def test_n_terminal_pro_brain_natriuretic_peptide_is_nt_probnp_in_pmol_per_litre() -> None:
    # CUPCase row 1276 (Guillain-Barré syndrome with Takotsubo cardiomyopathy).
    text = (
        "Laboratory tests revealed normal white blood cells; normal platelets and hematocrit; "
        "normal liver, thyroid, and kidney function; normal creatine kinase (CK = 56 U/L, "
        "normal < 145 U/L), but elevated troponin I (598 ng/L, normal < 14 ng/L) and "
        "N-terminal pro-brain natriuretic peptide (1391 pmol/L, normal < 15 pmol/L)."
    )
    values = parse_lab_values(text)
    assert not _of(values, "BNP")
    [nt] = _of(values, "NT-proBNP")
    assert (nt.value, nt.unit, nt.flag, nt.doubtful) == (1391, "pmol/L", "high", False)


def test_the_b_type_spelling_with_n_terminal_is_nt_probnp_and_bnp_stays_bnp() -> None:
    # CUPCase row 1109 (dev case cr5-labs-scrub-typhus-...), and BNP's own long name in
    # CUPCase row 1986 (dev case cr6-prec-pcv13-pleuropericarditis-...).
    text = (
        "Moreover, lactate was 3.77 (0.7–2.1 mmol/L), N-terminal pro-brain natriuretic "
        "peptide (NT-proBNP) was 555.4 (< 125 mmol/L), and interleukin 6 was 256.2 pg/ml."
    )
    assert [v.value for v in _of(parse_lab_values(text), "NT-proBNP")] == [555.4]
    bnp = parse_lab_values(
        "Her creatinine level was 1.5 (normal 0.52–1.04 mg/dL), and B-type natriuretic "
        "peptide level was 1670 (normal 0–900 pg/mL)."
    )
    assert [v.value for v in _of(bnp, "BNP")] == [1670]


# --- 5. A drug's dose is no level of the same substance ----------------------------------


def test_a_hormone_given_as_a_drug_is_no_level() -> None:
    # CUPCase row 1727 (angioimmunoblastic T-cell lymphoma with hypercalcaemia).
    text = (
        "He was managed with aggressive fluid hydration, pamidronate 90 mg administered "
        "intravenously once, and calcitonin 300 U administered subcutaneously twice daily for "
        "a total of 2 days."
    )
    assert parse_lab_values(text) == []
    # The hormone's level in the same words stays a result.
    [level] = parse_lab_values("Her calcitonin level was 300 pg/mL.")
    assert (level.analyte, level.value) == ("Calcitonin", 300)


# --- 6. "Activated prothrombin time" is the aPTT, never a critical PT --------------------


def test_an_activated_prothrombin_time_is_the_aptt_not_a_critical_pt() -> None:
    # CUPCase row 1715 (spontaneous renal haemorrhage): 31.9 s is a normal aPTT, while a PT of
    # 31.9 s is beyond the critical limit (> 27 s).
    text = (
        "Her laboratory findings included hemoglobin level of 7 g/dL, hematocrit level of "
        "20.8%, platelet count of 118,000/microL, prothrombin time of 13.3 seconds, activated "
        "prothrombin time of 31.9 seconds, and fibrinogen level of 209.4 mg/dL."
    )
    values = parse_lab_values(text)
    assert [(v.value, v.critical) for v in _of(values, "PT")] == [(13.3, False)]
    assert [v.value for v in _of(values, "aPTT")] == [31.9]
    assert not any(v.critical for v in values), values


# --- 7. An element's symbol joined by a hyphen to a word is part of that word ------------


def test_kayser_fleischer_rings_in_a_score_are_no_critical_potassium() -> None:
    # CUPCase row 4470 (Wilson disease): "K-F rings = 2" was a potassium of 2 mmol/L,
    # beyond the critical limit.
    text = (
        "Using the scoring system proposed by the 8th International Meeting of Wilson Disease "
        "and Menkes Disease, our patient achieved a score of 6 (compatible neuropsychiatric "
        "features = 2; K-F rings = 2 and caeruloplasmin level of 5mg/dL =2)."
    )
    values = parse_lab_values(text)
    assert not _of(values, "Potassium")
    assert [(v.analyte, v.value) for v in values] == [("Ceruloplasmin", 5)]


def test_a_potassium_brand_is_no_potassium_and_the_symbol_alone_still_is() -> None:
    # An MTSamples discharge summary's medications (dev case
    # mt-respiratory-arrest-blood-gas-bands): "K-Dur 60 mEq p.o. b.i.d." is a drug, as it was
    # read before (a guard); "K 3.4 mmol/L" is potassium (CUPCase row 281, dev case
    # cr4-crit-amitriptyline-...).
    assert not _of(
        parse_lab_values("nitroglycerin paste 1 inch h.s., K-Dur 60 mEq p.o. b.i.d."), "Potassium"
    )
    values = parse_lab_values("Na 138 mmol/L, K 3.4 mmol/L, Ca 2.24 mmol/L, Mg 0.84 mmol/L")
    assert [v.analyte for v in values] == ["Sodium", "Potassium", "Calcium", "Magnesium"]
