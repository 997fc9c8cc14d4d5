"""The case operations. Each takes the acting doctor and the backend explicitly."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from core import validation
from core.errors import CaseNotFound, InternalError, InvalidInput, MedCaseError
from core.files import check_upload, display_name, storage_key
from core.models import (
    MAX_PAGE_SIZE,
    Case,
    CaseDetail,
    CaseFile,
    CasePage,
    CaseQuery,
    CaseStatus,
    CreatedCase,
    Doctor,
    NewCase,
    Upload,
    utc_now,
)
from core.ports import Backend
from core.safe_logging import failure_frames

log = logging.getLogger(__name__)

DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024


class AnalysisQueue(Protocol):
    def enqueue(self, doctor: Doctor, case_id: str, backend: Backend) -> None: ...

    def resume(self, doctor: Doctor, case_id: str, backend: Backend) -> bool: ...


def _valid_case_id(case_id: Any) -> str:
    """A malformed id names no case: the same 404 as another doctor's case."""
    try:
        return str(uuid.UUID(str(case_id)))
    except (ValueError, TypeError, AttributeError):
        raise CaseNotFound() from None


def _file_record(doctor: Doctor, case_id: str, upload: Upload, max_bytes: int) -> CaseFile:
    kind = check_upload(upload.file_name, upload.content, upload.category, max_bytes)
    file_id = str(uuid.uuid4())
    return CaseFile(
        file_id=file_id,
        case_id=case_id,
        user_id=doctor.user_id,
        file_name=display_name(upload.file_name),
        file_type=kind.mime_type,
        file_size=len(upload.content),
        file_url=storage_key(doctor.user_id, case_id, file_id, upload.file_name),
        file_category=upload.category,
        uploaded_at=utc_now(),
    )


def _store_files(backend: Backend, records: Sequence[CaseFile], uploads: Sequence[Upload]) -> None:
    """Store every file's bytes, or none: on failure the ones already stored are removed."""
    stored: list[str] = []
    try:
        for record, upload in zip(records, uploads, strict=True):
            backend.blobs.put(record.file_url, upload.content, record.file_type)
            stored.append(record.file_url)
    except Exception:
        _discard(backend, stored)
        raise


def _discard(backend: Backend, keys: Sequence[str]) -> None:
    if not keys:
        return
    try:
        backend.blobs.delete(keys)
    except Exception:  # noqa: BLE001 - cleanup must not hide the original failure
        log.error("could not remove %d stored file(s):\n%s", len(keys), failure_frames())


def _internal(error: Exception, action: str) -> MedCaseError:
    if isinstance(error, MedCaseError):
        return error
    log.error("%s failed:\n%s", action, failure_frames(error))
    return InternalError(f"{action} failed ({type(error).__name__})")


def create_case(
    doctor: Doctor,
    form: NewCase,
    uploads: Sequence[Upload],
    backend: Backend,
    *,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    analyzer: AnalysisQueue | None = None,
) -> CreatedCase:
    """Open a case with its files, all or nothing, then queue its analysis."""
    valid = validation.new_case(form)
    case_id = str(uuid.uuid4())
    records = [_file_record(doctor, case_id, upload, max_file_bytes) for upload in uploads]
    now = utc_now()
    case = Case(
        case_id=case_id,
        user_id=doctor.user_id,
        patient_name=valid.patient_name,
        patient_age=valid.patient_age,
        patient_gender=valid.patient_gender,
        case_summary=valid.case_summary,
        status=CaseStatus.ANALYZING.value,
        created_at=now,
        updated_at=now,
        analysis_stage="initialized",
    )
    try:
        _store_files(backend, records, uploads)
    except Exception as error:
        raise _internal(error, "storing the case files") from error
    try:
        backend.cases.add_case(case, records)
    except Exception as error:
        _discard(backend, [r.file_url for r in records])
        raise _internal(error, "saving the case") from error
    log.info("case %s created with %d file(s)", case_id, len(records))
    if analyzer is not None:
        analyzer.enqueue(doctor, case_id, backend)
    return CreatedCase(case=case, files=records)


def list_cases(doctor: Doctor, backend: Backend) -> list[Case]:
    """The doctor's cases in creation order."""
    return backend.cases.list_cases(doctor.user_id)


def _list_query(query: CaseQuery) -> CaseQuery:
    """The query as backends take it: search trimmed or None, statuses spelled out."""
    if not 1 <= query.limit <= MAX_PAGE_SIZE:
        raise InvalidInput(f"A page holds 1 to {MAX_PAGE_SIZE} cases")
    if query.offset < 0:
        raise InvalidInput("The page offset cannot be negative")
    search = query.search.strip() if isinstance(query.search, str) else None
    if query.statuses:
        statuses = tuple(dict.fromkeys(validation.case_status(s) for s in query.statuses))
    else:  # archived cases stay out of the list unless the doctor asks for them
        statuses = tuple(s.value for s in CaseStatus if s is not CaseStatus.ARCHIVED)
    return replace(query, search=search or None, statuses=statuses)


def list_case_page(doctor: Doctor, query: CaseQuery, backend: Backend) -> CasePage:
    """One page of the doctor's cases for the list, with the matching total and the
    caseload's count for every status (zeros included)."""
    page = backend.cases.list_case_page(doctor.user_id, _list_query(query))
    counts = {status.value: page.counts_by_status.get(status.value, 0) for status in CaseStatus}
    return replace(page, counts_by_status=counts)


