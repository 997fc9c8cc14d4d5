"""Delta checks: each current value compared with the same patient's earlier results.

The rules, each citing the earlier value it compares with:

- ``creatinine_rise_48h``: creatinine up by 0.3 mg/dL (26.5 µmol/L) or more from the
  lowest value of the 48 hours before (KDIGO 2012 acute kidney injury, stage 1 by rise);
- ``creatinine_1_5x_7d``: creatinine at least 1.5 times the lowest value of the 7 days
  before (KDIGO 2012, the relative criterion);
- ``hemoglobin_fall``: haemoglobin down by 2 g/dL or more from the previous result;
- ``potassium_limit`` / ``sodium_limit``: now beyond a reference limit the previous result
  was not beyond (within range before, or beyond the other limit);
- ``new_critical``: a critical value whose previous result was not critical.

A creatinine difference is compared in mg/dL rounded to two decimals, the precision
reports give, so that 26.5 µmol/L (0.2997 mg/dL) counts as the 0.3 mg/dL KDIGO writes.
"Within 48 hours" includes 48 hours exactly. Only blood values that are measurements (no
comparator, not doubtful) are compared, and a structured result already imported into an
earlier case (the same source key and collection time) is not compared with itself.

Times are the values' own (core.analysis.history.value_time): when the specimen was
collected where a structured message says so, else when the case was seen. A value is
compared with the patient's results collected before it, in earlier cases or in its own
(three days of results imported at once are three days apart); a value whose collection
time is not trusted is neither compared nor compared with. A time sent as a date alone
stands for its whole day: an earlier result counts only when surely before, and a window
only when surely within it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from core.analysis.history import (
    CaseResults,
    TrendPoint,
    TrendSeries,
    imported_result,
    lab_history,
    point_of,
)
from core.analysis.labs.conversion import converter
from core.analysis.labs.format import number_text
from core.analysis.labs.specimens import is_blood, specimen_of
from core.analysis.labs.ucum import UCUM
from core.insights import DeltaCheck, LabValue
from core.vocabulary.catalog import BY_NAME

CREATININE_RISE_MG_DL = 0.3
CREATININE_RISE_WINDOW = timedelta(hours=48)
CREATININE_RATIO = 1.5
CREATININE_RATIO_WINDOW = timedelta(days=7)
HEMOGLOBIN_FALL_G_DL = 2.0
LIMIT_ANALYTES = ("Potassium", "Sodium")

KDIGO = "KDIGO acute kidney injury criterion"


def delta_checks(
    current: Sequence[LabValue],
    seen_at: datetime,
    earlier: Sequence[CaseResults],
    case_id: str = "",
) -> list[DeltaCheck]:
    """Every rule the current values (of the case ``case_id`` seen at ``seen_at``) meet
    against the results collected before each, in the earlier cases (those seen before
    ``seen_at``) and the case's own; in the order of the current values."""
    before = [case for case in earlier if case.seen_at < seen_at]
    own = CaseResults(case_id, seen_at, current)
    history = {(s.analyte, s.specimen, s.unit_key): s for s in lab_history([*before, own])}
    imported = {imported_result(v) for case in before for v in case.lab_values} - {None}
    checks: list[DeltaCheck] = []
    for value in current:
        if value.doubtful or value.other_patient or value.comparator or not is_blood(value):
            continue
        if value.collected is not None and not value.collected.trusted:
            continue  # its time is in doubt: no window can be measured from it
        if imported_result(value) in imported:
            continue  # the same result imported again: never a change against itself
        unit, now = point_of(case_id, seen_at, value)
        found = history.get((value.analyte, specimen_of(value), unit))
        if found is None:
            continue
        series = _before(found, now)
        if not series.points:
            continue
        checks += _creatinine(value, now, series)
        checks += _hemoglobin(value, now, series)
        checks += _limits(value, now, series)
        checks += _new_critical(value, now, series)
    return checks


def _in_mg_dl(series: TrendSeries, number: float) -> float | None:
    convert = converter("Creatinine", series.unit_key, "mg/dl")
    return None if convert is None else convert(number)


def _creatinine(value: LabValue, now: TrendPoint, series: TrendSeries) -> list[DeltaCheck]:
    if value.analyte != "Creatinine":
        return []
    current = _in_mg_dl(series, now.value)
    if current is None:
        return []
    found = []
    recent = _measured(series, now, CREATININE_RISE_WINDOW)
    if recent:
        lowest = min(recent, key=lambda p: p.value)
        low_mg = _in_mg_dl(series, lowest.value)
        if low_mg is not None and round(current - low_mg, 2) >= CREATININE_RISE_MG_DL:
            rise = f"{_shown(now.value - lowest.value)} {series.unit}"
            found.append(
                _check(
                    "creatinine_rise_48h",
                    value,
                    now,
                    series,
                    lowest,
                    f"up {rise} from the lowest of the 48 h before ({KDIGO}: a rise of "
                    "0.3 mg/dL or more within 48 h)",
                )
            )
    week = _measured(series, now, CREATININE_RATIO_WINDOW)
    if week:
        lowest = min(week, key=lambda p: p.value)
        if lowest.value > 0 and now.value >= CREATININE_RATIO * lowest.value - 1e-9:
            ratio = f"{now.value / lowest.value:.1f}"
            found.append(
                _check(
                    "creatinine_1_5x_7d",
                    value,
                    now,
                    series,
                    lowest,
                    f"{ratio} times the lowest of the 7 days before ({KDIGO}: 1.5 times "
                    "the lowest value within 7 days)",
                )
            )
    return found


