"""The case lifecycle (core.lifecycle), against every backend: who may set which status,
archive and restore, and the AI draft left behind by a change of the case."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from core.errors import InvalidInput
from core.models import NewCase, Upload, utc_now
from tests import samples
from tests.contract.harness import BackendHarness, SignedIn, claim_gone_quiet
from tests.doubles import HeldAnalyses, case_service, finish_analysis, put_in_status


def _open(who: SignedIn) -> str:
    form = NewCase(patient_name="Ada Example", patient_age=54, patient_gender="female")
    return who.services.create_case(form, []).case.case_id


@pytest.mark.parametrize("status", ["completed", "failed", "analyzing", "pending", "processing"])
def test_a_doctor_cannot_set_the_analyzers_statuses(doctor_a: SignedIn, status: str) -> None:
    case_id = _open(doctor_a)
    put_in_status(doctor_a.backend, doctor_a.doctor.user_id, case_id, "archived")
    before = doctor_a.services.get_case(case_id).case
    with pytest.raises(InvalidInput) as refused:
        doctor_a.services.update_case(case_id, {"status": status})
    assert refused.value.status == 400
    assert "archive" in refused.value.detail
    after = doctor_a.services.get_case(case_id).case
    assert (after.status, after.updated_at) == (before.status, before.updated_at)


@pytest.mark.parametrize("earlier", ["completed", "failed"])
def test_archive_then_restore_returns_to_the_earlier_status(
    doctor_a: SignedIn, earlier: str
) -> None:
    case_id = _open(doctor_a)
    put_in_status(doctor_a.backend, doctor_a.doctor.user_id, case_id, earlier)
    archived = doctor_a.services.update_case(case_id, {"status": "archived"})
    assert archived.status == "archived"
    restored = doctor_a.services.update_case(case_id, {"status": "active"})
    assert (restored.status, restored.archived_from) == (earlier, None)
    # Asking for the status a case already has changes nothing and is not an error.
    assert doctor_a.services.update_case(case_id, {"status": earlier}).status == earlier
    assert doctor_a.services.update_case(case_id, {"status": "active"}).status == earlier


def test_archiving_stops_an_analysis_and_restoring_queues_it_again(doctor_a: SignedIn) -> None:
    queue = HeldAnalyses()
    services = case_service(doctor_a.doctor, doctor_a.backend, queue)
    owner = doctor_a.doctor.user_id
    case_id = services.create_case(NewCase("Ada Example", 54, "female"), []).case.case_id
    cases, claim = doctor_a.backend.cases, str(uuid.uuid4())
    assert cases.claim_analysis(owner, case_id, claim, utc_now())
    services.update_case(case_id, {"status": "archived"})
    # The job's claim is gone: its next stage is refused and it stops.
    assert not cases.record_stage(owner, case_id, claim, "lab_documents_processed")

    restored = services.update_case(case_id, {"status": "active"})
    assert (restored.status, restored.analysis_stage) == ("analyzing", "initialized")
    assert queue.queued == [(owner, case_id), (owner, case_id)]  # created, then restored


def test_a_change_of_the_case_leaves_the_draft_behind(doctor_a: SignedIn) -> None:
    owner = doctor_a.doctor.user_id
    case_id = _open(doctor_a)
    finish_analysis(doctor_a.backend, owner, case_id, case_version=1)
    review = doctor_a.services.review
    assert not review.summary(case_id).draft_outdated

    doctor_a.services.update_case(case_id, {"patient_name": "Ada Example"})  # same value
    assert not review.summary(case_id).draft_outdated
    changed = doctor_a.services.update_case(case_id, {"patient_age": 55})
    assert changed.content_version == 2
    assert review.summary(case_id).draft_outdated

    finish_analysis(doctor_a.backend, owner, case_id, case_version=2)
    assert not review.summary(case_id).draft_outdated
    doctor_a.services.upload_file(case_id, Upload("later.pdf", samples.pdf_bytes(), "lab"))
    assert doctor_a.services.get_case(case_id).case.content_version == 3
    assert review.summary(case_id).draft_outdated


def test_a_finished_analysis_awaits_review(doctor_a: SignedIn) -> None:
    case_id = _open(doctor_a)
    assert doctor_a.services.get_case(case_id).case.review_state is None
    finish_analysis(doctor_a.backend, doctor_a.doctor.user_id, case_id)
    assert doctor_a.services.get_case(case_id).case.review_state == "awaiting_review"


def test_a_heartbeat_keeps_only_the_holders_claim_fresh(
    harness: BackendHarness, doctor_a: SignedIn
) -> None:
    case_id = _open(doctor_a)
    owner, cases = doctor_a.doctor.user_id, doctor_a.backend.cases
    claim, other = str(uuid.uuid4()), str(uuid.uuid4())
    assert cases.claim_analysis(owner, case_id, claim, utc_now())
    assert cases.heartbeat(owner, case_id, claim)
    assert not cases.heartbeat(owner, case_id, other)
    # A fresh claim cannot be taken; the attempt count says how often it was claimed.
    assert not cases.claim_analysis(owner, case_id, other, utc_now() - timedelta(seconds=30))
    claim_gone_quiet(harness, case_id, 60)  # the holder stopped beating a minute ago
    assert cases.claim_analysis(owner, case_id, other, utc_now() - timedelta(seconds=30))
    assert not cases.heartbeat(owner, case_id, claim)  # taken over: the old job stops
    assert doctor_a.services.get_case(case_id).case.analysis_attempts == 2
    doctor_a.services.request_analysis(case_id)
    assert doctor_a.services.get_case(case_id).case.analysis_attempts == 0
