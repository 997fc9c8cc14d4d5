"""Sentences run together without a space after the full stop.

Case sections cut out of published articles lose the line break between paragraphs, so one
paragraph's last sentence touches the next one's first: "(Table 1).Although the child
improved", "despite receiving the appropriate treatment.In the suspicion of HLH, samples for
ferritin and triglycerides were sent" (MedRBench PMC11419586, PMC11365461; 652 of the 847 pool
case sections hold the shape). The reader ends a sentence at a full stop and a space, so the
two sentences were read as one: the names of the first ("a drop in hemoglobin and platelets")
took the values of the second, or the first's words ("urine") were taken for the second's.
A space is put back after such a full stop before the text is read; each line is still quoted
as written.

Only a full stop between a word's last letter (or a closing bracket, a percent sign) and a
capital that opens a lower-case word ends a sentence so: "Fig.1", "e.g.", "7.5", "U.S.A" and
a glued unit's capital ("mmol/L") are untouched.
"""

from __future__ import annotations

import re

_RUN_ON = re.compile(r"(?<=[a-z)\]%])\.(?=[A-Z][a-z])")


def with_sentences_apart(text: str) -> str:
    """``text`` with a space after each full stop that ends a sentence touching the next."""
    return _RUN_ON.sub(". ", text)
