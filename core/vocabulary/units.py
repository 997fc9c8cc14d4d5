"""Lab units as written on reports, reduced to one key per unit so ranges can be looked up.

Reports spell the same unit many ways ("x10^9/L", "10*3/uL", "K/uL", "109/L" when a PDF
lost the superscript); all of those mean the same number for a cell count, so they share
a key. The key is for lookup only: a LabValue keeps the unit exactly as the report wrote it.
"""

from __future__ import annotations

import functools
import re

SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")

# Spellings that denote the same quantity, after lowercasing and removing spaces.
_SAME_AS: dict[str, str] = {
    # cell counts per litre (WBC, platelets, differential)
    "10^3/ul": "10^9/l",
    "10^3/mm3": "10^9/l",
    "k/ul": "10^9/l",
    "k/mm3": "10^9/l",
    "thou/ul": "10^9/l",
    "/nl": "10^9/l",
    # red cell counts
    "10^6/ul": "10^12/l",
    "10^6/mm3": "10^12/l",
    "m/ul": "10^12/l",
    "mil/ul": "10^12/l",
    "mill/ul": "10^12/l",
    "million/ul": "10^12/l",
    "/pl": "10^12/l",
    # plain per-microlitre counts
    "cells/ul": "/ul",
    "/mm3": "/ul",
    "cells/mm3": "/ul",
    # same number, different spelling
    "ug/l": "ng/ml",
    "ng/l": "pg/ml",
    "iu/l": "u/l",
    "u/l": "u/l",
    "iu/ml": "u/ml",
    # the international unit as French, Spanish and Italian reports write it (unité
    # internationale): "AST 150 UI/L, ALT 79 UI/L"
    "ui/l": "u/l",
    "ui/ml": "u/ml",
    "mui/ml": "miu/ml",
    "uui/ml": "miu/l",
    "ku/l": "u/ml",  # a kilo-unit per litre is a unit per millilitre (CA 19-9, CA-125)
    "kiu/l": "u/ml",
    "uiu/ml": "miu/l",
    "uu/ml": "miu/l",
    "mu/l": "miu/l",
    "miu/ml": "miu/ml",
    "sec": "s",
    "secs": "s",
    "second": "s",
    "seconds": "s",
    "mm/hr": "mm/h",
    "mm/1hr": "mm/h",
    "mm/1h": "mm/h",
    "mm/hour": "mm/h",
    "mm/1sthour": "mm/h",
    "mm/1sthr": "mm/h",
    "ml/min/1.73m^2": "ml/min/1.73m2",
    "ml/min/1.73": "ml/min/1.73m2",
    "ml/min/1.73sqm": "ml/min/1.73m2",
    "ml/min": "ml/min/1.73m2",
    "ratio": "",
    "index": "",
    "percent": "%",
    "mm hg": "mmhg",
    # A blood gas's partial pressures in torr (1 Torr is 1 mmHg to within 2 parts in 10^7):
    # "anion-gap metabolic acidosis (pH 6.92, pCO2 < 5 torr, base deficit 28)" (J Med Case
    # Rep, CUPCase row 53); read without its unit, the number was taken for kPa.
    "torr": "mmhg",
    "thou/mm3": "10^9/l",
    # "mM/L" as case reports print millimoles per litre ("lactic acid ... 7.54 mM/L")
    "mm/l": "mmol/l",
    # plasma renin activity: angiotensin I made per hour
    "ng/ml/hr": "ng/ml/h",
    "ng/ml/hour": "ng/ml/h",
    "ng/mlperh": "ng/ml/h",
    "ng/ml/hr.": "ng/ml/h",
    # Indian reports count platelets in lakhs (100,000) per cubic millimetre.
    "lakh/cumm": "lakh/ul",
    "lakhs/cumm": "lakh/ul",
    "lakh/mm3": "lakh/ul",
    "lakhs/mm3": "lakh/ul",
    "lakhs/ul": "lakh/ul",
    "10^5/ul": "lakh/ul",  # a lakh is 10^5
    "10^5/mm3": "lakh/ul",
    "10^4/mm3": "10^4/ul",
    "thou/cumm": "10^9/l",
    "mill/mm3": "10^12/l",
    "mill/cmm": "10^12/l",
    "mill/cumm": "10^12/l",
    "million/mm3": "10^12/l",
    "cells/cumm": "/ul",
    "/cumm": "/ul",
    "cumm": "/ul",
    "mosm/kg": "mosm/kg",
    "mosm/kgh2o": "mosm/kg",
    "ug/mlfeu": "ug/ml",
    "gm/gm": "g/g",
    "gm": "g",
    "gm/dl": "g/dl",
    "gms/dl": "g/dl",
    "gm%": "g/dl",
    "g%": "g/dl",
    "cells/cmm": "/ul",
    "/cmm": "/ul",
    # amounts per day (24-hour urine collections)
    "mg/day": "mg/24h",
    "mg/d": "mg/24h",
    "mg/24hr": "mg/24h",
    "mg/24hrs": "mg/24h",
    "mg/24hours": "mg/24h",
    "g/day": "g/24h",
    "g/d": "g/24h",
    "g/24hr": "g/24h",
    "g/24hrs": "g/24h",
    "g/24hours": "g/24h",
    "g/24hour": "g/24h",
    "mg/24hour": "mg/24h",
    "ug/day": "ug/24h",
    "ug/24hr": "ug/24h",
    "ug/24hrs": "ug/24h",
    "mmol/day": "mmol/24h",
    "mg/24": "mg/24h",
    "mmol/24hr": "mmol/24h",
    "nmol/day": "nmol/24h",
    "nmol/24hr": "nmol/24h",
    "nmol/24hrs": "nmol/24h",
    "nmol/24hours": "nmol/24h",
    "nmol/24hour": "nmol/24h",
    # a ratio to creatinine said in words: "1023 nmol/mmol of creatinine"
    "nmol/mmolofcreatinine": "nmol/mmol",
    "nmol/mmolcreatinine": "nmol/mmol",
    # micromolar ("µM") and nanomoles per millilitre are micromoles per litre
    "um": "umol/l",
    "nmol/ml": "umol/l",
}

