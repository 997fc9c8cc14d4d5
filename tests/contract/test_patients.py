"""One patient, many cases (#27), through the ports on both backends: records of one's
own, cases only for one's own patient, a patient's cases in order, merge and unmerge
reversible with their audit events written by the store, the search."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta

import pytest

from core.audit import AuditAction
from core.errors import InvalidInput, MedCaseError
from core.models import Case, Patient, utc_now
from tests.contract.harness import SignedIn


def _patient(
    who: SignedIn,
    name: str = "José Núñez",
    sex: str = "male",
    born: date | None = None,
    record_number: str | None = None,
) -> Patient:
    patient = Patient(
        patient_id=str(uuid.uuid4()),
        user_id=who.doctor.user_id,
        name=name,
        sex=sex,
        created_at=utc_now(),
        date_of_birth=born,
        record_number=record_number,
    )
    who.backend.patients.add_patient(patient)
    return patient


def _case(who: SignedIn, patient_id: str | None, days_ago: int = 0, name: str = "Ana") -> Case:
    moment = datetime.now(UTC) - timedelta(days=days_ago)
    case = Case(
        case_id=str(uuid.uuid4()),
        user_id=who.doctor.user_id,
        patient_name=name,
        patient_age=50,
        patient_gender="female",
        case_summary=None,
        status="pending",
        created_at=moment,
        updated_at=moment,
        patient_id=patient_id,
    )
    who.backend.cases.add_case(case, [])
    return case


def _ids(cases: list[Case]) -> list[str]:
    return [case.case_id for case in cases]


def test_a_patient_is_its_doctors_own(doctor_a: SignedIn, doctor_b: SignedIn) -> None:
    born = date(1961, 4, 2)
    mine = _patient(doctor_a, born=born, record_number="MRN-0042")
    got = doctor_a.backend.patients.get_patient(doctor_a.doctor.user_id, mine.patient_id)
    assert got is not None
    assert (got.name, got.sex, got.date_of_birth, got.record_number, got.merged_into) == (
        "José Núñez",
        "male",
        born,
        "MRN-0042",
        None,
    )
    assert got.age_on(date(2026, 4, 1)) == 64
    assert got.age_on(date(2026, 4, 2)) == 65
    patients_b = doctor_b.backend.patients
    assert patients_b.get_patient(doctor_b.doctor.user_id, mine.patient_id) is None
    assert patients_b.get_patient(doctor_a.doctor.user_id, mine.patient_id) in (None, got)
    assert patients_b.list_patients(doctor_b.doctor.user_id) == []
    assert patients_b.search_patients(doctor_b.doctor.user_id, "nunez") == []
    assert patients_b.patient_cases(doctor_b.doctor.user_id, mine.patient_id) == []


def test_a_case_without_a_patient_gets_a_record_of_its_own(doctor_a: SignedIn) -> None:
    case = _case(doctor_a, None, name="Ada Obi")
    owner = doctor_a.doctor.user_id
    stored = doctor_a.backend.cases.get_case(owner, case.case_id)
    assert stored is not None and stored.patient_id is not None
    patient = doctor_a.backend.patients.get_patient(owner, stored.patient_id)
    assert patient is not None
    assert (patient.name, patient.sex, patient.date_of_birth) == ("Ada Obi", "female", None)
    assert _ids(doctor_a.backend.patients.patient_cases(owner, patient.patient_id)) == [
        case.case_id
    ]


def test_a_case_cannot_be_for_another_doctors_patient(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    theirs = _patient(doctor_a)
    with pytest.raises(Exception) as refused:
        _case(doctor_b, theirs.patient_id)
    assert not isinstance(refused.value, AssertionError)
    assert doctor_a.backend.patients.patient_cases(doctor_a.doctor.user_id, theirs.patient_id) == []
    assert doctor_b.backend.cases.list_cases(doctor_b.doctor.user_id) == []


def test_a_patients_cases_in_the_order_they_were_opened(doctor_a: SignedIn) -> None:
    patient = _patient(doctor_a)
    # Opened in this order: the embedded store keeps the app's times, Supabase sets its
    # own now() whatever the client sends (20261127110100); both orders agree.
    march = _case(doctor_a, patient.patient_id, days_ago=100)
    _case(doctor_a, None)  # another patient's
    june = _case(doctor_a, patient.patient_id, days_ago=10)
    cases = doctor_a.backend.patients.patient_cases(doctor_a.doctor.user_id, patient.patient_id)
    assert _ids(cases) == [march.case_id, june.case_id]
    assert {case.patient_id for case in cases} == {patient.patient_id}


def test_merge_and_unmerge_are_reversible_and_on_the_trail(doctor_a: SignedIn) -> None:
    owner, patients = doctor_a.doctor.user_id, doctor_a.backend.patients
    kept = _patient(doctor_a, "Maria Garcia", "female")
    duplicate = _patient(doctor_a, "García, María", "female")
    first = _case(doctor_a, kept.patient_id, days_ago=30)
    second = _case(doctor_a, duplicate.patient_id, days_ago=5)

    assert patients.merge_patients(owner, duplicate.patient_id, kept.patient_id)
    both = [first.case_id, second.case_id]
    assert _ids(patients.patient_cases(owner, kept.patient_id)) == both
    assert _ids(patients.patient_cases(owner, duplicate.patient_id)) == both
    merged = patients.get_patient(owner, duplicate.patient_id)
    assert merged is not None and merged.merged_into == kept.patient_id
    assert [p.patient_id for p in patients.search_patients(owner, "garcia")] == [kept.patient_id]
    # No case was rewritten: each still names its own record.
    assert doctor_a.backend.cases.get_case(owner, second.case_id).patient_id == (  # type: ignore[union-attr]
        duplicate.patient_id
    )

    assert patients.unmerge_patient(owner, duplicate.patient_id)
    assert _ids(patients.patient_cases(owner, kept.patient_id)) == [first.case_id]
    assert _ids(patients.patient_cases(owner, duplicate.patient_id)) == [second.case_id]
    assert patients.get_patient(owner, duplicate.patient_id).merged_into is None  # type: ignore[union-attr]

    events = doctor_a.backend.audit.events(owner)
    merges = [(e.action, e.details, e.case_id) for e in reversed(events) if "patient" in e.action]
    assert merges == [
        ("patient_merged", {"patient": duplicate.patient_id, "into": kept.patient_id}, None),
        ("patient_unmerged", {"patient": duplicate.patient_id, "from": kept.patient_id}, None),
    ]
    assert doctor_a.backend.audit.verify(owner).intact


def test_merges_that_would_tangle_records_are_refused(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    owner, patients = doctor_a.doctor.user_id, doctor_a.backend.patients
    one, two, three = (_patient(doctor_a, f"Patient {n}") for n in ("one", "two", "three"))
    theirs = _patient(doctor_b)
    assert not patients.merge_patients(owner, one.patient_id, one.patient_id)
    assert not patients.merge_patients(owner, one.patient_id, theirs.patient_id)
    assert not patients.merge_patients(owner, theirs.patient_id, one.patient_id)
    assert not patients.merge_patients(owner, one.patient_id, str(uuid.uuid4()))
    assert patients.merge_patients(owner, two.patient_id, one.patient_id)
    assert not patients.merge_patients(owner, two.patient_id, three.patient_id)  # merged once
    assert not patients.merge_patients(owner, three.patient_id, two.patient_id)  # into merged
    assert not patients.merge_patients(owner, one.patient_id, three.patient_id)  # has merged
    assert not patients.unmerge_patient(owner, one.patient_id)  # not merged
    assert not doctor_b.backend.patients.unmerge_patient(doctor_b.doctor.user_id, two.patient_id)
    assert patients.get_patient(owner, two.patient_id).merged_into == one.patient_id  # type: ignore[union-attr]
    other = doctor_b.backend.patients.get_patient(doctor_b.doctor.user_id, theirs.patient_id)
    assert other is not None and other.merged_into is None
    actions = [e.action for e in doctor_a.backend.audit.events(owner)]
    assert actions.count("patient_merged") == 1 and "patient_unmerged" not in actions


def test_no_client_writes_a_merge_event_through_the_trail(doctor_a: SignedIn) -> None:
    a, b = _patient(doctor_a), _patient(doctor_a)
    for action in (AuditAction.PATIENT_MERGED, AuditAction.PATIENT_UNMERGED):
        with pytest.raises(InvalidInput):
            doctor_a.backend.audit.record(
                doctor_a.doctor.user_id, action.value, None, {"patient": a.patient_id}
            )
    assert doctor_a.backend.patients.get_patient(doctor_a.doctor.user_id, b.patient_id)


def test_the_search_folds_accents_case_and_word_order(doctor_a: SignedIn) -> None:
    owner, patients = doctor_a.doctor.user_id, doctor_a.backend.patients
    jose = _patient(doctor_a, "José Núñez", record_number="mrn 00-17")
    _patient(doctor_a, "Ana Lopez", "female")
    found = {
        text: [p.patient_id for p in patients.search_patients(owner, text)]
        for text in ("nunez jose", "NÚÑ", "jos nu", "MRN0017", "lopez jose", "")
    }
    assert found == {
        "nunez jose": [jose.patient_id],
        "NÚÑ": [jose.patient_id],
        "jos nu": [jose.patient_id],
        "MRN0017": [jose.patient_id],
        "lopez jose": [],
        "": [],
    }


def test_a_patient_record_is_checked_by_the_store(doctor_a: SignedIn) -> None:
    bad = Patient(
        patient_id=str(uuid.uuid4()),
        user_id=doctor_a.doctor.user_id,
        name="X",
        sex="robot",
        created_at=utc_now(),
    )
    with pytest.raises((MedCaseError, Exception)):
        doctor_a.backend.patients.add_patient(bad)
    assert doctor_a.backend.patients.list_patients(doctor_a.doctor.user_id) == []
