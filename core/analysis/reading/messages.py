"""A lab file that is a structured message (HL7 v2 or FHIR R4) read into a LabDocument.

Its values come from the message's fields, never from the text lab parser: the document is
marked ``structured`` so the reading round keeps them. A message that cannot be read gives
a warning naming the segment or element, and no values (its text is not guessed at).
"""

from __future__ import annotations

import logging

from core.analysis.reading.messages_common import MessageError, lab_values
from core.analysis.reading.messages_fhir import looks_like_fhir, read_fhir
from core.analysis.reading.messages_hl7 import looks_like_hl7, read_hl7
from core.insights import LabDocument

log = logging.getLogger(__name__)

HL7 = "HL7 v2"
FHIR = "FHIR"


def message_kind(extension: str, content: bytes) -> str | None:
    """HL7 for a ``.hl7`` file or a ``.txt`` starting with MSH; FHIR for ``.json`` and
    ``.xml``."""
    if extension == "hl7" or (extension == "txt" and looks_like_hl7(content)):
        return HL7
    if extension in ("json", "xml"):
        return FHIR
    return None


def message_problem(kind: str, content: bytes) -> str | None:
    """Why the message cannot be read at all (its reader's words, naming the segment or
    element), or None when it can: the upload check's question."""
    try:
        read_hl7(content) if kind == HL7 else read_fhir(content)
    except MessageError as error:
        return str(error)
    return None


def read_lab_message(kind: str, file_id: str, label: str, content: bytes) -> LabDocument:
    """The message's results as lab values, its patients for the case's check, its notes."""
    try:
        reading = read_hl7(content) if kind == HL7 else read_fhir(content)
    except MessageError as error:
        log.info("structured lab message refused (%s)", kind)
        return LabDocument(
            file_id=file_id,
            label=label,
            text="",
            structured=True,
            warnings=[f"{label}: the {kind} message could not be read: {error}"],
        )
    warnings = [f"{label}: {note}" for note in reading.notes]
    values = lab_values(reading.results, file_id)
    if not values:
        warnings.append(f"{label}: the {kind} message holds no numeric result MedCase reads")
    return LabDocument(
        file_id=file_id,
        label=label,
        text=reading.text,
        lab_values=values,
        warnings=warnings,
        structured=True,
        message_patients=reading.patients,
    )


__all__ = ["FHIR", "HL7", "looks_like_fhir", "message_kind", "message_problem", "read_lab_message"]
