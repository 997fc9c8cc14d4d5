"""The case list query (services.list_case_page), against every backend: ownership, name
search, status filter, order, paging, the diagnosis column and the counts by status."""

from __future__ import annotations

import time
import uuid
from datetime import UTC, datetime, timedelta

import pytest

from benchmarks.case_list import insights_for
from core.errors import InvalidInput
from core.insights import Insights, LabValue
from core.models import Case, CaseQuery, CaseStatus, NewCase, utc_now
from tests.contract.harness import SignedIn
from tests.doubles import put_in_status

CLAIM = str(uuid.uuid4())  # the analyzer claims with UUIDs; a backend may store them so


def _open(who: SignedIn, name: str, status: str | None = None, age: int = 40) -> Case:
    form = NewCase(patient_name=name, patient_age=age, patient_gender="female")
    case = who.services.create_case(form, []).case
    if status and status != case.status:
        put_in_status(who.backend, who.doctor.user_id, case.case_id, status)
        case = who.services.get_case(case.case_id).case
    return case


def _diagnose(who: SignedIn, case: Case, diagnosis: str, icd_code: str) -> None:
    """Finish the case's analysis as the analyzer does: claim it, then save the insights."""
    owner = who.doctor.user_id
    assert who.backend.cases.claim_analysis(owner, case.case_id, CLAIM, utc_now())
    insights = insights_for(diagnosis, icd_code)
    assert who.backend.cases.complete_analysis(owner, case.case_id, CLAIM, insights)


def _page(who: SignedIn, **query):
    return who.services.list_case_page(CaseQuery(**query))


def _names(who: SignedIn, **query) -> list[str]:
    return [row.case.patient_name for row in _page(who, **query).rows]


