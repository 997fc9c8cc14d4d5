"""Lab values read from a lab file's text, each with its source page and line.

The text comes from PDFs (pages separated by form feeds), DOCX, CSV, plain text and
doctors' notes, so a result may be a table row ("Hemoglobin:\t9.8\tg/dL\t12.0 - 16.0\tL"),
a CSV row, one cell per line, or a sentence ("INR of 6.52."). Each line is split where a
test's name starts; core.analysis.labs.result reads the result after each name. Dates,
times, phone numbers, page numbers and ordinals are blanked out first so they are never
values; a name inside reference text ("reference: troponin < 0.04") is not a result.
A test named with a result that could not be read is reported as unread.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field

from core.analysis.insights import LabDocument, LabValue
from core.analysis.labs.catalog import BY_NAME, Analyte
from core.analysis.labs.context import (
    Section,
    body_fluid_named,
    measured_in,
    specimen_after,
    value_context,
)
from core.analysis.labs.critical import mark_critical
from core.analysis.labs.patterns import (
    ALIASES,
    ANALYTE_NAME,
    KNOWN_UNITS,
    NOT_VALUES,
    OTHER_HEADING,
    REFERENCE_TEXT,
    URINE_HEADING,
    alias_key,
)
from core.analysis.labs.reference import Patient
from core.analysis.labs.result import (
    CELLS,
    VALUE_FIRST,
    read_number_first,
    read_result,
    read_value_first,
)
from core.analysis.labs.rewrite import (
    EARLIER,
    plain_numbers,
    rewrite_prose,
    unglue,
    value_first_line,
)
from core.analysis.labs.units import unit_key

_MAX_CELLS = 5  # name, value, unit, range, flag
_MAX_SOURCE_LINE = 200
PAGE_BREAK = "\f"  # extraction separates a PDF's pages with a form feed
# "K/uL", "M/uL": a unit whose first letter is also a test's short name.
_UNIT_AFTER = re.compile(r"\s*/\s*(?:[uµμ]l|mcl|mm3|mm³|cumm|l|dl|hpf|lpf)\b", re.IGNORECASE)
# Prose in a heading-like line ends its heading role: headings are short and hold no value.
_HEADING_MAX = 60
# A time right after the value, in the same clause: "creatinine 1.9 on admission", "INR 2.1
# last week" (a bracket or a comma starts another clause: "1.9 (baseline 1.0)").
_TIME_AFTER = re.compile(
    r"(?i)^(?:[^.;(,]|\.\d){0,40}?(?:\b(?:on|at|upon)\s+(?P<admission>admission|arrival|"
    r"presentation)|\b(?:on|at|upon)\s+(?:the\s+time\s+of\s+)?(?P<discharge>discharge)|"
    r"(?P<earlier>\blast\s+(?:week|month|year|visit)|\b\w+\s+(?:days?|weeks?|months?|years?)\s+"
    rf"ago|\bpreviously|\bearlier|\byesterday|{EARLIER}))(?!\w)"
)


@dataclass
class LabReading:
    """What a lab text says: the values read, and the tests named whose value was not."""

    values: list[LabValue] = field(default_factory=list)
    unread_tests: list[str] = field(default_factory=list)


def read_lab_text(
    text: str,
    source_file_id: str | None = None,
    *,
    patient: Patient | None = None,
    paged: bool = False,
) -> LabReading:
    """Every recognised lab value in ``text``; never raises on odd or garbage text."""
    reading = LabReading()
    if not isinstance(text, str):
        return reading
    state = _State(source_file_id, patient or Patient())
    pages = text.split(PAGE_BREAK)
    numbered = paged or len(pages) > 1
    for number, page in enumerate(pages, start=1):
        state.page = number if numbered else None
        for raw_line in page.split("\n"):
            state.read(raw_line)
    state.flush()
    reading.values = mark_critical(state.values)
    found = {v.analyte for v in state.values}
    reading.unread_tests = [name for name in dict.fromkeys(state.mentioned) if name not in found]
    return reading


def parse_lab_values(
    text: str,
    source_file_id: str | None = None,
    *,
    age: int | None = None,
    gender: str | None = None,
) -> list[LabValue]:
    """The lab values in ``text``, with the patient's age and gender choosing default ranges."""
    return read_lab_text(text, source_file_id, patient=Patient(age, gender)).values


def lab_values_in(document: LabDocument, patient: Patient | None = None) -> list[LabValue]:
    """The values already read from ``document``, or, when it has none, parsed from its text."""
    return document.lab_values or read_document(document, patient).values


def read_document(document: LabDocument, patient: Patient | None = None) -> LabReading:
    """The values and unread tests of one lab document's (redacted) text."""
    return read_lab_text(document.text, document.file_id, patient=patient, paged=document.paged)


