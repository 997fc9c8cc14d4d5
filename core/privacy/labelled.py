"""Identifiers found by the label a report prints before them.

A lab report's header labels its fields ("MRN: 00482913", "DOB 03/14/1961", "Address:
..."). Only the value goes; the label stays, so a reader (or a model) knows a field was
there. Dates other than a birth date (collection, report) are not identifiers here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from core.privacy.findings import Finding, spans

# "No" must end its word: "the patient not receive" holds no "Patient No." label.
_NUMBER_WORD = r"(?:number|(?:no|nr|num)(?![a-z])\.?|#)"
# Labels whose value is one code: a record, account or insurance number.
_CODE_LABELS = (
    rf"MRN|medical\s+record\s+{_NUMBER_WORD}?|med\.?\s*rec\.?\s*{_NUMBER_WORD}?",
    rf"patient\s+(?:id|identifier|{_NUMBER_WORD})|pt\.?\s+(?:id|{_NUMBER_WORD})",
    rf"hosp(?:ital|\.)?\s+(?:id|{_NUMBER_WORD})|chart\s+{_NUMBER_WORD}|unit\s+{_NUMBER_WORD}",
    rf"UR\s+{_NUMBER_WORD}|URN|CHI\s+{_NUMBER_WORD}|NHS\s+{_NUMBER_WORD}",
    rf"SSN|social\s+(?:security|insurance)\s+{_NUMBER_WORD}|(?-i:SIN)|aadhaar(?:\s+{_NUMBER_WORD})?",
    rf"medicare(?:\s+{_NUMBER_WORD})?|national\s+insurance(?:\s+{_NUMBER_WORD})?|(?-i:NINO)",
    rf"account\s+{_NUMBER_WORD}|acct\.?(?:\s*{_NUMBER_WORD})?|accession\s+{_NUMBER_WORD}",
    rf"(?:insurance|member|policy|subscriber)\s+(?:id|{_NUMBER_WORD})|encounter\s+{_NUMBER_WORD}",
    rf"visit\s+{_NUMBER_WORD}|case\s+{_NUMBER_WORD}|requisition\s+{_NUMBER_WORD}",
    # A lab report's own fields: "ID: P100032", "Specimen: SP621756", "Client #: C4203624",
    # "Accession: 26-118842", "UR: 553201", "Chart #A-88213"; a bare "ID" needs its colon.
    rf"(?-i:ID)\s*(?=[:#])|(?:specimen|sample|client|lab(?:oratory)?|order|control|barcode)"
    rf"(?:\s+(?:id|{_NUMBER_WORD}))?(?=\s*[:#])",
    rf"(?:specimen|sample|client|lab(?:oratory)?|order|control)\s+(?:id|{_NUMBER_WORD})",
    rf"accession(?:\s+{_NUMBER_WORD})?|acc\.?\s*{_NUMBER_WORD}|(?-i:UR)(?=\s*[:#])",
    rf"chart(?:\s+{_NUMBER_WORD})?(?=\s*[:#])|record\s+{_NUMBER_WORD}",
    # Insurance: "Medicaid ID MA-44812290", "Insurance: BCX 8812 4471 02", "Group #: 00417".
    rf"medicaid(?:\s+(?:id|{_NUMBER_WORD}))?|(?:insurance|insurer|plan|group|policy)"
    rf"(?:\s+(?:id|{_NUMBER_WORD}))?(?=\s*[:#])|beneficiary\s+(?:id|{_NUMBER_WORD})",
    rf"health\s+(?:plan|insurance|card)\s+(?:id|{_NUMBER_WORD})",
)
_CODE = re.compile(
    rf"(?<!\w)(?:{'|'.join(_CODE_LABELS)})\s*(?:[:#.]\s*){{0,2}}"
    # One code, or a number written in groups ("943 476 5919", "2123 45670 1").
    r"(?P<value>(?:[A-Z]{1,4}\s(?=\d))?[A-Z0-9](?:[A-Z0-9./-]*[0-9][A-Z0-9./-]*)?"
    r"(?:\s\d{1,5}(?![\d.]))*)(?!\w)",
    re.IGNORECASE,
)

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"  # Jan, January
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
DATE = (
    r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}"  # 03/14/1961, 1961-03-14, 14.03.61
    rf"|{_DAY}(?:\s+of)?[\s/-]+{_MONTH}[\s,/-]+'?\d{{2,4}}"  # 14 Mar 1961, 14-Mar-1961
    rf"|{_MONTH}\s+{_DAY},?\s+'?\d{{2,4}}"  # March 14, 1961
    rf"|\d{{4}}\s+{_MONTH}\s+\d{{1,2}}"  # 1961 Mar 14
    r"|(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"  # 19610314
)
_MONTH_YEAR = rf"{_MONTH}[\s,/-]+'?\d{{4}}|(?:0?[1-9]|1[0-2])[./-](?:19|20)\d{{2}}"
_BIRTH = re.compile(
    r"(?<!\w)(?:DOB|D\.O\.B\.?|date\s+of\s+birth|birth\s*date|birthday|born|b\.(?=\s*\d))"
    r"(?:\s*(?:/|\()\s*(?:age|sex|gender)\s*\)?)?"  # "DOB/Age:", "DOB (Age):"
    # "date of birth is 14 March 1961", "born on the 14th of March 1961", "born in 1961"
    r"(?:\s+(?:is|was|on|in|of|the)(?!\w))*"
    rf"\s*[:#.-]?\s*(?P<value>{DATE}|{_DAY}\s+of\s+{_MONTH}[\s,]+'?\d{{2,4}}|{_MONTH_YEAR}"
    r"|(?:19|20)\d{2})(?!\w)",
    re.IGNORECASE,
)
# A labelled address runs to the end of its line, or to the next "Label:" on it.
_ADDRESS = re.compile(
    r"(?<!\w)(?:(?:home|street|mailing|postal|residential|patient)\s+)?(?:address|addr\.?)"
    r"\s*:\s*(?P<value>.+?)(?=\s{2,}[A-Z][\w .#/]{0,25}:|\s*$)",
    re.IGNORECASE | re.MULTILINE,
)
_PHONE_DIGITS = 7  # the shortest subscriber number a report would print with its label
# "Cell" and "contact" need their colon: "CD4 cell 350 (500-1500)" is a count and its range.
_PHONE = re.compile(
    r"(?<!\w)(?:(?:(?:home|work|day|evening)\s+)?(?:phone|tel(?:ephone)?\.?|mobile|fax)"
    r"(?:\s*\((?:home|work|mobile|cell|day)\))?\s*(?:no\.?|number|#)?\s*[:#.]?"
    r"|(?:cell(?:\s*phone)?|contact(?:\s+(?:number|no\.?))?)\s*[:#])"
    r"\s*(?P<value>[+(]?\d[\d\s().-]{5,}\d)",
    re.IGNORECASE,
)


# A vehicle's registration, written in groups ("AB12 CDE", "7ABC123", "KA-01-HH-1234").
_PLATE = re.compile(
    rf"(?<!\w)(?:(?:licen[cs]e|number|registration|reg\.?)\s+plate|plate(?:\s+{_NUMBER_WORD})?|"
    rf"(?:vehicle|car)\s+(?:registration|reg\.?)(?:\s+{_NUMBER_WORD})?|reg(?:istration)?\.?\s+{_NUMBER_WORD})(?!\w)"
    r"\s*[:#.]?\s*(?-i:(?P<value>(?=[A-Z0-9 -]*\d)[A-Z0-9]{1,4}(?:[ -]?[A-Z0-9]{1,4}){0,3}))"
    r"(?![\w-])",
    re.IGNORECASE,
)


def labelled_identifiers(text: str) -> Iterator[Finding]:
    """The value of every labelled record number, birth date, address, phone number and
    vehicle registration."""
    for pattern in (_ADDRESS, _BIRTH, _CODE, _PLATE):
        yield from spans(pattern, text, "value")
    for phone in spans(_PHONE, text, "value"):
        if sum(c.isdigit() for c in text[phone.start : phone.end]) >= _PHONE_DIGITS:
            yield phone
