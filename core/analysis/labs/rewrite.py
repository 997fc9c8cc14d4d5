"""Prose shapes of lab results rewritten as "name value" pairs before a line is read.

Doctors write several results in one phrase: "BUN and creatinine were 109 and 6.9", "BUN/Cr
45/2.1", "H&H of 17.7 and 51.6", "potassium has gone up from 5.4 to 6.1", "ABG of 7.34, CO2
of 30, O2 of 108". Each shape is rewritten into one "name value" per result, so the line
reader sees the same text as in a table; the quoted source line stays as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from core.analysis.labs.bilirubin_fractions import name_bilirubin_fractions
from core.analysis.labs.catecholamines import name_catecholamine_levels
from core.analysis.labs.cell_adjectives import ADJECTIVE_SHARE, shares_named_by_adjective
from core.analysis.labs.drug_levels import name_unnamed_levels
from core.analysis.labs.fluid_counts import fluid_cell_counts
from core.analysis.labs.light_chains import free_light_chains_named
from core.analysis.labs.paired_values import pair_by_units
from core.analysis.labs.patterns import (
    ALIASES,
    ANALYTE_NAME,
    BOUND_WORD,
    MONOCLONAL_BEFORE,
    REFERENCE_TEXT,
    RESULT_THEN_BOUND,
    alias_key,
)
from core.analysis.labs.respectively import EARLIER as EARLIER
from core.analysis.labs.respectively import (
    distribute_respectively,
    names_then_values_respectively,
    pair_with_ranges,
    two_specimens_respectively,
)
from core.analysis.labs.specimens import VENOUS_SAMPLE
from core.analysis.labs.titres import titres_as_values
from core.analysis.labs.viral_units import hiv_viral_loads, viral_units

_NAME = ANALYTE_NAME.pattern
_NUM = r"\d+(?:\.\d+)?"
# Two names then two numbers: "BUN/Cr 45/2.1", "BUN and creatinine on admission were 109
# and 6.9", "AST and ALT were elevated as well at 412 and 180 respectively", "Aspartate
# aminotransferase (AST) and alanine aminotransferase (ALT) levels were raised (174 IU/L and
# 398 IU/L, respectively)" (an abbreviation in brackets after the first name).
_PAIR = re.compile(
    rf"(?P<a>{_NAME})(?:\s*\([A-Za-z]{{2,8}}\))?\s*(?:/|\band\b|&)\s*(?P<b>{_NAME})"
    rf"(?P<mid>[^\d/;.]{{0,60}}?)"
    rf"(?P<x>{_NUM})(?P<unit>\s*(?i:mg|g|mmol|umol|µmol|meq|iu|u)\s*/\s*(?i:dl|l))?"
    rf"\s*(?:/|\band\b|,)\s*(?P<y>{_NUM})(?![\d/])"
)
# Hemoglobin and hematocrit together ("H&H", "H/H"); the order is checked by magnitude.
_H_AND_H = re.compile(
    rf"\bH\s*(?:&|/|and)\s*H\b(?P<mid>[^\d;]{{0,30}}?)(?P<x>{_NUM})\s*(?:/|\band\b|,)\s*"
    rf"(?P<y>{_NUM})(?![\d/])",
    re.IGNORECASE,
)
# "went from 5.4 to 6.1": the first value is the earlier one. Its time may be told between
# the two: "His monoclonal IgG had dropped from 65 g/L before treatment to 11 g/L after
# transplantation" (J Med Case Rep, CUPCase row 5006), "Creatinine rose from 1.2 mg/dL on
# admission to 3.4 mg/dL"; and it may be named as the baseline: "his eosinophil count had
# increased from a baseline level of 2% to 10%" (CUPCase row 5391). A span of time may stand
# between the name and "from": "Her HbA1c levels were followed for 24 weeks and were reduced
# from 9.6% to 7.4%" (J Med Case Rep, CUPCase row 5083), "HbA1c decreased over 6 months from
# 9.1% to 6.8%"; its number is no result, and the words between are dropped with it.
_FROM_TO = re.compile(
    rf"(?P<name>{_NAME})(?P<mid>[^\d.;]{{0,40}}?(?:(?<![\d.,])\d{{1,3}}\s*(?:hours?|days?|weeks?|"
    r"months?|years?)\b[^\d.;]{0,30}?)?)\bfrom\s+"
    r"(?:(?:a|the|her|his|its)\s+)?(?:(?:background|baseline|previous|prior|initial)\s+"
    r"(?:(?:level|value|count)\s+)?(?:of\s+)?)?"
    rf"(?P<x>{_NUM})(?P<unit>\s*[a-zA-Z/%]*)?"
    r"(?:\s+(?:on|at|upon|before|after|during|prior\s+to)\s+[^\d.;,()]{1,30}?)?"
    rf"\s+(?:up\s+|down\s+)?to\s+(?P<tail>[^\d.;]{{0,50}}?)(?P<y>{_NUM})",
)
# The later value first, the earlier after "from": "his CRP rose rapidly to 7.4 mg/dl from
# 4.7" (Journal of Medical Case Reports, CUPCase row 2247), "Serum creatinine was raised to 630
# umol/L, from a background of 96 umol/L, checked 2 weeks ago" (CUPCase row 1562). The value
# after "from" is the same test's, earlier; the unit of the later one is its unit too.
_TO_FROM = re.compile(
    rf"(?P<name>{_NAME})(?P<mid>[^\d.;]{{0,40}}?\b(?:rose|fell|dropped|declined|climbed|increased"
    rf"|decreased|raised|elevated|jumped|improved)\s+(?:[a-z]+\s+)?to\s+)"
    rf"(?P<y>{_NUM})(?P<unit>\s*[a-zA-Zµμ%]+(?:/[a-zA-Z0-9]+)?)?\s*,?\s*from\s+"
    r"(?:(?:a|the|her|his|its)\s+)?(?:(?:background|baseline|previous|prior|initial)\s+"
    r"(?:(?:level|value)\s+)?(?:of\s+)?)?"
    rf"(?P<x>{_NUM})(?P<unit2>\s*[a-zA-Zµμ%]+(?:/[a-zA-Z0-9]+)?)?(?![\w/])"
)


def _to_from(match: re.Match[str]) -> str:
    name, unit = match.group("name"), match.group("unit") or ""
    unit2 = match.group("unit2") or unit
    later = f"{name}{match.group('mid')}{match.group('y')}{unit}"
    return f"{later}, {name} {match.group('x')}{unit2} {EARLIER}"


# Serial results: "CK was 261, then 315, and then 529": all but the last are earlier.
_SERIAL = re.compile(
    rf"(?P<name>{_NAME})(?P<mid>[^\d.;]{{0,30}}?)(?P<values>{_NUM}(?:\s*,?\s*(?:and\s+)?then\s+"
    rf"{_NUM})+)"
)
# A course written with arrows, the unit once after the last: "Increasing levels of CK
# 11,480→28,045 IU/L (normal range 54–269 IU/L) and myoglobin 1297.6→8987.9 µg/L" (MedRBench
# PMC11352915), "CRP 250 → 120 → 15 mg/L". The last is the current result, the others
# earlier, each in the unit written after the last.
_ARROW_SERIAL = re.compile(
    rf"(?P<name>{_NAME})(?P<mid>[^\d.;→]{{0,30}}?)"
    rf"(?P<values>{_NUM}(?:\s*(?:→|->|⟶|➔|⇒)\s*{_NUM})+)(?![\d.])"
    r"(?P<unit>\s*[A-Za-zµμ%×][^\s,;()]*)?"
)
_BLOOD_GAS = re.compile(
    r"(?i)\b(?:abgs?|vbgs?|(?:arterial\s+|venous\s+)?blood\s+gas(?:es)?|i-?stat)\b"
)


# "Chem 7: 135/4.2/101/24/18/1.1/110": the basic metabolic panel in its usual order.
_CHEM_7 = re.compile(
    rf"(?i)\b(?:chem[-\s]?7|bmp|basic\s+metabolic\s+panel)\b[\s:=-]*"
    rf"(?P<values>{_NUM}(?:\s*/\s*{_NUM}){{6}})(?![\d/])"
)
_CHEM_7_ORDER = ("Sodium", "Potassium", "Chloride", "Bicarbonate", "BUN", "Creatinine", "Glucose")


def _chem_7(match: re.Match[str]) -> str:
    numbers = re.findall(_NUM, match.group("values"))
    return ", ".join(f"{name} {n}" for name, n in zip(_CHEM_7_ORDER, numbers, strict=True))


# "base deficit of 26" is a base excess of -26 (the same quantity, sign turned).
_BASE_DEFICIT = re.compile(
    rf"(?i)\bbase\s+deficit\b(?P<mid>[^\d;.-]{{0,30}}?)(?<![-\d])(?P<x>{_NUM})(?![\d/])"
)
# "CO2" or "carbon dioxide" with a pressure unit is the gas's partial pressure, wherever it
# stands: a total CO2 (the chemistry's bicarbonate) is in mmol/L, never in mmHg or kPa. "The
# arterial cord pH was 7.01 with CO2 of 71 mmHg and lactate of 9.5 mmol/L" (J Med Case Rep,
# CUPCase row 1387) holds a pCO2 of 71, above the critical 67 mmHg. An end-tidal or
# transcutaneous CO2 is no blood result and keeps its name.
_CO2_PRESSURE = re.compile(
    r"(?<![\w-])(?:CO2|CO₂|(?i:carbon\s+dioxide))"
    r"(?=[^\d;.()]{0,15}?\d+(?:\.\d+)?\s*(?i:mm\s*hg|kpa|torr)\b)"
)
_NOT_THE_BLOODS_CO2 = re.compile(
    r"(?i)(?:end[-\s]?tidal|exhaled|expired|transcutaneous|partial\s+pressure\s+of|"
    r"pressure\s+of)\s*(?:\(\w+\)\s*)?$"
)


# The CO2 a laparoscopy blows into the abdomen is held at a pressure the operative note
# gives: "Pneumoperitoneum was initiated with CO2 up to 12 mmHg, and a 12 mm trocar was
# placed" (PMC11385026) is the insufflation's pressure, not a pCO2 of 12 (critical below
# 19). A sentence naming the insufflation and no blood ("the arterial CO2 rose to 80 mmHg
# during laparoscopy" is the patient's) keeps the gas its own name.
_GAS_BLOWN_IN = re.compile(
    r"(?i)\b(?:pneumo-?peritoneum|capnoperitoneum|insufflat\w*|laparoscop\w*|"
    r"thoracoscop\w*|retroperitoneoscop\w*|trocars?)\b"
)
_BLOOD_GAS_WORDS = re.compile(r"(?i)\b(?:arterial|venous|capillary|blood|gas(?:es)?|[AV]BGs?)\b")
_SENTENCE_END = re.compile(r"[.;](?=\s|$)")


def _co2_pressure(match: re.Match[str]) -> str:
    before = match.string[: match.start()]
    if _NOT_THE_BLOODS_CO2.search(before):
        return match.group()
    starts = [end.end() for end in _SENTENCE_END.finditer(before)]
    after = _SENTENCE_END.search(match.string, match.end())
    sentence = match.string[starts[-1] if starts else 0 : after.start() if after else None]
    if _GAS_BLOWN_IN.search(sentence) and not _BLOOD_GAS_WORDS.search(sentence):
        return "insufflated gas"
    return "pCO2"


# A pH with a partial pressure or a bicarbonate in its sentence is a blood gas's pH, whatever
# words open the sentence ("pH 6.92, PaCO2 25 mmHg, HCO3 5 mmol/L").
_GAS_PARTNER = re.compile(
    r"(?i)\bp[av]?c?o2\b|\bhco3|\bbase\s+(?:excess|deficit)\b|blood\s+gas|\b[av]bgs?\b"
    r"|partial\s+pressure"
)
# In one sentence, a pH also belongs to the blood beside a serum bicarbonate, a lactate or an
# anion gap, or where the sentence names the acid-base disorder ("The pH was 6.9 with a
# bicarbonate of 4 mEq/L", "severe acidaemia (pH 7.08)"); a document as a whole is a gas
# report only by the gas's own results (_GAS_PARTNER), never by these.
_PH_PARTNER = re.compile(
    # (never "lactate dehydrogenase": "Pleural fluid analytes were lactate dehydrogenase 591
    # U/L, amylase 115 U/L, glucose 161 mg/dL, pH 7.58" is the fluid's pH; Journal of Medical
    # Case Reports, CUPCase row 487)
    r"(?i)\bbicarb(?:onate)?\b|\blact(?:ate|ic\s+acid)\b(?!\s+dehydrogenase)|\banion\s+gap\b|"
    r"acid(?:osis|a?emia)\b|alkal(?:osis|a?emia)\b|"
    # the acidosis by its abbreviation: "new-onset DKA with pH of 6.66" (diabetic, alcoholic
    # or starvation ketoacidosis; hyperchloraemic or renal tubular acidosis)
    r"\b(?:[DAS]KA|HCMA|RTA)\b"
    # the blood's own reference range printed in the sentence: "pH 6.86 (reference range: pH
    # 7.37 to 7.45)" (Groth et al., J Med Case Rep 2012;6:80, CC BY); no urine or other
    # fluid has a range of 7.3x to 7.4x
    r"|\b7\.3\d?\s*(?:-|–|—|to)\s*(?:pH\s*)?7\.4\d?\b"
)
# A bound below the meter's range too: "severe acidemia (pH <6.75, undetectable bicarbonate)"
# (Case Rep Nephrol 2018:4696182).
# A pH told as a "level" or "value" too: "a pH level of 7.1, partial pressure of carbon dioxide
# of 67, bicarbonate (HCo3) level of 13.7" (J Med Case Rep, CUPCase row 942); and "at": "a
# profound metabolic acidosis with a pH at 6.92, PaCO2 42 mmHg" (PMC-Patients note, MedCalc-Bench).
_BARE_PH = re.compile(
    r"(?<![-\w])(?:pH|PH)\b(?=(?:\s+(?:levels?|values?))?[\s:=,]*(?:of|was|is|at)?\s*"
    r"(?:[<>≤≥]\s*)?[67]\.\d)"
)
# The word before a pH that makes it another fluid's ("urine pH 6.5", "pleural fluid pH 7.3");
# any other word leaves it the blood's ("Her pH is 7.14" beside a PaCO2).
_NOT_BLOOD_BEFORE = re.compile(
    r"(?i)(?:urine|urinary|fluid|pleural|ascitic|peritoneal|synovial|csf|stool|gastric|"
    r"vaginal|joint|effusion|semen|seminal|saliva)\s*$"
)
_URINE_WORDS = re.compile(r"(?i)\burin(?:e|ary|alysis)\b|\bUA\b|dipstick")


# A gas analyser's calcium is the ionised one: in a blood-gas sentence, a calcium under
# 1.6 mmol/L is no total calcium (whose range is 2.15-2.55 mmol/L).
_GAS_CALCIUM = re.compile(
    r"(?i)\b(?:serum\s+|blood\s+)?(?:calcium|ca\+*)(?=[^\d;.]{0,20}?\b[01]\.\d+\s*mmol)"
)


def _gas_ph(sentence: str) -> str:
    partner = _GAS_PARTNER.search(sentence) or _PH_PARTNER.search(sentence)
    if not partner or _URINE_WORDS.search(sentence):
        return sentence
    return _GAS_CALCIUM.sub("ionised calcium", _BARE_PH.sub(_blood_ph, sentence))


def gas_table_ph(line: str) -> str:
    """A bare pH on a line of a blood-gas report (the caller knows the document is one and
    the line is not a urine result) as the blood pH."""
    return line if _URINE_WORDS.search(line) else _BARE_PH.sub(_blood_ph, line)


def _blood_ph(match: re.Match[str]) -> str:
    before = match.string[: match.start()]
    return match.group() if _NOT_BLOOD_BEFORE.search(before) else "blood pH"


# A body fluid's analysis names the fluid, then its pH among the fluid's other results:
# "Cerebrospinal fluid (CSF) analysis showed a pH of 7.0, white blood cell count of 5
# cells/μL" (MedRBench PMC11621671), "Pleural fluid analytes were lactate dehydrogenase 591
# U/L, amylase 115 U/L, glucose 161 mg/dL, pH 7.58" (Journal of Medical Case Reports, CUPCase
# row 487), "The aspiration of the pleural effusion revealed exudate (cell number 4 10^9/L,
# ...; pH 7.57, glucose 7.5 mmol/L" (row 1769). Without a blood gas's partner in the sentence
# (those make it the blood's pH first), a bare pH after the fluid's name is the fluid's: it is
# written "fluid pH" (the catalogue's name for it, the specimen told by the sentence). Not
# urine, stool or gastric juice, each with a pH of its own.
_BODY_FLUID = re.compile(
    r"(?i)\b(?:pleural|peritoneal|ascitic|synovial|cerebrospinal|spinal|joint|pericardial)\s+"
    r"(?:fluid|effusion)s?\b|\bCSF\b|\bascites\b|thoracentesis|paracentesis|arthrocentesis"
)
# A pH the blood's own word names stays the blood's: "CSF pH 7.1; serum pH 7.4" (a table's
# specimen columns side by side, table_columns.py).
_FLUID_PH = re.compile(
    r"(?<![-\w])(?<![Ss]erum )(?<![Pp]lasma )(?<![Bb]lood )(?<![Aa]rterial )(?<![Vv]enous )"
    r"(?:pH|PH)\b(?=[\s:=,]*(?:of|was|is|at)?\s*[67]\.\d)"
)


def _fluid_ph(sentence: str) -> str:
    fluid = _BODY_FLUID.search(sentence)
    if fluid is None or _GAS_PARTNER.search(sentence) or _URINE_WORDS.search(sentence):
        return sentence
    head, tail = sentence[: fluid.end()], sentence[fluid.end() :]
    return head + _FLUID_PH.sub("fluid pH", tail)


def has_gas_partner(text: str) -> bool:
    """True when ``text`` reports a blood gas's own results (pCO2, pO2, HCO3, base excess)."""
    return bool(_GAS_PARTNER.search(text))


