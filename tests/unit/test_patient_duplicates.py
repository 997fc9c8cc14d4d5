"""Is this the same patient? (core.patients): record numbers, dates of birth with names
compared without accents, case or word order; suggestions for existing records."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from core.models import Patient
from core.patients import (
    SAME_BIRTH_DATE,
    SAME_NAME_NO_BIRTH_DATE,
    SAME_RECORD_NUMBER,
    Candidate,
    likely_duplicates,
    matches_search,
    merge_suggestions,
    name_key,
    record_key,
)

BORN = date(1944, 7, 30)
_START = datetime(2026, 1, 1, tzinfo=UTC)


def _record(
    name: str,
    sex: str = "female",
    born: date | None = BORN,
    record_number: str | None = None,
    n: int = 0,
    merged_into: str | None = None,
) -> Patient:
    return Patient(
        patient_id=f"p{n}",
        user_id="d",
        name=name,
        sex=sex,
        created_at=_START + timedelta(days=n),
        date_of_birth=born,
        record_number=record_number,
        merged_into=merged_into,
    )


def test_names_fold_accents_case_punctuation_and_order() -> None:
    assert name_key("GARCÍA, María José") == name_key("maria jose garcia") == "garcia jose maria"
    assert name_key("Núñez-Ölçer") == "nunez olcer"
    assert record_key(" mrn 00-12 ") == "MRN0012"
    assert record_key("  ") is None


@pytest.mark.parametrize(
    "typed",
    [
        "María García",
        "GARCIA, MARIA",
        "Garcia Maria",
        "Maria Garcia",
        "Marìa Garcìa",
        "Mariá Garsia",
    ],
)
def test_same_birth_date_and_a_similar_name_is_offered(typed: str) -> None:
    existing = _record("María García")
    found = likely_duplicates(Candidate(typed, "female", BORN), [existing])
    assert [(d.patient.patient_id, d.reasons) for d in found] == [("p0", (SAME_BIRTH_DATE,))]


@pytest.mark.parametrize(
    ("typed", "born"),
    [
        ("Maria Garcia", date(1944, 7, 31)),  # another date of birth
        ("Marta Gonzalez", BORN),  # another name
        ("Garcia", BORN),  # one word of two is not similar enough
    ],
)
def test_another_birth_date_or_name_is_not_offered(typed: str, born: date) -> None:
    assert likely_duplicates(Candidate(typed, "female", born), [_record("María García")]) == []


def test_the_same_record_number_is_offered_whatever_the_name() -> None:
    existing = _record("Someone Else", born=None, record_number="MRN-0042")
    found = likely_duplicates(Candidate("Ana Lopez", "male", BORN, "mrn 0042"), [existing])
    assert [d.reasons for d in found] == [(SAME_RECORD_NUMBER,)]


def test_without_a_birth_date_only_the_same_name_and_sex_is_offered() -> None:
    existing = _record("Jose Nunez", sex="male", born=None, n=1)
    assert [d.reasons for d in likely_duplicates(Candidate("NÚÑEZ, José", "male"), [existing])] == [
        (SAME_NAME_NO_BIRTH_DATE,)
    ]
    assert likely_duplicates(Candidate("Nunez, Jose", "female"), [existing]) == []
    assert likely_duplicates(Candidate("Jose Nunes Lima", "male"), [existing]) == []


def test_merged_records_are_not_offered_and_record_numbers_come_first() -> None:
    records = [
        _record("Maria Garcia", n=0),
        _record("Maria Garcia", n=1, merged_into="p0"),
        _record("Zed Quill", n=2, born=None, record_number="77"),
    ]
    found = likely_duplicates(Candidate("Garcia Maria", "female", BORN, "77"), records)
    assert [d.patient.patient_id for d in found] == ["p2", "p0"]


def test_merge_suggestions_pair_the_newer_record_with_the_older() -> None:
    records = [
        _record("Maria Garcia", n=0),
        _record("Ana Lopez", n=1, born=None, record_number="A-1"),
        _record("García, María", n=2),
        _record("Completely Different", n=3, born=None, record_number="a1"),
        _record("Maria Garcia", n=4, merged_into="p0"),
        _record("Maria Garcia", n=5, born=date(1990, 1, 1)),  # another person, same name
    ]
    found = {
        (s.kept.patient_id, s.duplicate.patient_id): s.reasons for s in merge_suggestions(records)
    }
    assert found == {
        ("p0", "p2"): (SAME_BIRTH_DATE,),
        ("p1", "p3"): (SAME_RECORD_NUMBER,),
    }


def test_merge_suggestions_for_a_thousand_records_take_little_time() -> None:
    import time

    records = [_record(f"Patient Number{n} Test{n * 7}", born=None, n=n) for n in range(1000)]
    started = time.perf_counter()
    merge_suggestions(records)
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize(
    ("text", "found"),
    [("garcia", True), ("GARC MAR", True), ("maría", True), ("arcia", False), ("mrn-9", True)],
)
def test_the_search_matches_word_starts_and_the_record_number(text: str, found: bool) -> None:
    assert matches_search(_record("María García", record_number="MRN 9"), text) is found
