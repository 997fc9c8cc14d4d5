"""SupabasePatientRepository: a doctor's patient records through PostgREST, under RLS.

Merging and unmerging are the database's functions (public.merge_patients,
public.unmerge_patient): they set the pointer and write the audit event together, and
no client may do either by itself (supabase/migrations/20261126010000_patients.sql).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date
from typing import Any

from postgrest import SyncPostgrestClient, SyncSelectRequestBuilder
from postgrest.types import ReturnMethod

from core import patients as matching
from core.backends.supabase_cases import CASE_COLUMNS
from core.backends.supabase_errors import supabase_errors
from core.backends.supabase_rows import PAGE, Row, as_rows, every_row
from core.models import Case, Patient

_COLUMNS = "patient_id,user_id,name,sex,created_at,date_of_birth,record_number,merged_into"


def _patient_row(patient: Patient) -> dict[str, Any]:
    return {
        "patient_id": patient.patient_id,
        "user_id": patient.user_id,
        "name": patient.name,
        "sex": patient.sex,
        "created_at": patient.created_at.astimezone(UTC).isoformat(),
        "date_of_birth": patient.date_of_birth.isoformat() if patient.date_of_birth else None,
        "record_number": patient.record_number,
    }


class SupabasePatientRepository:
    def __init__(self, rest: SyncPostgrestClient) -> None:
        self._rest = rest

    def add_patient(self, patient: Patient) -> None:
        with supabase_errors():
            self._rest.from_("patients").insert(
                _patient_row(patient), returning=ReturnMethod.minimal
            ).execute()

    def get_patient(self, owner: str, patient_id: str) -> Patient | None:
        query = (
            self._rest.from_("patients")
            .select(_COLUMNS)
            .eq("patient_id", patient_id)
            .eq("user_id", owner)
        )
        with supabase_errors():
            rows = as_rows(query.execute().data)
        return Patient.from_row(rows[0]) if rows else None

    def update_patient(
        self, owner: str, patient_id: str, changes: Mapping[str, Any]
    ) -> Patient | None:
        writes = {
            name: value.isoformat() if isinstance(value, date) else value
            for name, value in changes.items()
            if name in matching.EDITABLE
        }
        if writes:
            query = (
                self._rest.from_("patients")
                .update(writes, returning=ReturnMethod.minimal)
                .eq("patient_id", patient_id)
                .eq("user_id", owner)
            )
            with supabase_errors():
                query.execute()
        return self.get_patient(owner, patient_id)

    def list_patients(self, owner: str) -> list[Patient]:
        def after(rows: list[Row]) -> SyncSelectRequestBuilder:
            query = self._rest.from_("patients").select(_COLUMNS).eq("user_id", owner)
            if rows:
                query = query.gt("patient_id", rows[-1]["patient_id"])
            return query.order("patient_id").limit(PAGE)

        found = [Patient.from_row(row) for row in every_row(after)]
        return sorted(found, key=lambda p: (p.created_at, p.patient_id))

    def search_patients(self, owner: str, text: str, limit: int = 20) -> list[Patient]:
        # Folded in Python (core.patients), as the embedded backend does.
        return matching.search(self.list_patients(owner), text, limit)

    def patient_cases(self, owner: str, patient_id: str) -> list[Case]:
        patient = self.get_patient(owner, patient_id)
        if patient is None:
            return []
        record = patient.merged_into or patient.patient_id
        members = (
            self._rest.from_("patients")
            .select("patient_id")
            .eq("user_id", owner)
            .or_(f"patient_id.eq.{record},merged_into.eq.{record}")
        )
        with supabase_errors():
            ids = [str(row["patient_id"]) for row in as_rows(members.execute().data)]
        cases = (
            self._rest.from_("cases")
            .select(CASE_COLUMNS)
            .eq("user_id", owner)
            .or_(",".join(f"patient_id.eq.{member}" for member in ids))
            .order("created_at")
            .order("case_id")
        )
        with supabase_errors():
            return [Case.from_row(row) for row in as_rows(cases.execute().data)]

    def merge_patients(self, owner: str, duplicate_id: str, kept_id: str) -> bool:
        arguments = {"p_patient": duplicate_id, "p_into": kept_id}
        with supabase_errors():
            merged = self._rest.rpc("merge_patients", arguments).execute()
        return merged.data is True

    def unmerge_patient(self, owner: str, patient_id: str) -> bool:
        with supabase_errors():
            undone = self._rest.rpc("unmerge_patient", {"p_patient": patient_id}).execute()
        return undone.data is True
