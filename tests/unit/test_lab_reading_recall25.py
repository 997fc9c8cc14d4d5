"""Lab values case sections tell that the reader missed, by shape (#29, twenty-fifth round):
an adverb before the verb of change, "reduced/dropped down to", the insulin level told with
a verb of change, an earlier result told as a comparison, sentences run together without a
space, the blood count's own names after a urine word. Each test quotes the shape from the
MedRBench case section (pool) it was found in; the guards hold what must not be read."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values, read_lab_text
from core.analysis.labs.run_on_sentences import with_sentences_apart


def _read(text: str) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in parse_lab_values(text)]


# An adverb before the verb of change or the verdict


def test_an_adverb_before_a_verb_of_change_hands_the_value_over():
    # MedRBench PMC11402914: the cortisol was unread.
    text = (
        "Upon admission, the patient's adrenocorticotropic hormone (ACTH) level was "
        "significantly elevated at 2035.69pg/ml (Normal range: 7.2–63.4pg/ml), while the "
        "cortisol hormone level was notably reduced to 1.84 μg/dl (8:00 a.m.)."
    )
    assert ("Cortisol", 1.84) in _read(text)


def test_any_adverb_of_degree_before_the_verdict():
    assert ("Hemoglobin", 8.4) in _read("Hemoglobin was notably reduced to 8.4 g/dL.")
    assert ("Potassium", 2.1) in _read("Her potassium was strikingly low at 2.1 mmol/L.")


def test_a_dose_changed_with_an_adverb_is_no_result():
    # guard: a drug's dose told with the same verbs stays unread
    assert _read("Insulin was increased weekly to 40 units.") == []
    assert _read("Potassium chloride supplementation was reduced to 20 mmol daily.") == []


def test_a_value_the_test_dropped_down_to():
    # MedRBench PMC11630794: the follow-up CK was unread.
    text = "CK levels normalized after this and dropped down to 1.05 µkat/L (63 IU/L)."
    assert ("CK", 1.05) in _read(text)


# The insulin level told with a verb of change


def test_the_insulin_level_told_with_a_verb_of_change_is_the_hormone():
    # MedRBench PMC11505447: "glucose level had fallen to 54 mg/dL" read, the insulin not.
    text = (
        "During the excision of the tumor, her portal venous blood was measured after 30 "
        "minutes when the insulin level had fallen to 14.36 μU/mL."
    )
    assert ("Insulin", 14.36) in _read(text)
    assert ("Insulin", 58.0) in _read("The insulin level rose to 58 pmol/L.")


def test_the_insulin_level_in_brackets_is_the_hormone():
    # MedRBench PMC11532648: the insulin at the end of the fast was unread.
    text = (
        "At fast termination, there was appropriate suppression of insulin (2.3 μIU/mL "
        "[16 pmol/L]; reference range for prolonged fast: <3 μIU/mL [20.8 pmol/L])."
    )
    assert ("Insulin", 2.3) in _read(text)


def test_an_insulin_dose_changed_is_no_insulin_level():
    # guard: the drug's dose, in units, is never the hormone's level
    assert _read("The insulin dose was reduced to 10 units.") == []
    assert _read("Insulin was increased to 20 U/day.") == []
    assert _read("The insulin infusion was decreased to 2 units/hour.") == []
    assert _read("She was started on insulin (10 units daily).") == []
    assert _read("Insulin (100 U/mL) was given.") == []


# An earlier result told as a comparison after the current one


def _timed(text: str) -> list[tuple[str, float, str | None, bool]]:
    return [(v.analyte, v.value, v.timing, v.critical) for v in parse_lab_values(text)]


def test_an_earlier_count_told_as_a_comparison_is_earlier():
    # MedRBench PMC11502415: the admission count 16.7 was unread.
    text = (
        "Her laboratory results were notable for absolute neutrophilia and a white blood cell "
        "count of 18 × 109/L, slightly elevated compared to her hospital admission at "
        "16.7 × 109/L."
    )
    assert _timed(text) == [("WBC", 18.0, None, False), ("WBC", 16.7, "earlier", False)]


def test_an_earlier_level_in_brackets_is_earlier_and_never_critical():
    # MedRBench PMC11621942: the admission sodium 121 was unread.
    text = (
        "Volume intake restriction was applied such that the serum sodium level by day 4 was "
        "131 mmol/L (compared to 121 mmol/L upon admission)."
    )
    assert _timed(text) == [("Sodium", 131.0, None, False), ("Sodium", 121.0, "earlier", False)]
    # an earlier sodium at a critical level is history, never the alarm
    told = _timed("Serum sodium was 128 mmol/L (compared to 118 mmol/L upon admission).")
    assert told == [("Sodium", 128.0, None, False), ("Sodium", 118.0, "earlier", False)]


def test_a_comparison_with_another_unit_or_test_is_no_earlier_result():
    # guards: the earlier number must be told in the current one's unit
    assert _timed("Serum sodium was 128 mmol/L (compared to 118 mg/dL upon admission).") == [
        ("Sodium", 128.0, None, False)
    ]
    assert [a for a, *_ in _timed("The CRP was 50 mg/L compared to the ESR of 30 mm/h.")] == [
        "CRP",
        "ESR",
    ]


# Sentences run together without a space after the full stop


def test_sentences_run_together_are_read_apart():
    # MedRBench PMC11365461: the first sentence's "hemoglobin and platelets" took the
    # second's two values, so neither the ferritin nor the triglycerides were read.
    text = (
        "The patient continued to deteriorate, developing bicytopenia with a drop in "
        "hemoglobin and platelets and a fever that did not resolve despite receiving the "
        "appropriate treatment.In the suspicion of HLH, samples for ferritin and triglycerides "
        "were sent, and the results showed elevated levels of 3,360 ng/ml and 301 mg/dl, "
        "respectively (Table 1)."
    )
    assert ("Ferritin", 3360.0) in _read(text)
    assert ("Triglycerides", 301.0) in _read(text)


def test_a_run_on_sentence_is_quoted_as_written():
    text = "The fever did not resolve.In the suspicion of HLH, ferritin was 3,360 ng/ml."
    (value,) = read_lab_text(text).values
    assert value.source_line == text


def test_only_a_sentences_full_stop_gets_its_space_back():
    # guards: decimals, figure numbers, abbreviations and a glued unit's capital stay as written
    for written in ("Hb 7.5 g/dL", "Fig.1", "e.g.", "U.S.A", "131 mmol/L.Computed"):
        assert with_sentences_apart(written) == written
    assert with_sentences_apart("(Table 1).Although") == "(Table 1). Although"


# The blood count's own names after a urine word in one sentence


def test_the_hemogram_after_the_urine_is_the_bloods():
    # MedRBench PMC11419586: the haemoglobin was taken for the urine's and dropped.
    text = (
        "Urine microscopy was normal, and the initial hemogram showed hemoglobin of 7.5 g/dl "
        "with indices suggestive of iron deficiency anemia, thrombocytopenia of 89,000/µL, "
        "and mild leukocytosis (Table 1)."
    )
    read = parse_lab_values(text)
    assert [(v.analyte, v.value, v.specimen) for v in read][:1] == [("Hemoglobin", 7.5, None)]


def test_urine_blood_stays_the_urines():
    # guard: the dipstick's blood in a urine sentence is still the urine's
    read = parse_lab_values("Urinalysis showed blood 2+ and protein 1+.")
    assert {v.specimen for v in read} == {"urine"}


# Two names, then two values in the same order, without "respectively"


def test_two_names_two_values_paired_by_their_units():
    # MedRBench PMC11585647: the results after surgery were unread.
    text = (
        "The levels of PRA and aldosterone after surgery also normalized to 2.8 ng/mL/hr and "
        "93 pg/mL."
    )
    assert _read(text) == [("Renin activity", 2.8), ("Aldosterone", 93.0)]
    assert _read("Aldosterone and PRA were 93 pg/mL and 2.8 ng/mL/hr.") == [
        ("Aldosterone", 93.0),
        ("Renin activity", 2.8),
    ]


def test_units_that_do_not_say_the_pairs_leave_the_clause_as_it_was():
    # guards: a unit either test is measured in, or one the catalogue does not know, pairs
    # nothing new (the rewrite is pair_by_units; the line reader reads the rest as before)
    from core.analysis.labs.paired_values import pair_by_units

    same = "Sodium and chloride were 135 mmol/L and 98 mmol/L."
    assert pair_by_units(same) == same
    unknown = "The glucan and galactomannan index were 435.8 pg/mL and 0.4 C.O.I."
    assert pair_by_units(unknown) == unknown
    told = "PRA and aldosterone were 8.5 ng/mL/hr and 254 pg/mL, respectively."
    assert pair_by_units(told) == told


# A disorder of the blood's cells named before its count


def test_eosinopenia_and_hyperleukocytosis_name_their_counts():
    # MedRBench PMC11487292, PMC11378097: both counts were unread.
    text = (
        "Laboratory test findings were as follows: eosinopenia (42/μL, ref: 0-490/μL) and "
        "elevated total cholesterol (296 mg/dL [7.7 mmol/L], ref: 146-219 mg/dL)."
    )
    assert ("Eosinophils", 42.0) in _read(text)
    text = "Blood tests revealed hyperleukocytosis (18,350 element/mcL), and platelet variation."
    assert _read(text) == [("WBC", 18350.0)]


def test_a_count_in_square_brackets_after_its_disorder():
    # MedRBench PMC11496249: the white count was unread.
    text = (
        "Routine blood examinations showed neutrophilic leukocytosis [11.61 × 103/μL, normal "
        "values (n.v.) 4.00–10.00 × 103/μL]."
    )
    assert _read(text) == [("WBC", 11.61)]


def test_a_disorder_pointing_to_a_table_has_no_count():
    # guard: "leukocytosis [see Table 1]" and a citation hold no count
    assert _read("The patient had leukocytosis [see Table 1] and fever.") == []
    assert _read("Eosinopenia [12] is common in Cushing syndrome.") == []
