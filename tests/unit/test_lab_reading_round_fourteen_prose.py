"""Values in case-report prose the reader left unread or misassigned (issue #29, labs14).

Each test quotes the sentence shape of a published case report in the round-fourteen pools:
Journal of Medical Case Reports case presentations (CUPCase, felipeocampoos/CUPCase-curhumai-
Adversary, CC BY; row named) and "Case Report" sections of PubMed Central open-access reports
as CaseReportBench stores them (cindyzhangxy/CaseReportBench @ 629533d9, CC BY-NC 4.0; item
named).
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, str | None, float, str | None]]:
    return [(v.analyte, v.comparator, v.value, v.unit) for v in read_lab_text(text).values]


# --- a bound written in words, in the bracket that holds the result ---------------------------


def test_a_suppressed_hormone_with_its_bound_in_words_in_brackets() -> None:
    # CUPCase row 5793: the bracket was taken for an aside with no number, and the ACTH lost.
    text = (
        "Plasma adrenocorticotropic hormone (ACTH) level was markedly suppressed "
        "(less than 10 pg/ml). Plasma free T3, free T4 were normal."
    )
    assert ("ACTH", "<", 10.0, "pg/ml") in _read(text)


def test_undetectable_before_its_bound_in_brackets() -> None:
    # CUPCase row 5083 (six sentences of this shape in one report): "undetectable" stopped
    # the reader before the bound.
    text = (
        "His post-meal C-peptide levels repeatedly remained undetectable (below 0.1 ng/ml) "
        "after sitagliptin treatment."
    )
    assert _read(text) == [("C-peptide", "<", 0.1, "ng/ml")]
    assert _read("His post-meal C-peptide levels were repeatedly undetectable.") == []


def test_a_disorder_with_its_bound_in_words() -> None:
    # CUPCase row 4319: "hypoglycemia (40 mg/dL)" was read, "(less than 40mg/dL)" not.
    text = (
        "During the second chemoembolization procedure, she had persistent hypoglycemia "
        "(less than 40mg/dL), likely related to pre-procedure fasting."
    )
    assert ("Glucose", "<", 40.0, "mg/dL") in _read(text)


def test_a_bound_in_words_after_the_result_stays_its_reference() -> None:
    # The reference after a result keeps its place: "C-reactive protein level of 11mg/L
    # (normal range, less than 5mg/L)" (CUPCase row 3534).
    values = read_lab_text(
        "She had a C-reactive protein level of 11mg/L (normal range, less than 5mg/L)."
    ).values
    assert [(v.analyte, v.value, v.comparator, v.reference_high) for v in values] == [
        ("CRP", 11.0, None, 5.0)
    ]


# --- "respectively" after a colon --------------------------------------------------------------


def test_names_then_a_colon_then_their_values_respectively() -> None:
    # CUPCase row 3899: the colon was taken for the clause's start, the names before it were
    # lost, and ALT took the first value (42, the AST's).
    text = (
        "Laboratory tests showed mildly elevated aspartate aminotransferase (AST), and alanine "
        "aminotransferase (ALT): 42 IU/L and 39 IU/L, respectively, and the tumor markers were "
        "within normal limits."
    )
    read = _read(text)
    assert ("AST", None, 42.0, "IU/L") in read
    assert ("ALT", None, 39.0, "IU/L") in read
    assert ("ALT", None, 42.0, "IU/L") not in read


def test_a_colon_before_values_with_a_bound_respectively() -> None:
    # CUPCase row 1911: neither value was read.
    text = (
        "Tumor markers were nearly within normal limits, including alpha-fetoprotein (AFP) and "
        "human chorionic gonadotropin (hCG): 1.0 ng/mL and <0.1 mIU/mL, respectively."
    )
    read = _read(text)
    assert ("AFP", None, 1.0, "ng/mL") in read
    assert ("hCG", "<", 0.1, "mIU/mL") in read


# --- how a name or a unit is written ------------------------------------------------------------


def test_a_unit_with_a_space_after_its_slash() -> None:
    # CaseReportBench item 96 ("ng/ dL") and CUPCase row 1497 ("μg/ dl"): the unit was cut
    # to "ng/", so the testosterone could not be compared with its range in ng/dL.
    read = _read(
        "FSH 1.7 U/L, LH 1.3 U/L, and total testosterone (T) 473 ng/ dL (reference: 240 to "
        "950 ng/dL)."
    )
    assert ("Testosterone", None, 473.0, "ng/dL") in read
    # a slash before a word that is no unit keeps the token as it was
    assert ("Glucose", None, 5.6, "mg/and") not in _read("glucose 5.6 mg/ and then 7")


def test_lactic_dehydrogenase_is_ldh() -> None:
    # CaseReportBench item 44: the older name of the enzyme, its unit glued to the number.
    text = (
        "Liver function test showed a moderate increase in lactic dehydrogenase (423U/l) and "
        "mild increase in serum bilirubin."
    )
    assert ("LDH", None, 423.0, "U/l") in _read(text)


def test_quicks_value_with_a_typographic_apostrophe() -> None:
    # CUPCase row 493: the eponym's possessive broke the catalogue's "quick value".
    text = (
        "Medical history included a vitamin K antagonist, so that the Quick\u2019s value was 21% "
        "and biopsy could not be taken."
    )
    assert _read(text) == [("PT activity", None, 21.0, "%")]


def test_a_ph_glued_to_its_value() -> None:
    # CUPCase row 3112: "pH7.55" was one word and no name.
    text = (
        "Arterial blood gas analysis while breathing room air showed evidence of respiratory "
        "alkalosis (pH7.55; partial pressure of oxygen in arterial blood 60 mmHg)."
    )
    assert ("Blood pH", None, 7.55, None) in _read(text)
    assert _read("the pH7 probe was calibrated") == []