def _hemoglobin(value: LabValue, now: TrendPoint, series: TrendSeries) -> list[DeltaCheck]:
    if value.analyte != "Hemoglobin":
        return []
    previous = _previous(series)
    convert = converter("Hemoglobin", series.unit_key, "g/dl")
    if previous is None or convert is None:
        return []
    fall = round(convert(previous.value) - convert(now.value), 2)
    if fall < HEMOGLOBIN_FALL_G_DL:
        return []
    drop = f"{_shown(previous.value - now.value)} {series.unit}"
    return [
        _check(
            "hemoglobin_fall",
            value,
            now,
            series,
            previous,
            f"down {drop} from the previous result (a fall of 2 g/dL or more)",
        )
    ]


def _limits(value: LabValue, now: TrendPoint, series: TrendSeries) -> list[DeltaCheck]:
    if value.analyte not in LIMIT_ANALYTES:
        return []
    previous = _previous(series)
    if previous is None:
        return []
    low, high = _limits_of(now, series)
    side_now, side_before = _side(now.value, low, high), _side(previous.value, low, high)
    if side_now == "within" or side_now == side_before:
        return []
    limit = high if side_now == "above" else low
    crossed = f"now {side_now} the {'upper' if side_now == 'above' else 'lower'} limit"
    where = "within the range" if side_before == "within" else f"{side_before} the range"
    return [
        _check(
            f"{value.analyte.lower()}_limit",
            value,
            now,
            series,
            previous,
            f"{crossed} of {_shown(limit or 0)} {series.unit}, {where} before",
        )
    ]


def _new_critical(value: LabValue, now: TrendPoint, series: TrendSeries) -> list[DeltaCheck]:
    previous = _previous(series)
    if not value.critical or previous is None or previous.critical:
        return []
    return [
        _check(
            "new_critical",
            value,
            now,
            series,
            previous,
            "a new critical value (not critical before)",
        )
    ]


def _before(series: TrendSeries, now: TrendPoint) -> TrendSeries:
    """The series' points surely collected before ``now`` (a day's span ended by then),
    those of a trusted time only."""
    points = [p for p in series.points if p.until <= now.at and p.at < now.at]
    trusted = [p for p in points if p.time_doubt is None]
    return TrendSeries(series.analyte, series.specimen, series.unit_key, trusted)


def _measured(series: TrendSeries, now: TrendPoint, window: timedelta) -> list[TrendPoint]:
    """The measurements surely within ``window`` before ``now``."""
    return [p for p in series.points if now.until - p.at <= window and not p.comparator]


def _previous(series: TrendSeries) -> TrendPoint | None:
    measured = [p for p in series.points if not p.comparator]
    return measured[-1] if measured else None


def _limits_of(now: TrendPoint, series: TrendSeries) -> tuple[float | None, float | None]:
    """The current report's range, else the catalogue's for the axis unit."""
    if now.reference_low is not None or now.reference_high is not None:
        return now.reference_low, now.reference_high
    known = BY_NAME.get(series.analyte)
    default = next((r for r in known.ranges if r.unit == series.unit_key), None) if known else None
    return (default.low, default.high) if default else (None, None)


def _side(number: float, low: float | None, high: float | None) -> str:
    if high is not None and number > high:
        return "above"
    if low is not None and number < low:
        return "below"
    return "within"


def _check(
    rule: str,
    value: LabValue,
    now: TrendPoint,
    series: TrendSeries,
    earlier: TrendPoint,
    how: str,
) -> DeltaCheck:
    hours = round((now.at - earlier.at).total_seconds() / 3600, 1)
    by_date = "day" in (now.precision, earlier.precision)
    unit = UCUM.get(series.unit_key, series.unit_key)
    statement = (
        f"{value.analyte} {_shown(now.value)} {unit}: {how}; earlier "
        f"{_shown(earlier.value)} {unit} ({earlier.as_written} as reported) "
        f"{_ago(hours, by_date)} before"
    )
    return DeltaCheck(
        rule=rule,
        analyte=value.analyte,
        statement=statement,
        value=now.value,
        unit=unit or None,
        earlier_value=earlier.value,
        earlier_case_id=earlier.case_id,
        earlier_at=earlier.at.isoformat(),
        hours_between=hours,
        source_line=value.source_line,
    )


def _shown(number: float) -> str:
    return number_text(round(float(number), 2))


def _ago(hours: float, by_date: bool = False) -> str:
    if by_date:  # a date without its time: the days between the dates, said so
        days = round(hours / 24)
        return f"{days} day{'' if days == 1 else 's'} (by collection date)"
    if hours < 72:
        return f"{number_text(hours)} h"
    return f"{round(hours / 24)} days"
