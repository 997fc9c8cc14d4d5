"""A drug's level told without the drug's name: the sentences before it name the drug.

Toxicology reports name the drug once and tell its level as "the level": "She had been
taking digoxin 0.25 mg daily for atrial fibrillation. The serum level was 4.2 ng/mL." The
level's sentence names no test, so the reader found no name to hang the number on and a
toxic level was never read (issue #29, the known open class of the critical values). Here
the level takes the name of the drug last named before it, when:

- the drug is one of the critical list's (``critical.CRITICAL_LIMITS``: a level telephoned);
- no other test is named between the drug and the number (the level is the drug's, not
  "the TSH level" told after it);
- the phrase is only a determiner, specimen or time words, "level" or "concentration" and a
  verb ("The serum level was", "a level of", "Her repeat level came back at"): "the
  phenytoin level" names another drug and is left alone;
- the number's unit, when written, is one the drug is measured in (ng/mL for digoxin, mmol/L
  for lithium), so that a level in another unit (a glucose "level" of 40 mg/dL) never becomes
  the drug's; a number without its unit is judged as the drug's in every unit it fits, as
  any unitless result is (critical.is_critical): "Upon checking a digoxin level, it was
  quickly confirmed that he had digoxin toxicity. His level was 7.58!" (a clinical
  pharmacist's case, meded101.com, 2015).
"""

from __future__ import annotations

import re

from core.analysis.labs.critical import CRITICAL_LIMITS
from core.analysis.labs.patterns import ALIASES, ANALYTE_NAME, alias_key
from core.vocabulary.catalog import BY_NAME
from core.vocabulary.units import unit_key

_DRUGS = frozenset({"Digoxin", "Lithium", "Salicylate", "Paracetamol"}) & set(CRITICAL_LIMITS)
# The words a drug's name takes in prose that the catalogue does not list as its names:
# "aspirin" for the salicylate a laboratory measures, "Tylenol" for paracetamol.
_DRUG_WORDS = re.compile(r"(?i)\b(?:aspirin|tylenol)\b")
_WORD_DRUG = {"aspirin": "Salicylate", "tylenol": "Paracetamol"}
_UNNAMED_LEVEL = re.compile(
    r"\b(?P<det>[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Aa]n?)\s+"
    r"(?P<words>(?:(?:initial|first|admission|serum|plasma|blood|drug|peak|repeat(?:ed)?"
    r"|subsequent|follow-up|\d+-hours?|\d+-h)\s+){0,3})"
    r"(?P<noun>levels?|concentrations?)"
    # the hours since the ingestion: "The level at 4 hours was", "the level 6 hours after
    # ingestion was"
    r"(?:\s+(?:at|after)\s+\d+(?:\.\d+)?\s*(?:h|hrs?|hours?)\b"
    r"(?:\s+(?:post[-\s]?ingestion|after\s+(?:the\s+)?(?:ingestion|overdose)))?"
    r"|\s+\d+(?:\.\d+)?\s*(?:h|hrs?|hours?)\s+(?:post[-\s]?ingestion|after\s+(?:the\s+)?"
    r"(?:ingestion|overdose)))?"
    r"(?P<verb>(?:\s+(?:was|were|is|measured|came\s+back|returned|found\s+to\s+be|to\s+be|of|at"
    r"|on\s+admission|initially|markedly|elevated|raised|high))+)\s+"
    r"(?=(?P<num>\d+(?:\.\d+)?)(?:\s*(?P<unit>[A-Za-zµμ]+/[A-Za-z]+)\b)?)"
)
_SENTENCE_END = re.compile(r"(?<!\d)\.\s+(?=[A-Z])")
_SENTENCES_BACK = 2  # how far back the drug may be named


def name_unnamed_levels(line: str) -> str:
    """``line`` with each unnamed drug level written with the drug's name before "level"."""
    out, last = [], 0
    for match in _UNNAMED_LEVEL.finditer(line):
        drug = _drug_before(line[: match.start()])
        unit = match.group("unit")
        if drug is None or (unit is not None and not _measured_in(drug, unit)):
            continue
        out.append(line[last : match.start("noun")])
        out.append(f"{drug.lower()} ")
        last = match.start("noun")
    return "".join(out) + line[last:] if out else line


def _drug_before(before: str) -> str | None:
    """The drug named last in the sentences just before (and in the level's own sentence
    before the level), when no other test is named after it."""
    ends = [m.end() for m in _SENTENCE_END.finditer(before)]
    start = ends[-_SENTENCES_BACK - 1] if len(ends) > _SENTENCES_BACK else 0
    told = before[start:]
    named = [
        (m.start(), ALIASES[alias_key(m.group())][0].name) for m in ANALYTE_NAME.finditer(told)
    ]
    named += [(m.start(), _WORD_DRUG[m.group().lower()]) for m in _DRUG_WORDS.finditer(told)]
    if not named:
        return None
    name = max(named)[1]
    return name if name in _DRUGS else None


def _measured_in(drug: str, unit: str) -> bool:
    analyte = BY_NAME.get(drug)
    return analyte is not None and unit_key(unit) in {r.unit for r in analyte.ranges}
