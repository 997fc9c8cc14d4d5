"""The sections of a draft saved as each lands (#17), against every backend: kept under
the job's claim, merged when they land at once, cleared when an analysis starts or ends."""

from __future__ import annotations

import threading
import uuid
from datetime import timedelta

import pytest

from core.errors import CaseNotFound
from core.insights import Insights
from core.models import NewCase, utc_now
from tests.contract.harness import BackendHarness, SignedIn, claim_gone_quiet
from tests.doubles import sample_insights

STORED = sample_insights()


def _claimed(who: SignedIn) -> tuple[str, str]:
    form = NewCase(patient_name="Ada Example", patient_age=54, patient_gender="female")
    case_id = who.services.create_case(form, []).case.case_id
    claim = str(uuid.uuid4())
    assert who.backend.cases.claim_analysis(who.doctor.user_id, case_id, claim, utc_now())
    return case_id, claim


def test_each_section_is_kept_as_it_lands_and_the_page_reads_it(doctor_a: SignedIn) -> None:
    case_id, claim = _claimed(doctor_a)
    owner, cases = doctor_a.doctor.user_id, doctor_a.backend.cases
    assert doctor_a.services.draft_sections(case_id) == {}

    assert cases.save_draft_section(owner, case_id, claim, "soap_note", STORED["soap_note"])
    assert doctor_a.services.draft_sections(case_id) == {"soap_note": STORED["soap_note"]}
    assert cases.save_draft_section(owner, case_id, claim, "case_summary", STORED["case_summary"])
    assert doctor_a.services.draft_sections(case_id) == {
        "soap_note": STORED["soap_note"],
        "case_summary": STORED["case_summary"],
    }
    # The stage and status are the service's: saving a section moves neither.
    case = doctor_a.services.get_case(case_id).case
    assert (case.status, case.analysis_stage) == ("analyzing", "initialized")
    assert doctor_a.services.get_case(case_id).ai_insights is None


def test_only_the_claim_holder_saves_a_section(doctor_a: SignedIn) -> None:
    case_id, claim = _claimed(doctor_a)
    owner, cases = doctor_a.doctor.user_id, doctor_a.backend.cases
    section = STORED["case_summary"]
    assert not cases.save_draft_section(owner, case_id, str(uuid.uuid4()), "case_summary", section)
    assert doctor_a.services.draft_sections(case_id) == {}
    with pytest.raises(ValueError):
        cases.save_draft_section(owner, case_id, claim, "anything_else", section)


def test_sections_landing_at_once_are_all_kept(doctor_a: SignedIn) -> None:
    case_id, claim = _claimed(doctor_a)
    owner, cases = doctor_a.doctor.user_id, doctor_a.backend.cases
    names = ("case_summary", "soap_note", "primary_diagnosis")
    start = threading.Barrier(len(names))
    saved: list[bool] = []

    def land(name: str) -> None:
        start.wait()
        saved.append(cases.save_draft_section(owner, case_id, claim, name, STORED[name]))

    threads = [threading.Thread(target=land, args=(name,)) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert saved == [True, True, True]
    assert doctor_a.services.draft_sections(case_id) == {name: STORED[name] for name in names}


def test_the_finished_draft_replaces_the_landed_sections(doctor_a: SignedIn) -> None:
    case_id, claim = _claimed(doctor_a)
    owner, cases = doctor_a.doctor.user_id, doctor_a.backend.cases
    assert cases.save_draft_section(owner, case_id, claim, "case_summary", STORED["case_summary"])
    assert cases.complete_analysis(owner, case_id, claim, Insights.model_validate(STORED))
    assert doctor_a.services.draft_sections(case_id) == {}
    assert doctor_a.services.get_case(case_id).case.status == "completed"


def test_a_new_attempt_starts_without_the_old_sections(doctor_a: SignedIn) -> None:
    case_id, claim = _claimed(doctor_a)
    owner, cases = doctor_a.doctor.user_id, doctor_a.backend.cases
    assert cases.save_draft_section(owner, case_id, claim, "case_summary", STORED["case_summary"])
    doctor_a.services.request_analysis(case_id)
    assert doctor_a.services.draft_sections(case_id) == {}
    assert cases.claim_analysis(owner, case_id, str(uuid.uuid4()), utc_now())
    assert not cases.save_draft_section(owner, case_id, claim, "soap_note", STORED["soap_note"])
    assert doctor_a.services.draft_sections(case_id) == {}


def test_another_doctor_neither_reads_nor_writes_the_sections(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    case_id, claim = _claimed(doctor_a)
    section = STORED["case_summary"]
    assert doctor_a.backend.cases.save_draft_section(
        doctor_a.doctor.user_id, case_id, claim, "case_summary", section
    )
    assert doctor_b.backend.cases.draft_sections(doctor_b.doctor.user_id, case_id) == {}
    with pytest.raises(CaseNotFound):
        doctor_b.services.draft_sections(case_id)
    assert not doctor_b.backend.cases.save_draft_section(
        doctor_b.doctor.user_id, case_id, claim, "soap_note", STORED["soap_note"]
    )


def test_a_take_over_from_the_shared_queue_starts_from_no_sections(
    harness: BackendHarness, doctor_a: SignedIn
) -> None:
    case_id, claim = _claimed(doctor_a)
    owner, cases = doctor_a.doctor.user_id, doctor_a.backend.cases
    assert cases.save_draft_section(owner, case_id, claim, "soap_note", STORED["soap_note"])
    # The first job's claim has gone stale (its process died): another replica takes it.
    claim_gone_quiet(harness, case_id, 600)
    stale_before = utc_now() - timedelta(minutes=5)
    assert cases.claim_next_analysis(owner, str(uuid.uuid4()), stale_before) == case_id
    assert doctor_a.services.draft_sections(case_id) == {}


def test_the_reading_rounds_lab_values_are_kept_beside_the_sections(doctor_a: SignedIn) -> None:
    case_id, claim = _claimed(doctor_a)
    owner, cases = doctor_a.doctor.user_id, doctor_a.backend.cases
    values = {"lab_values": [{"analyte": "Potassium", "value": 6.9, "critical": True}]}
    assert cases.save_draft_section(owner, case_id, claim, "lab_values", values)
    assert cases.save_draft_section(owner, case_id, claim, "case_summary", STORED["case_summary"])
    assert doctor_a.services.draft_sections(case_id) == {
        "lab_values": values,
        "case_summary": STORED["case_summary"],
    }
