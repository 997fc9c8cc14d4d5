"""What a doctor's notes say: diagnoses stated, known conditions, medicines, the complaint.

Notes are the doctor's own case notes and lab files that read like notes (transcriptions,
discharge summaries). Sections are found by their usual headings ("ASSESSMENT:", "PAST
MEDICAL HISTORY:", "DISCHARGE DIAGNOSES:"). A mention is dropped when negated ("no fever",
"denies chest pain", "negative for", "ruled out") and kept apart when it is history or
family history; the triggers and the five-word scope are those of NegEx (Chapman et al.,
J Biomed Inform 2001;34:301-10), the clinical standard for rule-based negation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.analysis.rules.conditions import CONDITIONS, MEDICINES, Condition
from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.negation import is_negated

# Heading kinds: where a condition named under the heading stands.
_HEADINGS: tuple[tuple[str, str], ...] = (
    ("family", r"family\s+history|\bfh\b"),
    (
        "stated",
        r"(?:final\s+|discharge\s+|principal\s+|primary\s+|admi(?:tting|ssion)\s+|"
        r"post-?operative\s+|pre-?operative\s+|working\s+|clinical\s+)?diagnos[ie]s|"
        r"assessments?(?:\s+and\s+plans?)?|impressions?|a\s*/\s*p|problem\s+list",
    ),
    (
        "history",
        r"past\s+(?:medical|surgical)\s+history|medical\s+history|\bpmh\b|\bpmhx\b|"
        r"past\s+history|comorbidities",
    ),
    (
        "medicines",
        r"(?:current\s+|home\s+|discharge\s+|admission\s+|inpatient\s+)?medications?|"
        r"\bmeds\b|current\s+therapy|(?:prescribed\s+)?treatment|prescriptions?",
    ),
    ("allergies", r"allergies|drug\s+allergies"),
    (
        "complaint",
        r"chief\s+complaint|reason\s+for\s+(?:visit|admission|consultation|referral)|"
        r"presenting\s+complaint|\bcc\b",
    ),
    (
        "present",
        r"history\s+of\s+present(?:ing)?\s+illness|\bhpi\b|subjective|"
        r"hospital\s+course|clinical\s+(?:history|information|notes?)|history",
    ),
    (
        "other",
        r"review\s+of\s+systems|\bros\b|physical\s+exam(?:ination)?|social\s+history|"
        r"interpretation|comments?|notes?|reference\s+(?:range|interval)s?|"
        r"plan|laboratory|labs|procedures?|findings|recommendations?|disposition|"
        r"objective|vital\s+signs|exam",
    ),
)
_HEADING = re.compile(
    r"(?im)^[ \t]*(?:\d{1,2}\.|[A-H]\.)?[ \t]*(?:"
    + "|".join(f"(?P<h{i}>{p})" for i, (_, p) in enumerate(_HEADINGS))
    + r")"
    r"\s*(?:\(.*?\))?\s*(?::|-|$)"
)
# A negation covers what follows it to the end of the sentence, through a list ("denied any
# hemoptysis, gross hematuria, melena, hematemesis"), unless a termination term ends it.
# Negation is NegEx's (core.analysis.rules.negation), not a hand list of patterns.
_HISTORY = re.compile(
    r"(?i)\b(?:history\s+of|h/o|hx\s+of|known|previous|prior|past|since|long[-\s]?standing|chronic|"
    r"s/p|status\s+post|was\s+on\s+\w+\s+for|had\s+(?:a|an)|recovered\s+from)\b"
)
# After the mention, a time in the past makes it history: "a DVT she had early this year".
_HISTORY_AFTER = re.compile(
    r"(?i)^[^.;]{0,40}?\b(?:ago|in\s+the\s+past|(?:earlier|last)\s+(?:this\s+)?(?:year|month|week)|"
    r"(?:early|earlier)\s+this\s+year|in\s+(?:19|20)\d\d|years?\s+back|previously|resolved)\b"
)
_FAMILY = re.compile(
    r"(?i)\b(?:mother|father|brother|sister|sibling|parents?|family|grand(?:mother|father)|"
    r"maternal|paternal|aunt|uncle)\b"
)
# A diagnosis stated in running text: "working diagnoses of gastroenteritis", "consistent with".
_STATED_INLINE = re.compile(
    r"(?i)\b(?:diagnos[ie]s\s+(?:of|is|was|were|are)|diagnosed\s+with|consistent\s+with|"
    r"impression\s+(?:is|was|of)|"
    r"admitted\s+(?:with|for)|treated\s+for)\b"
)
_COMPLAINT = re.compile(
    r"(?i)\b(?:presents?|presented|presenting|admitted|comes?\s+in|came\s+in|complain(?:s|ing)?\s+of|"
    r"c/o|referred)\b[^.]{0,120}"
)
_SENTENCES = re.compile(r"(?<=[.;!?])\s+|\n+")


@dataclass(frozen=True)
class Mention:
    condition: Condition
    sentence: str  # the words it came from, for the evidence


@dataclass
class NoteFacts:
    """A case's notes as the rules read them."""

    stated: list[Mention] = field(default_factory=list)  # the doctor's diagnoses, in order
    current: list[Mention] = field(default_factory=list)  # affirmed now (HPI, complaint)
    history: list[Mention] = field(default_factory=list)  # known conditions
    medicines: set[str] = field(default_factory=set)
    negated: set[str] = field(default_factory=set)  # condition names the notes deny

    def knows(self, *names: str) -> bool:
        """True when the notes name one of these conditions as the patient's, not denied."""
        held = {m.condition.name for m in self.stated + self.current + self.history}
        return any(name in held for name in names)


