"""Names a report prints under a label or after a title: "Patient: DOE, JANE",
"Electronically signed by Dr Alan Grant", "Next of kin: Robert Doe", "seen by Dr Patel".

The patient's own name is known and redacted wherever it stands (redaction.py); these
patterns catch the names it cannot know: a misspelt or maiden name in a header, the
clinicians who signed, the relatives who are listed. Each gives way to its role.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from core.privacy.findings import Finding, spans

PATIENT_PLACEHOLDER = "[PATIENT]"
CLINICIAN_PLACEHOLDER = "[CLINICIAN]"
NAME_PLACEHOLDER = "[NAME]"

# A name: capitalised words or initials ("DOE, JANE", "Mary-Jane O'Brien", "A. J. Patel").
_WORD = r"[A-ZÀ-ÖØ-Þ](?:[^\W\d_]|['’-][^\W\d_])*\.?"
_NOT_A_NAME = (
    r"(?!(?:MRN|DOB|Age|Sex|Gender|ID|NHS|Date|Time|Tel|Phone|MD|DO|MBBS|MBChB|PhD|RN|NP"
    r"|FRCP|FRCR|FRCPath|MRCP|FACP|Consultant|Resident|Male|Female|Unknown|Not|None)\b)"
)
# Family-name particles are lower case ("van der Berg", "de la Cruz").
_PARTICLES = r"(?:(?:van|von|der|den|de|del|della|di|da|dos|du|la|le|bin|al|ten|ter)[ ])*"
_NAME = rf"{_PARTICLES}{_NOT_A_NAME}{_WORD}(?:(?:[ ]|,[ ]?){_PARTICLES}{_NOT_A_NAME}{_WORD}){{0,3}}"
_TITLE = r"(?:(?:Dr|Doctor|Prof|Professor|Mr|Mrs|Ms|Miss|Mx)\.?\s+)?"
_PATIENT_LABELS = (
    r"patient(?:'s)?(?:\s+(?:full\s+)?name)?|pt\.?(?:\s+name)?|(?:full\s+|sur|first\s+|last\s+"
    r"|given\s+|family\s+)?names?|surname|forenames?"
)
_SIGNED_BY = (
    # "Electronically signed: 05/01/2026 14:22 by ..."
    r"(?:electronically\s+|e-)?signed(?:\s+off)?(?:\s*:?\s*[\d/.-]+(?:\s+[\d:]+)?)?\s+by"
    r"|dictated\s+by|transcribed\s+by"
    r"|reported\s+by|verified\s+by|reviewed\s+by|authori[sz]ed\s+by|approved\s+by"
    r"|requested\s+by|ordered\s+by|referred\s+by|seen\s+by"
)
_CLINICIAN_ROLES = (
    r"(?:electronically\s+|e-)?signed|cc|ref\.?(?:\s+(?:physician|doctor|by))?"
    r"|(?:attending|referring|ordering|requesting|treating)"
    r"(?:\s+(?:physician|doctor|clinician|provider|consultant))?|physician|consultant"
    r"|radiologist|pathologist|GP|provider|clinician"
)
_RELATIVE_LABELS = (
    r"next\s+of\s+kin|NOK|emergency\s+contact|guarantor|guardian|mother|father|spouse|carer"
)


def _named(labels: str, colon: str, before: str = r"(?<!\w)") -> re.Pattern[str]:
    # Labels are matched in any case; the name itself must be capitalised, which is what
    # keeps "seen by the team" out.
    return re.compile(
        rf"{before}(?i:{labels}){colon}(?:\s+|(?<=:)\s*){_TITLE}(?P<value>{_NAME})(?!\w)"
    )


# Labels other than "... by" need their colon ("Name: ..."): prose says "the patient was".
# A bare "name" label must not follow a word: "Test name: Glucose" names no one.
_PATIENT_NAME = _named(_PATIENT_LABELS, r"\s*:", before=r"(?<!\w)(?<!\w )")
_RELATIVE_NAME = _named(_RELATIVE_LABELS, r"\s*(?:\([^)\n]{1,20}\))?\s*:")
_CLINICIAN_NAME = _named(_SIGNED_BY, r"\s*:?")
_CLINICIAN_ROLE = _named(_CLINICIAN_ROLES, r"\s*[:,]")
# Wherever it stands, a title before a capitalised name marks a person: "discussed with
# Dr Patel", "Ref. physician Dr Ruth Mbeki". Titles are matched in their own case, so
# "MR" (mitral regurgitation) and "MS" (multiple sclerosis) stay.
_DOCTOR = re.compile(rf"(?<!\w)(?:Dr|Prof)\.?\s+(?P<value>{_NAME})(?!\w)")
_TITLED = re.compile(rf"(?<!\w)(?:Mr|Mrs|Ms|Miss|Mx)\.?\s+(?P<value>{_NAME})(?!\w)")


def labelled_names(text: str) -> Iterator[Finding]:
    """Every name in ``text`` that a label or a title marks as one."""
    yield from spans(_PATIENT_NAME, text, "value", PATIENT_PLACEHOLDER)
    yield from spans(_RELATIVE_NAME, text, "value", NAME_PLACEHOLDER)
    yield from spans(_TITLED, text, "value", NAME_PLACEHOLDER)
    for clinician in (_CLINICIAN_NAME, _CLINICIAN_ROLE, _DOCTOR):
        yield from spans(clinician, text, "value", CLINICIAN_PLACEHOLDER)
