"""A patient's lab history: every value of every case, one series per analyte and specimen.

Units are harmonised through the coded vocabulary: a series is drawn in its analyte's first
catalogue unit (creatinine in mg/dL, urea in mmol/L), and a value written in another unit is
converted when the vocabulary knows how (core.analysis.labs.conversion), so "106 µmol/L" and
"1.2 mg/dL" share one axis. A value no conversion reaches keeps a series of its own unit.
A doubtful read (a slipped column) stays out: it is for checking, not for trending; so does
a value from a report whose header names another patient (``LabValue.other_patient``).
A structured result imported again (the same message or FHIR resources uploaded into a
second case: the same ``LabValue.source_key`` and collection time) is one result, drawn
once, at the case it was first imported into.

Each value sits at its own time: when its specimen was collected, where a structured
message says so (``LabValue.collected``), else when its case was seen. Three days of
results imported in one case are three points, and a result collected before an earlier
case's is older on the axis. A collection time that is not trusted (after the analysis,
before the patient's birth) is not used: the value sits at its case's time, marked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from core.analysis.labs.conversion import converter, unit_of
from core.analysis.labs.format import format_result
from core.analysis.labs.specimens import SERUM_OR_PLASMA, WHOLE_BLOOD, specimen_of
from core.analysis.labs.ucum import UCUM
from core.insights import PRECISION_SPANS, LabValue
from core.vocabulary.catalog import BY_NAME

# The specimens a test's name implies (a chemistry's serum, a blood count's whole blood):
# a title names only the others (urine, CSF, arterial blood).
USUAL_BLOOD = frozenset({SERUM_OR_PLASMA, WHOLE_BLOOD})


@dataclass(frozen=True)
class CaseResults:
    """The lab values of one case, with the case and when it was seen."""

    case_id: str
    seen_at: datetime
    lab_values: Sequence[LabValue]


@dataclass(frozen=True)
class TrendPoint:
    """One value on a series' axis, with its case, its time and source line."""

    case_id: str
    seen_at: datetime  # when its case was seen
    value: float  # in the series' unit
    as_written: str  # "106 µmol/L": the value as the report gave it
    comparator: str | None
    reference_low: float | None  # in the series' unit
    reference_high: float | None
    flag: str | None
    critical: bool
    source_line: str | None
    source_page: int | None
    timing: str | None
    # The value's time: when its specimen was collected, else ``seen_at``.
    at: datetime
    # The collection time's precision ("day", "hour", "minute"); None at its case's time.
    precision: str | None = None
    # Why the message's collection time was not used (LabValue.collected.doubt).
    time_doubt: str | None = None
    # False for a collection time sent without its zone (read as UTC: shown as sent).
    zone_given: bool = True

    @property
    def collected(self) -> bool:
        """Whether ``at`` is a collection time the message gave (not the case's)."""
        return self.precision is not None

    @property
    def until(self) -> datetime:
        """The end of the span ``at`` stands for: a day for a date alone, else ``at``."""
        if self.precision in (None, "minute"):
            return self.at
        return self.at + PRECISION_SPANS[self.precision]


def value_time(value: LabValue, seen_at: datetime) -> datetime:
    """When the value's blood was drawn: its trusted collection time, else ``seen_at``
    (its case's time)."""
    collected = value.collected
    return collected.at if collected is not None and collected.trusted else seen_at


@dataclass
class TrendSeries:
    """Every value of one analyte in one specimen, oldest first, on one unit's axis."""

    analyte: str
    specimen: str
    unit_key: str  # core.vocabulary.units key of the axis ("mg/dl")
    points: list[TrendPoint] = field(default_factory=list)

    @property
    def unit(self) -> str:
        """The axis unit as UCUM writes it ("mg/dL"), else its key."""
        return UCUM.get(self.unit_key, self.unit_key)

    @property
    def panel(self) -> str:
        known = BY_NAME.get(self.analyte)
        return known.panel if known else "Other"

    @property
    def latest(self) -> TrendPoint:
        return self.points[-1]

    @property
    def previous(self) -> TrendPoint | None:
        return self.points[-2] if len(self.points) > 1 else None

    @property
    def change(self) -> float | None:
        """Latest minus previous, in the series' unit; None with one value."""
        previous = self.previous
        return None if previous is None else round(self.latest.value - previous.value, 6)


