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

import re
from dataclasses import dataclass, field

from core.analysis.labs.cards import card_row
from core.analysis.labs.citations import without_round_citations
from core.analysis.labs.context import (
    Section,
    body_fluid_named,
    fluid_told_before,
    measured_in,
    named_in,
    opens_results,
    sentence_specimen,
    specimen_after,
    value_context,
    work_up_fluid,
)
from core.analysis.labs.critical import in_prose, mark_critical
from core.analysis.labs.cumulative import date_columns, earlier_columns, names_previous_column
from core.analysis.labs.defined_abbreviations import expand_defined_abbreviations
from core.analysis.labs.fluid_tables import csf_table_lines
from core.analysis.labs.format import is_dipstick, printed_grade
from core.analysis.labs.interpretive import interpreted_tests, interpretive_bound
from core.analysis.labs.lines import (
    FLUID_ANALYSIS,
    HEADING_MAX,
    PAGE_BREAK,
    PER_FIELD,
    SUGAR_HEADING,
    SUGAR_NAMES,
    SUGAR_ROW,
    TIME_AFTER,
    clean_line,
    ends_urine_section,
    is_heading,
    own_specimen,
    quoted,
    test_starts,
    without_names,
)
from core.analysis.labs.literature import in_anothers_case, told_of_others
from core.analysis.labs.number_first import SINGULAR_CELL, read_number_first, read_value_first
from core.analysis.labs.patterns import (
    MONOCLONAL_BEFORE,
    OTHER_HEADING,
    REFERENCE_TEXT,
    URINE_HEADING,
    alias_key,
)
from core.analysis.labs.reference import Patient
from core.analysis.labs.respectively import EARLIER
from core.analysis.labs.result import GIVEN, read_result, with_usual_range
from core.analysis.labs.rewrite import gas_table_ph, has_gas_partner, value_first_line
from core.analysis.labs.run_on_sentences import with_sentences_apart
from core.analysis.labs.table_columns import (
    TableReader,
    column_specimen,
    join_cells,
    one_cell_a_line,
    rows_apart,
)
from core.analysis.labs.whose import a_newborns_sentence, anothers_value
from core.insights import LabDocument, LabValue
from core.vocabulary.analytes import URINE
from core.vocabulary.catalog import BY_NAME
from core.vocabulary.units import EXPONENT_UNIT, unit_key

_MAX_CELLS = 5  # name, value, unit, range, flag
# A count the report calls absolute is a number of cells, never a percentage (issue #29).
# A row holding a reference range and nothing else that could be a result: units, words,
# blanks to fill in ("____"), "M: 13-17, F: 12-16", "< 200".
_NUMBER = r"\d+(?:\.\d+)?"
_ONLY_RANGES = re.compile(
    rf"(?:[^\d]*?(?:{_NUMBER}\s*(?:-|–|—|to)\s*{_NUMBER}|(?:<|>|≤|≥|<=|>=|up\s+to)\s*{_NUMBER}))+"
    r"[^\d]*",
    re.IGNORECASE,
)
_ABSOLUTE = re.compile(r"(?i)\babsolute\b|^(?:AEC|ANC|ALC)$")
_ABSOLUTE_BEFORE = re.compile(r"(?i)\b(?:absolute|abs\.?)\s*$")
# A lymphocyte subset's share read from a bare marker ("CD4+ (20%)") is an immunostain's
# share of a biopsy's cells; a blood subset's share is named ("CD4 percentage was 6%",
# "helper T cells (CD3+ CD4+) at 40.29%", recall28).
_SUBSET_SHARES = {
    "CD3 percentage",
    "CD4 percentage",
    "CD8 percentage",
    "CD19 percentage",
    "CD4/CD8 ratio",
}
_BARE_MARKER = re.compile(r"(?i)CD\d{1,2}\+?")
# ... and a share or ratio told of an atypical population or a tissue is a lymphoma's flow
# cytometry: "Flow cytometry detected a small atypical T cell population with some
# co-expression of CD10 and a CD4/CD8 ratio of 4.5:1" (a lymph node's; CUPCase row 1727, dev's
# cr6-labs-aitl-hypercalcaemia-ranges-after-semicolon-list-bounds-pthrp); "The infiltrate was
# composed of CD4 cells (60%)" (a biopsy's, round seventeen).
_TISSUE_FLOW = re.compile(
    r"(?i)\b(?:atypical|aberrant|abnormal|clonal|neoplastic|malignant)\s+(?:[\w-]+\s+){0,2}"
    r"(?:population|cells|lymphocytes|clone)\b|\b(?:lymph\s+node|biopsy|tissue|bone\s+marrow"
    r"|bronchoalveolar|lavage|effusion|ascit\w*|cerebrospinal|csf|infiltrat\w*|stain\w*"
    r"|immunohisto\w*)\b"
)
# The name a body fluid's pH is written under (rewrite.py's _fluid_ph): a fluid's, never blood's.
_FLUID_PH_KEY = alias_key("fluid pH")
_FLUID_PH = BY_NAME["Body fluid pH"]


@dataclass
class LabReading:
    """What a lab text says: the values read, and the tests named whose value was not."""

    values: list[LabValue] = field(default_factory=list)
    unread_tests: list[str] = field(default_factory=list)
    # What the reader says about the document as a whole ("reference ranges only").
    notes: list[str] = field(default_factory=list)


BLANK_FORM_NOTE = (
    "This document lists tests with reference ranges but no results (a blank form): "
    "no lab value was read from it."
)
# A document is a blank form when at least this many test rows hold only a reference range
# and they outnumber the rows with a result by this factor (issue #29).
_FORM_ROWS = 4
_FORM_RATIO = 3


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
    state.gas_report = has_gas_partner(text)
    pages = text.split(PAGE_BREAK)
    # A short form the document defines ("androstenedione (A4)") read as its test's name
    # later on ("A4 16 ng/dL"); each line is still quoted as written.
    written_out, state.short_forms = expand_defined_abbreviations(text)
    written_out = with_sentences_apart(without_round_citations(written_out))
    expanded = written_out.split(PAGE_BREAK)
    numbered = paged or len(pages) > 1
    for number, (page, page_read) in enumerate(zip(pages, expanded, strict=True), start=1):
        state.page = number if numbered else None
        # a header of columns a flattened table's rows follow
        table = TableReader(_names_a_test, state.patient)
        raw_lines, lines_read = page.split("\n"), page_read.split("\n")
        cells = one_cell_a_line(
            lines_read, lambda name: bool(test_starts(name, False)), state.patient
        )
        if cells:  # a table printed one cell per line: its rows joined back
            raw_lines, lines_read = join_cells(raw_lines, cells), join_cells(lines_read, cells)
        # a table whose rows the text joined into one line: a row a line again
        raw_lines, lines_read = rows_apart(raw_lines, lines_read, _names_a_test)
        csf_lines = csf_table_lines(lines_read)  # a lumbar puncture's table, uncaptioned
        for index, (raw_line, line_read, row) in enumerate(
            zip(raw_lines, lines_read, table.rewrite_lines(lines_read), strict=True)
        ):
            state.table_row = row != line_read
            state.csf_table = index in csf_lines
            state.read(raw_line, row)
    state.flush()
    state.drop_answer_options()
    if state.range_rows >= _FORM_ROWS and state.range_rows >= _FORM_RATIO * state.result_rows:
        # The numbers are the form's reference ranges: whatever was read among them is a
        # range's end or a tube's volume, never a result; but a partly filled form keeps
        # its filled rows, each a result with its own range beside it (issue #29).
        filled = [v for i, v in enumerate(state.values) if i in state.ranged]
        if not filled:
            reading.notes.append(BLANK_FORM_NOTE)
            return reading
        state.values = filled
    reading.values = mark_critical(
        state.values, state.prose, state.sentence_of, state.history, state.patient
    )
    found = {v.analyte for v in state.values}
    reading.unread_tests = [name for name in dict.fromkeys(state.mentioned) if name not in found]
    return reading


