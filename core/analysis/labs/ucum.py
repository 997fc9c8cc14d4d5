"""UCUM codes for the lab parser's unit keys (``core.vocabulary.units.unit_key``).

UCUM (unitsofmeasure.org) is case-sensitive and spells some units its own way: "10*9/L"
for 10^9/L, "m[IU]/L", "mL/min/{1.73_m2}" (the annotation form US Core uses for eGFR). A
unit key stands for spellings that are the same quantity, so one code serves them all
("ng/L" and "pg/mL" are one number). A key not listed gets no code: the Quantity then
carries the unit as the report wrote it, and no system.
"""

from __future__ import annotations

from core.vocabulary.units import unit_key

UCUM_SYSTEM = "http://unitsofmeasure.org"

UCUM: dict[str, str] = {
    "g/dl": "g/dL",
    "g/l": "g/L",
    "mg/dl": "mg/dL",
    "mg/l": "mg/L",
    "ug/dl": "ug/dL",
    "ng/dl": "ng/dL",
    "ng/ml": "ng/mL",
    "pg/ml": "pg/mL",
    "mmol/l": "mmol/L",
    "umol/l": "umol/L",
    "nmol/l": "nmol/L",
    "pmol/l": "pmol/L",
    "meq/l": "meq/L",
    "mmol/mol": "mmol/mol",
    "%": "%",
    "l/l": "L/L",
    "10^9/l": "10*9/L",
    "10^12/l": "10*12/L",
    "/ul": "/uL",
    "fl": "fL",
    "pg": "pg",
    "u/l": "U/L",
    "u/ml": "U/mL",
    # a viral load's copies (an annotation: UCUM counts them as a number) and a coagulation
    # inhibitor's Bethesda units
    "copies/ml": "{copies}/mL",
    "bu/ml": "[beth'U]/mL",
    "miu/l": "m[IU]/L",
    "miu/ml": "m[IU]/mL",
    "mg/g": "mg/g",
    "mg/mmol": "mg/mmol",
    "mg/24h": "mg/(24.h)",
    "g/24h": "g/(24.h)",
    "ug/24h": "ug/(24.h)",
    "mmol/24h": "mmol/(24.h)",
    "nmol/24h": "nmol/(24.h)",
    "umol/24h": "umol/(24.h)",
    "mm/h": "mm/h",
    "s": "s",
    # an enzyme's activity in SI units, the katal (1 µkat/L is 60 U/L): Nordic reports
    "ukat/l": "ukat/L",
    "nkat/l": "nkat/L",
    # Doppler velocities of an imaging report ("Right ICA PSV is 0.595 m/s"): known as
    # velocities, so they fit no lab test (the internal carotid artery is no ionised calcium).
    "m/s": "m/s",
    "cm/s": "cm/s",
    "cm/sec": "cm/s",
    "ml/min/1.73m2": "mL/min/{1.73_m2}",
    "ug/ml": "ug/mL",
    "mmhg": "mm[Hg]",
    "kpa": "kPa",
    "mosm/kg": "mosm/kg",
    "g/g": "g/g",
    "mg/mg": "mg/mg",
    "mmol/mmol": "mmol/mmol",
    "umol/mmol": "umol/mmol",  # orotic acid per creatinine
    "nmol/mmol": "nmol/mmol",  # porphyrins per creatinine
    "lakh/ul": "10*5/uL",
    "10^4/ul": "10*4/uL",
    "coi": "{COI}",  # a cut-off index (M2BPGi)
    "mau/ml": "{mAU}/mL",  # PIVKA-II's milli-arbitrary units, as an annotation
    "ng/ml/h": "ng/mL/h",  # plasma renin activity  # a lakh is 10^5 (South Asian platelet counts)
    # catalog29's antibodies: UCUM's international unit, else the assay's arbitrary unit as
    # an annotation ({EU}: an ELISA unit, not UCUM's Ehrlich unit [EU])
    "iu": "[IU]",
    "ai": "{AI}",
    "eu/ml": "{EU}/mL",
    "ru/ml": "{RU}/mL",
    "ug/g": "ug/g",  # faecal calprotectin per gram of stool
    # an antibody's titre, the dilution's denominator (titre29): UCUM's annotation, as
    # LOINC's example units for [Titer] write it
    "titer": "{titer}",
}


def ucum_code(unit: str | None) -> str | None:
    """The UCUM code of a unit as a report wrote it ("x10^9/L" -> "10*9/L"); None when
    there is no unit or we know no code for it."""
    key = unit_key(unit)
    return UCUM.get(key) if key else None
