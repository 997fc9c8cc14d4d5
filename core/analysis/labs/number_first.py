"""Results written before the test's name: "4+ blood", "negative nitrites", "68 segs",
"0 white blood cells, 3200 red blood cells", "with 68 chloride"."""

from __future__ import annotations

import re
from dataclasses import replace

from core.analysis.labs.patterns import ANALYTE_NAME, QUALITATIVE
from core.analysis.labs.result import Outcome, qualitative_value
from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME, Analyte
from core.vocabulary.units import unit_key

# Names written after their value in notes: "7 stabs, 68 segs, 15 lymphs, and 9 monos".
VALUE_FIRST = {"segs", "stabs", "bands", "lymphs", "monos", "eos", "basos", "polys", "pmns"}
_LEADING_NUMBER = re.compile(r"(?<![\d.])(?P<num>\d{1,3}(?:\.\d)?)\s*(?P<pct>%)?\s*$")
# Cells counted in a sentence, number first: "showed 0 white blood cells, 3200 red blood
# cells", "with 11 red cells", "5% bands, 54% lymphocytes". The number must open its clause,
# also after a participle: "with a differential showing 70% neutrophils and 0% eosinophils"
# (MedRBench PMC11416202), "a white blood cell count of 4.82 × 109/L ..., comprising 64.7%
# neutrophils" (PMC11600914): the first of each list was lost (twenty-eighth round).
CELLS = {
    "WBC",
    "RBC",
    "Neutrophils",
    "Lymphocytes",
    "Monocytes",
    "Eosinophils",
    "Basophils",
    "Bands",
}
# The left shift a differential prints among them, number first, only as a percentage: "(54%
# neutrophils, 8% lymphocytes, 13% monocytes, 1% blasts, 2% promyelocytes, 7% metamyelocytes,
# and 11% band forms)" (MedRBench PMC11521446, a chronic myeloid leukaemia's count: the three
# immature cells were lost while the others of the list were read).
# Never a bone marrow's count told in the sentence ("Bone marrow aspirate showed hypercellular
# marrow with 85% blasts"): no blood's result.
LEFT_SHIFT = {"Blasts", "Promyelocytes", "Myelocytes", "Metamyelocytes"}
_MARROW_SAID = re.compile(r"(?i)\b(?:marrow|aspirates?|biops(?:y|ies)|flow\s+cytometry)\b")
_CLAUSE_NUMBER = re.compile(
    r"(?:^|[,;:(]|\b(?:of|with|and|including|showed|shows|showing|revealed|revealing|had|has|"
    r"comprising|demonstrating)\b)\s*"
    r"(?P<num>\d{1,6}(?:\.\d+)?)\s*(?P<pct>%)?\s*$"
)
# A cell's name in the singular after its number counts cells ("1 neutrophil") unless the
# number is a percentage ("92% neutrophil, 4.2% lymphocyte").
SINGULAR_CELL = re.compile(r"(?i)^\s*(?:neutrophil|lymphocyte|monocyte|eosinophil|basophil)\s*$")
_LEADING_WORD = re.compile(QUALITATIVE.pattern + r"\s*$")
# One word for two dipstick tests: "Urinalysis was negative for nitrite and leukocyte
# esterase" (the word before the first name is the second's too).
_SHARED_WORD = re.compile(
    QUALITATIVE.pattern + r"\s+(?:for\s+)?(?:" + ANALYTE_NAME.pattern + r")\s*(?:,|and|or)\s*$"
)
# ... and for a list of them: "His urine was dark brown and turbid, and negative for glucose,
# bilirubin, ketones, leukoesterase, and nitrite" (Journal of Medical Case Reports, CUPCase
# row 2212): the word before the list is every listed test's, read from the sentence.
_SHARED_BY_A_LIST = re.compile(
    QUALITATIVE.pattern
    + r"\s+(?:for\s+)?(?:(?:"
    + ANALYTE_NAME.pattern
    + r")\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+))+$"
)
_GRADE_BEFORE = re.compile(r"(?i)\b(?:trace|[1-4]\+)\s*$")
# The urine named between a dipstick's grade and its test: "he was also found to have 3+
# urinary protein" (MedRBench PMC11635891), "bicarbonate of 6.7 mEq/L, and 3+ urinary ketone
# bodies", "with negative levels of urinary glucose" (J Med Case Rep, CUPCase row 1240). The
# word names the specimen: the grade before it is the urine's result, in any sentence.
_URINE_BEFORE_NAME = re.compile(r"(?i)\s+(?:urinary|urine)\s*$")
# An amount per day written before the name: "Urine analysis showed a 1 g/day proteinuria".
_PER_DAY_FIRST = re.compile(
    r"(?i)(?:^|\b(?:a|an|of|with|showed|revealed|had|has)\b)\s*"
    r"(?P<num>\d{1,5}(?:\.\d+)?)\s*(?P<unit>[mµu]?g\s*/\s*(?:day|d|24\s*h(?:ours?|rs?)?))\s*$"
)


