"""The patient a lab report's header names ("Patient: GONZALEZ, ANTHONY", "Age/Sex: 37 M").

Only a clearly labelled header counts: the names are the ones the de-identification finds
under a patient label (core.privacy.names), and sex and age only from their own labels near
the top of the report; nothing is guessed from prose.
"""

from __future__ import annotations

import re

from core.insights import MessagePatient
from core.privacy.names import patient_header_names

HEADER_LINES = 25  # a report's patient block is at its top

_AGE_SEX = re.compile(
    r"(?im)^[^\n]*?\b(?:age\s*/\s*sex|age\s*/\s*gender)\s*:\s*(?P<age>\d{1,3})\s*"
    r"(?:y(?:ears?|rs?)?\.?)?\s*[/,]?\s*(?P<sex>[MF]|male|female)\b"
)
_SEX_AGE = re.compile(
    r"(?im)^[^\n]*?\b(?:sex\s*/\s*age|gender\s*/\s*age)\s*:\s*(?P<sex>[MF]|male|female)\s*"
    r"[/,]?\s*(?P<age>\d{1,3})\b"
)
_SEX = re.compile(r"(?im)\b(?:sex|gender)\s*:\s*(?P<sex>[MF]|male|female)\b")
_AGE = re.compile(r"(?im)\bage\s*:\s*(?P<age>\d{1,3})\s*(?:y(?:ears?|rs?)?\b|$|\s)")


def report_patient(text: str) -> MessagePatient | None:
    """Who the report's labelled patient header names, or None when it names no one."""
    head = "\n".join(text.splitlines()[:HEADER_LINES])
    names = patient_header_names(head)
    sex_text = age_text = None
    for pattern in (_AGE_SEX, _SEX_AGE):
        match = pattern.search(head)
        if match:
            sex_text, age_text = match.group("sex"), match.group("age")
            break
    if sex_text is None:
        sex_match, age_match = _SEX.search(head), _AGE.search(head)
        sex_text = sex_match.group("sex") if sex_match else None
        age_text = age_match.group("age") if age_match else None
    sex = {"m": "male", "f": "female"}.get((sex_text or "x")[0].lower())
    age = int(age_text) if age_text else None
    if not names and sex is None and age is None:
        return None
    return MessagePatient(family=" ".join(names), sex=sex, age=age)
