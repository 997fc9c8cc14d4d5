"""Keep the patient's identifiers out of what engines see: record and national numbers,
date of birth, contact details, addresses and the names a report prints under a label.
The patient's own name has its own redactor (redaction.py); age and gender travel as
structured fields, so a report's own copy of them is not needed either.

Each kind has its recogniser (labelled fields, telephone numbers, national numbers,
e-mail and web addresses, street addresses); their finds are merged and replaced in one
pass. What is and is not removed, and how well, is listed in docs/analyzer.md and measured by
``python -m benchmarks.deid`` on tests/deid/deid_set.json.
"""

from __future__ import annotations

from core.privacy.clinical_values import outside_values
from core.privacy.findings import IDENTIFIER_PLACEHOLDER, Finding, replace
from core.privacy.labelled import labelled_identifiers
from core.privacy.names import CLINICIAN_PLACEHOLDER, NAME_PLACEHOLDER, labelled_names
from core.privacy.national_numbers import national_numbers
from core.privacy.online import online_addresses
from core.privacy.phones import phone_numbers
from core.privacy.postal import street_addresses

__all__ = [
    "CLINICIAN_PLACEHOLDER",
    "IDENTIFIER_PLACEHOLDER",
    "NAME_PLACEHOLDER",
    "redact_identifiers",
]

_RECOGNISERS = (
    labelled_identifiers,
    labelled_names,
    online_addresses,
    national_numbers,
    phone_numbers,
    street_addresses,
)


def identifier_findings(text: str) -> list[Finding]:
    """Where every recogniser finds an identifier or a labelled name in ``text``."""
    return [found for recognise in _RECOGNISERS for found in recognise(text)] if text else []


def redact_identifiers(text: str) -> str:
    """``text`` with its identifiers replaced by [IDENTIFIER] and labelled names by
    [PATIENT], [CLINICIAN] or [NAME] (a field's label stays, so a reader knows it was there);
    an analyte's name and its number, or a number and its unit, are never one."""
    if not text:
        return text
    return replace(text, outside_values(text, identifier_findings(text)))
