"""A doctor's patients: one record across cases, found by name or record number, likely
duplicates offered (never merged silently), merge and unmerge on the doctor's word."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from core import patients as matching
from core import validation
from core.audit import AuditAction
from core.errors import InvalidInput, MergeRefused, PatientNotFound
from core.models import (
    Case,
    Doctor,
    LikelyDuplicate,
    MergeSuggestion,
    NewCase,
    Patient,
    age_on,
    utc_now,
)
from core.ports import Backend
from core.services.audit import record_event

log = logging.getLogger(__name__)

MAX_SEARCH_RESULTS = 100


class PatientService:
    """The patient operations, acting as one doctor through one backend."""

    def __init__(self, doctor: Doctor, backend: Backend) -> None:
        self.doctor = doctor
        self.backend = backend

    @property
    def _owner(self) -> str:
        return self.doctor.user_id

    def create_patient(
        self,
        name: Any,
        sex: Any,
        date_of_birth: Any = None,
        record_number: Any = None,
    ) -> tuple[Patient, list[LikelyDuplicate]]:
        """A new record on its own (patient_created on the trail), and the existing ones that
        may be the same person (offered to the doctor, who may merge them; nothing is
        merged here)."""
        patient, duplicates = self._add(name, sex, date_of_birth, record_number)
        record_event(
            self.backend, self.doctor, AuditAction.PATIENT_CREATED, None,
            {"patient": patient.patient_id, "likely_duplicates": len(duplicates)},
        )  # fmt: skip
        return patient, duplicates

    def _add(
        self, name: Any, sex: Any, date_of_birth: Any, record_number: Any
    ) -> tuple[Patient, list[LikelyDuplicate]]:
        candidate = self._candidate(name, sex, date_of_birth, record_number)
        duplicates = matching.likely_duplicates(
            candidate, self.backend.patients.list_patients(self._owner)
        )
        patient = Patient(
            patient_id=str(uuid.uuid4()),
            user_id=self._owner,
            name=candidate.name,
            sex=candidate.sex,
            created_at=utc_now(),
            date_of_birth=candidate.date_of_birth,
            record_number=candidate.record_number,
        )
        self.backend.patients.add_patient(patient)
        # Handed back as stored: in Supabase mode the database sets created_at.
        patient = self.backend.patients.get_patient(self._owner, patient.patient_id) or patient
        log.info("patient %s created (%d likely duplicates)", patient.patient_id, len(duplicates))
        return patient, duplicates

    def likely_duplicates(
        self, name: Any, sex: Any, date_of_birth: Any = None, record_number: Any = None
    ) -> list[LikelyDuplicate]:
        """The doctor's records that may be the person about to be created."""
        candidate = self._candidate(name, sex, date_of_birth, record_number)
        return matching.likely_duplicates(
            candidate, self.backend.patients.list_patients(self._owner)
        )

    def get_patient(self, patient_id: Any) -> Patient:
        """One of the doctor's records (merged or not); PatientNotFound otherwise."""
        found = self.backend.patients.get_patient(self._owner, validation.patient_id(patient_id))
        if found is None:
            raise PatientNotFound()
        return found

    def update_patient(self, patient_id: Any, changes: Mapping[str, Any]) -> Patient:
        """Correct the record's name, date of birth or record number (its sex is fixed: a
        wrong one is a new record and a merge); patient_updated names the fields changed.
        The cases keep the details they were created with."""
        patient = self.get_patient(patient_id)
        unknown = sorted(set(changes) - set(matching.EDITABLE))
        if unknown:
            raise InvalidInput(f"These details cannot be changed: {', '.join(unknown)}")
        checked = self._candidate(
            changes.get("name", patient.name),
            patient.sex,
            changes.get("date_of_birth", patient.date_of_birth),
            changes.get("record_number", patient.record_number),
        )
        valid = {name: getattr(checked, name) for name in changes}
        changed = sorted(n for n, v in valid.items() if v != getattr(patient, n))
        if not changed:
            return patient
        updated = self.backend.patients.update_patient(
            self._owner, patient.patient_id, {n: valid[n] for n in changed}
        )
        if updated is None:
            raise PatientNotFound()
        record_event(
            self.backend, self.doctor, AuditAction.PATIENT_UPDATED, None,
            {"patient": patient.patient_id, "changed": "-".join(changed)},
        )  # fmt: skip
        log.info("patient %s updated (%s)", patient.patient_id, ", ".join(changed))
        return updated

    def open_patient(self, patient_id: Any) -> Patient:
        """``get_patient`` for a doctor opening the patient's page: recorded on the trail."""
        patient = self.get_patient(patient_id)
        record_event(
            self.backend, self.doctor, AuditAction.PATIENT_OPENED, None,
            {"patient": patient.patient_id},
        )  # fmt: skip
        return patient

    def record_of(self, patient_id: Any) -> Patient:
        """The record a patient's history is kept under: this one, or the one it is
        merged into."""
        patient = self.get_patient(patient_id)
        return self.get_patient(patient.merged_into) if patient.merged_into else patient

    def search(self, text: Any, limit: int = 20) -> list[Patient]:
        """The doctor's records (not merged into another) matching a name or record number."""
        if not isinstance(text, str):
            raise InvalidInput("Search text must be text")
        if not 1 <= limit <= MAX_SEARCH_RESULTS:
            raise InvalidInput(f"Limit must be between 1 and {MAX_SEARCH_RESULTS}")
        return self.backend.patients.search_patients(self._owner, text.strip(), limit)

    def list_patients(self) -> list[Patient]:
        """Every record of the doctor's, merged ones included, oldest first."""
        return self.backend.patients.list_patients(self._owner)

    def patient_cases(self, patient_id: Any) -> list[Case]:
        """The cases of the patient's whole record, oldest first."""
        patient = self.get_patient(patient_id)
        return self.backend.patients.patient_cases(self._owner, patient.patient_id)

    def merge_suggestions(self) -> list[MergeSuggestion]:
        """Pairs of the doctor's records that may be one person (none merged)."""
        return matching.merge_suggestions(self.list_patients())

    def merge(self, duplicate_id: Any, kept_id: Any) -> Patient:
        """Merge the duplicate record into the kept one, on the doctor's word; the store
        writes the patient_merged event. The kept record, as it now stands."""
        duplicate, kept = self.get_patient(duplicate_id), self.get_patient(kept_id)
        if duplicate.patient_id == kept.patient_id:
            raise MergeRefused("A record cannot be merged into itself")
        if kept.merged_into is not None:
            raise MergeRefused("That record is merged into another: merge into that one")
        if duplicate.merged_into is not None:
            raise MergeRefused("This record is merged already: unmerge it first")
        if any(p.merged_into == duplicate.patient_id for p in self.list_patients()):
            raise MergeRefused("Other records are merged into this one: merge the other way round")
        if not self.backend.patients.merge_patients(
            self._owner, duplicate.patient_id, kept.patient_id
        ):
            raise MergeRefused()  # changed meanwhile
        log.info("patient %s merged into %s", duplicate.patient_id, kept.patient_id)
        return kept

    def unmerge(self, patient_id: Any) -> Patient:
        """Undo the merge of this record (its own cases are its own again); the store
        writes the patient_unmerged event. The record, as it now stands."""
        patient = self.get_patient(patient_id)
        if patient.merged_into is None:
            raise MergeRefused("This record is not merged")
        if not self.backend.patients.unmerge_patient(self._owner, patient.patient_id):
            raise MergeRefused("This record is not merged")
        log.info("patient %s unmerged", patient.patient_id)
        return self.get_patient(patient.patient_id)

    def settled_form(self, form: NewCase) -> NewCase:
        """The new case's form, validated, with its patient settled (nothing written): the
        doctor's chosen record (the one it is merged into, if any: its name and gender,
        the age from its date of birth when known), or, with no ``patient_id``, the fields
        of the new record ``create_for_case`` makes."""
        today = datetime.now(UTC).date()
        if form.patient_id is not None:
            patient = self.record_of(form.patient_id)
            age = patient.age_on(today)
            return validation.new_case(
                replace(
                    form,
                    patient_name=patient.name,
                    patient_age=form.patient_age if age is None else age,
                    patient_gender=patient.sex,
                    patient_id=patient.patient_id,
                    date_of_birth=patient.date_of_birth,
                    record_number=patient.record_number,
                )
            )
        born = validation.date_of_birth(form.date_of_birth)
        if born is not None:
            form = replace(form, patient_age=age_on(born, today))
        return validation.new_case(form)

    def create_for_case(self, valid: NewCase) -> tuple[NewCase, list[LikelyDuplicate]]:
        """A settled form without a patient: its new record made, with the likely
        duplicates to offer; a form with a patient as it is. The record goes on the trail
        with its case (case_created), not as an event of its own."""
        if valid.patient_id is not None:
            return valid, []
        patient, duplicates = self._add(
            valid.patient_name, valid.patient_gender, valid.date_of_birth, valid.record_number
        )
        return replace(valid, patient_id=patient.patient_id), duplicates

    @staticmethod
    def _candidate(
        name: Any, sex: Any, date_of_birth: Any, record_number: Any
    ) -> matching.Candidate:
        return matching.Candidate(
            name=validation.patient_name(name),
            sex=validation.patient_gender(sex),
            date_of_birth=validation.date_of_birth(date_of_birth),
            record_number=validation.record_number(record_number),
        )
