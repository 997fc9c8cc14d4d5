"""A lactate an exercise test provokes: the test's answer, not the patient's state.

"A six-minute walk test revealed a normal resting lactic acid = 1.6 mmol/L, and an elevated
post-six-minute-walk lactic acid = 5 mmol/L (normal result < 2 mmol/L)" (Journal of Medical
Case Reports, CUPCase row 4573, a mitochondrial myopathy): the walk raised the lactate on
purpose, to show the muscle's defect; the resting 1.6 is the patient's state. An exercise
test's lactate (a walk test, a cycle ergometer, the forearm exercise test) is read and
shown, but never telephoned as a critical lactate, as a lab does not call the doctor who
ordered the exercise. Only the test told in the clause before the lactate's name counts:
"exercise intolerance" is a symptom, not a test, and a lactate told with it is the patient's.
"""

from __future__ import annotations

import re

_PROVOKED_TESTS = frozenset({"Lactate"})
_EXERCISE_TEST = re.compile(
    r"(?i)\bpost[-\s]?(?:[\w]+[-\s]){0,3}?(?:exercise|exertion|walk)\b"
    r"|\b(?:exercise|walk(?:ing)?|stress|treadmill|ergometer|ergometry)\s+test"
    r"|\bafter\s+(?:the\s+)?(?:exercise|exertion|walk(?:ing)?)\b"
)


def provoked_by_exercise(analyte: str, clause: str) -> bool:
    """True when ``clause`` (the words before the test's name, back to a comma or the
    sentence's start) tells an exercise test's result of a test that exercise raises."""
    return analyte in _PROVOKED_TESTS and bool(_EXERCISE_TEST.search(clause))
