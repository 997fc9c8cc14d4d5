"""The embedded migration that adds case_insights.critical_count counts the critical values
of insights saved before it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.backends import sqlite_db
from core.backends.sqlite_db import SqliteDatabase


def test_existing_insights_get_their_critical_values_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "medcase.db"
    complete = sqlite_db.MIGRATIONS
    ours = next(i for i, script in enumerate(complete) if "ADD COLUMN critical_count" in script)
    monkeypatch.setattr(sqlite_db, "MIGRATIONS", complete[:ours])
    before = SqliteDatabase(path).connection()
    before.execute("PRAGMA foreign_keys=OFF")  # the rows only need to exist for the count
    records = {
        "two": {"lab_values": [{"critical": True}, {"critical": False}, {"critical": True}]},
        "none": {"lab_values": [{"critical": False}]},
        "old": {"lab_values": [{"analyte": "K"}]},  # written before the critical mark
        "damaged": "not json {",
    }
    for case_id, record in records.items():
        stored = record if isinstance(record, str) else json.dumps(record)
        before.execute(
            "INSERT INTO case_insights (case_id, user_id, ai_insights, generated_at)"
            " VALUES (?, 'doctor', ?, '2026-11-01T00:00:00+00:00')",
            (case_id, stored),
        )
    before.close()

    monkeypatch.setattr(sqlite_db, "MIGRATIONS", complete)
    after = SqliteDatabase(path).connection()
    counts = dict(after.execute("SELECT case_id, critical_count FROM case_insights"))
    assert counts == {"two": 2, "none": 0, "old": 0, "damaged": 0}
