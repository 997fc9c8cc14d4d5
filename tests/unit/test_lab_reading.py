"""Reading lab values from real-shaped text (#12): one test per failure class, small texts
written here to mimic each class (prose notes, PDF tables, reference text)."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values, read_lab_text
from core.insights import LabValue


def _values(text: str, **patient: object) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.specimen) for v in parse_lab_values(text, **patient)]  # type: ignore[arg-type]


def _one(text: str, analyte: str, **patient: object) -> LabValue:
    found = [v for v in parse_lab_values(text, **patient) if v.analyte == analyte]  # type: ignore[arg-type]
    assert len(found) == 1, found
    return found[0]


def test_a_value_that_ends_a_sentence_is_read():
    values = parse_lab_values("Her INR was 2.1 last week. Today INR of 6.52.")
    assert [(v.analyte, v.value, v.timing, v.flag) for v in values] == [
        ("INR", 2.1, "earlier", "high"),
        ("INR", 6.52, None, "high"),
    ]


def test_narrative_names_and_words_between_name_and_value():
    text = "White count came back at 14.2 and bicarb 18. TSH suppressed at 0.01. Mag normal at 2.2."
    assert _values(text) == [
        ("WBC", 14.2, None),
        ("Bicarbonate", 18.0, None),
        ("TSH", 0.01, None),
        ("Magnesium", 2.2, None),
    ]


def test_names_with_digits_are_not_values():
    text = (
        "HbA1c\n7.9\n%\n4.0-5.6\nH\nVitamin D, 25-OH 18 ng/mL\nfree T4 3.2 ng/dL, free T3 6.1 pg/mL"
    )
    assert _values(text) == [
        ("HbA1c", 7.9, None),
        ("Vitamin D", 18.0, None),
        ("Free T4", 3.2, None),
        ("Free T3", 6.1, None),
    ]


def test_a_unit_that_looks_like_a_test_is_a_unit():
    assert _values("WBC\n7.2\nK/uL\n4.0-11.0") == [("WBC", 7.2, None)]  # no potassium 7.2


def test_reference_text_percentiles_dates_and_goals_are_not_values():
    text = "\n".join(
        [
            "Troponin I: 99th percentile upper reference limit 0.04 ng/mL",
            "Reference: troponin I < 0.04 ng/mL",
            "INR goal 2-3 on warfarin.",
            "Labs on March 3, 2024 showed potassium 3.1.",
        ]
    )
    assert _values(text) == [("Potassium", 3.1, None)]


def test_doses_are_not_values():
    assert _values("Continue Dilantin 300 mg daily and insulin 10 units at night.") == []


def test_specimens_are_kept_and_a_csf_glucose_is_not_a_blood_glucose():
    text = "CSF glucose 40 mg/dL, CSF protein 120. Serum glucose 110 mg/dL. Urine sodium 12."
    assert _values(text) == [
        ("Glucose", 40.0, "csf"),
        ("Total protein", 120.0, "csf"),
        ("Glucose", 110.0, None),
        ("Sodium", 12.0, "urine"),
    ]
    csf = parse_lab_values(text)[0]
    assert csf.reference_low is None and csf.flag is None  # no blood range for CSF
    assert not csf.critical


def test_a_specimen_word_only_applies_to_tests_done_on_that_fluid():
    text = "Urinalysis: SG 1.016 and otherwise normal, TSH 2.8 mIU/L."
    assert ("TSH", 2.8, None) in _values(text)


def test_times_are_kept_earlier_admission_discharge():
    text = (
        "On admission, sodium was 118 and potassium 6.8. At discharge sodium 131. "
        "Baseline creatinine 1.0. His potassium has gone up from 5.4 to 6.1."
    )
    timing = [(v.analyte, v.value, v.timing) for v in parse_lab_values(text)]
    assert timing == [
        ("Sodium", 118.0, "admission"),
        ("Potassium", 6.8, "admission"),
        ("Sodium", 131.0, "discharge"),
        ("Creatinine", 1.0, "earlier"),
        ("Potassium", 5.4, "earlier"),
        ("Potassium", 6.1, None),
    ]


def test_default_ranges_follow_sex_and_age():
    assert _one("Hemoglobin 12.5 g/dL", "Hemoglobin", age=60, gender="male").flag == "low"
    assert _one("Hemoglobin 12.5 g/dL", "Hemoglobin", age=60, gender="female").flag is None
    assert _one("ALP 300 U/L", "ALP", age=12, gender="female").flag is None  # growing bones
    assert _one("ALP 300 U/L", "ALP", age=40, gender="female").flag == "high"
    assert _one("Creatinine 1.2 mg/dL", "Creatinine", age=50, gender="female").flag == "high"
    assert _one("Creatinine 1.2 mg/dL", "Creatinine", age=50, gender="male").flag is None


def test_a_value_at_a_strict_limit_follows_the_limit():
    assert _one("CRP 5 mg/L (<5)", "CRP").flag == "high"  # "< 5" means below 5
    assert _one("CRP 5 mg/L (<=5)", "CRP").flag is None
    assert _one("eGFR 60 (>60)", "eGFR").flag == "low"
    assert _one("Thyroglobulin less than 0.5 ng/mL", "Thyroglobulin").comparator == "<"


def test_every_value_keeps_its_page_and_quoted_line():
    text = "Report header\nSodium 140 mmol/L\fPage two\nPotassium 6.4 mmol/L (3.5-5.1) H"
    values = read_lab_text(text, "file-1", paged=True).values
    assert [(v.analyte, v.source_page, v.source_line) for v in values] == [
        ("Sodium", 1, "Sodium 140 mmol/L"),
        ("Potassium", 2, "Potassium 6.4 mmol/L (3.5-5.1) H"),
    ]
    assert {v.source_file_id for v in values} == {"file-1"}
    long_note = "The patient was seen today for a follow-up of several problems. " * 4
    quoted = parse_lab_values(long_note + "Today INR of 6.52. Potassium was 3.0.")[0].source_line
    assert quoted == "Today INR of 6.52."


def test_a_test_named_without_a_readable_value_is_unread():
    reading = read_lab_text("The INR was elevated. Troponin was within normal limits. Na 140.")
    assert reading.unread_tests == ["INR", "Troponin"]
    assert [v.analyte for v in reading.values] == ["Sodium"]
    assert read_lab_text("Plan: check INR in the morning.").unread_tests == []


def test_several_results_in_one_phrase():
    text = (
        "BUN and creatinine on admission were 109 and 6.9. H&H was 32.3/11.3. "
        "CK was 261, then 315, and then 529. ABG of 7.34, CO2 of 30, O2 of 108, base excess "
        "of -8, sodium of 144, CO2 18."
    )
    assert [(a, v) for a, v, _ in _values(text)] == [
        ("BUN", 109.0),
        ("Creatinine", 6.9),
        ("Hemoglobin", 11.3),  # the smaller number is the hemoglobin, whatever the order
        ("Hematocrit", 32.3),
        ("CK", 261.0),
        ("CK", 315.0),
        ("CK", 529.0),
        ("Blood pH", 7.34),
        ("pCO2", 30.0),
        ("pO2", 108.0),
        ("Base excess", -8.0),
        ("Sodium", 144.0),
        ("Bicarbonate", 18.0),  # after the gases, CO2 is the serum bicarbonate
    ]


def test_results_written_number_first():
    text = (
        "Urinalysis showed 3+ protein, 4+ blood, negative nitrites, and trace leukocytes. "
        "Differential: 7 stabs, 68 segs, 15 lymphs. A CSF sample showed 0 white blood cells, "
        "3200 red blood cells. Sodium is 107, with 68 chloride and potassium of 2.8."
    )
    assert _values(text) == [
        ("Urine protein", 3.0, "urine"),
        ("Urine blood", 4.0, "urine"),
        ("Nitrite", 0.0, "urine"),
        ("Leukocyte esterase", 0.5, "urine"),
        ("Bands", 7.0, None),
        ("Neutrophils", 68.0, None),
        ("Lymphocytes", 15.0, None),
        ("WBC", 0.0, "csf"),
        ("RBC", 3200.0, "csf"),
        ("Sodium", 107.0, None),
        ("Chloride", 68.0, None),
        ("Potassium", 2.8, None),
    ]


def test_table_cells_run_together():
    text = "\n".join(
        [
            "Hemoglobin",
            "(Photometry)",
            " 13.00 - 17.00 g/dL15.00",
            " 2.00 - 7.00 Neutrophils thou/mm34.80",
            "0.90Creatinine",
            "(Modified Jaffe)",
            " 0.70 - 1.30 mg/dL",
            "Platelet count (×109/L)312150–400",
            "Serum sodium (mmol/L)146 ↑134–145132–140",
        ]
    )
    read = [
        (v.analyte, v.value, v.unit, v.reference_low, v.reference_high)
        for v in parse_lab_values(text)
    ]
    assert read == [
        ("Hemoglobin", 15.0, "g/dL", 13.0, 17.0),
        ("Neutrophils", 4.8, "thou/mm3", 2.0, 7.0),
        ("Creatinine", 0.9, "mg/dL", 0.7, 1.3),
        ("Platelets", 312.0, "×109/L", 150.0, 400.0),
        ("Sodium", 146.0, "mmol/L", 134.0, 145.0),
    ]


def test_rows_under_a_blood_sugar_heading():
    text = "Blood Sugar\nTest\nResult\nUnit\nFasting\n165\nmg/dL\n70-100\nPostprandial\n210\nmg/dL"
    assert [(a, v) for a, v, _ in _values(text)] == [
        ("Fasting glucose", 165.0),
        ("Postprandial glucose", 210.0),
    ]


def test_a_body_fluid_sent_for_analysis_applies_to_its_sections():
    text = (
        "Thoracentesis was performed and the pleural fluid was sent to the laboratory.\n"
        "Serum total protein: 7.0 g/dL\n"
        "B. Microscopic exam a. Leukocyte count: 1100 cells/uL "
        "C. Chemical exam a. Glucose: 55 mg/dL"
    )
    assert _values(text) == [
        ("Total protein", 7.0, None),
        ("WBC", 1100.0, "pleural fluid"),
        ("Glucose", 55.0, "pleural fluid"),
    ]


def test_bounds_and_movements_written_in_words():
    text = (
        "Her blood sugar was over 600 at the hospital. His potassium came down to 5.9. "
        "A correction dose to bring the blood sugars down 30 mg/dl was recommended."
    )
    read = [(v.analyte, v.comparator, v.value) for v in parse_lab_values(text)]
    assert read == [("Glucose", ">", 600.0), ("Potassium", None, 5.9)]  # "down 30" is a change


def test_a_participle_clause_and_thousands_commas():
    text = "The PT is slightly improved, being high at 65.0 today.\nWBC Count: 8,200 cells/cmm"
    assert [(a, v) for a, v, _ in _values(text)] == [("PT", 65.0), ("WBC", 8200.0)]
    assert _one("MCHC: 28.4 g% (Normal: 30-35)", "MCHC").flag == "low"  # g% is g/dL


def test_a_sugar_row_is_named_only_by_the_state_alone():
    text = "BLOOD SUGAR\nFasting Insulin\n22\nuU/mL\nBlood Sugar (Fasting): 110 mg/dL"
    assert [(a, v) for a, v, _ in _values(text)] == [("Insulin", 22.0), ("Fasting glucose", 110.0)]


def test_durations_are_not_values():
    assert _values("TSH was checked 3 months ago. Recheck INR in 5 days.") == []


def test_a_zero_padded_lab_code_before_the_result_is_not_the_result():
    text = "Glucose 01 105 High 98 01/02/2023 mg/dL 65-99\nCreatinine 01 1.02 0.98 mg/dL 0.76-1.27"
    values = parse_lab_values(text)
    current = [(v.analyte, v.value) for v in values if v.timing is None]
    assert current == [("Glucose", 105.0), ("Creatinine", 1.02)]
    # LabCorp's cumulative row: "98 01/02/2023" is the previous result and its date.
    assert [(v.analyte, v.value) for v in values if v.timing == "earlier"] == [("Glucose", 98.0)]


def test_the_basic_metabolic_panel_shorthand():
    names = [a for a, _, _ in _values("Chem 7: 135/4.2/101/24/18/1.1/110")]
    assert names == [
        "Sodium",
        "Potassium",
        "Chloride",
        "Bicarbonate",
        "BUN",
        "Creatinine",
        "Glucose",
    ]
    assert _one("His last A1c was 7.1.", "HbA1c").timing == "earlier"


def test_platelets_in_lakhs_and_a_tsh_generation():
    platelets = _one("Platelets: 0.3 lakh/cumm", "Platelets")
    assert (platelets.flag, platelets.critical) == ("low", True)  # 30 x10^9/L
    assert _one("TSH 3rd generation 0.02 uIU/mL 0.27-4.2", "TSH").value == 0.02
