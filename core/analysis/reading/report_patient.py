"""The patient a lab report's header names ("Patient: GONZALEZ, ANTHONY", "Age/Sex: 37 M").

Only a clearly labelled header counts: the names are the ones the de-identification finds
under a patient label (core.privacy.names), and sex and age only from their own labels near
the top of the report, and the date of birth only from its own label ("DOB:", "Date of
birth:"); nothing is guessed from prose. A numeric date whose day and month could be either
way round (03/04/1962) gives its year only, which is compared as far as it goes.
"""

from __future__ import annotations

import re
from datetime import date

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
_BIRTH_LABEL = r"(?:d\.?\s?o\.?\s?b\.?|date\s+of\s+birth|birth\s*date|born)\s*[:\-]?\s*"
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"),
            ("may",), ("jun", "june"), ("jul", "july"), ("aug", "august"),
            ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}  # fmt: skip
_ISO_BIRTH = re.compile(
    rf"(?i)\b{_BIRTH_LABEL}(?P<y>\d{{4}})[-/.](?P<m>\d{{1,2}})[-/.](?P<d>\d{{1,2}})\b"
)
_NUMERIC_BIRTH = re.compile(
    rf"(?i)\b{_BIRTH_LABEL}(?P<a>\d{{1,2}})[-/.](?P<b>\d{{1,2}})[-/.](?P<y>\d{{4}})\b"
)
_NAMED_BIRTH = re.compile(
    rf"(?i)\b{_BIRTH_LABEL}(?:(?P<d1>\d{{1,2}})[\s\-]+(?P<m1>[a-z]{{3,9}})\.?[\s\-,]+"
    rf"|(?P<m2>[a-z]{{3,9}})\.?\s+(?P<d2>\d{{1,2}}),?\s+)(?P<y>\d{{4}})\b"
)


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
    born = birth_date(head)
    if not names and sex is None and age is None and born is None:
        return None
    return MessagePatient(family=" ".join(names), sex=sex, age=age, birth_date=born)


def birth_date(head: str) -> str | None:
    """The labelled date of birth as ISO text ("1962-03-20"), or its year alone ("1962")
    when day and month could be either way round; None without a readable one."""
    found = _ISO_BIRTH.search(head)
    if found:
        return _iso(int(found["y"]), int(found["m"]), int(found["d"]))
    found = _NAMED_BIRTH.search(head)
    if found:
        month = _MONTHS.get((found["m1"] or found["m2"]).lower())
        day = int(found["d1"] or found["d2"])
        return _iso(int(found["y"]), month, day) if month else None
    found = _NUMERIC_BIRTH.search(head)
    if found is None:
        return None
    first, second, year = int(found["a"]), int(found["b"]), int(found["y"])
    if first > 12 >= second:
        return _iso(year, second, first)  # day first: 20/03/1962
    if second > 12 >= first:
        return _iso(year, first, second)  # month first: 03/20/1962
    if first == second:
        return _iso(year, first, first)
    return str(year)  # 03/04/1962: the year is all that is sure


def _iso(year: int, month: int, day: int) -> str | None:
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None  # not a date (31/02): nothing to compare
