"""What the HL7 v2 and FHIR readers share: the analyte of a code, flags, specimens, results.

A structured message says exactly what was measured; nothing here guesses. A code MedCase
does not know and whose text names no catalogue analyte is left out (and counted in a
warning), never matched loosely.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.analysis.labs.critical import mark_critical
from core.analysis.labs.patterns import ALIASES, ANALYTE_NAME, alias_key
from core.analysis.labs.result import computed_flag
from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME

# The sizes a message may have before any parsing: a lab file is never this large.
MAX_MESSAGE_BYTES = 8 * 1024 * 1024
MAX_SEGMENTS = 50_000
MAX_BUNDLE_ENTRIES = 5_000

LOINC_OID = "2.16.840.1.113883.6.1"  # how HL7 v2 names LOINC when not "LN"

# LOINC codes laboratories send, by the catalogue analyte each is (the codes of the FHIR
# export's table, core.export.loinc, and the method-specific ones a laboratory often sends
# instead, "by Automated count"). The analysis layer may not import the export layer, so
# this adapter keeps its own; tests check each code's check digit and analyte.
# fmt: off
LOINC_ANALYTES: dict[str, str] = {
    "718-7": "Hemoglobin", "59260-0": "Hemoglobin",
    "20570-8": "Hematocrit", "4544-3": "Hematocrit",
    "26453-1": "RBC", "789-8": "RBC",
    "26464-8": "WBC", "6690-2": "WBC",
    "26515-7": "Platelets", "777-3": "Platelets",
    "30428-7": "MCV", "787-2": "MCV",
    "28539-5": "MCH", "785-6": "MCH",
    "28540-3": "MCHC", "786-4": "MCHC",
    "30385-9": "RDW", "788-0": "RDW",
    "2345-7": "Glucose", "14749-6": "Glucose", "2339-0": "Glucose", "15074-8": "Glucose",
    "1558-6": "Fasting glucose", "14771-0": "Fasting glucose",
    "2951-2": "Sodium", "2823-3": "Potassium", "2075-0": "Chloride", "1963-8": "Bicarbonate",
    "3094-0": "BUN", "2160-0": "Creatinine", "14682-9": "Creatinine",
    "17861-6": "Calcium", "2000-8": "Calcium", "19123-9": "Magnesium", "2777-1": "Phosphate",
    "1751-7": "Albumin", "2885-2": "Total protein",
    "2093-3": "Total cholesterol", "2089-1": "LDL cholesterol", "2085-9": "HDL cholesterol",
    "2571-8": "Triglycerides",
    "1742-6": "ALT", "1920-8": "AST", "6768-6": "ALP", "1975-2": "Total bilirubin",
    "5902-2": "PT", "6301-6": "INR", "4548-4": "HbA1c", "1988-5": "CRP", "2276-4": "Ferritin",
    "3016-3": "TSH", "10839-9": "Troponin I", "6598-7": "Troponin T", "2524-7": "Lactate",
}
# fmt: on
LOINC_SYSTEM = "http://loinc.org"


def _loinc_index() -> dict[str, str]:
    # An analyte the catalogue renames (another developer is rewriting it) drops out here
    # rather than naming a test that no longer exists; the unit tests notice.
    return {code: name for code, name in LOINC_ANALYTES.items() if name in BY_NAME}


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


def lab_value(result: MessageResult, file_id: str) -> LabValue:
    """The LabValue of ``result``: MedCase's own flag from the message's range (the
    catalogue's default range when it sends none), the sender's flag kept beside it."""
    low, high = result.low, result.high
    if low is None and high is None:
        default = BY_NAME[result.analyte].range_for(result.unit, result.value)
        if default is not None:
            low, high = default.low, default.high
    flag = computed_flag(result.value, low, high, False, result.comparator or "")
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
    )


def lab_values(results: list[MessageResult], file_id: str) -> list[LabValue]:
    """The results as LabValues, each judged against the critical-value list."""
    return mark_critical([lab_value(result, file_id) for result in results])


def number(text: str, where: str) -> float:
    """A decimal as a message writes it; MessageError naming ``where`` otherwise."""
    try:
        value = float(text.strip())
    except ValueError:
        raise MessageError(f"{where}: '{text.strip()[:20]}' is not a number") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise MessageError(f"{where}: not a finite number")
    return value


_SENDER_HIGH = frozenset({"H", "HH", "HU", ">"})
_SENDER_LOW = frozenset({"L", "LL", "LU", "<"})


def flags_disagree(value: LabValue) -> bool:
    """True when the sender's flag and MedCase's reading of the range differ ("N" beside a
    high value, "H" beside one within range); an "A" (abnormal) differs only from within."""
    sent = (value.sender_flag or "").upper()
    if not sent:
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
