"""Lab values a person reads in unseen case reports that the reader missed (#29, recall29).

The shapes are from 25 case sections drawn at random from the MedRBench and CUPCase pools
(seed 29), each quoted as printed:

- a span of time between a test's name and the verb that gives its result, or its "from ...
  to" ("Her HbA1c levels were followed for 24 weeks and were reduced from 9.6% to 7.4%",
  Journal of Medical Case Reports, CUPCase row 5083);
- a dipstick grade before the word "urinary" and the test's name ("3+ urinary protein",
  MedRBench PMC11635891; "3+ urinary ketone bodies", "negative levels of urinary glucose",
  CUPCase row 1240);
- the left shift of a differential written number first ("1% blasts, 2% promyelocytes, 7%
  metamyelocytes", PMC11521446).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.specimen) for v in parse_lab_values(text)]


# --- a span of time between the name and the result ----------------------------------------


def test_a_course_told_after_a_span_of_time_keeps_its_later_result():
    # CUPCase row 5083 (sitagliptin in insulin-deficient diabetes): each patient's later HbA1c
    text = (
        "Her HbA1c levels were followed for 24 weeks and were reduced from 9.6% to 7.4% (2.2% "
        "reduction) (Figure 1)."
    )
    read = _read(text)
    assert ("HbA1c", 7.4, "%", None) in read
    assert ("HbA1c", 9.6, "%", None) in read
    assert not any(value in (24.0, 2.2) for _, value, _, _ in read)


def test_a_course_with_its_span_between_the_verb_and_from():
    text = "HbA1c decreased over 6 months from 9.1% to 6.8%."
    assert ("HbA1c", 6.8, "%", None) in _read(text)


def test_a_result_told_after_a_span_of_time_and_was():
    # the shape of CUPCase row 5083's follow-up told with "was"
    assert ("HbA1c", 6.5, "%", None) in _read("Her HbA1c after 3 months was 6.5%.")
    assert ("CRP", 5.0, "mg/L", None) in _read("The CRP after 2 weeks of antibiotics was 5 mg/L.")


def test_a_span_of_time_between_the_verb_of_change_and_to():
    assert ("Hemoglobin", 10.2, "g/dL", None) in _read(
        "Her hemoglobin improved over 3 weeks to 10.2 g/dL."
    )


def test_guard_a_dose_given_over_a_span_is_no_result():
    # parse.py's _DURATION: "sodium bicarbonate over 14 h" is a drug's time
    assert _read("Sodium bicarbonate over 14 hours was infused at 150 mmol.") == []
    assert _read("Potassium chloride for 3 days was given orally.") == []


# --- a dipstick grade before "urinary" and the name ------------------------------------------


def test_a_grade_before_urinary_protein_is_the_urines_dipstick():
    # MedRBench PMC11635891 (a child's FSGS)
    text = "Then he was also found to have 3+ urinary protein, and pathocast was detected."
    assert ("Urine protein", 3.0, None, "urine") in _read(text)


def test_a_grade_before_urinary_ketone_bodies_and_negative_levels_of_urinary_glucose():
    # CUPCase row 1240 (ketoacidosis in pregnancy)
    text = (
        "At admission, her blood glucose level was 73 mg/dL, with negative levels of urinary "
        "glucose, and 3+ urinary ketone bodies."
    )
    read = _read(text)
    assert ("Glucose", 73.0, "mg/dL", None) in read
    assert ("Urine glucose", 0.0, None, "urine") in read
    assert ("Urine ketones", 3.0, None, "urine") in read


def test_guard_urinary_protein_with_an_amount_stays_the_days_amount():
    read = _read("The 24-hour urinary protein was 3.2 g.")
    assert ("24-hour urine protein", 3.2, "g/day", "urine") in read
    assert not any(name == "Urine protein" for name, _, _, _ in read)


# --- a differential's left shift, number first -----------------------------------------------


def test_the_left_shift_of_a_differential_number_first():
    # MedRBench PMC11521446 (chronic myeloid leukaemia with digital gangrene)
    text = (
        "Complete blood count (CBC) showed hemoglobin of 6 g/dl (normocytic normochromic), an "
        "increased total leukocyte count of 153.96×103/µL (54% neutrophils, 8% lymphocytes, 13% "
        "monocytes, 1% blasts, 2% promyelocytes, 7% metamyelocytes, and 11% band forms), and an "
        "increase in platelet count of 969x103/µL (Table 1)."
    )
    read = _read(text)
    for cells, share in (("Blasts", 1.0), ("Promyelocytes", 2.0), ("Metamyelocytes", 7.0)):
        assert (cells, share, "%", None) in read
    assert ("Bands", 11.0, "%", None) in read


def test_guard_a_bone_marrows_blasts_number_first_are_no_blood_result():
    assert _read("Bone marrow aspirate showed hypercellular marrow with 85% blasts.") == []
    assert _read("Bone marrow biopsy revealed 30% myeloblasts and 10% promyelocytes.") == []