# "PT/INR 13.4 seconds/1.1", "PT/INR of 83.3/6.52": a time in seconds, then a ratio.
_PT_INR = re.compile(
    rf"\bPT\s*/\s*INR\b(?P<mid>[^\d;.]{{0,30}}?)(?P<x>{_NUM})\s*(?P<unit>(?i:sec(?:onds?|s)?|s))?"
    rf"\s*/\s*(?P<y>{_NUM})(?![\d/])"
)


def _pt_inr(match: re.Match[str]) -> str:
    unit = f" {match.group('unit')}" if match.group("unit") else ""
    return f"PT{match.group('mid')} {match.group('x')}{unit}, INR {match.group('y')}"


# A blood gas in its usual shorthand, pH/pCO2/pO2[/HCO3]: "ABG 7.41/30/370", "VBG:
# 7.21/58/40/22". The gas's name must come first, and the pH must look like one.
_GAS_SLASH = re.compile(
    r"(?i)\b(?P<gas>abgs?|vbgs?|(?:arterial\s+|venous\s+)?blood\s+gas(?:es)?)(?P<mid>[^\d;.]{0,20}?)"
    rf"(?P<ph>[67]\.\d{{1,3}})\s*/\s*(?P<co2>{_NUM})\s*/\s*(?P<o2>{_NUM})"
    rf"(?:\s*/\s*(?P<hco3>{_NUM}))?(?![\d/])"
)


def _gas_slash(match: re.Match[str]) -> str:
    parts = [f"blood pH {match.group('ph')}", f"pCO2 {match.group('co2')}"]
    parts.append(f"pO2 {match.group('o2')}")
    if match.group("hco3"):
        parts.append(f"HCO3 {match.group('hco3')}")
    return f"{match.group('gas')}{match.group('mid')}" + ", ".join(parts)


# A urine electrolyte by its laboratory abbreviation: "U Na 31", "U K • 14,9", "U-Osm 885".
# "UK" closing a bracket or a sentence is the country of a maker ("(Ultiva, GlaxoSmithKline,
# UK) at target concentrations of 4 µg/ml"), not a urine potassium, which has a value.
_URINE_PREFIX = re.compile(
    r"(?<![\w/])U\s*[-.]?\s*(?=(?:Na|K(?!\s*[)\].;])|Cl|Cr|Creat|Osm|Prot|Ca|Mg|PO4|Urea)\b)"
)


# One bound for two tests: "both aspartate aminotransferase and alanine aminotransferase were
# less than 50 IU/l" is a bound on each.
_BOTH = re.compile(
    rf"(?i:\bboth\s+)(?P<a>{_NAME})\s+and\s+(?P<b>{_NAME})(?P<mid>[^\d;.]{{0,30}}?)"
    rf"(?P<value>(?i:(?:less|lower|more|greater|higher)\s+than\s+|below\s+|under\s+|<\s*)?"
    rf"{_NUM}(?:\s*[a-zA-Zµμ%]+(?:\s*/\s*[a-zA-Z]+)?)?)"
)


def _both(match: re.Match[str]) -> str:
    value = match.group("value")
    return f"{match.group('a')}{match.group('mid')} {value}, {match.group('b')} {value}"


# A test's value, then a later one in the same unit: "ESR was 3mm/h 15 days prior to
# admission and 14mm/h at the hospital". The first is the earlier value; the unit written
# again after "and" says the number is the same test's, not a time or a count.
_AGAIN_IN_UNIT = re.compile(
    rf"(?P<name>{_NAME})(?P<mid>[^\d;.]{{0,30}}?)(?<![\d.])(?P<x>{_NUM})\s*"
    r"(?P<unit>(?:[a-zA-Zµμ]+/[a-zA-Z0-9]+|mmHg|mm\s+Hg|%))"
    r"(?P<gap>[^;.]{0,60}?)\band\s+(?:to\s+|then\s+)?"
    rf"(?P<y>{_NUM})\s*(?P=unit)(?![\w/])"
)


_RANGE_OPENED = re.compile(r"(?i)\b(?:between|from)\s+[<>]?\s*[\d.,]+\s*$")


# A later result told by a verb of change without the test's name: "Her white count on
# presentation was significantly elevated at 20,800, subsequently increased to 24.7 and then
# decreased to 16.6", "potassium was 7.1 mmol/L, which fell to 5.0 mmol/L": the first result
# is the earlier one, the one it changed to is current (issue #29: a critical result that a
# later one replaced is no alarm).
_UNIT = r"(?:\s*(?:[a-zA-Zµμ]+/[a-zA-Z0-9]+|mmHg|mm\s+Hg|%))"
_CHANGED_TO = re.compile(
    rf"(?P<name>{_NAME})(?P<mid>[^\d;.]{{0,50}}?)(?<![\d.])(?P<x>{_NUM})(?P<unit>{_UNIT})?"
    r"(?P<gap>[^;.\d]{0,50}?)\b(?:rose|fell|dropped|increased|decreased|declined|improved|"
    r"normali[sz]ed|corrected|returned|climbed)\s+(?:back\s+)?to\s+"
    rf"(?P<y>{_NUM})(?P<unit2>{_UNIT})?(?![\w/])"
)


# The span of time a change took, between its verb and "to": "His creatine kinase (CK)
# gradually dropped over the next 10 days to <5000 U/L" (Journal of Medical Case Reports,
# CUPCase row 2212). Its days are no value; the change reads as "dropped to <5000 U/L".
_CHANGE_OVER = re.compile(
    r"(?i)\b(?P<verb>rose|fell|dropped|increased|decreased|declined|improved)\s+over\s+"
    r"(?:the\s+)?(?:next|following|subsequent)\s+\d{1,3}\s+(?:days?|weeks?|hours?|months?)"
    r"\s+to\s+(?=[<>]?\s*\d)"
)
_CHANGE_JOINS = re.compile(r"(?i)\b(?:which|that|and|then|subsequently|later|but|it)\b")
# Another subject between the value and the verb of change: "normal inflammatory markers (CRP
# <4), and his HBI had improved to 3" (Journal of Medical Case Reports, CUPCase row 5307: the
# Harvey-Bradshaw index, a score the catalogue does not name). The change is that subject's.
_OTHER_SUBJECT = re.compile(
    r"(?i)\b(?:his|her|their)\s+(?!(?:levels?|values?|counts?|concentrations?|results?|serum"
    r"|plasma|blood|repeat|subsequent|follow-up)\b)[a-z]"
)


def _changed_to(match: re.Match[str]) -> str:
    gap = match.group("gap")
    if ANALYTE_NAME.search(gap) or re.search(r"(?i)respectively", match.string[match.end() :][:20]):
        return match.group()  # another test's value, or a pair written in order
    if not _CHANGE_JOINS.search(gap) or _OTHER_SUBJECT.search(gap):
        return match.group()  # ", improved to 7.2" after a gas's results: whose is unsaid
    name, unit = match.group("name"), match.group("unit") or ""
    later = f"{name} {match.group('y')}{match.group('unit2') or unit}"
    # The later result after a semicolon: the time words of the first ("on arrival") are its.
    return f"{name}{match.group('mid')}{match.group('x')}{unit} {EARLIER}{gap}; {later}"


def _again_in_unit(match: re.Match[str]) -> str:
    gap = match.group("gap")
    if ANALYTE_NAME.search(gap) or re.search(r"(?i)respectively", match.string[match.end() :][:20]):
        return match.group()  # another test's value, or a pair written in order
    if REFERENCE_TEXT.search(gap) or _RANGE_OPENED.search(gap):
        # "the creatinine level was 9.6 mg/l (for a normal range between 6 and 12.5 mg/l)"
        # (J Med Case Rep, CUPCase row 3595): the range's two bounds, not a later result;
        # read as one, the range's top became the current value and the result an earlier
        # one (a potassium of 6.8 "between 3 and 5.0 mmol/l" lost its alarm)
        return match.group()
    name, unit = match.group("name"), match.group("unit")
    earlier = f"{name}{match.group('mid')}{match.group('x')} {unit} {EARLIER}"
    return f"{earlier}{gap}, {name} {match.group('y')} {unit}"


# Subscripts set apart in text taken from a typeset page: "PaO  2 : 58 mm Hg", "SpO 2",
# "PaCO 2", "HCO 3", "vitamin B 12".
# A gas's subscript must be followed by its value ("PO 2 tablets" is a route and a dose).
_SUBSCRIPT = re.compile(
    r"\b(?P<name>[Pp][AaVv]?C?O|S[AaPp]O|HCO)\s+(?P<n>[23])\b(?![.,]\d)"
    r"(?=\s*[−-]?\s*(?:[:=,(]|of\b|was\b|is\b|were\b|at\b|levels?\b|\d))"
    r"|\b(?P<vitamin>[Vv]itamin\s+B)\s+12\b"
)


