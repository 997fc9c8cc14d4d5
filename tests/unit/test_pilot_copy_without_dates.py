"""A pilot's copy of a case holds no date of the patient's care (eighteenth round): each
full date of its texts is [DATE], and the enrolled draft's lab values lose their collection
time; the drafts enrolled before lose it too (embedded migration 25)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.backends import sqlite_db
from core.backends.sqlite_db import SqliteDatabase
from core.pilot.deidentify import redacted_insights
from core.privacy.dates import date_findings
from core.privacy.findings import replace
from core.privacy.redaction import CaseScrubber

COLLECTED = {"at": "2026-11-25T07:30:00+00:00", "precision": "minute", "zone_given": True}
VALUE = {
    "analyte": "Potassium",
    "value": 6.8,
    "unit": "mmol/L",
    "timing": "collected 2026-11-25 07:30",
    "source_line": "Potassium 6.8 mmol/L (3.5-5.1) H  collected 25/11/2026",
    "collected": COLLECTED,
}


def dated(text: str) -> str:
    return replace(text, date_findings(text))


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # Shapes of lab reports and notes: ISO, d/m/y, m/d/y, d.m.y, d-MON-y, written out.
        ("Collected: 2026-11-25 07:30", "Collected: [DATE] 07:30"),
        ("Received 25/11/2026 08:10", "Received [DATE] 08:10"),
        ("DOS 11/25/26", "DOS [DATE]"),
        ("Entnahme 25.11.2026", "Entnahme [DATE]"),
        ("SPECIMEN 25-NOV-2026", "SPECIMEN [DATE]"),
        ("admitted on 3rd of May, 2024 with", "admitted on [DATE] with"),
        ("seen November 25, 2026.", "seen [DATE]."),
        ("since March 2024", "since [DATE]"),
        ("2026-11-25T07:30:00+00:00", "[DATE]"),
    ],
)
def test_full_dates_and_months_of_a_year_are_dates(text: str, read: str) -> None:
    assert dated(text) == read


@pytest.mark.parametrize(
    "text",
    [
        "ANA 1/1280 speckled",  # a titre, not January 1280
        "BP 120/80 mmHg, pH 7.35, K 4.1 mmol/L",
        "HL7 version 2.5.1",
        "dilution 1:2000, ratio 3.2",
        "diagnosed in 2019",  # a year alone stays (Safe Harbor keeps it)
        "Na 138 mmol/L (135-145)",
    ],
)
def test_values_titres_ranges_and_years_alone_are_not_dates(text: str) -> None:
    assert dated(text) == text


def test_the_pilots_scrubber_writes_dates_the_engines_keeps_them() -> None:
    text = "Jane Doe seen 25/11/2026: Hb 10.2 g/dL, K 4.1"
    assert (
        CaseScrubber("Jane Doe", {}, dates=True)(text)
        == "[PATIENT] seen [DATE]: Hb 10.2 g/dL, K 4.1"
    )
    assert CaseScrubber("Jane Doe", {})(text) == "[PATIENT] seen 25/11/2026: Hb 10.2 g/dL, K 4.1"


def test_the_enrolled_draft_has_no_collection_time_and_no_date_in_its_texts() -> None:
    draft = {
        "case_summary": {"comprehensive_summary": "Hyperkalaemia on 25/11/2026."},
        "lab_values": [VALUE, {"analyte": "Sodium", "value": 138, "unit": "mmol/L"}],
        "generated_at": "2026-11-26T18:00:00+00:00",
    }
    enrolled = redacted_insights(draft, CaseScrubber("Jane Doe", {}, dates=True))
    potassium, sodium = enrolled["lab_values"]
    assert "collected" not in potassium
    assert potassium["timing"] == "collected [DATE] 07:30"
    assert potassium["source_line"].endswith("collected [DATE]")
    assert potassium["value"] == 6.8 and sodium == draft["lab_values"][1]
    assert enrolled["case_summary"]["comprehensive_summary"] == "Hyperkalaemia on [DATE]."
    assert "2026-11" not in json.dumps(enrolled) and "/2026" not in json.dumps(enrolled)


def test_drafts_enrolled_before_lose_each_values_collection_time_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "medcase.db"
    complete = sqlite_db.MIGRATIONS
    ours = next(i for i, script in enumerate(complete) if "'$.collected'" in script)
    monkeypatch.setattr(sqlite_db, "MIGRATIONS", complete[:ours])
    before = SqliteDatabase(path).connection()
    before.execute("PRAGMA foreign_keys=OFF")  # the rows only need to exist here
    plain = {k: v for k, v in VALUE.items() if k != "collected"}
    drafts = {
        "with times": {"lab_values": [VALUE, plain]},
        "without": {"lab_values": [plain]},
        "no values": {"case_summary": {"comprehensive_summary": "x"}},
    }
    for enrolment, draft in drafts.items():
        before.execute(
            "INSERT INTO pilot_case_insights (enrolment_id, pilot_id, owner_id, draft_id,"
            " ai_insights, signed_sections) VALUES (?, 'p', 'o', 'd', ?, NULL)",
            (enrolment, json.dumps(draft)),
        )
    before.close()

    monkeypatch.setattr(sqlite_db, "MIGRATIONS", complete)
    after = SqliteDatabase(path).connection()
    rows = after.execute("SELECT enrolment_id, ai_insights FROM pilot_case_insights")
    kept = {row[0]: json.loads(row[1]) for row in rows}
    assert kept == {
        "with times": {"lab_values": [plain, plain]},
        "without": {"lab_values": [plain]},
        "no values": {"case_summary": {"comprehensive_summary": "x"}},
    }
    with pytest.raises(Exception, match="never changed"):
        after.execute("UPDATE pilot_case_insights SET ai_insights = '{}'")
