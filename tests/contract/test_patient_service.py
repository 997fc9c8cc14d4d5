"""Creating cases for patients through the services, on both backends (#27): a new patient
from the form, an existing one picked, likely duplicates offered and never merged
silently, merge and unmerge with their reasons and audit events."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from core.errors import InvalidInput, MergeRefused, PatientNotFound
from core.models import NewCase
from core.patients import SAME_BIRTH_DATE, SAME_RECORD_NUMBER
from tests.contract.harness import SignedIn

BORN = date(1950, 6, 15)


def _age(born: date) -> int:
    today = datetime.now(UTC).date()
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def _new(who: SignedIn, name: str = "María García", **extra):  # type: ignore[no-untyped-def]
    form = NewCase(patient_name=name, patient_age=40, patient_gender="female", **extra)
    return who.services.create_case(form, [])


def test_a_new_patient_from_the_form_and_the_age_from_the_birth_date(
    doctor_a: SignedIn,
) -> None:
    created = _new(doctor_a, date_of_birth=BORN, record_number=" MRN-1 ")
    case = created.case
    assert case.patient_age == _age(BORN)  # not the 40 typed: the date of birth says
    patient = doctor_a.services.patients.get_patient(case.patient_id)
    assert (patient.name, patient.sex, patient.date_of_birth, patient.record_number) == (
        "María García",
        "female",
        BORN,
        "MRN-1",
    )
    assert created.likely_duplicates == []
    stored = doctor_a.services.get_case(case.case_id).case
    assert stored.patient_id == patient.patient_id
    # The record goes on the trail with its case; one made on its own has an event.
    events = doctor_a.services.audit_events()
    # (The doctor's first event: setting how they sign, as the harness signs them up.)
    assert [e.action for e in events] == ["case_created", "signer_profile_updated"]
    alone, offered = doctor_a.services.patients.create_patient("Garcia Maria", "female", BORN)
    assert [d.patient.patient_id for d in offered] == [patient.patient_id]
    events = doctor_a.services.audit_events()
    assert (events[0].action, events[0].case_id, events[0].details) == (
        "patient_created",
        None,
        {"patient": alone.patient_id, "likely_duplicates": 1},
    )
    assert "arcia" not in str([e.details for e in events])


def test_a_second_case_for_the_same_patient_picked_from_the_search(doctor_a: SignedIn) -> None:
    first = _new(doctor_a, date_of_birth=BORN).case
    patients = doctor_a.services.patients
    [found] = patients.search("garcia maria")
    assert found.patient_id == first.patient_id
    # Picked: the name, gender and age are the record's, whatever the form says.
    second = doctor_a.services.create_case(
        NewCase(
            patient_name="ignored",
            patient_age=3,
            patient_gender="male",
            patient_id=found.patient_id,
        ),
        [],
    )
    assert second.likely_duplicates == []
    assert (second.case.patient_name, second.case.patient_gender, second.case.patient_age) == (
        "María García",
        "female",
        _age(BORN),
    )
    cases = patients.patient_cases(found.patient_id)
    assert [c.case_id for c in cases] == [first.case_id, second.case.case_id]
    assert len(patients.list_patients()) == 1


def test_likely_duplicates_are_offered_and_never_merged(doctor_a: SignedIn) -> None:
    first = _new(doctor_a, date_of_birth=BORN, record_number="A-77").case
    again = _new(doctor_a, "GARCIA, Maria", date_of_birth=BORN)
    assert [(d.patient.patient_id, d.reasons) for d in again.likely_duplicates] == [
        (first.patient_id, (SAME_BIRTH_DATE,))
    ]
    assert again.case.patient_id != first.patient_id
    patients = doctor_a.services.patients
    assert [c.case_id for c in patients.patient_cases(first.patient_id)] == [first.case_id]
    offered = patients.likely_duplicates("Someone Else", "male", None, "a77")
    assert [(d.patient.patient_id, d.reasons) for d in offered] == [
        (first.patient_id, (SAME_RECORD_NUMBER,))
    ]
    [suggestion] = patients.merge_suggestions()
    assert (suggestion.kept.patient_id, suggestion.duplicate.patient_id) == (
        first.patient_id,
        again.case.patient_id,
    )


def test_merge_and_unmerge_through_the_service(doctor_a: SignedIn) -> None:
    first = _new(doctor_a, date_of_birth=BORN).case
    second = _new(doctor_a, "Garcia Maria", date_of_birth=BORN).case
    patients = doctor_a.services.patients
    kept = patients.merge(second.patient_id, first.patient_id)
    assert kept.patient_id == first.patient_id
    both = [first.case_id, second.case_id]
    assert [c.case_id for c in patients.patient_cases(second.patient_id)] == both
    assert patients.merge_suggestions() == []
    # A new case for the merged record goes to the record it is merged into.
    third = doctor_a.services.create_case(
        NewCase("x", 1, "female", patient_id=second.patient_id), []
    )
    assert third.case.patient_id == first.patient_id
    with pytest.raises(MergeRefused, match="merged already"):
        patients.merge(second.patient_id, first.patient_id)
    with pytest.raises(MergeRefused, match="merged into another"):
        patients.merge(first.patient_id, second.patient_id)
    with pytest.raises(MergeRefused, match="into itself"):
        patients.merge(first.patient_id, first.patient_id)
    with pytest.raises(MergeRefused, match="not merged"):
        patients.unmerge(first.patient_id)
    unmerged = patients.unmerge(second.patient_id)
    assert unmerged.merged_into is None
    assert [c.case_id for c in patients.patient_cases(second.patient_id)] == [second.case_id]
    actions = [e.action for e in reversed(doctor_a.services.audit_events())]
    assert [a for a in actions if a.startswith("patient_")] == [
        "patient_merged",
        "patient_unmerged",
    ]
    assert doctor_a.services.verify_audit().intact


def test_another_doctors_patient_cannot_be_picked_searched_or_merged(
    harness, doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    theirs = _new(doctor_a, date_of_birth=BORN).case
    rows = harness.row_counts()
    b = doctor_b.services
    with pytest.raises(PatientNotFound):
        b.create_case(NewCase("x", 1, "female", patient_id=theirs.patient_id), [])
    for attempt in (
        lambda: b.patients.get_patient(theirs.patient_id),
        lambda: b.patients.patient_cases(theirs.patient_id),
        lambda: b.patients.unmerge(theirs.patient_id),
        lambda: b.patients.get_patient("not-an-id"),
    ):
        with pytest.raises(PatientNotFound):
            attempt()
    mine = _new(doctor_b).case
    with pytest.raises(PatientNotFound):
        b.patients.merge(mine.patient_id, theirs.patient_id)
    assert b.patients.search("garcia") == [b.patients.get_patient(mine.patient_id)]
    assert harness.row_counts()["cases"] == rows["cases"] + 1


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"date_of_birth": "1950-13-01"}, "Date of birth"),
        ({"date_of_birth": date(2999, 1, 1)}, "past date"),
        ({"record_number": "x" * 65}, "at most 64"),
        ({"record_number": "A\u202e1"}, "Record number must not contain"),
    ],
)
def test_a_new_patients_details_are_checked(
    doctor_a: SignedIn, extra: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidInput, match=message):
        _new(doctor_a, **extra)
    assert doctor_a.services.patients.list_patients() == []


def test_a_records_details_are_corrected_and_the_trail_names_the_fields_only(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    patients = doctor_a.services.patients
    case = _new(doctor_a, record_number="MRN-1").case
    assert case.patient_id is not None
    changed = patients.update_patient(
        case.patient_id,
        {"name": "Maria Garcia-Lopez", "date_of_birth": "1950-06-15", "record_number": "MRN-2"},
    )
    assert (changed.name, changed.date_of_birth, changed.record_number) == (
        "Maria Garcia-Lopez",
        BORN,
        "MRN-2",
    )
    assert patients.get_patient(case.patient_id) == changed  # stored, not only returned
    [event] = [e for e in doctor_a.services.audit_events() if e.action == "patient_updated"]
    assert event.details == {
        "patient": case.patient_id,
        "changed": "date_of_birth-name-record_number",
    }
    assert "Garcia" not in event.details_json and "MRN" not in event.details_json
    # Nothing changed: no event. The case keeps the name it was created with.
    patients.update_patient(case.patient_id, {"record_number": " MRN-2 "})
    assert len([e for e in doctor_a.services.audit_events() if e.action == "patient_updated"]) == 1
    assert doctor_a.services.get_case(case.case_id).case.patient_name == "María García"
    # A cleared record number; the sex and bad values refused; another doctor refused.
    assert patients.update_patient(case.patient_id, {"record_number": ""}).record_number is None
    with pytest.raises(InvalidInput, match="cannot be changed: sex"):
        patients.update_patient(case.patient_id, {"sex": "male"})
    with pytest.raises(InvalidInput, match="Date of birth"):
        patients.update_patient(case.patient_id, {"date_of_birth": "15/06/1950"})
    with pytest.raises(InvalidInput, match="Patient name is required"):
        patients.update_patient(case.patient_id, {"name": "  "})
    with pytest.raises(PatientNotFound):
        doctor_b.services.patients.update_patient(case.patient_id, {"name": "Someone Else"})
    assert patients.get_patient(case.patient_id).name == "Maria Garcia-Lopez"


def test_opening_a_patient_is_on_the_trail(doctor_a: SignedIn, doctor_b: SignedIn) -> None:
    case = _new(doctor_a).case
    assert case.patient_id is not None
    doctor_a.services.patients.open_patient(case.patient_id)
    [event] = [e for e in doctor_a.services.audit_events() if e.action == "patient_opened"]
    assert event.details == {"patient": case.patient_id} and event.case_id is None
    with pytest.raises(PatientNotFound):
        doctor_b.services.patients.open_patient(case.patient_id)
    assert not [e for e in doctor_b.services.audit_events() if e.action == "patient_opened"]