class _State:
    """The reader's place in a document: page, section, cells of a table row in progress."""

    def __init__(self, source_file_id: str | None, patient: Patient) -> None:
        self.source_file_id = source_file_id
        self.patient = patient
        self.page: int | None = None
        self.in_urine = False
        self.section = Section()
        self.cells: list[str] = []  # a name alone on its line, then the cells after it
        self.in_sugar = False
        self.fluid: str | None = None  # a body fluid the document says was sent for analysis
        self.fluid_line = False  # this line is that fluid's analysis
        self.values: list[LabValue] = []
        self.mentioned: list[str] = []
        self._seen: set[tuple[object, ...]] = set()

    def read(self, raw_line: str) -> None:
        line = _clean_line(raw_line)
        heading_like = _is_heading(line)
        if heading_like:
            # "Blood Sugar" heads rows named only "Fasting", "Postprandial", "Random".
            self.in_sugar = bool(_SUGAR_HEADING.search(line)) or (
                self.in_sugar and not OTHER_HEADING.search(line)
            )
        if self.in_sugar:
            line = _SUGAR_ROW.sub(lambda m: f"{_SUGAR_NAMES[m.group(1).lower()[:4]]} ", line)
        self.fluid = body_fluid_named(line) or self.fluid
        # "Microscopic exam ... Chemical exam" are the sections of a fluid analysis.
        self.fluid_line = bool(self.fluid and _FLUID_ANALYSIS.search(line))
        glued = value_first_line(line)
        if glued is not None:
            # "0.90Creatinine", then "(method)", then " 0.70 - 1.30 mg/dL": one result in cells.
            self.flush()
            self.cells = [glued]
            return
        # A urinalysis heading opens a urine section; in prose the word counts per sentence.
        if URINE_HEADING.search(line) and heading_like:
            self.in_urine = True
        starts = _test_starts(line, self.in_urine)
        if self.cells:
            # PDF tables often come out one cell per line: "Hemoglobin", "9.8", "g/dL", ...
            if not starts and line.strip() and len(self.cells) < _MAX_CELLS:
                self.cells.append(line)
                return
            self.flush()
        found = self._read_line(line, raw_line)
        # A name with no number after it opens a row of cells ("■ 1■■ Cardiac Troponin I").
        after_name = line[starts[0][0].end() :] if starts else line
        if found or re.search(r"\d", _without_names(after_name)):
            return
        if starts and len(line.strip()) <= _HEADING_MAX and not line.rstrip().endswith("."):
            self.cells = [line]  # a table's name cell; a sentence ending in "." is prose
        elif re.search(r"(?i)urine", line) and heading_like:
            self.in_urine = True
        elif OTHER_HEADING.search(line):
            self.in_urine = False
        if line.strip() and len(line.strip()) <= _HEADING_MAX:
            self.section.read_heading(line)

    def flush(self) -> None:
        if self.cells:
            joined = "  ".join(self.cells)
            self._read_line(joined, " ".join(c.strip() for c in self.cells))
        self.cells = []

    def _read_line(self, line: str, raw_line: str) -> bool:
        starts = _test_starts(line, self.in_urine)
        any_read = False
        for i, (match, analyte) in enumerate(starts):
            end = starts[i + 1][0].start() if i + 1 < len(starts) else len(line)
            before = line[: match.start()]
            if REFERENCE_TEXT.search(re.split(r"[,;)]|\.\s", before)[-1][-40:]):
                continue  # "Reference: troponin I < 0.04" is no result
            segment = line[match.end() : end]
            specimen, timing = value_context(self.section, before)
            if specimen is None and self.fluid_line:
                specimen = self.fluid
            named = specimen_after(segment) or specimen
            specimen = measured_in(named, analyte.name)
            after = _TIME_AFTER.match(segment)
            if after:
                timing = next(k for k in ("admission", "discharge", "earlier") if after.group(k))
            urine_here = (self.in_urine and named is None) or named == "urine"
            clause = re.split(r"[,;]|\.\s", before)[-1]
            outcome = read_value_first(analyte, match.group(), clause, urine_here)
            if outcome.value is None:
                outcome = read_result(analyte, segment, urine_here, specimen, self.patient)
            if outcome.value is None and not outcome.mentioned:
                outcome = read_number_first(analyte, clause, segment)
            if outcome.value is None:
                if outcome.mentioned:
                    self.mentioned.append(analyte.name)
                continue
            any_read = True
            self._keep(outcome.value, specimen, timing, _quoted(raw_line, match.group()))
        return any_read

    def _keep(self, value: LabValue, specimen: str | None, timing: str | None, raw: str) -> None:
        own = _own_specimen(BY_NAME.get(value.analyte))
        value = value.model_copy(
            update={
                "source_file_id": self.source_file_id,
                "source_page": self.page,
                "source_line": raw,
                "specimen": own or specimen,
                "timing": timing,
            }
        )
        key = (value.analyte, value.comparator, value.value, value.unit, value.specimen, raw)
        # A page repeated in a PDF gives the same result on the same line twice; the same
        # value on another line is another result (a note repeats a test taken twice).
        if key not in self._seen:
            self._seen.add(key)
            self.values.append(value)