def _names_a_test(cell: str) -> bool:
    """Whether a table's cell is a test's name (maybe with its unit): "Hb (g/dL)", "CRP"."""
    starts = test_starts(cell, False)
    return bool(starts) and starts[0][0].start() == 0


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
    """The values already read from ``document``, or, when it has none, read from its text."""
    return document.lab_values or read_document(document, patient).values


def read_document(document: LabDocument, patient: Patient | None = None) -> LabReading:
    """The values and unread tests of one lab document's (redacted) text."""
    return read_lab_text(document.text, document.file_id, patient=patient, paged=document.paged)


# A name opening its clause, a comma, then its value and unit closing the clause: "the
# following increased values on the liver function test: aspartate aminotransferase
# (AST), 176 U/L; alanine aminotransferase (ALT), 106 U/L", "metabolic acidosis (lactic
# acid, 99 mg/dL; pyruvic acid, 0.92 mg/dL)" (issue #29). A clause that holds a number
# before the name is a count written first ("0 PMNs, 100% lymphocytes"): no value follows.
# The value may print thousands separators and its reference range in brackets after it:
# "white blood cell count, 4,880 cells/mcL (reference range, 3,600–9,500 cells/mcL);".
_COMMA_VALUE = re.compile(
    # "aldosterone level, 850pg/mL (2,358pmol/L; ...)" (Journal of Medical Case Reports,
    # CUPCase row 3217): the name's noun before the comma
    r"^(?:\s+(?i:levels?|concentrations?|values?))?\s*,\s*(?=[<>]?\d(?:[\d.]|,\d{3})*\s*"
    # a count's unit set apart: "platelets, 321 × 10^9/L; and white blood cells (WBCs), 4300 ×
    # 10^6/L" (Journal of Medical Case Reports, CUPCase row 4444)
    r"(?:[×xX]\s*10\s*\^?\s*[0-9⁰-⁹]+\s*/\s*[A-Za-zµμ]+"
    r"|[A-Za-zµμ%/^0-9*×]+(?:\s*/\s*[A-Za-z]+)?"
    # or the unit in brackets: "partial pressure of carbon dioxide in arterial blood (PaCO₂),
    # 44.8 (mmHg); partial pressure of oxygen in arterial blood (PaO₂), 86.2 (mmHg)" (Journal
    # of Medical Case Reports, CUPCase row 1699)
    r"|\(\s*[A-Za-zµμ%][A-Za-zµμ%^0-9*×]*(?:\s*/\s*[A-Za-z0-9.]+)?\s*\))?"
    # its range in round or square brackets, worded or bare: "follicle-stimulating hormone,
    # 0.54 mIU/ml [2.0–8.3 mIU/ml];" (Journal of Medical Case Reports, CUPCase row 1412)
    # or in square brackets, closed by either bracket: "erythrocyte sedimentation rate, 38
    # [reference range, 0-25 mm/h]; albumin, 27 [reference range, 35-50 g/L)" (Journal of
    # Medical Case Reports, CUPCase row 5307)
    r"(?:\s*(?:[(\[](?:reference|normal|range|ref)[^()\[\]]*[)\]]"
    r"|[(\[]\s*[<>≤≥]?\s*\d[^()\[\]]*[)\]]))?"
    r"\s*(?:[;)]|$|\.(?:\s|$)|,?\s+and\b))"
)


# A sentence that ends on a past day says when every result in it was taken: "The PT is
# slightly improved over the last few days, being high at 65.0 with an INR of 7.3
# yesterday." A sentence that also says "today" or "now" compares two times: no time here.
_CLAUSE_ENDS_EARLIER = re.compile(
    r"(?i)^(?!.*\b(?:today|now|currently|this\s+morning)\b).*\b(?:yesterday|the\s+day\s+before"
    r"|\d+\s+(?:days?|weeks?|months?)\s+(?:ago|earlier|before))\s*\)?\s*$"
)
# A result dated by a visit elsewhere, told in a later note: "Her blood sugar was over 600
# when she went to the hospital later that day" (a dietary consultation after the stay).
_VISIT_ELSEWHERE = re.compile(
    r"(?i)\b(?:when|before)\s+(?:he|she|they|the\s+patient)\s+went\s+to\s+(?:the|an?|another)\s+"
    r"(?:outside\s+)?(?:hospital|emergency|er\b|urgent\s+care|clinic)"
)

# Results dated a span before the visit, the span right after them: "Complete blood count
# results in 1 month prior to his visit revealed leukopenia (1,900/μL)" (MedRBench
# PMC11615972), "A full blood count done a month before admission revealed a bicytopenia"
# (dev's cr6-crit-lupus-hlh). History, never the current result; a span the complaint began
# in ("fever for 3 days before admission; his hemoglobin was 6.0") dates no result.
_DATED_BEFORE_VISIT = re.compile(
    r"(?i)\b(?:results?|tests?|labs?|counts?|values?|levels?|panels?|work-?up|bloods?)\s+"
    r"(?:(?:obtained|performed|done|drawn|taken|checked)\s+)?(?:(?:in|from)\s+)?"
    r"(?:about\s+|approximately\s+)?(?:\d+|one|two|three|four|five|six|a|an|several)\s+"
    r"(?:days?|weeks?|months?|years?)\s+(?:before|prior\s+to)\s+(?!discharge\b)"
)

# A transcription's narrative section, in capitals: whatever specimen an earlier heading
# named ends there.
_NARRATIVE_LABEL = re.compile(
    r"^\s*(?:INDICATIONS?(?: FOR (?:THE )?PROCEDURE)?|HISTORY(?: OF PRESENT(?:ING)? ILLNESS)?|HPI|"
    r"(?:HOSPITAL )?COURSE|CHIEF COMPLAINT|REASON FOR [A-Z ]+|(?:BRIEF |CLINICAL )?HISTORY|"
    r"ASSESSMENT(?: AND PLAN)?|IMPRESSION|PLAN)\s*:"
)
_SENTENCE_END = re.compile(r"\.\s+(?=[A-Z])")
# A plan's aim in the clause before a test's name, not a result: "try to keep her pH in a
# normal range", "we will need to hyperventilate her to a pCO2 of 30 and a pH of 7.5",
# "aiming to increase her sodium levels to 160 to 170 mmol/l" (J Med Case Rep, CC BY: a
# hypertonic-saline target, not the sodium she had), "The platelet count was monitored daily,
# with plans to transfuse platelets to a level of 50 × 10^3/µL" (Journal of Medical Case
# Reports, CUPCase row 640), "exchange transfusions to maintain hemoglobin S < 30 percent"
# (Journal of Medical Case Reports, CUPCase, dev case cr6-crit-sickle-cord-infarct).
_PLAN_AIM = re.compile(
    r"(?i)\b(?:keep|hyperventilat\w*|titrat\w*|threshold|aim(?:s|ed|ing)?\s+(?:to|at|for)"
    r"|to\s+maintain|(?:with|and)\s+plans?\s+to)\b"
)
# Readings the patient tells the doctor ("She indicates that her blood sugar on Friday night
# was 187 at bedtime and that ... her blood sugar was 477"): home readings, history, never a
# laboratory's current result.
_REPORTED = re.compile(
    r"(?i)\b(?:he|she|they|the\s+patient|patient)\s+(?:indicates|indicated|reports|reported|"
    r"states|stated|says|said|relates|related)\s+that\b"
)


