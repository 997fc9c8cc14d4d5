"""Every CSV the product writes keeps a spreadsheet from running a cell (issue #23)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest

from core.audit import AuditEvent, audit_csv
from core.csv_text import csv_text, inert_cell


@pytest.mark.parametrize(
    "text", ["=1+1", "+1+1", "-1+1", "@SUM(A1)", "\t=1", "\r=1", '=HYPERLINK("x")']
)
def test_a_text_that_starts_a_formula_is_shown_as_text(text: str) -> None:
    assert inert_cell(text) == "'" + text
    [row] = list(csv.reader(io.StringIO(csv_text(["cell"], [[text]]))))[1:]
    assert row == ["'" + text]


def test_plain_text_and_computed_numbers_are_written_as_they_are() -> None:
    assert [inert_cell(v) for v in ("Fever", "", "E11.9", -0.25, 3)] == [
        "Fever", "", "E11.9", -0.25, 3,
    ]  # fmt: skip


def test_an_audit_event_written_by_hand_cannot_run_in_the_csv() -> None:
    """In Supabase mode an event can come from a client; its CSV still cannot run."""
    forged = AuditEvent(
        seq=1,
        user_id="u",
        case_id="=cmd|' /C calc'!A0",
        action="@SUM(1+1)",
        details={},
        occurred_at=datetime(2026, 11, 25, tzinfo=UTC),
        prev_hash="0" * 64,
        hash="-1+1",
    )
    rows = list(csv.DictReader(io.StringIO(audit_csv([forged]))))
    assert (rows[0]["case_id"], rows[0]["action"], rows[0]["hash"]) == (
        "'=cmd|' /C calc'!A0", "'@SUM(1+1)", "'-1+1",
    )  # fmt: skip
