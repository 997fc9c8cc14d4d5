"""HL7 v2 result messages (ORU^R01, versions 2.3 to 2.5.1), read exactly with python-hl7.

Each OBX with a numeric value (NM, or SN holding one number with its comparator) becomes a
result with its code, unit, range, the sender's flag, status, specimen (SPM-4, else
OBR-15) and collection time (SPM-17, else OBR-7, else OBX-14). A string (ST), text or coded
value is never turned into a number; a result the sender cancelled or marked wrong (OBX-11
X, D, W) or not yet done (I, N) is not a value. The message's patient (PID-5, PID-7,
PID-8) is handed back for the case's check, never written into the text. Escape sequences
(``\\S\\``, ``\\.br\\``, ``\\X..\\``...) are decoded with the message's own delimiters
(core.analysis.reading.hl7_escapes), never by python-hl7, which logs what it cannot decode.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timezone
from typing import Any

import hl7

from core.analysis.reading.collection_time import hl7_collection_time, hl7_sender_zone
from core.analysis.reading.hl7_escapes import Delimiters, unescape
from core.analysis.reading.messages_common import (
    MAX_MESSAGE_BYTES,
    MAX_SEGMENTS,
    MessageError,
    MessageResult,
    analyte_for_code,
    comparator_symbol,
    known_specimen,
    number,
    range_upside_down,
    specimen_of,
    upside_down_note,
    usual_range,
)
from core.analysis.reading.patient_match import record_numbers
from core.insights import CollectionTime, MessagePatient

VERSIONS = frozenset({"2.3", "2.3.1", "2.4", "2.5", "2.5.1"})
# OBX-11 (HL7 table 0085): what each status means here; the others are no value.
_STATUS = {"F": "final", "U": "final", "C": "corrected", "P": "preliminary", "R": "preliminary"}
_STATUS |= {"S": "preliminary"}
_NO_VALUE = {"X": "cannot be obtained", "D": "deleted", "W": "wrong (entered in error)"}
_NO_VALUE |= {"I": "pending", "N": "not asked"}
_NUMERIC = {"NM", "SN"}
_SEX = {"M": "male", "F": "female"}
# Segments that say who the patient is or where: never part of the text an engine reads.
_PRIVATE = {"MSH", "FHS", "BHS", "BTS", "FTS", "PID", "PD1", "NK1", "PV1", "PV2", "GT1", "IN1"}
_RANGE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*[-_]\s*(-?\d+(?:\.\d+)?)\s*$")
_BOUND = re.compile(r"^\s*(<=|>=|=<|=>|<|>)\s*(-?\d+(?:\.\d+)?)\s*$")


@dataclass
class HL7Reading:
    """What a file of HL7 v2 messages holds: results, patients, segment-level notes."""

    results: list[MessageResult] = field(default_factory=list)
    patients: list[MessagePatient] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # "message 1, OBX 3: ..."
    text: str = ""  # the order and result segments, for the engines (no PID)


# A batch file's headers (HL7 v2 chapter 2, "HL7 batch protocol"): a file (FHS) and a batch
# (BHS) header may come before the first message, as public-health feeds send them.
_BATCH_HEADERS = ("FHS", "BHS")


# MLLP's framing (HL7 v2 Appendix C): each message sent as <VT> message <FS><CR>. A capture
# of the wire saved to a file keeps the two bytes; neither may occur in a message's text,
# so both are dropped wherever they are.
_MLLP_FRAMING = str.maketrans("", "", "\x0b\x1c")


def looks_like_hl7(content: bytes) -> bool:
    """True when the bytes start (after a BOM, blank lines or MLLP's start byte) with an MSH
    segment, or with a batch file's FHS or BHS header."""
    head = content.lstrip(b"\xef\xbb\xbf\x0b\r\n\t ")
    if head.startswith(b"MSH"):
        return True
    # A batch header only with its field separator after it: a text that opens with the
    # word "BHS" is no batch.
    separator = head[3:4].decode("latin-1")
    return (
        head[:3] in (b"FHS", b"BHS")
        and separator != ""
        and not (separator.isalnum() or separator.isspace())
    )


def read_hl7(content: bytes) -> HL7Reading:
    """Every ORU^R01 message in ``content``; MessageError when the file is not one."""
    if len(content) > MAX_MESSAGE_BYTES:
        raise MessageError(f"the message is larger than {MAX_MESSAGE_BYTES // 2**20} MB")
    text = _decode(content).translate(_MLLP_FRAMING)
    lines = [line for line in re.split(r"\r\n|\r|\n", text) if line.strip()]
    if len(lines) > MAX_SEGMENTS:
        raise MessageError(f"the file has more than {MAX_SEGMENTS:,} segments")
    first = _first_message(lines)
    separator = _check_delimiters(lines[first])
    reading = HL7Reading()
    messages = _split(lines, separator)
    for number_, segments in enumerate(messages, start=1):
        where = f"message {number_}" if len(messages) > 1 else "the message"
        _read_message(segments, where, reading)
    reading.text = "\n".join(_shown_lines(lines, first))
    return reading


def _first_message(lines: list[str]) -> int:
    """Where the first MSH is: the first line, or the line after a batch file's FHS and BHS
    headers; MessageError when anything else comes first."""
    for index, line in enumerate(lines):
        if line.startswith("MSH"):
            return index
        if line[:3] not in _BATCH_HEADERS:
            break
    raise MessageError("the file does not start with an MSH segment (or a batch's FHS, BHS)")


def _shown_lines(lines: list[str], first: int) -> list[str]:
    """The order, result and note segments for the engines, each decoded with the
    delimiters of its own message's MSH (the PID and other private segments left out)."""
    shown: list[str] = []
    delimiters = Delimiters.of(lines[first])  # a batch header's are never used
    for line in lines:
        if line.startswith("MSH") and len(line) >= 8:
            delimiters = Delimiters.of(line)
        if line[:3] not in _PRIVATE:
            shown.append(unescape(line, delimiters))
    return shown


def _decode(content: bytes) -> str:
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError:
        # HL7 v2's default character set (MSH-18 blank); an editor's UTF-8 byte-order mark
        # before it is no part of the message.
        return content.removeprefix(b"\xef\xbb\xbf").decode("latin-1")


def _check_delimiters(msh: str) -> str:
    """MSH-1 and MSH-2: a field separator and four distinct encoding characters."""
    if len(msh) < 8:
        raise MessageError("MSH: the segment is too short to hold its delimiters (MSH-1, MSH-2)")
    separator = msh[3]
    encoding = msh[4:8]
    if separator.isalnum() or separator.isspace():
        raise MessageError(f"MSH-1: '{separator}' cannot be the field separator")
    if (
        len(set(encoding + separator)) != 5
        or any(c.isalnum() or c.isspace() for c in encoding)
        or (len(msh) > 8 and msh[8] != separator)
    ):
        raise MessageError(
            f"MSH-2: the encoding characters '{msh[4:9]}' are not four distinct "
            f"delimiters followed by the field separator '{separator}' (usually ^~\\&)"
        )
    return separator


def _split(lines: list[str], separator: str) -> list[list[str]]:
    """Messages one after another (batch headers FHS/BHS/BTS/FTS left out)."""
    messages: list[list[str]] = []
    for line in lines:
        kind = line[:3]
        if kind in ("FHS", "BHS", "BTS", "FTS"):
            continue
        if kind == "MSH":
            if line[3:4] != separator:
                raise MessageError(f"message {len(messages) + 1}: MSH has another field separator")
            messages.append([])
        elif not messages:
            raise MessageError(f"{kind}: a segment before the first MSH")
        messages[-1].append(line)
    return messages


def _read_message(segments: list[str], where: str, reading: HL7Reading) -> None:
    try:
        message = hl7.parse("\r".join(segments))
    except Exception as error:
        raise MessageError(f"{where}: the segments could not be parsed") from error
    msh = message.segment("MSH")
    kind = f"{_at(msh, 9, 1)}^{_at(msh, 9, 2)}"
    if kind != "ORU^R01":
        raise MessageError(f"{where}: MSH-9 is '{kind.strip('^')}', not an ORU^R01 result message")
    version = _at(msh, 12, 1)
    if version not in VERSIONS:
        raise MessageError(f"{where}: MSH-12 version '{version}' is not 2.3 to 2.5.1")
    zone = hl7_sender_zone(_at(msh, 7, 1))  # a time without its offset is the sender's
    group: list[tuple[MessageResult, bool]] = []  # results of one OBR, and whether it named
    order_specimen: str | None = None  # OBR-15
    order_time: str = ""  # OBR-7 as sent
    obx_count = 0
    for segment in message:
        name = str(segment[0])
        if name == "PID":
            reading.patients.append(_patient(segment))
        elif name == "OBR":
            reading.results.extend(result for result, _ in group)
            group = []
            order_specimen = _order_specimen(segment, where, reading)
            order_time = _at(segment, 7, 1)
        elif name == "SPM":
            # SPM follows the OBXs of its order (2.5): its specimen and time are theirs.
            specimen = _at(segment, 4, 2) or _at(segment, 4, 1)
            collected = _at(segment, 17, 1)
            group = [
                (_with(result, specimen, collected, had_specimen, zone), had_specimen)
                for result, had_specimen in group
            ]
        elif name == "OBX":
            obx_count += 1
            label = f"{where}, OBX {_at(segment, 1, 1) or obx_count}"
            try:
                result = _result(segment, label, order_specimen, order_time, zone, reading)
            except MessageError as error:
                reading.notes.append(str(error))
                continue
            if result is not None:
                result = replace(result, identity=_identity(msh, obx_count))
                group.append((result, order_specimen is not None))
    reading.results.extend(result for result, _ in group)


def _identity(msh: hl7.Segment, obx: int) -> str | None:
    """The result's identity: the sending facility (MSH-4) and message control id (MSH-10)
    with the OBX's place in the message; None without a control id."""
    control = _at(msh, 10, 1)
    if not control:
        return None
    facility = _at(msh, 4, 1).casefold()
    return f"hl7|{facility}|{control}|{obx}"


def _order_specimen(segment: hl7.Segment, where: str, reading: HL7Reading) -> str | None:
    """OBR-15's specimen source ("BLDV&BLOOD VENOUS"), only when it names a specimen:
    senders put other things there, and a value is never given a guessed specimen."""
    code, words = _at(segment, 15, 1, 1), _at(segment, 15, 1, 2)
    if not code and not words:
        return None
    for candidate in (words, code):
        if known_specimen(candidate):
            return candidate
    reading.notes.append(
        f"{where}, OBR {_at(segment, 1, 1) or ''}: OBR-15 does not name a specimen MedCase "
        "recognises, so none is shown for its results"
    )
    return None


def _with(
    result: MessageResult, specimen: str, stamp: str, kept: bool, zone: timezone | None
) -> MessageResult:
    text, at = (result.collected, result.collected_at) if result.collected else _time(stamp, zone)
    return replace(
        result,
        specimen=result.specimen if kept or not specimen else specimen_of(specimen),
        collected=text,
        collected_at=at,
    )


def _time(stamp: str, zone: timezone | None) -> tuple[str | None, CollectionTime | None]:
    """A TS as the value's timing text ("2002-02-15 07:30", as the sender wrote it) and as a
    collection time (in the sender's ``zone`` when the TS has no offset)."""
    text = _when(stamp)
    return text, hl7_collection_time(stamp, zone) if text else None


def _result(
    segment: hl7.Segment,
    label: str,
    order_specimen: str | None,
    order_time: str,
    zone: timezone | None,
    reading: HL7Reading,
) -> MessageResult | None:
    value_type = _at(segment, 2, 1).upper()
    text_value = _repetitions(segment, 5)
    if not value_type:
        raise MessageError(f"{label}: OBX-2 (value type) is empty, so OBX-5 cannot be read")
    status_code = _at(segment, 11, 1).upper()
    if status_code in _NO_VALUE:
        raise MessageError(
            f"{label}: the result is {_NO_VALUE[status_code]} (OBX-11 '{status_code}'), not a value"
        )
    status = _STATUS.get(status_code)
    if status is None:
        raise MessageError(f"{label}: OBX-11 result status '{status_code}' is not known")
    code, text, system = _at(segment, 3, 1), _at(segment, 3, 2), _at(segment, 3, 3)
    analyte = analyte_for_code(system, code, text) or analyte_for_code(
        _at(segment, 3, 6), _at(segment, 3, 4), _at(segment, 3, 5)
    )
    if value_type not in _NUMERIC:
        if value_type in ("ST", "TX", "FT") and re.search(r"\d", text_value):
            # The text is not quoted: a free-text value may name someone.
            raise MessageError(
                f"{label}: OBX-5 is a string ({value_type}) holding digits; it is not read "
                "as a number"
            )
        return None  # a coded or text result: the text keeps it
    if analyte is None:
        named = f"{code} {text}".strip()
        raise MessageError(f"{label}: OBX-3 '{named}' names no test MedCase knows")
    value, comparator = _numeric(segment, value_type, label)
    unit = _at(segment, 6, 1)
    written = _reference_range(_at(segment, 7, 1), unit)
    if range_upside_down(*written):
        reading.notes.append(upside_down_note(f"{label} OBX-7", *written))
    low, high = usual_range(*written)
    flag = _at(segment, 8, 1).upper() or None
    collected, collected_at = _time(order_time, zone)
    if collected is None:
        collected, collected_at = _time(_at(segment, 14, 1), zone)
    return MessageResult(
        analyte=analyte,
        value=value,
        comparator=comparator,
        unit=unit or None,
        low=low,
        high=high,
        sender_flag=flag,
        specimen=specimen_of(order_specimen),
        collected=collected,
        status=status,
        source=f"{label}: {_shown(segment)}",
        collected_at=collected_at,
    )


def _numeric(segment: hl7.Segment, value_type: str, label: str) -> tuple[float, str | None]:
    if value_type == "NM":
        return number(_at(segment, 5, 1), f"{label} OBX-5 (NM)"), None
    # SN: comparator ^ number ^ separator/suffix ^ number; only "<5" or "^182" is one value.
    comparator, first = _at(segment, 5, 1), _at(segment, 5, 2)
    separator, second = _at(segment, 5, 3), _at(segment, 5, 4)
    if separator or second:
        raise MessageError(f"{label}: OBX-5 (SN) is a ratio or range, not one value")
    try:
        symbol = comparator_symbol(comparator)
    except MessageError as error:
        raise MessageError(f"{label} OBX-5 (SN): {error}") from None
    return number(first, f"{label} OBX-5 (SN)"), symbol


def _reference_range(text: str, unit: str = "") -> tuple[float | None, float | None]:
    """OBX-7: "70-105" (the specification's examples write "70_105"), "<5", ">60"; also as
    public-health senders write it, with the result's own unit after the bound and an
    explanation after a colon ("<10 ug/dl", "<9 mcg/dL:  Acceptable background lead
    exposure", NIST's ELR test messages). A bound in another unit than the result's is no
    range for it."""
    found = _range_of(text)
    if found is None and unit:
        bare = _without_own_unit(text, unit)
        found = _range_of(bare) if bare is not None else None
    return found or (None, None)


def _range_of(text: str) -> tuple[float | None, float | None] | None:
    if match := _RANGE.match(text):
        return float(match.group(1)), float(match.group(2))
    if match := _BOUND.match(text):
        bound = float(match.group(2))
        return (None, bound) if match.group(1) in ("<", "<=", "=<") else (bound, None)
    return None


def _without_own_unit(text: str, unit: str) -> str | None:
    """OBX-7 without its explanation after a colon and without a unit that is the
    result's own (OBX-6); None when it writes no unit or another one."""
    bare = text.split(":", 1)[0].strip()
    written_unit = _TRAILING_UNIT.search(bare)
    if written_unit is None or not _same_unit(written_unit.group(1), unit):
        return None
    return bare[: written_unit.start()]


# A unit after the range's last number: letters first ("ug/dl", "mmol/L", "mcg/dL").
_TRAILING_UNIT = re.compile(r"(?<=\d)\s*([A-Za-zµμ][\w/*.%µμ^-]*)$")


def _same_unit(written: str, unit: str) -> bool:
    """True when OBX-7's unit is OBX-6's, as senders vary it ("mcg/dL" and "ug/dl")."""

    def key(text: str) -> str:
        folded = text.strip().casefold().replace("µ", "u").replace("μ", "u")
        return folded.replace("mcg", "ug")

    return key(written) == key(unit)


def _patient(segment: hl7.Segment) -> MessagePatient:
    iso = _birth_date(_at(segment, 7, 1))
    return MessagePatient(
        family=_at(segment, 5, 1, 1),
        given=" ".join(p for p in (_at(segment, 5, 2), _at(segment, 5, 3)) if p),
        birth_date=iso,
        sex=_SEX.get(_at(segment, 8, 1).upper()),
        record_numbers=_record_numbers(segment),
    )


def _record_numbers(segment: hl7.Segment) -> list[str]:
    """PID-3 (patient identifier list): the ID (CX.1) of each repetition, with its type
    (CX.5: "MR", "PI", "AN", "SS"), as ``record_numbers`` compares them."""
    if len(segment) <= 3:
        return []
    return record_numbers(
        [
            (_at(segment, 3, 1, 1, repeat), {_at(segment, 3, 5, 1, repeat).upper()} - {""})
            for repeat in range(1, len(segment(3)) + 1)
        ]
    )


def _birth_date(stamp: str) -> str | None:
    """PID-7 as an ISO date ("1962-03-20"), a year-month or a year; None when not a date
    (a "196203520" is no date, and no age is read from it)."""
    digits = re.match(r"\d+", stamp)
    text = digits.group() if digits else ""
    try:
        if len(text) >= 8:
            return date(int(text[:4]), int(text[4:6]), int(text[6:8])).isoformat()
        if len(text) == 6 and 1 <= int(text[4:6]) <= 12:
            return f"{text[:4]}-{text[4:6]}"
        if len(text) == 4:
            return text
    except ValueError:
        return None
    return None


def _when(stamp: str) -> str | None:
    """An HL7 TS ("200202150730") as "2002-02-15 07:30"; None when blank or not a date."""
    digits = re.match(r"[0-9]{8,14}", stamp.strip())
    if digits is None:
        return None
    minute = len(digits.group()) >= 12
    try:  # "20241399" or an hour 25 is no time of the calendar: not shown as one
        when = datetime.strptime(
            digits.group()[: 12 if minute else 8], "%Y%m%d%H%M"[: 10 if minute else 6]
        )
    except ValueError:
        return None
    day = f"{when.year:04d}-{when:%m-%d}"  # strftime writes year 1 as "1"
    return f"{day} {when:%H:%M}" if minute else day


def _delimiters(segment: hl7.Segment) -> Delimiters:
    # python-hl7 keeps the message's own delimiters on each segment: "\r|~^&" and "\\".
    separators = segment.separators
    return Delimiters(separators[1], separators[3], separators[2], segment.esc, separators[4])


def _shown(segment: hl7.Segment) -> str:
    """The segment as the source of a value: escape sequences decoded, on one line."""
    return " ".join(unescape(str(segment), _delimiters(segment)).split("\n"))


def _repetitions(segment: hl7.Segment, field_: int) -> str:
    """Every repetition of a text field (OBX-5 of a TX, NTE-3), decoded, one per line."""
    if len(segment) <= field_:
        return ""
    field_value = segment(field_)
    count = 1 if isinstance(field_value, str) else len(field_value)
    return "\n".join(_at(segment, field_, 1, 1, repeat) for repeat in range(1, count + 1))


def _at(
    segment: hl7.Segment, field_: int, component: int = 1, sub: int = 1, repeat: int = 1
) -> str:
    """A field's repetition's component (1-based, as the standard numbers them), its escape
    sequences decoded with the message's delimiters; "" when the segment is shorter."""
    if len(segment) <= field_:
        return ""
    value: Any = segment(field_)
    for index in (repeat, component, sub):
        if isinstance(value, str):
            return "" if index != 1 else _decoded(segment, field_, value)
        if index > len(value):
            return ""
        value = value(index)
    while not isinstance(value, str):  # deeper than asked: its first leaf
        value = value(1) if len(value) else ""
    return _decoded(segment, field_, value)


def _decoded(segment: hl7.Segment, field_: int, value: str) -> str:
    if str(segment[0]) == "MSH" and field_ in (1, 2):
        return value.strip()  # the delimiters themselves
    return unescape(value, _delimiters(segment)).strip()
