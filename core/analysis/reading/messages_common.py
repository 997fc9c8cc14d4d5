"""What the HL7 v2 and FHIR readers share: the analyte of a code, flags, specimens, results.

A structured message says exactly what was measured; nothing here guesses. A code MedCase
does not know and whose text names no catalogue analyte is left out (and counted in a
warning), never matched loosely.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from core.analysis.labs.critical import mark_critical
from core.analysis.labs.loinc import LOINC, LOINC_SYSTEM
from core.analysis.labs.patterns import ALIASES, ANALYTE_NAME, alias_key
from core.analysis.labs.result import computed_flag
from core.insights import CollectionTime, LabValue
from core.vocabulary.catalog import BY_NAME

# The sizes a message may have before any parsing: a lab file is never this large.
MAX_MESSAGE_BYTES = 8 * 1024 * 1024
MAX_SEGMENTS = 50_000
MAX_BUNDLE_ENTRIES = 5_000

LOINC_OID = "2.16.840.1.113883.6.1"  # how HL7 v2 names LOINC when not "LN"

# Method-specific LOINC codes laboratories often send instead of the catalogue's own ("by
# Automated count", a glucose of another method), by the catalogue analyte each is. Every
# other code is read from the catalogue's table (core.analysis.labs.loinc.LOINC), the one
# the FHIR export writes; tests check each code's check digit and analyte.
SENT_INSTEAD: dict[str, str] = {
    "4544-3": "Hematocrit", "789-8": "RBC", "6690-2": "WBC", "777-3": "Platelets",
    "787-2": "MCV", "785-6": "MCH", "786-4": "MCHC", "788-0": "RDW",
    "2339-0": "Glucose", "15074-8": "Glucose",
    # Public-health and US Core senders (tests/structured/public27): lead in capillary
    # (NIST's ELR test messages) and venous blood, HbA1c by HPLC (IPS's example), hepatitis C
    # RNA in serum or plasma (NIST), total CO2 of a metabolic panel (US Core).
    "10368-9": "Lead", "77307-7": "Lead", "17856-6": "HbA1c", "10676-5": "HCV RNA",
    "2028-9": "Bicarbonate",
}  # fmt: skip


def _loinc_index() -> dict[str, str]:
    """Every LOINC code a message may name, by its catalogue analyte: the catalogue's codes
    (each analyte's default and its codes by unit), then the ones laboratories send instead."""
    index = {
        code.code: analyte
        for analyte, test in LOINC.items()
        for code in (test.default, *test.by_unit.values())
    }
    index.update(SENT_INSTEAD)
    return {code: name for code, name in index.items() if name in BY_NAME}


_BY_LOINC = _loinc_index()


class MessageError(ValueError):
    """A structured lab message that cannot be read; the text names the segment or element
    (and never quotes a patient's name)."""


def is_loinc(system: str | None) -> bool:
    """True for LOINC as FHIR ("http://loinc.org") or HL7 v2 ("LN", its OID) names it."""
    name = (system or "").strip()
    return name in (LOINC_SYSTEM, "LN", LOINC_OID, f"urn:oid:{LOINC_OID}")


def analyte_for_code(system: str | None, code: str | None, text: str | None) -> str | None:
    """The catalogue analyte of a coded result: LOINC first, else the catalogue's names
    for the whole ``text`` ("Haemoglobin"), else the first catalogue name in it."""
    if code and is_loinc(system) and code.strip() in _BY_LOINC:
        return _BY_LOINC[code.strip()]
    words = (text or "").strip()
    if not words:
        return None
    known = ALIASES.get(alias_key(words))
    if known is not None and not known[1]:
        return known[0].name
    # A LOINC-style display ("Hemoglobin [Mass/volume] in Blood"): the name it starts with.
    match = ANALYTE_NAME.match(words)
    if match is not None:
        analyte, urine_only = ALIASES[alias_key(match.group())]
        if not urine_only:
            return analyte.name
    return _named_then_specimen(words)


# A reference laboratory's local test name: the test, a comma, then the blood specimen
# ("Lead, Blood (Pediatric)", LabCorp's in CDC's PHIN BioSense test messages), read as the
# catalogue's "blood lead". Only blood, serum or plasma: "Sodium, Urine" is another test.
_NAME_SPECIMEN = re.compile(
    r"^([^,()]+),\s*(whole blood|blood|serum|plasma)\b[^,]*$", re.IGNORECASE
)


def _named_then_specimen(words: str) -> str | None:
    match = _NAME_SPECIMEN.match(words)
    if match is None:
        return None
    name, specimen = match.group(1).strip(), match.group(2)
    for candidate in (f"{specimen} {name}", name):
        known = ALIASES.get(alias_key(candidate))
        if known is not None and not known[1]:
            return known[0].name
    return None


# HL7 table 0070 and SNOMED / FHIR words for specimens that are blood, serum or plasma.
_BLOOD = re.compile(r"\b(?:BLD\w*|SER|PLAS|SER/PLAS|BLOOD|SERUM|PLASMA|VENOUS|ARTERIAL)\b", re.I)
_OTHER = (
    (re.compile(r"\b(?:UR|URN|URINE)\b", re.I), "urine"),
    (re.compile(r"\b(?:CSF|CEREBROSPINAL)\b", re.I), "csf"),
    (re.compile(r"\b(?:PLR|PLEURAL)\b", re.I), "pleural fluid"),
    (re.compile(r"\b(?:ASC|ASCITIC|PERITONEAL)\b", re.I), "ascitic fluid"),
    (re.compile(r"\b(?:SNV|SYNOVIAL|JOINT FLUID)\b", re.I), "synovial fluid"),
)


def specimen_of(description: str | None) -> str | None:
    """LabValue.specimen for what the message calls the specimen: None for blood, serum or
    plasma (and when it says nothing), else "urine", "csf" or the sender's own word."""
    words = (description or "").strip()
    if not words:
        return None
    for pattern, name in _OTHER:
        if pattern.search(words):
            return name
    if _BLOOD.search(words):
        return None
    return words.lower()


def known_specimen(description: str | None) -> bool:
    """True when ``description`` names a specimen this module recognises (blood, urine...)."""
    words = (description or "").strip()
    return bool(words) and (
        _BLOOD.search(words) is not None or any(p.search(words) for p, _ in _OTHER)
    )


# HL7 table 0078 / FHIR v3 ObservationInterpretation codes a value's flag may carry.
SENDER_FLAGS = frozenset({"H", "L", "HH", "LL", "HU", "LU", "A", "AA", "N", ">", "<"})

_COMPARATORS = {"<": "<", ">": ">", "<=": "≤", ">=": "≥", "=<": "≤", "=>": "≥"}


def comparator_symbol(written: str | None) -> str | None:
    """LabValue.comparator for "<", ">", "<=", ">=" (and "=" or nothing: None)."""
    if not written or written.strip() in ("", "="):
        return None
    symbol = _COMPARATORS.get(written.strip())
    if symbol is None:
        raise MessageError(f"the comparator '{written.strip()}' is not one of <, >, <=, >=")
    return symbol


@dataclass(frozen=True)
class MessageResult:
    """One numeric result as the message states it, before it becomes a LabValue."""

    analyte: str
    value: float
    comparator: str | None
    unit: str | None
    low: float | None
    high: float | None
    sender_flag: str | None
    specimen: str | None
    collected: str | None
    status: str
    source: str
    # Who sent the result under which id (see source_key); None when the message says not.
    identity: str | None = None
    # ``collected`` as a timestamp (core.analysis.reading.collection_time).
    collected_at: CollectionTime | None = None


def lab_value(result: MessageResult, file_id: str) -> LabValue:
    """The LabValue of ``result``: MedCase's own flag from the message's range (the
    catalogue's default range when it sends none), the sender's flag kept beside it. A
    number no result of the test can be (a negative concentration, count or activity; a
    sender's calculation below zero) is a doubtful read, unflagged: never critical, never a
    finding, out of the trends (``Analyte.can_be``: only a difference, such as base excess,
    may be negative)."""
    analyte = BY_NAME[result.analyte]
    low, high = result.low, result.high
    if low is None and high is None:
        default = analyte.range_for(result.unit, result.value)
        if default is not None:
            low, high = default.low, default.high
    impossible = not analyte.can_be(result.value)
    flag = (
        None
        if impossible
        else computed_flag(result.value, low, high, False, result.comparator or "")
    )
    return LabValue(
        analyte=result.analyte,
        value=result.value,
        comparator=result.comparator,
        unit=result.unit,
        reference_low=result.low,
        reference_high=result.high,
        flag=flag,
        source_file_id=file_id,
        source_line=result.source,
        specimen=result.specimen,
        timing=f"collected {result.collected}" if result.collected else None,
        sender_flag=result.sender_flag,
        result_status=result.status,
        source_key=source_key(_as_sent(result)),
        collected=result.collected_at if result.collected else None,
        doubtful=impossible,
    )


def _as_sent(result: MessageResult) -> str | None:
    """The result's identity with what it says: a replay says the same; a correction sent
    under the same id (a FHIR Observation's new version, "corrected") says another value or
    status, and is a result of its own, never hidden behind the first."""
    if not result.identity:
        return None
    said = (result.value, result.comparator or "", result.unit or "", result.status)
    return f"{result.identity}|{'|'.join(map(str, said))}"


def source_key(identity: str | None) -> str | None:
    """A result's identity in its source as a digest: the same for the same result sent
    again, and no message id or facility name in the stored value."""
    if not identity:
        return None
    return hashlib.sha256(identity.encode()).hexdigest()[:32]


def lab_values(results: list[MessageResult], file_id: str) -> list[LabValue]:
    """The results as LabValues, each judged against the critical-value list."""
    return mark_critical([lab_value(result, file_id) for result in results])


# HL7 v2's NM: "an optional leading sign (+ or -), the digits and an optional decimal
# point", in ASCII. float() reads more ("1e308", "1_000", Arabic-Indic digits): never taken.
_HL7_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)", re.ASCII)


