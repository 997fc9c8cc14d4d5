"""A laboratory's interpretive text under a result: the cut-offs it explains, never results.

Laboratories print their reading of a test's scale beside the result (issue #29,
labnames27; Quest's sample report, dev's pdf-quest-result-flag-range-lab-code-four-pages):

- a bound or a span then a present-tense verdict: "For someone without known diabetes, a
  glucose value >125 mg/dL indicates that they may have diabetes", "a hemoglobin A1c value
  between 5.7% and 6.4% is consistent with prediabetes", "(LDL-C of <70 mg/dL) is considered
  a therapeutic option";
- a category of the scale, a colon, then its bound: "25-OH Vitamin D: Deficiency: <20 ng/mL
  Insufficiency: 20 - 29 ng/mL Optimal: > or = 30 ng/mL".

A result is written as measured: a number, or a bound the assay could not pass ("troponin
<0.01 ng/mL"), and a case report tells it in the past ("a glucose of 300 mg/dL indicated
ketoacidosis"). A cut-off is a general statement: a comparator or a span, then "indicates",
"is considered", "is consistent with" in the present. Both shapes are read only from the
words right after the test's name, so a result row with its own range ("GLUCOSE 140 HIGH
65-99 mg/dL") is read as before.
"""

from __future__ import annotations

import re

from core.analysis.labs.lines import test_starts
from core.vocabulary.analytes import Analyte

_NUMBER = r"\d[\d.,]*"
_BOUND = rf"(?:[<>≤≥]\s*=?|>\s*or\s*=|<\s*or\s*=)\s*{_NUMBER}"
_SPAN = rf"between\s+{_NUMBER}\s*%?\s*(?:and|-|–)\s*{_NUMBER}"
_VERDICT = (
    r"(?:indicates|suggests|is\s+(?:considered|consistent|suggestive|indicative|diagnostic)"
    r"|are\s+(?:considered|consistent|suggestive|indicative|diagnostic))\b"
)

# The name's own words ("value", "level", "of") may stand before the bound; the unit (one
# token) and a closing bracket after it.
_CUT_OFF_VERDICT = re.compile(
    rf"(?i)^[\s:]*(?:(?:values?|levels?|concentrations?|results?)\s+)?(?:of\s+)?"
    rf"(?:{_BOUND}|{_SPAN})\s*%?\s*(?:[^\s\d()]+)?\s*\)?\s*(?:usually\s+|generally\s+)?{_VERDICT}"
)
_CATEGORY_BOUND = re.compile(
    r"(?i)^[\s:]*(?:deficien(?:cy|t)|insufficien(?:cy|t)|sufficien(?:cy|t)|toxicity|toxic"
    r"|optimal|desirable|borderline(?:\s+high)?|(?:high|low|moderate)\s+risk|prediabetes"
    rf"|diabetes)\s*:\s*(?:{_BOUND}|{_NUMBER}\s*(?:-|–|to)\s*{_NUMBER})"
)


def interpretive_bound(after_name: str) -> bool:
    """Whether the words after a test's name are a laboratory's cut-off, not a result."""
    return bool(_CUT_OFF_VERDICT.match(after_name) or _CATEGORY_BOUND.match(after_name))


def interpreted_tests(line: str, in_urine: bool) -> set[Analyte]:
    """The tests whose cut-off ``line`` explains, read in the line as printed."""
    starts = test_starts(line, in_urine)
    return {
        analyte
        for i, (match, analyte) in enumerate(starts)
        if interpretive_bound(
            line[match.end() : starts[i + 1][0].start() if i + 1 < len(starts) else len(line)]
        )
    }
