"""Putting a seeded case into an analysis state the way the analyzer does: through the
backend's own repository, with the claim that ``seed_case`` took."""

from __future__ import annotations

import json
from datetime import timedelta

from core.bootstrap import Clinic
from core.insights import (
    CaseSummary,
    Insights,
    LabValue,
    PrimaryDiagnosis,
    Provenance,
    SoapNote,
)
from core.jobs.seal import seal as seal_of
from core.models import AuthSession, utc_now
from core.ports import CaseRepository
from tests.app.conftest import SEED_CLAIM


def repository(clinic: Clinic, auth: AuthSession) -> CaseRepository:
    return clinic.provider.for_session(auth).cases


def record_stage(clinic: Clinic, auth: AuthSession, case_id: str, stage: str) -> None:
    assert repository(clinic, auth).record_stage(auth.doctor.user_id, case_id, SEED_CLAIM, stage)


def complete(
    clinic: Clinic, auth: AuthSession, case_id: str, insights: Insights, seal: bool = True
) -> None:
    """Save insights as the analyzer does: sealed with the clinic's key (unless ``seal`` is
    False: then as a client writing the row itself would, with no valid seal)."""
    stored = insights.model_copy(deep=True)
    if seal and clinic.seal_key is not None:
        stored.provenance.seal = seal_of(case_id, stored.model_dump(mode="json"), clinic.seal_key)
    assert repository(clinic, auth).complete_analysis(
        auth.doctor.user_id, case_id, SEED_CLAIM, stored
    )


def fail(clinic: Clinic, auth: AuthSession, case_id: str, reason: str) -> None:
    assert repository(clinic, auth).fail_analysis(auth.doctor.user_id, case_id, SEED_CLAIM, reason)


def abandon(clinic: Clinic, case_id: str) -> None:
    """As if the process holding the case's claim died an hour ago (embedded backend)."""
    an_hour_ago = (utc_now() - timedelta(hours=1)).isoformat()
    with clinic.provider.database.write() as db:
        db.execute(
            "UPDATE cases SET analysis_claimed_at = ? WHERE case_id = ?", (an_hour_ago, case_id)
        )


def lab_values(source_file_id: str | None = None) -> list[LabValue]:
    def value(
        analyte: str, result: float, unit: str, low: float, high: float, flag: str | None
    ) -> LabValue:
        return LabValue(
            analyte=analyte,
            value=result,
            unit=unit,
            reference_low=low,
            reference_high=high,
            flag=flag,
            source_file_id=source_file_id,
        )

    return [
        value("Hemoglobin", 9.8, "g/dL", 12, 16, "low"),
        value("Platelets", 250, "x10^9/L", 150, 400, None),
        value("WBC", 14.2, "x10^9/L", 4, 11, "high"),
    ]


def sample_insights(
    *,
    icd_code: str = "D50.9",
    icd_code_valid: bool | None = True,
    values: list[LabValue] | None = None,
    warnings: tuple[str, ...] = ("Radiology image 2: the image is corrupt or truncated",),
) -> Insights:
    return Insights.compile(
        CaseSummary(
            comprehensive_summary="Anaemia with raised inflammatory markers.",
            key_findings=["Hemoglobin 9.8 g/dL (low)", "WBC 14.2 (high)"],
            lab_summary="Microcytic anaemia.",
            radiology_summary="Knee radiograph without fracture.",
            confidence_score=0.7,
        ),
        SoapNote(
            subjective="Fatigue for two months.",
            objective="Pale conjunctivae.",
            assessment="Iron deficiency anaemia.",
            plan="Ferritin, iron studies.",
        ),
        PrimaryDiagnosis(
            primary_diagnosis="Iron deficiency anaemia",
            icd_code=icd_code,
            description="Anaemia from low iron.",
            supporting_evidence=["Hemoglobin 9.8 g/dL (low; reference 12–16)"],
            confidence_score=0.6,
            icd_code_valid=icd_code_valid,
            icd_description="Iron deficiency anemia, unspecified" if icd_code_valid else None,
        ),
        generated_at=utc_now().isoformat(),
        lab_values=lab_values() if values is None else values,
        provenance=Provenance(
            engine="openai",
            model="gpt-test-mini",
            written_by="Language model gpt-test-mini: advisory, for the doctor to review",
            prompt_version="v3",
            warnings=list(warnings),
        ),
    )


def store_raw_insights(clinic: Clinic, auth: AuthSession, case_id: str, record: dict) -> None:
    """Finish the case's analysis, then put ``record`` in its insights row as it is (a
    damaged or foreign record that the analyzer would never write; embedded backend)."""
    complete(clinic, auth, case_id, sample_insights())
    with clinic.provider.database.write() as db:  # type: ignore[attr-defined]
        db.execute(
            "UPDATE case_insights SET ai_insights = ? WHERE case_id = ?",
            (json.dumps(record), case_id),
        )
