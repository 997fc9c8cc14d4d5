"""The case list shows what was signed and sorts on the server (issue #26), on every
backend: the signed diagnosis listed and searched (code prefix, spelling variants), every
sort key both ways across pages, the critical filter and critical-first order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core.errors import InvalidInput
from core.models import CaseRow, CaseSort, CaseStatus
from core.spelling import fold_spelling
from tests.contract.harness import SignedIn
from tests.contract.test_case_list_query import (
    CLAIM,
    _diagnose,
    _names,
    _open,
    _page,
    _with_critical_values,
)
from tests.doubles import put_in_status

SIGNED_DIAGNOSIS = {
    "primary_diagnosis": "Haemorrhagic disorder due to circulating anticoagulants",
    "icd_code": "D68.32",
    "description": "Bleeding on warfarin.",
}


def _sign(who: SignedIn, case_id: str, diagnosis: dict[str, str] | None) -> None:
    """Review every section (the diagnosis edited to ``diagnosis``, or rejected) and sign."""
    review = who.services.review
    review.review_section(case_id, "case_summary", "accept")
    review.review_section(case_id, "soap_note", "accept")
    if diagnosis is None:
        review.review_section(case_id, "primary_diagnosis", "reject", reason="Not confirmed")
    else:
        review.review_section(case_id, "primary_diagnosis", "edit", edited=diagnosis)
    review.sign(case_id)


def _critical(who: SignedIn, name: str, count: int, age: int = 40) -> str:
    case = _open(who, name, age=age)
    owner = who.doctor.user_id
    assert who.backend.cases.claim_analysis(owner, case.case_id, CLAIM, case.created_at)
    insights = _with_critical_values(count)
    assert who.backend.cases.complete_analysis(owner, case.case_id, CLAIM, insights)
    return case.case_id


def test_a_signed_case_lists_and_is_found_by_its_signed_diagnosis(doctor_a: SignedIn) -> None:
    signed = _open(doctor_a, "Signed Patient")
    _diagnose(doctor_a, signed, "Iron deficiency anaemia", "D50.9")
    _sign(doctor_a, signed.case_id, SIGNED_DIAGNOSIS)
    draft = _open(doctor_a, "Draft Patient")
    _diagnose(doctor_a, draft, "Type 2 diabetes mellitus", "E11.9")
    rejected = _open(doctor_a, "Rejected Patient")
    _diagnose(doctor_a, rejected, "Hypothyroidism", "E03.9")
    _sign(doctor_a, rejected.case_id, None)

    rows = {row.case.patient_name: row for row in _page(doctor_a).rows}
    listed = {
        name: (row.primary_diagnosis, row.icd_code, row.diagnosis_signed)
        for name, row in rows.items()
    }
    assert listed == {
        "Signed Patient": (SIGNED_DIAGNOSIS["primary_diagnosis"], "D68.32", True),
        "Draft Patient": ("Type 2 diabetes mellitus", "E11.9", False),
        "Rejected Patient": (None, None, True),  # the doctor rejected the AI's diagnosis
    }
    for typed in ("D68", "d68.3", "D6832", "d68.32", "hemorrhagic", "anticoagulant"):
        assert _names(doctor_a, diagnosis=typed) == ["Signed Patient"], typed
    # What the AI said and the doctor replaced is not what the list finds.
    assert _names(doctor_a, diagnosis="D50") == []
    assert _names(doctor_a, diagnosis="iron") == []
    assert _names(doctor_a, diagnosis="hypothyroidism") == []
    assert _names(doctor_a, diagnosis="E11") == ["Draft Patient"]
    assert _names(doctor_a, diagnosis="D69") == []  # a prefix, not a neighbour

    # An amendment is the latest signed version: the list follows it.
    doctor_a.services.review.amend(
        signed.case_id,
        {"primary_diagnosis": {**SIGNED_DIAGNOSIS, "icd_code": "D68.4"}},
        "Code corrected",
    )
    row = next(r for r in _page(doctor_a).rows if r.case.case_id == signed.case_id)
    assert (row.icd_code, row.diagnosis_signed) == ("D68.4", True)
    assert _names(doctor_a, diagnosis="D68.3") == []
    assert _names(doctor_a, diagnosis="d684") == ["Signed Patient"]


@pytest.mark.parametrize(
    ("stored", "typed"),
    [
        ("Iron deficiency anemia", "anaemia"),
        ("Iron deficiency anaemia", "ANEMIA"),
        ("Acute lymphoblastic leukaemia", "leukemia"),
        ("Chronic myeloid leukemia", "Leukaemia"),
        ("Pulmonary oedema", "edema"),
        ("Peripheral edema", "oedema"),
        ("Haemolytic uraemic syndrome", "hemolytic uremic"),
        ("Hemochromatosis", "haemochromatosis"),
        ("Benign tumour of the pituitary", "tumor"),
        ("Wilms tumor", "Tumour"),
        ("Hypercholesterolaemia", "cholesterolemia"),
        ("Haemoglobin low", "ha"),  # a part typed so far, before the fold pairs it
        ("Oesophagitis", "esophag"),
        ("Coeliac disease", "celiac"),
    ],
)
def test_the_diagnosis_search_finds_british_and_american_spellings_alike(
    doctor_a: SignedIn, stored: str, typed: str
) -> None:
    case = _open(doctor_a, "Spelled Patient")
    _diagnose(doctor_a, case, stored, "R69")
    _open(doctor_a, "Other Patient")

    assert _names(doctor_a, diagnosis=typed) == ["Spelled Patient"]


def test_the_spelling_fold_pairs_the_variants_and_nothing_else() -> None:
    pairs = [
        ("anaemia", "anemia"),
        ("haematoma", "hematoma"),
        ("oedema", "edema"),
        ("leukaemia", "leukemia"),
        ("tumour", "tumor"),
        ("anæmia", "anemia"),
    ]
    for british, american in pairs:
        assert fold_spelling(british) == fold_spelling(american) == american
    assert fold_spelling("Diabetes") == "diabetes"
    assert fold_spelling("anaemia") != fold_spelling("anuria")


def _key(sort: str) -> Callable[[CaseRow], Any]:
    def text(value: str | None) -> str | None:
        return value.casefold() if value is not None else None

    return {
        CaseSort.CREATED: lambda r: r.case.created_at,
        CaseSort.UPDATED: lambda r: r.case.updated_at,
        CaseSort.PATIENT: lambda r: text(r.case.patient_name),
        CaseSort.AGE: lambda r: r.case.patient_age,
        CaseSort.STATUS: lambda r: r.case.status,
        CaseSort.REVIEW: lambda r: r.case.review_state,
        CaseSort.DIAGNOSIS: lambda r: text(r.primary_diagnosis),
        CaseSort.CRITICAL: lambda r: r.critical_count,
    }[CaseSort(sort)]


def _expected(rows: list[CaseRow], sort: str, descending: bool) -> list[str]:
    """The order the list promises: the key either way with empty values last, ties by
    creation time in the same direction."""
    by_creation = sorted(rows, key=lambda r: r.case.created_at, reverse=descending)
    key = _key(sort)
    present = [r for r in by_creation if key(r) is not None]
    empty = [r for r in by_creation if key(r) is None]
    present.sort(key=key, reverse=descending)  # stable: ties keep the creation order
    return [r.case.patient_name for r in present + empty]


def _whole_list(who: SignedIn, page_size: int, **query: Any) -> list[str]:
    names: list[str] = []
    while True:
        page = _page(who, limit=page_size, offset=len(names), **query)
        names += [row.case.patient_name for row in page.rows]
        if not page.rows:
            assert len(names) == page.total
            return names


def _varied_caseload(who: SignedIn) -> None:
    """Seven cases that differ (and tie) on every column the list sorts by."""
    cleo = _open(who, "Cleo Young", age=30)
    _diagnose(who, cleo, "Type 2 diabetes mellitus", "E11.9")
    _critical(who, "adam Old", 2, age=80)
    _open(who, "Béa Waiting", age=30)  # no analysis: no diagnosis, no review state
    dan = _open(who, "Dan Signed", age=55)
    _diagnose(who, dan, "Iron deficiency anaemia", "D50.9")
    _sign(who, dan.case_id, SIGNED_DIAGNOSIS)
    _open(who, "Eve Failed", "failed", age=41)
    _critical(who, "Finn Urgent", 1, age=62)
    gus = _open(who, "gus Archived", age=55)
    _diagnose(who, gus, "anaemia of chronic disease", "D63.8")
    # Updated in another order than created.
    who.services.update_case(cleo.case_id, {"case_summary": "Seen again"})
    put_in_status(who.backend, who.doctor.user_id, gus.case_id, CaseStatus.ARCHIVED.value)


EVERY_STATUS = tuple(s.value for s in CaseStatus)


@pytest.mark.parametrize("descending", [True, False], ids=["descending", "ascending"])
def test_every_sort_key_orders_the_whole_list_across_pages(
    doctor_a: SignedIn, descending: bool
) -> None:
    _varied_caseload(doctor_a)
    rows = _page(doctor_a, statuses=EVERY_STATUS).rows
    assert len(rows) == 7

    for sort in CaseSort:
        expected = _expected(rows, sort.value, descending)
        got = _whole_list(
            doctor_a, 2, statuses=EVERY_STATUS, sort=sort.value, descending=descending
        )
        assert got == expected, sort
    # Spelled out for two keys, so the rule above is not the only witness.
    names = _whole_list(doctor_a, 3, statuses=EVERY_STATUS, sort="patient_name", descending=False)
    assert names == [
        "adam Old",
        "Béa Waiting",
        "Cleo Young",
        "Dan Signed",
        "Eve Failed",
        "Finn Urgent",
        "gus Archived",
    ]
    ages = _whole_list(doctor_a, 3, statuses=EVERY_STATUS, sort="patient_age", descending=True)
    # 55 and 30 tie: the newer case first, as the direction says.
    assert ages == [
        "adam Old",
        "Finn Urgent",
        "gus Archived",
        "Dan Signed",
        "Eve Failed",
        "Béa Waiting",
        "Cleo Young",
    ]


def test_the_diagnosis_sort_uses_the_listed_diagnosis(doctor_a: SignedIn) -> None:
    _varied_caseload(doctor_a)
    names = _whole_list(doctor_a, 2, statuses=EVERY_STATUS, sort="diagnosis", descending=False)
    # anaemia (gus) < Haemorrhagic (Dan, signed; the AI said "Iron deficiency") <
    # Hyperkalaemia (adam, Finn) < Type 2 (Cleo); no diagnosis last.
    assert names == [
        "gus Archived",
        "Dan Signed",
        "adam Old",
        "Finn Urgent",
        "Cleo Young",
        "Béa Waiting",
        "Eve Failed",
    ]


def test_the_critical_filter_and_critical_first(doctor_a: SignedIn) -> None:
    _varied_caseload(doctor_a)

    page = _page(doctor_a, critical_only=True)
    assert [row.case.patient_name for row in page.rows] == ["Finn Urgent", "adam Old"]
    assert page.total == 2
    assert _names(doctor_a, critical_only=True, diagnosis="hyperkal", min_age=70) == ["adam Old"]

    first = _whole_list(doctor_a, 2, critical_first=True, sort="patient_name", descending=False)
    assert first == [
        "adam Old",
        "Finn Urgent",
        "Béa Waiting",
        "Cleo Young",
        "Dan Signed",
        "Eve Failed",
    ]
    newest = _whole_list(doctor_a, 4, critical_first=True)
    assert newest == [
        "Finn Urgent",
        "adam Old",
        "Eve Failed",
        "Dan Signed",
        "Béa Waiting",
        "Cleo Young",
    ]


def test_an_unknown_sort_is_refused(doctor_a: SignedIn) -> None:
    with pytest.raises(InvalidInput) as refused:
        _page(doctor_a, sort="patient_name; drop table cases")
    assert refused.value.detail.startswith("The list can be sorted by one of")
