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


# In a sentence, a relative or a member of staff is named after the word for them: "his
# daughter Amaka called", "wife, Mary Okafor, at the bedside", "discussed with nurse Bola".
_RELATIVES = (
    r"daughter|son|wife|husband|partner|spouse|mother|father|mum|mom|dad|brother|sister"
    r"|sibling|aunt|uncle|niece|nephew|cousin|grand(?:daughter|son|mother|father|child)"
    r"|granny|grandma|grandpa|step(?:daughter|son|mother|father)|fianc[ée]e?|girlfriend"
    r"|boyfriend|friend|neighbou?r|carer|caregiver|guardian|(?:mother|father|son|daughter)-in-law"
)
_STAFF = (
    r"nurse|midwife|pharmacist|physio(?:therapist)?|(?:occupational\s+)?therapist"
    r"|social\s+worker|case\s+manager|dietitian|dietician|technician|technologist|sonographer"
    r"|radiographer|phlebotomist|registrar|resident|intern|fellow|chaplain|interpreter"
    r"|paramedic|coordinator|receptionist|secretary|colleague|house\s+officer|matron"
)
# Abbreviations, in their own case; those that are also a view or a site ("PA chest",
# "NP swab") name someone only when a first and a last name follow ("NP Kelly Smith").
_STAFF_ABBREVIATIONS = r"RN|HCA|SHO"
_STAFF_AMBIGUOUS = r"NP|PA"
# Words that follow those in clinical prose and are not names ("nurse practitioner",
# "mother Type 2 diabetes", "son Has"): a sentence's name must not be one.
_NOT_A_SENTENCE_NAME = (
    r"(?!(?:Practitioner|Specialist|Manager|Educator|Led|Station|Assistant|Team|Unit|Ward"
    r"|Clinic|Home|Call|Notes?|Triage|Visit|Review|Assessment|Type|History|Hx|Has|Had|Is|Was"
    r"|Will|Who|Reports?|Says|States|Died|Deceased|Alive|Well|Lives|And|Or|With|The|At|In|On"
    r"|Of|To|For|From|Present|Aware|Informed|Updated|Called|Rang|Phoned|Visited|Notified"
    r"|Diabetes|Hypertension|Cancer|Asthma|Stroke|MI|CAD|DM|HTN|COPD|CKD|TB|HIV|AF|IHD"
    r"|I|II|III|IV|A|An|My|His|Her|Their|Our|Dr|Doctor|Mr|Mrs|Ms|Miss|Diabetic|Hypertensive"
    r"|Asthmatic|Epileptic|Smokes|Smoker|Drinks|Drives|Visits|Works|Helps|Cares|Physician"
    r"|Doctors|Nurses?|Chest|Abdomen|Swab|Positive|Negative|Healthy|Unknown|Living|Passed"
    r"|Aged?|Absent|Available|Involved|Consented|Declined|Agrees|Agreed|Requests|Requested"
    r"|Concerned|Worried|Happy|Also|Too|Both|Only|Not|No|Yes|Present|Here|There)\b)"
)
_SENTENCE_WORD = (  # "Amaka", "O'Neill", "Owusu-Ansah"
    rf"{_NOT_A_SENTENCE_NAME}{_NOT_A_NAME}[A-ZÀ-ÖØ-Þ](?:[^\W\d_]+|(?=['’]))(?:['’-][^\W\d_]+)*"
)


def _in_a_sentence(words: str, fewest: int = 1) -> re.Pattern[str]:
    return re.compile(
        rf"(?<![\w-]){words}(?:'s)?(?:\s*,\s*|\s+\(?)"
        rf"(?P<value>{_SENTENCE_WORD}(?:[ ]{_SENTENCE_WORD}){{{fewest - 1},2}})(?![\w-])"
    )


_RELATIVE_IN_A_SENTENCE = _in_a_sentence(f"(?i:{_RELATIVES})")
_STAFF_IN_A_SENTENCE = _in_a_sentence(f"(?i:{_STAFF})")
_STAFF_ABBREVIATED = _in_a_sentence(f"(?:{_STAFF_ABBREVIATIONS})")
_STAFF_AMBIGUOUS_NAMED = _in_a_sentence(f"(?:{_STAFF_AMBIGUOUS})", fewest=2)
# A lab report's patient block: a header line ("Patient Details", "PATIENT INFORMATION",
# "Patient:" alone, or the first of several columns), then the name on the next line.
_UNDER_PATIENT_HEADER = re.compile(
    r"(?im)^[ \t]*(?:patient|pt\.?)(?:[ \t]+(?:information|info|details|demographics|name"
    r"|identification|data))?[ \t]*:?[ \t]*(?:(?:\t|[ ]{2,})[^\n]*)?\n[ \t]*"
    rf"(?-i:(?P<value>{_NAME}))(?=[ \t]*$|\t|[ ]{{2,}})"
)


def labelled_names(text: str) -> Iterator[Finding]:
    """Every name in ``text`` that a label, a title, the word for a relative or a member
    of staff, or a report's patient header marks as one."""
    yield from spans(_PATIENT_NAME, text, "value", PATIENT_PLACEHOLDER)
    yield from spans(_UNDER_PATIENT_HEADER, text, "value", PATIENT_PLACEHOLDER)
    yield from spans(_RELATIVE_IN_A_SENTENCE, text, "value", NAME_PLACEHOLDER)
    yield from spans(_STAFF_IN_A_SENTENCE, text, "value", CLINICIAN_PLACEHOLDER)
    yield from spans(_STAFF_ABBREVIATED, text, "value", CLINICIAN_PLACEHOLDER)
    yield from spans(_STAFF_AMBIGUOUS_NAMED, text, "value", CLINICIAN_PLACEHOLDER)
    yield from spans(_RELATIVE_NAME, text, "value", NAME_PLACEHOLDER)
    yield from spans(_TITLED, text, "value", NAME_PLACEHOLDER)
    for clinician in (_CLINICIAN_NAME, _CLINICIAN_ROLE, _DOCTOR):
        yield from spans(clinician, text, "value", CLINICIAN_PLACEHOLDER)


def patient_header_names(text: str) -> list[str]:
    """The names a "Patient:"/"Name:" label or a report's patient header marks as the
    patient's (the same patterns the redaction uses), in their order in ``text``."""
    found = [*spans(_PATIENT_NAME, text, "value"), *spans(_UNDER_PATIENT_HEADER, text, "value")]
    return [text[f.start : f.end] for f in sorted(found, key=lambda f: f.start)]
