"""Round eleven's classes (issue #29), found by two mechanical tests over the 670 pool
reports: every value read checked against the names in its quoted line (attribution), and
every catalogued name followed within six words by a number that no value read covers
(name then number). Two shapes recurred in more than one report: a test named in one unit
but written in a unit only a kindred test is reported in (a prothrombin time in percent),
and a haemoglobin in grams alone (the old grams per 100 mL).

Each sentence is quoted as published: Journal of Medical Case Reports sections (CUPCase
rows, CC BY).
"""

from __future__ import annotations

from core.analysis.labs.loinc import loinc_of
from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _read(text: str) -> dict[str, LabValue]:
    values = parse_lab_values(text)
    by_name = {v.analyte: v for v in values}
    assert len(by_name) == len(values), values
    return by_name


# --- A prothrombin time in percent is the prothrombin activity ------------------------


def test_a_prothrombin_time_in_percent_is_the_prothrombin_activity() -> None:
    # CUPCase row 4374 (before: the percent was refused as no time, the result lost)
    values = _read(
        "Liver function tests showed alanine aminotransferase 45 IU/mL, total bilirubin "
        "1mg/dL, alkaline phosphatase 81IU/mL, albumin 5.2g/dL, and a prothrombin time (PT) "
        "of 76%."
    )
    activity = values["PT activity"]
    assert (activity.value, activity.unit) == (76.0, "%")
    assert "PT" not in values


def test_a_low_prothrombin_time_percent_beside_enzymes_in_times_normal() -> None:
    # CUPCase row 1263: the enzymes "10 times normal" are no results
    values = _read(
        "Prothrombin time was 25%, aspartate aminotransferase was 10 times normal, alanine "
        "aminotransferase 20 times normal."
    )
    assert list(values) == ["PT activity"]
    assert (values["PT activity"].value, values["PT activity"].flag) == (25.0, "low")


def test_a_prothrombin_time_in_seconds_stays_a_time() -> None:
    values = _read("prothrombin time of 13.3 seconds, activated prothrombin time of 31.9 seconds")
    assert (values["PT"].value, values["aPTT"].value) == (13.3, 31.9)
    assert "PT activity" not in values


# --- A haemoglobin in grams alone is grams per 100 mL ---------------------------------


def test_a_haemoglobin_in_grams_alone_is_grams_per_decilitre() -> None:
    # CUPCase row 3116 (before: "g" after the number was taken for a dose)
    values = _read(
        "Her hemoglobin was 10.1g and random blood glucose was 80mg. liver and renal function "
        "test results were within normal limits."
    )
    hb = values["Hemoglobin"]
    assert (hb.value, hb.unit, hb.flag) == (10.1, "g/dL", "low")


def test_a_haemoglobin_in_grams_in_a_respectively_sentence() -> None:
    # CUPCase row 5096
    values = _read(
        "the patient's white blood cell count was 10 × 10^9/L with 50% neutrophils; hemoglobin "
        "and blood glucose were 13.0 g and 260 mg/100 ml, respectively."
    )
    assert (values["Hemoglobin"].value, values["Hemoglobin"].unit) == (13.0, "g/dL")


def test_grams_of_another_test_are_still_a_dose() -> None:
    # a bare gram after any other name stays a medicine's amount: "calcium 1.2 g daily"
    # (CUPCase row 1300)
    assert (
        parse_lab_values("Her regular medications were aspirin 100 mg and calcium 1.2 g daily.")
        == []
    )


# --- A body fluid's pH, among the fluid's results, is the fluid's ---------------------


def test_a_csf_analysis_reads_its_ph_as_the_csfs_never_critical() -> None:
    # MedRBench PMC11621671 (before: the pH was not read; read as blood, 7.0 is critical)
    values = _read(
        "Cerebrospinal fluid (CSF) analysis showed a pH of 7.0, white blood cell count of 5 "
        "cells/μL, red blood cell count of 560 cells/μL, glucose concentration of 80 mg/dL, and "
        "protein concentration of 32.5 mg/dL, findings that ruled out meningitis."
    )
    ph = values["Body fluid pH"]  # round twelve: the fluid's own test, never "Blood pH"
    assert (ph.value, ph.specimen, ph.critical, ph.flag) == (7.0, "csf", False, None)
    assert "Blood pH" not in values
    assert {v.specimen for v in values.values()} == {"csf"}


