"""A lab value in the unit a threshold is written in: "Glucose 7.8 mmol/L" as 140.5 mg/dL.

A report may leave the unit out; the analyte's catalog ranges then say which unit system
the number belongs to, the same way the parser chose its reference range.
"""

from __future__ import annotations

from collections.abc import Callable

from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME
from core.vocabulary.units import unit_key

# Conversions into the units the thresholds are written in: (from unit, to unit) -> convert.
_CONVERSIONS: dict[str, dict[tuple[str, str], Callable[[float], float]]] = {
    "Glucose": {("mmol/l", "mg/dl"): lambda x: x * 18.016},
    "Fasting glucose": {("mmol/l", "mg/dl"): lambda x: x * 18.016},
    "HbA1c": {("mmol/mol", "%"): lambda x: 0.0915 * x + 2.15},
    "Hemoglobin": {("g/l", "g/dl"): lambda x: x / 10, ("mmol/l", "g/dl"): lambda x: x * 1.611},
    "Potassium": {("meq/l", "mmol/l"): lambda x: x},
    "Sodium": {("meq/l", "mmol/l"): lambda x: x},
    "Platelets": {
        ("/ul", "10^9/l"): lambda x: x / 1000,
        ("lakh/ul", "10^9/l"): lambda x: x * 100,
        ("10^4/ul", "10^9/l"): lambda x: x * 10,
    },
    "eGFR": {("", "ml/min/1.73m2"): lambda x: x},
    # SI results against limits written in conventional units (issue #29: a calcium of
    # 1.4 mmol/L was never compared with the critical 6.6 mg/dL).
    "Calcium": {("mmol/l", "mg/dl"): lambda x: x * 4.008, ("mg/l", "mg/dl"): lambda x: x / 10},
    # Magnesium is divalent: 1 mEq/L is 0.5 mmol/L, 1.2155 mg/dL (issue #29: "magnesium level:
    # 0.7 mEq/L" is under the critical 1.0 mg/dL).
    "Magnesium": {
        ("mmol/l", "mg/dl"): lambda x: x * 2.431,
        ("meq/l", "mg/dl"): lambda x: x * 1.2155,
        ("meq/l", "mmol/l"): lambda x: x / 2,
    },
    "Hematocrit": {("l/l", "%"): lambda x: x * 100},
    "WBC": {("/ul", "10^9/l"): lambda x: x / 1000},
    # Into cells per µL only, the critical limit's unit: the neutropenia rule
    # (rules/hematology.py) asks for 10^9/L, and a conversion into it would change the
    # counts it takes.
    "Neutrophils": {("10^9/l", "/ul"): lambda x: x * 1000, ("10^6/l", "/ul"): lambda x: x},
    "Fibrinogen": {("g/l", "mg/dl"): lambda x: x * 100},
    # Issue #29: blood gases and drug levels into the units their critical limits use.
    "pCO2": {("kpa", "mmhg"): lambda x: x * 7.50062},
    "pO2": {("kpa", "mmhg"): lambda x: x * 7.50062},
    "Lactate": {("mg/dl", "mmol/l"): lambda x: x / 9.008, ("meq/l", "mmol/l"): lambda x: x},
    "Ionised calcium": {("mg/dl", "mmol/l"): lambda x: x / 4.008},
    "Bicarbonate": {("meq/l", "mmol/l"): lambda x: x},
    "Lithium": {("meq/l", "mmol/l"): lambda x: x},
    "Salicylate": {
        ("mg/l", "mg/dl"): lambda x: x / 10,
        ("ug/ml", "mg/dl"): lambda x: x / 10,
        ("mmol/l", "mg/dl"): lambda x: x * 13.81,
    },
    "Paracetamol": {("mg/l", "ug/ml"): lambda x: x, ("umol/l", "ug/ml"): lambda x: x / 6.615},
    "Digoxin": {("nmol/l", "ng/ml"): lambda x: x * 0.781},
    # Issue #27: SI and conventional results on one trend axis (and the KDIGO creatinine
    # rules in mg/dL). Factors from the molar masses: creatinine 113.12 g/mol (88.42),
    # urea 60.06 (6.006), urea nitrogen 28.01 (2.801), cholesterol 386.65 (38.67),
    # triglycerides as triolein 885.7 (88.57), phosphorus 30.97 (3.097), uric acid
    # 168.1 (59.48), bilirubin 584.7 (17.1).
    "Creatinine": {("umol/l", "mg/dl"): lambda x: x / 88.42},
    "Urea": {("mg/dl", "mmol/l"): lambda x: x / 6.006},
    "BUN": {("mmol/l", "mg/dl"): lambda x: x * 2.801},
    "Total cholesterol": {("mmol/l", "mg/dl"): lambda x: x * 38.67},
    "LDL cholesterol": {("mmol/l", "mg/dl"): lambda x: x * 38.67},
    "HDL cholesterol": {("mmol/l", "mg/dl"): lambda x: x * 38.67},
    "Triglycerides": {("mmol/l", "mg/dl"): lambda x: x * 88.57},
    "Phosphate": {("mmol/l", "mg/dl"): lambda x: x * 3.097},
    "Uric acid": {("umol/l", "mg/dl"): lambda x: x / 59.48},
    "Total bilirubin": {("umol/l", "mg/dl"): lambda x: x / 17.1},
    "Albumin": {("g/l", "g/dl"): lambda x: x / 10},
    "Total protein": {("g/l", "g/dl"): lambda x: x / 10},
}


def unit_of(value: LabValue) -> str:
    """The unit key a value is in: as written, or for a value written without one, the
    unit system its analyte's ranges place the number in."""
    analyte = BY_NAME.get(value.analyte)
    known = analyte.range_for(value.unit, value.value) if analyte else None
    return known.unit if known else unit_key(value.unit)


def converter(analyte: str, source: str, unit: str) -> Callable[[float], float] | None:
    """How a number of ``analyte`` in ``source`` becomes one in ``unit`` (unit keys);
    None when no conversion is known."""
    if source == unit:
        return lambda x: x
    return _CONVERSIONS.get(analyte, {}).get((source, unit))


def amount(value: LabValue | None, unit: str) -> float | None:
    """The value in ``unit`` (a unit key), or None when its unit system is unknown."""
    if value is None:
        return None
    convert = converter(value.analyte, unit_of(value), unit)
    return convert(value.value) if convert else None