_SUGAR_HEADING = re.compile(
    r"(?i)^\s*(?:blood\s+)?(?:sugar|glucose)(?:\s+(?:profile|test|levels?))?\s*:?\s*$"
)
_SUGAR_ROW = re.compile(
    r"(?i)^\s*(fasting|post\s*-?\s*prandial|pp|random)\b(?!\s+(?:glucose|sugar|blood))\s*"
)
_SUGAR_NAMES = {
    "fast": "Fasting glucose",
    "post": "Postprandial glucose",
    "pp": "Postprandial glucose",
    "rand": "Random glucose",
}
_FLUID_ANALYSIS = re.compile(
    r"(?i)microscopic\s+exam|chemical\s+exam|cell\s+count\s+and\s+differential"
)
_URINE_SENTENCE = re.compile(r"(?i)\burin(?:e|alysis)\b|\bUA\b|dipstick")


def _sentence_of(before: str) -> str:
    return re.split(r"\.\s", before)[-1]


def _is_heading(line: str) -> bool:
    """A section heading: short, no digits, no sentence ("Urinalysis", "CSF ANALYSIS:")."""
    text = line.strip()
    if not text or len(text) > _HEADING_MAX or re.search(r"\d", text) or text.endswith("."):
        return False
    return text.endswith(":") or text.isupper() or len(text.split()) <= 4


def _known_unit(text: str) -> bool:
    return bool(text) and (unit_key(text) in KNOWN_UNITS or text == "%")


def _own_specimen(analyte: Analyte | None) -> str | None:
    """The specimen a test's name already says ("Urine glucose" is urine)."""
    if analyte is not None and (analyte.panel == "Urinalysis" or analyte.name.startswith("Urine")):
        return "urine"
    return None


def _quoted(raw: str, name: str) -> str:
    """The line a value came from; in a long paragraph, the sentence that names the test."""
    line = " ".join(raw.split())
    if len(line) <= _MAX_SOURCE_LINE:
        return line
    for sentence in re.split(r"(?<=[.;])\s+", line):
        if name.lower() in sentence.lower() and len(sentence) <= _MAX_SOURCE_LINE:
            return sentence
    return line[: _MAX_SOURCE_LINE - 1] + "…"


def _without_names(line: str) -> str:
    """The line without test names, whose digits ("HbA1c", "Free T4") are not values."""
    return ANALYTE_NAME.sub(" ", line)


def _clean_line(line: str) -> str:
    line = line.replace("\u00a0", " ").replace("\r", "")
    delimiter = ";" if line.count(";") >= 2 else ","
    # A CSV row has separators without a following space; prose writes "a, b".
    if "\t" not in line and line.count(delimiter) >= 2 and f"{delimiter} " not in line:
        fields = next(csv.reader([line], delimiter=delimiter), [])
        line = "  ".join(plain_numbers(field) for field in fields)
    else:
        line = plain_numbers(line)
    line = line.replace("\t", "  ").replace('"', " ").replace("|", "  ")
    line = unglue(line, _known_unit)
    line = rewrite_prose(line)
    line = NOT_VALUES.sub(" ", line)
    return re.sub(r"1\.73\s+m", "1.73m", line)


def _test_starts(line: str, in_urine: bool) -> list[tuple[re.Match[str], Analyte]]:
    """Where analyte names start a result in ``line``."""
    starts = []
    for match in ANALYTE_NAME.finditer(line):
        analyte, urine_only = ALIASES[alias_key(match.group())]
        before = line[: match.start()].rstrip()
        if urine_only and not (in_urine or _URINE_SENTENCE.search(_sentence_of(before))):
            continue  # "pH", "blood" are urine tests only where urine is the subject
        # A short name after a number is a unit ("182 mg" is no magnesium); a cell or a
        # full name may follow its value ("0 white blood cells", "with 68 chloride").
        value_first = alias_key(match.group()) in VALUE_FIRST or analyte.name in CELLS
        if before and before[-1].isdigit() and not value_first and len(match.group()) < 5:
            continue
        if _UNIT_AFTER.match(line, match.end()):
            continue  # "K/uL" is a unit, not potassium
        starts.append((match, analyte))
    return starts
