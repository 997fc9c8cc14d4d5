"""Units of a viral load and of a coagulation inhibitor's titre as case reports write them
(issue #29, round fifteen).

- A viral load is told as a number times a power of ten: "HCV-RNA and HBV-DNA quantitative
  tests were 5.9 × 10^5 copies/mL and 4.1 × 10^6 copies/mL, respectively" (Journal of
  Medical Case Reports, CUPCase row 4904). The power belongs to the number, not to the
  unit (as it does in a cell count's "× 10^9/L"): the line is given the number written out,
  590000 copies/mL, so that the mantissa is never read as the load.
- A load on a log scale is no count of copies or units: "HCV RNA (2.9 log IU/ml) was detected
  again" (CUPCase row 1001) is 10^2.9 IU/mL, never 2.9 IU/mL. The number is taken out with its
  log, so that no load is read from it.
- A Bethesda titre writes its unit in words with its abbreviation inside: "a high-titer FVIII
  inhibitor of 102 Bethesda units (BU)/ml" (CUPCase row 887) is 102 BU/ml.
- An HIV viral load is often told as a bare "viral load" beside the infection or the CD4 count
  (round eighteen): "confirmed active HIV infection with a high viral load (559,032
  copies/ml) and a low CD4+ lymphocyte count" (MedRBench PMC11540929), "His CD4 + count was
  low at 12 cells/mm3 (424 – 1509) and viral load was elevated at 548,000 cp/mL"
  (PMC11647459), "a CD4+ T-lymphocyte count of 69 cells/mL (CD4/CD8 ratio: 4%) and a plasma
  viral load of 2180,000 copies/mL" (PMC11609539). In a sentence that names HIV or a CD4
  count and no other virus, such a load is HIV's; elsewhere (a hepatitis, CMV or EBV load) it
  stays unnamed. "cp/mL" is copies per millilitre.
"""

from __future__ import annotations

import re

from core.vocabulary.units import SUPERSCRIPT_DIGITS

# Only the units a load is counted in per millilitre: copies, international units.
_POWER_OF_TEN_LOAD = re.compile(
    r"(?<![\d.,])(?P<num>\d{1,3}(?:\.\d{1,4})?)\s*[×xX*]\s*10\s*(?:\^\s*(?P<exp>\d{1,2})|"
    r"(?P<sup>[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}))(?=\s*(?:copies|IU|iu|UI)\s*/\s*m[lL]\b)"
)
_LOG_LOAD = re.compile(
    r"(?i)(?<![\d.,])\d{1,2}(?:\.\d{1,3})?\s*log(?:10|\s*10)?\b(?:\s*(?:copies|IU|UI)\s*/\s*ml\b)?"
)
_BETHESDA = re.compile(r"(?i)\bBethesda\s+units?\s*(?:\(\s*BU\s*\)\s*)?/\s*m[lL]\b")


_HIV_BESIDE = re.compile(r"\bHIV\b|\bCD4\b|\bCD-4\b|\bAIDS\b|antiretroviral")
_OTHER_VIRUS = re.compile(
    r"(?i)\b(?:HBV|HCV|HDV|HEV|CMV|EBV|BKV?|JCV?|HPV|HHV-?\d|HTLV|SARS|hepatitis"
    r"|cytomegalovirus|epstein|polyoma|adenovir\w*|parvovir\w*|herpes)\b"
)
_BARE_LOAD = re.compile(
    r"(?i)(?<!HIV )(?<!HIV-1 )(?<!HIV 1 )\b(?:(?:plasma|serum)\s+)?viral\s+loads?\b"
)
_ANY_LOAD = re.compile(r"(?i)\bviral\s+loads?\b")
_COPIES = re.compile(r"(?<=\d)(\s*)cp\s*/\s*m[lL]\b")
# "At that time, HIV viral load had dropped to 1 million" (PMC11520005): millions without a
# unit are no load to read (never a load of 1); they are taken out, as a log-scale load is
_MILLIONS_UNWRITTEN = re.compile(
    r"(?i)(?<![\d.,])\d+(?:\.\d+)?\s+million\b"
    r"(?=\s*(?:[.,;:)\]]|$|(?:and|in|at|by|after|before|with|on|but|when|while)\b))"
)
# "2180,000 copies/mL (6.34 log)" (PMC11609539): thousands set apart after four digits
_FOUR_DIGIT_HEAD = re.compile(r"(?<![\d.,])(\d{4}),(\d{3})(?=\s*copies\s*/\s*m[lL]\b)")


def _hiv_load(sentence: str) -> str:
    if not _HIV_BESIDE.search(sentence) or _OTHER_VIRUS.search(sentence):
        return sentence
    sentence = _COPIES.sub(r"\1copies/mL", _BARE_LOAD.sub("HIV viral load", sentence))
    sentence = _MILLIONS_UNWRITTEN.sub("millions", sentence)
    return _FOUR_DIGIT_HEAD.sub(r"\1\2", sentence)


def hiv_viral_loads(line: str) -> str:
    """The line with each bare viral load of a sentence about HIV named HIV's."""
    if not _ANY_LOAD.search(line):
        return line
    return "".join(
        _hiv_load(part) if index % 2 == 0 else part
        for index, part in enumerate(re.split(r"((?<=[.;])\s+(?=[A-Z]))", line))
    )


def _written_out(match: re.Match[str]) -> str:
    exponent = int((match.group("exp") or match.group("sup")).translate(SUPERSCRIPT_DIGITS))
    value = float(match.group("num")) * 10**exponent
    return f"{value:.0f}" if value >= 1 else match.group()


def viral_units(line: str) -> str:
    """The line with each load's power of ten multiplied out, a load on a log scale taken out,
    and Bethesda units as BU/ml."""
    line = _LOG_LOAD.sub("a log-scale load", line)
    line = _POWER_OF_TEN_LOAD.sub(_written_out, line)
    return _BETHESDA.sub("BU/ml", line)