_EXPONENT = re.compile(r"^(?:x|×|\*)?10(?:\^|\*|e)?(\d{1,2})/")
# A count with the cell's own name before the volume, as case reports write it: "a
# platelet count of 842,000 platelets/mcL" and "18,700 WBCs/mcL" (MedRBench PMC11584938),
# "platelet variation (from 98000 elements/mcL" (PMC11378097), "3 leukocytes/μL": a count
# per microlitre like "cells/µL". Unconverted, such a count had no flag and a critical one
# was never telephoned.
_NAMED_COUNT = re.compile(
    r"^(?:platelets?|plts?|elements?|wbcs?|rbcs?|leu[ck]ocytes?|neutrophils?|lymphocytes?)/"
    r"(?=(?:ul|mm3|cumm|cmm)$)"
)
# A thousand written out as the power: "platelet count (862 × 1000/mm3, normal range:
# 150-450 × 1000/mm3)" (PMC11460625), "345 × 1000/μL": 10^3 per microlitre.
_THOUSAND = re.compile(r"^(?:x|×|\*)1000/(?=(?:ul|mcl|mm3)$)")


@functools.lru_cache(maxsize=4096)  # reports repeat a few dozen spellings; called per value
def unit_key(unit: str | None) -> str:
    """The lookup key of a unit as written ("x10^9/L" -> "10^9/l"); "" for no unit."""
    if not unit:
        return ""
    key = unit.strip().lower().translate(SUPERSCRIPT_DIGITS).replace(" ", "")
    key = key.replace("µ", "u").replace("μ", "u").replace("²", "2").replace("³", "3")
    key = key.rstrip(".,;:")
    key = _THOUSAND.sub("10^3/", key)
    # "10e9/l", "x10*9/l" and "109/l" (superscript lost in a PDF) all mean 10^9/l
    key = _EXPONENT.sub(r"10^\1/", key)
    key = re.sub(r"/mcl$", "/ul", key)
    key = _NAMED_COUNT.sub("cells/", key)
    key = re.sub(r"/(?:lit(?:re|er)?|ltr)$", "/l", key)  # "meq/lit", "mmol/litre"
    key = re.sub(r"^mc(?=g|mol|l)", "u", key)
    if _LAKH.fullmatch(key):
        return "lakh/ul"
    return _SAME_AS.get(key, key)


# A lakh (100,000) of platelets per cubic millimetre as Indian case reports spell it, with or
# without the volume: "platelet count of 1.4 lac/cumm" (CaseReportBench item 11), "a platelet
# count of 5.14 lakhs/cu.mm" (item 88), "platelet count was 1.2 lakhs". Unfolded, the number
# had no unit: 5.14 was flagged nothing and a bare 1.2 was read as 1.2 x10^9/L, a critical.
_LAKH = re.compile(r"la(?:kh|c)s?(?:/(?:cu\.?mm|cumm|cmm|mm3|ul|cu))?")


