"""Whose column of a lab table it is: the patient's, or another person's.

A case report's table often prints someone else's results beside the patient's: a family's
("Parameter | Patient | Father | Sister", a hereditary disease's work-up), a mother's and her
newborn's ("Parameter | Mother | Neonate", a neonatal thyroid or glucose case), a donor's
("Case | Donor", a transplant), the laboratory's control ("Test | Patient | Control", a
clotting time), another patient of a series ("Patient 2") or a case from the literature
("Present case | Reported case", "Smith et al."). None of those is this patient's result;
read as the row's first number, a sister's CK or a mother's TSH became the patient's, flagged
and sometimes critical.

The patient's own column is headed "Patient", "Case", "Index case", "Proband", "Present
case", "Recipient", "Patient 1", or has no heading at all beside other persons' columns. A
parent's or a newborn's column, in a table that names neither the patient nor the case, is
the patient's when the patient is that person: in a 29-year-old woman's case "Mother" is
hers and "Neonate" her baby's; in a newborn's case it is the other way round. When the
patient's age does not tell, no column of the two is read.
"""

from __future__ import annotations

import re

from core.analysis.labs.reference import Patient
from core.analysis.labs.whose import PARENTS_AGE, RELATIVES

# The roles a person's heading gives its column before the table is resolved; after it, each
# is "result" (the patient's) or "another" (someone else's, never read).
ANOTHER = "another"
PARENT = "parent"
NEWBORN = "newborn"
PERSONS = (ANOTHER, PARENT, NEWBORN)

_AFTER = r"(?:(?:'|’)s)?(?:\s+(?:values?|results?|levels?|samples?|serum|plasma|blood))?"
# The patient's own column: "Patient" ("Patient", "Results", "Values": table_columns._RESULT),
# "Case", "Index case", "Proband", "Present case", "Our patient", "Recipient", "Patient 1".
OWN = (
    r"(?:(?:the\s+)?(?:present|our|this|current|index)\s+(?:case|patient)|(?:index\s+)?case"
    r"|proband|recipient|(?:patient|case)\s*(?:#\s*)?(?:1|I)(?![\d.])|index)" + _AFTER
)
# A parent, by name or as a table's adjective ("Maternal | Cord").
_PARENT = re.compile(
    rf"(?i)^(?:(?:the\s+)?(?:patient|proband|index\s+case)(?:'|’)s\s+)?(?:mother|father"
    rf"|maternal|paternal){_AFTER}\b"
)
_FEMALE_PARENT = re.compile(r"(?i)\b(?:mother|maternal)\b")
# The newborn: "Neonate", "Newborn", "Baby", "Infant", the cord's blood, the fetus's.
_NEWBORN = re.compile(
    rf"(?i)^(?:the\s+)?(?:neonate|newborn|baby|infant|f(?:o)?etus|fetal|foetal|cord"
    rf"(?:\s+blood)?|umbilical\s+cord(?:\s+blood)?){_AFTER}\b"
)
# Any other person: a relative (whose.RELATIVES, maybe the patient's own: "Patient's
# sister"), a donor, the laboratory's or a study's control, another patient or case of a
# series ("Patient 2", "Case II"), a case from the literature.
_ANOTHER = re.compile(
    r"(?i)^(?:(?:the\s+)?(?:patient|proband|index\s+case)(?:'|’)s\s+)?(?:(?:his|her|their)\s+)?"
    rf"(?:(?:elder|older|younger|twin|affected|unaffected|healthy)\s+)?(?:{RELATIVES}"
    r"|donors?|controls?|(?:healthy|normal)\s+(?:controls?|subjects?|volunteers?|donors?)"
    # (never the patient at a time: "Patient 6 years later", table_columns._PATIENT_AT)
    r"|(?:patient|case)\s*(?:#\s*)?(?:[2-9]|\d{2}|II|III|IV|V|VI)(?![\d.])"
    r"(?!\s*(?:h|hrs?|hours?|d|days?|wks?|weeks?|mo|months?|y|yrs?|years?)\b)"
    r"|(?:previous(?:ly)?|published|reported|literature|prior)\s+(?:reported\s+)?"
    r"(?:cases?|reports?|patients?|series)|literature|(?:\S+\s+){1,3}et\s+al\b)"
    r"(?![\w-])"
)


# The persons' headings a header whose cells one space parts may hold (table_columns.
# _COLUMN_HEADING): each a word or two, the patient's own among them ("Parameter Patient
# Father Sister"); the possessives and the literature's headings of many words are left to
# headers whose cells tabs, pipes or runs of spaces part.
SPACED_PERSONS = (
    r"(?:(?:index|present|our)\s+)?(?:patient|case)(?:\s*(?:[1-9]|I{1,3}|IV|V|VI)(?![\w.]))?"
    rf"|proband|recipient|{RELATIVES}|maternal|paternal|neonate|newborn|baby|infant"
    r"|cord(?:\s+blood)?|donor|controls?"
)


def person_column(cell: str) -> str | None:
    """The person role a heading gives its column ("another", "parent", "newborn"), or None
    for a heading that names no one else (the patient's, a time, a range)."""
    text = cell.strip()
    if _PARENT.match(text):
        return PARENT
    if _NEWBORN.match(text):
        return NEWBORN
    if _ANOTHER.match(text):
        return ANOTHER
    return None


def whose(roles: list[str | None], cells: list[str], patient: Patient | None) -> list[str | None]:
    """``roles`` (one a heading, "result" for the patient's, a person's role, None for any
    other) with each person's role resolved to "result" or "another": a parent's or a
    newborn's column is the patient's only in a table of no column of the patient's own,
    when the patient's age (and, for a parent, sex) says the patient is that person."""
    if "result" in roles:
        return [ANOTHER if role in PERSONS else role for role in roles]
    parents = [i for i, role in enumerate(roles) if role == PARENT]
    newborns = [i for i, role in enumerate(roles) if role == NEWBORN]
    own: int | None = None
    age = patient.age if patient is not None else None
    if age is not None and age < PARENTS_AGE and len(newborns) == 1 and parents:
        own = newborns[0]
    elif age is not None and age >= PARENTS_AGE and newborns and parents:
        sex = patient.sex if patient is not None else None
        fitting = [
            i
            for i in parents
            if sex is None or (sex == "female") == bool(_FEMALE_PARENT.search(cells[i]))
        ]
        own = fitting[0] if len(fitting) == 1 else None
    return [
        "result" if i == own else ANOTHER if role in PERSONS else role
        for i, role in enumerate(roles)
    ]