def test_a_pleural_fluids_ph_in_a_list_of_its_analytes() -> None:
    # Journal of Medical Case Reports, CUPCase row 487
    values = _read(
        "Pleural fluid analytes were lactate dehydrogenase 591 U/L, amylase 115 U/L, glucose 161 "
        "mg/dL, pH 7.58."
    )
    ph = values["Body fluid pH"]
    assert (ph.value, ph.specimen) == (7.58, "pleural fluid")


def test_a_fluids_ph_is_its_own_test_with_its_own_code_and_the_bloods_is_blood_ph() -> None:
    # round twelve: a pleural fluid's pH is "Body fluid pH" (its specimen column says which
    # fluid) with LOINC's code for it, never "Blood pH"; a blood gas's pH keeps its name
    fluid = _read("Pleural fluid analytes were amylase 115 U/L, glucose 161 mg/dL, pH 7.58.")
    blood = _read("Arterial blood gas showed pH 7.30, pCO2 50 mmHg.")
    assert "Blood pH" not in fluid
    pleural = loinc_of(fluid["Body fluid pH"])
    assert pleural is not None and pleural.code == "2748-2"
    arterial = loinc_of(blood["Blood pH"])
    assert arterial is not None and arterial.code != "2748-2"


def test_a_pleural_effusions_ph_in_brackets_after_its_counts() -> None:
    # Journal of Medical Case Reports, CUPCase row 1769
    values = _read(
        "The aspiration of the pleural effusion revealed exudate without signs of a bacterial "
        "infection (cell number 4 10^9/L, out of which 85.5% were polynuclear cells and 13.5% "
        "were mononuclear cells; pH 7.57, glucose 7.5 mmol/L, protein 39 g/L, lactate "
        "dehydrogenase [LDH] 213 U/L; no growth of microorganisms)."
    )
    ph = values["Body fluid pH"]
    assert (ph.value, ph.specimen) == (7.57, "pleural fluid")
    assert values["Glucose"].specimen == "pleural fluid"


def test_a_blood_gas_beside_a_fluid_keeps_the_bloods_ph() -> None:
    # a gas partner makes the pH the blood's, whatever fluid the sentence names
    values = _read(
        "Chest X-ray showed a pleural effusion; arterial blood gas showed pH 7.30, pCO2 50 mmHg."
    )
    assert (values["Blood pH"].value, values["Blood pH"].specimen) == (7.3, None)
    urine = _read("Urinalysis after paracentesis showed pH 6.0.")
    assert (urine["Urine pH"].value, urine["Urine pH"].specimen) == (6.0, "urine")


def test_grams_before_a_fraction_slash_are_no_bare_grams() -> None:
    # CUPCase row 4644 prints "g⁄dL" with a fraction slash: never "g" read as g/dL with the
    # rest glued on
    values = parse_lab_values(
        "Routine laboratory tests revealed a hemoglobin level of 14.5 g⁄dL, a total leukocyte "
        "count of 8.2 × 10⁹/L"
    )
    assert all(v.unit != "g/dL⁄dL" for v in values)


# --- A reference range in square brackets -------------------------------------------


def test_a_square_bracketed_range_closes_its_tests_clause() -> None:
    # CUPCase row 1001 (before: the ALT after "... U/L] and" was taken for reference text)
    values = _read(
        "Moreover, he developed active hepatitis (aspartate transaminase 163 U/L [reference "
        "range 13–30 U/L] and alanine transaminase 352 U/L [reference range 10–42 U/L]), with "
        "an increase in the HCV RNA viral load (5.0 log IU/ml) seen in January 2017."
    )
    assert (values["AST"].value, values["ALT"].value) == (163.0, 352.0)
    assert (values["ALT"].reference_low, values["ALT"].reference_high) == (10.0, 42.0)


def test_name_comma_value_then_a_worded_range_in_square_brackets() -> None:
    # CUPCase row 5307 (before: the ESR and the albumin were unread)
    values = _read(
        "Her symptoms persisted and inflammatory markers deteriorated (erythrocyte "
        "sedimentation rate, 38 [reference range, 0-25 mm/h]; albumin, 27 [reference range, "
        "35-50 g/L); hemoglobin, 9.4 (reference range, 13-17 g/dL); CRP, 9)."
    )
    assert (values["ESR"].value, values["ESR"].flag) == (38.0, "high")
    assert (values["Albumin"].value, values["Albumin"].unit) == (27.0, "g/L")
    assert parse_lab_values("Reference range [troponin I < 0.04 ng/mL]") == []
