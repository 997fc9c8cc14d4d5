"""Numbers in a published case report read as results that are not (issue #29, round
eighteen, reader-prec18): an article's citation numbers, in round brackets where the article
cites that way, or in square brackets after a full stop, a comma or another mark. Each test
quotes the real sentences of a 2024 PubMed Central case report as MedRBench stores it
(wumingxin238/MedRBench at 827ee18, src/Evaluation/reasoning_results_qwen_judge_paper_957/
gemini2-ft/PMCnnnn.json, field raw_case), the PMC id named in each test.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _pairs(values: list[LabValue]) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in values]


# PMC11502415: the discussion cites (12), (17), (18) after ordinary words; the (19) after
# "IgG4 levels" is the next reference, no IgG4 of 19.
_CITING_IN_ROUND_BRACKETS = (
    "One report has demonstrated that cancer cells can utilize the inhibitory effect of IgG4 "
    "to achieve host immune evasion (12). Notably, tumor necrosis factor-alpha inhibitors "
    "have a variable impact on IgG4 levels (17–19). Long-term treatment with adalimumab and "
    "infliximab may result in the development of anti-drug IgG and IgG4 antibodies, and "
    "reports have shown that anti-drug IgG4 antibodies are present in 27 and 29% of patients "
    "receiving infliximab (17) and adalimumab (18), respectively. Within the context of RA, "
    "reports have demonstrated that sustained treatment with adalimumab generally decreased "
    "total IgG4 levels (19), so serologic elevation may reflect underlying disease severity."
)


def test_a_round_bracket_citation_after_a_tests_name_is_no_result() -> None:
    assert ("IgG4", 19.0) not in _pairs(parse_lab_values(_CITING_IN_ROUND_BRACKETS))
    # PMC11631573: two citations after "ACTH", the second before a glued paragraph whose
    # year must not take their place
    text = (
        "Mutations in TBX19 were reported in several families (1). TBX19 occurs in the "
        "anterior pituitary gland cells and is regulates the expression of proopioid- "
        "melanocortin (POMC), a precursor of ACTH (2). The second mutation was previously "
        "reported in 4 children with IAD from two different families (6, 18). CIAD caused by "
        "a dysfunctional TBX19 gene has autosomal recessive inheritance, and the two variants "
        "in our patient were likely responsible for dysfunction of the TBX19 protein, and the "
        "patient's decreased production of ACTH (13, 16).A 2012 case series examined 91 "
        "patients with IAD"
    )
    assert [v for v in parse_lab_values(text) if v.analyte == "ACTH"] == []


def test_a_result_in_round_brackets_stays_where_the_article_cites_otherwise() -> None:
    # PMC11455270 writes no citation in round brackets: the LDH of 714 is the patient's
    text = (
        "Day 1 results revealed increased LDH levels (714), decreased platelet count to "
        "114,000, increased creatinine to 7.4, and hemoglobin at 9.7 g/dL (mild anemia)."
    )
    assert ("LDH", 714.0) in _pairs(parse_lab_values(text))
    # a number well above the last reference cited is no citation either
    assert ("LDH", 714.0) in _pairs(parse_lab_values(_CITING_IN_ROUND_BRACKETS + " " + text))


def test_a_square_bracket_citation_after_a_mark_is_no_result() -> None:
    for sentence, read in (
        # PMC11492611: the second mark after a comma
        (
            "Certain pesticides induce methemoglobinemia, including indoxacarb, paraquat, and "
            "herbicides derived from urea [4], [5].",
            ("Urea", 5.0),
        ),
        # PMC11532891
        (
            "Immunohistochemical staining, particularly for anaplastic lymphoma kinase ALK "
            "protein, [18] is often positive in IMT and can aid in diagnosis.",
            ("Total protein", 18.0),
        ),
        # PMC11541943: marks inside a bracket
        (
            "It includes the measurement of metanephrines and normetanephrines [[13], [14], [15]].",
            ("Normetanephrine", 13.0),
        ),
    ):
        assert read not in _pairs(parse_lab_values(sentence)), sentence


def test_a_range_in_square_brackets_is_still_a_range() -> None:
    assert _pairs(parse_lab_values("Albumin 3.1 [3.5-5.0] g/dL")) == [("Albumin", 3.1)]
    assert _pairs(parse_lab_values("Sodium 131 [135, 145]")) == [("Sodium", 131.0)]
