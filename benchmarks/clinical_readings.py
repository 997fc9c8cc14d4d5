"""Each dev case's reading as last recorded (``tests/clinical/dev_readings.json``), so that a
rule change that reads any earlier dev case worse fails, whatever the split's totals do.

The split's totals alone let a rule that breaks one case pass when another case is fixed, and
they make a new case that carries an honest miss look like a regression: a branch would then
choose the cases it adds by how the reader does on them. The record compares case by case:
values found, extra values, the primary diagnosis, critical values found and false ones. A
case not recorded yet (just added) is not compared until the record is written again
(``python -m benchmarks.clinical --split dev --record-readings``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from benchmarks.clinical_scoring import CaseScore

RECORD = Path(__file__).resolve().parent.parent / "tests" / "clinical" / "dev_readings.json"


@dataclass(frozen=True)
class Reading:
    """What one case's reading came to: counts only, never the values themselves."""

    found: int
    extra: int
    plausible: bool
    critical_found: int
    false_critical: int


def reading_of(score: CaseScore) -> Reading:
    return Reading(
        found=len(score.matched),
        extra=len(score.extras),
        plausible=score.plausible,
        critical_found=score.critical_found,
        false_critical=len(score.false_critical),
    )


def worse(before: Reading, now: Reading) -> list[str]:
    """What reads worse now than it did when recorded (empty when nothing does)."""
    found: list[str] = []
    if now.found < before.found:
        found.append(f"values found {before.found} -> {now.found}")
    if now.extra > before.extra:
        found.append(f"extra values {before.extra} -> {now.extra}")
    if before.plausible and not now.plausible:
        found.append("primary diagnosis no longer plausible")
    if now.critical_found < before.critical_found:
        found.append(f"critical values found {before.critical_found} -> {now.critical_found}")
    if now.false_critical > before.false_critical:
        found.append(f"false critical values {before.false_critical} -> {now.false_critical}")
    return found


def better(before: Reading, now: Reading) -> bool:
    """True where the case reads better now in some respect and worse in none."""
    return not worse(before, now) and (
        now.found > before.found
        or now.extra < before.extra
        or (now.plausible and not before.plausible)
        or now.critical_found > before.critical_found
        or now.false_critical < before.false_critical
    )


def compared(
    scores: list[CaseScore], path: Path = RECORD
) -> tuple[dict[str, list[str]], list[str]]:
    """The recorded cases that read worse now (with what), and those that read better."""
    before = recorded(path)
    now = {score.case_id: reading_of(score) for score in scores}
    worse_now = {
        case_id: found
        for case_id, reading in before.items()
        if case_id in now and (found := worse(reading, now[case_id]))
    }
    better_now = [
        case_id
        for case_id, reading in before.items()
        if case_id in now and better(reading, now[case_id])
    ]
    return worse_now, better_now


def recorded(path: Path = RECORD) -> dict[str, Reading]:
    rows = json.loads(path.read_text(encoding="utf-8"))
    return {case_id: Reading(**row) for case_id, row in rows.items()}


def record(scores: list[CaseScore], path: Path = RECORD) -> None:
    rows = {score.case_id: asdict(reading_of(score)) for score in scores}
    path.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n", encoding="utf-8")
