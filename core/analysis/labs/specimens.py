"""What a lab value was measured in, in the clinic's words: serum/plasma, whole blood,
arterial blood, urine, CSF, pleural or other fluid (issue #29).

A value keeps ``specimen`` None for blood (old records too); which blood it was comes from
the catalogue (a blood count and a blood gas are whole blood, a chemistry serum or plasma)
and, for a blood gas, from its source line ("ABG", "arterial", "PaO2").
"""

from __future__ import annotations

import re

from core.insights import LabValue
from core.vocabulary.analytes import BLOOD_COUNT
from core.vocabulary.catalog import BY_NAME

SERUM_OR_PLASMA = "serum/plasma"
WHOLE_BLOOD = "whole blood"
ARTERIAL_BLOOD = "arterial blood"

# Tests run on whole blood (EDTA or heparinised), whatever their panel.
_WHOLE_BLOOD = frozenset(
    {"HbA1c", "Blood pH", "pCO2", "pO2", "Base excess", "Ionised calcium", "Tacrolimus", "ESR"}
)
# A gas's standard bicarbonate (catalog30) is calculated by the gas analyser from its sample.
_BLOOD_GAS = frozenset(
    {"Blood pH", "pCO2", "pO2", "Base excess", "Oxygen saturation", "Standard bicarbonate"}
)
_ARTERIAL = re.compile(r"(?i)\barterial\b|\babgs?\b|\bpa(?:o2|co2)\b")
# The words that tell a sample as venous blood: in a heading ("8 h, venous blood on room
# air"), before a gas's results ("a venous blood gas showed ...") or as the gas's abbreviation.
# One list for the table reader, the line rewriting and the critical check.
VENOUS_SAMPLE = re.compile(r"(?i)\bvenous\b|\bvbgs?\b")
_VENOUS = re.compile(VENOUS_SAMPLE.pattern + r"|\bpv(?:o2|co2)\b")
_ARTERIAL_WORDS = re.compile(r"(?i)\barterial\b|\babgs?\b")
BLOOD_NAMES = frozenset(
    {None, "blood", "serum", "plasma", SERUM_OR_PLASMA, WHOLE_BLOOD, ARTERIAL_BLOOD}
)


def is_blood(value: LabValue) -> bool:
    """True for a value measured in blood, serum or plasma (the blood ranges apply)."""
    return value.specimen in BLOOD_NAMES


def specimen_of(value: LabValue) -> str:
    """ "urine", "csf", "pleural fluid" as read; for blood, which blood the test uses."""
    if value.specimen and value.specimen not in BLOOD_NAMES:
        return value.specimen
    analyte = BY_NAME.get(value.analyte)
    if value.analyte in _BLOOD_GAS:
        line = value.source_line or ""
        if _ARTERIAL.search(line) and not _VENOUS.search(line):
            return ARTERIAL_BLOOD
        return WHOLE_BLOOD
    if value.analyte in _WHOLE_BLOOD or (analyte is not None and analyte.panel == BLOOD_COUNT):
        return WHOLE_BLOOD
    return SERUM_OR_PLASMA


def venous_gas(value: LabValue) -> bool:
    """True for a blood gas's result its own line tells as a venous sample's ("a venous blood
    gas showed pO2 29 mmHg"). Authors write "PaO2" in a venous gas too ("The venous blood gas
    analysis results showed pH 6.90, PaCO2 34 mmHg, PaO2 25 mmHg", dev's ethylene glycol
    case): only the words "arterial" or "ABG" make such a line an arterial sample's."""
    line = value.source_line or ""
    return (
        value.analyte in _BLOOD_GAS
        and bool(_VENOUS.search(line))
        and not _ARTERIAL_WORDS.search(line)
    )


def shown_analyte(value: LabValue) -> str:
    """The test's name as the clinic says it for its specimen. A body fluid's pH is read as
    the catalogue's "Body fluid pH" (round twelve); a record kept before then holds it under
    "Blood pH" with the fluid as its specimen, and is shown as "pH", never the blood's."""
    if value.analyte.startswith("Blood ") and not is_blood(value):
        return value.analyte.removeprefix("Blood ")
    return value.analyte
