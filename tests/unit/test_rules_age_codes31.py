"""A code the code set keeps for a child is never an adult's (reader-known31, issue #29): the
term "failure to thrive" is the head of "Failure to thrive (child)" (R62.51) alone, and an
adult's failure to thrive is R62.7 ("Adult failure to thrive").

Every quoted line is the shape of a real case section of the pool (MedRBench
wumingxin238/MedRBench @ 827ee187d7, the PMC id given; the CUPCase dataset's JMCR case
presentations, the row id given).
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from tests.unit.notes_reading import note_facts

# PMC11585286 (a man of 55 with an oral squamous cell carcinoma): main read the child's code.
_ADULT_LINE = (
    "Given concerns about inadequate oral intake and failure to thrive, the patient was "
    "ultimately admitted."
)


def _codes(text: str, age: int) -> list[str]:
    reading = diagnose([], age, note_facts(text))
    return [reading.diagnosis.icd_code] + [d.icd_code for d in reading.diagnosis.differential]


def test_an_adults_failure_to_thrive_is_the_adult_code() -> None:
    reading = diagnose([], 55, note_facts(_ADULT_LINE)).diagnosis
    assert reading.icd_code == "R62.7"
    assert reading.primary_diagnosis == "Adult failure to thrive"


def test_the_adult_code_in_the_differential_too() -> None:
    # CUPCase row 4319 (a woman of 64): the failure to thrive came third, as R62.51.
    text = (
        "Her appetite decreased significantly, she developed marked ascites, and she was "
        "admitted with atrial fibrillation, hypotension and failure to thrive."
    )
    codes = _codes(text, 64)
    assert "R62.7" in codes and "R62.51" not in codes


def test_a_childs_failure_to_thrive_keeps_the_childs_code() -> None:
    # Guard: CUPCase row 1822, an 8-month-old boy.
    text = (
        "When he was 8-months old, he presented with heart murmur, failure to thrive, "
        "psychomotor retardation."
    )
    assert "R62.51" in _codes(text, 0)


def test_a_sentence_that_tells_a_child_keeps_the_childs_code() -> None:
    # Guard: PMC11427962, whose age the case gives only in words ("one-year-old"); a case
    # without an age is read as an adult's, and the sentence's "child" decides.
    text = (
        "A one-year-old child presented with bluish discolouration of the skin and failure to "
        "thrive since birth."
    )
    assert "R62.51" in _codes(text, 50)
