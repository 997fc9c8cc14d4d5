"""The grounding check of a language model's text: every number it wrote must be a value
read from the files or stand in what it was shown (the files' text, the doctor's notes,
the patient's age, the radiology readings).

A number counts as found when it equals a source number as written or rounded to the
model's own precision ("INR 6.5" for 6.52), a parsed value in a common other unit (glucose
7.8 mmol/L written as 140 mg/dL), or a fraction written as a percentage. Numbers that are
part of a name or code (E11.9, HbA1c, SpO2, COVID-19), list numbering, classifications
("type 2", "stage 3") and instructions' intervals ("recheck in 2 weeks") are not facts
taken from the files and are not checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from core.analysis.engines import prompts
from core.insights import (
    CaseSummary,
    ImageAnalysis,
    LabDocument,
    LabValue,
    PatientContext,
    PrimaryDiagnosis,
    RadiologyImage,
    SoapNote,
)

# A number standing on its own: not after a letter, digit, dot, caret or a letter's hyphen
# ("E11.9", "x10^9", "COVID-19"), not followed by more digits.
NUMBER = re.compile(
    r"(?<![\w.^])(?<![A-Za-z]-)(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?![\d])(?![.,]\d)(?P<percent>\s?%)?"
)
_ORDINAL = re.compile(r"\s?(?:st|nd|rd|th)\b", re.IGNORECASE)
_CLASSIFIER = re.compile(
    r"(?:\b(?:type|stage|grade|class|phase|step|day|lead|level|number|no\.?|tier)\s*)$",
    re.IGNORECASE,
)
_INTERVAL_BEFORE = re.compile(
    r"(?:\b(?:in|within|every|after|over|next|for\s+the\s+next|q)\s*)$", re.IGNORECASE
)
_INTERVAL_AFTER = re.compile(
    r"\s?-?\s?(?:min(?:ute)?s?|h(?:ou)?rs?|h|days?|weeks?|wks?|months?|years?|yrs?)\b",
    re.IGNORECASE,
)
_LIST_NUMBER = re.compile(r"(?:^|\n)\s*$")
_LEAD = re.compile(r"\s?-\s?lead\b", re.IGNORECASE)

# Factors between the units a report and a model may each use (conventional <-> SI); the
# model's number is matched to a parsed value times or divided by one of these.
_UNIT_FACTORS: dict[str, tuple[float, ...]] = {
    "glucose": (18.016,),
    "creatinine": (88.42,),
    "urea": (2.8, 6.006),
    "bun": (2.8, 0.357),
    "cholesterol": (38.67,),
    "ldl": (38.67,),
    "hdl": (38.67,),
    "triglycerides": (88.57,),
    "calcium": (4.008,),
    "bilirubin": (17.1,),
    "hemoglobin": (10.0, 1.611),
    "haemoglobin": (10.0, 1.611),
    "albumin": (10.0,),
    "protein": (10.0,),
    "platelets": (1000.0,),
    "wbc": (1000.0,),
    "white": (1000.0,),
    "uric": (59.48,),
    "magnesium": (2.431, 1.215),
    "phosphate": (3.097,),
}
_CONVERSION_TOLERANCE = 0.03  # a converted value is rounded twice: allow 3 %

SECTIONS = ("case_summary", "soap_note", "primary_diagnosis")


@dataclass(frozen=True)
class NumberSpan:
    """One number in a text, where it stands, as written ("6.5", "12%")."""

    start: int
    end: int
    written: str
    amount: float
    percent: bool


def numbers_in(text: str) -> Iterator[NumberSpan]:
    """Every number in ``text`` that states a quantity (codes, list numbers, classifiers and
    instruction intervals left out)."""
    for match in NUMBER.finditer(text):
        before, after = text[: match.start()], text[match.end() :]
        if _ORDINAL.match(after) or _LEAD.match(after) or _CLASSIFIER.search(before[-12:]):
            continue
        if _LIST_NUMBER.search(before) and after[:1] in (".", ")") and not match["percent"]:
            continue
        if _INTERVAL_BEFORE.search(before[-16:]) and _INTERVAL_AFTER.match(after):
            continue
        written = match.group(0).strip()
        yield NumberSpan(
            start=match.start(),
            end=match.start() + len(match.group(0).rstrip()),
            written=written.replace(" ", ""),
            amount=float(match["number"].replace(",", "")),
            percent=bool(match["percent"]),
        )


class Ground:
    """The numbers the model was shown: in the texts, and the parsed values (in other
    units too)."""

    def __init__(self, texts: Iterable[str], values: Iterable[LabValue]) -> None:
        self._exact: set[float] = set()
        self._converted: list[float] = []
        for text in texts:
            for match in NUMBER.finditer(text or ""):
                self._exact.add(float(match["number"].replace(",", "")))
        for value in values:
            for number in (value.value, value.reference_low, value.reference_high):
                if number is None:
                    continue
                self._exact.add(number)
                for factor in _factors(value.analyte):
                    self._converted += [number * factor, number / factor]

    def holds(self, number: NumberSpan) -> bool:
        """Whether ``number`` is one the model was shown, at the precision it wrote."""
        decimals = len(number.written.rstrip("%").partition(".")[2])
        rounding = 0.5 * 10**-decimals + 1e-9
        # (number, rounding) pairs: a percentage may stand for a fraction and back.
        candidates = [(number.amount, rounding)]
        if number.percent:
            candidates.append((number.amount / 100, rounding / 100))
        elif number.amount <= 1:
            candidates.append((number.amount * 100, rounding * 100))
        for candidate, within in candidates:
            if any(abs(candidate - known) <= within for known in self._exact):
                return True
        # A unit conversion applies to the number as written, never on top of a percentage.
        return any(
            abs(number.amount - known) <= max(rounding, _CONVERSION_TOLERANCE * abs(known))
            for known in self._converted
        )


def _factors(analyte: str) -> tuple[float, ...]:
    words = re.findall(r"[a-z]+", analyte.lower())
    return tuple(factor for word in words for factor in _UNIT_FACTORS.get(word, ()))


def ungrounded_in(texts: Iterable[str], ground: Ground) -> list[str]:
    """The numbers in ``texts`` the ground does not hold, as written, once each."""
    found: dict[str, None] = {}
    for text in texts:
        for number in numbers_in(text or ""):
            if not ground.holds(number):
                found.setdefault(number.written, None)
    return list(found)


def section_texts(
    summary: CaseSummary, soap: SoapNote, diagnosis: PrimaryDiagnosis
) -> dict[str, list[str]]:
    """The free text of each section, as the grounding check reads it (codes excluded)."""
    differential = [
        text
        for other in diagnosis.differential
        for text in (other.diagnosis, *other.supporting_evidence)
    ]
    return {
        "case_summary": [
            summary.comprehensive_summary,
            *summary.key_findings,
            summary.lab_summary,
            summary.radiology_summary,
        ],
        "soap_note": [soap.subjective, soap.objective, soap.assessment, soap.plan],
        "primary_diagnosis": [
            diagnosis.primary_diagnosis,
            diagnosis.description,
            *diagnosis.supporting_evidence,
            *differential,
            diagnosis.confidence_reason,
        ],
    }


def check_grounding(
    summary: CaseSummary,
    soap: SoapNote,
    diagnosis: PrimaryDiagnosis,
    source_texts: Iterable[str],
    values: Iterable[LabValue],
) -> dict[str, list[str]]:
    """Per section, the numbers found nowhere in what the model was shown (only sections
    with any)."""
    ground = Ground(source_texts, values)
    checked = {
        section: ungrounded_in(texts, ground)
        for section, texts in section_texts(summary, soap, diagnosis).items()
    }
    return {section: numbers for section, numbers in checked.items() if numbers}


def check_model_answer(
    context: PatientContext,
    documents: list[LabDocument],
    readings: list[tuple[RadiologyImage, ImageAnalysis]],
    answer: tuple[CaseSummary, SoapNote, PrimaryDiagnosis],
) -> dict[str, list[str]]:
    """The grounding check of a model's answer against the case file it was shown and
    the lab files' text in full (past the prompt's cut); scanned pages the model read
    itself count as OCR read them (``as_ocr_read``)."""
    documents = [as_ocr_read(document) for document in documents]
    shown = [prompts.case_file(context, documents, readings)]
    shown += [document.text for document in documents]
    values = [value for document in documents for value in document.lab_values]
    return check_grounding(*answer, shown, values)


def as_ocr_read(document: LabDocument) -> LabDocument:
    """The lab document with the vision model's reading of each scanned page that OCR read
    replaced by OCR's text of it, and only the values the result still holds: a number the
    model read off a scan is grounded only when OCR found it too. Pages OCR did not read
    keep the model's reading."""
    ocr_pages: dict[int, list[str]] = {}
    for line in document.ocr_lines:
        ocr_pages.setdefault(line.page, []).append(line.text)
    text = document.text
    for page, read in document.model_page_reads.items():
        if page in ocr_pages:
            text = text.replace(read, "\n".join(ocr_pages[page]))
    if text == document.text:
        return document
    ground = Ground([text], [])
    values = [value for value in document.lab_values if _holds_value(ground, value)]
    return document.model_copy(update={"text": text, "lab_values": values})


def _holds_value(ground: Ground, value: LabValue) -> bool:
    written = format(value.value, "f").rstrip("0").rstrip(".")  # never "1e+06"
    return any(ground.holds(number) for number in numbers_in(written))