def _subscript(match: re.Match[str]) -> str:
    if match.group("vitamin"):
        return f"{match.group('vitamin')}12"
    name, n = match.group("name"), match.group("n")
    return f"{name}{n}" if (n == "3") == (name.upper() == "HCO") else match.group()


# An ion's charge set apart from its symbol, as text taken from a typeset page prints a
# superscript: "Na + 125 mEq/L, K + 3.8 mEq/L, Cl - 88 mEq/L" (the "-" is no minus sign).
_LOWER_K_ION = re.compile(r"(?P<before>\b(?:serum|plasma|urine|urinary)\s+)k\s?\+\s*")
_SET_APART_CHARGE = re.compile(r"\b(?P<ion>Na|K|Cl|Ca|Mg|HCO3|H)\s+[+\-−]\s+(?=\d)")

# A disorder named by its test, then the test's value: "hyponatremia of 104 mmol/L",
# "hyperglycemia (257 mg/dl)", "hyperammonemia (143.8 mM)", "mild hypernatremia (149 mEq
# sodium/L)". The value is that test's (issue #29: case reports name the disorder first).
_DISORDER_TESTS: tuple[tuple[str, str], ...] = (
    (r"natr", "sodium"),
    (r"kal", "potassium"),
    (r"glyc", "glucose"),
    (r"calc", "calcium"),
    (r"magnes", "magnesium"),
    (r"phosphat", "phosphate"),
    (r"ammon", "ammonia"),
    (r"lactat", "lactate"),
    (r"albumin", "albumin"),
    (r"chlor", "chloride"),
    (r"uric", "uric acid"),
    # "hyperprolactinemia 25,270.0 ng/ml (3.6–12.8 ng/ml)" (Journal of Medical Case Reports,
    # CUPCase row 1412); "hyperbilirubinemia", "hypertriglyceridemia" likewise
    (r"prolactin", "prolactin"),
    (r"bilirubin", "bilirubin"),
    (r"triglycerid", "triglycerides"),
    # "An immunologic evaluation showed hypogammaglobulinemia (4.4 g/l), with reduced total
    # immunoglobulin G (IgG) (4.2 g/l)" (Journal of Medical Case Reports, CUPCase row 2115):
    # the gamma fraction, not the IgG told after it
    (r"gammaglobulin", "gamma globulin"),
)
# A disorder that changed to its next value names the test of that value: "her hemoglobin had
# dropped to 6.5 g/dl, her hematocrit level was 16.0%, leukocytosis had progressed to 172 x10
# 9 /l" (J Med Case Rep, CUPCase row 631); "hyponatraemia worsened to 109 mmol/L" likewise.
_CHANGED_TO_VALUE = (
    r"\s+(?:had\s+|has\s+)?(?:progressed|worsened|deteriorated|risen|rose|increased|fallen|"
    r"fell|dropped|decreased|improved|peaked)\s+(?:to|at)\s+"
)
# Which of the disorder's values the bracket gives, before the number: "It featured anemia
# (worse value 6.8 g/dL) without evidence of a hemorrhagic source" (PMC-Patients note, MedCalc-
# Bench): the worst haemoglobin of the stay, no other test.
_WHICH_VALUE = (
    r"(?:(?:worse|worst|lowest|highest|nadir|peak|maximum|minimum|max|min)"
    r"(?:\s+values?|\s+levels?)?\s*(?:of\s+|at\s+|[:=]\s*)?)?"
)
_DISORDER_VALUE = re.compile(
    r"(?i)\b(?P<disorder>hyp(?:o|er)(?P<root>"
    + "|".join(root for root, _ in _DISORDER_TESTS)
    # "hypoglycemic (48 mg/dL)": the adjective too; '("undetectable," <1.0 mg/dL)': a bound
    # after the word the report prints for a result under its limit (quotes are cleaned off
    # before, so the word may stand alone)
    + r")[a-z]*?(?:a)?emi(?:a|c))(?P<gap>\s+(?:of|at)\s+|"
    + _CHANGED_TO_VALUE
    # "worsening hyponatremia (at 124 mEq/L)" (MedRBench PMC11550105): the level it stood at
    + r"|\s*\(\s*(?:at\s+)?"
    # the test's symbol in any case first: "new hyperkalemia (k 6.1 mmol/L, reference:
    # 3.5-5.0 mmol/L)" (MedRBench PMC11535886: a lower-case "k" is no name of potassium
    # elsewhere); only the disorder's own test's (_disorder_value)
    + r"(?:(?P<symbol>(?i:k|na|ca|mg|cl|p|po4|glu)\+?)\s*[:=,]?\s*(?=[<>]?\d))?"
    + _WHICH_VALUE
    + r"(?:[\"']?(?:undetectable|undetected|unmeasurable)[,\"'\s]*)?"
    # the value right after the word, when a concentration's unit follows it
    r"|\s+(?=[<>]?\s*\d[\d.,]*\s*(?:mg|g|mmol|[µμu]mol|nmol|pmol|meq|ng|pg|[µμu]g|m?iu|[µμu]iu|u)"
    r"\s*/\s*(?:d?l|ml)\b))"
    # the value, its bound's sign or word first: "persistent hypoglycemia (less than 40mg/dL)"
    # (J Med Case Rep, CUPCase row 4319)
    rf"(?=(?:[<>]|{BOUND_WORD}\s)?\s*\d)"
)


# A test named as its level in the blood, the French way, with no hypo- or hyper-:
# "creatininemia was 105 µmol/l" (Journal of Medical Case Reports, CUPCase row 728),
# "glycemia", "kalemia", "natremia", "calcemia". ("hypoglycemia" is the disorder: a word start.)
# "bilirubinemia" likewise, alone or with its fraction before it: "haptoglobin less than 1
# mg/L, and normal bilirubinemia (17.1 μmol/L)" (CUPCase row 1521), "unconjugated
# bilirubinemia: 2.1mg/dL" (row 2672; the fraction's word decides which bilirubin).
_LEVEL_IN_BLOOD = re.compile(
    r"(?i)\b(?P<root>creatinin|glyc|kal|natr|calc|bilirubin)(?:a)?emia\b"
    r"(?=\s+(?:was|of|at|is)\s+\d|\s*[:=(]\s*\d)"
)
_LEVEL_TEST = {
    "creatinin": "creatinine",
    "glyc": "glucose",
    "kal": "potassium",
    "natr": "sodium",
    "calc": "calcium",
    "bilirubin": "bilirubin",
}


def _level_in_blood(match: re.Match[str]) -> str:
    test = _LEVEL_TEST[match.group("root").lower()]
    kind = _BILIRUBIN_KIND_BEFORE.search(match.string[: match.start()])
    if test == "bilirubin" and kind:
        return f"{kind.group('kind')} bilirubin"
    return test


# A test named as its level in the cerebrospinal fluid, the French way: "a lumbar puncture was
# conducted, which revealed clear CSF rich in leukocytes with a predominance of lymphocytes,
# hyperproteinorachia of 800 mg/dL, and a glucose level below 40 mg/dL" (Int J Surg Case Rep,
# MedRBench PMC11570475); "hypoglycorrhachia (1.2 mmol/L)" likewise. The value is the CSF's.
_LEVEL_IN_CSF = re.compile(
    r"(?i)\b(?P<disorder>(?:hyper|hypo)?(?P<root>protein|glyc)or{1,2}h?achi(?:a|e))"
    r"(?P<gap>\s+(?:of|at|was|is)\s+|\s*[:=(]\s*)(?=[<>]?\s*\d)"
)
_CSF_TEST = {"protein": "CSF protein", "glyc": "CSF glucose"}

# "Sugar" alone, with a glucose's unit after it, is the glucose of the specimen the sentence
# names: "Lumbar puncture with routine cerebrospinal fluid (CSF) analysis showed protein -1062
# mg/dl (normal range: 15–60 mg/dl), sugar 42 mg/dl (normal range: 50–80 mg/dl)" (MedRBench
# PMC11543143), "protein 380 mg/dl, and sugar 5.3 mmol/l" (a CSF, Journal of Medical Case
# Reports, CUPCase row 2057); also in the whole article of PMC11422092 ("cerebrospinal fluid
# biochemistry shows: protein 1.91 g/L, chloride 113.0 mmol/L, sugar 0.7 mmol/L"). The catalogue
# names only its compounds ("blood sugar", "urine sugar", "fasting blood sugar"), which keep
# their names.
_BARE_SUGAR = re.compile(
    r"(?i)(?<![\w-])(?<!blood )(?<!urine )(?<!urinary )(?<!fasting )(?<!random )(?<!capillary )"
    r"(?<!fingerstick )(?<!postprandial )(?<!pp )(?<!plasma )(?<!serum )sugar"
    r"(?=\s*(?:levels?\s+)?(?:of\s+|was\s+|is\s+|at\s+|[:=-]\s*)?\d[\d.,]*\s*"
    r"(?:mg\s*/\s*dl|mmol\s*/\s*l|g\s*/\s*l)\b)"
)

# The ion named inside its unit: "149 mEq sodium/L" is 149 mEq/L of sodium.
_ION_IN_UNIT = re.compile(r"(?i)(?<=\d)\s*(?P<unit>meq|mmol)\s+(?:sodium|potassium|chloride)/l\b")


# A number glued to an abbreviation that names no test is the abbreviation's own
# ("17OHD": 17-hydroxylase deficiency), never a value of the test before it; a value glued
# before a test's name ("11.0AST (SGOT)") stays for the table reader, and so does a test's
# name that opens with its number ("Serum 25OHD and iPTH were 116 nmol/l", MedRBench
# PMC11549668: 25-hydroxyvitamin D).
_GLUED_ABBREVIATION = re.compile(r"(?<![\d.])\b\d{1,3}(?P<abbr>[A-Z]{3,})\b(?!\s*/)")


# A pH glued to its value: "respiratory alkalosis (pH7.55; partial pressure of oxygen in arterial
# blood ...)" (J Med Case Rep, CUPCase row 3112). Only a number a pH can be (6.x to 8.x with
# its decimals), so that a marker's or a clone's digits are never split off a name.
_GLUED_PH = re.compile(r"(?<![A-Za-z0-9])pH(?=[678]\.\d{1,3}(?![\d.]))")


def _glued_abbreviation(match: re.Match[str]) -> str:
    if ANALYTE_NAME.match(match.string[match.start("abbr") :]):
        return match.group()
    whole = ANALYTE_NAME.match(match.string, match.start())
    if whole is not None and whole.end() == match.end():
        return match.group()
    return match.group("abbr")


# The symbols each disorder's test is printed with inside the disorder's bracket.
_SYMBOLS_OF = {
    "natr": ("na",),
    "kal": ("k",),
    "calc": ("ca",),
    "magnes": ("mg",),
    "chlor": ("cl",),
    "glyc": ("glu",),
    "phosphat": ("p", "po4"),
}
_TEST_OF_STEM = dict(_DISORDER_TESTS)


def _disorder_value(match: re.Match[str]) -> str:
    root = match.group("root").lower()
    test = _TEST_OF_STEM[root]
    kind = _BILIRUBIN_KIND_BEFORE.search(match.string[: match.start()])
    if test == "bilirubin" and kind:
        test = f"{kind.group('kind')} bilirubin"
    gap = match.group("gap")
    symbol = match.group("symbol")
    if symbol:
        if symbol.lower().rstrip("+") not in _SYMBOLS_OF.get(root, ()):
            # "hypokalemia (Na+ 127 mmol/L)" (CUPCase row 1109): another test's symbol, as
            # printed; read by its name
            return match.group()
        start, end = match.start("symbol") - match.start("gap"), match.end() - match.start("gap")
        gap = gap[:start] + gap[match.end("symbol") - match.start("gap") : end]
    return f"{match.group('disorder')}{gap}{test} "


# A disorder of a urine test named before its value: "elevated chitotriosidase (480 nmol/h
# ml), and hypercalciuria (4.7 mmol/L) with a urine calcium/creatinine ratio of 0.96"
# (Journal of Medical Case Reports, CUPCase row 3768): the urine's calcium, as "-emia" names
# the blood's.
_URINE_DISORDER_VALUE = re.compile(
    r"(?i)\b(?P<disorder>hyp(?:o|er)(?P<root>calc|phosphat|natr|kal|magnes|uric(?:os)?)i?uria)"
    r"(?P<gap>\s+(?:of|at)\s+|\s*\(\s*)(?=[<>]?\s*\d)"
)
# The blood's stems name the same tests in urine ("hypercalciuria": calcium); "uricosuria"
# is the one stem of its own.
_URINE_TEST = {**_TEST_OF_STEM, "uricos": "uric acid"}


