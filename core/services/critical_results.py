"""Critical results acknowledged (issue #27): the case's critical values with their
acknowledgments, acknowledging one, and the time from finding to acknowledgment."""

from __future__ import annotations

import logging
import re
from typing import Any

from core import validation
from core.critical_results import (
    Acknowledgment,
    AcknowledgmentFigure,
    CriticalResult,
    acknowledgment_figure,
    comment_of,
    method_of,
)
from core.errors import CaseNotFound, CriticalValueNotFound, CriticalValuesUnacknowledged
from core.models import Doctor
from core.ports import Backend

log = logging.getLogger(__name__)

_VALUE_KEY = re.compile(r"^[0-9a-f]{64}$")


class CriticalResultsService:
    """One doctor's critical values: read, acknowledge, measure."""

    def __init__(self, doctor: Doctor, backend: Backend) -> None:
        self.doctor = doctor
        self.backend = backend

    def _own_case(self, case_id: Any) -> str:
        checked = validation.case_id(case_id)
        if self.backend.cases.get_case(self.doctor.user_id, checked) is None:
            raise CaseNotFound()
        return checked

    def critical_results(self, case_id: str) -> list[CriticalResult]:
        """The critical values of the case's current draft, each with its acknowledgment
        (None while it waits), and each value only an earlier draft held while it waits
        (CLSI GP47), oldest finding first."""
        checked = self._own_case(case_id)
        return self.backend.critical.critical_results(self.doctor.user_id, checked)

    def acknowledge(
        self, case_id: str, value_key: Any, method: Any, comment: Any = None
    ) -> Acknowledgment:
        """Record that the doctor took in one critical value, and how it was communicated.
        UnknownCommunicationMethod (422) for a method not on the list; AlreadyAcknowledged
        (409) the second time; CriticalValueNotFound (404) for a value the case lacks."""
        chosen = method_of(method)
        text = comment_of(comment)
        checked = self._own_case(case_id)
        key = str(value_key or "").strip().lower()
        if not _VALUE_KEY.match(key):
            raise CriticalValueNotFound()
        acknowledgment = self.backend.critical.acknowledge(
            self.doctor.user_id, checked, key, chosen, text
        )
        log.info("case %s: critical value acknowledged (%s)", checked, chosen.value)
        return acknowledgment

    def figure(self) -> AcknowledgmentFigure:
        """Median and 90th percentile time from finding to acknowledgment, over every
        critical value the doctor acknowledged."""
        delays = [
            a.seconds_to_acknowledge
            for a in self.backend.critical.acknowledgments(self.doctor.user_id)
        ]
        return acknowledgment_figure(delays)


def require_acknowledged(backend: Backend, doctor: Doctor, case_id: str) -> None:
    """CriticalValuesUnacknowledged while a critical value any draft of the case held
    waits for its acknowledgment: a note is signed only after every one (both stores
    refuse it too)."""
    waiting = [
        result
        for result in backend.critical.critical_results(doctor.user_id, case_id)
        if not result.acknowledged
    ]
    if waiting:
        names = ", ".join(result.finding.shown for result in waiting[:5])
        raise CriticalValuesUnacknowledged(
            f"Acknowledge the critical values first ({len(waiting)} waiting: {names}): who "
            "took each in, and how it was communicated"
        )
