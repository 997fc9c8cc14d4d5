"""What the offline rules make of a doctor's words: the helpers the rules' unit tests share."""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import NoteFacts, read_notes


def note_facts(text: str) -> NoteFacts:
    """The facts the rules read from ``text`` given as the case's one document."""
    return read_notes(None, [text])


def primary_code(text: str) -> str:
    """The ICD-10-CM code of the primary diagnosis the rules give ``text`` alone."""
    return diagnose([], 50, note_facts(text)).diagnosis.icd_code


def stated_codes(text: str) -> list[str]:
    """The codes of the diagnoses ``text`` states (its statements, not its findings)."""
    return [mention.condition.code for mention in note_facts(text).stated]


def read_codes(text: str) -> list[str]:
    """The codes of every condition the rules read in ``text``: stated, current and past."""
    facts = note_facts(text)
    return [mention.condition.code for mention in facts.stated + facts.current + facts.history]