def test_a_doctor_sees_and_counts_only_their_own_cases(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    _open(doctor_a, "Alice Mine")
    _open(doctor_a, "Archie Mine", "archived")
    _open(doctor_b, "Bob Theirs")

    page = _page(doctor_b, statuses=tuple(s.value for s in CaseStatus))
    assert [row.case.patient_name for row in page.rows] == ["Bob Theirs"]
    assert page.total == 1
    assert sum(page.counts_by_status.values()) == 1
    assert _names(doctor_b, search="mine") == []


def test_rows_carry_the_case_and_its_diagnosis_once_analysed(doctor_a: SignedIn) -> None:
    waiting = _open(doctor_a, "Waiting Patient")
    done = _open(doctor_a, "Analysed Patient")
    _diagnose(doctor_a, done, "Iron deficiency anaemia", "D50.9")

    rows = {row.case.case_id: row for row in _page(doctor_a).rows}

    assert rows[done.case_id].case.status == "completed"
    assert (rows[done.case_id].primary_diagnosis, rows[done.case_id].icd_code) == (
        "Iron deficiency anaemia",
        "D50.9",
    )
    assert (rows[waiting.case_id].primary_diagnosis, rows[waiting.case_id].icd_code) == (None, None)
    shown = rows[waiting.case_id].case
    assert (shown.patient_name, shown.patient_age, shown.patient_gender) == (
        "Waiting Patient",
        40,
        "female",
    )
    assert shown.created_at == waiting.created_at
    assert shown.updated_at >= waiting.updated_at


def test_newest_first_by_default_and_oldest_first_on_request(doctor_a: SignedIn) -> None:
    for name in ("First", "Second", "Third"):
        _open(doctor_a, name)

    assert _names(doctor_a) == ["Third", "Second", "First"]
    assert _names(doctor_a, descending=False) == ["First", "Second", "Third"]


def test_order_is_by_creation_not_by_last_update(doctor_a: SignedIn) -> None:
    first = _open(doctor_a, "First")
    _open(doctor_a, "Second")
    doctor_a.services.update_case(first.case_id, {"case_summary": "seen"})

    assert _names(doctor_a) == ["Second", "First"]


def test_search_is_a_case_insensitive_substring_of_the_name(doctor_a: SignedIn) -> None:
    for name in ("Ada Lovelace", "Grace Hopper", "Adam Smith", "Madam Ada"):
        _open(doctor_a, name)

    assert _names(doctor_a, search="ada") == ["Madam Ada", "Adam Smith", "Ada Lovelace"]
    assert _names(doctor_a, search="HOPP") == ["Grace Hopper"]
    assert _names(doctor_a, search="  lovelace ") == ["Ada Lovelace"]  # trimmed
    assert _names(doctor_a, search="nobody") == []
    assert len(_names(doctor_a, search="   ")) == 4  # blank: no search


def test_search_folds_accented_letters(doctor_a: SignedIn) -> None:
    _open(doctor_a, "Élodie Durand")
    _open(doctor_a, "Zoë Øvergaard")

    assert _names(doctor_a, search="élodie") == ["Élodie Durand"]
    assert _names(doctor_a, search="ØVERGAARD") == ["Zoë Øvergaard"]


def test_search_treats_wildcards_as_plain_characters(doctor_a: SignedIn) -> None:
    _open(doctor_a, "100% Sure")
    _open(doctor_a, "Under_Score")
    _open(doctor_a, "Peter Smith")  # "r S": what the pattern r_s would match

    assert _names(doctor_a, search="%") == ["100% Sure"]
    assert _names(doctor_a, search="_") == ["Under_Score"]
    assert _names(doctor_a, search="r_s") == ["Under_Score"]
    assert _names(doctor_a, search="0%") == ["100% Sure"]


def test_archived_cases_are_hidden_unless_asked_for(doctor_a: SignedIn) -> None:
    _open(doctor_a, "Active")
    _open(doctor_a, "Finished", "completed")
    _open(doctor_a, "Filed Away", "archived")

    assert _names(doctor_a) == ["Finished", "Active"]
    assert _names(doctor_a, statuses=()) == ["Finished", "Active"]
    assert _names(doctor_a, statuses=("archived",)) == ["Filed Away"]
    assert _names(doctor_a, statuses=("ARCHIVED", "analyzing")) == ["Filed Away", "Active"]
    assert _names(doctor_a, statuses=("failed",)) == []


def test_search_and_status_filter_combine(doctor_a: SignedIn) -> None:
    _open(doctor_a, "Ada Active")
    _open(doctor_a, "Ada Archived", "archived")
    _open(doctor_a, "Bea Archived", "archived")

    page = _page(doctor_a, search="ada", statuses=("archived",))
    assert [row.case.patient_name for row in page.rows] == ["Ada Archived"]
    assert page.total == 1


def test_pages_slice_the_list_and_total_counts_every_match(doctor_a: SignedIn) -> None:
    names = [f"Patient {n:02d}" for n in range(7)]
    for name in names:
        _open(doctor_a, name)
    newest_first = names[::-1]

    first, second, past_end = (_page(doctor_a, limit=3, offset=offset) for offset in (0, 3, 9))
    assert [r.case.patient_name for r in first.rows] == newest_first[:3]
    assert [r.case.patient_name for r in second.rows] == newest_first[3:6]
    assert past_end.rows == []
    assert first.total == second.total == past_end.total == 7
    last = _page(doctor_a, limit=3, offset=6, descending=False)
    assert [r.case.patient_name for r in last.rows] == [names[6]]


def test_counts_by_status_cover_the_whole_caseload_with_zeros(doctor_a: SignedIn) -> None:
    _open(doctor_a, "One")
    _open(doctor_a, "Two")
    _open(doctor_a, "Three", "failed")
    _open(doctor_a, "Four", "archived")

    page = _page(doctor_a, search="one", statuses=("analyzing",), limit=1)

    assert page.total == 1
    assert page.counts_by_status == {
        "pending": 0,
        "analyzing": 2,
        "processing": 0,
        "completed": 0,
        "failed": 1,
        "archived": 1,
    }


def test_an_empty_caseload(doctor_a: SignedIn) -> None:
    page = _page(doctor_a)
    assert (page.rows, page.total) == ([], 0)
    assert set(page.counts_by_status.values()) == {0}


@pytest.mark.parametrize(
    ("query", "detail"),
    [
        (CaseQuery(statuses=("lost",)), "Status must be one of"),
        (CaseQuery(limit=0), "A page holds 1 to 500 cases"),
        (CaseQuery(limit=501), "A page holds 1 to 500 cases"),
        (CaseQuery(offset=-1), "The page offset cannot be negative"),
        (CaseQuery(min_age=60, max_age=40), "The lowest age must not be above the highest"),
        (CaseQuery(max_age=151), "Patient age must be between 0 and 150"),
        (CaseQuery(created_from=datetime(2026, 1, 1)), "A date filter needs a time with its"),
        (
            CaseQuery(
                created_from=datetime(2026, 2, 1, tzinfo=UTC),
                created_before=datetime(2026, 1, 1, tzinfo=UTC),
            ),
            "The first date must not be after the last",
        ),
    ],
)
def test_a_bad_query_is_refused(doctor_a: SignedIn, query: CaseQuery, detail: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        doctor_a.services.list_case_page(query)
    assert refused.value.status == 400
    assert refused.value.detail.startswith(detail)


def test_list_cases_keeps_creation_order(doctor_a: SignedIn) -> None:
    """The issue-2 list is unchanged beside the paged one."""
    for name in ("First", "Second", "Third"):
        _open(doctor_a, name)
    assert [c.patient_name for c in doctor_a.services.list_cases()] == [
        "First",
        "Second",
        "Third",
    ]


def test_cases_created_in_the_same_instant_page_without_repeats_or_gaps(
    doctor_a: SignedIn,
) -> None:
    """An import can give many cases one timestamp; paging must still see each once."""
    instant = utc_now() - timedelta(days=1)
    ids = [str(uuid.uuid4()) for _ in range(5)]
    for number, case_id in enumerate(ids):
        twin = Case(
            case_id=case_id,
            user_id=doctor_a.doctor.user_id,
            patient_name=f"Twin {number}",
            patient_age=1,
            patient_gender="male",
            case_summary=None,
            # As an import opens them: waiting (an account's token opens no case analysed,
            # sec20).
            status="pending",
            created_at=instant,
            updated_at=instant,
        )
        doctor_a.backend.cases.add_case(twin, [])

    for newest_first in (True, False):
        seen = [
            row.case.case_id
            for offset in range(0, 5, 2)
            for row in _page(doctor_a, limit=2, offset=offset, descending=newest_first).rows
        ]
        assert sorted(seen) == sorted(ids)


def _with_critical_values(count: int) -> Insights:
    values = [
        LabValue(analyte="Potassium", value=6.9, unit="mmol/L", flag="high", critical=True),
        LabValue(analyte="INR", value=6.5, flag="high", critical=True),
        LabValue(analyte="Sodium", value=139, unit="mmol/L"),
    ]
    kept = [value for value in values if not value.critical] + values[:count]
    return insights_for("Hyperkalaemia", "E87.5").model_copy(update={"lab_values": kept})


def test_rows_count_the_critical_values_of_the_current_insights(doctor_a: SignedIn) -> None:
    owner = doctor_a.doctor.user_id
    waiting = _open(doctor_a, "Waiting Patient")
    urgent = _open(doctor_a, "Urgent Patient")
    calm = _open(doctor_a, "Calm Patient")
    for case, count in ((urgent, 2), (calm, 0)):
        assert doctor_a.backend.cases.claim_analysis(owner, case.case_id, CLAIM, utc_now())
        done = doctor_a.backend.cases.complete_analysis(
            owner, case.case_id, CLAIM, _with_critical_values(count)
        )
        assert done

    counts = {row.case.case_id: row.critical_count for row in _page(doctor_a).rows}
    assert counts == {waiting.case_id: 0, urgent.case_id: 2, calm.case_id: 0}

    # A new analysis replaces the count with its own.
    assert doctor_a.backend.cases.request_analysis(owner, urgent.case_id)
    assert doctor_a.backend.cases.claim_analysis(owner, urgent.case_id, CLAIM, utc_now())
    assert doctor_a.backend.cases.complete_analysis(
        owner, urgent.case_id, CLAIM, _with_critical_values(1)
    )
    rows = {row.case.case_id: row for row in _page(doctor_a).rows}
    assert rows[urgent.case_id].critical_count == 1


def test_the_creation_date_bounds_the_list(doctor_a: SignedIn) -> None:
    earlier = _open(doctor_a, "Earlier Patient")
    time.sleep(0.05)
    between = utc_now()
    time.sleep(0.05)
    later = _open(doctor_a, "Later Patient")
    assert earlier.created_at < between < later.created_at

    assert _names(doctor_a, created_from=between) == ["Later Patient"]
    assert _names(doctor_a, created_before=between) == ["Earlier Patient"]
    # From inclusive, before exclusive: a case made exactly at a bound is in the later range.
    assert _names(doctor_a, created_from=later.created_at) == ["Later Patient"]
    assert _names(doctor_a, created_before=later.created_at) == ["Earlier Patient"]
    day_before = earlier.created_at - timedelta(days=1)
    assert _page(doctor_a, created_from=day_before, created_before=between).total == 1
    assert _names(doctor_a, created_before=day_before) == []


def test_the_age_range_includes_both_ends(doctor_a: SignedIn) -> None:
    for name, age in (("Child Patient", 8), ("Adult Patient", 40), ("Elder Patient", 85)):
        _open(doctor_a, name, age=age)
    assert _names(doctor_a, min_age=40) == ["Elder Patient", "Adult Patient"]
    assert _names(doctor_a, max_age=40) == ["Adult Patient", "Child Patient"]
    assert _names(doctor_a, min_age=9, max_age=84) == ["Adult Patient"]
    assert _names(doctor_a, min_age=0, max_age=150, search="patient") == [
        "Elder Patient",
        "Adult Patient",
        "Child Patient",
    ]


def test_the_diagnosis_filter_matches_its_text_or_the_start_of_its_code(
    doctor_a: SignedIn,
) -> None:
    anaemia = _open(doctor_a, "Anaemic Patient")
    diabetes = _open(doctor_a, "Diabetic Patient")
    _open(doctor_a, "Waiting Patient")  # no insights yet: never matches a diagnosis
    _diagnose(doctor_a, anaemia, "Iron deficiency anaemia", "D50.9")
    _diagnose(doctor_a, diabetes, "Type 2 diabetes mellitus", "E11.9")

    assert _names(doctor_a, diagnosis="ANAEMIA") == ["Anaemic Patient"]
    assert _names(doctor_a, diagnosis="mellitus") == ["Diabetic Patient"]
    assert _names(doctor_a, diagnosis="e11") == ["Diabetic Patient"]
    assert _names(doctor_a, diagnosis="E11.9") == ["Diabetic Patient"]
    assert _names(doctor_a, diagnosis="D509") == ["Anaemic Patient"]
    # The start of the code, not any part of it; % is a character, not a wildcard.
    assert _names(doctor_a, diagnosis="11.9") == []
    assert _names(doctor_a, diagnosis="%") == []
    assert _names(doctor_a, diagnosis="  ") == [
        "Waiting Patient",
        "Diabetic Patient",
        "Anaemic Patient",
    ]


def test_the_filters_combine_with_the_search_and_each_other(doctor_a: SignedIn) -> None:
    young = _open(doctor_a, "Young Anaemic", age=20)
    old = _open(doctor_a, "Old Anaemic", age=70)
    other = _open(doctor_a, "Old Diabetic", age=72)
    for case, (diagnosis, code) in (
        (young, ("Iron deficiency anaemia", "D50.9")),
        (old, ("Iron deficiency anaemia", "D50.9")),
        (other, ("Type 2 diabetes mellitus", "E11.9")),
    ):
        _diagnose(doctor_a, case, diagnosis, code)

    page = _page(doctor_a, diagnosis="D50", min_age=65, search="old")
    assert [row.case.patient_name for row in page.rows] == ["Old Anaemic"]
    assert page.total == 1
    # The caseload counts above the list do not follow the filters.
    assert sum(page.counts_by_status.values()) == 3
