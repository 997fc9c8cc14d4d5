"""The case operations of one signed-in doctor, as one service object per session.

The clinic (``core.bootstrap``) builds a ``CaseService`` for a session with its backend,
the analyzer and the limits, so no caller can forget the analyzer or a limit.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, Protocol

from core import lifecycle, plain_text, validation
from core.analysis.reading.imaging import PREVIEW_LABEL
from core.analysis.reading.isolation import FileReading, InProcessReading
from core.audit import AuditAction, AuditEvent, ChainCheck, Checkpoint, checkpoint_seal
from core.errors import (
    CaseNotFound,
    EnrolledCaseKept,
    InternalError,
    InvalidInput,
    MedCaseError,
    SignedNoteKept,
)
from core.files import check_upload, display_name, extension_of, storage_key
from core.jobs.seal import is_sealed_by
from core.models import (
    MAX_PAGE_SIZE,
    Case,
    CaseDetail,
    CaseFile,
    CasePage,
    CaseQuery,
    CaseSort,
    CaseStatus,
    CreatedCase,
    Doctor,
    NewCase,
    Upload,
    utc_now,
)
from core.ports import Backend
from core.privacy.display import DisplayPolicy
from core.safe_logging import failure_frames
from core.services import export
from core.services.audit import record_event
from core.services.critical_results import CriticalResultsService
from core.services.leftover_files import LeftoverFiles
from core.services.patients import PatientService
from core.services.review import ReviewService
from core.services.trends import PatientTrends, patient_trends
from core.services.upload_limits import (
    DEFAULT_MAX_FILE_BYTES,
    Limits,
    check_case_size,
    check_request,
)
from core.unpacked import PDF_DAMAGED
from core.upload_stream import size_of

__all__ = ["DEFAULT_MAX_FILE_BYTES", "AnalysisQueue", "AnalysisRecovery", "CaseService", "Limits"]

log = logging.getLogger(__name__)
# The longer side of a radiology image shown in the case page's viewer, in pixels.
VIEW_SIDE = 1600


class AnalysisQueue(Protocol):
    """The background analyzer, as the case operations see it."""

    def enqueue(
        self, doctor: Doctor, case_id: str, open_backend: Callable[[], Backend]
    ) -> None: ...


class AnalysisRecovery(Protocol):
    """Offers unfinished analyses again (``core.jobs.recovery.Recovery``)."""

    def resume_case(
        self, doctor: Doctor, case: Case, open_backend: Callable[[], Backend]
    ) -> bool: ...

    def resume_doctor(
        self, doctor: Doctor, backend: Backend, open_backend: Callable[[], Backend]
    ) -> int: ...


class CaseService:
    """The case operations, acting as one doctor through one backend."""

    def __init__(
        self,
        doctor: Doctor,
        backend: Backend,
        analyzer: AnalysisQueue,
        recovery: AnalysisRecovery,
        *,
        limits: Limits | None = None,
        open_job_backend: Callable[[], Backend] | None = None,
        seal_key: bytes | None = None,
        fhir_patient_name: bool = True,
        reading: FileReading | None = None,
        leftovers: LeftoverFiles | None = None,
    ) -> None:
        self.doctor = doctor
        self.backend = backend
        self.analyzer = analyzer
        self.recovery = recovery
        self.limits = limits or Limits()
        self.seal_key = seal_key  # checks the analyzer's seal on the insights
        self.fhir_patient_name = fhir_patient_name  # the FHIR export names the patient
        # Where the patient's name appears: every front end asks this one policy.
        self.display = DisplayPolicy(fhir_patient_name=fhir_patient_name)
        # The clinic's reading (a child process per file, time and memory capped), so a
        # preview never decodes an image here; in-process for tests that build a service.
        self.reading = reading or InProcessReading()
        # How an analysis job gets its own backend: a fresh one for this doctor's session
        # from the clinic, or else this one, which the job must not close.
        self._open_job_backend = open_job_backend or backend.borrowed
        # What a failed clean-up could not remove, kept for the doctor's next token (the
        # clinic's, shared by the doctor's sessions; this service's own where a test builds one).
        self.leftovers = leftovers or LeftoverFiles()

    def close(self) -> None:
        """Free the backend's own connections (a new token or sign-out ends the service)."""
        self.backend.close()

    @property
    def review(self) -> ReviewService:
        """Review, sign and amend the AI draft of this doctor's cases."""
        return ReviewService(self.doctor, self.backend, self.display)

    @property
    def critical(self) -> CriticalResultsService:
        """The critical values of this doctor's cases and their acknowledgments."""
        return CriticalResultsService(self.doctor, self.backend)

    @property
    def patients(self) -> PatientService:
        """This doctor's patients: search, create, their cases, merge and unmerge."""
        return PatientService(self.doctor, self.backend)

    def patient_trends(self, patient_id: Any) -> PatientTrends:
        """The patient's record over time: cases, timeline and lab trends (core.services.trends)."""
        return patient_trends(self.patients, self.backend, patient_id)

    # --- cases ------------------------------------------------------------------------

    def create_case(
        self, form: NewCase, uploads: Sequence[Upload], request_key: str | None = None
    ) -> CreatedCase:
        """Open a case with its files, all or nothing, then queue its analysis. With a
        ``request_key`` (the form's submission, an API client's Idempotency-Key), a repeat
        of the same submission answers with the case the first one made: one submission,
        one case, however often it is sent."""
        doctor, backend = self.doctor, self.backend
        if request_key is not None:
            request_key = validation.request_key(request_key)
            earlier = self._created_by(request_key)
            if earlier is not None:
                return earlier
        patients = self.patients
        valid = patients.settled_form(form)
        check_request(self.limits, uploads)
        check_case_size(self.limits, [], uploads)
        case_id = str(uuid.uuid4())
        records = [self._file_record(case_id, upload) for upload in uploads]
        # The new patient's record goes in once the files are accepted (a refused file
        # leaves none behind); its likely duplicates are offered with the case.
        valid, duplicates = patients.create_for_case(valid)
        now = utc_now()
        case = Case(
            case_id=case_id,
            user_id=doctor.user_id,
            patient_name=valid.patient_name,
            patient_age=valid.patient_age,
            patient_gender=valid.patient_gender,
            case_summary=valid.case_summary,
            created_at=now,
            updated_at=now,
            patient_id=valid.patient_id,
            **lifecycle.created(),
        )
        try:
            self._store_files(records, uploads)
        except Exception as error:
            raise _internal(error, "storing the case files") from error
        try:
            backend.cases.add_case(case, records, request_key)
        except Exception as error:
            self._discard([r.file_url for r in records])
            # The same submission, sent twice at once: the other request made the case.
            earlier = self._created_by(request_key) if request_key else None
            if earlier is not None:
                return earlier
            raise _internal(error, "saving the case") from error
        # Handed back as stored: in Supabase mode the database sets its creation time.
        case = backend.cases.get_case(doctor.user_id, case_id) or case
        log.info("case %s created with %d file(s)", case_id, len(records))
        self._record(AuditAction.CASE_CREATED, case_id, {"files": len(records)})
        self.analyzer.enqueue(doctor, case_id, self._open_job_backend)
        return CreatedCase(case=case, files=records, likely_duplicates=duplicates)

    def made_by_request(self, request_key: str) -> bool:
        """Whether this doctor's earlier submission with ``request_key`` made a case (a
        repeat of it is answered with that case, whatever its form holds now)."""
        key = validation.request_key(request_key)
        return self.backend.cases.case_for_request(self.doctor.user_id, key) is not None

    def _created_by(self, request_key: str) -> CreatedCase | None:
        """The case this doctor's earlier request with ``request_key`` made, if any."""
        owner, cases = self.doctor.user_id, self.backend.cases
        case_id = cases.case_for_request(owner, request_key)
        case = cases.get_case(owner, case_id) if case_id else None
        if case is None:
            return None
        log.info("case %s: a repeated submission answered with the case it made", case.case_id)
        return CreatedCase(case=case, files=cases.list_files(owner, case.case_id))

    def list_cases(self) -> list[Case]:
        """The doctor's cases in creation order."""
        return self.backend.cases.list_cases(self.doctor.user_id)

    def list_case_page(self, query: CaseQuery) -> CasePage:
        """One page of the doctor's cases for the list, with the matching total and the
        caseload's count for every status (zeros included)."""
        page = self.backend.cases.list_case_page(self.doctor.user_id, _list_query(query))
        counts = {s.value: page.counts_by_status.get(s.value, 0) for s in CaseStatus}
        reviews = {
            s.value: page.counts_by_review_state.get(s.value, 0) for s in lifecycle.ReviewState
        }
        return replace(page, counts_by_status=counts, counts_by_review_state=reviews)

    def get_case(self, case_id: str) -> CaseDetail:
        """One of the doctor's cases with its files and AI insights (None until analysed)."""
        case_id = validation.case_id(case_id)
        cases, owner = self.backend.cases, self.doctor.user_id
        case = cases.get_case(owner, case_id)
        if case is None:
            raise CaseNotFound()
        files = cases.list_files(owner, case_id)
        insights = cases.get_insights(owner, case_id)
        verified = None
        if insights is not None and self.seal_key is not None:
            verified = is_sealed_by(case_id, insights, self.seal_key)
        return CaseDetail(case=case, files=files, ai_insights=insights, insights_verified=verified)

    def draft_sections(self, case_id: str) -> dict[str, Any]:
        """The sections of the draft being written that have landed ({} when none); only
        meaningful while the case is analysing (the finished draft is in the insights)."""
        case_id = validation.case_id(case_id)
        if self.backend.cases.get_case(self.doctor.user_id, case_id) is None:
            raise CaseNotFound()
        return self.backend.cases.draft_sections(self.doctor.user_id, case_id)

    def open_case(self, case_id: str) -> CaseDetail:
        """``get_case`` for a doctor opening the case (its page, or an API read): recorded
        on the audit trail. Polls and redraws use ``get_case``."""
        detail = self.get_case(case_id)
        self._record(AuditAction.CASE_OPENED, detail.case.case_id)
        return detail

    def update_case(self, case_id: str, changes: Mapping[str, Any]) -> Case:
        """Change name, age or notes, or archive / restore the case (``status`` 'archived' or
        'active'; the analyzer's statuses are refused); gender is fixed; updated_at is
        refreshed. A change of the patient's details or notes leaves the AI draft behind."""
        case_id = validation.case_id(case_id)
        valid = validation.case_changes(changes)
        cases, owner = self.backend.cases, self.doctor.user_id
        case = cases.get_case(owner, case_id)
        if case is None:
            raise CaseNotFound()
        writes = {name: value for name, value in valid.items() if name != "status"}
        if "status" in valid:
            writes.update(lifecycle.status_change(case, valid["status"]))
        if any(
            getattr(case, name) != writes[name] for name in lifecycle.CONTENT_FIELDS & set(writes)
        ):
            writes.update(lifecycle.content_changed(case))
        updated = cases.update_case(owner, case_id, writes)
        if updated is None:
            raise CaseNotFound()
        log.info("case %s updated (%s)", case_id, ", ".join(sorted(valid)))
        fields = sorted(name for name in valid if name != "status")
        if fields:  # field names, never values
            self._record(AuditAction.CASE_UPDATED, case_id, {"fields": fields})
        if writes.get("status") == lifecycle.ARCHIVE and case.status != lifecycle.ARCHIVE:
            self._record(AuditAction.CASE_ARCHIVED, case_id)
        elif case.status == lifecycle.ARCHIVE and writes.get("status") not in (None, case.status):
            self._record(AuditAction.CASE_RESTORED, case_id)
        if lifecycle.needs_analysis(writes):
            self.analyzer.enqueue(self.doctor, case_id, self._open_job_backend)
        return updated

    def delete_case(self, case_id: str) -> None:
        """Delete the case for good: its rows, insights and stored files. A case with a
        signed note (SignedNoteKept) or enrolled in a pilot (EnrolledCaseKept: its
        reviewers' reviews would go with it) is refused: archive it instead."""
        case_id = validation.case_id(case_id)
        backend, owner = self.backend, self.doctor.user_id
        if backend.cases.get_case(owner, case_id) is None:
            raise CaseNotFound()
        if backend.reviews.signed_notes(owner, case_id):
            raise SignedNoteKept()
        if backend.pilots.case_enrolments(owner, case_id):
            raise EnrolledCaseKept()
        # Recorded first: the trail may only speak of the doctor's own, existing cases.
        self._record(AuditAction.CASE_DELETED, case_id)
        keys = backend.cases.delete_case(owner, case_id)
        if keys is None:
            raise CaseNotFound()
        self._discard(keys)
        try:
            backend.blobs.delete_folder(f"{owner}/{case_id}/")
        except Exception:  # noqa: BLE001 - the rows are gone; the bytes wait for the next token
            log.error("could not remove the files of case %s:\n%s", case_id, failure_frames())
            self.leftovers.keep(owner, folders=[f"{owner}/{case_id}/"])
        log.info("case %s deleted", case_id)

    # --- files ------------------------------------------------------------------------

    def add_files(self, case_id: str, uploads: Sequence[Upload]) -> list[CaseFile]:
        """Add lab files and radiology images to one of the doctor's cases, then analyse the
        case again so the new files are read without waiting for the doctor's Re-run (an
        archived case stays as it is). A file refused stops there; those before it stay."""
        added = [self._add_file(case_id, upload) for upload in uploads]
        if added:
            self._analyse_new_files(validation.case_id(case_id))
        return added

    def upload_file(self, case_id: str, upload: Upload) -> CaseFile:
        """Add one lab file or radiology image, then analyse the case again (``add_files``)."""
        return self.add_files(case_id, [upload])[0]

    def _analyse_new_files(self, case_id: str) -> None:
        case = self.backend.cases.get_case(self.doctor.user_id, case_id)
        if case is None or case.status == CaseStatus.ARCHIVED.value:
            return
        self.request_analysis(case_id)

    def _add_file(self, case_id: str, upload: Upload) -> CaseFile:
        """Add a lab file or radiology image to one of the doctor's cases."""
        case_id = validation.case_id(case_id)
        backend, owner = self.backend, self.doctor.user_id
        if backend.cases.get_case(owner, case_id) is None:
            raise CaseNotFound()
        check_request(self.limits, [upload])
        check_case_size(self.limits, backend.cases.list_files(owner, case_id), [upload])
        record = self._file_record(case_id, upload)
        try:
            self._store_files([record], [upload])
        except Exception as error:
            raise _internal(error, "storing the file") from error
        try:
            added = backend.cases.add_file(owner, record)
        except Exception as error:
            self._discard([record.file_url])
            raise _internal(error, "saving the file record") from error
        if not added:
            self._discard([record.file_url])
            raise CaseNotFound()
        case = backend.cases.get_case(owner, case_id)
        if case is not None:  # the current AI draft did not read this file
            backend.cases.update_case(owner, case_id, lifecycle.content_changed(case))
        log.info("file %s added to case %s", record.file_id, case_id)
        details = {"file_id": record.file_id, "category": record.file_category}
        self._record(AuditAction.FILE_ADDED, case_id, details)
        return record

    def list_files(self, case_id: str) -> list[CaseFile]:
        """The case's files in upload order; an empty list when there are none."""
        case_id = validation.case_id(case_id)
        cases, owner = self.backend.cases, self.doctor.user_id
        if cases.get_case(owner, case_id) is None:
            raise CaseNotFound()
        return cases.list_files(owner, case_id)

    def read_file(self, case_id: str, file_id: str) -> bytes:
        """The stored bytes of one of the case's files."""
        return self.backend.blobs.get(self._file(case_id, file_id).file_url)

    def thumbnail(self, case_id: str, file_id: str) -> bytes:
        """A small PNG preview of one of the case's images, made by the clinic's reading;
        UnreadableImage ("This image: why") when none can be made, over a limit included."""
        record = self._file(case_id, file_id)
        load = partial(self.backend.blobs.get, record.file_url)
        return self.reading.thumbnail(record.file_id, PREVIEW_LABEL, record.file_name, load)

    def _file(self, case_id: str, file_id: str) -> CaseFile:
        for record in self.list_files(case_id):
            if record.file_id == file_id:
                return record
        raise CaseNotFound()

    def download_file(self, case_id: str, file_id: str) -> bytes:
        """``read_file`` for the doctor taking a copy: recorded on the audit trail. A DOCX
        is checked again as an upload is, in a reading child (one stored before round
        sixteen was not): with macros or a part Word fetches from elsewhere when it opens
        the copy, it is not handed out (InvalidInput saying why; nothing recorded)."""
        content = self._handed_out(case_id, file_id)
        details = {"file_id": str(file_id)}
        self._record(AuditAction.FILE_DOWNLOADED, validation.case_id(case_id), details)
        return content

    def check_download(self, case_id: str, file_id: str) -> None:
        """What ``download_file`` checks, without handing the bytes out or recording a
        download (the case page checks a DOCX before offering to save it)."""
        self._handed_out(case_id, file_id)

    def _handed_out(self, case_id: str, file_id: str) -> bytes:
        record = self._file(case_id, file_id)
        content = self.backend.blobs.get(record.file_url)
        if extension_of(record.file_name) == "docx":
            problem = self.reading.upload_headers("docx", content).problem
            if problem is not None:
                raise InvalidInput(
                    f"'{display_name(record.file_name)}' is not downloaded: {problem}"
                )
        return content

    def view_file(self, case_id: str, file_id: str) -> bytes:
        """``read_file`` for the doctor looking at it on the case page (no copy kept):
        recorded on the audit trail as a view."""
        content = self.read_file(case_id, file_id)
        self._record(AuditAction.FILE_VIEWED, validation.case_id(case_id), {"file_id": file_id})
        return content

    def view_pdf(self, case_id: str, file_id: str) -> bytes:
        """``view_file`` for a PDF the page draws, once the clinic's reading has opened its
        structure in a child (never in the web process: a hostile page tree or
        cross-reference table costs that child its limits); InvalidInput saying why when
        it does not open or holds no page, and then no view is recorded."""
        content = self.read_file(case_id, file_id)
        opened = self.reading.upload_headers("pdf", content)
        if not opened.matches:
            raise InvalidInput(opened.problem or PDF_DAMAGED)
        self._record(AuditAction.FILE_VIEWED, validation.case_id(case_id), {"file_id": file_id})
        return content

    def view_picture(self, case_id: str, file_id: str) -> bytes:
        """One of the case's radiology images as a PNG at viewing size, made by the
        clinic's reading (a DICOM windowed as the analyzer reads it); recorded as a view.
        UnreadableImage ("This image: why") when none can be made."""
        record = self._file(case_id, file_id)
        load = partial(self.backend.blobs.get, record.file_url)
        label, name = PREVIEW_LABEL, record.file_name
        picture = self.reading.radiology_image(record.file_id, label, name, load, VIEW_SIDE)
        self._record(AuditAction.FILE_VIEWED, validation.case_id(case_id), {"file_id": file_id})
        return picture.png

    def fhir_bundle(self, case_id: str, include_earlier: bool = False) -> dict[str, Any]:
        """The case's note as a FHIR R4 document Bundle (the signed version, else the draft
        marked preliminary), with the patient's earlier results of its tests when asked;
        recorded on the audit trail as an export."""
        bundle = export.fhir_bundle(
            self.doctor, self.backend, case_id, self.display, include_earlier
        )
        self.record_export(case_id, "fhir")
        return bundle

    def chart_markdown(self, case_id: str) -> str:
        """The note as a Markdown chart document (the signed version, else the draft marked
        DRAFT), for its owner; recorded on the audit trail as an export."""
        document = export.chart_markdown(self.doctor, self.backend, case_id, self.display)
        self.record_export(case_id, "markdown")
        return document

    def chart_pdf(self, case_id: str) -> bytes:
        """The note as a PDF chart document, for its owner; recorded as an export."""
        document = export.chart_pdf(self.doctor, self.backend, case_id, self.display)
        self.record_export(case_id, "pdf")
        return document

    def record_export(self, case_id: str, kind: str) -> None:
        """The doctor exported the case's note (``kind``: markdown, pdf, fhir)."""
        self._record(AuditAction.CASE_EXPORTED, validation.case_id(case_id), {"format": kind})

    # --- the audit trail ----------------------------------------------------------------

    def audit_events(self, case_id: str | None = None, limit: int = 1000) -> list[AuditEvent]:
        """The doctor's events, newest first; a case's only when ``case_id`` is given."""
        if case_id is not None:
            case_id = validation.case_id(case_id)
            if self.backend.cases.get_case(self.doctor.user_id, case_id) is None:
                raise CaseNotFound()
        return self.backend.audit.events(self.doctor.user_id, case_id, limit)

    def verify_audit(self) -> ChainCheck:
        """Whether the doctor's whole chain of events is intact, also against the app's
        sealed checkpoints; an intact chain is checkpointed as it stands (its count and head
        hash, sealed by the app's key, which the database never holds)."""
        owner, key = self.doctor.user_id, self.seal_key
        check = self.backend.audit.verify(owner, key)
        if not check.intact or key is None or check.head_hash is None:
            return check
        if check.anchored_seq == check.events_checked:
            return check
        seal = checkpoint_seal(key, owner, check.events_checked, check.head_hash)
        try:
            self.backend.audit.add_checkpoint(
                owner, Checkpoint(check.events_checked, check.head_hash, seal)
            )
        except MedCaseError:
            log.error("the audit checkpoint was not kept:\n%s", failure_frames())
            return check
        return replace(check, anchored_seq=check.events_checked, anchored_hash=check.head_hash)

    def record_sign_in(self) -> None:
        self._record(AuditAction.SIGNED_IN)

    def record_sign_out(self) -> None:
        self._record(AuditAction.SIGNED_OUT)

    def _record(
        self,
        action: AuditAction,
        case_id: str | None = None,
        details: Mapping[str, Any] | None = None,
    ) -> None:
        record_event(self.backend, self.doctor, action, case_id, details)

    def _file_record(self, case_id: str, upload: Upload) -> CaseFile:
        limits = self.limits
        kind = check_upload(
            upload.file_name,
            upload.content,
            upload.category,
            limits.max_file_bytes,
            limits.max_unpacked_bytes,
            # A DOCX's directory or a DICOM header is parsed by the clinic's reading: in a
            # child under its limits, after the parts were counted here.
            open_headers=self.reading.upload_headers,
        )
        file_id = str(uuid.uuid4())
        owner = self.doctor.user_id
        return CaseFile(
            file_id=file_id,
            case_id=case_id,
            user_id=owner,
            file_name=display_name(upload.file_name),
            file_type=kind.mime_type,
            file_size=size_of(upload.content),
            file_url=storage_key(owner, case_id, file_id, upload.file_name),
            file_category=upload.category,
            uploaded_at=utc_now(),
        )

    # --- analysis ---------------------------------------------------------------------

    def request_analysis(self, case_id: str) -> Case:
        """Re-run the analysis of a case (after a failure, or after files were added); an
        archived case is restored first (InvalidInput)."""
        case_id = validation.case_id(case_id)
        cases, owner = self.backend.cases, self.doctor.user_id
        case = cases.request_analysis(owner, case_id)
        if case is None:
            # The backend refused it on the row: not the owner's, or archived.
            current = cases.get_case(owner, case_id)
            if current is None:
                raise CaseNotFound()
            if not lifecycle.may_request_analysis(current.status):
                raise InvalidInput("The case is archived: restore it to analyze it again")
            raise CaseNotFound()
        self._record(AuditAction.ANALYSIS_REQUESTED, case_id)
        self.analyzer.enqueue(self.doctor, case_id, self._open_job_backend)
        return case

    def _store_files(self, records: Sequence[CaseFile], uploads: Sequence[Upload]) -> None:
        """Store every file's bytes, or none: on failure the ones already stored are removed.
        A streamed upload goes to storage a chunk at a time."""
        stored: list[str] = []
        try:
            for record, upload in zip(records, uploads, strict=True):
                self.backend.blobs.put(record.file_url, upload.content, record.file_type)
                stored.append(record.file_url)
        except Exception:
            self._discard(stored)
            raise

    def _discard(self, keys: Sequence[str]) -> None:
        """Remove stored files no row refers to; what storage refuses (an expired token)
        waits for the doctor's next token (``core.services.leftover_files``)."""
        if not keys:
            return
        try:
            self.backend.blobs.delete(keys)
        except Exception:  # noqa: BLE001 - cleanup must not hide the original failure
            log.error("could not remove %d stored file(s):\n%s", len(keys), failure_frames())
            self.leftovers.keep(self.doctor.user_id, keys)

    def remove_leftover_files(self) -> int:
        """Remove what a failed clean-up of this doctor's left, with this service's token
        (nothing to do, no request made)."""
        return self.leftovers.remove_with(self.doctor.user_id, self.backend.blobs)

    def resume_if_abandoned(self, case: Case) -> bool:
        """Offer a watched case still marked analyzing to the analyzer again, in case the
        process analysing it died (``core.jobs.recovery`` decides how often)."""
        return self.recovery.resume_case(self.doctor, case, self._open_job_backend)

    def resume_unfinished(self) -> int:
        """Offer every case of the doctor's still marked analyzing; how many were offered."""
        return self.recovery.resume_doctor(self.doctor, self.backend, self._open_job_backend)