# A dipstick test named after a blood specimen is no urine result: "His laboratory test
# result for serum ketone bodies was negative" (Liao et al., J Med Case Rep 2015, CC BY).
_BLOOD_BEFORE = re.compile(r"(?i)\b(?:serum|plasma|blood|capillary)\s*$")
# A stool's test is no urine dipstick's: in "The feces was negative for occult blood"
# (CaseReportBench item 16, a case report's routine work-up) the occult blood is the stool's,
# and the vocabulary has no stool specimen to keep it under; it is left unread rather than
# shown as a urine result. The stool word in the test's own clause, before its name.
_STOOL_BEFORE = re.compile(
    r"(?i)\b(?:stools?|f(?:a)?eces|f(?:a)?ecal|bowel\s+movements?|guaiac)\b[^,;()]*$"
)
# An amount per day is a urine collection's only where the sentence says so (urine,
# "-uria", 24 hours, a collection, an excretion, an output or a loss): otherwise it is a
# dose or an intake. "Her relevant drug history included calcium 1200 mg/day, vitamin D3
# 800 units/day, prednisolone 5 mg/day" (Journal of Medical Case Reports, CUPCase row 4610)
# holds no urine calcium.
_COLLECTION = re.compile(
    r"(?i)urin|uria\b|\b24\s*-?\s*(?:h|hrs?|hours?)\b|collect|excret|output|loss|clearance"
)
# A per-day unit the unit keys do not fold into "/24h" is one too: "self-injecting recombinant
# FSH (225 IU/day)" (Journal of Medical Case Reports, CUPCase row 600) holds no FSH level.
_PER_DAY_UNIT = re.compile(r"/(?:24h|day|d)$")
# A hormone, an electrolyte or a vitamin given as a drug: its number, a dose's unit, then how
# or how often it was given (the words of result.py's GIVEN, which reads "300 U administered"
# after the number too). "pamidronate 90 mg administered intravenously once, and calcitonin
# 300 U administered subcutaneously twice daily" (Journal of Medical Case Reports, CUPCase row
# 1727) holds no calcitonin level.
_DOSE_GIVEN = re.compile(
    r"(?i)^\s*(?:of\s+)?\d[\d,.]*\s*(?:U|units?|IU|mg|g|mcg|[µμu]g|mEq|mmol|m[Ll])\b\.?\s*" + GIVEN
)
# An electrolyte given, told as its name, then an amount (no volume: a result is a
# concentration) in a sentence of treatment: "Electrolyte abnormalities secondary to Fanconi
# syndrome were treated with daily supplemental dosages of potassium 96 mmol, phosphate 25.2
# mmol, and sodium bicarbonate 53.6 mmol" (CaseReportBench item 125) holds no bicarbonate of
# 53.6 mmol/L. Without the words of treatment a bare amount stays a (sloppily written)
# result: "Her bicarbonate level was 24 mEq".
_AMOUNT = re.compile(r"(?i)^\s*\d[\d,.]*\s*(?:mmol|meq)\b(?!\s*/|\s*per\b|\s*l\b)")
_GIVING = re.compile(
    r"(?i)\b(?:treat(?:ed|ment)|supplement\w*|dos(?:es?|ages?|ing)|given|gave|receiv\w*"
    r"|administ\w*|infus\w*|replace\w*|replete\w*|prescribed|started\s+on|bolus)\b"
)
# A name after "per mg" or "/mmol" is a unit's denominator, not a test: "increase of
# lactate (56540 μ mol/mmol creatinine) and increases of 3-OH-butyrate", "leucocyte
# cystine increased from 0.15 nmol ½ cystine per mg protein to 4 nmol" (two case reports of
# CaseReportBench) hold no creatinine of 3 and no protein of 4.
_DENOMINATOR_BEFORE = re.compile(
    r"(?i)(?:\bper\s+|/\s*)(?:[mµμunp]?(?:mol|g)|grams?)\s+(?:of\s+)?$"
)
# A time span after a name, not a result: "a total of 300 mmol of sodium bicarbonate over 14 h
# and of 140 mmol of lactate from Hartmann's solution over the first 24 h" (PMC-Patients note,
# MedCalc-Bench) gives a drug over a time; "over 14" is no bicarbonate above 14.
_DURATION = re.compile(
    r"(?i)^\s*(?:over|during|for|within)\s+(?:the\s+(?:first|next|last|following)\s+)?"
    r"\d[\d.]*\s*(?:h|hrs?|hours?|min(?:utes?)?|days?|weeks?|months?)\b"
)
# The first number after the name is a person's age: "testosterone added at the age of 15",
# "impaired glucose tolerance at the age of 40" (MedRBench PMC11507581, a critical glucose of
# 40 on main's reading), "a GH deficiency diagnosed in a 12-year-old". No result.
_AGE_AFTER_NAME = re.compile(
    r"(?i)^[^\d.;]{0,40}?(?:\b(?:age\s+of|aged)\s+\d|(?<![\d.,])\d{1,3}[\s-]*(?:years?|yrs?|months?)"
    r"[\s-]*(?:old|of\s+age)\b)"
)
# A table row's cells set apart by a tab or a run of spaces: "Hemoglobin  9.8  g/dL  12-16".
_CELLS_APART = re.compile(r"\S(?:\t|\s{2,})\S")
# An item of a semicolon list that is only a number and a comma, the test's name next.
_SWAPPED_ITEM = re.compile(r";\s*(?P<num>\d{1,4}(?:\.\d+)?)\s*,\s*$")
# A target, goal, threshold or trigger named right after the test: the number told is the
# aim, not a result ("Her INR target was 2.0 to 3.0", "A platelet transfusion threshold of
# 10 × 10^9/L was used", "The hemoglobin trigger for transfusion was 7 g/dL"; each read as a
# result, two of them critical).
_AIM_AFTER_NAME = re.compile(
    r"(?i)[\s-]*(?:(?:count|levels?|values?|concentrations?)\s+)?(?:transfusion[\s-]+)?"
    r"(?:targets?|goals?|thresholds?|triggers?)\b(?!\s+(?:organs?|lesions?|cells?|genes?))"
)
# A bound told in words after the number: "Gilbert's syndrome will have an elevated total
# bilirubin of 3.5 or less" (MedRBench PMC11575472), "a CSF evaluation is recommended with an
# RPR titer level of 1:32 or higher, a CD4 count of 350 cells/mm3 or lower" (PMC11392505).
# The value is a bound like one written "<", so a rule's sentence holds it as a rule's.
_BOUND_IN_WORDS = re.compile(
    r"(?i)[^.;\d]{0,40}?\d[\d.,]*\s*(?:[^\s,;]+\s+)?or\s+"
    r"(?:less|lower|below|under|fewer|more|higher|above|greater|over)\b"
)
# A sentence stating a diagnosis's criteria: its bounds are thresholds, not results ("He was
# diagnosed ... with T2DM based on the following findings: FPG exceeding 126 mg/dL, random
# glucose level over 200 mg/dL, and hemoglobin A1c over 6.5%").
_CRITERIA = re.compile(
    r"(?i)\b(?:criteri(?:a|on)|based\s+on\s+the\s+following|defined\s+as|diagnostic\s+thresholds?"
    # "A pH < 7.1 and a lactate level > 20 mmol/L indicate the need for emergent
    # hemodialysis": a treatment threshold (a MALA case report's teaching points)
    r"|indicates?\s+(?:the\s+need|consideration)"
    # "This was a patient with an INR > 8 without any significant bleed": the guideline's
    # band the result falls in, after the result (">10") was told (Dr Crunch blog, 2012)
    r"|\ba\s+patient\s+with\s+an?\b|\bpatients\s+with\s+an?\b"
    # "the combination of ..., serum aminotransferases less than 2000 IU/L and normal or
    # markedly subnormal alkaline phosphatase (< 40 IU/L), all suggested a specific
    # condition" (Andreadis et al., J Med Case Rep 2010;4:256, CC BY): a diagnostic pattern
    r"|\bthe\s+combination\s+of\b"
    # "We suspected distal renal tubular acidosis (RTA) due to ..., a serum bicarbonate level
    # < 10": a bound given as the reason for a suspicion restates the diagnosis's criterion
    r"|suspected\b[^.]{0,80}?\b(?:due\s+to|because\s+of|given)"
    # "Endogenous hyperinsulinemia is suggestive if insulin is > 3 mU/L, C-peptide is > 0.6
    # ng/mL" (Journal of Medical Case Reports, CUPCase row 3722): a condition's bounds
    r"|\b(?:suggestive|indicative|diagnostic|likely)\b[^.]{0,60}?\bif)\b"
)


