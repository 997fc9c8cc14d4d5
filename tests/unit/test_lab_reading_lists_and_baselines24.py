"""Two shapes of case-report prose (#29, twenty-fourth round): the last item of a "name,
value;" list opened by "and" with the sentence going on after its value, and a patient's
usual level given as a span in brackets ("baseline 3-4 × 103/µL"), which is no result."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in parse_lab_values(text)]


def test_the_last_item_of_a_comma_list_opened_by_and():
    # MedRBench PMC11550105: the potassium was unread.
    text = (
        "The other laboratory results including blood urea nitrogen (BUN), 12 mg/dL; "
        "creatinine, 0.56 mg/dL; and potassium, 4.1 mmol/L depicted normal kidney and renal "
        "function."
    )
    assert _read(text) == [("BUN", 12.0), ("Creatinine", 0.56), ("Potassium", 4.1)]


def test_a_dose_after_and_is_no_result():
    # Guard: a comma then an amount given, not measured.
    assert _read("He was given insulin, glucose and potassium, 20 mmol over 2 hours.") == []


def test_a_baseline_span_is_no_result_and_dates_nothing_after_it():
    # MedRBench PMC11483682: "3" was read as an earlier white cell count, and the
    # haemoglobin and platelets after it were dated "earlier" by the word "baseline".
    text = (
        "Initial laboratory values were remarkable for a white blood cell count of 7.9 × "
        "103/µL (baseline 3-4 × 103/µL), hemoglobin 9.7 g/dL, platelets 130 × 103/µL."
    )
    values = parse_lab_values(text)
    assert [(v.analyte, v.value) for v in values] == [
        ("WBC", 7.9),
        ("Hemoglobin", 9.7),
        ("Platelets", 130.0),
    ]
    assert "earlier" not in {v.timing for v in values}


def test_a_single_baseline_value_is_still_an_earlier_result():
    # Guard: "(baseline 0.8 mg/dL)" is the patient's earlier result, as before.
    assert ("Creatinine", 0.8) in _read("Her creatinine was 2.4 mg/dL (baseline 0.8 mg/dL).")