# Other disorders named before their count: "mild leukocytosis (10.41 × 10 3 leukocytes/µL)".
# "with neutropenia (0.59 × 10^9/L)" (Journal of Medical Case Reports, CUPCase row 1521): the
# white cell a disorder names has its own count.
_COUNT_DISORDERS = (
    # "hyperleukocytosis (18,350 element/mcL)" (MedRBench PMC11378097)
    r"(?:hyper)?leu[ck]ocytosis|leu[ck]openia|thrombocytopenia|thrombocytosis"
    r"|thrombopenia|neutropenia|neutrophilia|lymphopenia|lymphocytopenia|lymphocytosis"
    # "The blood work results showed hypereosinophilia (10%)" (Int J Surg Case Rep,
    # MedRBench PMC11488398); "eosinopenia (42/μL, ref: 0-490/μL)" (PMC11487292)
    r"|(?:hyper)?eosinophilia|eosinopenia"
    r"|monocytosis"
)
_COUNT_DISORDER = re.compile(
    rf"(?i)\b(?P<disorder>{_COUNT_DISORDERS})(?P<gap>\s+(?:of|at)\s+|"
    + _CHANGED_TO_VALUE
    # the count in round or square brackets: "neutrophilic leukocytosis [11.61 × 103/μL,
    # normal values (n.v.) 4.00–10.00 × 103/μL]" (MedRBench PMC11496249)
    + r"|\s*[(\[]\s*"
    + _WHICH_VALUE
    # a comma before a count in its own unit: "elevated blood parameters (including
    # eosinophilia, 1.15 K/μL)" (MedRBench PMC11596152); never a comma before a list's next
    # number
    # a space before it, its count's unit after it: "and leukocytosis 14.28 × 109/L"
    # (PMC11503360), "mildly elevated leukocytosis 10,930/mm3" (PMC11596470), "lymphopenia
    # 1360/mm3" (PMC11618025)
    + r"|(?:\s*,\s*|\s+)(?=[\d.,]+\s*(?:[×x]\s*10|10\s*\^|[kK]\s*/\s*[µμu]l\b"
    r"|/\s*(?:[µμu]l|mm3|mm³)|cells\b)))(?=\d)"
)
_COUNT_OF = {
    "leu": "white blood cell count",
    "thr": "platelet count",
    "neu": "neutrophil count",
    "lym": "lymphocyte count",
    "eos": "eosinophil count",
    "mon": "monocyte count",
}

# The disorder's count told after "with" and a count that names no cell: "He showed
# lymphocytopenia with a cell count of 470/µl (2.3%)" (Journal of Medical Case Reports, CUPCase
# row 448). The count is the disorder's cells' (and the share after it theirs): it is named so
# before the count's share is read (_COUNT_THEN_SHARE).
_COUNT_DISORDER_WITH = re.compile(
    rf"(?i)\b(?P<disorder>{_COUNT_DISORDERS})\s+with\s+(?:an?\s+)?(?:(?:total|absolute|cell)\s+)?"
    r"count\s+of\s+(?=\d)"
)


def _count_disorder_with(match: re.Match[str]) -> str:
    count = _COUNT_OF[match.group("disorder").lower().removeprefix("hyper")[:3]]
    return f"{match.group('disorder')} with a {count} of "


# Anaemia named before the haemoglobin it shows: "normocytic anemia at 6.6g/dL" (Journal of
# Medical Case Reports, CUPCase row 4296), "anaemia (Hb 7.1 g/dL)" reads as written already.
# Only a haemoglobin's unit after the number makes it the haemoglobin.
_ANAEMIA_VALUE = re.compile(
    r"(?i)\b(?P<disorder>an(?:a)?emia)(?P<gap>\s+(?:of|at)\s+|\s*\(\s*" + _WHICH_VALUE + r")"
    r"(?=\d[\d.,]*\s*(?:g\s*/\s*d?l|mmol\s*/\s*l)\b)"
)
# A fraction's disorder: "indirect hyperbilirubinemia (21mg/L)" (CUPCase row 4296) is the
# indirect bilirubin, not the total.
_BILIRUBIN_KIND_BEFORE = re.compile(r"(?i)\b(?P<kind>indirect|unconjugated|direct|conjugated)\s*$")
# Plasma renin activity's unit as case reports write it: "ng/mL per h", "ng/mL/hr".
_PER_HOUR = re.compile(r"(?i)\bng\s*/\s*ml\s*(?:/|\s+per\s+)\s*h(?:r|our)?\b")


# A multiple of the upper limit before the value itself: "Serum calcitonin was raised 100
# times above the normal level being 1404 pg/ml"; the multiple is no value, the value follows.
_MULTIPLE_THEN_VALUE = re.compile(
    rf"(?i)\b{_NUM}\s*(?:-\s*)?(?:times|fold)\s+(?:above|over|higher\s+than|the)\s+(?:the\s+)?"
    r"(?:upper\s+(?:normal\s+)?limit(?:\s+of\s+normal)?|normal(?:\s+(?:level|value|range|limit))?"
    r"|ULN)\s*,?\s*(?:being|at|with\s+a\s+value\s+of)\s+(?=\d)"
)
# A timed series in brackets after a test's name: "growth hormone (0 minute: 0.76 ng/mL; 30
# minutes: 4.5 ng/mL; 60 minutes: 6.3 ng/mL; ... and 120 minutes: 1.5 ng/mL)": each is a
# result of that test (a stimulation test's samples).
_TIMED = rf"(?:and\s+)?\d+\s*(?:min(?:ute)?s?|h(?:ours?)?)\s*:\s*{_NUM}\s*[A-Za-zµμ%/]*"
_TIMED_SERIES = re.compile(
    rf"(?P<name>{_NAME})(?P<mid>[^\d;.()]{{0,20}}?)\((?P<items>\s*{_TIMED}(?:\s*[;,]\s*{_TIMED})+)\s*\)"
)


def _timed_series(match: re.Match[str]) -> str:
    name = match.group("name")
    items = re.findall(
        rf"\d+\s*(?:min(?:ute)?s?|h(?:ours?)?)\s*:\s*({_NUM}\s*[A-Za-zµμ%/]*)", match.group("items")
    )
    return f"{name}{match.group('mid')}" + ", ".join(f"{name} {value.strip()}" for value in items)


# An ACTH (cosyntropin) stimulation test gives cortisols before and after: "30 minute
# Cortrosyn Stimulation test: pre 6.9ug/DL (borderline low), post 18.5ug/DL (normal
# stimulation rise)". Each "pre"/"post"/"baseline"/"peak" value is a cortisol.
_STIMULATION = re.compile(
    r"(?i)\b(?:cortrosyn|cosyntropin|synacthen|tetracosactide|acth)\s+stim\w*(?:\s+test)?"
    r"(?P<body>(?:[^.;]|\.(?=\d)){0,200})"
)
_STIMULATION_TIME = re.compile(r"(?i)\b(?:pre|post|baseline|basal|peak)\s*[:=-]?\s*(?=\d)")


def _stimulation(match: re.Match[str]) -> str:
    body = match.group("body")
    head = match.group()[: len(match.group()) - len(body)]
    return head + _STIMULATION_TIME.sub(lambda m: f"{m.group().rstrip(' :=-')} cortisol ", body)


# "it" for the test last told in the same unit: "the patient's serum ammonia level had
# decreased to 170 mM, but it soon rose to 228 mM"; "... had decreased to 36 mM. However,
# because it rose to 107 mM by the afternoon". The pronoun becomes the test's name.
_IT_CHANGED = re.compile(
    r"\b[Ii]t\s+(?:[a-z]+\s+){0,2}?(?P<verb>rose|fell|increased|decreased|dropped|climbed"
    r"|peaked|declined)\s+(?:again\s+)?(?:to|at)\s+"
    rf"(?P<y>{_NUM})\s*(?P<unit>[a-zA-Zµμ%]+(?:/[a-zA-Z0-9]+)?)"
)


def _it_named(line: str) -> str:
    out, last = [], 0
    for match in _IT_CHANGED.finditer(line):
        unit = re.escape(match.group("unit"))
        told = list(
            re.finditer(
                rf"(?P<name>{_NAME})[^\d;]{{0,60}}?(?<![\d.]){_NUM}\s*{unit}(?![\w/])",
                line[: match.start()],
            )
        )
        if not told:
            continue
        out.append(line[last : match.start()])
        name, verb = told[-1].group("name"), match.group("verb")
        out.append(f"{name} {verb} to {match.group('y')} {match.group('unit')}")
        last = match.end()
    return "".join(out) + line[last:] if out else line


# "it was" for the test last told in the same unit in the same sentence: "his amylase level
# was 1331 U/L; on day 2, it was 1780 U/L; and on day 3, it was 3570 U/L", "His serum ionized
# calcium on day 2 of admission was 0.91 mmol/L (normal 1.09–1.3 mmol/L), and it was 1.14
# mmol/L with replacement of calcium on day 5" (Journal of Medical Case Reports, CUPCase row
# 2377). The value told before is the earlier one; the pronoun becomes the test's name.
# Also a value the test told before went on to reach, in the same unit: "His total bilirubin
# level continued to rise, reaching 8.1mg/dl on day 7 before starting to decrease, and reaching
# 4.7mg/dl on day 14" (Journal of Medical Case Reports, CUPCase row 2586).
_IT_WAS = re.compile(
    rf"(?:\b[Ii]t\s+was|,\s+and\s+(?:then\s+)?reaching)\s+(?P<y>{_NUM})\s*"
    r"(?P<unit>[a-zA-Zµμ%]+(?:/[a-zA-Z0-9]+)?)"
)
_WHICH_WAS = re.compile(r",\s*which\s+(?:was|were)\s+(?=[<>]?\d)")
_SENTENCE_START = re.compile(r"(?:^|\.\s+)(?=[A-Z(])")


def _it_was(line: str) -> str:
    for _ in range(4):  # a chain of "it was" values: one at a time, left to right
        for match in _IT_WAS.finditer(line):
            unit = re.escape(match.group("unit"))
            start = [m.end() for m in _SENTENCE_START.finditer(line[: match.start()])]
            sentence_start = start[-1] if start else 0
            told = [
                m
                for m in re.finditer(
                    rf"(?P<name>{_NAME})(?:[^\d;.]|\bday\s+\d+\b|;\s+on\s+day\s+\d+,?)"
                    rf"{{0,60}}?(?<![\d.])(?P<x>{_NUM})\s*{unit}(?![\w/])",
                    line[sentence_start : match.start()],
                )
            ]
            if not told or len({m.group("name").lower() for m in told}) > 1:
                continue  # two tests told in that unit: whose value "it" is is unsaid
            last = told[-1]
            gap = line[sentence_start + last.end() : match.start()]
            if ANALYTE_NAME.search(gap):
                continue  # another test was told in between: whose value "it" is is unsaid
            at = sentence_start + last.end()
            name = last.group("name")
            line = (
                f"{line[:at]} {EARLIER}{gap}{name} {match.group('y')} {match.group('unit')}"
                f"{line[match.end() :]}"
            )
            break
        else:
            return line
    return line


# A point as the thousands separator of a count per microlitre: "a platelet count of 346.000
# cells/mm3" (Journal of Medical Case Reports, CUPCase row 5485). A cell count per mm3 or uL is a
# whole number, so three digits after a point in that unit are thousands, never decimals.
_POINT_THOUSANDS = re.compile(
    r"(?<![\d.,])(?P<head>[1-9]\d{0,2})\.(?P<tail>\d{3})"
    r"(?=\s*(?:cells?\s*)?/\s*(?:mm3|mm³|mm\^3|cmm|[µμu][lL])\b)"
)

# A space (or a thin space) as the thousands separator of a count: "leukocytosis (17 000/mm3)",
# "platelet count 148 000/mm3" (PMC11587891), "a platelet count of 280 000/µL" (PMC11550494),
# "white blood cell (WBC) count to 11 290 per microliter" (PMC11618910), as SI style and
# French-speaking journals print it. Read as two numbers, "17" went without its unit and
# "12 500" became 12. Only before a count's unit, so "day 2 150 mg" keeps its two numbers.
_SPACE_THOUSANDS = re.compile(
    r"(?<![\d.,])(?<![\d.,][ \u2009\u202f\u00a0])(?P<head>[1-9]\d{0,2})"
    r"(?P<tail>(?:[ \u2009\u202f\u00a0]\d{3})+)(?![\d.,]?\d)"
    r"(?=\s*(?:(?i:cells|elements?)\s*)?(?:/\s*(?:mm3|mm³|mm\^3|cmm|[µμu][lL]|mcL)\b"
    r"|(?i:per\s+(?:microlit(?:er|re)|mm3|mm³|[µμu]l|cubic\s+millimet(?:er|re)))\b))"
)


# The same for an activity or a concentration: "AST (GOT) 2 890 U/L (0–35) ALT (GPT) 2 676 U/L",
# "CK 6 200 U/L (52–336)" (a laboratory table of Clinical Cases in Tropical Medicine, 2022,
# reader-tables31); read as two numbers, the AST was 2. The number stands alone (not a test's
# own digit: "T3 223 ng/dL", "IL-6 420 ng/l", "insulin-like growth factor 1 180 ng/ml" are
# two tokens), so only after what introduces a result: a bracket, a colon or an equals sign,
# a verb or preposition of a value ("was", "of", "to"), or a test's abbreviation in capitals;
# and 1,000 to 99,999 only ("CA 125 350 U/mL" is the marker's 350).
_SPACE_THOUSANDS_AMOUNT = re.compile(
    r"(?<![^\s(:=])(?P<head>[1-9]\d?)"
    r"(?P<tail>[ \u2009\u202f\u00a0]\d{3})(?![\d.,]?\d)"
    r"(?=\s*(?:[mµμunpk]?(?:g|mol|mEq|kat)|[mµμ]?I?U)\s*/\s*(?:d[lL]|m[lL]|[lL])\b)"
)
_RESULT_INTRODUCED = re.compile(
    r"(?:[):=]|\b[A-Z]{2,6}|\b(?i:was|were|is|of|at|to|reached|measured))\s*$"
)


def counts_set_apart(text: str) -> list[tuple[int, float]]:
    """Where each count written with its thousands set apart starts, and the count."""
    return [(m.start(), float(_joined(m))) for m in _SPACE_THOUSANDS.finditer(text)] + [
        (m.start(), float(joined))
        for m in _SPACE_THOUSANDS_AMOUNT.finditer(text)
        if (joined := _amount_joined(m)) != m.group()
    ]


