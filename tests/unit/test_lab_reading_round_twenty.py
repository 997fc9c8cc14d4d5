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
    text = (
        "increased white blood cell count, 14.120 cells/mmc (normal range: 4.30–10.8 "
        "cells/mmc)"
    )
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
