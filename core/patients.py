"""Is this the same patient? Names compared with accents, case and word order folded, the
record number and the date of birth; and the search of a doctor's patients.

Pure functions over ``Patient`` records: the services offer what they find (at creation,
and as merge suggestions for existing records); nothing here merges anything.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from rapidfuzz import fuzz, process

from core.models import LikelyDuplicate, MergeSuggestion, Patient
from core.privacy.redaction import folded

# What a doctor may correct on a record; its id, doctor, sex and merge pointer are fixed
# (both databases refuse other changes: sqlite migration 17, supabase column grants).
EDITABLE = ("name", "date_of_birth", "record_number")

# token_sort_ratio (0-100) from which two names with the same date of birth are offered
# as one patient ("Jose Garcia" / "García, José" 100; "Jon Smith" / "John Smith" 95).
SIMILAR_NAME = 85
# Without a date of birth on both sides only a name this close (and the same sex) is
# offered: the doctor decides, nothing else says they differ.
SAME_NAME = 92

SAME_RECORD_NUMBER = "same record number"
SAME_BIRTH_DATE = "same date of birth and a similar name"
SAME_NAME_NO_BIRTH_DATE = "same name and sex, no date of birth to compare"


@lru_cache(maxsize=65536)  # a doctor's records are searched again at every keystroke
def name_key(name: str) -> str:
    """The name's words without accents, in lower case and sorted ("Núñez, José" ->
    "jose nunez"), so the order a laboratory writes them in does not matter."""
    return " ".join(sorted(re.findall(r"\w+", folded(name)[0].casefold())))


def record_key(record_number: str | None) -> str | None:
    """The record number's letters and digits in upper case ("mrn 00-12" -> "MRN0012")."""
    key = "".join(char for char in (record_number or "").upper() if char.isalnum())
    return key or None


def name_similarity(first: str, second: str) -> float:
    """0-100: how alike two names are, accents, case and word order aside."""
    return float(fuzz.token_sort_ratio(name_key(first), name_key(second)))


@dataclass(frozen=True)
class Candidate:
    """A patient about to be created: what the doctor typed."""

    name: str
    sex: str
    date_of_birth: date | None = None
    record_number: str | None = None


def duplicate_reasons(candidate: Candidate | Patient, existing: Patient) -> tuple[str, ...]:
    """Why ``existing`` may be the same person as ``candidate`` (empty: no reason)."""
    reasons: list[str] = []
    mine, theirs = record_key(candidate.record_number), record_key(existing.record_number)
    if mine is not None and mine == theirs:
        reasons.append(SAME_RECORD_NUMBER)
    similarity = name_similarity(candidate.name, existing.name)
    born, their_birth = candidate.date_of_birth, existing.date_of_birth
    if born is not None and born == their_birth and similarity >= SIMILAR_NAME:
        reasons.append(SAME_BIRTH_DATE)
    elif (
        (born is None or their_birth is None)
        and similarity >= SAME_NAME
        and candidate.sex == existing.sex
    ):
        reasons.append(SAME_NAME_NO_BIRTH_DATE)
    return tuple(reasons)


def likely_duplicates(candidate: Candidate, patients: Iterable[Patient]) -> list[LikelyDuplicate]:
    """The existing records (not merged into another) that may be ``candidate``, those
    with a same record number first."""
    found = [
        LikelyDuplicate(patient, reasons)
        for patient in patients
        if patient.merged_into is None
        for reasons in [duplicate_reasons(candidate, patient)]
        if reasons
    ]
    return sorted(found, key=lambda d: (SAME_RECORD_NUMBER not in d.reasons, d.patient.name))


def merge_suggestions(patients: Sequence[Patient]) -> list[MergeSuggestion]:
    """Pairs of a doctor's records (none merged) that may be one person, the older kept.

    Only pairs that could qualify are compared: records sharing a date of birth (names at
    ``SIMILAR_NAME``), a record without one against every record of the same sex (names
    at ``SAME_NAME``), and records sharing a record number. Names are compared in
    rapidfuzz's vectorised ``cdist`` over the sorted-word keys (so ``ratio`` there is
    ``token_sort_ratio``)."""
    active = sorted(
        (p for p in patients if p.merged_into is None), key=lambda p: (p.created_at, p.patient_id)
    )
    keys = [name_key(p.name) for p in active]
    pairs: set[tuple[int, int]] = set()

    def compare(rows: list[int], columns: list[int], cutoff: int) -> None:
        if not rows or not columns:
            return
        scores = process.cdist(
            [keys[i] for i in rows],
            [keys[j] for j in columns],
            scorer=fuzz.ratio,
            score_cutoff=cutoff,
            dtype="uint8",
        )
        for row, column in zip(*scores.nonzero(), strict=True):
            first, second = rows[int(row)], columns[int(column)]
            if first != second:
                pairs.add((min(first, second), max(first, second)))

    by_birth: dict[date, list[int]] = {}
    by_sex: dict[str, list[int]] = {}
    by_record: dict[str, list[int]] = {}
    for index, patient in enumerate(active):
        if patient.date_of_birth is not None:
            by_birth.setdefault(patient.date_of_birth, []).append(index)
        by_sex.setdefault(patient.sex, []).append(index)
        record = record_key(patient.record_number)
        if record is not None:
            by_record.setdefault(record, []).append(index)
    for same_birth in by_birth.values():
        compare(same_birth, same_birth, SIMILAR_NAME)
    for same_sex in by_sex.values():
        unborn = [i for i in same_sex if active[i].date_of_birth is None]
        compare(unborn, same_sex, SAME_NAME)
    for indexes in by_record.values():
        pairs.update((a, b) for a in indexes for b in indexes if a < b)
    suggestions = []
    for first, second in sorted(pairs):
        reasons = duplicate_reasons(active[second], active[first])
        if reasons:
            suggestions.append(MergeSuggestion(active[first], active[second], reasons))
    return suggestions


def matches_search(patient: Patient, text: str) -> bool:
    """Every word of ``text`` begins a word of the name (accents, case and order aside),
    or ``text`` is the record number."""
    wanted = name_key(text).split()
    if not wanted:
        return False
    record = record_key(patient.record_number)
    if record is not None and record == record_key(text):
        return True
    words = name_key(patient.name).split()
    return all(any(word.startswith(part) for word in words) for part in wanted)


def search(patients: Iterable[Patient], text: str, limit: int) -> list[Patient]:
    """The records (not merged into another) ``matches_search`` finds, by name."""
    found = [p for p in patients if p.merged_into is None and matches_search(p, text)]
    return sorted(found, key=lambda p: (name_key(p.name), p.created_at))[:limit]
