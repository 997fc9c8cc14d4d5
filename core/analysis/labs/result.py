"""One result read after a test's name: value, bound, unit, reference range and flag.

The segment is the text between a test's name and the next test's name on the line. The
first number after the name (past fillers, a unit written first, an aside in brackets) is
the value; a number that starts a range, a date or a name's own digits is not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from core.analysis.labs.dimensions import (
    dimension_of,
    katal_range,
    measures_no_count,
    possible_span,
    unit_fits,
)
from core.analysis.labs.patterns import (
    ANALYTE_NAME,
    BOUND_WORD,
    FILLERS,
    FLAG,
    KNOWN_UNITS,
    LOWER_BOUNDS,
    QUALITATIVE,
    QUALITATIVE_SCORES,
    RANGE,
    REFERENCE_TEXT,
    STRICT_BOUNDS,
    VALUE,
)
from core.analysis.labs.reference import Patient, patient_range
from core.analysis.labs.unit_slips import slipped_tenfold
from core.insights import LabValue
from core.vocabulary.analytes import DRUG_LEVELS, UnitRange
from core.vocabulary.catalog import BY_NAME, Analyte
from core.vocabulary.units import EXPONENT_UNIT, unit_key

# The digits of a test's name that follow it: "Vitamin D 25-OH", "Vitamin D, 25-hydroxy",
# "T4 (free)"; they are part of the name, not its value.
_NAME_DIGITS = re.compile(r"(?i)\(?\s*25\s*-?\s*\(?(?:oh|hydroxy)\)?(?:\s*-?\s*d[23]?)?\)?|d[23]\b")
# Words after a test's name that say its result is written but not as a number we read.
_RESULT_WORDS = re.compile(
    r"(?i)^(?:elevated|raised|high|low|abnormal|normal|within|supratherapeutic|subtherapeutic"
    r"|critical|increased|decreased|positive|negative|undetectable|markedly|mildly)\b"
)


# A few words of a doctor's sentence between a test's name and its value, ending with a
# word that hands the value over: "normal at 2.2", "acidotic at 18", "has been markedly
# elevated and today is 44.9". No clause break and no other test's name in between; a
# participle or relative clause continues the sentence's subject ("the PT ..., being high
# at 65.0"; "a lactic acid test, which measured 3.6 mM/L").
# Words that make the number after them approximate, which is no result (the clinical set's
# rule, tests/clinical/README.md). "about" is left out: dictated notes say "a CPK level of
# about 234" of a measured value, and the set counts it.
_APPROXIMATE = re.compile(r"(?i)\b(?:around|approximately|approx\.?|roughly|nearly)\s*$")
# Verbs of change that hand a later value over ("improved to 9.1", "fell to 30"); the value's
# own sentence may add its adverbs.
_CHANGED = (
    r"rose|fell|dropped|declined|climbed|increased|decreased|improved|recovered|returned|"
    r"normali[sz]ed"
)
# A change told by the verb's -ing form, by "continued to" and the verb, or by its noun:
# "serum urea level dropping to 34 mg/dL and serum creatinine levels reducing to 1.5 mg/dL"
# (MedRBench PMC11505565), "The creatine kinase levels continued to decrease to 500 U/L"
# (PMC11421287), "His WBC count also improved, decreasing to 8.8 × 103/μL" (PMC11631160),
# "platelet counts demonstrated an initial decline to 80,000 cells/mm3" (PMC11416202): the
# level the test came to, as "dropped to" hands it over
_CHANGING = r"(?:dropp|fall|declin|decreas|reduc|ris|increas|climb)ing"
# An adverb of degree before the verb of change or the verdict, whatever the adverb: "the
# cortisol hormone level was notably reduced to 1.84 μg/dl" (MedRBench PMC11402914), as
# "slightly", "markedly" already stand there. Only before such a verb: an adverb is not
# what hands a value over ("daily", "weekly" before a dose never reach it).
_ADVERB_BEFORE_VERB = re.compile(
    r"(?i)(?!(?:daily|weekly|monthly|yearly|hourly|early|only|family)\b)[a-z]{2,}ly\s+"
    rf"(?=(?:{_CHANGED}|{_CHANGING}|raised|elevated|reduced|lowered|low|high|suppressed"
    r"|prolonged|abnormal|deranged|normal)\b)"
)
_CHANGE_NOUN_TO = (
    r"(?:to|an?|initial|further|subsequent|gradual|progressive)\s+"
    r"(?:decrease|increase|rise|fall|drop|decline|reduction)\s+to"
)
# A verdict told between the test's verb and its result in brackets: "the protein level was
# also elevated (125 mg/dL)" (MedRBench PMC11356858), "Creatinine was also noted to be at
# borderline (102 μmol/L)" (PMC11393570), "the plasma aldosterone concentration was not high
# (41.4 pg/mL" (PMC11487292), "a troponin I level that was persistently elevated (1.40 ng/mL"
# (PMC11509835), "Platelets were elevated preoperatively (430 × 109/L)" (PMC11434686), "it was
# found to be abnormal (14 mm/hour)" (PMC11398731). Words only, no clause break, none that
# turns to another specimen or a comparison; the bracket must open with a number in a unit.
_VERDICT_BEFORE_BRACKET = re.compile(
    r"(?i)^(?:(?:that|which)\s+)?(?:was|were|is|are|remained|remains)\s+"
    r"(?:(?!(?:in|from|than|compared|versus|vs|urine|urinary|csf|fluid|ascites|ascitic|pleural"
    r"|stool|sputum|dose|doses|given|administered)\b)[a-z][a-z'-]*\s+){1,6}?"
    r"(?=\(\s*[<>≤≥]?\s*\d[\d.,]*\s*(?P<unit>[^\s;,()\[\]]+))"
)
_REACHED_IN_BRACKETS = re.compile(
    r"(?i)\(\s*(?:which\s+)?(?:reached|reaching)\s+(?:up\s+to\s+)?(?=[<>≤≥]?\s*\d)"
)
_IN_THE_BLOOD = re.compile(r"(?i)in\s+(?:the\s+)?(?:serum|plasma|blood)\b\s*(?=\(?\s*[<>]?\s*\d)")
_WORDS_TO_VALUE = re.compile(
    # "His total bilirubin (T-Bil) continued to increase, reaching 8.1mg/dl on day 7" (Journal of
    # Medical Case Reports, CUPCase row 2586): a participle after a comma continues the subject
    r"(?i)^(?:[a-z][a-z'-]*(?:,(?=\s+(?:being|measuring|which\s+measured|reaching|peaking|with\s+a\s+peak"
    rf"|{_CHANGING})\b))?\s+){{1,10}}?"
    # "creatinine kinase gradually decreased after reaching 59,000 IU/L": the peak
    r"(?:is|was|were|at|of|=|measuring|measured|reaching|reached"
    # "After transfusion with four units of red blood cells, the hemoglobin level of the
    # patient improved to 9.1 g/dL" (J Med Case Rep, CUPCase row 3686): words between the
    # name and a verb of change, as between the name and "was"; unread, the post-operative
    # 8.4 before it stood as the current haemoglobin
    # "the cortisol hormone level was notably reduced to 1.84 μg/dl" (MedRBench
    # PMC11402914), "CK levels normalized after this and dropped down to 1.05 µkat/L"
    # (PMC11630794): "reduced" is a verb of change too, and "down"/"up" may stand before "to"
    rf"|(?:{_CHANGED}|{_CHANGING}|reduced|lowered)\s+(?:(?:back|down|up)\s+)?to"
    rf"|{_CHANGE_NOUN_TO}"
    # "His levels of serum creatinine kinase were elevated as well, peaking at 9262 U/L" (J
    # Med Case Rep, CUPCase row 571), "serum cortisol was 5.6 μg/ dl at 60 min and had a peak
    # of 5.7 μg/ dl at 90 min" (CUPCase row 1497): the highest result the test came to
    r"|peaking\s+at|(?:had\s+|with\s+)?a\s+peak\s+(?:value\s+|level\s+)?of)\s+"
    r"(?=(?:[<>]|(?:less|more|greater)\s+than\s+)?\s*-?\d)"
)


# The words that say a medicine was given, after its dose: "calcitonin 300 U administered
# subcutaneously twice daily" (Journal of Medical Case Reports, CUPCase row 1727). Never "per
# day" or "daily" alone: "protein 3 g daily" may be a 24-hour urine's.
GIVEN = (
    r"(?:(?:was|were)\s+)?(?:administered|given|infused|injected|prescribed"
    r"|(?:subcutaneous|intravenous|intramuscular|oral|intravesical)(?:ly)?\b"
    r"|s\.?c\.?(?=\s|$)|i\.?v\.?(?=\s|$)|i\.?m\.?(?=\s|$)|p\.?o\.?(?=\s|$)"
    r"|once|twice|thrice|three\s+times|every\b|b\.?i\.?d\b|t\.?i\.?d\b|q\.?d\b)"
)
# A number followed by a dose unit is a medicine's dose, never a lab result.
_DOSE = re.compile(
    r"(?i)^\s*(?:mg|mcg|µg|g|gm|units?|iu|tabs?|tablets?|caps?|capsules?|puffs?|drops?|ml)\b"
    r"(?!%)(?!\s*/)(?:\s+(?:daily|bid|tid|qid|q\.?\s*\d|once|twice|po|p\.o\.|iv|sc|im|at|every|per|x)\b)?"
    # "U" is a dose's unit when the words of giving a medicine follow it (or "daily": no
    # result is counted in U a day)
    rf"|^\s*u\b(?!\s*/)(?=\s+(?:{GIVEN}|daily\b))"
)


# A number glued to a label's letters is part of the label: the 3' end of a primer's strand
# ("exon 1 reverse 5'-AGG AAG AGG AAG AAA CGG TG-3'", CaseReportBench item 2: "TG" and "TC"
# inside the sequences read as triglycerides and cholesterol of 3), an isotope's mass number
# before its element ("A 2-[18F]-fluoro-2-deoxy-D-glucose (18F-FDG) positron emission
# tomography (PET) scan", Journal of Medical Case Reports, CUPCase row 3062: a glucose of
# 18; "99mTc-", "123I-MIBG", "68Ga-DOTATATE"). A flag glued to a result ("3.2L") is no
# element before a hyphen, and a unit glued to it starts in lower case or is "U", "IU".
_LABEL_DIGITS = re.compile(r"^(?:['’′]|m?[A-Z][a-z]?-(?=[A-Za-z]))")
# A number a hyphen or a dash joins to the word after it is part of a compound name or a
# description, not a result: "Glucose 6-phosphate also plays a role" (MedRBench PMC11396201),
# "It encodes prostaglandin E2, a 267–amino acid protein" (PMC11630786), "eosinophils (Table
# 1). Nucleic acid detection of 2019-Novel Coronavirus" (PMC11441234). A word of four letters
# or more, and never one a "/" follows: a unit glued on ("10-mmol/L") stays a result.
_JOINED_TO_A_WORD = re.compile(r"^[-‐–](?=[A-Za-z]{4,}\b(?!\s*/))")
# A number a nuclear scan's name follows is the digit of its tracer's name, not a result: "A
# mercaptoacetyltriglycine (MAG-3) nuclear renogram with furosemide (Lasix) showed prompt
# bilateral excretion" (Journal of Medical Case Reports, CUPCase row 3500: a magnesium of 3,
# "Mag" being magnesium's nickname in notes). No result is followed by the scan that shows it.
_TRACER_OF_A_SCAN = re.compile(
    r"(?i)^\s*\)?\s*(?:nuclear\s+)?(?:renogram|renography|scintigraphy|scintigram|scan)\b"
)


# A number in a unit no result is given in: a dose per body weight ("citrulline at 0.5
# mg/kg"; a factor's recovery per unit given, "IV response to FVIII: 1.69IU/kg", Journal of
# Medical Case Reports, CUPCase row 3547, no factor VIII level), a spectroscopy peak's
# chemical shift ("elevated lactate peak at 1.3 ppm"), a prenatal screen's multiple of the
# median, a ratio to the pregnancies of the same week, not the hormone's level ("PAPP-A: 2.11
# multiple of median (MoM), free β-hCG: 0.9 MoM", MedRBench PMC11543139; "alpha-fetoprotein
# (AFP) and human chorionic gonadotropin (hCG) level, 0.6 MoM and 0.52 MoM, respectively", the
# mother's screen in her newborn's case, CaseReportBench item 30).
_NO_RESULT_UNIT = re.compile(
    r"(?i)^\s*(?:(?:mg|mcg|µg|μg|g|ml|iu|u|units?)\s*/\s*kg|ppm)\b"
    r"|^\s*(?:(?-i:MoM)\b|multiples?\s+of\s+(?:the\s+)?median\b)"
    # A temperature: "incubated under a 5% CO₂-enriched atmosphere at 37°C" (Journal of Medical
    # Case Reports, CUPCase row 4595: a culture's conditions, read as a bicarbonate of 37).
    r"|^\s*(?:[°º˚]\s*[CF]\b|℃|℉|degrees?\s+(?:C\b|F\b|celsius|fahrenheit|centigrade))"
    # A dose: the amount in grams spelt out, or so many doses of so much: "increasing doses of
    # acetaminophen (2 grams daily)", "Acetaminophen 4 × 15 mg intravenous" (CUPCase rows 1967,
    # 1732). A count's power of ten ("4.8 × 10^9/L") is no dose.
    r"|^\s*grams?\b(?!\s*(?:/|per\b|%))"
    r"|^\s*[×x]\s*\d+(?:\.\d+)?\s*(?:mg|mcg|[µμ]g|g|grams?|ml|units?|iu|tablets?)\b(?!\s*/)"
)


# A count's unit: cells per volume, with no mass ("K/μL", "cells/mm³", "×10^3/μl", "/μL"),
# never a concentration's "g/L".
_COUNT_UNIT = re.compile(
    r"(?i)(?:cells|/\s*(?:[µμu]l|mm\s*3|mm³|cmm|cu\.?\s*mm|l)\b)(?<!g/l)(?<!g/ l)"
)


# The hours since an overdose between a drug's name and its level, as the Rumack-Matthew
# nomogram reads it: "Acetaminophen level at 4 hours was 250 ug/mL", "the salicylate level 6
# hours after ingestion was 62 mg/dL". Never a span of hours ("over 4 hours").
_SINCE_INGESTION = re.compile(
    r"(?i)(?:(?:at|after)\s+\d+(?:\.\d+)?\s*(?:h|hrs?|hours?)\b"
    r"(?:\s+(?:post[-\s]?ingestion|after\s+(?:the\s+)?(?:ingestion|overdose)))?"
    r"|\d+(?:\.\d+)?\s*(?:h|hrs?|hours?)\s+(?:post[-\s]?ingestion|after\s+(?:the\s+)?"
    r"(?:ingestion|overdose)))(?!\s*(?:[-–]|to\b|and\b))"
)
# A number followed by a span of time is a duration: "checked 3 months ago", "for 6 weeks",
# "The 4-hour level"; followed by "times", a multiple ("raised 100 times above the normal
# level").
_DURATION = re.compile(
    r"(?i)^\s*(?:-\s*)?(?:days?|weeks?|wks?|months?|years?|yrs?|hours?|hrs?|minutes?|mins?|times|fold)\b"
)
# When the value was taken, set between commas after the name: "Her hemoglobin, on
# admission, was 7.0g/dL".
_WHEN = re.compile(r"(?i)(?:on|at|upon)\s+(?:admission|presentation|arrival|discharge)\b")
# A bound written in words, as VALUE reads it, and the space after it.
_BOUND_WORD = rf"{BOUND_WORD}\s*"
# A bracket that opens with the result, its bound's sign or word first: "(2,002 ug/L; normal
# <10)", "(< 0.05 ng/ml)", and "Plasma adrenocorticotropic hormone (ACTH) level was markedly
# suppressed (less than 10 pg/ml)" (J Med Case Rep, CUPCase row 5793); never a range "(1.2-3.4".
_OPENS_WITH_RESULT = re.compile(rf"\s*(?:[<>≤≥]|{_BOUND_WORD})?\s*\d")
_OPENS_WITH_RANGE = re.compile(rf"\s*(?:[<>≤≥]|{_BOUND_WORD})?\s*\d[\d.,]*\s*(?:[-–]|to\b)\s*\d")
# (a unit per volume or a power of ten after the number: "(at 3 months)" is a time)
_BRACKET_LEVEL_AT = re.compile(r"(?i)\(\s*at\s+(?=[<>≤≥]?\s*\d[\d.,]*\s*[^()\s]*\s*[^()\s]*[/×])")
# The word a report prints for a result under the assay's limit, before that limit: "post-meal
# C-peptide levels were repeatedly undetectable (below 0.1 ng/ml)" (J Med Case Rep, CUPCase
# row 5083). Only with the bound after it: "undetectable" alone is no number.
_UNDETECTABLE_BEFORE_BOUND = re.compile(
    rf"(?i)(?:undetectable|undetected|unmeasurable)\s*(?=\(\s*(?:[<≤]|{_BOUND_WORD})\d|[<≤]\s*\d)"
)
# A day of the stay between a test's name (and its fillers) and its verb: "His serum ionized
# calcium on day 2 of admission was 0.91 mmol/L", "His serum creatinine level at day 3 was 1000
# μmol/L" (Journal of Medical Case Reports, CUPCase rows 2377 and 4564). Never a span of days.
_ON_DAY = re.compile(
    r"(?i)(?:on|at|by)\s+(?:hospital\s+)?day\s+\d+(?:\s+of\s+(?:(?:his|her|the)\s+)?"
    r"(?:admission|hospitali[sz]ation|stay))?(?!\s*(?:[-–]|to\b|and\b|,\s*\d))"
)

# A time since an event, or a while later, between a test's name and its verb: "The first
# troponin level 1.5 h after cardiac arrest was 156 ng/L" (PMC11546350), "The patient's
# creatinine level approximately 1 month later was 171 µmol/L" (PMC11647073); "the serum sodium
# level by day 4 was 131 mmol/L" (PMC11621942) is _ON_DAY's. The time's number is no result.
_TIME_SINCE = re.compile(
    r"(?i)(?:(?:approximately|about|around|some)\s+)?\d+(?:\.\d+)?\s*"
    r"(?:h|hrs?|hours?|min(?:ute)?s?|days?|weeks?|months?|years?)\s+"
    r"(?:later|after\s+(?:(?:the|his|her|their|an?)\s+)?[a-z-]+(?:\s+[a-z-]+)?)"
    r"(?=\s+(?:was|were|is)\s+[<>]?\d)"
)

# A span of time told between a test's name and the verb that gives its result: "Her HbA1c
# levels were followed for 24 weeks and were reduced from 9.6% to 7.4%" (J Med Case Rep,
# CUPCase row 5083, three patients' later HbA1c lost), "Her HbA1c after 3 months was 6.5%",
# "The CRP after 2 weeks of antibiotics was 5 mg/L". The span's number is no result, and only
# a verb that tells a result may follow it ("was", a verb of change): "potassium chloride over
# 14 h" is a dose's time, parse.py's _DURATION.
SPAN_BEFORE_VERB = re.compile(
    r"(?i)(?:[a-z]+\s+){0,3}?(?:after|at|over|for|within|in|during)\s+"
    r"(?:the\s+(?:first|next|following|last)\s+|(?:about|approximately|around)\s+)?"
    r"\d{1,3}(?:\.\d+)?\s*(?:hours?|hrs?|days?|weeks?|wks?|months?|years?)\b"
    r"(?:\s+of\s+(?:[a-z-]+\s+)?[a-z-]+)??"
    r"(?=,?\s+(?:and\s+)?(?:(?:has|had|have)\s+(?:been\s+)?)?"
    r"(?:(?:was|were|is|are|remained|stood)\b|(?:(?:was|were)\s+)?(?:(?:then|further|gradually|"
    rf"markedly|slightly)\s+)?(?:{_CHANGED}|reduced|lowered|reached)\b))"
    # ... or between the verb of change and its "to": "Her hemoglobin improved over 3 weeks to
    # 10.2 g/dL"
    rf"|(?:[a-z]+\s+){{0,2}}?(?:{_CHANGED}|reduced|lowered)\s+(?:over|within|in|during|after)\s+"
    r"(?:the\s+(?:next|following)\s+)?\d{1,3}\s*(?:hours?|days?|weeks?|months?)\s+to\s+"
    r"(?=[<>]?\d)"
)


@dataclass(frozen=True)
class Outcome:
    """A result read after a test's name, or why none was: "mentioned" when one is written
    but could not be read, "reference" when the name stood in reference text."""

    value: LabValue | None
    mentioned: bool = False
    ranged: bool = False  # the row prints its own reference range after the result
    # The previous result of a cumulative report's row, printed after the current one.
    earlier: tuple[LabValue, ...] = ()
    # The result is the last of a series told after the test's name ("6.9 mmol/L on
    # admission and 4.1 mmol/L on day 3"): the words of time after the first are the first's.
    series: bool = False


# "was within normal limits (18.3 × 104/µL)", "was slightly lower than normal (3.52 mmol/L,
# normal range: 3.9–6)", "was corrected to normal levels (4.2 mEq/L)": the words compare with
# the normal range, the bracket holds the result.
_WITHIN_LIMITS = re.compile(
    r"(?i)^(?:[a-z]+\s+){0,3}?(?:within\s+(?:the\s+)?normal\s+(?:limits?|range)"
    r"|(?:lower|higher|less|greater)\s+than\s+(?:the\s+)?normal(?:\s+(?:limits?|range|levels?))?"
    r"|to\s+(?:the\s+)?normal(?:\s+(?:limits?|range|levels?|values?))?"
    # "was in the high normal range (19,737.27 ng/mL; normal values are ...)", "his serum
    # lactate levels were normal (14.2 mg/dL)" (two case reports of CaseReportBench)
    r"|in\s+the\s+(?:(?:high|low|upper|lower)\s+)?normal\s+range|(?:ab)?normal)"
    r"\s*(?=\(\s*[<>]?\s*\d)"
)


# The performing laboratory's code closing a row, after the unit or a unit's words: "NUCLEATED
# RBC DNR NORMAL 0 /100 WBC 01", "HEMOGLOBIN A1c 6.3 HIGH <5.7 % of total Hgb 01" (a Quest
# Diagnostics sample report, Waheexd/Medical-Report-Hub data/sample-report.pdf, whose page 4
# names laboratories 01 to 03). A result is never written with a leading zero and nothing
# after it; read, the code gave a WBC and a haemoglobin of 1, both critical.
_LAB_CODE = re.compile(r"0\d\s*")


def read_result(
    analyte: Analyte,
    segment: str,
    in_urine: bool,
    specimen: str | None,
    patient: Patient,
    *,
    absolute: bool = False,
    earlier_columns: int = 0,
    series: str | None = None,
) -> Outcome:
    """The result after ``analyte``'s name in ``segment``; ``absolute`` when the name says
    the count is absolute ("absolute eosinophil count"), which is never a percentage;
    ``earlier_columns``: how many earlier results a cumulative report's row may print after
    the current one (its previous-result column, or its columns of older dates); ``series``
    (the line's text after the segment) when the name stands alone in its clause, so that
    more numbers of the same unit after the result are later results of the same test
    ("potassium was 2.6 mmol/L and 2.7 mmol/L, respectively"; "sodium 106 mmol/L at 10
    hours, 110 mmol/L at 16 hours")."""
    if absolute:
        analyte = replace(analyte, ranges=tuple(r for r in analyte.ranges if r.unit != "%"))
    # A flag column between the name and the result: "LYMPHOCYTE  L  18  %  20 - 40".
    flag_first = _FLAG_BEFORE.match(segment)
    if flag_first is not None:
        segment = blank(segment, flag_first.start("flag"), flag_first.end("flag"))
    if re.match(r"\s*,\s*[<>]?\d", segment) and not _NAME_DIGITS.match(segment.lstrip(" ,")):
        return Outcome(None)  # "(0 PMNs, 100% lymphocytes)": after a comma comes another result
    timed = analyte.panel == DRUG_LEVELS
    start, unit_before = _skip_preamble(segment, timed)
    if _APPROXIMATE.search(segment[:start]):
        # "serum creatinine level was around 1.1 mg/dL": an approximate value is no result
        return Outcome(None, mentioned=True)
    rest = segment[start:]
    within = _WITHIN_LIMITS.match(rest)
    if within:
        # "platelet count was within normal limits (18.3 × 104/µL)": the bracket is the result
        segment = segment[:start] + rest[within.end() :]
        start, unit_before = _skip_preamble(segment, timed)
        rest = segment[start:]
    if REFERENCE_TEXT.match(rest):
        return Outcome(None)  # "INR goal 2-3", "troponin 99th percentile ..."
    if _LAB_CODE.fullmatch(rest):
        return Outcome(None)  # "... /100 WBC 01": the performing laboratory's code
    urine_form = BY_NAME.get(analyte.urine_form) if analyte.urine_form else None
    target = urine_form if (in_urine and urine_form is not None) else analyte
    plus = re.match(r"\+\s*(?=\d)", rest)
    if plus and target.signed:
        # "base excess of +8.0, lactate of 1.0 mmol/L" (Journal of Medical Case Reports,
        # CUPCase row 2377): a signed result written with its plus sign
        start += plus.end()
        rest = segment[start:]
    word = QUALITATIVE.match(rest)
    if word:
        dipstick = word.group("word").lower() != "normal"  # "normal" alone proves no dipstick
        if (
            not target.qualitative
            and dipstick
            and urine_form is not None
            and specimen in (None, "urine")
        ):
            target = urine_form  # "Glucose: negative" is a urine dipstick result
        if target.qualitative:
            # "A urine occult blood test was positive (++)": the grade in brackets says how
            # positive
            grade = re.match(r"\s*\(\s*(\+{1,4}|[1-4]\s*\+)\s*\)", rest[word.end() :])
            if grade and word.group("word").lower() == "positive":
                return Outcome(qualitative_value(target, grade.group(1)))
            return Outcome(qualitative_value(target, word.group("word")))
        return Outcome(None, mentioned=True)
    if not target.ranges:
        return Outcome(None)  # a number for a dipstick-only test ("WBC 5 /hpf") is not its scale
    number = VALUE.match(rest)
    footnote = re.match(r"0\d\s+(?=[<>]?\d)", rest)
    if footnote:  # "Glucose 01 105 mg/dL": a zero-padded lab code, then the result
        start += footnote.end()
        rest = segment[start:]
        number = VALUE.match(rest)
    if number is None:
        return Outcome(
            None, mentioned=bool(re.match(r"[<>≤≥]?\s*\d", rest) or _RESULT_WORDS.match(rest))
        )
    if (
        unit_before
        and comparator_of(number.group("cmp"))
        and not rest[number.end() :].strip()
        and "(" not in segment[:start]
    ):
        # "Cholesterol Total  mg/dL  <200": the result cell is empty and the bound after the
        # unit column is the reference interval (a partly filled or interim report).
        return Outcome(None)
    value = float(number.group("num"))
    minus = not comparator_of(number.group("cmp")) and bool(
        (_MINUS_SIGN if target.signed else _MINUS_TOUCHING).search(segment[:start])
    )
    if minus and target.can_be(-value):
        value = -value  # "base excess of -12"
    # "Glucose = -3.2 mmol/L": no glucose is negative, and a published "urinary pH: −6.5"
    # (dev cr-distal-rta-membranous-...) is a dash set against the number. Either way the
    # number is kept as it stands, a doubtful read without a flag: never 3.2 and low,
    # never critical, for the doctor to check at the source.
    no_such_sign = minus and not target.can_be(-value)
    after = rest[number.end() :]
    if _LABEL_DIGITS.match(after) or _JOINED_TO_A_WORD.match(after):
        return Outcome(None)  # "TG-3'", "(18F-FDG)", "6-phosphate": a name's digits
    if _TRACER_OF_A_SCAN.match(after):
        return Outcome(None)  # "(MAG-3) nuclear renogram": a tracer's name
    grams = _BARE_GRAMS.match(after) if target.name in _GRAMS_PER_DECILITRE else None
    if grams:
        after = " g/dL" + after[grams.end() :]  # "Her hemoglobin was 10.1g": g/100 mL
    if _DOSE.match(after) or _DURATION.match(after) or _NO_RESULT_UNIT.match(after):
        return Outcome(None)  # "Dilantin 300 mg daily", "TSH was checked 3 months ago"
    previous: list[re.Match[str]] = []
    while len(previous) < earlier_columns:
        found = _PREVIOUS.match(after, previous[-1].end() if previous else 0)
        if found is None:
            break
        previous.append(found)
    for found in previous:
        start = found.start("cmp") if found.group("cmp") else found.start("num")
        after = blank(after, start, found.end())
    unit, after = _take_unit(target, after)
    unit = unit or unit_before
    if unit and (target.name, unit_key(unit)) in _OLD_UNITS:
        unit = _OLD_UNITS[(target.name, unit_key(unit))]
    unit = _si_count_unit(target, unit)
    target = _kindred_by_unit(target, unit)
    if unit and not unit_fits(target, unit):
        return Outcome(None, mentioned=True)  # "PT 13.4 seconds" is no INR, "616 U/L" no Cr
    # Plausible spans are for blood; a urine protein of 4756 mg/day or a CSF count is real.
    blood = specimen is None
    own_unit = _own_unit(target, unit)
    fits = _default_range(target, unit, value) is not None if own_unit else target.plausible(value)
    # A unit of the same quantity as the catalogue's own ("CRP at 0.6 g/dL" beside mg/L): the
    # number is judged against what a body can hold in that unit, scaled by UCUM. A number
    # the test can take but not in that unit is a slipped unit, kept doubtful; one it cannot
    # take in any unit ("potassium channel antibody ... 56 pmol/L") is still no such result.
    slipped = False
    span = None if own_unit else possible_span(target, unit)
    if span is not None:
        slipped = fits and not span.fits_written(value)
        fits = span.fits_written(value)
    outside = not fits
    if blood and outside and not own_unit and not slipped:
        return Outcome(None, mentioned=True)  # a year, an ID, or a number in another unit
    # With its own unit written, a number beyond what a body can hold is a misread (a
    # decimal point lost, a column slipped): kept for the doctor to check, never acted on.
    # "hemoglobin levels of 14 g/l": the g/dL number under a slipped unit (unit_slips.py)
    doubtful = (blood and (outside or slipped_tenfold(target, unit, value))) or no_such_sign
    if (
        doubtful
        and _COUNT_UNIT.search(unit or "")
        and not measures_no_count(unit)
        and target.range_for(None, value) is not None
    ):
        # A cell count's unit printed wrongly: the number fits another of the count's units,
        # not the one written ("a white blood cell count of 3640 K/μL, ... a platelet count of
        # 252,000 K/μL", "platelets 367 cells/mm³", "white blood cell (6.48mm 3 /μL)": Journal
        # of Medical Case Reports, CUPCase rows 4571, 4715, 4086). The number stands, its unit
        # is unknown: kept doubtful (never critical), without the unit that would misstate it
        # a thousandfold. A concentration keeps the unit written (an IgG of 10 mg/dL may be
        # measured so; a haemoglobin "6.9g/L" stays as printed).
        unit = None
    before_now = _PREVIOUSLY.match(after) or _compared_earlier(after, unit)
    if before_now:
        # "fell to 30 mL/min/1.73 m2 (previously >90 mL/min/1.73 m2)": the bracket holds the
        # earlier result, never this one's range
        after = blank(after, before_now.start(), before_now.end())
    low, high, strict, after = _take_range(after, value, target)
    ranged = low is not None or high is not None
    # Default ranges are blood ranges: a CSF or pleural fluid value keeps only its own.
    blood_like = specimen is None or target is urine_form or target.panel == "Urinalysis"
    if low is None and high is None and blood_like:
        usual = _default_range(target, unit, value) or (
            next((r for r in target.ranges if r.unit == unit_key(unit)), katal_range(target, unit))
            if doubtful
            else None
        )
        default = patient_range(target.name, usual, patient)
        if default is not None:
            low, high = default.low, default.high
    comparator = comparator_of(number.group("cmp"))
    # A flag word belongs to this result only when it is close: prose goes on ("low-fat diet").
    near = " ".join(re.split(r"(?<!\d)\.(?:\s|$)|;", after)[0].split())[:40]
    flag = (
        _written_flag(number.group("flag") or "")
        or _written_flag(flag_first.group("flag") if flag_first else "")
        or _prose_flag(near, after)
    )
    if flag is None:
        flag = computed_flag(value, low, high, strict, comparator)
    earlier = tuple(
        read
        for found in previous
        if (read := _previous_result(target, found, unit, low, high, strict)) is not None
    )
    if before_now:
        was = float(before_now.group("num"))
        was_cmp = comparator_of(before_now.group("cmp"))
        earlier = (
            *earlier,
            _lab_value(target.name, was, was_cmp, unit, (low, high, strict)),
        )
    later = (
        _later_in_series(rest[number.end() :] + series, unit)
        if series is not None and unit and not doubtful
        else []
    )
    if later:
        told = [value, *later]
        earlier = (
            *earlier,
            _lab_value(target.name, value, comparator, unit, (low, high, strict), flag),
            *(_lab_value(target.name, v, "", unit, (low, high, strict)) for v in told[1:-1]),
        )
        value, comparator = told[-1], ""
        flag = computed_flag(value, low, high, strict, comparator)
    read = _lab_value(target.name, value, comparator, unit, (low, high, strict), flag, doubtful)
    if no_such_sign:
        read = read.model_copy(update={"flag": None})
    return Outcome(read, ranged=ranged, earlier=earlier, series=bool(later))


# A minus sign before a signed test's number ("base excess of -12", "BE: - 4"); before any
# other test's only where it touches the number after a space, a bracket or "=" ("Glucose:
# -3.2", "Glucose = -3.2"): "Creatinine-0.9", "Creatinine - 0.9" and the ":-" of many
# Indian reports ("Hb:-12.5") are the name, a dash, the result.
_MINUS_SIGN = re.compile(r"(?:^|[\s(:=])[-\u2212]\s*$")
_MINUS_TOUCHING = re.compile(r"[\s(=][-\u2212]$")

# The flag column of a table printed between the test's name and its result (issue #29):
# "LYMPHOCYTE  L  18  %", "MEAN CELL HAEMOGLOBIN CON, MCHC  H  35.7  %".
_FLAG_WORD = r"(?:HH|LL|H|L|High|Low|HIGH|LOW)"  # a report's flag column or word
_FLAG_BEFORE = re.compile(rf"^\s+(?P<flag>{_FLAG_WORD})\s+(?=[<>]?\s*\d)")
# A haemoglobin written in grams alone is grams per 100 mL, the old "g%": "Her hemoglobin was
# 10.1g and random blood glucose was 80mg." (Journal of Medical Case Reports, CUPCase row
# 3116), "hemoglobin and blood glucose were 13.0 g and 260 mg/100 ml, respectively" (row
# 5096). Never a dose: no haemoglobin is given by the gram. Read before the dose check, which
# takes a bare "g" after any other test's number for a medicine's amount.
_GRAMS_PER_DECILITRE = frozenset({"Hemoglobin"})
# (never before a slash of any kind: "14.5 g⁄dL" with a fraction slash is a unit of its own)
_BARE_GRAMS = re.compile(r"(?i)^\s*(?:g|gm|gms|grams?)\b(?!\s*[/⁄∕]|\s*%)")
# Units of an older convention, read as what they mean: MCHC printed in "%" is grams of
# haemoglobin per 100 mL of packed cells, that is g/dL (Labsmart's sample CBC, issue #29).
_OLD_UNITS = {("MCHC", "%"): "g/dL"}
# A cell count per litre with its SI prefix as a letter, as French, Swiss and Belgian
# laboratories print it: "G/l" is giga (10^9) per litre, "T/L" tera (10^12) per litre.
# "platelets were at 187 G/l, total leucocytes were at 11.61 G/l, with neutrophils at 8.93
# G/l" (J Med Case Rep, CUPCase row 728); "His peripheral white blood cell count was 15.2
# g/L, and neutrophils were 10.6g/L" (CUPCase row 4595). A count is never a mass, so for a
# test counted in cells (and never in grams) the letter is the prefix whatever its case.
_SI_COUNT = {"g": "x10^9/L", "t": "x10^12/L"}
_SI_COUNT_UNIT = re.compile(r"([GgT])\s*/\s*[lL]")


def _si_count_unit(target: Analyte, unit: str | None) -> str | None:
    match = _SI_COUNT_UNIT.fullmatch(unit or "")
    if match is None:
        return unit
    units = {r.unit for r in target.ranges}
    count = _SI_COUNT[match.group(1).lower()]
    counted = unit_key(count) in units and not units & {"g/l", "g/dl", "mg/dl", "mg/l"}
    return count if counted else unit


# A test named bare in a unit only a kindred test is reported in is that test:
# - a thyroid hormone ("T4: 1.2 ng/dL (0.8-1.8)") in a unit only the free hormone is reported
#   in (ng/dL or pmol/L for T4, pg/mL or pmol/L for T3) is the free hormone;
# - a prothrombin time in percent is the prothrombin activity (Quick's value), never a time in
#   seconds: "a prothrombin time (PT) of 76%" (Journal of Medical Case Reports, CUPCase row
#   4374), "Prothrombin time was 25%, aspartate aminotransferase was 10 times normal" (row
#   1263). Without this the percent was refused as no time, and the result lost.
# - a lymphocyte subset in percent is its share of the lymphocytes, in cells per volume its
#   count: "CD4 percentage was 6%" (MedRBench PMC11462035), "helper T cells (CD3+ CD4+) at
#   40.29%" (PMC11638744), "Th lymphocyte (CD3+/CD4+) 608 cells/μL" (PMC11489862).
_KINDRED_BY_UNIT = {
    "Total T4": "Free T4",
    "Total T3": "Free T3",
    "PT": "PT activity",
    **{f"{subset} count": f"{subset} percentage" for subset in ("CD3", "CD4", "CD8", "CD19")},
    **{f"{subset} percentage": f"{subset} count" for subset in ("CD3", "CD4", "CD8", "CD19")},
    "NK cell count": "NK cell percentage",
    "NK cell percentage": "NK cell count",
}


def _kindred_by_unit(target: Analyte, unit: str | None) -> Analyte:
    kindred = BY_NAME.get(_KINDRED_BY_UNIT.get(target.name, ""))
    key = unit_key(unit) if unit else None
    if kindred is None or not key or key in {r.unit for r in target.ranges}:
        return target
    return kindred if key in {r.unit for r in kindred.ranges} else target


# A cumulative report's row: the current result (its flag word after it), then the previous
# result with its own flag word, before the previous result's date (blanked by then), unit
# and range: "WBC 6.2 8.6 11/23/2022 x10E3/uL 3.4-10.8", "Glucose 145 High 98 05/01/2023",
# "BUN 18 22 High 05/01/2023", "Estradiol 18.0 <5.0 04/13/2022" (issue #29).
_PREVIOUS = re.compile(
    rf"\s*(?:{_FLAG_WORD}\s+)?(?P<cmp><=|>=|<|>)?\s*(?P<num>\d{{1,9}}(?:\.\d{{1,6}})?)"
    rf"(?:\s+(?P<flag>{_FLAG_WORD}))?(?![\d.]|\s*[-–/:]\s*\d|[A-Za-z%]|\s*[\^*×])"
    # a power of ten ("10^3/uL") or a time ("1 hour") is no result
    r"(?!\s+(?:hours?|hrs?|h|minutes?|mins?|days?|weeks?|months?|years?)\b)"
)


# An earlier result in brackets after the current one: "(previously >90 mL/min/1.73 m2)"
# (Lupus Sci Med 5:e000241), "Creatinine   380 ( baseline 350)." (emergucate.com, Lab Case
# 255); "(baseline around 0.80 mg/dl)" is approximate, no result.
_PREVIOUSLY = re.compile(
    r"^\s*\(\s*(?:previously|baseline)\s+(?P<cmp><=|>=|<|>|≤|≥)?\s*(?P<num>\d+(?:\.\d+)?)"
    r"[^()]{0,30}\)"
)


# An earlier result the current one is set against, after it: "a white blood cell count of
# 18 × 109/L, slightly elevated compared to her hospital admission at 16.7 × 109/L" (MedRBench
# PMC11502415), "the serum sodium level by day 4 was 131 mmol/L (compared to 121 mmol/L upon
# admission)" (PMC11621942). The earlier number is told in the current one's unit (which
# _compared_earlier checks); the words between "compared to" and it say when, not what.
_COMPARED_EARLIER = re.compile(
    r"^\s*(?:\(\s*|,\s*(?:(?:[a-z]+ly|much|far)\s+)?"
    r"(?:(?:elevated|raised|increased|higher|decreased|reduced|lower|improved|up|down)\s+)?)"
    r"(?:as\s+)?compared\s+(?:to|with)\s+"
    r"(?:(?:[a-z][a-z'-]*\s+){0,6}?(?:at|of|was|on)\s+)?"
    r"(?P<cmp><=|>=|<|>|≤|≥)?\s*(?P<num>\d+(?:\.\d+)?)\s*"
)


def _compared_earlier(after: str, unit: str | None) -> re.Match[str] | None:
    """The comparison after a result that tells the test's earlier result in the same unit,
    or None."""
    found = _COMPARED_EARLIER.match(after)
    if found is None or not unit:
        return None
    # the same unit, however it is spaced: "18 × 109/L ... at 16.7 × 109/L"
    same_unit = r"\s*".join(re.escape(c) for c in re.sub(r"\s+", "", unit)) + r"(?![\w/])"
    return found if re.match(same_unit, after[found.end() :]) else None


# A later result of the series told as its extreme: "The first troponin level 1.5 h after
# cardiac arrest was 156 ng/L, and the maximum (1559 ng/L) was recorded 14 h after the
# incident" (MedRBench PMC11546350), "156 ng/L, and a peak of 1559 ng/L".
# "5.6 μg/ dl at 60 min and had a peak of 5.7 μg/ dl at 90 min" (J Med Case Rep, CUPCase
# row 1497): the verb the extreme is told with.
_EXTREME = (
    r"(?:(?:had|reached|reaching|with)\s+)?"
    r"(?:(?:the|a|its|her|his)\s+)?(?:maximum|peak|nadir|highest|lowest)"
    r"(?:\s+(?:value|level|result))?\s*(?:\(\s*|of\s+|at\s+|was\s+)"
)


def _later_in_series(after: str, unit: str) -> list[float]:
    """The later results of a series told after a test's first result, each with the same
    unit written: "2.6 mmol/L and 2.7 mmol/L, respectively" (JCPSP 2022;32(4):12), "106
    mmol/L at 10 hours, 110 mmol/L at 16 hours" (Hospital Medicine 2011 abstract 277). A
    number in another unit, or followed by a test's name, is another result."""
    # the unit however it is spaced: "5.6 μg/ dl at 60 min and ... 5.7 μg/ dl"
    written = r"\s*".join(re.escape(c) for c in re.sub(r"\s+", "", unit))
    item = re.compile(
        r"(?i)(?:\s+(?:at|on|after|by|in)\s+[^,;.()]{1,25}?)?\s*(?:,\s*(?:and\s+)?|\s+and\s+)"
        rf"(?:then\s+)?(?:{_EXTREME})?(?P<num>\d+(?:\.\d+)?)\s*" + written + r"(?![\w/])"
        r"(?:\s*\))?"
    )
    pos = 0
    rest = after.lstrip()
    head = re.match(written + r"(?![\w/])", rest)
    if head is None:
        return []
    text = rest[head.end() :]
    numbers: list[float] = []
    while (found := item.match(text, pos)) is not None:
        if ANALYTE_NAME.match(text[found.end() :].lstrip(" of")):
            break  # "4.5 mmol/L potassium": a value written before its own name
        numbers.append(float(found.group("num")))
        pos = found.end()
    return numbers


def _own_unit(analyte: Analyte, unit: str | None) -> bool:
    """True when ``unit`` is one the catalogue holds the analyte's range in (or an enzyme's
    katal unit, its U/L range scaled)."""
    if not unit:
        return False
    return unit_key(unit) in {r.unit for r in analyte.ranges} or bool(katal_range(analyte, unit))


def _default_range(analyte: Analyte, unit: str | None, value: float) -> UnitRange | None:
    """The catalogue's default range for ``value`` in ``unit``: the analyte's own, or for an
    enzyme written in katal ("ALT 19.7 µkat/L"), its U/L range in that unit (a katal unit is
    always written, so its published extreme applies)."""
    katal = katal_range(analyte, unit)
    if katal is not None:
        return katal if katal.fits_written(value) else None
    return analyte.range_for(unit, value)


def with_usual_range(value: LabValue, patient: Patient) -> LabValue:
    """A blood result read without a range of its own (written before its test's name, "a
    white cell count of 16,770/cm3, with 80% neutrophils") judged against the catalogue's
    usual range for its unit and this patient, as one written after its name is."""
    analyte = BY_NAME.get(value.analyte)
    if (
        analyte is None
        or analyte.qualitative
        or value.reference_low is not None
        or value.reference_high is not None
    ):
        return value
    usual = patient_range(analyte.name, _default_range(analyte, value.unit, value.value), patient)
    if usual is None:
        return value
    flag = value.flag or computed_flag(value.value, usual.low, usual.high, False, "")
    low = float(usual.low) if usual.low is not None else None
    high = float(usual.high) if usual.high is not None else None
    return value.model_copy(update={"reference_low": low, "reference_high": high, "flag": flag})


def _previous_result(
    analyte: Analyte,
    previous: re.Match[str],
    unit: str | None,
    low: float | None,
    high: float | None,
    strict: bool,
) -> LabValue | None:
    """The previous result of a cumulative row, in the current result's unit and range."""
    value = float(previous.group("num"))
    own_unit = _own_unit(analyte, unit)
    if not (_default_range(analyte, unit, value) if own_unit else analyte.plausible(value)):
        return None
    comparator = previous.group("cmp") or ""
    flag = _written_flag(previous.group("flag") or "")
    return _lab_value(analyte.name, value, comparator, unit, (low, high, strict), flag)


def _lab_value(
    analyte: str,
    value: float,
    comparator: str,
    unit: str | None,
    limits: tuple[float | None, float | None, bool],
    flag: str | None = None,
    doubtful: bool = False,
) -> LabValue:
    """One result in its row's unit and range; without a written flag, the range's flag."""
    low, high, strict = limits
    return LabValue(
        analyte=analyte,
        value=value,
        comparator=COMPARATORS.get(comparator),
        unit=unit,
        reference_low=low,
        reference_high=high,
        flag=flag or computed_flag(value, low, high, strict, comparator),
        doubtful=doubtful,
    )


# A full stop that ends the sentence, then a word that opens the next one.
_SENTENCE_ENDS = re.compile(r"\.\s")
_NEXT_SENTENCE = re.compile(r"[A-Z][a-z]*\b(?![/%])")


def _skip_preamble(segment: str, timed: bool = False) -> tuple[int, str | None]:
    """Where the result starts after the analyte's name, and a unit written before it;
    ``timed``: a drug's level, which may tell the hours since the ingestion first."""
    pos, unit = 0, None
    while pos < len(segment):
        rest = segment[pos:]
        gap = re.match(r"[\s:=\-–—.,*#_\[\])]+", rest)
        if gap and _SENTENCE_ENDS.search(gap.group()) and _NEXT_SENTENCE.match(rest, gap.end()):
            # "the selectivity index compares IgG with transferrin (small molecule). A PSI of
            # < 0.1 usually indicates MCD" (J Med Case Rep, CUPCase row 3850): the next
            # sentence's number is another thing's, not the test's result
            break
        if gap:
            pos += gap.end()
            continue
        digits = _NAME_DIGITS.match(rest)
        if digits and pos < 4:  # right after the name: "Vitamin D 25-OH 18 ng/mL"
            pos += digits.end()
            continue
        if (
            rest.startswith("(")
            and _OPENS_WITH_RESULT.match(rest, 1)
            and not _OPENS_WITH_RANGE.match(rest, 1)
        ):
            # "(12.30×10^9/l, normal range 4.00–10.00×10^9/l)": a bracket opening with the
            # result, however long the range written after it inside the same bracket
            pos += 1
            continue
        # a bracket that opens with the level the test stood at: "worsening hyponatremia
        # (at 124 mEq/L)" (MedRBench PMC11550105); the level it came to is the next rule's
        level_at = _BRACKET_LEVEL_AT.match(rest)
        if level_at and not _OPENS_WITH_RANGE.match(rest, level_at.end()):
            pos += level_at.end()
            continue
        # "persistent thrombocytosis (reaching up to 1028,000 platelets/mcL)" (MedRBench
        # PMC11584938), "an increasing white blood cell (WBC) count (reaching 22.6 × 103/μL)"
        # (PMC11631160), "hemoglobin level (which reached 12 g/dl)" (PMC11605394): the level
        # the test came to, in brackets, is no aside
        reached = _REACHED_IN_BRACKETS.match(rest)
        if reached:
            pos += reached.end()
            continue
        # an aside without a number is never the result, however long: "(by Modification
        # of Diet in Renal Disease study equation)"
        aside = re.match(r"\(([^()]{0,40})\)", rest) or re.match(r"\(([^()\d]{0,100})\)", rest)
        # "(SGOT)", "(mg/dL)" are asides; "(2,002 ug/L; normal <10)" opens with the result.
        opens_with_result = aside is not None and bool(
            _OPENS_WITH_RESULT.match(aside.group(1)) and not _OPENS_WITH_RANGE.match(aside.group(1))
        )
        if aside and opens_with_result:
            pos += 1  # past "(": the result is inside
            continue
        if aside and re.search(r"[A-Za-z%µμ]", aside.group(1)):
            if unit_key(aside.group(1)) in KNOWN_UNITS:
                unit = aside.group(1).strip()
            pos += aside.end()
            continue
        # "the percentage of polymorphonuclear cells in her blood was 71%" (J Med Case Rep,
        # CUPCase row 5241): where the cells were counted, not a second name
        in_blood = re.match(r"(?i)in\s+(?:his|her|their|the)\s+(?:peripheral\s+)?blood\b", rest)
        if in_blood and pos <= 3:
            pos += in_blood.end()
            continue
        undetectable = _UNDETECTABLE_BEFORE_BOUND.match(rest)
        if undetectable:
            pos += undetectable.end()
            continue
        when = _WHEN.match(rest)
        if when and pos <= 3:
            pos += when.end()
            continue
        on_day = _ON_DAY.match(rest) or _TIME_SINCE.match(rest) or SPAN_BEFORE_VERB.match(rest)
        if on_day:
            pos += on_day.end()
            continue
        since = _SINCE_INGESTION.match(rest) if timed else None
        if since:
            pos += since.end()
            continue
        moved = re.match(
            r"(?i)(?:came\s+|went\s+|is\s+|was\s+)?(?:down|up)\s+to\s+"
            # "eGFR ... fell to 30 mL/min/1.73 m2 (previously >90 ...)" (Lupus Sci Med 5:e000241)
            r"|(?:fell|dropped|declined|rose|climbed)\s+to\s+(?=[<>]?\d)"
            rf"|{_CHANGING}\s+to\s+(?=[<>]?\d)"
            # "his serum C-reactive protein (CRP) level also increased to 7.8 mg/dl" (Journal of
            # Medical Case Reports, CUPCase row 2247), "rose rapidly to 7.4 mg/dl": a verb of
            # change, with its adverbs, hands the value over
            r"|(?:(?:also|then|further|subsequently|later|again)\s+)?"
            # "in four weeks, his platelet count improved to 214×10^9 cells/L" (J Med Case
            # Rep, CUPCase row 3276): the later count, after a critical 15 and a 37
            rf"(?:{_CHANGED}|raised|elevated|jumped|worsened)"
            r"\s+(?:(?:rapidly|quickly|gradually|markedly|sharply|further|again|slightly)\s+)?"
            r"to\s+(?=[<>]?\d)"
            # "when his potassium level reached 3.0mEq/L" (CUPCase row 2586); "INR reached
            # 7.7", "caused the hematocrit (Ht) level to drop to 17.6%" (Andreadis et al.,
            # J Med Case Rep 2010;4:256, CC BY): a later result of the same test
            r"|(?:reached|reaching)\s+(?=[<>]?\d)"
            # "in four weeks, his platelet count improved to 214×10^9 cells/L" (J Med Case
            # Rep, CUPCase row 3276): a recovery, told as a change, hands the value over too
            r"|(?:improved|recovered)\s+to\s+(?=[<>]?\d)"
            # "highly elevated FSH/LH (FSH peak 86.99 mIU/mL, LH peak 72.77 mIU/mL)" (J Med
            # Case Rep, CUPCase row 768): the highest result of the test, told as its peak
            r"|(?:peak|peaks|peaking)\s+(?:(?:value\s+)?(?:at|of)\s+)?(?=[<>]?\d)"
            # "lactate dehydrogenase (LDH) increase (19.7 μkat/L)" (CUPCase row 1521), "platelet
            # count continued to increase (155 × 10^9 cells/L" (CUPCase row 4873): the level the
            # change came to, in brackets after its noun; never a difference ("an increase of 20
            # U/L"), nor "a lactate increase to 9.5mmol/l" of an exercise test (CaseReportBench
            # item 64), a provoked level that must not be telephoned as a critical lactate
            r"|(?:(?:continued|began|started)\s+to\s+)?(?:increase|rise)\s*(?=\(\s*[<>]?\d)"
            r"|to\s+(?:drop|fall|rise|increase|decrease)\s+to\s+(?=[<>]?\d)",
            rest,
        )
        if moved:  # "came down to 5.9" is a value; "down 30 mg/dl" is a change
            pos += moved.end()
            continue
        # "blood sugar level, 2.8mmol/L" in a list of "name, value" items (J Med Case Rep,
        # CUPCase row 3052: "observations were as follows: Glasgow Coma Scale score, 15; blood
        # sugar level, 2.8mmol/L; blood pressure, 90/40mmHg"): the comma after a filler word
        # sets the value apart, as it does after the name itself ("serum glucose, 2.3mmol/L").
        # or the colon after the sentence's word for it: "level of serum sodium (Na) was
        # normal: 138 mEq/L (normal range 135-145 mEq/L)" (CaseReportBench item 76)
        filler = re.match(r"([A-Za-z]+)(?:,|\s*:)(?=\s*[<>]?\s*\d)", rest)
        if filler and (filler.group(1).lower() in FILLERS or filler.group(1).lower() == "normal"):
            pos += filler.end(1)
            continue
        # "a normal cholesterol level in the serum (162 mg/dL)" (CaseReportBench item 132): the
        # blood's specimen told after the name, the value in brackets next
        told_in = _IN_THE_BLOOD.match(rest)
        if told_in:
            pos += told_in.end()
            continue
        verdict = _VERDICT_BEFORE_BRACKET.match(rest)
        if (
            verdict
            and not ANALYTE_NAME.search(verdict.group())
            and _in_a_unit(verdict.group("unit"))
        ):
            pos += verdict.end()  # to the bracket, whose result is read next
            continue
        adverb = _ADVERB_BEFORE_VERB.match(rest)
        if adverb:
            pos += adverb.end()
            continue
        word = re.match(r"[^\s:=()\[\]]+", rest)
        if word and (word.group().lower() in FILLERS or unit_key(word.group()) in KNOWN_UNITS):
            if word.group().lower() not in FILLERS:
                unit = word.group()
            pos += word.end()
            continue
        words = _WORDS_TO_VALUE.match(rest)
        if words and not ANALYTE_NAME.search(words.group()):
            pos += words.end()  # "Mag normal at 2.2", "creatinine in the urine was 538"
            continue
        break
    return pos, unit


def _in_a_unit(written: str) -> bool:
    """Whether a token after a number is a lab unit ("mg/dL", "×", "µg/L/h"), not a word."""
    return written in ("×", "x", "X") or _looks_like_unit(written)


def qualitative_value(analyte: Analyte, word: str) -> LabValue:
    word = re.sub(r"\s+", "", word.lower())
    if word.endswith("+") and word[0].isdigit():
        score = float(word[0])
    elif word.startswith("+") and word[1:].isdigit():
        score = float(word[1:])
    elif word.startswith("+"):
        score = float(len(word))
    else:
        score = QUALITATIVE_SCORES.get(word, 0.0)
    return LabValue(
        analyte=analyte.name,
        value=score,
        unit=None,
        reference_low=None,
        reference_high=0.0,
        flag="high" if score > 0 else None,
    )


def _take_unit(analyte: Analyte, after: str) -> tuple[str | None, str]:
    """The unit written after the value, and the text with the unit blanked out."""
    stripped = after.lstrip()
    offset = len(after) - len(stripped)
    match = EXPONENT_UNIT.match(stripped)
    if match is None:
        # "total testosterone (T) 473 ng/ dL" (CaseReportBench item 96), "serum cortisol was
        # 5.6 μg/ dl at 60 min" (J Med Case Rep, CUPCase row 1497): a space after the slash
        spaced = re.match(r"[^\s()\[\]]+/\s[A-Za-z]{1,3}\b", stripped)
        if spaced and unit_key(re.sub(r"\s+", "", spaced.group())) in KNOWN_UNITS:
            match = spaced
        token = re.match(r"[^\s()\[\]]+", stripped)
        if match is None and token and _looks_like_unit(token.group().rstrip(",;:.")):
            match = token
    if match is None:  # the unit may come after the range: "9.8 (12.0-16.0) g/dL"
        own = {r.unit for r in analyte.ranges if r.unit}
        for token in re.finditer(r"[^\s()\[\]]+", after):
            if unit_key(token.group()) in own or EXPONENT_UNIT.fullmatch(token.group()):
                return token.group().rstrip(",;:."), blank(after, token.start(), token.end())
        return None, after
    # "13.4 seconds/1.1": the second number after a slash is another result, not the unit's.
    unit = re.sub(r"/\d[\d.]*$", "", re.sub(r"\s+", "", match.group().rstrip(",;:.")))
    if unit.startswith("%"):
        unit = "%"  # "93%ii." : a list label glued to the percent sign
    return unit, blank(after, offset + match.start(), offset + match.end())


def _looks_like_unit(token: str) -> bool:
    if not token:
        return False
    if unit_key(token) in KNOWN_UNITS or token.startswith("%"):
        return True
    return "/" in token and (token[0].isalpha() or token[0] in "µμ") and not FLAG.fullmatch(token)


# The end of a prose sentence after a result: a full stop (not a decimal point, not the
# "Ref." of a range's label) before a capital. A bound in the next sentence is another
# thing's: "His CRP rose rapidly to 7.4 mg/dl from 4.7, and ... His body temperature was
# constantly elevated over 37.0 °C" (Journal of Medical Case Reports, CUPCase row 2247).
_SENTENCE_END = re.compile(r"(?<![\d.])(?<!\b[Rr]ef)(?<!\bREF)(?<!\b[Nn]l)\.\s+(?=[A-Z])")


# A span of time after a value is no reference range: "The serum digoxin levels gradually
# decreased to 1.38 μg/L over 17 days" (a dev case report) has no lower limit of 17, and
# "for 3-5 days" no range 3 to 5. Seconds and minutes stay ranges ("PT 30 s (normal < 13
# s)", a bleeding time "(normal under 9 min)").
_TIME_SPAN = re.compile(r"\s*(?:days?|weeks?|wks?|months?|years?|yrs?|hours?|hrs?|h)\b", re.I)


# The unit printed right after a range: "his hourly urine output was only 10–30 mL" (a dev
# case report) is no range of the creatinine told before it in mg/dL.
_UNIT_AFTER_RANGE = re.compile(r"\s*(?P<unit>[^\s,;()\[\]]+)")
# A volume or a flow ("mL", "mL/h", "L/min", "cc"): no concentration's range is printed in it.
# A bare "L" is a table's flag letter ("Hemoglobin: 9.8 g/dL 12.0 - 16.0 L"), never a litre.
_VOLUME_OR_FLOW = re.compile(
    r"(?i)(?:[mµμ]l|l(?=/)|cc|lit(?:er|re)s?)(?:/(?:h|hrs?|hours?|min|day|d|kg(?:/h)?))?"
)


def _foreign_unit(analyte: Analyte, written: str) -> bool:
    """True when the unit printed after a range is one ``analyte`` is never measured in."""
    printed = written.rstrip(",;:.")
    key = unit_key(printed)
    if _VOLUME_OR_FLOW.fullmatch(printed) and dimension_of(key) is None:
        return key not in {r.unit for r in analyte.ranges}
    return _looks_like_unit(printed) and not unit_fits(analyte, printed)


def _take_range(
    after: str, value: float, analyte: Analyte
) -> tuple[float | None, float | None, bool, str]:
    """The reference range written after the value, in its own sentence: (low, high, strict,
    remaining text). A range printed with a unit ``analyte`` is never measured in is
    another thing's."""
    end = _SENTENCE_END.search(after)
    for match in RANGE.finditer(after, 0, end.start() if end else len(after)):
        if _TIME_SPAN.match(after, match.end()):
            continue
        unit_after = _UNIT_AFTER_RANGE.match(after, match.end())
        if unit_after and _foreign_unit(analyte, unit_after.group("unit")):
            continue
        rest = blank(after, match.start(), match.end())
        if match.group("lo") is not None:
            low, high = float(match.group("lo")), float(match.group("hi"))
            if low <= high and _near(value, high):
                return low, high, False, rest
            continue
        bound, op = float(match.group("bound")), match.group("op").lower()
        if not _near(value, bound):
            continue
        if op in LOWER_BOUNDS:
            return bound, None, op in STRICT_BOUNDS, rest
        return None, bound, op in STRICT_BOUNDS, rest
    return None, None, False, after


def _near(value: float, bound: float) -> bool:
    """A range a thousand times off the value belongs to something else on the line."""
    if bound <= 0 or value <= 0:
        return True
    return bound / 1000 <= value <= bound * 1000


# A flag word of prose that belongs to the next thing named, not to the result before it:
# "low bicarbonate at 13 mmol/L, and high anion gap at 24 mmol/L", "elevated total
# iron-binding capacity (TIBC) of 441 μg/dL, low Fe Sat of 2%", "FVIII:C of 2% in the
# presence of a high-titer FVIII inhibitor" (Journal of Medical Case Reports, CUPCase rows
# 886, 494, 887). The word is another clause's when a joining word comes before it, or
# when a word (not a unit) follows it, as an adjective its noun.
_CLAUSE_JOIN = re.compile(r"(?i)\b(?:and|but|while|whereas|with|in|as|of)\b")
_ADJECTIVE_OF = re.compile(r"[\s-]+(?P<word>[A-Za-z][^\s,;:()]*)")


# A lowercase flag word that ends the segment stands before the next test's name, its
# adjective: "TIBC of 441 μg/dL, low Fe Sat of 2%".
_BEFORE_NEXT_NAME = re.compile(r"(?<![A-Za-z])(?:high|low)\s*$")


def _prose_flag(near: str, after: str) -> str | None:
    """The flag word written after a result (``near``: its first words; ``after``: the rest
    of the segment up to the next test's name), when it is the result's own."""
    match = FLAG.search(near)
    if match is None:
        return None
    word = match.group()
    if len(word) > 2 and word.lower() in ("high", "low"):
        if _BEFORE_NEXT_NAME.search(after) and not near[match.end() :].strip():
            return None
        if _CLAUSE_JOIN.search(near[: match.start()]):
            return None
        follows = _ADJECTIVE_OF.match(near, match.end())
        if follows and not _looks_like_unit(follows.group("word")):
            return None
    return "high" if match.group("high") else "low"


def _written_flag(text: str) -> str | None:
    match = FLAG.search(text)
    if match is None:
        return None
    return "high" if match.group("high") else "low"


# How a report writes a bound, as the result shows it.
COMPARATORS = {"<": "<", ">": ">", "<=": "≤", ">=": "≥", "≤": "≤", "≥": "≥"}
_WORD_COMPARATORS = {
    "less": "<",
    "greater": ">",
    "more": ">",
    "over": ">",
    "above": ">",
    "below": "<",
    "under": "<",
}


def comparator_of(written: str | None) -> str:
    """The symbol of a bound as written: "<", ">", "≤", "≥" ("less than 0.5" is "<")."""
    if not written:
        return ""
    return _WORD_COMPARATORS.get(written.split()[0].lower(), written)


def computed_flag(
    value: float, low: float | None, high: float | None, strict: bool, comparator: str
) -> str | None:
    """ "high"/"low" against the range; a "<0.01" result is below 0.01, a ">60" one above 60.

    A value exactly at a limit written "<5" is outside it (the range is below 5); at a limit
    written "≤5" or "0-5" it is inside."""
    below, above = comparator[:1] in ("<", "≤"), comparator[:1] in (">", "≥")
    high_strict = above or (strict and not below)
    low_strict = below or (strict and not above)
    # "<400" says only that the result is under 400: above a limit of 150 it may be anywhere
    # (high or not), so a bound never proves a flag on its open side.
    if high is not None and not below and (value > high or (high_strict and value >= high)):
        return "high"
    if low is not None and not above and (value < low or (low_strict and value <= low)):
        return "low"
    return None


def blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]
