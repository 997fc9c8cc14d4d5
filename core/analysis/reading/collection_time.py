"""A structured result's collection time as a timestamp, and whether it can be trusted.

HL7 v2 writes a TS as ``YYYYMMDD[HH[MM[SS[.S...]]]][+/-ZZZZ]``; FHIR a dateTime or a date.
The time is kept to the precision sent: a date alone is a day, never midnight passed off as
a minute. HL7 v2 (2.3 onward, TS component "time zone") says a time sent without its offset
is in the sender's zone, which a message gives by MSH-7's offset: a result's time is read in
that zone. A time with no offset of its own or of its message (most HL7 v2 messages) is
the clinic's local time when the clinic has set its zone (``MEDCASE_CLINIC_TIMEZONE``:
``in_clinic_zone``), else read as UTC and marked so. A date alone stays a day. A month or a
year alone is no collection time.

A time after the analysis (beyond a small clock skew, more for a time without its zone,
which may be any zone's) or before the patient's date of birth is not trusted: the value
stays, marked, at its case's time, and drives no delta check.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, date, datetime, timedelta, timezone, tzinfo
from typing import Any, Literal

from core.insights import CollectionTime, LabValue

CLOCK_SKEW = timedelta(minutes=5)
# A time without its zone may be any zone's local time: UTC-12 to UTC+14.
ANY_ZONE = timedelta(hours=14)

AFTER_ANALYSIS = "after the time of this analysis"
BEFORE_BIRTH = "before the patient's date of birth"

Precision = Literal["day", "hour", "minute"]

_TS = re.compile(
    r"(\d{4})(\d{2})(\d{2})(?:(\d{2})(?:(\d{2})(?:\d{2}(?:\.\d{1,4})?)?)?)?([+-]\d{4})?",
    re.ASCII,
)


def hl7_collection_time(stamp: str, sender_zone: timezone | None = None) -> CollectionTime | None:
    """An HL7 v2 TS ("200202150730", "20261125", "202611250730-0500") as a collection time,
    in ``sender_zone`` (the message's, from MSH-7) when it has no offset of its own; None when
    blank, not a calendar time, or coarser than a day."""
    found = _TS.match(stamp.strip())
    if found is None:
        return None
    year, month, day, hour, minute, offset = found.groups()
    zone = _offset(offset) or sender_zone
    try:
        at = datetime(
            int(year), int(month), int(day), int(hour or 0), int(minute or 0), tzinfo=zone or UTC
        )
    except ValueError:  # "20241399", an hour 25: no time of the calendar
        return None
    precision: Precision = "minute" if minute else "hour" if hour else "day"
    return CollectionTime(at=at, precision=precision, zone_given=zone is not None)


def hl7_sender_zone(message_time: str) -> timezone | None:
    """The zone a message's MSH-7 ("20261127080000-0500") gives its times, or None."""
    found = _TS.match(message_time.strip())
    return _offset(found.group(6)) if found else None


def _offset(written: str | None) -> timezone | None:
    if not written:
        return None
    hours, minutes = int(written[1:3]), int(written[3:5])
    if hours > 14 or minutes > 59:
        return None  # no zone on earth: as if none were sent
    sign = -1 if written[0] == "-" else 1
    return timezone(sign * timedelta(hours=hours, minutes=minutes))


def fhir_collection_time(moment: Any) -> CollectionTime | None:
    """A FHIR dateTime as the models give it (a datetime, a date, or "2015-08" as text) as a
    collection time; None for a month or a year."""
    if isinstance(moment, datetime):
        offset = moment.utcoffset()
        if offset is None:
            return CollectionTime(at=moment.replace(tzinfo=UTC), zone_given=False)
        # the library's own tzinfo class as the standard library's fixed offset
        return CollectionTime(at=moment.replace(tzinfo=timezone(offset)))
    if isinstance(moment, date):
        at = datetime(moment.year, moment.month, moment.day, tzinfo=UTC)
        return CollectionTime(at=at, precision="day", zone_given=False)
    return None


def in_clinic_zone(values: list[LabValue], zone: tzinfo | None) -> list[LabValue]:
    """The values with each time sent without any offset (to the hour or the minute) placed
    in the clinic's ``zone``: the clock time as the lab wrote it, in that zone. A date alone,
    and a time whose zone was sent, are left as they are; with no zone set or no such time,
    the very list given (the caller copies the document only when a time moved)."""
    if zone is None:
        return values
    placed: list[LabValue] = []
    moved = False
    for value in values:
        collected = value.collected
        if collected is not None and not collected.zone_given and collected.precision != "day":
            at = collected.at.replace(tzinfo=zone)
            fixed = timezone(at.utcoffset() or timedelta(0))  # that day's offset, kept as such
            collected = collected.model_copy(
                update={"at": at.replace(tzinfo=fixed), "zone_given": True}
            )
            value = value.model_copy(update={"collected": collected})
            moved = True
        placed.append(value)
    return placed if moved else values


def doubt_of(collected: CollectionTime, now: datetime, birth_date: date | None) -> str | None:
    """Why ``collected`` cannot be the value's time, or None when it can."""
    slack = CLOCK_SKEW if collected.zone_given else CLOCK_SKEW + ANY_ZONE
    if collected.at - slack > now:
        return AFTER_ANALYSIS
    # The date as the sender wrote it (in its own offset) against the birth date.
    if birth_date is not None and collected.at.date() < birth_date:
        return BEFORE_BIRTH
    return None


def checked_times(
    label: str, values: list[LabValue], now: datetime, birth_date: date | None
) -> tuple[list[LabValue], list[str]]:
    """The values of the file ``label`` with each untrusted collection time marked, and a
    warning for each kind of doubt found."""
    checked: list[LabValue] = []
    found: Counter[str] = Counter()
    for value in values:
        doubt = doubt_of(value.collected, now, birth_date) if value.collected else None
        if doubt is not None and value.collected is not None:
            collected = value.collected.model_copy(update={"doubt": doubt})
            value = value.model_copy(update={"collected": collected})
            found[doubt] += 1
        checked.append(value)
    return checked, [_warning(label, doubt, count) for doubt, count in found.items()]


def _warning(label: str, doubt: str, count: int) -> str:
    results = "a result" if count == 1 else f"{count} results"
    return (
        f"{label}: COLLECTION TIME? The message gives {results} a collection time {doubt}; "
        "the values are shown, marked, at the case's time, and are not compared with "
        "earlier results until the doctor has checked the message"
    )
