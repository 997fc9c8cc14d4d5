"""The AI's text of a section as the doctor signs it: text as it is, numbers and marks as
Python writes them, a list or an object as its JSON (public.stored_text writes the same;
tests/contract/test_signed_as_reviewed.py compares the two)."""

from __future__ import annotations

from core.review import ai_text, stored_text


def test_a_value_of_a_stored_draft_reads_as_text_sql_can_write_alike() -> None:
    assert stored_text("Naïve 漢字") == "Naïve 漢字"
    assert [stored_text(v) for v in (42, 2.5, 1e-7, True, None)] == [
        "42",
        "2.5",
        "1e-07",
        "True",
        "None",
    ]
    assert stored_text({"a": ["é", 1.5, None]}) == '{"a": ["é", 1.5, null]}'
    assert stored_text([]) == "[]"


def test_the_ais_text_of_an_awkward_section() -> None:
    drafted = {
        "case_summary": {
            "comprehensive_summary": 42,
            "key_findings": ["Pallor", 3, None, ["x"]],
            "lab_summary": None,
        }
    }
    assert ai_text(drafted, "case_summary") == {
        "comprehensive_summary": "42",
        "key_findings": ["Pallor", "3", "None", '["x"]'],
        "lab_summary": "",
        "radiology_summary": "",
    }
    assert ai_text({"soap_note": None}, "soap_note") == dict.fromkeys(
        ("subjective", "objective", "assessment", "plan"), ""
    )