def number(text: str, where: str) -> float:
    """A decimal as a message writes it; MessageError naming ``where`` otherwise."""
    written = text.strip()
    if not _HL7_NUMBER.fullmatch(written):
        raise MessageError(f"{where}: '{written[:20]}' is not a number")
    value = float(written)  # finite but for 309 digits or more
    if value != value or value in (float("inf"), float("-inf")):
        raise MessageError(f"{where}: not a finite number")
    return measured(value, where)


# No laboratory result reaches 10^15 in a unit MedCase reads (red cells per litre, the
# largest, are 10^12); 10^308 overflowed to infinity on a trend's axis unit.
BEYOND_MEASUREMENT = 1e15


def measured(value: float, where: str) -> float:
    """``value``; MessageError naming ``where`` when it is beyond any measurement."""
    if abs(value) >= BEYOND_MEASUREMENT:
        raise MessageError(f"{where}: {value:g} is beyond any measurement")
    return value


def usual_range(low: float | None, high: float | None) -> tuple[float | None, float | None]:
    """A reference range as written, or none when a bound is beyond any measurement or
    the range is upside down (``range_upside_down``)."""
    if any(b is not None and abs(b) >= BEYOND_MEASUREMENT for b in (low, high)):
        return None, None
    if range_upside_down(low, high):
        return None, None
    return low, high


