"""The chart export's trend table: for each test of the note with earlier results of the
same patient, its values over time in one unit, and the change since the previous one."""

from __future__ import annotations

from collections.abc import Sequence

from core.analysis.history import USUAL_BLOOD, TrendPoint, TrendSeries
from core.analysis.labs.format import number_text
from core.export.blocks import Block
from core.insights import Insights

TRENDS_HEADING = "Trends (this patient's earlier results)"
MAX_POINTS_SHOWN = 6  # the newest; the patient page shows them all


def trend_blocks(series: Sequence[TrendSeries], insights: Insights, case_id: str) -> list[Block]:
    """One line per test of this note that the patient has earlier values of; nothing when
    none has."""
    in_note = {value.analyte for value in insights.lab_values}
    rows = []
    for found in series:
        if found.analyte not in in_note or len(found.points) < 2:
            continue
        if not any(p.case_id != case_id for p in found.points):
            continue  # several values of this case alone: the lab table shows them
        shown = found.points[-MAX_POINTS_SHOWN:]
        path = " → ".join(_point(p, case_id) for p in shown)
        earlier = len(found.points) - len(shown)
        if earlier:
            path = f"({earlier} earlier) … {path}"
        change = found.change
        if change is not None:
            sign = "+" if change > 0 else ""
            path += f"; change since the previous: {sign}{number_text(round(change, 3))}"
        specimen = "" if found.specimen in USUAL_BLOOD else f", {found.specimen}"
        rows.append((f"{found.analyte} ({found.unit}{specimen})", path))
    if not rows:
        return []
    return [Block("heading", TRENDS_HEADING), Block("facts", facts=tuple(rows))]


def _point(point: TrendPoint, case_id: str) -> str:
    when = point.at.strftime("%d %b %Y") if point.collected or point.case_id != case_id else ""
    if point.case_id == case_id:
        when = f"{when}, this case" if when else "this case"
    return f"{number_text(round(point.value, 3))} ({when})"
