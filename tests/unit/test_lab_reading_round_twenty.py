"""Lab results in case-report prose the reader did not read (issue #29, labs20).

Round twenty counted, over the pool's case sections (2024 PMC case reports as MedRBench
stores them, wumingxin238/MedRBench @ 827ee187), the numbers a test's name hands over that the
reader left unread, and fixed the shapes that recur. Each test quotes the real shape with its
PMC id.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, str | None, float, str | None]]:
    return [(v.analyte, v.specimen, v.value, v.unit) for v in read_lab_text(text).values]


# --- a change told by the verb's -ing form, "continued to" and the verb, or its noun ---------


def test_a_level_told_by_a_change_in_its_ing_form_is_read() -> None:
    # PMC11505565
    text = (
        "His hematuria resolved, and his subsequent renal function tests improved greatly, "
        "with serum urea level dropping to 34 mg/dL and serum creatinine levels reducing to "
        "1.5 mg/dL."
    )
    read = _read(text)
    assert ("Urea", None, 34.0, "mg/dL") in read
    assert ("Creatinine", None, 1.5, "mg/dL") in read
    # PMC11631160: the participle after a comma continues the subject
    text = "His WBC count also improved, decreasing to 8.8 × 103/μL."
    assert [(a, v) for a, _, v, _ in _read(text)] == [("WBC", 8.8)]


def test_a_level_told_by_continued_to_and_the_verb_or_by_the_changes_noun_is_read() -> None:
    # PMC11421287
    text = (
        "The creatine kinase levels continued to decrease to 500 U/L (Fig. 5C) and normalized "
        "after several days."
    )
    assert _read(text) == [("CK", None, 500.0, "U/L")]
    # PMC11416202
    text = (
        "Serial monitoring of platelet counts demonstrated an initial decline to 80,000 "
        "cells/mm3, followed by an improvement."
    )
    assert _read(text) == [("Platelets", None, 80000.0, "cells/mm3")]


def test_a_dose_told_by_a_change_stays_unread() -> None:
    # a medicine's dose is no test's result, however its change is told
    assert _read("Prednisolone was tapered, reducing to 5 mg daily.") == []
    assert _read("Methotrexate was started at 10 mg and increasing to 15 mg weekly.") == []


# --- the cubic millimetre written "mmc" ------------------------------------------------------


def test_a_count_per_mmc_is_a_count_per_cubic_millimetre() -> None:
    # PMC11506947: a point sets the thousands apart, as before "/mm3"
    text = (
        "The blood work revealed moderate anemia with a hemoglobin level of 7.7 g/dL, and a "
        "platelet count of 175.000/mmc (NR 150,000–450,000/mmc)."
    )
    assert ("Platelets", None, 175000.0, "/mm3") in _read(text)
    # PMC11642214
    text = "increased white blood cell count, 14.120 cells/mmc (normal range: 4.30–10.8 cells/mmc)"
    assert _read(text) == [("WBC", None, 14120.0, "cells/mm3")]
    # PMC11509757 (a dev case): read before without a unit
    text = (
        "Blood tests taken a few days later showed mild leukopenia (white blood cells "
        "3060/mmc, neutrophils 1930/mmc, lymphocytes 770/mmc)"
    )
    assert _read(text) == [
        ("WBC", None, 3060.0, "/mm3"),
        ("Neutrophils", None, 1930.0, "/mm3"),
        ("Lymphocytes", None, 770.0, "/mm3"),
    ]


# --- a verdict told between the test's verb and its result in brackets ----------------------


def test_a_verdict_between_the_verb_and_the_bracketed_result_hands_the_result_over() -> None:
    # PMC11356858: the CSF's protein, after "also"
    text = (
        "A CSF examination showed that the cell count was mildly elevated (23/μL; polynuclear "
        "cells 5/μL: mononuclear cells 18/μL), and the protein level was also elevated (125 "
        "mg/dL), but the glucose level was decreased (51 mg/dL; blood glucose of 128 mg/dL "
        "examined at the same time)."
    )
    assert ("Total protein", "csf", 125.0, "mg/dL") in _read(text)
    # PMC11393570
    assert _read("Creatinine was also noted to be at borderline (102 μmol/L).") == [
        ("Creatinine", None, 102.0, "μmol/L")
    ]
    # PMC11487292: a verdict in the negative, and "within the reference range"
    text = (
        "Plasma renin activity was not low (1.4 µg/L/h [ref: 0.2-2.3 µg/L/h]) and the plasma "
        "aldosterone concentration was not high (41.4 pg/mL [1.48 pmol/L], ref: 3.0-82.1 "
        "pg/mL [0.11-2.96 pmol/L])"
    )
    assert [(a, v) for a, _, v, _ in _read(text)] == [
        ("Renin activity", 1.4),
        ("Aldosterone", 41.4),
    ]
    text = "her serum cortisol level was within the reference range (15.2 μg/dL [419.4 nmol/L])"
    assert [(a, v) for a, _, v, _ in _read(text)] == [("Cortisol", 15.2)]
    # PMC11434686: a word of time after the verdict
    text = "Platelets were elevated preoperatively (430 × 109/L), but after the operation"
    assert [(a, v) for a, _, v, _ in _read(text)] == [("Platelets", 430.0)]


def test_a_bracket_after_a_verdict_with_a_range_units_or_another_specimen_is_no_result() -> None:
    assert _read("Her cortisol was within the reference range (5.9–19.4 μg/dL).") == []
    assert _read("The hemoglobin was low and she was transfused (2 units).") == []
    assert _read("The creatinine was measured in the urine (24 mg/dL).") == []
    assert _read("Hemoglobin was normal (Table 1).") == []
