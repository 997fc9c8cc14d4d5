"""A code the code set keeps for a child, read for an adult: the adult's own code.

The notes' words are looked up without the patient's age (icd_terms.py reads one sentence),
and the code set's term "Failure to thrive" is the head of "Failure to thrive (child)"
(R62.51) alone: "Given concerns about inadequate oral intake and failure to thrive, the
patient was ultimately admitted" of a man of 55 with an oral cancer (MedRBench PMC11585286)
read as the child's code. ICD-10-CM codes an adult's failure to thrive as R62.7 ("Adult
failure to thrive"); R62.51 sits under R62.5 "Other and unspecified lack of expected normal
physiological development in childhood". The age the case gives decides (evidence.ADULT_AGE,
as metabolic.py's diabetes does).

Only a code with an adult counterpart is turned: "Short stature (child)" (R62.52) and
"Delayed milestone in childhood" (R62.0) have none, and the codes of the behavioural
disorders "with onset usually occurring in childhood" (F90-F98) may be used at any age (the
code set's note on that block). The newborn's chapter (P) is kept from an adult's notes by
icd_terms.py already.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from core.analysis.rules.evidence import ADULT_AGE, Ranked
from core.icd10 import code_set

# The child's code and the adult's, for the same condition.
_ADULT_CODE = {"R62.51": "R62.7"}  # Failure to thrive (child) -> Adult failure to thrive
# The words of the condition's own sentence that tell a child, whatever age the case was given
# (an unknown age is read as an adult's): "A one-year-old child presented with bluish
# discolouration of the skin and failure to thrive since birth" (MedRBench PMC11427962).
_A_CHILD = re.compile(
    r"(?i)\b(?:child|children|infant|baby|babies|toddler|newborn|neonat\w*|boy|girl|"
    r"\w+[-\s](?:day|week|month)s?[-\s]old|since\s+birth)\b"
)


def for_the_age(ranked: Iterable[Ranked], age: int) -> None:
    """Give each child's code in the ranking its adult counterpart when the patient is an
    adult (in place: the code and its name)."""
    if age < ADULT_AGE:
        return
    for r in ranked:
        adult = _ADULT_CODE.get(r.code)
        if adult is not None and not any(_A_CHILD.search(quote) for quote in r.evidence):
            r.code = adult
            r.name = code_set().get_description(adult) or r.name
