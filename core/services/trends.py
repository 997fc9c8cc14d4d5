"""The patient over time: a patient's lab trends and timeline (cases, signed notes,
critical values), read as one doctor. Another doctor's patient is PatientNotFound."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from core.analysis.history import TrendSeries, lab_history, value_time
from core.analysis.labs.critical import describe_critical
from core.critical_results import METHOD_LABELS, CriticalResult
from core.jobs.patient_results import case_results
from core.lifecycle import SIGNED_STATES
from core.models import Case, Patient
from core.ports import Backend
from core.services.patients import PatientService

CASE_SEEN, NOTE_SIGNED, CRITICAL_VALUE = "case", "signed note", "critical value"
CRITICAL_ACKNOWLEDGED = "critical value acknowledged"


@dataclass(frozen=True)
class TimelineEntry:
    """One moment of the patient's record: a case seen, a note signed, a critical value."""

    at: datetime
    kind: str  # CASE_SEEN, NOTE_SIGNED or CRITICAL_VALUE
    case_id: str
    text: str


@dataclass(frozen=True)
class PatientTrends:
    """A patient's record over time: its cases, timeline (oldest first) and lab series."""

    patient: Patient
    cases: list[Case]
    timeline: list[TimelineEntry]
    series: list[TrendSeries]
    critical: list[CriticalResult] = field(default_factory=list)  # every case's, oldest first

    @property
    def waiting(self) -> list[CriticalResult]:
        """The critical values still waiting for the doctor's acknowledgment, oldest first."""
        return [result for result in self.critical if not result.acknowledged]

    @property
    def value_count(self) -> int:
        return sum(len(s.points) for s in self.series)


def patient_trends(patients: PatientService, backend: Backend, patient_id: Any) -> PatientTrends:
    """The record a patient's history is kept under (a merged record answers for the one it
    was merged into), with every case's values, signed notes and critical values."""
    patient = patients.record_of(patient_id)
    owner = patients.doctor.user_id
    cases = patients.patient_cases(patient.patient_id)
    insights = {c.case_id: backend.cases.get_insights(owner, c.case_id) for c in cases}
    results = case_results(backend, owner, cases, insights)
    values = {r.case_id: r.lab_values for r in results}
    timeline: list[TimelineEntry] = []
    for case in cases:
        timeline.append(
            TimelineEntry(case.created_at, CASE_SEEN, case.case_id, _seen(insights[case.case_id]))
        )
        for value in values[case.case_id]:
            if value.critical:  # when the blood was drawn, if the message says so
                at = value_time(value, case.created_at)
                timeline.append(
                    TimelineEntry(at, CRITICAL_VALUE, case.case_id, describe_critical(value))
                )
        if case.review_state in SIGNED_STATES:
            for note in backend.reviews.signed_notes(owner, case.case_id):
                what = (
                    "Note signed" if note.version == 1 else f"Note amended (version {note.version})"
                )
                timeline.append(TimelineEntry(note.signed_at, NOTE_SIGNED, case.case_id, what))
    critical = [r for case in cases for r in backend.critical.critical_results(owner, case.case_id)]
    critical.sort(key=lambda r: r.finding.found_at)
    timeline.extend(_acknowledged(result) for result in critical if result.acknowledged)
    order = {CASE_SEEN: 0, CRITICAL_VALUE: 1, CRITICAL_ACKNOWLEDGED: 2, NOTE_SIGNED: 3}
    timeline.sort(key=lambda e: (e.at, order[e.kind]))
    return PatientTrends(patient, cases, timeline, lab_history(results), critical)


def _acknowledged(result: CriticalResult) -> TimelineEntry:
    """ "Potassium 6.9 mmol/L (high) acknowledged by a@b.c, read back by telephone"."""
    done = result.acknowledgment
    assert done is not None
    method = METHOD_LABELS.get(done.method, done.method).lower()
    text = f"{result.finding.shown} acknowledged by {done.acknowledged_by_email}, {method}"
    return TimelineEntry(done.acknowledged_at, CRITICAL_ACKNOWLEDGED, result.finding.case_id, text)


def _seen(insights: dict[str, Any] | None) -> str:
    diagnosis = insights.get("primary_diagnosis") if isinstance(insights, dict) else None
    name = diagnosis.get("primary_diagnosis") if isinstance(diagnosis, dict) else None
    return f"Case seen: {name}" if isinstance(name, str) and name else "Case seen (not analysed)"
