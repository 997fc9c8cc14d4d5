"""Round seventeen (issue #29): an abbreviation a whole article defines as another condition
than the reader's own reading of it.

Counted over MedRBench's 957 full 2024 case reports (PMC open access, through MedRBench): 86
definitions in brackets of an abbreviation the hand list reads; in 14 reports (11
abbreviations) the article's long form names another condition ("dermatomyositis (DM)",
"cough-variant asthma (CVA)", "abdominal compartment syndrome (ACS)", "spina bifida occulta
(SBO)", "autoimmune pancreatitis (AIP)", "acute mesenteric ischemia (AMI)"), and 4 of them
read the reader's meaning as the primary (type 2 diabetes, a cerebral infarction, an acute
coronary syndrome, a renal cell carcinoma). The quoted words are the reports' own; each test
names its report.
"""

from __future__ import annotations

import pytest

from core.analysis.labs.parse import parse_lab_values
from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import defined_abbreviations, read_notes


def _ranked(text: str) -> list[str]:
    values = parse_lab_values(text, "n", age=50)
    return [r.code for r in diagnose(values, 50, read_notes(None, [text])).ranked]


@pytest.mark.parametrize(
    ("definition", "short", "code"),
    [
        # PMC11558725: "The main subtypes of IIMs include dermatomyositis (DM), polymyositis".
        ("The main subtypes of IIMs include dermatomyositis (DM), polymyositis.", "DM", "M33"),
        # PMC11561697: "such a condition is known as cough-variant asthma (CVA)".
        ("such a condition is known as cough-variant asthma (CVA).", "CVA", "J45"),
        # PMC11483752: "Abdominal compartment syndrome (ACS) and its precursor".
        ("Abdominal compartment syndrome (ACS) and its precursor", "ACS", "T79"),
        # PMC11446498: "spina bifida occulta (SBO)".
        ("associated with spina bifida occulta (SBO).", "SBO", "Q76"),
    ],
)
def test_an_abbreviation_the_article_defines_otherwise_is_the_articles(
    definition: str, short: str, code: str
) -> None:
    named = [c for c in defined_abbreviations(definition) if c.pattern.fullmatch(short)]
    assert [c.code[:3] for c in named] == [code]


@pytest.mark.parametrize(
    "definition",
    [
        "renal cell carcinoma (RCC)",  # PMC11372579: the reader's own meaning
        "human immunodeficiency virus (HIV)",  # the organism names the infection
    ],
)
def test_an_abbreviation_defined_as_the_readers_own_meaning_keeps_it(definition: str) -> None:
    assert defined_abbreviations(f"a patient with {definition}.") == []


def test_a_cough_variant_asthma_is_no_stroke() -> None:
    # PMC11561697: the article's "CVA" is cough-variant asthma, "a diagnosis of CVA was
    # hypothesized and confirmed clinically"; the reader read a cerebral infarction (I63.9).
    text = (
        "Cough-Variant Asthma in a Myasthenia Gravis Patient\n"
        "Cough may be the only predominant symptom of asthma; such a condition is known as "
        "cough-variant asthma (CVA).\n"
        "Based on allergy diathesis, a diagnosis of CVA was hypothesized and confirmed "
        "clinically by the patient's reaction to long-acting beta-agonists and inhaled "
        "corticosteroids."
    )
    codes = _ranked(text)
    assert codes[0].startswith("J45")
    assert "I63.9" not in codes
