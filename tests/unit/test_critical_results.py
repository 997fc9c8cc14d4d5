"""The pure rules of critical results acknowledged (issue #27): the key a value is known
by across analyses, the fixed list of methods, the comment, and the figure."""

from __future__ import annotations

import statistics
from datetime import UTC, datetime, timedelta

import pytest

from core.analysis.labs.critical_keys import critical_value_key, found_critical_values
from core.critical_results import (
    Acknowledgment,
    CommunicationMethod,
    CriticalFinding,
    acknowledgment_figure,
    comment_of,
    method_of,
    results_of_case,
    waited_text,
)
from core.errors import InvalidInput, UnknownCommunicationMethod
from core.insights import Insights, LabValue
from tests.doubles import sample_insights

POTASSIUM = LabValue(
    analyte="Potassium",
    value=6.9,
    unit="mmol/L",
    flag="high",
    critical=True,
    source_file_id="file-1",
    source_page=2,
    source_line="K 6.9 H",
)


def test_the_key_follows_code_specimen_result_and_source_not_the_line_as_read() -> None:
    key = critical_value_key(POTASSIUM)
    assert len(key) == 64
    # The same value read again (another OCR of its line, another flag word) is the same.
    assert critical_value_key(POTASSIUM.model_copy(update={"source_line": "K: 6.9"})) == key
    assert critical_value_key(POTASSIUM.model_copy(update={"analyte": "Potassium"})) == key
    # Another result, unit, file, page, time or specimen is another critical value.
    for change in (
        {"value": 7.0},
        {"comparator": ">"},
        {"source_file_id": "file-2"},
        {"source_page": 3},
        {"timing": "admission"},
        {"specimen": "urine"},
        {"analyte": "Sodium"},
    ):
        assert critical_value_key(POTASSIUM.model_copy(update=change)) != key, change


def test_a_value_read_twice_in_one_draft_is_one_finding() -> None:
    insights = Insights.model_validate(sample_insights()).model_copy(
        update={
            "lab_values": [
                POTASSIUM,
                POTASSIUM,
                POTASSIUM.model_copy(update={"critical": False, "value": 4.0}),
            ]
        }
    )
    [found] = found_critical_values(insights)
    assert (found.analyte, found.shown) == ("Potassium", "Potassium 6.9 mmol/L (high)")


def test_only_the_listed_methods_and_a_short_comment_are_taken() -> None:
    assert method_of(" in_person ") is CommunicationMethod.IN_PERSON
    for bad in ("fax", "", None, "IN_PERSON"):
        with pytest.raises(UnknownCommunicationMethod):
            method_of(bad)
    assert UnknownCommunicationMethod.status == 422
    assert comment_of("  ") is None and comment_of(None) is None
    assert comment_of(" Read back\u200b by\r\nthe nurse ") == "Read back by\nthe nurse"
    with pytest.raises(InvalidInput):
        comment_of("x" * 1001)
    with pytest.raises(InvalidInput):
        comment_of(42)


def test_the_figure_is_the_median_and_the_inclusive_90th_percentile() -> None:
    assert acknowledgment_figure([]).median_seconds is None
    one = acknowledgment_figure([30])
    assert (one.count, one.median_seconds, one.p90_seconds) == (1, 30, 30)
    delays = [60, 120, 180, 240, 300, 360, 420, 480, 540, 3600]
    figure = acknowledgment_figure(delays)
    assert figure.count == 10 and figure.median_seconds == 330
    assert figure.p90_seconds == statistics.quantiles(delays, n=10, method="inclusive")[-1]
    assert 540 < figure.p90_seconds < 3600


def test_waits_read_as_a_doctor_says_them() -> None:
    assert [waited_text(s) for s in (-3, 45, 720, 3 * 3600 + 5 * 60, 2 * 86400 + 4 * 3600)] == [
        "0 s",
        "45 s",
        "12 min",
        "3 h 05 min",
        "2 d 4 h",
    ]


def _found(key: str, minutes: int) -> CriticalFinding:
    moment = datetime(2026, 11, 27, 9, 0, tzinfo=UTC) + timedelta(minutes=minutes)
    return CriticalFinding("case-1", key * 64, key, f"{key} shown", moment)


def test_the_case_lists_its_current_values_and_the_earlier_ones_that_wait() -> None:
    """Every value of the current draft; a value only earlier drafts held while it waits
    (CLSI GP47), once; an earlier one acknowledged leaves the list."""
    a, b, c, d = (_found(k, n) for k, n in (("a", 3), ("b", 1), ("c", 2), ("d", 0)))
    done = Acknowledgment("case-1", "c" * 64, "u", "u@x", a.found_at, c.found_at, "in_person")
    findings = [("old", b), ("old", c), ("older", b), ("older", d), ("now", a), ("now", d)]
    results = results_of_case(findings, "now", {"c" * 64: done})
    assert [(r.finding.analyte, r.finding.in_current_draft) for r in results] == [
        ("d", True),
        ("b", False),
        ("a", True),
    ]
    assert results_of_case(findings, None, {})[0].finding.in_current_draft is False