def read_notes(doctor_notes: str | None, documents: list[str]) -> NoteFacts:
    """The facts of the doctor's case notes and of note-like lab files, in that order.

    The case notes are the doctor's own summary: a condition they affirm is a stated
    diagnosis unless written as history; a file's prose counts by its sections."""
    facts = NoteFacts()
    if doctor_notes:
        _read_one(doctor_notes, facts, "notes")
        _read_icd_terms(doctor_notes, facts)
    for text in documents:
        _read_one(text, facts, "present" if is_note_like(text) else "report")
    facts.stated = _unique(facts.stated)
    facts.current = _unique(facts.current)
    facts.history = _unique(facts.history)
    return facts


def _read_icd_terms(notes: str, facts: NoteFacts) -> None:
    """The conditions the doctor's own notes name in the code set's terms and the hand list
    does not know ("Progressive multifocal leukoencephalopathy"): stated diagnoses, after
    the hand list's, unless negated, a relative's or history."""
    known = {m.condition.code[:3] for m in facts.stated + facts.current + facts.history}
    for sentence in _SENTENCES.split(notes):
        for start, end, condition in icd_conditions(sentence):
            before, after = sentence[:start], sentence[end:]
            if condition.code[:3] in known or is_negated(sentence, start, end):
                continue
            if _FAMILY.search(before) or _HISTORY.search(before[-40:]):
                continue
            if _HISTORY_AFTER.match(after):
                continue
            known.add(condition.code[:3])
            facts.stated.append(Mention(condition, sentence[:200]))


def _read_one(text: str, facts: NoteFacts, kind: str) -> None:
    report = kind == "report"
    for block in _blocks(text):
        heading = _HEADING.match(block)
        if heading:
            kind = next(k for i, (k, _) in enumerate(_HEADINGS) if heading.group(f"h{i}"))
            if report and kind not in ("stated", "medicines", "allergies", "family"):
                kind = "report"  # a report's interpretation text is no history of the patient
            block = block[heading.end() :]
        if kind == "medicines":
            facts.medicines |= {n for n, p in MEDICINES.items() if p.search(block)}
            continue
        if kind in ("allergies", "family"):
            continue
        if report:
            # A lab report's lines wrap mid-sentence: only its own sentences count, and in a
            # report only a stated diagnosis does ("consistent with", "diagnosed with").
            block = re.sub(r"(?<![.:;])\n(?!\s*\n)", " ", block)
        # A medicine named anywhere but allergies is one the patient takes or took: either
        # way a plan must not suggest starting it as if it were new.
        facts.medicines |= {n for n, p in MEDICINES.items() if p.search(block)}
        for sentence in _SENTENCES.split(block):
            _read_sentence(sentence.strip(), kind, facts)


def _read_sentence(sentence: str, kind: str, facts: NoteFacts) -> None:
    if not sentence:
        return
    # Longest match first, so "chronic renal failure" is CKD, not "renal failure".
    found = sorted(
        ((m, c) for c in CONDITIONS for m in c.pattern.finditer(sentence)),
        key=lambda item: (item[0].start() - item[0].end(), item[0].start()),
    )
    kept = sorted(_longest_first(found, []), key=lambda item: item[0].start())
    for match, condition in kept:
        before, after = sentence[: match.start()], sentence[match.end() :]
        if is_negated(sentence, match.start(), match.end()):
            facts.negated.add(condition.name)
            continue
        if _FAMILY.search(before) or re.search(r"(?i)\bnon[-\s]?$", before):
            continue  # a relative's condition; "non-diabetic" denies it
        mention = Mention(condition, sentence[:200])
        history = (
            kind == "history"
            or bool(_HISTORY.search(before[-40:]))
            or bool(_HISTORY_AFTER.match(after))
        )
        if kind == "stated" or (_STATED_INLINE.search(before) and not history):
            facts.stated.append(mention)  # an assessment may list a symptom as the problem
        elif condition.severity == "symptom":
            if kind in ("notes", "complaint", "present"):
                facts.current.append(mention)  # a symptom is the complaint, not a diagnosis
        elif history:
            facts.history.append(mention)
        elif kind == "notes":
            facts.stated.append(mention)  # the doctor's own summary of the case
        elif kind in ("complaint", "present"):
            facts.current.append(mention)  # affirmed now in the history of the illness
        elif kind != "report":
            facts.history.append(mention)  # named elsewhere: known, not the complaint


def _longest_first(
    found: list[tuple[re.Match[str], Condition]], taken: list[tuple[int, int]]
) -> list[tuple[re.Match[str], Condition]]:
    kept = []
    for match, condition in found:
        if any(s < match.end() and match.start() < e for s, e in taken):
            continue
        taken.append((match.start(), match.end()))
        kept.append((match, condition))
    return kept


def _blocks(text: str) -> list[str]:
    """The text cut where a heading starts, each block beginning with its heading."""
    starts = [m.start() for m in _HEADING.finditer(text)]
    if not starts or starts[0] != 0:
        starts = [0, *starts]
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


def _unique(mentions: list[Mention]) -> list[Mention]:
    seen: set[str] = set()
    kept = []
    for mention in mentions:
        if mention.condition.name not in seen:
            seen.add(mention.condition.name)
            kept.append(mention)
    return kept


def is_note_like(text: str) -> bool:
    """A lab file that reads like a doctor's note: prose sections, not a table of results."""
    headings = len(_HEADING.findall(text))
    lines = [line for line in text.splitlines() if line.strip()]
    prose = sum(1 for line in lines if len(line) > 90 and line.count(" ") > 12)
    return headings >= 2 or (bool(lines) and prose / len(lines) > 0.3)