def joined_thousands(text: str) -> str:
    """A count's or an amount's thousands written apart by a space joined: "17 000/mm3" as
    "17000/mm3", "2 890 U/L" as "2890 U/L"."""
    return _SPACE_THOUSANDS_AMOUNT.sub(_amount_joined, _SPACE_THOUSANDS.sub(_joined, text))


def _joined(count: re.Match[str]) -> str:
    return count.group("head") + re.sub(r"\D", "", count.group("tail"))


def _amount_joined(amount: re.Match[str]) -> str:
    if not _RESULT_INTRODUCED.search(amount.string[: amount.start()]):
        return amount.group()
    return _joined(amount)


# A list of results written value first, each with its unit: "Biochemistry findings showed
# 49 mg/dL glucose, 0.79 mg/dL serum creatinine, 2.8 g/dL albumin, 32 IU/L alkaline
# phosphatase (normal range 35 to 104), ..." (Andreadis et al., J Med Case Rep 2010;4:256,
# CC BY). Read name first, "glucose, 0.79 mg/dL" gave every test its neighbour's value. Only
# where the line holds two such items or more, each ending its clause.
_VALUE_FIRST_UNIT = r"(?:[mµμunpk]?(?:g|mol|mEq|IU|U)\s*/\s*(?:d[lL]|m[lL]|[lL]))"
_UNIT_VALUE_THEN_NAME = re.compile(
    rf"(?<![\w.,/])(?P<x>{_NUM})\s*(?P<unit>{_VALUE_FIRST_UNIT})\s+"
    rf"(?P<pre>(?:(?i:total|direct|serum|plasma)\s+)*)(?P<name>{_NAME})"
    r"(?=\s*(?:\([^()]*\))?\s*(?:,|;|\.(?:\s|$)|\band\b|$))"
)


def _name_first(line: str) -> str:
    if len(_UNIT_VALUE_THEN_NAME.findall(line)) < 2:
        return line
    return _UNIT_VALUE_THEN_NAME.sub(
        lambda m: f"{m.group('pre')}{m.group('name')} {m.group('x')} {m.group('unit')}", line
    )


# A change told as "an increase in <test> of X to Y": "After two sessions, there was an
# increase in platelet counts of 17 × 10^9/L to 67 × 10^9/L" (J Med Case Rep, CC BY): the
# first number is the earlier result.
_CHANGE_UNIT = r"(?:\s*(?:[×x]\s*10\^?\d+\s*/\s*[A-Za-zµμ]+|[A-Za-zµμ%]+(?:/[A-Za-z]+)?))"
_CHANGE_OF_TO = re.compile(
    r"(?i)\b(?:increase|rise|decrease|fall|drop|reduction|improvement)\s+in\s+"
    rf"(?P<name>{_NAME})(?P<mid>[^\d.;]{{0,20}}?)\bof\s+(?P<x>{_NUM})(?P<unit>{_CHANGE_UNIT})"
    rf"\s+to\s+(?P<y>{_NUM})(?P<unit2>{_CHANGE_UNIT})"
)


def _change_of_to(match: re.Match[str]) -> str:
    # Both numbers carry the unit: "an increase in serum creatinine of 0.3 to 0.5 mg/dL" is
    # the size of a change (a criterion), not two results.
    name, unit = match.group("name"), match.group("unit")
    later = f"{name} {match.group('y')}{match.group('unit2')}"
    return f"{name} {match.group('x')}{unit} {EARLIER}, {later}"


# "UA 940 µmol/L" in a list of abbreviated tests ("Tbil 32.7 µmol/L, iDBil 25.6 µmol/L, Scr
# 1524.5 µmol/L, Bun 39.5 mmol/L, UA 940 µmol/L", Journal of Medical Case Reports, CUPCase row
# 288) is uric acid: a urinalysis prints no number in µmol/L or mg/dL right after its name.
_UA_VALUE = re.compile(r"\bUA(?=\s*[:=]?\s*\d[\d.,]*\s*(?:[µμu]mol|mg)\s*/\s*d?[lL]\b)")


# A figure's or table's number is no result of the test its caption names first: "Fig. 2
# Platelet count and C3 level. Arrows indicate TPE treatments." (Journal of Medical Case
# Reports, CUPCase row 288; was read as a critical platelet count of 2). Case reports print
# their captions inline, "Fig. 1", "Figs. 2 and 3", "Figure 4", "Table 2".
# "Serum beta-hCG [21] was negative", "Elevated troponin [12] and CRP [3, 4] have been
# described": a case report's citation marks, whole numbers in square brackets after a word,
# are never the test's value. A reference range in brackets has a dash or a decimal ("[0-40]",
# "[3.5 - 5.1]") and is left alone.
# So too after a full stop, a comma or another mark, and a list of marks in one bracket: "of
# T lymphocytes. [2]. These lesions" (MedRBench PMC11378093), "derived from urea [4], [5]."
# (PMC11492611, a urea of 5), "ALK protein, [18] is often positive" (PMC11532891),
# "metanephrines and normetanephrines [[13], [14], [15]]" (PMC11541943).
_CITATION_MARK = re.compile(
    r"(?<=[A-Za-z).,\]])\s*\[\s*\[?\d{1,3}\]?(?:\s*,\s*\[?\d{1,3}\]?)*\s*\](?!\s*[%/])"
)


# A citation printed in superscript, flattened after the full stop of a sentence that ends in
# a test's name: "increased uric acid, and thyroid-stimulating hormone.7 No serious adverse
# events were observed" (MedRBench PMC11488355, read as a TSH of 7), "T cells, and
# neutrophils.2,6 This is" (PMC11549693). A word, its full stop, the numbers, a new sentence.
_SUPERSCRIPT_CITATION = re.compile(r"(?<=[a-z]{3}\.)\d{1,3}(?:[,–-]\d{1,3})*(?=\s+[A-Z][a-z])")


def without_citation_marks(line: str) -> str:
    """``line`` without its citation marks; before numbers are made plain, so that "[6,21]"
    never becomes a 6.21."""
    return _SUPERSCRIPT_CITATION.sub("", _CITATION_MARK.sub("", line))


_FIGURE_NUMBER = re.compile(
    r"\b(?P<word>Figs?\.|Figures?|Tables?|Additional\s+file)\s*\d{1,2}(?:\.\d{1,2})?[a-z]?\b"
    r"(?:\s*(?:and|,|–|-)\s*\d{1,2}(?:\.\d{1,2})?[a-z]?\b)*",
    re.IGNORECASE,
)
# A table's caption opening its line ("Table 2 CSF results", "TABLE 3.2 ...", "Supplementary
# table 1"): kept whole, for the reader takes it as the heading of a new table
# (``parse._CAPTION``), whose specimen the rows under it take and which ends the last table's.
_CAPTION_OPENS = re.compile(r"(?i)^\s*(?:supplementa(?:l|ry)\s+)?$")


def _without_figure_number(match: re.Match[str]) -> str:
    word = match.group("word")
    opens_line = _CAPTION_OPENS.match(match.string[: match.start()])
    if opens_line and word.lower().startswith("table"):
        return match.group(0)
    return word.rstrip(".")


# "proteinuria (+)" (Journal of Medical Case Reports, CUPCase row 288), "proteinuria (2+)": a
# dipstick grade of urine protein; "proteinuria was 2.48 g/L" (CUPCase row 4564): a urine
# protein concentration. An amount per day stays the 24-hour protein's ("3.5 g/day").
# A dipstick grade beside the disorder its test shows, in brackets after it or before it:
# "normoglycemic glycosuria (1+)" (Journal of Medical Case Reports, CUPCase row 446), "+++
# proteinuria" (row 2672), "+4 proteinuria" (row 2293).
_DIPSTICK_DISORDER = r"(?P<word>protein|gl[uy]cos|glyc|ket(?:on)?)uria"
_DISORDER_BEFORE = _DIPSTICK_DISORDER.replace("?P<word>", "?P<word2>")
_PROTEINURIA_GRADE = re.compile(
    rf"(?i)\b{_DIPSTICK_DISORDER}\s*\(\s*(?P<grade>[1-4])?\s*\+\s*\)"
    r"|(?<![\w+])(?:(?P<plus>\+{1,4})|\+(?P<n1>[1-4])|(?P<n2>[1-4])\+)\s+"
    rf"(?i:{_DISORDER_BEFORE})\b"
)
_DIPSTICK_TEST = {
    "protein": "protein",
    "glucos": "glucose",
    "glycos": "glucose",
    "glyc": "glucose",
    "keton": "ketones",
    "ket": "ketones",
}


def _dipstick_grade(match: re.Match[str]) -> str:
    word = (match.group("word") or match.group("word2")).lower()
    plus = match.group("plus")
    grade = match.group("grade") or match.group("n1") or match.group("n2")
    grade = str(len(plus)) if plus else grade or "1"
    return f"urine {_DIPSTICK_TEST[word]} {grade}+"


# "... and proteinuria was 2.48 g/L (normal range, 0 to 0.3 g/L) with albuminuria of 0.4 g/L"
_PROTEINURIA_CONCENTRATION = re.compile(
    r"(?i)\b(?P<what>protein|albumin)uria\s+(?:(?:was|of|is)\s+)?"
    r"(?=\d[\d.]*\s*(?:g|mg)\s*/\s*d?l\b)"
)


# "international normalized ratio of prothrombin time 1.85" (Journal of Medical Case Reports,
# CUPCase row 2784) is the INR: the prothrombin time named after it is what the ratio is of.
_INR_OF_PT = re.compile(
    r"(?i)\binternational\s+normali[sz]ed\s+ratio\s+(?:of|for)\s+(?:the\s+)?prothrombin\s+time\b"
)


# A fraction of the bilirubin just told: "Serum bilirubin was 62.9 mmol/L with direct fraction
# of 42 mmol/L and indirect fraction of 21 mmol/L" (Journal of Medical Case Reports, CUPCase
# row 368), "total bilirubin 5.2 mg/dL with a direct fraction of 3.1".
_BILIRUBIN_FRACTION = re.compile(
    r"(?i)\b(?P<kind>direct|indirect|conjugated|unconjugated)\s+fraction\b"
)


def _bilirubin_fraction(match: re.Match[str]) -> str:
    told = re.search(
        r"(?i)\bbilirubin\b", match.string[max(0, match.start() - 100) : match.start()]
    )
    return f"{match.group('kind')} bilirubin" if told else match.group()


# The hormone, not the drug: "insulin level of 141 pmol/L", "insulin 0.2 μU/mL" (Journal of
# Medical Case Reports, CUPCase rows 987 and 4781). A bare "insulin" is a drug's name ("insulin
# 10 units"), so it names the test only before a concentration's unit (per L or per mL).
# The hormone's level told with a verb of change reads so too: "the insulin level had fallen
# to 14.36 μU/mL" (MedRBench PMC11505447), as "the glucose level had fallen to 54 mg/dL" does;
# or in brackets: "appropriate suppression of insulin (2.3 μIU/mL [16 pmol/L]" (PMC11532648).
_INSULIN_LEVEL = re.compile(
    r"(?<![-\w])(?i:insulin)(?P<word>\s+(?i:levels?|concentrations?))?"
    r"(?=(?:\s+(?:of|was|is|were)|\s*[:=]|\s*\("
    r"|(?:\s+(?i:had|has|have|had\s+been|was|were|then|further|[a-z]+ly))?\s+"
    r"(?i:fallen|fell|dropped|declined|decreased|reduced|risen|rose|increased|climbed)"
    r"(?:\s+(?i:down|up))?\s+to)?\s*[<>]?\s*\d[\d.,]*\s*"
    r"(?i:pmol\s*/\s*l|[µμu]i?u\s*/\s*ml|mi?u\s*/\s*l)\b)"
)


# A ratio's value printed against one: "with a Kappa:Lambda ratio of 531:1" (Journal of
# Medical Case Reports, CUPCase row 1622) is a ratio of 531.
_RATIO_TO_ONE = re.compile(
    r"(?i)(?P<head>\bratio\b[^\d;.]{0,15}?)(?P<x>\d+(?:\.\d+)?)\s*:\s*1\b(?!\.\d|\d)"
)


# A 24-hour collection's amount told in words: "His 24-hour urinary total protein was 3.9
# grams per day, suggestive of nephrotic range proteinuria" (J Med Case Rep, CUPCase row
# 2057). Read as written, "grams per day" was no unit and the value stood as a spot urine
# protein with none. The amount per day (or per 24 hours) is one token, "3.9 g/24h", where the
# clause names a 24-hour collection, a urine or proteinuria before it (so that a drug's "60 mg
# per day" is left alone).
_DAILY_AMOUNT_IN_WORDS = re.compile(
    r"(?i)(?P<head>\b(?:24\s*-?\s*h(?:ours?|rs?)?|urine|urinary|proteinuria)\b[^;.]{0,80}?"
    rf"{_NUM})\s*(?P<unit>grams?|g|mg|milligrams?|µg|μg|ug|mcg|micrograms?|mmol)"
    r"\s+(?:per|a|each|every|in)\s+(?:day|24\s*-?\s*h(?:ours?|rs?)?)\b"
)
_DAILY_UNIT = {"gram": "g", "grams": "g", "milligram": "mg", "milligrams": "mg"}


def _daily_amount(match: re.Match[str]) -> str:
    unit = match.group("unit")
    unit = _DAILY_UNIT.get(unit.lower(), unit)
    if unit.lower() in ("microgram", "micrograms", "ug", "mcg"):
        unit = "µg"
    return f"{match.group('head')} {unit}/24h"


