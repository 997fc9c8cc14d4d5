"""An eponym written with a typeset apostrophe is the eponym (rules/icd_terms._unaccented,
issue #29, reader-dx21).

459 of MedRBench's 957 whole 2024 case reports write the right single quotation mark; in 68 the
code set's or the index's terms read differently once it is the keyboard's apostrophe. Before,
"Brodie’s" split at it into "brodie" and "s", and "Brodie's abscess" was no match. The quoted
words are the reports' own titles.
"""

from __future__ import annotations

from core.analysis.rules.icd_terms import icd_conditions


def _codes(sentence: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(sentence)]


def test_a_typeset_apostrophe_keeps_the_eponym() -> None:
    # PMC11458204: main read the streptococcus (B95.4); PMC11494526: the atrophic gastritis.
    assert _codes("Brodie’s Abscess of the Humeral Paddle in a Child") == ["M86.8"]
    assert _codes("Biermer’s disease unveiled") == ["D51.0"]
    # PMC11623865's abstract: the bare "sarcoma" (C49.9) was read for Kaposi's (C46).
    assert _codes("Kaposi’s sarcoma (KS) is a systemic disease") == ["C46"]


def test_the_spans_stay_on_the_notes_words() -> None:
    sentence = (
        "Introduction  Superior mesenteric artery (SMA) syndrome, also known as Wilkie’s syndrome"
    )
    [(start, end, condition)] = icd_conditions(sentence)
    assert sentence[start:end] == "Wilkie’s syndrome"
    assert condition.code == "K55.1"
