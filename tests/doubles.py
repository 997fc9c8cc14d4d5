"""Hand-written stand-ins for the analyzer, and case services built the way tests need them."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from core import lifecycle
from core.analysis.reading.isolation import FileReading
from core.insights import Insights
from core.jobs.recovery import Recovery, RecoveryPolicy
from core.models import AuthSession, Doctor, utc_now
from core.ports import Accounts, Backend, BackendProvider, UnfinishedAnalysis
from core.services import DEFAULT_MAX_FILE_BYTES, AnalysisQueue, CaseService, Limits


class HeldAnalyses:
    """An analyzer that only records what it was asked to analyse: cases stay 'analyzing'."""

    def __init__(self) -> None:
        self.queued: list[tuple[str, str]] = []

    def enqueue(self, doctor: Doctor, case_id: str, open_backend: Callable[[], Backend]) -> None:
        self.queued.append((doctor.user_id, case_id))


def case_service(
    doctor: Doctor,
    backend: Backend,
    analyzer: AnalysisQueue | None = None,
    *,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    recovery: Recovery | None = None,
    seal_key: bytes | None = None,
    limits: Limits | None = None,
    fhir_patient_name: bool = True,
    reading: FileReading | None = None,
) -> CaseService:
    """The case operations of ``doctor`` on ``backend``; with no analyzer, analyses are held."""
    queue = analyzer if analyzer is not None else HeldAnalyses()
    return CaseService(
        doctor,
        backend,
        queue,
        recovery or Recovery(queue, RecoveryPolicy()),
        limits=limits or Limits(max_file_bytes=max_file_bytes),
        seal_key=seal_key,
        fhir_patient_name=fhir_patient_name,
        reading=reading,
    )


class CountingProvider:
    """Wraps a real backend provider and counts the session backends it opens and that
    their holders close, to prove no connection pool is left open."""

    def __init__(self, inner: BackendProvider) -> None:
        self._inner = inner
        self.opened = 0
        self.closed = 0
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._inner.name

    @property
    def accounts(self) -> Accounts:
        return self._inner.accounts

    @property
    def still_open(self) -> int:
        with self._lock:
            return self.opened - self.closed

    def for_session(self, session: AuthSession) -> Backend:
        return self._counted(self._inner.for_session(session))

    def for_analysis(self, session: AuthSession) -> Backend:
        return self._counted(self._inner.for_analysis(session))

    def _counted(self, backend: Backend) -> Backend:
        with self._lock:
            self.opened += 1

        def release() -> None:
            with self._lock:
                self.closed += 1
            backend.close()

        return replace(backend, release=release)

    def unfinished_analyses(self) -> list[UnfinishedAnalysis]:
        return self._inner.unfinished_analyses()

    def close(self) -> None:
        self._inner.close()


def put_in_status(backend: Backend, owner: str, case_id: str, status: str) -> None:
    """Move a new case (``analyzing``, unclaimed) to ``status`` the way its owner would
    see it happen: the analyzer finishes or fails it, or the doctor archives it."""
    if status == "analyzing":
        return
    if status == "archived":
        case = backend.cases.get_case(owner, case_id)
        assert case is not None
        assert backend.cases.update_case(owner, case_id, lifecycle.archived(case))
        return
    claim = str(uuid.uuid4())
    assert backend.cases.claim_analysis(owner, case_id, claim, utc_now())
    if status == "completed":
        insights = Insights.model_validate(sample_insights())
        assert backend.cases.complete_analysis(owner, case_id, claim, insights)
    elif status == "failed":
        assert backend.cases.fail_analysis(owner, case_id, claim, "Analysis failed: Test")
    else:
        raise AssertionError(f"no way to reach {status!r}")


def sample_insights(case_version: int | None = 1, summary: str = "Iron deficiency") -> dict:
    """Stored insights as the analyzer writes them (the shape of core.insights)."""
    return {
        "case_summary": {
            "comprehensive_summary": f"{summary} anaemia with raised inflammatory markers.",
            "key_findings": ["Hemoglobin 9.8 g/dL (low)", "WBC 14.2 (high)"],
            "lab_summary": "Microcytic anaemia.",
            "radiology_summary": "",
            "confidence_score": 0.7,
        },
        "soap_note": {
            "subjective": "Fatigue for two months.",
            "objective": "Pale conjunctivae. Hemoglobin 9.8 g/dL.",
            "assessment": "Iron deficiency anaemia.",
            "plan": "Ferritin, iron studies.",
            "confidence_score": 0.8,
        },
        "primary_diagnosis": {
            "primary_diagnosis": "Iron deficiency anaemia",
            "icd_code": "D50.9",
            "description": "Anaemia from low iron.",
            "supporting_evidence": ["Hemoglobin 9.8 g/dL"],
            "confidence_score": 0.6,
            "icd_code_valid": True,
        },
        "overall_confidence_score": 0.7,
        "generated_at": utc_now().isoformat(),
        "lab_values": [],
        "provenance": {
            "engine": "rules",
            "model": None,
            "written_by": "Offline rules engine (no language model)",
            "prompt_version": "rules-1",
            "case_version": case_version,
        },
    }


def finish_analysis(backend: Backend, owner: str, case_id: str, **insights: Any) -> None:
    """Complete the case's analysis as a job does: (re)request it, claim it, save a draft."""
    assert backend.cases.request_analysis(owner, case_id) is not None
    claim = str(uuid.uuid4())
    assert backend.cases.claim_analysis(owner, case_id, claim, utc_now())
    written = Insights.model_validate(sample_insights(**insights))
    assert backend.cases.complete_analysis(owner, case_id, claim, written)