# A floor or ceiling the treatment held, told after the tests' names: "Magnesium and potassium
# levels were maintained above 2.0mEq/L and 4.0mmol/L respectively" (J Med Case Rep, CUPCase
# row 3527: the levels the infusions kept, no measurement). The clause from the verb to the
# end of the sentence tells bounds, never results, and is dropped; a result told before the
# verb ("was 2.1 mmol/L and was maintained above 3.5") stays.
_HELD_BOUND = re.compile(
    r"(?i)\b(?:was|were|is|are|being|been)\s+(?:maintained|kept|held)\s+"
    r"(?:(?:at\s+or\s+)?(?:above|below|over|under)|at|between|within|>|<|≥|≤)"
    r"(?=\s*[<>≥≤]?\s*\d)[^;]*?(?=\.\s|\.?$|;)"
)


# A sentence glued to the unit that ends the one before (the space lost when the article's
# paragraphs were joined): "the thyroid-stimulating hormone (TSH) was within normal limits during
# this hospital stay—2.127 mU/L.Approximately 6 months later" (MedRBench PMC11395475), "IgG
# specific to the lentil antigen of 4.70 mgA/L.The infant was discharged" (PMC11622295). The
# next sentence's first word is no part of the unit.
_GLUED_SENTENCE = re.compile(r"(?<=\d)(?P<unit>\s*[A-Za-zµμ]+/[A-Za-zµμ0-9]+)\.(?=[A-Z][a-z]+\b)")


# A test's name in the plural, as a report writes a test done more than once or a class of
# antibody: "Lactates: 11.7 mmol/L [N < 1.6 mmol/L]" (MedRBench PMC11506189), "IgMs were
# moderately reduced (26 mg/dL, lower limit of normal [LLN] 40)" (PMC11509757), a name of
# several words with its result straight after: "erythrocyte sedimentation rates 36 mm/h"
# (Journal of Medical Case Reports, CUPCase row 5261), "chlorides 717 (720-750 mg/dL)" (row
# 5537). The plural of a name the catalogue knows (and whose plural it does not know) before
# a colon, "was"/"were" or a number is that test; never before a span of numbers ("blood
# glucoses of 20 to 30s mg/dL", CaseReportBench's LCAH neonate: no one result). A list's
# comma stands for the colon: "hemoglobins, 14.1 g/dL; platelets, 191 × 103/μL" (MedRBench
# PMC11433725). A plural is a name as the reader matches it, not as its key folds: the key of
# "hemoglobins" and "proteins" is that of hemoglobin S and protein S, names whose letter
# stands apart ("total proteins of 4.51 g/dL", a pleural fluid, PMC11621942).
_PLURAL_NAME = re.compile(
    r"\b(?P<stem>[A-Za-z][A-Za-z-]{2,})s\b"
    r"(?=\s*:\s*[<>]?\s*\d|\s+were\s(?P<no_number>)|(?:,|[^\S\n])[^\S\n]*(?:of[^\S\n]+)?[<>≤≥]?[^\S\n]*\d"
    r"(?![\d.,]*[^\S\n]*(?:to|-|–|—)[^\S\n]*\d))"
)
_WORD_START = re.compile(r"(?<![A-Za-z0-9])(?=[A-Za-z0-9])")


def _singular(match: re.Match[str]) -> str:
    stem = match.group("stem")
    plural = match.group()
    line = match.string
    if ANALYTE_NAME.fullmatch(plural):
        return plural
    if alias_key(plural) in ALIASES and match.group("no_number") is not None:
        # "immunofixation of urine proteins were negative" (a dev case's gamma heavy chain
        # disease) is no urine protein: a plural folded onto protein S takes a number only.
        return plural
    # the plural word may end a longer name: "erythrocyte sedimentation rates"
    start = match.start()
    window = line[max(0, start - 50) : start]
    for opening in _WORD_START.finditer(window):
        name = window[opening.start() :] + stem
        if ANALYTE_NAME.fullmatch(name) and not ANALYTE_NAME.fullmatch(name + "s"):
            return stem
    return stem if ANALYTE_NAME.fullmatch(stem) else plural


# IgG4 disease with the subclass's digit set apart from its abbreviation: "Given the suspicion
# of immunoglobulin G (IgG) 4-mediated disease causing pachymeningitis" (MedRBench
# PMC11621671); the 4 is the subclass, never an IgG of 4.
_IGG4_DISEASE = re.compile(r"\b(?P<igg>IgG\)?)\s+4(?=\s*-?\s*(?:related|mediated|associated|RD)\b)")


# An antibody to one antigen is no total immunoglobulin: "The diagnosis was finally confirmed
# by a high positive level of IgG specific to the lentil antigen of 4.70 mgA/L" (MedRBench
# PMC11622295), "peanut-specific IgE", "specific IgE to house dust mite". The catalogue's
# IgG/IgE/IgM/IgA are the totals; the name is set aside.
_SPECIFIC_IMMUNOGLOBULIN = re.compile(
    r"(?i)\b(?:[a-z]+-)?specific\s+(?-i:Ig[GEMA])\b|\b(?-i:Ig[GEMA])\s+specific\s+(?:to|for|against)\b"
)


# An immunoglobulin class told as an antibody's class, not the serum total: "The patient's C.
# trachomatis immunoglobulin A and G antibody levels were 15.9 and 16.1" (MedRBench
# PMC11461972), "IgM antibodies against hepatitis A"; and an antiphospholipid antibody in its
# class, counted in GPL/MPL/APL units: "anti-cardiolipin antibodies (IgG > 120 GPL, IgM > 80
# GPL)" (PMC11437612). Read as the totals, such numbers were flagged against the totals'
# ranges; the class names are set aside as for a specific antibody.
_ANTIBODY_CLASS = re.compile(
    r"(?i)\b(?:immunoglobulin\s+[AGM]|(?-i:Ig[AGM]))"
    r"(?:\s*(?:,|/|and|or)\s*(?:immunoglobulin\s+|(?-i:Ig))?[AGM])*\s+antibod(?:y|ies)\b"
)
# The class written after the antibody's own name, as serology rows print it: "Hepatitis B
# Core Antibody (Anti- HBc), IgM  2.50  Reactive  < 1.00  Index" (Drlogy's hepatitis B
# profile, Uman-66/Livora-Ai tests/sample_hepatitis.pdf), "anti-HBc IgM", "CMV IgM". The
# number is that antibody's index, never the serum's total IgM: the class word goes, and the
# antibody's own name (anti-dsDNA, when one is catalogued) keeps its result.
_CLASS_AFTER_ANTIBODY = re.compile(
    r"(?i)(?P<antibody>\bantibod(?:y|ies)(?:\s*\([^()]{1,30}\))?|\banti-\s?[a-z][a-z0-9]{1,8}"
    r"|\b(?:CMV|EBV|VCA|HAV|HEV|HSV(?:-?[12])?|VZV|rubella|toxoplasma|mycoplasma|dengue"
    r"|measles|mumps|parvovirus(?:\s+B19)?|borrelia|chlamydia))\s*,?\s*(?-i:Ig[AGM])\b"
)


def _class_after_antibody(line: str) -> Callable[[re.Match[str]], str]:
    """Sets an antibody's class aside, unless the catalogue names the antibody in that class
    ("Hepatitis B Core Antibody (Anti- HBc), IgM", the catalogue's "Anti-HBc IgM"): then
    the class is the name's own and the test is read under it."""
    names = [(name.start(), name.end()) for name in ANALYTE_NAME.finditer(line)]
    return lambda m: (
        m.group()
        if any(start <= m.start() and end == m.end() for start, end in names)
        else m.group("antibody")
    )


_PHOSPHOLIPID_UNIT_CLASS = re.compile(
    r"\b(?-i:Ig[AGM])(?=(?:\s*(?:,|and)\s*(?-i:Ig[AGM]))*\s*[<>≤≥]?\s*\d[\d.,]*\s*"
    r"(?:GPL|MPL|APL)\b)"
)

# A white cell's count with its share of the white cells in brackets: "Neutrophils- 9.93 ×
# 109/L (52.5%), Lymphocytes- 7.70 × 109/L (40.7%)" (MedRBench PMC11622295), "eosinophil
# counts (1.58 K/μL, 18%" (PMC11596152). The percentage is the same cell's differential.
_COUNT_THEN_SHARE = re.compile(
    r"(?i)\b(?P<name>neutrophils?|lymphocytes?|monocytes?|eosinophils?|basophils?)"
    r"(?P<count>(?:\s+counts?)?[\s:=-]*(?:\(\s*)?(?:of\s+|was\s+|were\s+)?\d[\d.,]*\s*"
    r"(?:(?:[×x]\s*10\s*(?:\^\s*)?\(?9\)?|[×x]\s*109|[kK])\s*/\s*(?:[lL]|[µμu][lL])\b"
    r"|(?:cells\s*)?/\s*(?:mm3|mm³|[µμu]l)\b))"
    r"(?:\s*\(\s*|\s*,\s*)(?P<share>\d{1,2}(?:\.\d+)?)\s*%"
)


def _share_named(match: re.Match[str]) -> str:
    name = match.group("name")
    return f"{name}{match.group('count')}, {name} {match.group('share')}% ("


# A span of results over a time, not one result: "His prostate-specific antigen (PSA) at the
# time had ranged from 1.2 to 2.3 during this time" (MedRBench, PMC11470589), "His baseline
# lactates ranged from 1.5 to 3.6 mmol/L" (CaseReportBench item 82), "Serum concentrations of
# estradiol were in the range of 280 to 375 pmol/L" (Journal of Medical Case Reports, CUPCase
# row 4513). Neither end is a result (tests/clinical/README.md: "ranges of past values"); the
# span's numbers go, its words stay.
_SPAN_OF_RESULTS = re.compile(
    r"(?i)\b(?P<verb>rang(?:ed|ing)|var(?:ied|ying)|fluctuat(?:ed|ing)|in\s+the\s+range\s+of)"
    r"\s+(?:from\s+|between\s+)?[<>]?\d[\d.,]*\s*(?:[^\s\d.;,]{1,12}\s*)?(?:to|and|-|–|—)\s*"
    r"\d+(?:[.,]\d+)*(?:\s*[a-zA-Zµμ%]+(?:/[a-zA-Z0-9.]+)*)?"
)

# A patient's usual level given as a span: "a white blood cell count of 7.9 × 103/µL
# (baseline 3-4 × 103/µL)" (MedRBench PMC11483682): neither end is a result (ranges of past
# values), and its "3" was read as a second, earlier count.
_BASELINE_SPAN = re.compile(
    r"(?i)\bbaseline\s+(?:of\s+|was\s+|is\s+)?\d[\d.,]*\s*(?:[-–—]|to)\s*\d[\d.,]*"
    r"(?:\s*[×x]\s*10\s*\^?\s*\d{1,2})?(?:\s*/?\s*[a-zA-Zµμ%]+(?:/[a-zA-Z0-9.µμ³]+)*)?"
)