# A count's unit printed right after the cells' name, number first: "240 white blood cells per
# mm3 (89% lymphocytes, 11% monocytes), 10 red blood cells per mm3" (a lumbar puncture,
# Journal of Medical Case Reports, CUPCase row 3181); "The CSF showed 0 leukocytes/μL and 50
# erythrocytes/μL" (row 4511); a pleural fluid's "10,386 red blood cells/μL, and 3088 white
# blood cells/μL" (row 487). Without its unit a body fluid's count is no count a doctor can read.
_COUNT_UNIT_AFTER = re.compile(
    r"(?i)^\s*(?:cells?\s*)?(?:per\s+|/\s*)(?:(?P<mm3>mm3|mm³|cu(?:bic)?\.?\s*mm\b|cubic\s+"
    r"millimet(?:er|re)s?)|(?P<ul>[µμu]l\b|microlit(?:er|re)s?\b))"
)


def _count_unit(after: str) -> str | None:
    match = _COUNT_UNIT_AFTER.match(after)
    if match is None:
        return None
    return "/mm3" if match.group("mm3") else "/μL"


def read_value_first(
    analyte: Analyte, name: str, clause: str, in_urine: bool, sentence: str = "", after: str = ""
) -> Outcome:
    """A result written before the name: "4+ blood", "negative nitrites" in a urinalysis
    sentence, "68 segs" in a differential count. ``sentence`` is the sentence up to the name,
    for a word shared by a list of tests ("negative for glucose, ketones, and nitrite");
    ``after`` the text after the name, for a count's unit ("240 white blood cells per mm3")."""
    if analyte.name == "24-hour urine protein" and _GRADE_BEFORE.search(clause):
        # "a specific gravity of 1.010, trace proteinuria": a dipstick grade is no day's amount
        analyte = replace(analyte, urine_form="Urine protein")
        in_urine = True
    graded = clause
    urine_named = _URINE_BEFORE_NAME.search(clause)
    if urine_named and (analyte.urine_form or analyte.qualitative):
        graded, in_urine = clause[: urine_named.start()], True
    if (in_urine and analyte.urine_form) or analyte.qualitative:
        target = BY_NAME.get(analyte.urine_form or "") if not analyte.qualitative else analyte
        # "large amount of blood", "negative for ketones", "negative levels of urinary glucose"
        leading = re.sub(r"(?i)\s*(?:amounts?\s+of|levels?\s+of|for)\s*$", " ", graded)
        word = _LEADING_WORD.search(leading) or (
            _SHARED_WORD.search(clause) or _SHARED_BY_A_LIST.search(sentence)
        )
        if target is not None and target.qualitative and word:
            return Outcome(qualitative_value(target, word.group("word")))
    per_day = _PER_DAY_FIRST.search(clause)
    fits = [r for r in analyte.ranges if per_day and r.unit == unit_key(per_day.group("unit"))]
    if per_day and fits and fits[0].fits(float(per_day.group("num"))):
        return Outcome(
            LabValue(
                analyte=analyte.name,
                value=float(per_day.group("num")),
                unit=per_day.group("unit"),
                specimen="urine" if analyte.specimen == "urine" else None,
            )
        )
    number = _LEADING_NUMBER.search(clause)
    if number and re.sub(r"[\s,\-./()_:]", "", name.lower()) in VALUE_FIRST:
        return Outcome(LabValue(analyte=analyte.name, value=float(number.group("num")), unit="%"))
    counted = _CLAUSE_NUMBER.search(clause)
    if counted and analyte.name in CELLS and SINGULAR_CELL.match(name) and not counted.group("pct"):
        return Outcome(None)  # "(19 lymphocytes, 1 neutrophil)": cells counted, no percentage
    if counted and analyte.name in LEFT_SHIFT and counted.group("pct"):
        if _MARROW_SAID.search(sentence):
            return Outcome(None)
        return Outcome(LabValue(analyte=analyte.name, value=float(counted.group("num")), unit="%"))
    if counted and analyte.name in CELLS:
        differential = analyte.name not in ("WBC", "RBC") and float(counted.group("num")) <= 100
        unit = "%" if counted.group("pct") or differential else None
        if unit is None and analyte.name in ("WBC", "RBC"):
            unit = _count_unit(after)
        return Outcome(LabValue(analyte=analyte.name, value=float(counted.group("num")), unit=unit))
    return Outcome(None)


