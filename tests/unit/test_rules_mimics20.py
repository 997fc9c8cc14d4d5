"""A disease named as what the patient's resembled is not the patient's (rules/mimics.py,
issue #29, reader-dx20).

226 of MedRBench's 957 whole 2024 case reports write "mimic", "masquerading as", "simulating",
"imitating" or "disguised as"; 55 titles do. The look-alike after the verb read as a
condition of the patient in 41 of them. The quoted words are the reports' own.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.mimics import mimicked
from core.analysis.rules.notes import read_notes


def _ranked(text: str) -> list[str]:
    values = parse_lab_values(text, "n", age=50)
    return [r.code for r in diagnose(values, 50, read_notes(None, [text])).ranked]


def test_the_look_alike_after_mimic_is_not_the_patients() -> None:
    # PMC11368574's abstract: main's primary was the acute appendicitis (K35.80).
    text = (
        "Silent but Significant: A Case Report of Appendiceal Mucocele. Appendiceal mucocele "
        "is a rare disease that can sometimes mimic acute appendicitis or be discovered "
        "accidentally during surgeries."
    )
    assert "K35.80" not in _ranked(text)


def test_mimicking_in_a_title_keeps_the_tumour() -> None:
    # PMC11524679: "ELP mimicking lung cancer"; PMC11342857: a gastric schwannoma, no GIST.
    assert mimicked("We present our clinical experience managing a rare case of ELP mimicking ")
    assert mimicked("A rare case of gastric schwannoma mimicking ")
    # PMC11635539's title.
    assert mimicked("Stanford Type A Aortic Dissection Masquerading as ")
    assert mimicked("symptoms mimicking rhinosinusitis, ")  # a list goes on


def test_a_clause_of_its_own_ends_the_look_alike() -> None:
    assert not mimicked("The lesion mimicked a tumour, but the biopsy confirmed ")
    assert not mimicked("It mimicked a sarcoma which was ")
    assert not mimicked("The patient was diagnosed with ")
