"""A published case report read whole: which of its sentences tell this patient's case.

A doctor may upload a whole article (title, abstract, introduction, case, discussion). Its
introduction and discussion speak of the disease in general and of the literature ("The
diagnosis of CNS TB is complex", "Patients with X usually present with ..."): a disease named
there is no diagnosis of this patient unless the sentence names this patient or this case
("In our patient, the diagnosis of X was confirmed by ..."). The title, the abstract's "we
report a case of X" and the case section's "was diagnosed with X" are the patient's.
The words of the literature and of other patients are those the lab reader asks
(core.analysis.labs.literature, reader-prec16), one vocabulary for values and diagnoses.
"""

from __future__ import annotations

import re

from core.analysis.labs.literature import told_of_others

# This patient, as the lab reader's literature words tell it apart (core.analysis.labs.literature).
THIS_PATIENT = re.compile(
    r"(?i)\b(?:our|this|the\s+present|the\s+current)\s+(?:patient|case)\b|\bthe\s+patient\b"
    r"|\b(?:he|she|his|her)\b"
)

# An article's section headings, each on a line of its own ("1. Introduction", "Clinical
# discussion", "Discussion and conclusions", "Highlights"), as PubMed Central's texts give them:
# those of the parts that speak of the disease in general. Any other heading ("Case
# presentation", "Patient information", "Treatment") ends such a part.
_GENERAL_HEADING = re.compile(
    r"(?i)\b(?:introduction|background|discussion|conclusions?|literature\s+review|"
    r"review\s+of\s+(?:the\s+)?literature|highlights|learning\s+points?|clinical\s+message)\b"
)
_HEADING_LINE = re.compile(
    r"[ \t]*(?:\d{1,2}(?:\.\d{1,2})*\.?[ \t]+)?[A-Z][^.;!?\n]{0,60}[ \t]*:?[ \t]*"
)
_HEADING_WORDS = 6
# The report's own case, as the authors name it: "we report a case of X", "Here, we present
# a 45-year-old man", "In our case", "the case we describe".
_THIS_CASE = re.compile(
    r"(?i)\bwe\s+(?:here\s+)?(?:present|report|describe|discuss)|\b(?:our|this|the\s+present|"
    r"the\s+current|the\s+above)\s+(?:case|report|patient)\b"
)


def general_parts(text: str) -> list[str]:
    """The introduction, background, discussion and conclusion of a whole article (from such
    a heading to the next heading); none for a text without one (a case section, a note)."""
    parts: list[list[str]] = []
    general = False
    for line in text.splitlines():
        if _HEADING_LINE.fullmatch(line) and len(line.split()) <= _HEADING_WORDS:
            general = bool(_GENERAL_HEADING.search(line))
            if general:
                parts.append([])
            continue
        if general:
            parts[-1].append(line)
    return ["\n".join(part) for part in parts]


def names_this_case(sentence: str) -> bool:
    """Whether the sentence speaks of this patient or this case."""
    return bool(THIS_PATIENT.search(sentence) or _THIS_CASE.search(sentence))


# What the case's telling is written in: the past ("the final diagnosis was gouty right shoulder
# long head of biceps tendinitis", MedRBench PMC11462664's discussion; "Histopathological
# examination confirmed the diagnosis of a hydatid cyst", PMC11447576). The disease spoken of
# in general is told in the present ("The diagnosis of pleomorphic adenoma is based on ...",
# PMC11441832; "Treatment for botulism is centered around supportive care", PMC11361325).
_PAST = re.compile(
    r"(?i)\b(?:was|were|had)\b|(?<!\bis\s)(?<!\bare\s)(?<!\bbe\s)(?<!\bbeen\s)"
    r"\b(?:revealed|showed|demonstrated|confirmed|established|underwent|presented|developed|"
    r"indicated|diagnosed)\b"
)
# The literature's own marks: a reference number, a year in brackets, "reported a case".
_CITED = re.compile(
    r"\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]|\((?:19|20)\d\d\)|\breported\s+(?:a|an|the|one)\s+cases?\b"
)


# Another patient, as an introduction or a discussion names one: "A patient diagnosed with
# acquired immunodeficiency syndrome additionally had an Epstein-Barr virus infection"
# (MedRBench PMC11378089's discussion), "A 65-year-old woman diagnosed with acute myeloid
# leukemia experienced ...". The case's own patient is "our patient", "the patient".
_ANOTHER_PATIENT = re.compile(
    r"(?i)^(?:in\s+[^,]{1,40},\s+)?(?:a|an|one|another)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:patient|man|woman|male|female|boy|girl|child|infant|adult)\b"
)


def told_in_general(sentence: str, general: frozenset[str]) -> bool:
    """Whether a whole article's sentence speaks of a disease in general or of the literature,
    not of this patient: a sentence of its introduction or discussion told in the present
    that names neither the patient nor the case, and, anywhere, one the literature's words
    tell."""
    if not general:
        return False
    told = sentence.strip()
    if _THIS_CASE.search(told):
        return False
    if told in general and _ANOTHER_PATIENT.match(told):
        return True
    if told_of_others(told, bound=False) or (_CITED.search(told) and not THIS_PATIENT.search(told)):
        return True
    return told in general and not THIS_PATIENT.search(told) and not _PAST.search(told)


# The words of a title that name another thing than the article's subject: what it mimicked
# or presented as ("Giant cerebral tuberculoma mimicking tumor"), the patient's background
# ("in a patient with"), what followed or caused it ("after cord blood transplantation").
_TITLE_AFTER_SUBJECT = re.compile(
    r"(?i)\s(?:mimick\w*|masquerad\w*|resembling|misdiagnosed|presenting|presented|"
    r"in\s+an?\s+(?:[\w-]+\s+){0,3}?(?:patient|man|woman|child|infant|girl|boy|adult)|"
    r"with\s+a\s+history|after|following|leading\s+to|causing|complicat\w*|due\s+to|"
    r"secondary\s+to|caused\s+by|induced\s+by)\b"
)
# Words after which the title names its subject: "Abdominal pain ... revealing an
# hepatoblastoma", "Paroxysmal Atrial Fibrillation as the First Presentation of ...".
_TITLE_SUBJECT_AFTER = re.compile(r"(?i)\b(?:revealing|(?:presentation|manifestation)\s+of)\s")


def title_subject(text: str) -> tuple[str, str] | None:
    """A whole article's title and the words of it that name its subject ("Gallstone ileus"
    of "Gallstone ileus presenting in an elderly patient: A case report", MedRBench
    PMC11562408), or None for a text that is no whole article."""
    if not general_parts(text):
        return None
    title = next((line.strip() for line in text.splitlines() if line.strip()), "")
    subject = re.split(r":|\s[–—-]\s", title)[0]
    after = list(_TITLE_SUBJECT_AFTER.finditer(subject))
    if after:
        subject = subject[after[-1].end() :]
    cut = _TITLE_AFTER_SUBJECT.search(subject)
    return (title, subject[: cut.start()] if cut else subject) if subject.strip() else None
