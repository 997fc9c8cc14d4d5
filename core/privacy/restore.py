"""The placeholders of redaction put back for the case's owner, at display and export time.

What is stored stays redacted (the drafts, the insights, their seal): an engine never saw
the identifiers and no stored record gains them. Only the owner's own views (the case page,
the owner's exports and API answers) show them, and only what the owner already holds:

- ``[PATIENT]`` becomes the case's patient name (the case row the owner reads anyway).
- ``[IDENTIFIER]``, ``[CLINICIAN]`` and ``[NAME]`` are not restored: which record number,
  telephone or signing clinician a placeholder stood for is not kept anywhere, and keeping
  a map of them beside the insights would put identifiers where pilot reviewers and
  backups read. They read as plain words instead ("a withheld identifier"); the originals
  are in the owner's files.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import BaseModel

from core.privacy.findings import IDENTIFIER_PLACEHOLDER
from core.privacy.names import (
    CLINICIAN_PLACEHOLDER,
    NAME_PLACEHOLDER,
    PATIENT_PLACEHOLDER,
)

WITHHELD_WORDS: dict[str, str] = {
    IDENTIFIER_PLACEHOLDER: "(identifier withheld from the model)",
    CLINICIAN_PLACEHOLDER: "(clinician's name withheld from the model)",
    NAME_PLACEHOLDER: "(name withheld from the model)",
}
_PLACEHOLDERS = re.compile(
    "|".join(
        re.escape(p)
        for p in (
            PATIENT_PLACEHOLDER,
            IDENTIFIER_PLACEHOLDER,
            CLINICIAN_PLACEHOLDER,
            NAME_PLACEHOLDER,
        )
    )
)
# What only the analyzer writes and a restoration must leave as it is.
_KEPT_FIELDS = frozenset({"seal", "icd_code", "source_file_id", "file_id"})

Model = TypeVar("Model", bound=BaseModel)


def restore_text(text: str, patient_name: str) -> str:
    """``text`` with [PATIENT] as the patient's name and the other placeholders in words."""
    if not text or "[" not in text:
        return text
    name = " ".join(patient_name.split()) or "the patient"
    return _PLACEHOLDERS.sub(
        lambda m: name if m.group(0) == PATIENT_PLACEHOLDER else WITHHELD_WORDS[m.group(0)],
        text,
    )


def restore_in(value: Any, patient_name: str) -> Any:
    """Every string inside a stored JSON value (dicts, lists) restored for the owner."""
    if isinstance(value, str):
        return restore_text(value, patient_name)
    if isinstance(value, list):
        return [restore_in(item, patient_name) for item in value]
    if isinstance(value, dict):
        return {
            key: item if key in _KEPT_FIELDS else restore_in(item, patient_name)
            for key, item in value.items()
        }
    return value


def restored(record: Model, patient_name: str) -> Model:
    """A copy of ``record`` (insights, a lab value) with its texts restored for the owner."""
    stored = record.model_dump(mode="json")
    return type(record).model_validate(restore_in(stored, patient_name))
