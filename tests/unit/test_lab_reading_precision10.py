"""Numbers of a case section that are no result as read (issue #29, round ten): the classes
counted across whole pools of case reports (MedRBench's PMC reports of 2024, CaseReportBench's
case sections, the Journal of Medical Case Reports through CUPCase) and fixed where they
recur. Each test quotes the real sentence shape of a report of its class: the Journal of
Medical Case Reports (CC BY 4.0) as the CUPCase dataset stores it
(felipeocampoos/CUPCase-curhumai-Adversary, gpt_and_med_lm_evaluation/datasets/
CUPCASE_RTEST_eval.csv, the row named in each test).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _of(values: list[LabValue], analyte: str) -> list[LabValue]:
    return [v for v in values if v.analyte == analyte]


# --- 1. A unit printed wrongly: the number stands, the unit that misstates it does not ------


def test_a_count_printed_with_a_wrong_multiplier_keeps_its_number_without_the_unit() -> None:
    # CUPCase row 4571 (Budd-Chiari syndrome): 3640/uL and 252,000/uL printed "K/uL".
    values = parse_lab_values(
        "Laboratory findings revealed a white blood cell count of 3640 K/μL, hemoglobin of "
        "11.1 g/dL, mean corpuscular volume (MCV) of 80fL, and a platelet count of 252,000 K/μL."
    )
    wbc, platelets = _of(values, "WBC")[0], _of(values, "Platelets")[0]
    assert (wbc.value, wbc.unit, wbc.flag) == (3640, None, "low")
    assert (platelets.value, platelets.unit) == (252000, None)
    # the printed slip still asks to be checked, and a doubtful read is never telephoned
    assert wbc.doubtful and platelets.doubtful
    assert not wbc.critical and not platelets.critical
    hemoglobin = _of(values, "Hemoglobin")[0]
    assert (hemoglobin.value, hemoglobin.unit, hemoglobin.doubtful) == (11.1, "g/dL", False)


def test_a_platelet_count_per_cubic_millimetre_that_means_thousands_is_kept_unitless() -> None:
    # CUPCase row 4715 (abdominal pregnancy): "platelets 367 cells/mm³" is 367 x10^3/uL.
    values = parse_lab_values(
        "Her laboratory results showed a hemoglobin level of 7.9 g/dL, hematocrit 25.7%, white "
        "blood cells 9700 cells/mm³, platelets 367 cells/mm³, serum urea 14.8 mmol/L and serum "
        "creatinine 47 μmol/L."
    )
    platelets = _of(values, "Platelets")[0]
    assert (platelets.value, platelets.unit, platelets.doubtful) == (367, None, True)
    wbc = _of(values, "WBC")[0]  # written in its own unit: kept as printed
    assert (wbc.value, wbc.unit, wbc.doubtful) == (9700, "cells/mm³", False)


def test_a_typed_unit_that_would_make_a_normal_count_critical_is_dropped() -> None:
    # CUPCase row 4086 (synovial chondromatosis): "6.48mm 3 /μL" is 6.48 x10^3/uL, which the
    # report calls normal; as 6.48 per uL it would be a critical leucopenia.
    values = parse_lab_values(
        "The results of standard laboratory tests revealed a normal level of hemoglobin "
        "(13.1g/dL), hematocrit (38) and white blood cell (6.48mm 3 /μL) counts."
    )
    wbc = _of(values, "WBC")[0]
    assert (wbc.value, wbc.unit, wbc.critical) == (6.48, None, False)


def test_a_number_no_unit_of_the_test_can_hold_keeps_its_written_unit() -> None:
    # A potassium of 71 mmol/L fits no unit of potassium: a lost decimal point, kept as
    # printed and doubtful (what the reader did before this round).
    potassium = _of(parse_lab_values("Potassium 71 mmol/L"), "Potassium")[0]
    assert (potassium.unit, potassium.doubtful, potassium.critical) == ("mmol/L", True, False)


# --- 2. A span of results over a time is no result ------------------------------------------


def test_a_span_a_test_ranged_over_is_no_result() -> None:
    # CaseReportBench item 82 (a PMC case section, CC BY-NC 4.0): the baseline span.
    assert (
        _of(
            parse_lab_values(
                "His baseline lactates ranged from 1.5 to 3.6 mmol/L with mild intermittent "
                "metabolic acidosis."
            ),
            "Lactate",
        )
        == []
    )
    # CUPCase row 4513 (precocious puberty): "in the range of", with the range that follows
    values = parse_lab_values(
        "Serum concentrations of estradiol were in the range of 280 to 375 pmol/L (normal <73 "
        "for prepubertal child);"
    )
    assert _of(values, "Estradiol") == []


def test_the_result_told_after_a_span_is_still_read() -> None:
    # MedRBench PMC11470589 (a PMC open-access report of 2024): the span, then the last PSA.
    values = parse_lab_values(
        "His prostate-specific antigen (PSA) at the time had ranged from 1.2 to 2.3 during this "
        "time with his last PSA being 1.2."
    )
    assert [v.value for v in _of(values, "PSA")] == [1.2]


def test_a_change_from_one_result_to_another_is_still_two_results() -> None:
    # CUPCase row 2740: "from 896 to 173" is a fall between two measurements, not a span.
    values = parse_lab_values(
        "This, once again, induced a 50% partial radiological response and a decrease of the "
        "CA 15-3 level from 896 to 173UI/mL after three cycles."
    )
    assert [v.value for v in _of(values, "CA 15-3")] == [896, 173]


# --- 3. A prenatal screen's multiple of the median is no hormone level ----------------------


def test_a_multiple_of_the_median_is_no_level_of_the_hormone() -> None:
    # MedRBench PMC11543139 (a PMC open-access report of 2024): the first-trimester screen.
    assert (
        parse_lab_values(
            "Her routine first-trimester screening for fetal aneuploidy (combined test) had shown "
            "negative results for trisomy 21, 18, and 13 (PAPP-A: 2.11 multiple of median (MoM), "
            "free β-hCG: 0.9 MoM)."
        )
        == []
    )
    # CaseReportBench item 30 (CC BY-NC 4.0): the mother's screen, told in her newborn's case.
    values = parse_lab_values(
        "Maternal serum screening demonstrated low alpha-fetoprotein (AFP) and human chorionic "
        "gonadotropin (hCG) level, 0.6 MoM and 0.52 MoM, respectively."
    )
    assert _of(values, "AFP") == [] and _of(values, "hCG") == []
    # the hormone's own level in its unit is read as before
    assert [
        (v.value, v.unit) for v in _of(parse_lab_values("Serum beta-hCG was 0.9 mIU/mL."), "hCG")
    ] == [(0.9, "mIU/mL")]


def test_a_concentration_printed_in_an_impossible_unit_keeps_it() -> None:
    # CUPCase row 2883 (Veillonella osteomyelitis): "hemoglobin of 6.9g/L" is kept as printed
    # (doubtful), as the dev truth holds it; only a count's unit of cells is dropped.
    values = parse_lab_values(
        "A laboratory examination showed a white cell count (WBC) of 29×10^9 g/L with 90% "
        "neutrophils, hemoglobin of 6.9g/L, and an erythrocyte sedimentation rate (ESR) of 97mm/h."
    )
    hemoglobin = _of(values, "Hemoglobin")[0]
    assert (hemoglobin.value, hemoglobin.unit, hemoglobin.doubtful) == (6.9, "g/L", True)
