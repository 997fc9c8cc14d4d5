"""The patient a structured lab message names, compared with the case's patient.

Results sent for another patient must never pass silently into a case: a name (whatever
its accents, case or word order), sex, or date of birth (the case's patient record's, when
known; else the age) that disagrees is a wrong-patient warning on the reading. So is a
record number: when both the case's patient record and the message give one and none of
the message's matches (a namesake born the same day is still another patient); when either
gives none, the name, sex and birth date decide alone. The warning says what disagrees,
never the names, the birth date or the numbers.
"""

from __future__ import annotations

import re
from datetime import date

from core.insights import MessagePatient
from core.patients import record_key
from core.privacy.redaction import folded

# HL7 table 0203's code for a medical record number: a message that types its patient
# identifiers is compared on these only.
MEDICAL_RECORD_NUMBER = "MR"


def record_numbers(given: list[tuple[str, set[str]]]) -> list[str]:
    """The numbers to compare with the case's record number, from a message's patient
    identifiers (each value with its type codes). Where the identifiers say their type,
    only medical record numbers: a laboratory's own patient number, an account or a national
    number is never compared; untyped, every one is."""
    numbers = [(value, types) for value, types in given if value]
    if any(types for _, types in numbers):
        return [value for value, types in numbers if MEDICAL_RECORD_NUMBER in types]
    return [value for value, _ in numbers]


AGE_TOLERANCE_YEARS = 1  # a case's age may be a year behind a birthday


def _words(name: str) -> set[str]:
    """The name's words of two letters or more, accents and case folded ("José" is "jose");
    initials ("E") say too little to compare."""
    return {word for word in re.findall(r"\w+", folded(name)[0].lower()) if len(word) >= 2}


def mismatches(
    patient: MessagePatient,
    case_name: str,
    case_age: int | None,
    case_gender: str | None,
    case_birth_date: date | None = None,
    case_record_number: str | None = None,
) -> list[str]:
    """What about ``patient`` disagrees with the case: "record number" (when both give
    one), "name", "sex", "date of birth" (when the case's patient record has one) or else
    "age"; for a file whose results name another patient than its own, that."""
    if patient.other_subject:
        return ["the results' patient references"]
    found: list[str] = []
    if not _same_record(patient.record_numbers, case_record_number):
        found.append("record number")
    sent = _words(f"{patient.family} {patient.given}".replace('""', " "))
    case_words = _words(case_name)
    # One name's words within the other's: a middle name only one of them gives still agrees.
    if sent and case_words and not (sent <= case_words or case_words <= sent):
        found.append("name")
    sex = (case_gender or "").strip().lower()
    if patient.sex and sex in ("male", "female") and patient.sex != sex:
        found.append("sex")
    if case_birth_date is not None and _birth_date_parts(patient.birth_date) is not None:
        given = _birth_date_parts(patient.birth_date) or ()
        known = (case_birth_date.year, case_birth_date.month, case_birth_date.day)
        if given != known[: len(given)]:
            found.append("date of birth")
        return found
    age = age_from(patient.birth_date) if patient.birth_date else patient.age
    if age is not None and case_age is not None and abs(age - case_age) > AGE_TOLERANCE_YEARS:
        found.append("age")
    return found


def _same_record(sent: list[str], case_record_number: str | None) -> bool:
    """Whether the message's record numbers allow the case's: any one of them is the case's
    (compared as the patient list compares them: letters and digits, case folded), or
    either side gives none."""
    known = record_key(case_record_number)
    keys = {key for key in map(record_key, sent) if key is not None}
    return known is None or not keys or known in keys


def _birth_date_parts(birth_date: str | None) -> tuple[int, ...] | None:
    """(year, month, day) of an ISO birth date, as far as it is given ("1962-03": two)."""
    match = re.fullmatch(r"(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?", (birth_date or "").strip())
    if match is None:
        return None
    return tuple(int(part) for part in match.groups() if part is not None)


def age_from(birth_date: str | None, today: date | None = None) -> int | None:
    """Whole years since an ISO birth date ("1962-03-20", "1962-03" or "1962")."""
    parts = _birth_date_parts(birth_date)
    if parts is None:
        return None
    year, month, day = (*parts, 1, 1)[:3]  # a missing month or day counts as the first
    today = today or date.today()
    return today.year - year - ((today.month, today.day) < (month, day))


def wrong_patient_warnings(
    label: str,
    patients: list[MessagePatient],
    case_name: str,
    case_age: int | None,
    case_gender: str | None,
    case_birth_date: date | None = None,
    case_record_number: str | None = None,
) -> list[str]:
    """One warning for each message patient who is not the case's patient."""
    warnings = []
    for patient in patients:
        found = mismatches(
            patient, case_name, case_age, case_gender, case_birth_date, case_record_number
        )
        if found:
            warnings.append(
                f"{label}: WRONG PATIENT? The patient the file names does not match this case's "
                f"patient ({', '.join(found)} differ); check that these results belong to "
                "this patient before using them"
            )
    return list(dict.fromkeys(warnings))