# A test of the red cells' content, named as Quest prints it: "MAGNESIUM, RBC 4.3 NORMAL
# 4.0-6.4 mg/dL 03" (a Quest Diagnostics sample report, Waheexd/Medical-Report-Hub): the red
# cells are the specimen, the number no red cell count.
_RED_CELL_CONTENT = re.compile(
    r"(?i)\b(?:magnesium|folate|folic\s+acid|zinc|potassium|copper|selenium|lead"
    r"|cholinesterase|acetylcholinesterase|glutathione)\s*,\s*$"
)
# A row that opens with its specimen cell: "Urine Sodium 91 mmol/L (> 20)" under a
# "Specimen Name Result Units Range" header (biochem.saica.com.au's case 12).
_SPECIMEN_CELL = re.compile(r"^\s*(Plasma|Serum|Blood|Urine|CSF)\s+(?=[A-Z])")
# A numbered list's item ("3. Others:") is no cell of the name on the line before it.
_LIST_ITEM = re.compile(r"^\s*\d{1,2}\.\s+[A-Za-z]")
# A table's caption: "TABLE 3.2 CSF Results on Admission", "Table 1. Laboratory findings".
# Its number is the table's, no result: the words after it are a heading whose specimen the
# rows under it take, and a new caption opens its table afresh.
_CAPTION = re.compile(
    r"(?i)^\s*(?:supplementa(?:l|ry)\s+)?table\s+[A-Z]?\d+(?:\.\d+)?[a-z]?\b\s*[:.]?\s*"
)
# A lettered line: an option of a multiple-choice question, or an answer naming one.
_OPTION = re.compile(r"^\s*(?:[-•]\s*)?\(?([a-eA-E])\)\s+\S")
# A value the author expects from a formula, beside the measured one: "Compensation using
# Winter's formula: expected CO2 18, actual is 36" (an emergency-medicine lab case).
_EXPECTED = re.compile(r"(?i)\b(?:expected|predicted)\s*$")
# A worked calculation: a test's name as an operand ("= 1.5 x HCO3 + 8", "Na + (glucose – 5)
# / 3") or a number as a coefficient ("pCO2 = 1.5 x HCO3"); a blood-gas teaching case's
# anion gap and corrected sodium. Only in a line that holds "=", where "x" is a product and
# not a count's power of ten ("12 x 10^9/L").
# (an operator set apart by spaces after a term: never a list's dash nor markdown's "**")
_OPERAND_BEFORE = re.compile(r"\S\s+[x×*+/–-]\s+\(?\s*$")
_OPERAND_AFTER = re.compile(r"^\s*(?:[+*×/]|x(?=\s)|[-–](?=\s+\d[\d.]*\s*\)))\s*\(?\s*[\dA-Za-z(]")
_COEFFICIENT = re.compile(r"^\s*=\s*\d+(?:\.\d+)?\s*[x×*]\s*(?!10\b)[A-Za-z(]")


# The moments a time word dates a result to; "repeat" (a change told, "raised from ... to")
# stays, for it says the result is a new measurement (recalled.py).
_MOMENTS = ("admission", "discharge")


def _told_before_in_series(before: str, name: str) -> bool:
    """True when the sentence before ``name`` already told the same test's earlier result
    (the rewriting marks it ``EARLIER``): "Potassium was 6.9 mmol/L ⟨e⟩ on admission,
    Potassium 4.1 mmol/L" is a series, its later result no admission value."""
    sentence = re.split(r"\.\s", before)[-1]
    return bool(re.search(rf"(?i)(?<!\w){re.escape(name)}(?!\w)[^;]*{EARLIER}", sentence))


def _in_formula(line: str, match: re.Match[str]) -> bool:
    if "=" not in line:
        return False
    before, after = line[: match.start()], line[match.end() :]
    return bool(
        _OPERAND_BEFORE.search(before) or _OPERAND_AFTER.match(after) or _COEFFICIENT.match(after)
    )


# A test named as the second term of a ratio the catalogue has no name for: "urine
# potassium-to-creatinine [K/Cr] ratio of 3.9 mmol/mmol", "urine phosphate-to-creatinine ratio
# of 1.22" (Journal of Medical Case Reports, CUPCase row 758; J Med Case Rep, CC BY). The number
# is the ratio's, no creatinine result. The name follows "X-to-", "X to " or "X/" and "ratio"
# follows it (after its abbreviation in brackets, "[K/Cr] ratio"); or the name stands inside
# that bracket ("[K/Cr] ratio": the "Cr" there is no result either).
# The two terms may be joined by a colon or a hyphen, and a product is such a pair too: "the
# IGF-II:IGF-I ratio was elevated at 9.60", "a calcium-phosphate product of less than 4"
# (Journal of Medical Case Reports, CUPCase rows 4319 and 5469): no IGF-1 of 9.6, no phosphate.
_RATIO_DENOMINATOR = re.compile(r"(?i)[a-z)]\s*(?:-\s*to\s*-|\s+to\s+|/|:|-)\s*$")
_RATIO_PART_BEFORE = re.compile(r"(?i)\w\s*-\s*to\s*-\s*$")
_RATIO_AFTER = re.compile(
    r"(?i)\]?\s*(?:\[[^\]]{0,12}\]\s*|\([^)]{0,12}\)\s*)?(?:ratios?|products?)\b"
)
_RATIO_ABBREVIATION_END = re.compile(r"(?i)\s*[\])]\s*ratio\b")
# A hormone's gradient between two veins, as adrenal or petrosal sampling reports it: "The
# cortisol gradient from the AV to the IVC was 0.95 on the right side", "The left AV to right
# AV gradient of cortisol was 6.89" (MedRBench PMC11487292): a ratio of two samples, no
# cortisol level. A test that is a gradient is named whole ("serum-ascites albumin gradient",
# "transtubular potassium gradient") and never reads as its part.
_GRADIENT_AFTER = re.compile(r"(?i)^\s*(?:\([^)]{0,12}\)\s*)?gradients?\b")
_GRADIENT_OF_BEFORE = re.compile(r"(?i)\bgradients?\s+of\s+(?:(?:the|serum|plasma)\s+)?$")