def read_number_first(analyte: Analyte, clause: str, segment: str) -> Outcome:
    """ "Sodium is 107, with 68 chloride and potassium of 2.8": when nothing follows the
    name but its clause opens with a number, that number is its value."""
    counted = _CLAUSE_NUMBER.search(clause)
    if counted is None or counted.group("pct") or re.match(r"\s*[<>]?\d", segment):
        return Outcome(None)
    value = float(counted.group("num"))
    if not analyte.ranges or not analyte.plausible(value):
        return Outcome(None)
    # No range of its own: a blood value is given the usual range for this patient where it
    # is read (``with_usual_range``); a CSF or urine value ("CSF analysis: 68 glucose") none,
    # never the blood's.
    return Outcome(LabValue(analyte=analyte.name, value=value))


# A count whose unit names its cells, number first and no name before it: "severe and
# persistent thrombocytosis (reaching up to 1028,000 platelets/mcL) with associated
# leukocytosis (reaching up to 26,900 WBCs/mcL)" (MedRBench PMC11584938, recall28: the peaks,
# the last counts told, were lost, "platelets/mcL" taken whole for a unit). The cells' name
# is put before the number, as rewrite._CELLS_IN_UNIT does for "21 × 10^9 platelets/L"; where
# a name leads to the number ("a white blood cell (WBC) count of 18,700 WBCs/mcL") the name
# has read it and the line is left, and so where a power of ten comes before the number
# ("10.41 × 10 3 platelets/µL" is "10.41 × 10^3/µL"). Cells named in words ("0 leukocytes/μL
# and 50 erythrocytes/μL" of a CSF) are read number first already (read_value_first).
_COUNT_NAMED_IN_UNIT = re.compile(
    r"(?i)(?<![\d.,])(?P<num>\d{1,4}(?:,\d{3})+|\d{1,7})\s+"
    r"(?P<cells>platelets|WBCs?|RBCs?)"
    r"\s*/\s*(?P<volume>mcL|[µμu]L|mm3|mm³)\b"
)


def counts_named_in_their_unit(line: str) -> str:
    """The line with each count written "1028,000 platelets/mcL" after no name of a test
    written "platelets 1028000 /mcL"."""

    def named(match: re.Match[str]) -> str:
        leading = re.split(r"[(;:]|,\s|\.\s", line[: match.start()])[-1]
        if ANALYTE_NAME.search(leading) or re.search(r"\b10\s*\^?\s*$", leading):
            return match.group()
        count = match.group("num").replace(",", "")
        return f"{match.group('cells')} {count} /{match.group('volume')}"

    return _COUNT_NAMED_IN_UNIT.sub(named, line)