def _internal(error: Exception, action: str) -> MedCaseError:
    if isinstance(error, MedCaseError):
        return error
    log.error("%s failed:\n%s", action, failure_frames(error))
    return InternalError(f"{action} failed ({type(error).__name__})")


def _list_query(query: CaseQuery) -> CaseQuery:
    """The query as backends take it: search trimmed or None, statuses spelled out, the
    sort one of ``CaseSort``."""
    if not 1 <= query.limit <= MAX_PAGE_SIZE:
        raise InvalidInput(f"A page holds 1 to {MAX_PAGE_SIZE} cases")
    if query.offset < 0:
        raise InvalidInput("The page offset cannot be negative")
    # In the names' normal form (validation.patient_name), or a pasted name would not match.
    search = plain_text.normalised(query.search).strip() if isinstance(query.search, str) else None
    if query.statuses:
        statuses = tuple(dict.fromkeys(validation.case_status(s) for s in query.statuses))
    else:  # archived cases stay out of the list unless the doctor asks for them
        statuses = tuple(s.value for s in CaseStatus if s is not CaseStatus.ARCHIVED)
    review_states = (
        tuple(dict.fromkeys(validation.review_state(s) for s in query.review_states))
        if query.review_states
        else None
    )
    validation.age_range(query.min_age, query.max_age)
    validation.time_range(query.created_from, query.created_before)
    diagnosis = (
        plain_text.normalised(query.diagnosis).strip() if isinstance(query.diagnosis, str) else None
    )
    sorts = {s.value for s in CaseSort}
    if query.sort not in sorts:
        raise InvalidInput(f"The list can be sorted by one of: {', '.join(sorted(sorts))}")
    return replace(
        query,
        search=search or None,
        statuses=statuses,
        review_states=review_states,
        diagnosis=diagnosis or None,
    )
