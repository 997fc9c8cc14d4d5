"""The author's own word on a result, where the printed number says the opposite.

A case report names its findings beside the numbers: "neutrophilic leukocytosis with a total
white blood cell count of 1.4551 × 10⁹/L" (PMC11418098), "Her hematology results were near
the normal ranges (hemoglobin 10.8 g/dl, ..., platelet count 24 × 10^3/μl, ...)" (Journal of
Medical Case Reports, CUPCase row 1694), "Her haematological and biochemical parameters were
within normal limits (...; serum ionized calcium 2.2mmol/L; ...)" (CUPCase row 2766: the
normal total calcium of 2.2 mmol/L named ionised). When the number is beyond a critical
limit and the author's word for the same result is the other side (a high finding over a
low number) or "normal", one of the two is a misprint (a misplaced point, a lost digit, the
wrong test named), and the number cannot be trusted: the parser keeps it as a doubtful read
(shown for the doctor to check, never telephoned, never the ground of a diagnosis), which is
what issue #29 asks of a number that cannot be the patient's result as printed.

Only a number beyond a critical limit is judged here: an author's "normal" loosely covers a
haemoglobin of 10.8 or a WBC of 23 in the same bracket, and such a slightly abnormal number
is read as printed.
"""

from __future__ import annotations

import re

# A verdict of normal whose bracket lists the results it covers: "were within normal limits
# (", "near the normal ranges (", "was normal (", "a normal platelet count (".
_NORMAL_BRACKET = re.compile(
    r"(?i)\b(?:(?:with)?in|near|at)\s+(?:the\s+)?normal\s+(?:limits?|ranges?|values?)\s*\("
    r"|\b(?:were|was|are|is)\s+(?:all\s+)?(?:normal|unremarkable)\s*\("
)
# "normal platelet count (15 × 10^9/L)": the verdict said just before the test's name.
_NORMAL_NAME = re.compile(r"(?i)(?<![-\w])normal\s+(?:(?:serum|blood|plasma|total)\s+)?$")
# What lets a normal verdict's bracket hold an abnormal result: "normal except for ...".
_EXCEPT = re.compile(
    r"(?i)\b(?:except|but|apart\s+from|aside\s+from|other\s+than|besides|save\s+for|"
    r"excluding|with\s+the\s+exception)\b"
)
# The findings an author names for each side of a test: (high, low).
_FINDINGS: dict[str, tuple[str, str]] = {
    "WBC": (r"(?:hyper)?leu[ck]ocytosis", r"leu[ck]openia|pancytopenia|agranulocytosis"),
    "Platelets": (r"thrombocytosis|thrombocyth(?:a)?emia", r"thrombocytopenia|pancytopenia"),
    "Potassium": (r"hyperkal(?:a)?emia", r"hypokal(?:a)?emia"),
    "Sodium": (r"hypernatr(?:a)?emia", r"hyponatr(?:a)?emia"),
    "Glucose": (r"hyperglyc(?:a)?emia", r"hypoglyc(?:a)?emia"),
    "Calcium": (r"hypercalc(?:a)?emia", r"hypocalc(?:a)?emia"),
    "Magnesium": (r"hypermagnes(?:a)?emia", r"hypomagnes(?:a)?emia"),
    "Hemoglobin": (r"polycyth(?:a)?emia|erythrocytosis", r"an(?:a)?emi[ac]|pancytopenia"),
    "Hematocrit": (r"polycyth(?:a)?emia|erythrocytosis", r"an(?:a)?emi[ac]|pancytopenia"),
}
# The finding governs the test told right after it ("leukocytosis with a total white blood
# cell count of"), not one told after a change ("thrombocytopenia, which resolved with a
# platelet count of ...").
_FINDING_REACH = 60
_CHANGE = re.compile(
    r"(?i)\b(?:resolv|improv|recover|normali[sz]|correct|revers|ros[ea]|rising|increas|"
    r"fell|fall|drop|decreas|declin|turn|progress|chang|becam|after|follow|then|later|"
    r"despite|treat|from)\w*"
)


def contradicted(analyte: str, flag: str | None, before: str, sentence: str) -> bool:
    """True when the author's words for the result told after ``before`` (the sentence up
    to the test's name) call it normal, or name the other side's finding of the test, while
    the number is ``flag`` ("high" or "low"). ``sentence`` is the whole sentence."""
    if _NORMAL_NAME.search(before) or _in_normal_bracket(before):
        return True
    findings = _FINDINGS.get(analyte)
    if findings is None or flag not in ("high", "low"):
        return False
    same, other = findings if flag == "high" else findings[::-1]
    if re.search(rf"(?i)\b(?:{same})", sentence):
        return False  # both sides named: a course ("leukopenia ... then leukocytosis")
    clause = re.split(r";", before)[-1]
    named = list(re.finditer(rf"(?i)\b(?:{other})\b", clause))
    if not named:
        return False
    between = clause[named[-1].end() :]
    return len(between) <= _FINDING_REACH and not _CHANGE.search(between)


def _in_normal_bracket(before: str) -> bool:
    """True when the text before the test's name is inside a still open bracket that a
    verdict of normal opened, with no exception named in it."""
    verdicts = list(_NORMAL_BRACKET.finditer(before))
    if not verdicts:
        return False
    inside = before[verdicts[-1].end() :]
    return inside.count(")") < inside.count("(") + 1 and not _EXCEPT.search(inside)
