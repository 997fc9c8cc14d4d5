"""Round fourteen's audit of time in case reports (issue #29, reader-time14): which value of a
test is current, and which of the patient's conditions have ended.

Over the 670 pool reports (72 MedRBench, 73 CaseReportBench, 525 CUPCase), the reader's
current value agreed with a mechanical oracle (the last value told whose sentence names no
past time) for all but a few of the 313 tests told more than once. The classes fixed here:

- a time before the case's own events fronted to set the time of its clause ("One month
  before admission, the laboratory data ... hemoglobin 12.7g/dL") makes its values earlier:
  told after the admission's values, they were read as the current ones;
- a condition whose own clause says it ended ("... but resolved after the treatment"; a
  pregnancy "terminated" or "delivered") or whose treatment the past perfect tells ("had
  undergone cholecystectomy for acute cholecystitis") is one the patient had, not has; a
  decimal point ("1.5 years ago") no longer hides the past time after a condition.

Every sentence is a real public document's, quoted with its provenance.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from tests.unit.notes_reading import note_facts


def _codes(mentions: list) -> set[str]:
    return {m.condition.code for m in mentions}


# A time before the case's events, fronted ------------------------------------------------


def test_a_routine_check_a_month_before_admission_is_no_current_value() -> None:
    # J Med Case Rep (CUPCase row 2693, CC BY): the admission's haematocrit and haemoglobin,
    # then, later in the text, the check a month before it.
    text = (
        "Laboratory tests on admission showed hematocrit 67.2%, hemoglobin 22.1g/dL, "
        "creatinine 2.2mg/dL. She recovered without any medication. One month before "
        "admission, the laboratory data of her regular medical check was normal as per the "
        "following values: hemoglobin 12.7g/dL, protein 6.9g/dL, creatinine 0.78mg/dL, and "
        "blood urea nitrogen 14.8mg/dL."
    )
    values = parse_lab_values(text)
    check = [v for v in values if v.value in (12.7, 0.78)]
    assert [v.timing for v in check] == ["earlier", "earlier"]
    # the current haemoglobin is the admission's: with every value flagged current-only by
    # the critical list, the 22.1 (> 19.9 g/dL) is the one raised, never the check's 12.7
    hemoglobin = [v for v in values if v.analyte == "Hemoglobin"]
    assert [v.value for v in hemoglobin if v.timing == "admission"] == [22.1]
    assert not any(v.critical for v in check)


def test_weeks_before_the_delivery_after_that_is_earlier() -> None:
    # J Med Case Rep (CUPCase row 631, CC BY)
    text = (
        "Medical records indicated that 4 weeks before her delivery, she had normal hemoglobin "
        "(12.7 g/dl) but severe leukocytosis (161 x10 9 /l)."
    )
    assert {v.timing for v in parse_lab_values(text)} == {"earlier"}


def test_a_span_the_complaint_began_in_dates_no_result() -> None:
    # the shape the rule leaves alone: the days count the fever, not the haemoglobin
    text = "He had fever that started 3 days before admission, and his hemoglobin was 6.0 g/dL."
    (hemoglobin,) = parse_lab_values(text)
    assert hemoglobin.timing is None
    assert hemoglobin.critical


# Conditions that have ended --------------------------------------------------------------


def test_a_pregnancy_terminated_is_no_pregnant_state() -> None:
    # CaseReportBench item 82 (CC BY-NC 4.0): the boy's mother's second pregnancy
    facts = note_facts(
        "He is currently 5 years of age, has generalized dystonia, and is mainly chair-bound. "
        "Their second pregnancy was terminated at 22 weeks' gestation due to antenatal "
        "diagnosis of Ebstein's anomaly and multiple valvular abnormalities."
    )
    assert not any(c.startswith("Z33") for c in _codes(facts.current + facts.stated))


def test_a_pregnancy_delivered_is_no_pregnant_state() -> None:
    # J Med Case Rep (CUPCase row 3484, CC BY)
    facts = note_facts(
        "A 25-year-old obese African-American woman who had one pregnancy and was delivered of "
        "twins by cesarean section was admitted 1 week after the successful delivery."
    )
    assert not any(c.startswith("Z33") for c in _codes(facts.current + facts.stated))
    assert any(c.startswith("Z33") for c in _codes(facts.history))


def test_a_pregnancy_now_is_still_read_where_it_was() -> None:
    # the same words without an end: "who is in her second pregnancy"
    ended = note_facts("A 25-year-old woman who had one pregnancy was admitted with dyspnea.")
    assert not any(c.startswith("Z33") for c in _codes(ended.history))


def test_a_condition_operated_on_years_ago_with_a_decimal_is_history() -> None:
    # J Med Case Rep (CUPCase row 1391, CC BY; final diagnosis: an epidermoid cyst)
    facts = note_facts(
        "A 3-year-old white boy who had undergone distal hypospadias surgery 1.5 years ago "
        "presented with a slowly growing mass on the left side of his penis and dehiscence of "
        "the urethra."
    )
    assert "Q54" not in {c[:3] for c in _codes(facts.current + facts.stated)}
    assert "Q54" in {c[:3] for c in _codes(facts.history)}


def test_a_disease_an_operation_had_treated_is_history() -> None:
    # J Med Case Rep (CUPCase row 1344, CC BY)
    facts = note_facts(
        "The patient had undergone cholecystectomy for acute cholecystitis as a 32-year-old in "
        "Latin America and had moved to Japan for work approximately 3 years prior to his "
        "initial visit to our hospital."
    )
    assert "K81.0" not in _codes(facts.current + facts.stated)
    assert "K81.0" in _codes(facts.history)


def test_an_operation_told_in_the_past_simple_leaves_the_disease_current() -> None:
    # the case's own treatment: "underwent ... for" without "had"
    facts = note_facts(
        "A 24-year-old man presented with right lower quadrant pain and underwent "
        "laparoscopic appendectomy for acute appendicitis."
    )
    assert not any(c.startswith("K35") for c in _codes(facts.history))


def test_a_disease_that_occurred_but_resolved_is_history() -> None:
    # CaseReportBench item 2 (CC BY-NC 4.0)
    facts = note_facts(
        "Case Report\nA 3-yr-old boy was admitted because of eczema, recurrent infection, and "
        "thrombocytopenia. Graft versus host disease (GVHD) prophylaxis was composed of "
        "cyclosporin and methotrexate. No other serious complications occurred during "
        "transplantation. Grade II acute GVHD occurred 17 days after transplantation but "
        "resolved after the treatment with steroid."
    )
    assert "D89.81" not in _codes(facts.current + facts.stated)
    assert "D89.81" in _codes(facts.history)