def rewrite_prose(line: str) -> str:
    """``line`` with prose shapes of several results written as one result each."""
    line = _GLUED_SENTENCE.sub(lambda m: f"{m.group('unit')}. ", line)
    # first, before any pass reads "1:160" as a ratio or "12,800" as two numbers
    line = titres_as_values(line)
    if ADJECTIVE_SHARE.search(line):  # "(70% lymphocytic)": the tissue's guard is a sentence's
        line = _by_sentence(line, [shares_named_by_adjective])
    line = free_light_chains_named(line)
    line = _SPAN_OF_RESULTS.sub(lambda m: f"{m.group('verb')} over a span", line)
    line = _BASELINE_SPAN.sub("usual span", line)  # no time word left to date what follows
    line = _COUNT_DISORDER_WITH.sub(_count_disorder_with, line)
    line = _COUNT_THEN_SHARE.sub(_share_named, line)
    line = _PLURAL_NAME.sub(_singular, line)
    line = _IGG4_DISEASE.sub(lambda m: f"{m.group('igg')}4", line)
    line = _SPECIFIC_IMMUNOGLOBULIN.sub("specific antibody", line)
    line = _ANTIBODY_CLASS.sub("specific antibody", line)
    line = _CLASS_AFTER_ANTIBODY.sub(_class_after_antibody(line), line)
    line = _PHOSPHOLIPID_UNIT_CLASS.sub("specific antibody", line)
    line = _HELD_BOUND.sub("", line)
    line = name_unnamed_levels(line)
    line = _FIGURE_NUMBER.sub(_without_figure_number, line)
    line = _RATIO_TO_ONE.sub(lambda m: f"{m.group('head')}{m.group('x')}", line)
    line = _UA_VALUE.sub("uric acid", line)
    line = _INR_OF_PT.sub("INR", line)
    line = _BILIRUBIN_FRACTION.sub(_bilirubin_fraction, line)
    line = _PROTEINURIA_GRADE.sub(_dipstick_grade, line)
    line = _PROTEINURIA_CONCENTRATION.sub(lambda m: f"urine {m.group('what').lower()} ", line)
    line = _INSULIN_LEVEL.sub(lambda m: f"serum insulin{m.group('word') or ''}", line)
    line = _CELLS_IN_UNIT.sub(_cells_in_unit, line)
    line = hiv_viral_loads(viral_units(line))
    line = name_catecholamine_levels(line)
    line = _POINT_THOUSANDS.sub(lambda m: m.group("head") + m.group("tail"), line)
    line = joined_thousands(line)
    line = _SET_APART_CHARGE.sub(lambda m: f"{m.group('ion')} ", line)
    # "serum sodium 102 meq/lit and serum k + level 9 meq/lit": a lower-case potassium ion
    line = _LOWER_K_ION.sub(lambda m: f"{m.group('before')}K ", line)
    line = _GLUED_ABBREVIATION.sub(_glued_abbreviation, line)
    line = _GLUED_PH.sub("pH ", line)
    line = _DISORDER_VALUE.sub(_disorder_value, line)
    line = _URINE_DISORDER_VALUE.sub(
        lambda m: (
            f"{m.group('disorder')}{m.group('gap')}urine {_URINE_TEST[m.group('root').lower()]} "
        ),
        line,
    )
    line = _LEVEL_IN_BLOOD.sub(_level_in_blood, line)
    line = _BARE_SUGAR.sub("glucose", line)
    line = _LEVEL_IN_CSF.sub(
        lambda m: f"{m.group('disorder')}{m.group('gap')}{_CSF_TEST[m.group('root').lower()]} ",
        line,
    )
    line = _name_first(line)
    line = name_bilirubin_fractions(line)
    line = _CHANGE_OF_TO.sub(_change_of_to, line)
    line = _ION_IN_UNIT.sub(lambda m: f" {m.group('unit')}/L", line)
    line = _COUNT_DISORDER.sub(
        lambda m: (
            f"{m.group('disorder')}{m.group('gap')}"
            f"{_COUNT_OF[m.group('disorder').lower().removeprefix('hyper')[:3]]} "
        ),
        line,
    )
    line = _ANAEMIA_VALUE.sub(lambda m: f"{m.group('disorder')}{m.group('gap')}hemoglobin ", line)
    line = _PER_HOUR.sub("ng/mL/h", line)
    line = two_specimens_respectively(line)
    line = pair_with_ranges(line)
    line = _MULTIPLE_THEN_VALUE.sub("", line)
    # "50 mg/ 24 h", "108 mg/24 h", "1.2 g/24 hour": an amount per 24 hours in one token
    line = re.sub(
        r"(?i)(?<=\d)\s*(mg|g|mmol|umol|µmol|μmol|mEq)\s*/\s*24\s*-?\s*h(?:ours?|rs?)?\b",
        r" \1/24h",
        line,
    )
    line = _DAILY_AMOUNT_IN_WORDS.sub(_daily_amount, line)
    # "hypovitaminosis B1 was confirmed (45 nmol/L, ...)": the vitamin's own level
    line = re.sub(r"(?i)\bhypovitaminosis\s+(B\s*1|B\s*12|D)\b", r"low vitamin \1", line)
    line = _TIMED_SERIES.sub(_timed_series, line)
    line = _STIMULATION.sub(_stimulation, line)
    line = _SUBSCRIPT.sub(_subscript, line)
    line = names_then_values_respectively(line)
    line = _ABBREVIATION_SEMICOLON_VALUE.sub(_abbreviation_semicolon_value, line)
    line = _NAME_THEN_ABBREVIATION.sub(_drop_abbreviation, line)
    line = pair_by_units(distribute_respectively(line))
    line = _URINE_PREFIX.sub("urine ", line).replace("•", " ")
    line = _GAS_SLASH.sub(_gas_slash, line)
    line = _CO2_PRESSURE.sub(_co2_pressure, line)
    line = _PT_INR.sub(_pt_inr, line)
    line = _BASE_DEFICIT.sub(lambda m: f"base excess{m.group('mid')} -{m.group('x')}", line)
    ph_passes: list[Callable[[str], str]] = []
    if _GAS_PARTNER.search(line) or _PH_PARTNER.search(line):
        ph_passes.append(_gas_ph)
    if _BODY_FLUID.search(line):
        ph_passes.extend((_fluid_ph, fluid_cell_counts))
    line = _by_sentence(line, ph_passes)
    line = _CHEM_7.sub(_chem_7, line)
    line = _H_AND_H.sub(_h_and_h, line)
    line = _BOTH.sub(_both, line)
    line = _PAIR.sub(_pair, line)
    line = _it_named(line)
    line = _it_was(line)
    # "testosterone concentrations, which were 7.7 nmol/L (normal 8.6–29.0 nmol/L)" (Journal of
    # Medical Case Reports, CUPCase row 758): the relative clause tells the test's value
    line = _WHICH_WAS.sub(" was ", line)
    line = _TO_FROM.sub(_to_from, line)
    line = _FROM_TO.sub(_from_to, line)
    line = _AGAIN_IN_UNIT.sub(_again_in_unit, line)
    line = _CHANGE_OVER.sub(lambda m: f"{m.group('verb')} to ", line)
    for _ in range(3):  # "increased to 24.7 and then decreased to 16.6": one change at a time
        changed = _CHANGED_TO.sub(_changed_to, line)
        if changed == line:
            break
        line = changed
    line = _SERIAL.sub(_serial, line)
    line = _ARROW_SERIAL.sub(_arrow_serial, line)
    if _BLOOD_GAS.search(line):
        line = _by_sentence(line, [_blood_gas])
    return line


_SENTENCE_END = re.compile(r"(?<=\.)\s+")


def _by_sentence(line: str, passes: list[Callable[[str], str]]) -> str:
    """Each pass applied to each sentence of the line in turn, the line split once."""
    if not passes:
        return line
    sentences = _SENTENCE_END.split(line)
    for each in passes:
        sentences = [each(sentence) for sentence in sentences]
    return " ".join(sentences)


def plain_numbers(text: str) -> str:
    """Thousands separators dropped ("3,200", "1,121,000", and the Indian lakh grouping
    "2,10,000"), decimal commas made points."""
    text = re.sub(
        r"(?<![\d,.])\d{1,2}(?:,\d{2})+,\d{3}(?!\d|,\d)", lambda m: m.group().replace(",", ""), text
    )
    text = re.sub(
        r"(?<![\d,.])\d{1,3}(?:,\d{3})+(?!\d|,\d)", lambda m: m.group().replace(",", ""), text
    )
    return re.sub(r"(?<![\d,.])(\d{1,3}),(\d{1,2})(?!\d|,\d)", r"\1.\2", text)


def _pair(match: re.Match[str]) -> str:
    a, b, x, y = match.group("a"), match.group("b"), match.group("x"), match.group("y")
    unit = match.group("unit") or ""
    mid = re.sub(r"^\s*\([A-Za-z]{2,8}\)", "", match.group("mid"))  # the second's abbreviation
    return f"{a}{mid} {x}{unit}, {b} {y}"


# A test's abbreviation in brackets after its name: "free thyroxin (T4) of 0.59 ng/dl",
# "thyroid-stimulating hormone (TSH) of 16.75". The bracket names the same test (its "T4"
# is no total T4 of its own), so it is dropped. The blood it was measured in may stand
# between them: "partial pressure of carbon dioxide in arterial blood (PaCO₂), 44.8 (mmHg)"
# (Journal of Medical Case Reports, CUPCase row 1699) is an arterial partial pressure.
_NAME_THEN_ABBREVIATION = re.compile(
    rf"(?P<name>{_NAME})(?i:\s+in\s+(?P<blood>arterial|venous|capillary)\s+blood)?"
    r"\s*\(\s*(?P<abbr>[^()]{1,20}?)\s*\)"
)


_SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def _drop_abbreviation(match: re.Match[str]) -> str:
    # (an abbreviation typeset with subscripts, "PaCO₂", is the same name)
    if not ANALYTE_NAME.fullmatch(match.group("abbr").translate(_SUBSCRIPT_DIGITS)):
        return match.group()
    if alias_key(match.group()) in ALIASES:
        # The name with its bracket is a test's own name in the catalogue, and the bracket
        # says which test: "Blood Urea (BUN) : 18 mg/dL" (a text report's row, dev's
        # txt-city-diagnostics-colon-aligned-bracketed-normal-starred-flags) is the urea
        # nitrogen the laboratory measured, not the urea the first words name.
        return match.group()
    blood = match.group("blood")
    return f"{blood} {match.group('name')}" if blood else match.group("name")


# The abbreviation and the value in one bracket after the name, a semicolon between them:
# "international normalized ratio (INR; 2.95), partial thromboplastin time (PTT; 34.5 s)"
# (Journal of Medical Case Reports, CUPCase row 640). The abbreviation goes, the value stays.
_ABBREVIATION_SEMICOLON_VALUE = re.compile(
    r"\(\s*(?P<abbr>[A-Za-z][A-Za-z0-9-]{0,9})\s*;\s*(?=[<>≤≥]?\s*\d)"
)


def _abbreviation_semicolon_value(match: re.Match[str]) -> str:
    return "(" if ANALYTE_NAME.fullmatch(match.group("abbr")) else match.group()


# A count whose unit names the cells counted, inside the unit: "10.09 × 10^9 cells/L (8.88 ×
# 10^9 neutrophils/L, 0.74 × 10^9 lymphocytes/L, and 0.46 × 10^9 monocytes/L)", "21 × 10^9
# platelets/L" (Journal of Medical Case Reports, CUPCase row 1109). The cells' name goes before
# the number (it names the test), "cells" is dropped, the unit stays "× 10^9/L". The power's
# superscript may have been flattened by the source: "a white blood cell (WBC) count of 25.3 ×
# 103 cells/µL (reference range, 3.5–10.5 × 103 cells/µL)" (MedRBench PMC11528664).
_CELLS_IN_UNIT = re.compile(
    r"(?<![\d.,])(?P<num>\d[\d.,]*)\s*"
    r"(?P<power>[×xX]\s*10\s*(?:\^\s*[0-9]+|[⁰-⁹]+|(?:3|6|9|12)\b))\s+"
    r"(?P<cells>(?i:cells|neutrophils|lymphocytes|monocytes|eosinophils|basophils|platelets"
    r"|leu[ck]ocytes|white\s+blood\s+cells|red\s+blood\s+cells|erythrocytes))"
    r"\s*/\s*(?P<volume>[lL]|[µμu][lL]|mm3|mm³)\b"
)


def _cells_in_unit(match: re.Match[str]) -> str:
    unit = f"{match.group('num')} {match.group('power')}/{match.group('volume')}"
    cells = match.group("cells")
    return unit if cells.lower() == "cells" else f"{cells} {unit}"


def _h_and_h(match: re.Match[str]) -> str:
    first, second = float(match.group("x")), float(match.group("y"))
    # A hemoglobin is at most about 25 g/dL and a hematocrit about three times it: the larger
    # number is the hematocrit, whichever order the writer chose.
    hb, hct = (
        (match.group("x"), match.group("y"))
        if first < second
        else (
            match.group("y"),
            match.group("x"),
        )
    )
    return f"hemoglobin{match.group('mid')} {hb}, hematocrit {hct}"


# The unit written once after the later result of "from X to Y": "mg/dL", "g/L", "×10^9/L".
_UNIT_AFTER = re.compile(
    r"\s*(?P<unit>(?:[a-zA-Zµμ]+|[x×]\s?10\^?\d+)\s*/\s*[a-zA-Zµμ0-9]+|%)(?![\w/])"
)


_AND_ANOTHER = re.compile(r"(?i)\s*(?:levels?\s+)?(?:and|&)\s+")
_RESPECTIVELY_AFTER = re.compile(r"(?i)(?:[^.;]|\.(?=\d))*\brespectively\b")


def _fits_both(name: str, unit: str, earlier: str, later: str) -> bool:
    """Whether both numbers of a course fit ``name``'s test in ``unit`` (or, with no unit
    written, some unit of it)."""
    analyte = ALIASES[alias_key(name)][0]
    return all(
        analyte.range_for(unit or None, float(n.replace(",", ""))) is not None
        for n in (earlier, later)
    )


def _nearer_names_course(match: re.Match[str], nearer: str) -> bool:
    """Whether a course told after two tests named together is the nearer test's: "elevated
    blood urea nitrogen and creatinine levels, which increased from 0.9 to 4.0 mg/dL" (J Med
    Case Rep, CUPCase row 2238). Only without "respectively" and only where the numbers fit
    the nearer test and not the first (a BUN is never 0.9 mg/dL); where both fit, the writer
    has not said whose course it is, and the first name keeps it as before."""
    if not _AND_ANOTHER.match(match.group("mid")) or _RESPECTIVELY_AFTER.match(
        match.string, match.end()
    ):
        return False
    written = (match.group("unit") or "").strip()
    if not written:
        after = _UNIT_AFTER.match(match.string, match.end())
        written = after.group("unit") if after else ""
    x, y = match.group("x"), match.group("y")
    first = match.group("name")
    return _fits_both(nearer, written, x, y) and not _fits_both(first, written, x, y)


