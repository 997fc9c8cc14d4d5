"""Critical results acknowledged (issue #27), on both backends through the ports and the
services: each critical value waits for its acknowledgment (who, when, how, a comment),
written once with its audit event; a re-analysis that finds the same value keeps it, a
new value needs its own; a note is signed only once every one is acknowledged (the
service and the store both refuse); the list puts the waiting cases first."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from core.analysis.labs.critical_keys import critical_value_key
from core.critical_results import CommunicationMethod
from core.errors import (
    AlreadyAcknowledged,
    CaseNotFound,
    CriticalValueNotFound,
    CriticalValuesUnacknowledged,
    InvalidInput,
    UnknownCommunicationMethod,
)
from core.insights import Insights, LabValue
from core.models import CaseQuery, NewCase, utc_now
from core.review import NoteToSign, signed_sections
from tests.contract.harness import SignedIn
from tests.doubles import sample_insights

FILE = str(uuid.uuid4())
CLOCK_SLACK = timedelta(seconds=5)  # the database's clock against the test's
POTASSIUM = LabValue(
    analyte="Potassium",
    value=6.9,
    unit="mmol/L",
    flag="high",
    critical=True,
    source_file_id=FILE,
    source_page=1,
    source_line="K 6.9 H",
)
INR = LabValue(analyte="INR", value=6.5, flag="high", critical=True, source_file_id=FILE)
SODIUM = LabValue(analyte="Sodium", value=139, unit="mmol/L", source_file_id=FILE)


def _insights(*values: LabValue) -> Insights:
    return Insights.model_validate(sample_insights()).model_copy(
        update={"lab_values": list(values)}
    )


def _new_case(who: SignedIn, name: str = "Ada Example") -> str:
    form = NewCase(patient_name=name, patient_age=61, patient_gender="female")
    return who.services.create_case(form, []).case.case_id


def _analyse(who: SignedIn, case_id: str, *values: LabValue) -> None:
    """(Re)analyse the case as a job does, its insights holding ``values``."""
    owner = who.doctor.user_id
    assert who.backend.cases.request_analysis(owner, case_id) is not None
    claim = str(uuid.uuid4())
    assert who.backend.cases.claim_analysis(owner, case_id, claim, utc_now())
    assert who.backend.cases.complete_analysis(owner, case_id, claim, _insights(*values))


def _analysed(who: SignedIn, *values: LabValue, name: str = "Ada Example") -> str:
    case_id = _new_case(who, name)
    _analyse(who, case_id, *values)
    return case_id


def _review_all(who: SignedIn, case_id: str) -> None:
    review = who.services.review
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        review.review_section(case_id, section, "accept")


def test_each_critical_value_waits_and_is_acknowledged_once_with_its_event(
    doctor_a: SignedIn,
) -> None:
    case_id = _analysed(doctor_a, POTASSIUM, INR, SODIUM)
    critical = doctor_a.services.critical
    waiting = critical.critical_results(case_id)
    assert sorted(r.finding.analyte for r in waiting) == ["INR", "Potassium"]
    assert not any(r.acknowledged for r in waiting)
    potassium = next(r for r in waiting if r.finding.analyte == "Potassium")
    assert potassium.finding.value_key == critical_value_key(POTASSIUM)
    assert potassium.finding.shown == "Potassium 6.9 mmol/L (high)"

    before = utc_now()
    done = critical.acknowledge(
        case_id, potassium.finding.value_key, "read_back_by_phone", "  Called ward 4B.  "
    )
    assert done.acknowledged_by == doctor_a.doctor.user_id
    assert done.acknowledged_by_email == doctor_a.doctor.email
    assert done.method == CommunicationMethod.READ_BACK_BY_PHONE
    assert done.comment == "Called ward 4B."
    assert done.acknowledged_at >= before - CLOCK_SLACK and done.found_at <= done.acknowledged_at

    states = {r.finding.analyte: r for r in critical.critical_results(case_id)}
    assert states["Potassium"].acknowledgment == done
    assert not states["INR"].acknowledged

    with pytest.raises(AlreadyAcknowledged):
        critical.acknowledge(case_id, potassium.finding.value_key, "in_person")
    with pytest.raises(UnknownCommunicationMethod):
        critical.acknowledge(case_id, states["INR"].finding.value_key, "carrier pigeon")
    with pytest.raises(InvalidInput):
        critical.acknowledge(case_id, states["INR"].finding.value_key, "in_person", "x" * 1001)
    with pytest.raises(CriticalValueNotFound):
        critical.acknowledge(case_id, critical_value_key(SODIUM), "in_person")
    with pytest.raises(CriticalValueNotFound):
        critical.acknowledge(case_id, "not-a-key", "in_person")

    events = [e for e in doctor_a.services.audit_events(case_id) if e.action.startswith("crit")]
    assert [(e.action, e.details) for e in events] == [
        (
            "critical_value_acknowledged",
            {"method": "read_back_by_phone", "value": potassium.finding.value_key},
        )
    ]
    assert "ward" not in events[0].details_json  # the comment stays off the trail
    assert doctor_a.services.verify_audit().intact


def test_another_doctor_neither_sees_nor_acknowledges(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    case_id = _analysed(doctor_a, POTASSIUM)
    key = critical_value_key(POTASSIUM)
    with pytest.raises(CaseNotFound):
        doctor_b.services.critical.critical_results(case_id)
    with pytest.raises(CaseNotFound):
        doctor_b.services.critical.acknowledge(case_id, key, "in_person")
    # The store itself, asked as the other doctor, refuses too.
    assert doctor_b.backend.critical.critical_results(doctor_b.doctor.user_id, case_id) == []
    with pytest.raises(CaseNotFound):
        doctor_b.backend.critical.acknowledge(
            doctor_b.doctor.user_id, case_id, key, CommunicationMethod.IN_PERSON, None
        )
    assert doctor_b.backend.critical.acknowledgments(doctor_b.doctor.user_id) == []
    assert not doctor_a.services.critical.critical_results(case_id)[0].acknowledged


def test_a_reanalysis_keeps_the_acknowledgment_of_the_same_value_and_asks_for_a_new_one(
    doctor_a: SignedIn,
) -> None:
    case_id = _analysed(doctor_a, POTASSIUM)
    first = doctor_a.services.critical.critical_results(case_id)[0]
    doctor_a.services.critical.acknowledge(case_id, first.finding.value_key, "seen_on_screen")

    _analyse(doctor_a, case_id, POTASSIUM.model_copy(update={"source_line": "K: 6.9 (H)"}))
    again = doctor_a.services.critical.critical_results(case_id)
    assert [r.finding.value_key for r in again] == [first.finding.value_key]
    assert again[0].acknowledged and again[0].finding.found_at == first.finding.found_at

    higher = POTASSIUM.model_copy(update={"value": 7.4})
    _analyse(doctor_a, case_id, POTASSIUM, higher)
    states = {
        r.finding.shown: r.acknowledged
        for r in doctor_a.services.critical.critical_results(case_id)
    }
    assert states == {"Potassium 6.9 mmol/L (high)": True, "Potassium 7.4 mmol/L (high)": False}

    # A value no longer found leaves the list once acknowledged (its acknowledgment is
    # kept); one that still waits stays, as a value an earlier analysis found (CLSI GP47).
    _analyse(doctor_a, case_id, SODIUM)
    left = doctor_a.services.critical.critical_results(case_id)
    assert [(r.finding.shown, r.acknowledged, r.finding.in_current_draft) for r in left] == [
        ("Potassium 7.4 mmol/L (high)", False, False)
    ]
    assert len(doctor_a.backend.critical.acknowledgments(doctor_a.doctor.user_id)) == 1


def test_a_note_is_signed_only_after_every_critical_value_is_acknowledged(
    doctor_a: SignedIn,
) -> None:
    case_id = _analysed(doctor_a, POTASSIUM, INR)
    _review_all(doctor_a, case_id)
    with pytest.raises(CriticalValuesUnacknowledged) as refused:
        doctor_a.services.review.sign(case_id)
    assert "2 waiting" in refused.value.detail
    # The store refuses as well, whoever calls it.
    draft = doctor_a.services.review.summary(case_id).draft
    assert draft is not None
    sections = {
        "case_summary": {"decision": "accepted", "text": {}, "reason": None},
        "soap_note": {"decision": "accepted", "text": {}, "reason": None},
        "primary_diagnosis": {"decision": "accepted", "text": {}, "reason": None},
    }
    with pytest.raises(CriticalValuesUnacknowledged):
        doctor_a.backend.reviews.sign_note(
            doctor_a.doctor.user_id, NoteToSign(case_id, 1, draft.draft_id, sections)
        )
    results = doctor_a.services.critical.critical_results(case_id)
    doctor_a.services.critical.acknowledge(case_id, results[0].finding.value_key, "in_person")
    with pytest.raises(CriticalValuesUnacknowledged):
        doctor_a.services.review.sign(case_id)
    doctor_a.services.critical.acknowledge(case_id, results[1].finding.value_key, "in_person")
    assert doctor_a.services.review.sign(case_id).version == 1


def test_a_critical_value_an_earlier_analysis_found_waits_for_its_acknowledgment(
    doctor_a: SignedIn,
) -> None:
    """A critical result once raised is acknowledged (CLSI GP47): a re-analysis that no
    longer finds it (another reading of the same report) does not let the note be signed
    without it; the case page and the list still show it, and it can be acknowledged."""
    case_id = _analysed(doctor_a, POTASSIUM)
    _analyse(doctor_a, case_id, SODIUM)  # the current draft holds no critical value
    (waiting,) = doctor_a.services.critical.critical_results(case_id)
    assert waiting.finding.value_key == critical_value_key(POTASSIUM)
    assert not waiting.acknowledged and not waiting.finding.in_current_draft
    (row,) = doctor_a.services.list_case_page(CaseQuery(unacknowledged_only=True)).rows
    assert row.case.case_id == case_id and row.unacknowledged_critical == 1
    assert row.critical_waiting_since == waiting.finding.found_at

    _review_all(doctor_a, case_id)
    with pytest.raises(CriticalValuesUnacknowledged):
        doctor_a.services.review.sign(case_id)
    draft = doctor_a.services.review.summary(case_id).draft
    assert draft is not None
    # The sections as reviewed (the store signs nothing else, sign17).
    sections = signed_sections(draft, doctor_a.services.review.summary(case_id).reviews)
    with pytest.raises(CriticalValuesUnacknowledged):  # the store, whoever calls it
        doctor_a.backend.reviews.sign_note(
            doctor_a.doctor.user_id, NoteToSign(case_id, 1, draft.draft_id, sections)
        )

    done = doctor_a.services.critical.acknowledge(case_id, waiting.finding.value_key, "in_person")
    assert done.found_at == waiting.finding.found_at
    assert doctor_a.services.critical.critical_results(case_id) == []
    assert doctor_a.services.list_case_page(CaseQuery(unacknowledged_only=True)).rows == []
    assert doctor_a.services.review.sign(case_id).version == 1


def test_the_list_puts_cases_with_waiting_critical_values_first(doctor_a: SignedIn) -> None:
    calm = _analysed(doctor_a, SODIUM, name="Calm Patient")
    waiting = _analysed(doctor_a, POTASSIUM, name="Waiting Patient")
    seen = _analysed(doctor_a, INR, name="Seen Patient")
    newest = _new_case(doctor_a, "Newest Patient")
    key = doctor_a.services.critical.critical_results(seen)[0].finding.value_key
    doctor_a.services.critical.acknowledge(seen, key, "message_to_responsible_clinician")

    page = doctor_a.services.list_case_page(CaseQuery(critical_first=True))
    assert [row.case.case_id for row in page.rows] == [waiting, seen, newest, calm]
    rows = {row.case.case_id: row for row in page.rows}
    assert (rows[waiting].unacknowledged_critical, rows[waiting].critical_count) == (1, 1)
    assert (rows[seen].unacknowledged_critical, rows[seen].critical_count) == (0, 1)
    found = doctor_a.services.critical.critical_results(waiting)[0].finding.found_at
    assert rows[waiting].critical_waiting_since == found
    assert rows[seen].critical_waiting_since is None

    only = doctor_a.services.list_case_page(CaseQuery(unacknowledged_only=True))
    assert [row.case.case_id for row in only.rows] == [waiting] and only.total == 1
    plain = doctor_a.services.list_case_page(CaseQuery())
    assert [row.case.case_id for row in plain.rows] == [newest, seen, waiting, calm]


def test_the_figure_is_the_median_and_90th_percentile_time_to_acknowledge(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    assert doctor_a.services.critical.figure().count == 0
    for name in ("One", "Two", "Three"):
        case_id = _analysed(doctor_a, POTASSIUM, name=name)
        key = doctor_a.services.critical.critical_results(case_id)[0].finding.value_key
        doctor_a.services.critical.acknowledge(case_id, key, "in_person")
    figure = doctor_a.services.critical.figure()
    delays = sorted(
        a.seconds_to_acknowledge
        for a in doctor_a.backend.critical.acknowledgments(doctor_a.doctor.user_id)
    )
    assert figure.count == 3 and figure.median_seconds == delays[1]
    assert figure.p90_seconds is not None and delays[1] <= figure.p90_seconds <= delays[2]
    assert doctor_b.services.critical.figure().count == 0
