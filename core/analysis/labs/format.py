"""How a lab value reads to a doctor (and to a model): "CRP <5 mg/L (reference 0–5)"."""

from __future__ import annotations

from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME

DIPSTICK_WORDS = {0.0: "negative", 0.5: "trace", 1.0: "positive"}


def is_dipstick(value: LabValue) -> bool:
    """A qualitative result (urine dipstick): negative, trace, 1+ to 4+, positive."""
    analyte = BY_NAME.get(value.analyte)
    return analyte is not None and analyte.qualitative and value.unit is None


# A grade with its sign first, as some reports print it: "blood +2".
_SIGN_FIRST = r"(?<![\w+])\+\s?%d(?!\d|[.,]\d)"

# How a report prints each grade of the catalogue's dipstick scale.
_GRADE_PRINTED = {
    0.0: r"\b(?:negative|neg|nil|absent|none|not\s+detected)\b",
    0.5: r"\btrace\b",
    1.0: r"(?<![\d+])1\s*\+|\b(?:positive|small|present)\b|(?<![+\w])\+(?![+\w])|"
    + _SIGN_FIRST % 1,
    2.0: r"(?<![\d+])2\s*\+|\bmoderate\b|(?<!\+)\+\+(?!\+)|" + _SIGN_FIRST % 2,
    3.0: r"(?<![\d+])3\s*\+|\blarge\b|(?<!\+)\+\+\+(?!\+)|" + _SIGN_FIRST % 3,
    4.0: r"(?<![\d+])4\s*\+|\+\+\+\+|" + _SIGN_FIRST % 4,
}


def printed_grade(value: LabValue) -> str | None:
    """A pattern for how a dipstick result is printed ("negative", "trace", "3+"), or None
    for a result printed as a number (a urine protein of 4756 mg/dL without its unit)."""
    return _GRADE_PRINTED.get(value.value) if is_dipstick(value) else None


def format_result(value: LabValue) -> str:
    """The result as the report gives it: "9.8", "<5", or "trace" / "2+" for a dipstick."""
    if is_dipstick(value):
        return DIPSTICK_WORDS.get(value.value, f"{value.value:g}+")
    return f"{value.comparator or ''}{number_text(value.value)}"


def number_text(number: float) -> str:
    """ "9.8", "250", "1121000": never "1.121e+06" for a large count."""
    if number.is_integer() and abs(number) < 1e15:
        return str(int(number))
    return f"{number:.6g}" if abs(number) < 1e6 else f"{number:f}".rstrip("0").rstrip(".")


def format_lab_value(value: LabValue) -> str:
    """One lab value for a doctor: "Hemoglobin 9.8 g/dL (low; reference 12–16)"."""
    if is_dipstick(value):
        return f"{value.analyte} {format_result(value)}" + (" (abnormal)" if value.flag else "")
    text = f"{value.analyte} {format_result(value)}" + (f" {value.unit}" if value.unit else "")
    if value.specimen and not value.analyte.lower().startswith(value.specimen):
        text += f" [{value.specimen}]"  # "Glucose 40 mg/dL [csf]" is no blood glucose
    notes = [value.flag] if value.flag else []
    if value.timing:
        notes.append(value.timing)
    reference = format_reference(value)
    if reference:
        notes.append(f"reference {reference}")
    if value.doubtful:
        notes.append("doubtful read, check the source")
    if value.read_by == "ocr":
        notes.append(READ_BY_OCR)
    return text + (f" ({'; '.join(notes)})" if notes else "")


def format_reference(value: LabValue) -> str:
    low, high = value.reference_low, value.reference_high
    if low is not None and high is not None:
        return f"{low:g}–{high:g}"
    if high is not None:
        return f"< {high:g}"
    if low is not None:
        return f"> {low:g}"
    return ""


READ_BY_OCR = "read by OCR"


def how_read(value: LabValue) -> str:
    """ "read by OCR, 90% sure" for a value read off a scanned page by OCR; "" otherwise."""
    if value.read_by != "ocr":
        return ""
    if value.ocr_confidence is None:
        return READ_BY_OCR
    return f"{READ_BY_OCR}, {value.ocr_confidence:.0%} sure"