def _from_to(match: re.Match[str]) -> str:
    name, unit, tail = match.group("name"), (match.group("unit") or ""), match.group("tail")
    if MONOCLONAL_BEFORE.search(match.string, 0, match.start()):
        # "His monoclonal IgG had dropped from 65 g/L before treatment to 11 g/L" (J Med Case
        # Rep, CUPCase row 5006): a paraprotein's course, no immunoglobulin's results; the
        # name written again would lose the word that says so
        return match.group()
    # "The patient's blood level of PRL markedly decreased from 25,270.0 to 948.2 ng/ml"
    # (Journal of Medical Case Reports, CUPCase row 1412): "blood" is the specimen (a dipstick's
    # name only in a urinalysis), the test is the name after it.
    inner = [m for m in ANALYTE_NAME.finditer(match.group("mid")) if m.group().strip()]
    nearer = bool(inner) and _nearer_names_course(match, inner[-1].group())
    if inner and (name.lower() == "blood" or nearer):
        head = match.group("mid")[: inner[-1].start()]
        # The nearer test's course takes the rest of the line along, for a unit written once
        # after the later result. The blood's course does not: its earlier "25,270.0" is the
        # result the report told first (CUPCase row 1412) and would be read twice.
        upto = len(match.string) if nearer else match.end()
        text = f"{inner[-1].group()}{match.string[match.start('mid') + inner[-1].end() : upto]}"
        named = _FROM_TO.match(text)
        if named is not None:
            kept = text[named.end() : len(text) - (upto - match.end())]
            return f"{name}{head}{_from_to(named)}{kept}"
    # "from 8.1 to a creatinine at the time of discharge of 2.3" names the test again.
    again = "" if name.lower() in tail.lower() else f"{name} "
    if not unit.strip() and not tail.strip():
        # "serum creatinine increasing from 0.7 to 1.8 mg/dL" (MedRBench PMC11521799), "a drop
        # in hemoglobin levels from 9.6 to 8.3 g/dL" (PMC11550057): one unit for both
        written = _UNIT_AFTER.match(match.string, match.end())
        unit = f" {written.group('unit')}" if written else ""
    earlier = f"{name} {match.group('x')}{unit} {EARLIER}"  # "has gone up" said nothing more
    return f"{earlier}, {again}{tail}{match.group('y')}"


def _arrow_serial(match: re.Match[str]) -> str:
    name, mid, unit = match.group("name"), match.group("mid"), match.group("unit") or ""
    head = name
    inner = [m for m in ANALYTE_NAME.finditer(mid) if m.group().strip()]
    if inner:  # "glucose her potassium went 7.1 → 4.2": the course is the last name's
        head, name, mid = name + mid[: inner[-1].end()], inner[-1].group(), mid[inner[-1].end() :]
    numbers = re.findall(_NUM, match.group("values"))
    earlier = [f"{name} {n}{unit} {EARLIER}" for n in numbers[:-1]]
    return f"{head}{mid} " + ", ".join([*earlier, f"{name} {numbers[-1]}{unit}"])


def _serial(match: re.Match[str]) -> str:
    name = match.group("name")
    numbers = re.findall(_NUM, match.group("values"))
    earlier = [f"{name} {n} {EARLIER}" for n in numbers[:-1]]
    return f"{name}{match.group('mid')} " + ", ".join([*earlier, f"{name} {numbers[-1]}"])


# Tests a blood gas reports; the first other test named ends the gas results.
_GAS_TESTS = {
    "ph",
    "co2",
    "o2",
    "pco2",
    "po2",
    "hco3",
    "bicarb",
    "bicarbonate",
    "baseexcess",
    "be",
    "lactate",
    "sao2",
    "bloodph",
    "arterialph",
}


def _blood_gas(sentence: str) -> str:
    """In a blood gas report, "pH", "CO2" and "O2" are the gases, and "ABG of 7.34" a pH,
    until the sentence goes on to other tests ("..., sodium of 144, ..., CO2 18")."""
    gas = _BLOOD_GAS.search(sentence)
    if gas is None:
        return sentence
    end = len(sentence)
    for name in ANALYTE_NAME.finditer(sentence, gas.end()):
        if re.sub(r"[\s,\-./()_:]", "", name.group().lower()) not in _GAS_TESTS:
            end = name.start()
            break
    head, tail = sentence[: gas.start()], sentence[gas.start() : end]
    tail = re.sub(r"\bpH\b", "blood pH", tail, flags=re.IGNORECASE)
    tail = re.sub(r"(?<![pP])\bCO2\b", "pCO2", tail)
    tail = re.sub(r"(?<![pPC])\bO2\b", "pO2", tail)
    tail = re.sub(
        r"(?i)\b(abgs?|vbgs?|blood\s+gas(?:es)?)\s+(?:of|was|were|showed|shows?)?\s*(?=[67]\.\d)",
        lambda gas_of: (
            gas_of.group()
            if _ANALYTE_ON.search(head + tail[: gas_of.start()])
            else f"{gas_of.group(1)} blood pH "
        ),
        tail,
    )
    # SaO2 after a blood gas is the analyser's measured arterial saturation (co-oximetry), a
    # lab value, wherever the sentence names it; elsewhere notes write it, as SpO2 always,
    # for a pulse oximeter's reading among the vital signs, no lab value (reader-catalogue4).
    rest = _GAS_SATURATION.sub(_gas_saturation, tail + sentence[end:])
    return head + _SAO2.sub("sO2", rest)


_SAO2 = re.compile(r"\bSaO2\b")
# The gas's saturation in words, among its results: "arterial blood gas analysis showed a pH of
# 7.34, partial pressure of carbon dioxide of 23mmHg, partial pressure of oxygen of 54mm Hg,
# oxygen saturation of 85.9%, actual bicarbonate of 12.2 mmol/L" (MedRBench PMC11628383, left
# by recall29); "Arterial blood gases on admission to our ICU were: pH 7.246; ...; oxygen
# saturation: 99.9%" (Journal of Medical Case Reports, CUPCase row 4432), "... a bicarbonate level
# of 32 mmol per liter and an oxygen saturation of 87%" (row 5100). In the gas's sentence it is
# the analyser's saturation, as "SaO2" there is, also after a name that ends the gas's list for
# "pH" and "CO2" ("partial pressure of carbon dioxide"); a pulse oximeter's reading told among
# vital signs after the gas stays none.
_GAS_SATURATION = re.compile(
    r"(?i)\b(?:oxygen|O2)\s+saturation(?=\s*(?:of|was|is|at|[:=])?\s*\d[\d.]*\s*%)"
)
_VITAL_SIGNS = re.compile(
    r"(?i)\b(?:pulse\s+oximetry|oximeter|SpO2|vital\s+signs?|heart\s+rate|pulse\s+rate|"
    r"blood\s+pressure|respiratory\s+rate|temperature)\b"
)


def _gas_saturation(match: re.Match[str]) -> str:
    # A venous gas's saturation is no arterial saturation: "The venous blood gas analysis
    # results showed pH 6.90, PaCO2 34 mmHg, PaO2 25 mmHg, ..., and oxygen saturation 15%"
    # (dev's cr-ethylene-glycol-venous-gas case, whose truth leaves it out).
    before = match.string[: match.start()]
    if _VITAL_SIGNS.search(before) or VENOUS_SAMPLE.search(before):
        return match.group()  # told among the vital signs, or a venous gas's
    return "sO2"


# A test named before "on the blood gas" keeps the number: "potassium on the blood gas was
# 7.8" (issue #29 quotes it from a held-out case) is the gas analyser's potassium, no pH.
_ANALYTE_ON = re.compile(
    rf"{_NAME}(?i:\s+(?:\w+\s+)?(?:on|from|by)\s+(?:the|an?|his|her|their|a\s+repeat)?\s*"
    r"(?:(?:arterial|venous|capillary|point[-\s]of[-\s]care)\s+)?)$"
)


# --- table cells run together (text taken from PDF or HTML tables) ----------------------

# "0.90Creatinine": the value glued before the name, the range and unit on later lines.
_VALUE_THEN_NAME = re.compile(
    rf"^\s*(?P<x>{_NUM})(?P<name>{_NAME.replace('(?<![A-Za-z0-9])', '', 1)})(?P<rest>.*)$"
)
# " 13.00 - 17.00 g/dL15.00", " 40.00 - 80.00 Segmented Neutrophils %60.00": range, then an
# optional name, then the unit with the value glued to its end.
_RANGE_THEN_VALUE = re.compile(
    rf"^\s*(?P<range>{_NUM}\s*[-–]\s*{_NUM}|[<>]=?\s*{_NUM})\s+(?P<name>(?:[A-Za-z][\w()-]*\s+)*?)"
    rf"(?P<glued>[^\s\d][^\s]*?\d[\d.]*|[^\s\d]*[%/][^\s]*)\s*$"
)
# "NORMALFree T4": a flag word glued to the next name.
_GLUED_FLAG = re.compile(r"\b(NORMAL|HIGH|LOW|ABNORMAL|CRITICAL)(?=[A-Z][a-z])")
# "1100 cells/uLb.", "345 U/Lc.": a list label glued to the unit before its full stop.
_GLUED_LABEL = re.compile(
    r"(?<=\d )(?P<unit>[A-Za-zµ%]+/[A-Za-z0-9]+?)(?P<label>[a-dA-D])\.(?=\s|$)"
)


def value_first_line(line: str) -> str | None:
    """ "Creatinine 0.90" for a line "0.90Creatinine"; None for any other line."""
    match = _VALUE_THEN_NAME.match(line)
    if match is None:
        return None
    return f"{match.group('name')} {match.group('x')} {match.group('rest')}".rstrip()


# "White cell count (×109/L)5.04.0–11.0": the value runs into the range after the unit.
_RUN_AFTER_UNIT = re.compile(r"\)(?P<run>\d[\d.]*[–-]\d+(?:\.\d+)?)")
_PLAIN = re.compile(r"(?:0|[1-9]\d*)(?:\.\d+)?")


def _decimals(number: str) -> int:
    return len(number.partition(".")[2])


def _split_run(match: re.Match[str]) -> str:
    """The value and the range of a run. A range's ends are mostly printed alike ("12-14",
    "4.0–11.0", "150–400"), so a split whose low end has as many decimals as its high end is
    taken first; only where there is none, one whose ends differ ("2.83.5-5" is a potassium
    of 2.8 under 3.5-5, "111.21.71-20.5" a bilirubin of 111.2 under 1.71-20.5). Of those, the
    value with the fewest decimals, then the nearest its range (a result is rarely far
    outside it). "10.212-14" is a haemoglobin of 10.2 under 12-14: splitting it as 1 under
    0.212-14 made a critical haemoglobin of 1.0 (a casebook's tables run together). A run no
    split reads is left as it is, and no number is taken from it."""
    run = match.group("run")
    head, high_text = re.split(r"[–-]", run, maxsplit=1)
    alike: list[tuple[int, float, str, str]] = []
    unlike: list[tuple[int, float, str, str]] = []
    for cut in range(1, len(head)):
        value, low = head[:cut], head[cut:]
        if not (_PLAIN.fullmatch(value) and _PLAIN.fullmatch(low)):
            continue
        v, lo, hi = float(value), float(low), float(high_text)
        if lo > hi:
            continue
        distance = 0.0 if lo <= v <= hi else min(abs(v - lo), abs(v - hi)) / max(hi, 1e-9)
        same = _decimals(low) == _decimals(high_text)
        (alike if same else unlike).append((_decimals(value), distance, value, low))
    splits = alike or unlike
    if not splits:
        return match.group()
    _, _, value, low = min(splits, key=lambda split: split[:2])
    return f") {value} ({low}–{high_text}) "


# "ALT (U/L)301<40": a value run into a one-sided range after the unit.
_VALUE_THEN_BOUND = re.compile(rf"\){RESULT_THEN_BOUND}(?![\d.])")


# "134–145132–140": two ranges run together (the usual one, then another population's).
_TWO_RANGES = re.compile(
    r"(?<![\d.])(?P<lo>\d+(?:\.\d+)?)[–-](?P<mid>[\d.]{2,})[–-](?P<hi>\d+(?:\.\d+)?)(?![\d.])"
)


def _split_ranges(match: re.Match[str]) -> str:
    lo, mid, hi = float(match.group("lo")), match.group("mid"), float(match.group("hi"))
    best: tuple[float, str, str] | None = None
    for cut in range(1, len(mid)):
        first_high, second_low = mid[:cut], mid[cut:]
        if not (_PLAIN.fullmatch(first_high) and _PLAIN.fullmatch(second_low)):
            continue
        if float(first_high) < lo or float(second_low) > hi:
            continue
        spread = float(first_high) / max(lo, 1e-9)  # the tighter first range is the likelier
        if best is None or spread < best[0]:
            best = (spread, first_high, second_low)
    if best is None:
        return match.group()
    return f"{match.group('lo')}–{best[1]} {best[2]}–{match.group('hi')}"


def unglue(line: str, known_unit: object) -> str:
    """A line of cells run together, written as "name value unit (range)"."""
    line = _GLUED_FLAG.sub(r"\1 ", line)
    line = _RUN_AFTER_UNIT.sub(_split_run, line)
    line = _VALUE_THEN_BOUND.sub(lambda m: f") {m.group('value')} ({m.group('bound')}) ", line)
    line = _TWO_RANGES.sub(_split_ranges, line)
    line = _GLUED_LABEL.sub(lambda m: f"{m.group('unit')} {m.group('label')}.", line)
    match = _RANGE_THEN_VALUE.match(line)
    if match is None:
        return line
    split = _split_unit_value(match.group("glued"), known_unit)
    if split is None:
        return line
    unit, value = split
    return f"{match.group('name')}{value} {unit} ({match.group('range').strip()})".strip()


def _split_unit_value(glued: str, known_unit: object) -> tuple[str, str] | None:
    """ "g/dL15.00" -> ("g/dL", "15.00"); "thou/mm38.00" -> ("thou/mm3", "8.00"): the
    longest head that is a known unit, the rest a number."""
    assert callable(known_unit)
    for cut in range(len(glued) - 1, 0, -1):
        head, tail = glued[:cut], glued[cut:]
        if re.fullmatch(_NUM, tail) and not tail.startswith(".") and known_unit(head):
            return head, tail
    return None
