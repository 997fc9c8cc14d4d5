"""Issue #29, twenty-fifth round: a number in a unit of the same quantity as the catalogue's
own, but not one the catalogue keeps a range in, is judged against what a body can hold in
that unit (scaled by UCUM through pint), so a slipped unit is shown as a doubtful read.

"Inflammatory markers were within normal limits, with CRP at 0.6 g/dL" (MedRBench
PMC11437612, a case section of the pool): 0.6 g/dL is 6,000 mg/L, beyond any patient's CRP;
the writer meant mg/dL. The reader took it as a plain CRP of 0.6.
"""

from __future__ import annotations

from core.analysis.labs.dimensions import possible_span
from core.analysis.labs.parse import read_lab_text
from core.vocabulary.catalog import BY_NAME


def test_a_number_beyond_what_a_body_holds_in_that_unit_is_doubtful() -> None:
    text = (
        "Inflammatory markers were within normal limits, with CRP at 0.6 g/dL and a PT-INR of 1.15."
    )
    crp = [v for v in read_lab_text(text).values if v.analyte == "CRP"]
    assert [(v.value, v.unit, v.doubtful, v.critical, v.flag) for v in crp] == [
        (0.6, "g/dL", True, False, None)
    ]


def test_the_span_is_the_catalogues_scaled_by_ucum() -> None:
    span = possible_span(BY_NAME["CRP"], "g/dL")
    assert span is not None
    assert span.limit == 0.07  # 700 mg/L
    # A unit the catalogue keeps, or one of another quantity, is no new span.
    assert possible_span(BY_NAME["CRP"], "mg/L") is None
    assert possible_span(BY_NAME["CRP"], "U/L") is None


def test_a_number_that_fits_its_unit_is_read_as_before() -> None:
    # Guards: a ferritin in µg/L (the catalogue's ng/mL, the same quantity) stays a plain read.
    ferritin = read_lab_text("Serum ferritin 1200 µg/L.").values
    assert [(v.value, v.doubtful) for v in ferritin] == [(1200.0, False)]


def test_a_number_no_unit_of_the_test_can_hold_is_still_no_result() -> None:
    # Guard, MedRBench PMC11410420: an antibody to the potassium channel is no potassium, in
    # pmol/L or any unit; scaling the unit must not bring it back as a doubtful potassium.
    text = (
        "Her serum voltage-gated potassium channel antibody was elevated at 56 pmol/L (ref "
        "range: <31 pmol/L)."
    )
    assert read_lab_text(text).values == []


def test_a_number_that_fits_only_in_its_written_unit_is_read() -> None:
    # MedRBench PMC11618025: "urea 0.10 g/l" is 10 mg/dL; the catalogue keeps urea in mg/dL
    # and mmol/L, and 0.10 fits neither, so it was dropped as a number in another unit.
    urea = read_lab_text("urea 0.10 g/l.").values
    assert [(v.analyte, v.value, v.unit, v.doubtful) for v in urea] == [("Urea", 0.1, "g/l", False)]
