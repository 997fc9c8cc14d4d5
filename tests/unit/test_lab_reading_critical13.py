"""Round thirteen's audit of the critical values the reader did not raise over the pools
(issue #29): the one class that recurred is a quote, not a reading. In a paragraph that
tells a test's number twice, the value was quoted from the first sentence holding that
number, so a measured critical result was shown beside another sentence (a treatment's
target) and looked false to whoever checked it."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def test_a_measured_critical_sodium_is_quoted_from_its_own_sentence_not_the_targets() -> None:
    # J Med Case Rep (CUPCase row 2223, CC BY): the target "to 160 to 170 mmol/l" is no
    # result; the 160 "on the following day" is, and is critical (> 158 mmol/L).
    text = (
        "Her basal serum sodium levels were 140 mmol/l and she was commenced on a dose of "
        "5 ml/kg 8 hourly, aiming to increase her sodium levels to 160 to 170 mmol/l. Her "
        "serum sodium levels were 226 mmol/l and further doses of 3 % hypertonic saline were "
        "stopped immediately. Her polyuria settled and her serum sodium levels dropped to "
        "160 mmol/l on the following day."
    )
    sodium = [v for v in parse_lab_values(text) if v.analyte == "Sodium"]
    last = sodium[-1]
    assert (last.value, last.critical) == (160, True)
    assert "dropped to 160" in (last.source_line or "")
    assert "aiming" not in (last.source_line or "")
    assert [v for v in sodium if v.critical] == [last]


def test_a_bound_and_a_measurement_of_one_number_keep_each_its_sentence() -> None:
    # J Med Case Rep (CUPCase row 5083, CC BY): "above 7.5%" is a bound, "7.5% at baseline"
    # the measurement; each is quoted from the sentence it was read from.
    text = (
        "His HbA1c level was above 7.5% in the three months prior to this study. His "
        "post-meal blood glucose level was 221 mg/dl, and his HbA1c level was 7.5% at "
        "baseline. He was started on sitagliptin and followed for twenty-four weeks."
    )
    hba1c = {v.comparator: v for v in parse_lab_values(text) if v.analyte == "HbA1c"}
    assert "above 7.5%" in (hba1c[">"].source_line or "")
    assert "at baseline" in (hba1c[None].source_line or "")


def test_the_same_result_told_twice_in_a_paragraph_is_still_one_value() -> None:
    # The same report: "As we considered a sodium level of 226 mmol/l not compatible with
    # life" tells the 226 again; it stays one result, quoted from its first telling.
    text = (
        "Her serum sodium levels were 226 mmol/l and further doses of 3 % hypertonic saline "
        "were stopped immediately. Her urine spot sodium was elevated at 116 mmol/l. As we "
        "considered a sodium level of 226 mmol/l not compatible with life it was decided to "
        "correct her sodium levels rapidly."
    )
    blood = [v for v in parse_lab_values(text) if v.analyte == "Sodium" and v.specimen is None]
    assert [v.value for v in blood] == [226]
    assert "were stopped immediately" in (blood[0].source_line or "")


def test_in_a_narrative_a_discharge_value_is_no_later_than_a_follow_up_told_after_it() -> None:
    # reader-crit15's count of repeated values (round fifteen): "on admission" already gave
    # way to what a narrative tells after it, "at discharge" did not, so a discharge potassium
    # stayed a critical alarm beside the normal one of the follow-up that came after it
    values = parse_lab_values(
        "At discharge, her potassium was 2.5 mmol/L. "
        "At follow-up two weeks later, her potassium was 4.0 mmol/L."
    )
    assert [(v.value, v.critical) for v in values] == [(2.5, False), (4.0, False)]
    # the discharge value told last is still the current one, and critical
    values = parse_lab_values(
        "Her potassium was 4.4 mmol/L on admission. At discharge, her potassium was 2.1 mmol/L."
    )
    assert [(v.value, v.critical) for v in values] == [(4.4, False), (2.1, True)]