# A power of ten written with its exponent set apart ("×10 9 /l", "× 10(9)/litre"), as
# case reports print a superscript; written the usual way before a line is read.
SPACED_EXPONENT = re.compile(
    r"(?i)(?P<x>[x×*])\s*10\s*(?:\(\s*(?P<p>[0-9]{1,2})\s*\)|\s(?P<s>[0-9]{1,2}))\s*/\s*"
    r"(?P<per>litre|liter|l|[uµμ]l|mm3)(?![A-Za-z])"
)


# A cube and a micro prefix set apart the same way: "17,800/mm 3 ;", "17.4 μ g/dL".
_SPACED_CUBE = re.compile(r"(?<=/)(?P<per>mm|cm)\s(?P<n>3)(?![0-9])")
_SPACED_MICRO = re.compile(r"(?<=[0-9,(\s])(?P<mu>[µμ])\s(?=(?:g|mol|l|L|IU|U)\b)")


# A count per microlitre or cubic millimetre written out (reader-catalogue4): "12,300 per µL",
# "45,000 per cu mm", "10,500 cells per microliter", "14040 cells/cu mm". UCUM: µL and mm3
# are one volume, and a count per µL is the count per 10^-6 L (x10^3/µL is 10^9/L).
# "mmc" is the cubic millimetre as Italian reports write it (millimetro cubo): "white blood
# cells 3060/mmc, neutrophils 1930/mmc" (MedRBench PMC11509757), "a platelet count of
# 175.000/mmc" (PMC11506947), "white blood cell count, 14.120 cells/mmc" (PMC11642214).
_PER_VOLUME = re.compile(
    r"(?i)(?<=[0-9])(?P<cells>\s*cells)?\s*(?:\bper\s+|/\s*)"
    r"(?:(?P<ul>microlit(?:er|re)s?|mcl)|(?P<mm>cu\.?\s?mm|cubic\s+millimet(?:er|re)s?|mmc))\b"
    r"|(?<=[0-9])(?P<cells2>\s*cells)?\s*\bper\s+(?P<unit>[µμu]l|mm3|mm³)(?![A-Za-z0-9])"
)


def _per_volume(match: re.Match[str]) -> str:
    cells = "cells" if (match.group("cells") or match.group("cells2")) else ""
    if match.group("unit"):
        return f" {cells}/{match.group('unit')}"
    return f" {cells}/µL" if match.group("ul") else f" {cells}/mm3"


# Pandoc's markdown of a superscript or a subscript: "10^9^/L", "m^2^", "pCO~2~", "HCO~3~^-^"
# (a DOCX or a web page turned into text by pandoc). Read as the characters it marks, the
# power of ten of "Platelets (10^9^/L)" was taken for a platelet count of 10, critical (a
# casebook's tables as belovedshark/ClinicalDiagnosis_RAG stores them).
_PANDOC_MARK = re.compile(r"(?<=[0-9A-Za-z])([\^~])([0-9⁰-⁹+\-−]{1,3})\1")


def _unmarked(match: re.Match[str]) -> str:
    """A power as "^9", an ion's charge or a subscript as plain characters ("Ca2+", "CO2")."""
    marked = match.group(2)
    power = match.group(1) == "^" and not re.search(r"[+\-−]", marked)
    return f"^{marked}" if power else marked


def plain_exponent(text: str) -> str:
    """ "×10 9 /l" and "× 10(9)/litre" as "×10^9/l"; "/mm 3" as "/mm3", "μ g" as "μg";
    "per µL" and "/cu mm" as "/µL" and "/mm3"; pandoc's "10^9^/L" and "pCO~2~" as "10^9/L"
    and "pCO2"."""
    if "^" in text or "~" in text:  # most lines hold no mark: no pass over them
        text = _PANDOC_MARK.sub(_unmarked, _PANDOC_MARK.sub(_unmarked, text))  # "HCO~3~^-^"

    def written(match: re.Match[str]) -> str:
        per = match.group("per")
        per = "l" if per.lower() in ("litre", "liter") else per
        return f"{match.group('x')}10^{match.group('p') or match.group('s')}/{per}"

    text = _SPACED_CUBE.sub(r"\g<per>\g<n>", SPACED_EXPONENT.sub(written, text))
    text = _PER_VOLUME.sub(_per_volume, text)
    return _SPACED_MICRO.sub(r"\g<mu>", text)


# A unit with a power of ten ("x10^9/L", "10*3/µL", "x 10E9 / L"); matched before plain tokens.
EXPONENT_UNIT = re.compile(
    r"(?:[x×*]\s*)?10\s*(?:\^|\*|[eE])?\s*(?:[0-9]{1,2}|[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2})\s*/\s*"
    r"(?:[uµμ]l|mcl|l|mm3|mm³|nl|pl)(?![A-Za-z])",
    re.IGNORECASE,
)
