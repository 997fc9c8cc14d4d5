"""The embedded migration that takes the dates of care and the other case's id out of the
drafts enrolled before it (round fifteen, red15): generated_at, and each delta check's
earlier_at and earlier_case_id; everything else of the draft as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.backends import sqlite_db
from core.backends.sqlite_db import SqliteDatabase

CHECK = {
    "rule": "creatinine_rise_48h",
    "analyte": "Creatinine",
    "statement": "Creatinine 1.4 mg/dL, up 0.6 mg/dL from 0.8 mg/dL 30 h earlier",
    "value": 1.4,
    "unit": "mg/dL",
    "earlier_value": 0.8,
    "earlier_case_id": "d8b4ae7c-c2f1-4c36-8bc3-a994c71fdc7c",
    "earlier_at": "2026-11-25T08:10:00+00:00",
    "hours_between": 30.0,
}
SECTIONS = {"case_summary": {"comprehensive_summary": "AKI."}, "provenance": {"engine": "rules"}}


def test_drafts_enrolled_before_lose_their_dates_of_care_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "medcase.db"
    complete = sqlite_db.MIGRATIONS
    ours = next(i for i, script in enumerate(complete) if "json_remove(ai_insights" in script)
    monkeypatch.setattr(sqlite_db, "MIGRATIONS", complete[:ours])
    before = SqliteDatabase(path).connection()
    before.execute("PRAGMA foreign_keys=OFF")  # the rows only need to exist here
    drafts = {
        "with checks": {**SECTIONS, "generated_at": "2026-11-26T18:00:00+00:00",
                        "delta_checks": [CHECK, {**CHECK, "rule": "creatinine_1_5x_7d"}]},
        "first visit": {**SECTIONS, "generated_at": "2026-11-25T08:10:00+00:00",
                        "delta_checks": []},
        "older draft": SECTIONS,
    }  # fmt: skip
    for enrolment, draft in drafts.items():
        before.execute(
            "INSERT INTO pilot_case_insights (enrolment_id, pilot_id, owner_id, draft_id,"
            " ai_insights, signed_sections) VALUES (?, 'p', 'o', 'd', ?, '{\"soap_note\": null}')",
            (enrolment, json.dumps(draft)),
        )
    before.close()

    monkeypatch.setattr(sqlite_db, "MIGRATIONS", complete)
    after = SqliteDatabase(path).connection()
    rows = after.execute(
        "SELECT enrolment_id, ai_insights, signed_sections FROM pilot_case_insights"
    )
    kept = {row[0]: (json.loads(row[1]), row[2]) for row in rows}
    plain = {k: v for k, v in CHECK.items() if k not in ("earlier_case_id", "earlier_at")}
    assert kept == {
        "with checks": (
            {**SECTIONS, "delta_checks": [plain, {**plain, "rule": "creatinine_1_5x_7d"}]},
            '{"soap_note": null}',
        ),
        "first visit": ({**SECTIONS, "delta_checks": []}, '{"soap_note": null}'),
        "older draft": (SECTIONS, '{"soap_note": null}'),
    }
    # The guard is back: an enrolled draft is never changed.
    with pytest.raises(Exception, match="never changed"):
        after.execute("UPDATE pilot_case_insights SET ai_insights = '{}'")
