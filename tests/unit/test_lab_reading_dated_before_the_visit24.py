"""Results dated a span before the visit are earlier results (#29, twenty-fourth round): a
historical value is never the current one, so it raises no critical alarm."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def test_a_count_a_month_before_the_visit_is_an_earlier_result():
    # MedRBench PMC11615972: the leukopenia of a month before was marked critical as current.
    text = (
        "Complete blood count results in 1 month prior to his visit revealed leukopenia "
        "(1,900/μL), anemia (3.24 million RBC/μL), mild thrombocytopenia (128,000/μL), and "
        "moderate neutropenia (766/μL)."
    )
    values = parse_lab_values(text)
    wbc = [v for v in values if v.analyte == "WBC"]
    assert [(v.value, v.timing, v.critical) for v in wbc] == [(1900.0, "earlier", False)]


def test_a_span_the_complaint_began_in_dates_no_result():
    # Guard: "fever that started 3 days before admission" says when the fever began.
    text = "He had fever for 3 days before admission; his hemoglobin was 6.0 g/dL."
    (hb,) = [v for v in parse_lab_values(text) if v.analyte == "Hemoglobin"]
    assert hb.timing is None and hb.critical