def get_case(doctor: Doctor, case_id: str, backend: Backend) -> CaseDetail:
    """One of the doctor's cases with its files and AI insights (None until analysed)."""
    case_id = _valid_case_id(case_id)
    case = backend.cases.get_case(doctor.user_id, case_id)
    if case is None:
        raise CaseNotFound()
    files = backend.cases.list_files(doctor.user_id, case_id)
    insights = backend.cases.get_insights(doctor.user_id, case_id)
    return CaseDetail(case=case, files=files, ai_insights=insights)


def update_case(doctor: Doctor, case_id: str, changes: Mapping[str, Any], backend: Backend) -> Case:
    """Change name, age, notes or status; gender is fixed; updated_at is refreshed."""
    case_id = _valid_case_id(case_id)
    valid = validation.case_changes(changes)
    updated = backend.cases.update_case(doctor.user_id, case_id, valid)
    if updated is None:
        raise CaseNotFound()
    log.info("case %s updated (%s)", case_id, ", ".join(sorted(valid)))
    return updated


def delete_case(doctor: Doctor, case_id: str, backend: Backend) -> None:
    """Delete the case for good: its rows, insights and stored files."""
    case_id = _valid_case_id(case_id)
    keys = backend.cases.delete_case(doctor.user_id, case_id)
    if keys is None:
        raise CaseNotFound()
    _discard(backend, keys)
    try:
        backend.blobs.delete_folder(f"{doctor.user_id}/{case_id}/")
    except Exception:  # noqa: BLE001 - the rows are gone; leftover bytes are only logged
        log.error("could not remove the files of case %s:\n%s", case_id, failure_frames())
    log.info("case %s deleted", case_id)


def upload_file(
    doctor: Doctor,
    case_id: str,
    upload: Upload,
    backend: Backend,
    *,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
) -> CaseFile:
    """Add a lab file or radiology image to one of the doctor's cases."""
    case_id = _valid_case_id(case_id)
    if backend.cases.get_case(doctor.user_id, case_id) is None:
        raise CaseNotFound()
    record = _file_record(doctor, case_id, upload, max_file_bytes)
    try:
        _store_files(backend, [record], [upload])
    except Exception as error:
        raise _internal(error, "storing the file") from error
    try:
        added = backend.cases.add_file(doctor.user_id, record)
    except Exception as error:
        _discard(backend, [record.file_url])
        raise _internal(error, "saving the file record") from error
    if not added:
        _discard(backend, [record.file_url])
        raise CaseNotFound()
    log.info("file %s added to case %s", record.file_id, case_id)
    return record


def list_files(doctor: Doctor, case_id: str, backend: Backend) -> list[CaseFile]:
    """The case's files in upload order; an empty list when there are none."""
    case_id = _valid_case_id(case_id)
    if backend.cases.get_case(doctor.user_id, case_id) is None:
        raise CaseNotFound()
    return backend.cases.list_files(doctor.user_id, case_id)


def read_file(doctor: Doctor, case_id: str, file_id: str, backend: Backend) -> bytes:
    """The stored bytes of one of the case's files (for download and thumbnails)."""
    for record in list_files(doctor, case_id, backend):
        if record.file_id == file_id:
            return backend.blobs.get(record.file_url)
    raise CaseNotFound()


def request_analysis(
    doctor: Doctor, case_id: str, backend: Backend, analyzer: AnalysisQueue
) -> Case:
    """Re-run the analysis of a case (after a failure, or after files were added)."""
    case_id = _valid_case_id(case_id)
    case = backend.cases.request_analysis(doctor.user_id, case_id)
    if case is None:
        raise CaseNotFound()
    analyzer.enqueue(doctor, case_id, backend)
    return case


def resume_analysis(doctor: Doctor, case: Case, backend: Backend, analyzer: AnalysisQueue) -> bool:
    """Queue a case that is still marked analysing, in case no live job holds it any more.

    A process that stops mid-analysis leaves its cases ``analyzing``. The queued job claims
    the case only when it is unclaimed or its claim has gone stale, so a job alive in this
    or another process is left alone; the queue itself limits how often a case is asked
    for. Returns whether the case was queued.
    """
    if case.status != CaseStatus.ANALYZING.value:
        return False
    return analyzer.resume(doctor, case.case_id, backend)


def resume_analyses(doctor: Doctor, backend: Backend, analyzer: AnalysisQueue) -> int:
    """Queue every case of the doctor's still marked analysing; how many were queued.

    The embedded backend's start-up sweep sees every doctor's cases. Under Supabase the app
    sees only the signed-in doctor's rows (RLS), so the doctor's sign-in is where their
    unfinished analyses are picked up again.
    """
    resumed = 0
    query = CaseQuery(
        statuses=(CaseStatus.ANALYZING.value,), newest_first=False, limit=MAX_PAGE_SIZE
    )
    while True:
        page = backend.cases.list_case_page(doctor.user_id, query)
        for row in page.rows:
            resumed += resume_analysis(doctor, row.case, backend, analyzer)
        if len(page.rows) < query.limit:
            return resumed
        query = replace(query, offset=query.offset + query.limit)
