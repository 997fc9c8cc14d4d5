"""Keep the patient's identifiers out of what engines see: record numbers, date of birth,
contact details. The name has its own redactor (redaction.py); age and gender travel as
structured fields, so a report's own copy of them is not needed either.

A lab report's header usually labels them ("MRN: 00482913", "DOB 03/14/1961"), so the
value after a known label goes; e-mail addresses, telephone numbers and US social security
numbers go wherever they stand. Lab results never look like any of these, so the clinical
text survives whole.
"""

from __future__ import annotations

import re

IDENTIFIER_PLACEHOLDER = "[IDENTIFIER]"

_NUMBER_WORD = r"(?:number|no\.?|nr\.?|#)"
# Labels whose value is one code: a record, account or insurance number.
_CODE_LABELS = (
    rf"MRN|medical\s+record\s+{_NUMBER_WORD}?|patient\s+(?:id|identifier|{_NUMBER_WORD})",
    rf"hospital\s+{_NUMBER_WORD}|NHS\s+{_NUMBER_WORD}|SSN|social\s+security\s+{_NUMBER_WORD}",
    rf"account\s+{_NUMBER_WORD}|acct\.?(?:\s*{_NUMBER_WORD})?|accession\s+{_NUMBER_WORD}",
    rf"(?:insurance|member|policy|subscriber)\s+(?:id|{_NUMBER_WORD})|encounter\s+{_NUMBER_WORD}",
    rf"visit\s+{_NUMBER_WORD}|case\s+{_NUMBER_WORD}|requisition\s+{_NUMBER_WORD}",
)
_CODE = re.compile(
    rf"(?<!\w)(?P<label>{'|'.join(_CODE_LABELS)})(?P<sep>\s*[:#.]?\s*)"
    # One code, or a number written in groups ("943 476 5919").
    r"(?P<value>[A-Z0-9](?:[A-Z0-9./-]*[0-9][A-Z0-9./-]*)?(?:\s\d{3,4}(?![\d.]))*)(?!\w)",
    re.IGNORECASE,
)

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"  # Jan, January
_DATE = (
    r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}"  # 03/14/1961, 1961-03-14, 14.03.61
    rf"|\d{{1,2}}\s+{_MONTH}\s+\d{{2,4}}"  # 14 Mar 1961
    rf"|{_MONTH}\s+\d{{1,2}},?\s+\d{{2,4}}"  # March 14, 1961
)
_BIRTH = re.compile(
    r"(?<!\w)(?P<label>DOB|D\.O\.B\.?|date\s+of\s+birth|birth\s*date|born(?:\s+on)?)"
    rf"(?P<sep>\s*[:#.]?\s*)(?P<value>{_DATE})(?!\w)",
    re.IGNORECASE,
)
# A free-text address runs to the end of its line.
_ADDRESS = re.compile(
    r"(?<!\w)(?P<label>(?:home\s+|street\s+|mailing\s+)?address)(?P<sep>\s*:\s*)"
    r"(?P<value>[^\n]+)",
    re.IGNORECASE,
)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE_LABELLED = re.compile(
    r"(?<!\w)(?P<label>phone|tel(?:ephone)?|mobile|cell|fax|contact\s+number)"
    r"(?P<sep>\s*[:#.]?\s*)(?P<value>[+(]?\d[\d\s().-]{5,}\d)",
    re.IGNORECASE,
)
# Unlabelled, only shapes no lab result takes: (555) 201-3344, 555-201-3344, 555.201.3344,
# and international numbers written with their "+" (+44 20 7946 0958). "140 135-145"
# (a value and its range) has no four-digit last group, so it stays.
_PHONE = re.compile(
    r"(?<![\w.+-])(?:\(\d{3}\)\s?|\d{3}[.-])\d{3}[.-]\d{4}(?![\w.-]*\d)"
    r"|(?<![\w+])\+\d{1,3}(?:[\s.-]\(?\d{1,4}\)?){2,4}(?!\d)"
)
_SSN = re.compile(r"(?<![\w-])\d{3}-\d{2}-\d{4}(?![\w-])")


def _keep_label(match: re.Match[str]) -> str:
    return f"{match.group('label')}{match.group('sep') or ' '}{IDENTIFIER_PLACEHOLDER}"


def redact_identifiers(text: str) -> str:
    """``text`` with labelled identifiers, e-mails, phone and social security numbers
    replaced by [IDENTIFIER] (the label stays, so a reader knows a field was there)."""
    if not text:
        return text
    for labelled in (_ADDRESS, _BIRTH, _CODE, _PHONE_LABELLED):
        text = labelled.sub(_keep_label, text)
    for bare in (_EMAIL, _SSN, _PHONE):
        text = bare.sub(IDENTIFIER_PLACEHOLDER, text)
    return text
