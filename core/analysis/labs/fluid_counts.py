"""A body fluid's cell count named without its cell: the fluid's white cells.

A CSF, ascitic or pleural fluid analysis counts the nucleated cells, and case reports name the
count by the fluid alone: "The cerebrospinal fluid (CSF) analysis showed neutrophilic
pleocytosis with a total cell count of 11,342 cells/µL" (MedRBench PMC11438534), "revealed a
cell count of 5 cells/µL, a protein level of 92 mg/dL" (PMC11472140), "a total count of 1692
cells/mm3" (PMC11534418), "Ascitic fluid analysis revealed cloudy fluid with a total nucleated
count of 49,300 cells/mm3" (PMC11424232), "pleural LDH 749 U/L, red blood cells 320,000/uL,
nucleated cells 3368/uL" (Journal of Medical Case Reports, CUPCase row 1986). No catalogue
name held them, so each went unread. After the fluid's name (rewrite.py finds it), such a
count followed by a number of cells per microlitre is written as the white cell count; the
sentence names the specimen, and only where the specimen it names last before the count is
the fluid: "(pleural fluid protein/ serum protein ~0.68, ... of serum LDH), with increased
lymphocytes (total cells 3300/mm3" (PMC11615976) names serum last, and a blood white count
of 3300 would be false. A count named by its cell ("red blood cell count", "CD4 cell count")
keeps its name.

The count may also be told without a name at all, as a number of cells right after the verb
or colon that opens the fluid's results: "Cerebrospinal fluid (CSF) analysis revealed 29
cells/mm3 (neutrophils, 4%; lymphocytes, 96%)" (MedRBench PMC11512595), "partial improvement of
CSF features: 53 cells/mm³ (95 % lymphocytes); protein 311 mg/dL" (PMC11406475), "CSF analysis
was done which showed 162 cells/cumm, glucose- 44 mg/dl" (PMC11632747). The same rule holds:
the fluid is the specimen named last before the number.
"""

from __future__ import annotations

import re

from core.analysis.labs.context import fluid_named_last

_COUNT_NAME = re.compile(
    r"(?i)(?<![\w-])(?P<name>total\s+(?:nucleated\s+)?(?:cell\s+)?count|nucleated\s+(?:cell\s+)?"
    r"count|cell\s+count|(?:total\s+)?nucleated\s+cells|total\s+cells)"
    # what may stand between the name and its number: a verb, a verdict, a bracket
    r"(?=\s*(?:of|was|were|is|:|=|at)?\s*(?:(?:mildly|markedly|slightly|elevated|increased"
    r"|raised|high|low)\s+)*\(?\s*\d[\d,.]*\s*(?:cells?|leu[ck]ocytes|elements)?\s*(?:/|per\s)"
    r"\s*(?:µl|μl|ul|mcl|mm3|mm³|mm\^3|cumm|microlit))"
)
# The word before a count that names its cell: that count is the cell's, not the fluid's.
_CELL_BEFORE = re.compile(
    r"(?i)(?:blood|white|red|wbc|rbc|platelet|cd\d+\+?|neutrophil|lymphocyte|eosinophil"
    r"|monocyte|sperm|stem|colony|reticulocyte|plasma|tumou?r|differential|absolute)\s*$"
)


# A number of cells right after the words that open a fluid's results, with a count's unit,
# unless a name stands before the colon.
_BARE_COUNT = re.compile(
    r"(?i)(?P<lead>\b(?:revealed|showed|shows|demonstrated)\s+|:\s*)"
    r"(?=\d[\d,.]*\s*cells?\s*(?:/|per\s)\s*(?:µl|μl|ul|mcl|mm3|mm³|mm\^3|cumm|microlit))"
)
_NAMED_BEFORE = re.compile(r"(?i)(?:count|cells?|wbc|rbc|leu[ck]ocytes|\))\s*$")


def _white_cells(match: re.Match[str]) -> str:
    before = match.string[: match.start()]
    if _CELL_BEFORE.search(before) or not fluid_named_last(before):
        return match.group()
    return "white cell count"


def _named_count(match: re.Match[str]) -> str:
    before = match.string[: match.start()]
    # "White blood cell count: 7600 cells/µL" (PMC11609108) is named before its colon
    if _NAMED_BEFORE.search(before) or not fluid_named_last(match.string[: match.end()]):
        return match.group()
    return f"{match.group('lead')}white cell count "


def fluid_cell_counts(sentence: str) -> str:
    """``sentence`` with the bare cell counts of the body fluid it names last before each
    written as that fluid's white cell count."""
    return _BARE_COUNT.sub(_named_count, _COUNT_NAME.sub(_white_cells, sentence))
