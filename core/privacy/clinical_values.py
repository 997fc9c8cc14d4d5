"""Clinical values no recogniser may take for an identifier.

An analyte's name followed by a number is a result, whatever else the name might be: a
patient called "Li Na" must not turn "Na 128 mmol/L" or "Li 1.9" into placeholders, and
a viral load of 1,234,567,890 copies/mL is not a record number. So is a number followed
by a unit a lab writes. The names are the lab catalog's (its aliases included), element
symbols, drug levels and the viral and cell counts a report prints.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from core.privacy.findings import Finding
from core.vocabulary.analytes import Analyte

# Analytes a report names that the lab catalog does not read (yet): symbols, drug
# levels, viral loads and counts.
_MORE_NAMES = (
    "Li", "Lithium", "Zn", "Zinc", "Cu", "Copper", "P", "Phos", "Se", "Pb", "Lead",
    "NH3", "Ammonia", "Lactate", "Digoxin", "Vancomycin", "Vanc", "Gentamicin",
    "Tacrolimus", "Ciclosporin", "Cyclosporine", "Phenytoin", "Valproate", "Carbamazepine",
    "Theophylline", "Methotrexate", "Paracetamol", "Acetaminophen", "Salicylate", "Ethanol",
    "viral load", "VL", "HIV RNA", "HIV-1 RNA", "HIV VL", "HBV DNA", "HCV RNA", "CMV DNA",
    "CMV PCR", "EBV DNA", "BK virus", "CD4", "CD4 count", "CD8", "Anti-Xa", "D-dimer",
)  # fmt: skip
# Units that make the number before them a measurement.
_UNIT = (
    r"(?:copies|cp|IU|U|mIU|uIU|µIU|ng|pg|mg|g|ug|µg|mcg|mmol|µmol|umol|nmol|pmol|mEq|cells"
    r"|log|x\s?10\^?\d+)\s*/\s*(?:[mµu]?L|dL|ml|dl|l|kg|day|24\s?h|mm3|µL|uL)"
    r"|%|mmHg|log(?:10)?\s+copies"
)
_NUMBER = r"[<>≤≥]?\s*\d[\d,]*(?:\.\d+)?"


# Short names are matched as a report writes them ("Na", "Ca", "pH"): "CA 94105" is a
# postcode and "Ph 030..." a telephone number.
_SHORT = 3
_LONGEST_NAME = 4  # words: "HIV-1 RNA", "CD4 count", "Alkaline phosphatase"
_NUMBER_ALONE = re.compile(rf"(?<![\w.,]){_NUMBER}(?![\d])")
# What may stand between a name and its number: "Na: 128", "CD4 (abs) 350", "VL = 1200".
_GAP = re.compile(r"(?:\s*\([^)\n]{1,12}\))?\s*[:=]?\s*$")
_EDGE = "([{,;:'\""


@cache
def _analytes() -> dict[str, list[Analyte]]:
    """Every name a result may follow (short ones as written, long ones lower-cased), with
    the catalog's analytes it names (none for a drug level or a viral load)."""
    from core.vocabulary.catalog import CATALOG

    by_name: dict[str, list[Analyte]] = {}
    for name in _MORE_NAMES:
        by_name[_key(name)] = []
    for analyte in CATALOG:
        for name in {analyte.name, *analyte.aliases, *analyte.urine_aliases}:
            by_name.setdefault(_key(name), []).append(analyte)
    return by_name


def _key(name: str) -> str:
    words = " ".join(name.split())
    return words if len(words) <= _SHORT else words.lower()


# A table's row after its test's name, its cells parted by single spaces or tabs: "Sodium
# (mmol/L) 138 140 140 133–146" (admission, day 20, day 24, reference; BMJ Case Reports
# 235933's table as a page's text gives it). Three numbers in a row are a telephone number's
# shape, and the results after the first were lost; every cell up to the line's end is the
# test's.
_ROW_OF_RESULTS = re.compile(
    r"(?:[ \t]+(?:(?:[<>≤≥]\s?)?\d[\d,]*(?:\.\d+)?(?:\s?[-–—]\s?\d[\d,]*(?:\.\d+)?)?"
    r"[*†‡§!]*|[-–—]))+[ \t]*(?=\n|$)"
)
_VALUE_WITH_UNIT = re.compile(rf"(?<![\w.]){_NUMBER}\s*(?:{_UNIT})(?![\w/])")


def clinical_values(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds a result: an analyte's name and a number it can have (a
    calcium of 94105 is a postcode), or a number and its unit."""
    by_name = _analytes()
    found = []
    for number in _NUMBER_ALONE.finditer(text):
        line_start = text.rfind("\n", 0, number.start()) + 1
        before = text[max(line_start, number.start() - 60) : number.start()]
        gap = _GAP.search(before)
        words = before[: gap.start() if gap else len(before)].split()
        for count in range(min(_LONGEST_NAME, len(words)), 0, -1):
            name = " ".join(words[-count:]).lstrip(_EDGE)
            analytes = by_name.get(_key(name))
            if analytes is not None and _plausible(number[0], analytes):
                row = _ROW_OF_RESULTS.match(text, number.end())
                end = row.end() if row else number.end()
                found.append((number.start() - len(before) + before.rfind(name), end))
                break
    found += [m.span() for m in _VALUE_WITH_UNIT.finditer(text)]
    return found


def _plausible(value: str, analytes: list[Analyte]) -> bool:
    if not analytes:
        return True  # a drug level or a viral load: any number
    number = float(re.sub(r"[^\d.]", "", value) or 0)
    return any(analyte.plausible(number) for analyte in analytes)


def outside_values(text: str, findings: Iterable[Finding]) -> list[Finding]:
    """The findings with every clinical value of ``text`` cut out of them: a name that is
    an analyte's goes, a labelled address that runs into a result keeps the rest."""
    values = sorted(clinical_values(text))
    if not values:
        return list(findings)
    kept: list[Finding] = []
    for found in findings:
        start = found.start
        for value_start, value_end in values:
            if value_end <= start or value_start >= found.end:
                continue
            if value_start > start:
                kept.append(Finding(start, value_start, found.placeholder))
            start = max(start, value_end)
        if start < found.end and text[start : found.end].strip():
            kept.append(Finding(start, found.end, found.placeholder))
    return kept
