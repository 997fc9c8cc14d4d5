"""Critical results acknowledged (issue #27; CLSI GP47, CAP): each critical value the
analysis finds waits until the doctor says who took it in, and how it was communicated.

A critical value is known by its key (``core.analysis.labs.critical_keys``): the same
value found again by a re-analysis keeps its acknowledgment, a new one needs its own.
The stores write an acknowledgment with their own time and its audit event together.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import Any

from core.errors import InvalidInput, UnknownCommunicationMethod
from core.plain_text import normalised, without_hidden_characters

MAX_COMMENT_CHARS = 1000
VALUE_KEY_CHARS = 64  # a SHA-256 in hex


class CommunicationMethod(StrEnum):
    """How the critical value reached the responsible doctor (a fixed list)."""

    READ_BACK_BY_PHONE = "read_back_by_phone"
    IN_PERSON = "in_person"
    SEEN_ON_SCREEN = "seen_on_screen"
    MESSAGE_TO_RESPONSIBLE_CLINICIAN = "message_to_responsible_clinician"


METHOD_LABELS: dict[str, str] = {
    CommunicationMethod.READ_BACK_BY_PHONE: "Read back by telephone",
    CommunicationMethod.IN_PERSON: "In person",
    CommunicationMethod.SEEN_ON_SCREEN: "Seen on screen",
    CommunicationMethod.MESSAGE_TO_RESPONSIBLE_CLINICIAN: "Message to the responsible clinician",
}


@dataclass(frozen=True)
class CriticalFinding:
    """A critical value of the case, and when it was first found; ``in_current_draft`` is
    False for one only an earlier analysis found (it waits all the same: CLSI GP47)."""

    case_id: str
    value_key: str
    analyte: str
    shown: str  # "Potassium 6.8 mmol/L (high)": no patient data
    found_at: datetime
    in_current_draft: bool = True


@dataclass(frozen=True)
class Acknowledgment:
    """Who took a critical value in, when (the store's time) and how."""

    case_id: str
    value_key: str
    acknowledged_by: str
    acknowledged_by_email: str
    acknowledged_at: datetime
    found_at: datetime
    method: str
    comment: str | None = None

    @property
    def seconds_to_acknowledge(self) -> float:
        return max(0.0, (self.acknowledged_at - self.found_at).total_seconds())


@dataclass(frozen=True)
class CriticalResult:
    """A critical value with its acknowledgment (None: still waiting)."""

    finding: CriticalFinding
    acknowledgment: Acknowledgment | None = None

    @property
    def acknowledged(self) -> bool:
        return self.acknowledgment is not None


def results_of_case(
    findings: Sequence[tuple[str, CriticalFinding]],
    current_draft: str | None,
    acknowledged: Mapping[str, Acknowledgment],
) -> list[CriticalResult]:
    """The case's critical values from its findings (each with its draft's id): every value
    of the current draft, acknowledged or not, and each value only earlier drafts held
    while it waits (a critical result once raised is acknowledged, CLSI GP47; once it is,
    it leaves the list and its acknowledgment is kept). Each key once, oldest first."""
    current = {f.value_key: f for draft, f in findings if draft == current_draft}
    chosen = dict(current)
    for _, finding in findings:
        key = finding.value_key
        if key not in chosen and key not in acknowledged:
            chosen[key] = replace(finding, in_current_draft=False)
    ordered = sorted(chosen.values(), key=lambda f: (f.found_at, f.shown))
    return [CriticalResult(f, acknowledged.get(f.value_key)) for f in ordered]


@dataclass(frozen=True)
class AcknowledgmentFigure:
    """The time from finding to acknowledgment over a doctor's acknowledged values."""

    count: int
    median_seconds: float | None
    p90_seconds: float | None


def acknowledgment_figure(delays: Sequence[float]) -> AcknowledgmentFigure:
    """Median and 90th percentile (``statistics.quantiles``, inclusive) of the delays in
    seconds; None for both when nothing has been acknowledged."""
    ordered = sorted(float(delay) for delay in delays)
    if not ordered:
        return AcknowledgmentFigure(0, None, None)
    p90 = (
        ordered[0]
        if len(ordered) == 1
        else statistics.quantiles(ordered, n=10, method="inclusive")[-1]
    )
    return AcknowledgmentFigure(len(ordered), statistics.median(ordered), p90)


def method_of(value: Any) -> CommunicationMethod:
    """The communication method named; UnknownCommunicationMethod for anything else."""
    try:
        return CommunicationMethod(str(value).strip())
    except ValueError:
        known = ", ".join(method.value for method in CommunicationMethod)
        raise UnknownCommunicationMethod(
            f"Unknown communication method; use one of: {known}"
        ) from None


def comment_of(value: Any) -> str | None:
    """The optional comment, trimmed (None when blank); at most MAX_COMMENT_CHARS."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInput("The comment must be text")
    lines = normalised(value).replace("\r\n", "\n").split("\n")
    text = "\n".join(without_hidden_characters(line) for line in lines).strip()
    if len(text) > MAX_COMMENT_CHARS:
        raise InvalidInput(f"The comment is longer than {MAX_COMMENT_CHARS} characters")
    return text or None


def waited_text(seconds: float) -> str:
    """A wait in a doctor's words: "45 s", "12 min", "3 h 05 min", "2 d 4 h"."""
    whole = max(0, int(seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min"
    if whole < 86400:
        return f"{whole // 3600} h {whole % 3600 // 60:02d} min"
    return f"{whole // 86400} d {whole % 86400 // 3600} h"
