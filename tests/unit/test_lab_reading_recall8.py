"""Results the reader missed in full case sections of case reports (issue #29, reader-recall8).

Each test quotes a sentence of a real Journal of Medical Case Reports case presentation (BioMed
Central, CC BY 4.0), as the CUPCase dataset stores it in
felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv (row id named in each test).
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.analysis.labs.patterns import ANALYTE_NAME


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.unit) for v in read_lab_text(text).values]


# --- a shorter name that would take the first words of a longer one ----------------------


def test_serum_lactate_dehydrogenase_is_the_ldh_not_a_lactate() -> None:
    # Row 1975: "serum lactate" (an alias of lactate) took the words before "lactate
    # dehydrogenase", and the LDH was lost.
    text = "Serum lactate dehydrogenase (LDH) was elevated (926 U/l)."
    assert _read(text) == [("LDH", 926.0, "U/l")]


def test_serum_insulin_like_growth_factor_1_is_the_igf_1_not_an_insulin() -> None:
    # Row 1916 (dev: cr8-recall-stickler-serum-insulin-like-growth-factor-1-two-units).
    text = (
        "Serum insulin-like growth factor-1 was 20.17 nmol/L (154 ng/ml) (normal range "
        "2.36–20.17 nmol/L [18–154 ng/ml])."
    )
    assert _read(text) == [("IGF-1", 20.17, "nmol/L")]


def test_the_shorter_name_is_still_read_where_the_longer_one_does_not_follow() -> None:
    # The guard forbids "serum lactate" only before "dehydrogenase": a lactate stays a
    # lactate, a serum insulin an insulin, in the same sentence as the longer names.
    text = (
        "Serum lactate was 2.1 mmol/L, serum lactate dehydrogenase 400 U/L, serum insulin "
        "12 mU/L and serum insulin-like growth factor 1 180 ng/ml."
    )
    assert [a for a, _, _ in _read(text)] == ["Lactate", "LDH", "Insulin", "IGF-1"]


def test_a_count_word_after_a_name_is_never_taken_for_another_name() -> None:
    # "count" ends any test's name: "atypical lymphocyte count" stays one name.
    match = ANALYTE_NAME.search("atypical lymphocyte count")
    assert match is not None and match.group().lower().startswith("atypical")


# --- words between a name and its value ----------------------------------------------------


def test_an_adverb_before_elevated_and_a_bound_in_brackets() -> None:
    # Row 1975: "highly" stood between the name and its bracketed value.
    [value] = read_lab_text("Serum ferritin was highly elevated (>1650 ng/dl).").values
    assert (value.analyte, value.value, value.comparator) == ("Ferritin", 1650.0, ">")


def test_the_ion_named_after_the_element() -> None:
    # Row 1588: "serum sodium ion (Na+) of 140 mmol/L, serum potassium ion (K+) of 4.0 mmol/L"
    text = "Panel: serum sodium ion (Na+) of 140 mmol/L, serum potassium ion (K+) of 4.0 mmol/L."
    assert _read(text) == [("Sodium", 140.0, "mmol/L"), ("Potassium", 4.0, "mmol/L")]


def test_the_test_excepted_from_normal_limits_is_a_result() -> None:
    # Row 2883: "within normal limits except for ... ALP, which was raised (785IU/L)": the
    # limits' words before the name no longer make it reference text.
    text = (
        "His liver function test results were within normal limits except for serum alkaline "
        "phosphatase (ALP), which was raised (785IU/L)."
    )
    assert _read(text) == [("ALP", 785.0, "IU/L")]


def test_normal_limits_with_no_exception_still_hide_a_range() -> None:
    # A bare "normal range" before a name stays reference text.
    assert _read("Reference: normal range sodium 135-145 mmol/L") == []


# --- spellings of the catalogue ----------------------------------------------------------


def test_amino_transferase_in_three_words() -> None:
    # Row 1736 (dev: cr8-recall-pancreatic-trauma-amino-transferase-split-spelling-...)
    text = (
        "lactate dehydrogenase 219 U/l (135–214), aspartate amino transferase 21 U/l (10–35), "
        "alanine amino transferase 14 U/l (10–35), cholinesterase 2404 U/l (4260–11,250)"
    )
    assert [(a, v) for a, v, _ in _read(text)] == [
        ("LDH", 219.0),
        ("AST", 21.0),
        ("ALT", 14.0),
        ("Cholinesterase", 2404.0),
    ]


def test_alpha_fetal_protein_is_the_afp_not_a_total_protein() -> None:
    # Row 1822 (dev: cr8-recall-cdg-ia-alpha-fetal-protein-...): it was read as total protein.
    text = (
        "alpha fetal protein (AFP) was markedly elevated at 115.8 ng/ml (control values, "
        "≤ 25 ng/ml)"
    )
    assert _read(text) == [("AFP", 115.8, "ng/ml")]