def range_upside_down(low: float | None, high: float | None) -> bool:
    """True when a range's low bound is above its high one: US Core's example blood count
    sends hematocrit 43 % with low 46 and high 38, MCV 85 fL with 87.3 and 82.4. No value
    can be within such a range, and which bound the sender meant is not known: it is not
    used (the catalogue's range stands in), and a note says so."""
    return low is not None and high is not None and low > high


def upside_down_note(where: str, low: float | None, high: float | None) -> str:
    return (
        f"{where}: the reference range's low {low:g} is above its high {high:g}, so the "
        "range is not used"
    )


_SENDER_HIGH = frozenset({"H", "HH", "HU", ">"})
_SENDER_LOW = frozenset({"L", "LL", "LU", "<"})


def flags_disagree(value: LabValue) -> bool:
    """True when the sender's flag and MedCase's reading of the range differ ("N" beside a
    high value, "H" beside one within range); an "A" (abnormal) differs only from within.
    A doubtful read has no reading of the range to differ from."""
    sent = (value.sender_flag or "").upper()
    if not sent or value.doubtful:
        return False
    if sent in _SENDER_HIGH:
        return value.flag != "high"
    if sent in _SENDER_LOW:
        return value.flag != "low"
    if sent == "N":
        return value.flag is not None
    if sent in ("A", "AA"):
        return value.flag is None
    return False