# A protein named by its own numeral is another protein than the total: "programmed cell death
# protein 1 (PD-1)" (Journal of Medical Case Reports, CUPCase row 1727), "Dengue non-structural
# protein 1 (NS1)" (row 1562), "IGF binding protein 3 were 80ng/mL" (row 3217). A bare
# "protein" followed by a one-digit numeral that no unit follows is such a name, and so is any
# test's name followed by a number its abbreviation in brackets ends in ("non-structural
# protein 1 (NS1) antigen (day 2) was positive" holds no total protein of 1); a globulin named
# by its fraction ("gamma globulin level of 2.64", row 1727) is not the serum globulin. The
# numeral may hang on the name by a hyphen: "cytotoxic T-lymphocyte associated protein-4
# (CTLA-4)", "programmed cell death protein-1 (PD-1)" (MedRBench PMC11433725).
_NUMBER_OF_A_NAME = re.compile(r"^\s*[-‐]?(\d{1,2})\s*\(\s*[A-Za-z][A-Za-z-]*\1\s*\)")
# A name that a hyphened numeral joins to a longer word is an enzyme's or a metabolite's
# name: "glucose-6-phosphatase (GSD Ia, EC 3.1.3.9) in the liver were also normal" (a case
# report of CaseReportBench), "glucose-6-phosphate dehydrogenase": no glucose of 6. So is one a
# space sets after the name: "Glucose 6-phosphate also plays a role" (MedRBench PMC11396201).
_HYPHENED_NUMERAL = re.compile(r"^(?:[-‐]|\s+)\d{1,2}(?:,\d{1,2})?[-‐](?:[A-Za-z]|$)")
_PROTEIN_NUMERAL = re.compile(r"^\s*[1-9](?![\d.,+])(?!\s*(?:g|mg)\s*/)")
_GLOBULIN_FRACTION_BEFORE = re.compile(
    r"(?i)(?:\b(?:gamma|alpha|beta)|[γαβ])[\s-]*(?:[12][\s-]*)?$"
)


# A statement that results lie within normal limits, then the results in a bracket: "Her
# haematological and biochemical parameters were within normal limits (haemoglobin 11.8g/dL;
# white cell count of 9400/mm3; ...)" (Journal of Medical Case Reports, CUPCase row 2766). The
# bracket opens the results themselves, not a reference range; so does a colon ("Other
# laboratory studies were within normal limits: blood sugar of 128 mg/dL, eGFR of 106",
# CUPCase row 3881).
# "His laboratory data were in the normal range except for lactate dehydrogenase (214 U/L;
# normal range: 105-210 U/L)" (J Med Case Rep, CUPCase row 5068): "in" says what "within" does.
_WITHIN_BEFORE = re.compile(r"(?i)\b(?:within|in)\s+(?:the\s+)?$")
# Or the exception follows: "His liver function test results were within normal limits except
# for serum alkaline phosphatase (ALP), which was raised (785IU/L)" (Journal of Medical Case
# Reports, CUPCase row 2883): the test excepted is a result, not the limits' name.
# "within reference ranges except for the γ-globulin value of 5.05 g/dL" (MedRBench
# PMC11491145) excepts a result as "normal limits" does.
_LIMITS_OPEN = re.compile(
    r"(?i)(?:normal\s+(?:limits?|range)\s*[(:]"
    r"|(?:normal|reference)\s+(?:limits?|ranges?)\s*,?\s*(?:except\s+for|apart\s+from|other\s+than))"
    r"\s*(?:(?:an?|the|his|her)\s+)?(?:(?:raised|elevated|high|low|increased|decreased)\s+)?"
    r"(?:(?:serum|plasma|blood)\s+)?$"
)


def _results_opened(clause: str, at: int) -> bool:
    return bool(_WITHIN_BEFORE.search(clause[:at]) and _LIMITS_OPEN.match(clause, at))


def _another_protein(name: str, before: str, segment: str) -> bool:
    """Whether the test's name ``name``, with ``before`` it and its ``segment`` after it, is
    part of another protein's name or a monoclonal component, not the test's result."""
    if _NUMBER_OF_A_NAME.match(segment) or MONOCLONAL_BEFORE.search(before):
        return True
    if _HYPHENED_NUMERAL.match(segment):
        return True
    key = name.strip().lower()
    if key == "protein":
        return bool(_PROTEIN_NUMERAL.match(segment))
    return key == "globulin" and bool(_GLOBULIN_FRACTION_BEFORE.search(before))


def _ratio_term(before: str, rest: str, segment: str) -> bool:
    """Whether a test's name, with ``before`` it on the line, ``rest`` of the line after it
    and its own ``segment`` (up to the next name), is a term of a ratio, not a result.

    "ratio" is looked for in the rest of the line after a denominator's "to"/"/" (the next
    name may stand inside the ratio's bracket: "creatinine [K/Cr] ratio"), and within the
    name's own segment after "X-to-" with any word character before it ("5-to-")."""
    if _RATIO_DENOMINATOR.search(before) and _RATIO_AFTER.match(rest):
        return True
    if _RATIO_PART_BEFORE.search(before) and _RATIO_AFTER.match(segment):
        return True
    if _GRADIENT_AFTER.match(segment) or _GRADIENT_OF_BEFORE.search(before):
        return True  # "the cortisol gradient from the AV to the IVC was 0.95"
    return bool(_RATIO_ABBREVIATION_END.match(segment))


# A "name, value unit" item followed by the next item after a comma: "Hematological tests
# reported hemoglobin, 9.8 g/dL, platelets and white blood cells were normal", "severe
# ketonuria (creatine kinase, 1271 IU/L, lactate dehydrogenase, 2622 IU/L)" (two case
# reports of CaseReportBench). Only with a unit per volume, so that "glucose, 3 days later,"
# is no item.
_COMMA_VALUE_LISTED = re.compile(
    r"^\s*,\s*(?=[<>]?\d(?:[\d.]|,\d{3})*\s*[A-Za-zµμ]+\s*/\s*[A-Za-zµμ0-9]+\s*,\s)"
)


# The last item of such a list, its own clause opened by "and", with the sentence going on
# after its value: "blood urea nitrogen (BUN), 12 mg/dL; creatinine, 0.56 mg/dL; and
# potassium, 4.1 mmol/L depicted normal kidney and renal function" (MedRBench PMC11550105).
_LAST_OF_LIST = re.compile(r"\s*and\s*")
_COMMA_VALUE_WITH_UNIT = re.compile(r"^\s*,\s*(?=[<>]?\d(?:[\d.]|,\d{3})*\s*[A-Za-zµμ%])")


def _comma_then_value(clause: str, segment: str) -> str:
    # A count written first stands right before its name ("0 PMNs, 100% lymphocytes"); other
    # numbers of the clause ("The 24-h urinary study showed potassium, 44 mmol/24h") are not.
    last_of_list = bool(_LAST_OF_LIST.fullmatch(clause) and _COMMA_VALUE_WITH_UNIT.match(segment))
    if re.search(r"\d[\d.]*\s*%?\s*$", clause) or not (
        _COMMA_VALUE.match(segment) or _COMMA_VALUE_LISTED.match(segment) or last_of_list
    ):
        return segment
    return " " + segment.split(",", 1)[1]


