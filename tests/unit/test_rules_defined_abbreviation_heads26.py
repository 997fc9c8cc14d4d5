"""Issue #29, twenty-sixth round: an abbreviation names its long form's head, not a condition
joined to it.

A document's abbreviation is read as the condition that ends its long form. Where that
condition is joined to the head by a preposition or a conjunction, the abbreviation names
something else: "angiomyolipoma with epithelial cysts (AMLEC)" (PMC11372579) made every later
"AMLEC" of the discussion an epidermal cyst of the patient, "frontotemporal dementia with
parkinsonism (FTDP)" (PMC11534418) a parkinsonism, "Thrombolysis in Myocardial Infarction
(TIMI)" (PMC11570409, CUPCase row 1360) a myocardial infarction, "American Association for
the Study of Liver Diseases (AASLD)" (CUPCase row 5261) a liver disease. On the two pools
these are all six such definitions.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.notes import defined_abbreviations


def _defined(text: str) -> dict[str, str]:
    """Each abbreviation the text defines, by its capitals, with the code it names."""
    found = {}
    for condition in defined_abbreviations(text):
        short = next(
            w
            for w in text.replace("(", " ").replace(")", " ").split()
            if condition.pattern.fullmatch(w)
        )
        found[short] = condition.code
    return found


@pytest.mark.parametrize(
    "text",
    [
        "The differential included angiomyolipoma with epithelial cysts (AMLEC).",
        "The findings suggested frontotemporal dementia with parkinsonism (FTDP).",
        "Flow was graded by the Thrombolysis in Myocardial Infarction (TIMI) scale.",
        "The American Association for the Study of Liver Diseases (AASLD) guidelines apply.",
    ],
)
def test_a_condition_joined_to_the_head_is_not_the_abbreviations(text: str) -> None:
    assert _defined(text) == {}


def test_a_long_form_that_ends_in_its_condition_is_read() -> None:
    # Guard: the usual definition still names its condition.
    assert _defined("She was diagnosed with chronic lymphocytic leukemia (CLL).") == {"CLL": "C91"}
    assert _defined("A diagnosis of pyogenic liver abscess (PLA) was made.") == {"PLA": "K75.0"}
