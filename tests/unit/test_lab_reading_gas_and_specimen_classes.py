"""Failure classes found on the dev documents added for issue #29 (blood gases and CSF
studies in MTSamples notes, teaching-site lab cases, a cumulative table with urine
electrolytes). Each test uses short sentences written here, not text from a document."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.analysis.rules.diagnosis import diagnose


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.specimen) for v in parse_lab_values(text)]


def test_a_spinal_level_is_no_test() -> None:
    # "C4-6" read as complement C4 of 6, "T4-5" as a total T4 of 5.
    text = "MRI showed a lesion at the C4-6 levels and sensory loss below T4-5 on the right."
    assert _read(text) == []
    assert _read("Complement C4 18 mg/dL, T4 7.9 ug/dL") == [
        ("Complement C4", 18.0, None),
        ("Total T4", 7.9, None),
    ]


def test_a_name_glued_to_its_value_is_read() -> None:
    assert _read("Sed rate=41 (normal<20), CRP2.3 (normal<0.5).") == [
        ("ESR", 41.0, None),
        ("CRP", 2.3, None),
    ]
    # A two-letter name glued to digits is another test's name: CA125 is no calcium.
    assert all(name != "Calcium" for name, _, _ in _read("CA125 88 U/mL"))


def test_two_results_side_by_side_in_two_columns() -> None:
    text = (
        "pH 7.18                          Na 133 mmol/l\n"
        "pCO2 61 mmHg                     K 5.9 mmol/l\n"
        "B/E -9                           Cr 140 umol/l\n"
        "BSL 12.4 mmol/l                  Lactate 5.2 mmol/l\n"
    )
    assert _read(text) == [
        ("Blood pH", 7.18, None),
        ("Sodium", 133.0, None),
        ("pCO2", 61.0, None),
        ("Potassium", 5.9, None),
        ("Base excess", -9.0, None),
        ("Creatinine", 140.0, None),
        ("Glucose", 12.4, None),
        ("Lactate", 5.2, None),
    ]
    # A unit after a wide gap is still the value's unit: "mg/dL" is no magnesium.
    assert _read("Glucose 182        mg/dL") == [("Glucose", 182.0, None)]


def test_a_ph_in_prose_beside_a_partial_pressure_is_the_blood_ph() -> None:
    values = parse_lab_values("His pH was 7.11 with a PaCO2 of 29 mmHg and bicarbonate 9.")
    ph = next(v for v in values if v.analyte == "Blood pH")
    assert ph.value == 7.11 and ph.critical
    # Another fluid's pH stays that fluid's, never a critical blood pH (round twelve: the
    # catalogue's body fluid pH, with the fluid as its specimen).
    pleural = parse_lab_values("Pleural fluid pH 7.10, PaCO2 38 mmHg on the same day.")
    assert not [v for v in pleural if v.analyte == "Blood pH"]
    ph = [v for v in pleural if v.analyte == "Body fluid pH"]
    assert [(v.value, v.specimen, v.critical) for v in ph] == [(7.1, "pleural fluid", False)]


def test_a_blood_gas_in_slash_shorthand() -> None:
    assert _read("On arrival the ABG was 7.22/68/54 on room air.") == [
        ("Blood pH", 7.22, None),
        ("pCO2", 68.0, None),
        ("pO2", 54.0, None),
    ]
    assert _read("VBG: 7.31/49/38/24") == [
        ("Blood pH", 7.31, None),
        ("pCO2", 49.0, None),
        ("pO2", 38.0, None),
        ("Bicarbonate", 24.0, None),
    ]
    # Dates and ratios without a gas's name are untouched.
    assert _read("Seen on 7.22/68/54.") == []


def test_a_specimen_in_the_tests_own_name_wins_over_the_sentence() -> None:
    # A serum value among CSF results is the serum's.
    text = "CSF: protein 52 mg/dl, glucose 70 mg/dl, CSF albumin 30, serum albumin 3.9 g/dL."
    assert _read(text) == [
        ("Total protein", 52.0, "csf"),
        ("Glucose", 70.0, "csf"),
        ("Albumin", 30.0, "csf"),
        ("Albumin", 3.9, None),
    ]


def test_immunoglobulins_are_read_in_csf() -> None:
    assert _read("CSF IgG 5.3 mg/dl (normal 0-6.2), protein 40 mg/dl.") == [
        ("IgG", 5.3, "csf"),
        ("Total protein", 40.0, "csf"),
    ]


def test_a_sentence_running_over_a_line_break_keeps_its_specimen() -> None:
    # The first line ends with a comma: the CSF sentence goes on, and its glucose of 18 is
    # a CSF glucose, never a critically low blood glucose.
    text = "Spinal fluid study: protein 140 mg/dl, albumin 70,\n\nWBC 40, RBC 3, glucose 18.\n"
    values = parse_lab_values(text)
    assert [(v.analyte, v.value, v.specimen) for v in values] == [
        ("Total protein", 140.0, "csf"),
        ("Albumin", 70.0, "csf"),
        ("WBC", 40.0, "csf"),
        ("RBC", 3.0, "csf"),
        ("Glucose", 18.0, "csf"),
    ]
    assert not any(v.critical for v in values)
    # A sentence that ended keeps nothing over the line break.
    text = "Spinal fluid study: protein 140 mg/dl.\nWBC 8.1, glucose 101.\n"
    assert _read(text)[1:] == [("WBC", 8.1, None), ("Glucose", 101.0, None)]


def test_urine_electrolytes_by_their_laboratory_abbreviation() -> None:
    assert _read("U Na 48\nU K • 22,5\nU-Osm 610") == [
        ("Sodium", 48.0, "urine"),
        ("Potassium", 22.5, "urine"),
        ("Osmolality", 610.0, "urine"),
    ]
    assert _read("Uric acid 6.1 mg/dL") == [("Uric acid", 6.1, None)]


def test_a_results_heading_ends_a_title_that_named_urine() -> None:
    text = "Low sodium with a urine osmolality\n\nLaboratory Investigations\nUrea 5,2\nCreat 77\n"
    assert _read(text) == [("Urea", 5.2, None), ("Creatinine", 77.0, None)]


def test_a_low_or_high_blood_ph_is_acidosis_or_alkalosis() -> None:
    severe = parse_lab_values("ABG: pH 7.08, pCO2 30 mmHg, HCO3 8 mmol/L, lactate 9.1 mmol/L.")
    result = diagnose(severe, 40)
    assert result.diagnosis.icd_code.startswith("E87.2")
    mild = parse_lab_values("ABG: pH 7.49, pCO2 29 mmHg, HCO3 22 mmol/L.")
    assert diagnose(mild, 40).diagnosis.icd_code in ("E87.3", "")
    normal = parse_lab_values("ABG: pH 7.40, pCO2 40 mmHg, HCO3 24 mmol/L.")
    assert not any(c.finding.code.startswith("E87.2") for c in diagnose(normal, 40).findings)


def test_a_dipstick_result_is_quoted_from_the_sentence_that_prints_it() -> None:
    # In a long paragraph the first sentence naming "blood" is a blood count, not the grade.
    text = (
        "Labs today: white blood cells 7.9, hemoglobin 13.1, platelets 240,000 and the rest of "
        "the panel unremarkable on the morning draw. Urinalysis showed 2+ protein, 4+ blood, "
        "negative nitrites and trace leukocytes, with many red cells seen on microscopy today."
    )
    blood = next(v for v in parse_lab_values(text) if v.analyte == "Urine blood")
    assert blood.value == 4 and "4+ blood" in (blood.source_line or "")


def test_a_dipstick_grade_in_a_sentence_too_long_to_quote_is_quoted_around_the_grade() -> None:
    # dev mt-lumbar-puncture-child-hb-5-8-serial-wbc (MTSamples): the urinalysis sentence is
    # longer than a quote, and the only short sentence naming "blood" is the transfusion.
    text = (
        "She was transfused with packed red blood cells.  Her hemolysis seemed to slow down.  "
        "She also on presentation had indications of urinary tract infection with urinalysis "
        "significant for 2+ leukocytes, positive nitrites, 3+ protein, 3+ blood, 25 to 100 "
        "white cells, 10 to 25 bacteria, 10 to 25 epithelial cells on clean catch specimen."
    )
    values = {v.analyte: v for v in parse_lab_values(text)}
    assert "3+ blood" in (values["Urine blood"].source_line or "")
    assert "positive nitrites" in (values["Nitrite"].source_line or "")


def test_a_power_of_ten_with_its_exponent_set_apart() -> None:
    text = (
        "Counts were raised: leukocytes (12.30×10 9 /l, normal range 4.00–10.00×10 9 /l) and "
        "platelets (455×10 9 /l, normal range 100–300×10 9 /l). WCC 13.2 × 10(9)/litre."
    )
    assert _read(text) == [("WBC", 12.3, None), ("Platelets", 455.0, None), ("WBC", 13.2, None)]


def test_two_results_of_a_pair_with_a_unit_between() -> None:
    text = "Later the BUN and creatinine came down to 21.0 mg/dL and 1.3 mg/ dL, respectively."
    assert [(n, v) for n, v, _ in _read(text)] == [("BUN", 21.0), ("Creatinine", 1.3)]


def test_only_a_tests_latest_result_by_time_is_critical() -> None:
    # The low count "rose to" a normal one later: the first is history, not an alarm.
    values = parse_lab_values(
        "Admission tests showed platelets 12,000/mm3 and potassium 2.1 mmol/L. "
        "By the second week the platelet count rose to 180,000/mm3."
    )
    flags = {(v.analyte, v.value): v.critical for v in values}
    assert flags == {
        ("Platelets", 12000.0): False,
        ("Potassium", 2.1): True,
        ("Platelets", 180000.0): False,
    }
    # The same critical result written twice stays critical both times, and a table's
    # order is no order of time: two results without time words are both current.
    twice = parse_lab_values("Her potassium is 2.4.\nLabs: sodium 139, potassium 2.4.")
    assert [v.critical for v in twice if v.analyte == "Potassium"] == [True, True]
