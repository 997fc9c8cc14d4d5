"""The reviewer's ICD-10-CM code search (issue #26): by code, by code prefix, by words."""

from __future__ import annotations

from core.icd10_search import describe_code, search_codes


def test_a_code_finds_itself_first_with_or_without_its_dot() -> None:
    for typed in ("D50.9", "d509", " D50.9 "):
        first = search_codes(typed)[0]
        assert (first.code, first.billable) == ("D50.9", True)
        assert first.description == "Iron deficiency anemia, unspecified"


def test_a_category_lists_itself_then_the_codes_below_it() -> None:
    codes = [m.code for m in search_codes("D50", limit=5)]
    assert codes[0] == "D50" and all(c.startswith("D50.") for c in codes[1:])
    assert search_codes("D50")[0].billable is False  # a category is not billable


def test_words_find_the_description_british_spelling_too() -> None:
    first = search_codes("iron deficiency anaemia")[0]
    assert first.code == "D50.9"
    assert next(m.code for m in search_codes("type 2 diabetes without complications")) == "E11.9"


def test_nothing_typed_or_nothing_matching_finds_nothing() -> None:
    assert search_codes("  ") == []
    assert search_codes("zzzz qqqq") == []
    assert len(search_codes("anemia", limit=3)) == 3


def test_describe_code_checks_the_code_set() -> None:
    assert describe_code("e11.9") is not None
    assert describe_code("XX1") is None