def axis_unit(value: LabValue) -> str:
    """The unit key a value is drawn in: its analyte's first catalogue unit when the value
    converts to it, else its own."""
    source = unit_of(value)
    known = BY_NAME.get(value.analyte)
    if known is None or not known.ranges:
        return source
    target = known.ranges[0].unit
    return target if converter(value.analyte, source, target) is not None else source


def point_of(case_id: str, seen_at: datetime, value: LabValue) -> tuple[str, TrendPoint]:
    """The value's axis unit and its point on that axis."""
    source, target = unit_of(value), axis_unit(value)
    convert = converter(value.analyte, source, target) or (lambda x: x)

    def on_axis(number: float | None) -> float | None:
        return None if number is None else round(convert(number), 6)

    written = format_result(value) + (f" {value.unit}" if value.unit else "")
    collected = value.collected
    trusted = collected is not None and collected.trusted
    point = TrendPoint(
        case_id=case_id,
        seen_at=seen_at,
        value=round(convert(value.value), 6),
        as_written=written,
        comparator=value.comparator,
        reference_low=on_axis(value.reference_low),
        reference_high=on_axis(value.reference_high),
        flag=value.flag,
        critical=value.critical,
        source_line=value.source_line,
        source_page=value.source_page,
        timing=value.timing,
        at=value_time(value, seen_at),
        precision=collected.precision if collected is not None and trusted else None,
        time_doubt=collected.doubt if collected is not None else None,
        zone_given=collected.zone_given if collected is not None and trusted else True,
    )
    return target, point


def imported_result(value: LabValue) -> tuple[str, str | None] | None:
    """A structured result's identity in the patient's history: its source key and
    collection time (the same result imported into a second case has both); None for a
    value read from text."""
    return None if value.source_key is None else (value.source_key, value.timing)


def lab_history(results: Iterable[CaseResults]) -> list[TrendSeries]:
    """One series per analyte, specimen and axis unit, each oldest first by the values'
    times (values of one time in the order their cases were seen, then read); series by
    panel, then analyte."""
    series: dict[tuple[str, str, str], TrendSeries] = {}
    ordered = sorted(results, key=lambda r: r.seen_at)
    drawn: set[tuple[str, str | None]] = set()
    for case in ordered:
        for value in case.lab_values:
            if value.doubtful or value.other_patient:
                continue
            identity = imported_result(value)
            if identity is not None:
                if identity in drawn:
                    continue  # imported again: the result is on the axis already
                drawn.add(identity)
            unit, point = point_of(case.case_id, case.seen_at, value)
            key = (value.analyte, specimen_of(value), unit)
            found = series.get(key)
            if found is None:
                found = series[key] = TrendSeries(value.analyte, key[1], unit)
            found.points.append(point)
    for found in series.values():
        found.points.sort(key=lambda p: p.at)  # stable: ties keep the cases' order
    return sorted(series.values(), key=lambda s: (s.panel, s.analyte, s.specimen, s.unit_key))


def imported_before(values: Iterable[LabValue], others: Iterable[CaseResults]) -> list[str]:
    """The other cases that already hold one of ``values``' structured results (the same
    source key and collection time), in the order seen."""
    keys = set(map(imported_result, values)) - {None}
    if not keys:
        return []
    holding = [
        case
        for case in sorted(others, key=lambda r: r.seen_at)
        if any(imported_result(v) in keys for v in case.lab_values)
    ]
    return list(dict.fromkeys(case.case_id for case in holding))
