"""Keep the patient's name and identifiers out of everything the analyzer hands to an engine."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from core.insights import ImageAnalysis
from core.models import CaseFile, FileCategory
from core.privacy.clinical_values import outside_values
from core.privacy.dates import date_findings
from core.privacy.findings import Finding, replace
from core.privacy.identifiers import identifier_findings
from core.privacy.known_identifiers import known_identifier_findings
from core.privacy.names import PATIENT_PLACEHOLDER

__all__ = ["PATIENT_PLACEHOLDER", "CaseScrubber", "NameRedactor", "file_labels", "redact_name"]

# Single letters (initials) are left alone: redacting every standalone "A" or "J" would
# mangle the clinical text while protecting nothing a full name would not.
_MIN_TOKEN_LENGTH = 2


def _name_tokens(patient_name: str) -> list[str]:
    """The full name, each word of it ("Mary-Jane", "O'Brien") and each part ("Jane")."""
    full = " ".join(patient_name.split())
    tokens = {full} if full else set()
    tokens.update(re.findall(r"\w+(?:['’-]\w+)*", full))
    tokens.update(re.findall(r"\w+", full))
    usable = [token for token in tokens if len(token) >= _MIN_TOKEN_LENGTH]
    # Longest first, so the full name is replaced once rather than word by word.
    return sorted(usable, key=len, reverse=True)


def folded(text: str) -> tuple[str, list[int]]:
    """``text`` without its accents ("José Núñez" -> "Jose Nunez"), and for each of its
    characters the index of the character of ``text`` it came from."""
    letters: list[str] = []
    origin: list[int] = []
    for index, character in enumerate(text):
        if character.isascii():
            letters.append(character)
            origin.append(index)
            continue
        for part in unicodedata.normalize("NFKD", character):
            if not unicodedata.combining(part):
                letters.append(part)
                origin.append(index)
    return "".join(letters), origin


class NameRedactor:
    """Replaces the patient's name (and each part of it) with [PATIENT], whole words only,
    whatever the case and accents (a name typed "José" is "JOSE" on a report)."""

    def __init__(self, patient_name: str) -> None:
        tokens = _name_tokens(folded(patient_name)[0])
        if tokens:
            alternatives = "|".join(_flexible(token) for token in tokens)
            self._pattern: re.Pattern[str] | None = re.compile(
                rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE
            )
        else:
            self._pattern = None

    def __call__(self, text: str) -> str:
        if self._pattern is None or not text:
            return text
        return replace(text, outside_values(text, self.findings(text)))

    def findings(self, text: str) -> Iterator[Finding]:
        """Where the name stands in ``text`` (matched without accents, in any case)."""
        if self._pattern is None or not text:
            return
        plain, origin = folded(text)
        for match in self._pattern.finditer(plain):
            yield Finding(origin[match.start()], origin[match.end() - 1] + 1, PATIENT_PLACEHOLDER)

    def optional(self, text: str | None) -> str | None:
        return None if text is None else self(text)


def _flexible(token: str) -> str:
    """A token as a pattern in which any run of whitespace matches the name's single spaces."""
    return r"\s+".join(re.escape(word) for word in token.split(" "))


def redact_name(text: str, patient_name: str) -> str:
    """``text`` with the patient's name replaced by [PATIENT]."""
    return NameRedactor(patient_name)(text)


def file_labels(files: list[CaseFile]) -> dict[str, str]:
    """'Lab file 1', 'Radiology image 1', ... in upload order: the only names engines see."""
    counts: dict[str, int] = {}
    labels: dict[str, str] = {}
    for record in files:
        counts[record.file_category] = counts.get(record.file_category, 0) + 1
        noun = "Radiology image" if record.file_category == FileCategory.RADIOLOGY else "Lab file"
        labels[record.file_id] = f"{noun} {counts[record.file_category]}"
    return labels


class CaseScrubber:
    """Makes a case's texts safe for an engine: the patient's name, identifiers (record
    numbers, date of birth, contact details) and file names go.

    Original file names may carry the patient's name, so each becomes its file's label.
    What an engine writes back is scrubbed too before it feeds the next prompt: a vision
    model may transcribe a name printed on a scanned page or burned into an image.
    """

    def __init__(
        self,
        patient_name: str,
        labels_by_file_name: dict[str, str],
        known: list[re.Pattern[str]] | None = None,
        *,
        dates: bool = False,
    ) -> None:
        self._redact = NameRedactor(patient_name)
        # A pilot's copy has no date of care either (core.privacy.dates); the engines' has.
        self._dates = dates
        # The patient record's own record number and date of birth (known_identifiers.py).
        self._known = known or []
        names = sorted((name for name in labels_by_file_name if name), key=len, reverse=True)
        self._labels = {name.lower(): labels_by_file_name[name] for name in names}
        self._file_names = (
            re.compile(
                r"(?<![\w.])(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)",
                re.IGNORECASE,
            )
            if names
            else None
        )

    def __call__(self, text: str) -> str:
        if self._file_names is not None:
            text = self._file_names.sub(
                lambda m: self._labels.get(m.group(0).lower(), "[FILE]"), text
            )
        # One pass over the text: the name and the identifiers found in the same text, and
        # none of them where a clinical value stands ("Na 128" for a patient "Li Na").
        found = [
            *self._redact.findings(text),
            *identifier_findings(text),
            *known_identifier_findings(text, self._known),
            *(date_findings(text) if self._dates else ()),
        ]
        return replace(text, outside_values(text, found))

    def optional(self, text: str | None) -> str | None:
        return None if text is None else self(text)

    def reading(self, analysis: ImageAnalysis) -> ImageAnalysis:
        """An image reading with its free text scrubbed."""
        return analysis.model_copy(
            update={
                "findings": self(analysis.findings),
                "impression": self(analysis.impression),
                "key_abnormalities": [self(item) for item in analysis.key_abnormalities],
                "study_description": self.optional(analysis.study_description),
            }
        )
