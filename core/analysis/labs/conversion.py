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
    "Platelets": {("/ul", "10^9/l"): lambda x: x / 1000, ("lakh/ul", "10^9/l"): lambda x: x * 100},
    "eGFR": {("", "ml/min/1.73m2"): lambda x: x},
    # SI results against limits written in conventional units (issue #29: a calcium of
    # 1.4 mmol/L was never compared with the critical 6.6 mg/dL).
    "Calcium": {("mmol/l", "mg/dl"): lambda x: x * 4.008},
    "Magnesium": {("mmol/l", "mg/dl"): lambda x: x * 2.431},
    "Hematocrit": {("l/l", "%"): lambda x: x * 100},
    "WBC": {("/ul", "10^9/l"): lambda x: x / 1000},
    # Issue #29: blood gases and drug levels into the units their critical limits use.
    "pCO2": {("kpa", "mmhg"): lambda x: x * 7.50062},
    "pO2": {("kpa", "mmhg"): lambda x: x * 7.50062},
    "Lactate": {("mg/dl", "mmol/l"): lambda x: x / 9.008},
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
}


def amount(value: LabValue | None, unit: str) -> float | None:
    """The value in ``unit`` (a unit key), or None when its unit system is unknown."""
    if value is None:
        return None
    analyte = BY_NAME.get(value.analyte)
    known = analyte.range_for(value.unit, value.value) if analyte else None
    source = known.unit if known else unit_key(value.unit)
    if source == unit:
        return value.value
    convert = _CONVERSIONS.get(value.analyte, {}).get((source, unit))
    return convert(value.value) if convert else None