class _State:
    """The reader's place in a document: page, section, cells of a table row in progress."""

    def __init__(self, source_file_id: str | None, patient: Patient) -> None:
        self.source_file_id = source_file_id
        self.patient = patient
        self.page: int | None = None
        self.in_urine = False
        self.section = Section()
        self.cells: list[str] = []  # a name alone on its line, then the cells after it
        self.printed_cells: list[str] = []  # the same cells as printed (dates not blanked)
        self.printed_row = ""  # the row being read, as printed
        self.in_sugar = False
        self.fluid: str | None = None  # a body fluid the document says was sent for analysis
        self.fluid_line = False  # this line is that fluid's analysis
        self.values: list[LabValue] = []
        self.mentioned: list[str] = []
        self._seen: set[tuple[object, ...]] = set()
        # The line is a flattened table's row rewritten one clause a column (table_columns.py):
        # an equal value in another column is another result.
        self.table_row = False
        self.gas_report = False  # the document reports a blood gas (pCO2, pO2, HCO3...)
        # The specimen of a sentence the previous line left open (it ended with a comma).
        self.carried: str | None = None
        self.range_rows = 0  # rows naming a test with a reference range and no result
        self.result_rows = 0  # rows with a result read
        self.ranged: set[int] = set()  # values whose row prints its own range after them
        self.prose: set[int] = set()  # values read from a running sentence, not a table row
        self.reading_cells = False  # a table row printed one cell per line, joined
        self.cumulative = False  # the header names a previous-result column
        self.date_columns = 0  # the columns of a table headed by its dates, newest first
        self.lines_read = 0
        self.sentence_of: dict[int, tuple[int, int]] = {}  # value -> (line, sentence in it)
        self.history: set[int] = set()  # values the patient reports, or of a visit elsewhere
        self.line_of: dict[int, int] = {}  # value -> the line it was read from
        self.options: dict[int, str] = {}  # line -> its letter, for "a) ...", "b) ..." lines
        # The specimen a table's specimen column printed on the first row of its block
        # ("Urine Sodium 91 mmol/L", then "Creatinine 655 μmol/L"), for the rows under it.
        self.column_specimen: str | None = None
        # The line is a row of a table that prints the CSF's reference ranges (fluid_tables).
        self.csf_table = False
        self.cells_csf = False  # the same, for the line a row of cells began on
        # The short form a name was written in, where the document defined one ("A4").
        self.short_forms: dict[str, str] = {}

    def _as_written(self, name: str, raw_line: str) -> str:
        """``name`` as ``raw_line`` writes it: its short form where the line writes that (two
        characters or more: a quote looks for one letter inside any word)."""
        short = self.short_forms.get(name.lower())
        if (
            short
            and len(short) > 1
            and re.search(rf"(?<![\w/]){re.escape(short)}(?![\w/])", raw_line)
        ):
            return short
        return name

    def read(self, raw_line: str, line_read: str | None = None) -> None:
        """Read one line; ``line_read`` is the line with the document's own short forms
        written out (``raw_line`` when there are none), ``raw_line`` the line as quoted."""
        self.lines_read += 1
        option = _OPTION.match(raw_line)
        if option:
            self.options[self.lines_read] = option.group(1).lower()
        if names_previous_column(raw_line):
            # The header of a cumulative table: its "Previous Result" names a column, never
            # the time of the results under it.
            self.cumulative = True
            self.flush()
            return
        columns = date_columns(raw_line)
        line = clean_line(raw_line if line_read is None else line_read)
        block = _SPECIMEN_CELL.match(line)
        if block:
            self.column_specimen = block.group(1).lower()
        elif not test_starts(line, self.in_urine):
            self.column_specimen = None  # a line of no test ends the block
        if columns or (line.strip() and not test_starts(line, self.in_urine)):
            self.date_columns = columns  # a table's dates open it; a line of no test ends it
        self._read_line_in_sentence(line, raw_line)
        if line.strip():
            self.carried = sentence_specimen(line, self.carried)

    def _read_line_in_sentence(self, line: str, raw_line: str) -> None:
        if self.gas_report and not self.in_urine:
            line = gas_table_ph(line)  # "pH 7.56" heading a blood-gas table
        heading_like = is_heading(line)
        if _NARRATIVE_LABEL.match(line):
            # "PROCEDURE: Lumbar puncture." names the fluid the procedure takes; the
            # "INDICATION:" that follows tells the blood counts that led to it.
            self.section.specimen = None
        if heading_like:
            # "Blood Sugar" heads rows named only "Fasting", "Postprandial", "Random".
            self.in_sugar = bool(SUGAR_HEADING.search(line)) or (
                self.in_sugar and not OTHER_HEADING.search(line)
            )
        if self.in_sugar:
            line = SUGAR_ROW.sub(lambda m: f"{SUGAR_NAMES[m.group(1).lower()[:4]]} ", line)
        self.fluid = body_fluid_named(line) or self.fluid
        # "Microscopic exam ... Chemical exam" are the sections of a fluid analysis.
        self.fluid_line = bool(self.fluid and FLUID_ANALYSIS.search(line))
        glued = value_first_line(line)
        if glued is not None:
            # "0.90Creatinine", then "(method)", then " 0.70 - 1.30 mg/dL": one result in cells.
            self.flush()
            self.cells = [glued]
            self.cells_csf = self.csf_table
            self.printed_cells = [raw_line]
            return
        # A urinalysis heading opens a urine section; in prose the word counts per sentence.
        if URINE_HEADING.search(line) and heading_like:
            self.in_urine = True
        elif self.in_urine and heading_like and ends_urine_section(line):
            # "URINALYSIS, COMPLETE ... CBC (INCLUDES DIFF/PLT)" (a Quest Diagnostics sample
            # report, Waheexd/Medical-Report-Hub): the next panel's heading names a test of
            # its own (PLT), yet the urine's rows have ended; its WBC, RBC and haemoglobin
            # are the blood's
            self.in_urine = False
        starts = test_starts(line, self.in_urine)
        if self.cells:
            # PDF tables often come out one cell per line: "Hemoglobin", "9.8", "g/dL", ...
            if (
                not starts
                and line.strip()
                and len(self.cells) < _MAX_CELLS
                and not _LIST_ITEM.match(line)
            ):
                self.cells.append(line)
                self.printed_cells.append(raw_line)
                return
            self.flush()
        self.printed_row = raw_line
        found = self._read_line(line, raw_line)
        # A name with no number after it opens a row of cells ("■ 1■■ Cardiac Troponin I");
        # the power of ten of its unit is no number ("WBC (10^9/L)", then "3.0", then "4-10").
        caption = _CAPTION.match(line)
        if caption and not found:
            self.section.specimen = None  # a new table: its caption says whose fluid
            line = line[caption.end() :]
        after_name = line[starts[0][0].end() :] if starts and not caption else line
        if found or re.search(r"\d", EXPONENT_UNIT.sub(" ", without_names(after_name))):
            return
        if starts and len(line.strip()) <= HEADING_MAX and not line.rstrip().endswith("."):
            self.cells = [line]  # a table's name cell; a sentence ending in "." is prose
            self.cells_csf = self.csf_table
            self.printed_cells = [raw_line]
        elif re.search(r"(?i)urine", line) and heading_like:
            self.in_urine = True
        elif OTHER_HEADING.search(line) or opens_results(line):
            self.in_urine = False
        if line.strip() and len(line.strip()) <= HEADING_MAX:
            self.section.read_heading(line)

    def flush(self) -> None:
        if self.cells:
            joined = "  ".join(card_row(self.cells))
            self.printed_row = " ".join(self.printed_cells)
            self.reading_cells = True
            # the row's table is the one its first cell stood in, whatever line comes next
            here, self.csf_table = self.csf_table, self.cells_csf
            self._read_line(joined, " ".join(c.strip() for c in self.cells))
            self.reading_cells, self.csf_table = False, here
        self.cells = []
        self.printed_cells = []

    def _read_line(self, line: str, raw_line: str) -> bool:
        any_read = self._read_results(line, raw_line)
        if any_read:
            self.result_rows += 1
        elif test_starts(line, self.in_urine) and _ONLY_RANGES.fullmatch(
            EXPONENT_UNIT.sub(" ", without_names(line))
        ):
            self.range_rows += 1
        return any_read

    def _read_results(self, line: str, raw_line: str) -> bool:
        starts = test_starts(line, self.in_urine)
        older = earlier_columns(self.date_columns, self.cumulative, self.printed_row)
        # a span explained as written, before a rewrite took its ends for two results ("A1c
        # value between 5.7% and 6.4% is consistent with prediabetes")
        cut_offs = interpreted_tests(raw_line, self.in_urine) if raw_line != line else set()
        any_read = False
        for i, (match, analyte) in enumerate(starts):
            end = starts[i + 1][0].start() if i + 1 < len(starts) else len(line)
            before = line[: match.start()]
            # (a square bracket closes a clause as a round one does: "aspartate transaminase 163
            # U/L [reference range 13–30 U/L] and alanine transaminase 352 U/L", Journal of
            # Medical Case Reports, CUPCase row 1001: the range is the AST's, not the ALT's)
            own_clause = re.split(r"[,;)\]]|\.\s", before)[-1]
            window = max(0, len(own_clause) - 40)
            reference = REFERENCE_TEXT.search(own_clause, window)
            # "within" may stand before the window: "were within normal range except for an
            # elevated CRP level at 40mg/L" (MedRBench PMC11626718)
            if reference and _results_opened(own_clause, reference.start()):
                reference = None  # "were within normal limits (haemoglobin 11.8g/dL; ...)"
            if reference or _PLAN_AIM.search(own_clause):
                continue  # "Reference: troponin I < 0.04" is no result, nor a plan's aim
            if _EXPECTED.search(own_clause) or _in_formula(line, match):
                continue  # "expected CO2 18", "Expected pCO2 = 1.5 x HCO3 + 8": no results
            segment = line[match.end() : end]
            if interpretive_bound(segment) or analyte in cut_offs:
                continue  # "a glucose value >125 mg/dL indicates ...": a cut-off explained
            if _ratio_term(before, line[match.end() :], segment):
                continue  # "urine potassium-to-creatinine [K/Cr] ratio of 3.9": no creatinine
            if _another_protein(match.group(), before, segment):
                continue  # "programmed cell death protein 1 (PD-1)": no total protein of 1
            if analyte.name == "RBC" and _RED_CELL_CONTENT.search(before):
                continue  # "MAGNESIUM, RBC 4.3 ... mg/dL": the red cells' magnesium, no count
            if _DENOMINATOR_BEFORE.search(before):
                continue  # "56540 μmol/mmol creatinine": the unit's denominator, no test
            if _DOSE_GIVEN.match(segment):
                continue  # "calcitonin 300 U administered subcutaneously": a drug's dose
            sentences = re.split(r"\.\s", before)
            if _AMOUNT.match(segment) and _GIVING.search(sentences[-1]):
                continue  # "supplemental dosages of potassium 96 mmol": a dose, no result
            previous = sentences[-2] if len(sentences) > 1 else ""
            if anothers_value(sentences[-1], own_clause, self.patient, sentences[:-1]):
                continue  # "her sister's potassium was 2.9", "arterial cord pH": not hers
            if _DURATION.match(segment) or _AGE_AFTER_NAME.match(segment):
                continue  # "sodium bicarbonate over 14 h", "at the age of 15": no result
            if analyte.qualitative and analyte.panel == URINE and _BLOOD_BEFORE.search(before):
                continue  # "serum ketone bodies was negative": no urine dipstick result
            if analyte.name == "Urine blood" and _STOOL_BEFORE.search(sentences[-1]):
                continue  # "The feces was negative for occult blood": the stool's, no urine's
            specimen, timing = value_context(self.section, before)
            if timing in _MOMENTS and _told_before_in_series(before, match.group()):
                # "Potassium was 6.9 mmol/L on admission and 4.1 mmol/L on day 3": the time
                # told in the sentence is the earlier result's, the later one is after it
                timing = None
            if specimen is None and self.carried and not re.search(r"\.\s", before):
                specimen = self.carried  # the sentence began on the line before
            if specimen is None and self.fluid_line:
                specimen = self.fluid
            if specimen is None and self.column_specimen in ("urine", "csf"):
                specimen = self.column_specimen
            if specimen is None and self.csf_table:
                specimen = "csf"
            if specimen is None and self.section.specimen is None:
                specimen = fluid_told_before(before, analyte.name)  # the analysis runs on
            in_name = named_in(match.group())  # "Serum albumin" among CSF results
            if in_name is not None:
                specimen = None if in_name == "blood" else in_name
            named = specimen_after(segment) or specimen
            specimen = measured_in(named, analyte.name)
            column = column_specimen(before) if self.table_row else None
            if column is not None:
                # a table's specimen column (table_columns.py): its every test is that
                # specimen's, the CSF's sodium too, and the serum's column is the blood's
                named = specimen = None if column == "blood" else column
            if specimen is None and named is None and column is None:
                # "His adenosine deaminase level was normal (12 IU/L)" after the ascitic
                # fluid's results: a fluid work-up's own test, its sentence naming no specimen
                named = specimen = work_up_fluid(analyte.name, before, segment)
            if specimen is None and column is None and alias_key(match.group()) == _FLUID_PH_KEY:
                specimen = "other fluid"  # a fluid's pH whose fluid went untold: never blood's
            if specimen is not None and analyte.name == "Blood pH":
                analyte = _FLUID_PH  # "pleural fluid ... pH 7.58": the fluid's own test
            # the sentence's words before the name and after it
            said_before = re.split(r"\.\s|;", before)[-1]
            said_after = re.split(r"\.(?=\s|$)|;", line[match.end() :])[0]
            after = TIME_AFTER.match(segment)
            if after:
                timing = next(
                    k for k in ("admission", "discharge", "earlier", "repeat") if after.group(k)
                )
            elif timing is None and _CLAUSE_ENDS_EARLIER.search(said_after):
                timing = "earlier"
            told_before = bool(
                _REPORTED.search(said_before)
                or _DATED_BEFORE_VISIT.search(said_before)
                or _VISIT_ELSEWHERE.search(said_after)
            )
            if told_before:
                timing = "earlier"
            urine_here = (self.in_urine and named is None) or named == "urine"
            clause = re.split(r"[,;]|\.\s", before)[-1]
            segment = _comma_then_value(clause, segment)
            outcome = read_value_first(
                analyte,
                match.group(),
                clause,
                urine_here,
                sentences[-1],
                after=segment,
            )
            if outcome.value is not None and PER_FIELD.match(segment):
                # "revealed 10 white blood cells per high power field": urine microscopy per
                # field is no result, as "WBC 10/hpf" is not
                continue
            if outcome.value is None:
                absolute = bool(_ABSOLUTE.search(match.group()) or _ABSOLUTE_BEFORE.search(clause))
                outcome = read_result(
                    analyte,
                    segment,
                    urine_here,
                    specimen,
                    self.patient,
                    absolute=absolute,
                    earlier_columns=older,
                    # a name alone in its clause ("Sodium and potassium were 135 mmol/L and
                    # 4.0 mmol/L, respectively" has two): its series of values is its own.
                    # An "and" before a colon names a heading's tests: "cortisol and ACTH
                    # response to corticotropin-releasing hormone: serum cortisol was 5.6 μg/
                    # dl at 60 min and had a peak of 5.7 μg/ dl" (CUPCase row 1497)
                    series=line[end:]
                    if not re.search(r"(?i)\band\b", own_clause.rsplit(":", 1)[-1])
                    and in_prose(line)
                    else None,
                )
            if (
                outcome.value is None
                and not outcome.mentioned
                and not SINGULAR_CELL.match(match.group())
            ):
                outcome = read_number_first(analyte, clause, segment)
            swapped = _SWAPPED_ITEM.search(before)
            if outcome.value is None and swapped and re.match(r"\s*(?:;|\.(?:\s|$))", segment):
                # "creatinine, 1.0 mg/dL; 7.5, bicarbonate; and albumin, 4.2 g/dL": in a list
                # of "name, value" items one item is written value first
                outcome = read_number_first(analyte, swapped.group("num"), segment)
            if outcome.value is None:
                if outcome.mentioned:
                    self.mentioned.append(analyte.name)
                continue
            value = outcome.value
            if specimen is None and not urine_here and not outcome.ranged:
                value = with_usual_range(value, self.patient)
            if _AIM_AFTER_NAME.match(line, match.end()):
                continue  # "Her INR target was 2.5", "a platelet transfusion threshold of 10"
            told = (  # the sentence the value is told in
                sentences[-1] + match.group() + re.split(r"\.(?:\s|$)", line[match.end() :])[0]
            )
            if value.analyte in _SUBSET_SHARES and (
                _BARE_MARKER.fullmatch(match.group()) or _TISSUE_FLOW.search(told)
            ):
                continue  # a stain's or a lymphoma's flow cytometry, no blood subset
            if value.comparator and _CRITERIA.search(told):
                continue  # "diagnosed ... based on the following findings: FPG exceeding 126"
            clause = (  # the part of the sentence between semicolons the value is told in
                sentences[-1].split(";")[-1]
                + match.group()
                + re.split(r"\.(?:\s|$)|;", line[match.end() :])[0]
            )
            if self._running_sentence(raw_line) and (
                told_of_others(
                    told,
                    bound=value.comparator is not None
                    or bool(_BOUND_IN_WORDS.match(line, match.end())),
                    clause=clause,
                )
                or in_anothers_case(before, told)
            ):
                continue  # "most reports of extremely high potassium (>9 mmol/L)": others'
            if a_newborns_sentence(told, self.patient, previous):
                continue  # "The neonate was born with ... pH of 6.507": the baby's, not hers
            if (
                _PER_DAY_UNIT.search(unit_key(value.unit))
                and not (self.in_urine or specimen == "urine")
                and not _COLLECTION.search(told)
            ):
                continue  # "calcium 1200 mg/day" in a drug history: a dose, not an excretion
            any_read = True
            if outcome.series and timing in _MOMENTS and not told_before:
                # "Potassium was 6.9 mmol/L on admission and 4.1 mmol/L on day 3": the time
                # told with the first of a series is the first's; the last is later than it
                timing = None
            if specimen is None and unit_key(value.unit).endswith("/24h"):
                specimen = "urine"  # an amount per 24 hours is a urine collection's
            number = None if is_dipstick(value) else value.value
            grade = printed_grade(value)
            kept = len(self.values)
            written = self._as_written(match.group(), raw_line)
            self._keep(
                value,
                specimen,
                timing,
                quoted(raw_line, written, number, grade, told),
                # the same result told again in the paragraph is still one result
                quoted(raw_line, written, number, grade),
                column=match.start() if self.table_row else None,
            )
            if outcome.ranged and len(self.values) > kept:
                self.ranged.add(kept)
            if len(self.values) > kept and told_before:
                self.history.add(kept)
            if len(self.values) > kept and in_prose(raw_line):
                self.prose.add(kept)
                self.sentence_of[kept] = (self.lines_read, len(_SENTENCE_END.findall(before)))
            for earlier in outcome.earlier:
                self._keep(
                    earlier,
                    specimen,
                    "earlier",
                    quoted(raw_line, self._as_written(match.group(), raw_line), earlier.value),
                )
        return any_read

    def _running_sentence(self, raw_line: str) -> bool:
        """Whether ``raw_line`` is prose, not a lab table's row: a row printed one cell per
        line and joined with the note printed under it ("TROPONIN-I, SERUM HIGH SENSITIVE",
        "4", "ng/L", "(CMIA)", "Recommended ... cut-off values for asymptomatic individuals
        using") is no sentence of the literature, nor a row whose cells stand apart."""
        if self.reading_cells:
            return False
        return in_prose(raw_line) or not _CELLS_APART.search(raw_line)

    def _keep(
        self,
        value: LabValue,
        specimen: str | None,
        timing: str | None,
        raw: str,
        first_quote: str | None = None,
        column: int | None = None,
    ) -> None:
        """Keep ``value`` quoted by ``raw``, once: ``first_quote`` (the first sentence of the
        paragraph that names the test and holds the number, when ``raw`` is the sentence
        the value was read from) tells the same result told twice apart from another."""
        own = own_specimen(BY_NAME.get(value.analyte))
        value = value.model_copy(
            update={
                "source_file_id": self.source_file_id,
                "source_page": self.page,
                "source_line": raw,
                "specimen": own or specimen,
                "timing": timing,
            }
        )
        key = (
            value.analyte,
            value.comparator,
            value.value,
            value.unit,
            value.specimen,
            timing == "earlier",
            first_quote or raw,
            column,
        )
        # A page repeated in a PDF gives the same result on the same line twice, whatever
        # time the line before it named; the same value on another line is another result (a
        # note repeats a test taken twice), and so is a cumulative row's previous result
        # beside an equal current one.
        if key not in self._seen:
            self._seen.add(key)
            self.line_of[len(self.values)] = self.lines_read
            self.values.append(value)

    def drop_answer_options(self) -> None:
        """Drops the values of a multiple-choice question's options: a run of lines lettered
        a), b), c)... where two options name the same test with different numbers ("a) Serum
        sodium level of 135 mEq/L", "b) Serum sodium level of 125 mEq/L"), which no report
        of results does (medicobridge.com's hyponatremia case)."""
        quiz: set[int] = set()
        run: list[int] = []
        for line in [*sorted(self.options), -1]:
            letter = self.options.get(line)
            follows = (
                bool(run)
                and line == run[-1] + 1
                and letter is not None
                and (ord(letter) == ord(self.options[run[-1]]) + 1)
            )
            if follows:
                run.append(line)
                continue
            if len(run) >= 3:
                read = [i for i, at in self.line_of.items() if at in run]
                tests = [(self.values[i].analyte, self.values[i].specimen) for i in read]
                if len(set(tests)) < len(tests):
                    quiz.update(read)
            run = [line] if letter == "a" else []
        if quiz:
            self.keep_only([i for i in range(len(self.values)) if i not in quiz])

    def keep_only(self, indexes: list[int]) -> None:
        """Keeps the values at ``indexes`` (in order), their marks renumbered."""
        new = {old: i for i, old in enumerate(indexes)}
        self.values = [self.values[i] for i in indexes]
        self.ranged = {new[i] for i in self.ranged if i in new}
        self.prose = {new[i] for i in self.prose if i in new}
        self.history = {new[i] for i in self.history if i in new}
        self.sentence_of = {new[i]: at for i, at in self.sentence_of.items() if i in new}
        self.line_of = {new[i]: at for i, at in self.line_of.items() if i in new}
