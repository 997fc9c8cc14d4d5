"""Whether a unit can measure an analyte: its UCUM code's physical dimension (through the
``ucumvert`` UCUM parser and ``pint``) against the dimensions of the analyte's own units.

"PT 13.4 seconds" is a time, never an INR (a unitless ratio); "CK 616 U/L" is a catalytic
activity, never a creatinine (a mass or substance concentration). A mass concentration
fits an analyte reported in mmol/L only through its molar mass, so mass and substance
concentrations count as one kind here: the ranges then say which one the number is.
A unit we hold no UCUM code for cannot be judged, and is let through.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from core.analysis.labs.ucum import UCUM
from core.vocabulary.analytes import Analyte, UnitRange
from core.vocabulary.units import unit_key

# A concentration by mass and one by amount of substance are the same kind of result.
_SAME_KIND = {"[mass] / [length] ** 3": "[substance] / [length] ** 3"}
# Reports write enzyme activities and hormones alike in "U" and "IU" ("AST 107 IU/L", "TSH
# 2.8 IU/mL"): UCUM's enzyme unit (a catalytic activity) and its arbitrary [IU] are one kind
# of result on a lab report.
_UNITS_PER_VOLUME = "[units] / [length] ** 3"
# The SI unit of an enzyme's activity, the katal (mol/s), as Scandinavian and Central-European
# reports print it ("ALT 19.7 µkat/L", "CK 12.26 nkat/L"): a catalytic activity like U/L.
_KATAL = re.compile(r"[mun]?kat/L")
# A code that is only an annotation ("{COI}", a cut-off index) is UCUM's unity: the parser
# hands back the bare annotation, which has no dimension to ask for.
_ANNOTATION = re.compile(r"\{[^{}]*\}")


@cache
def _registry() -> object:
    from ucumvert import PintUcumRegistry  # loaded on first use: its grammar takes ~2 s

    return PintUcumRegistry()


@cache
def dimension_of(key: str) -> str | None:
    """The physical dimension of a unit key ("mg/dl" -> "[substance] / [length] ** 3");
    "" for a unitless number; None when the unit is not one we hold a UCUM code for."""
    if key == "":
        return "dimensionless"
    code = UCUM.get(key)
    if code is None:
        return None
    if re.fullmatch(r"m?(?:U|\[IU\])/m?L", code):
        return _UNITS_PER_VOLUME
    if _ANNOTATION.fullmatch(code):
        return "dimensionless"
    registry = _registry()
    dimension = str(registry.from_ucum(code).dimensionality)  # type: ignore[attr-defined]
    if dimension == str(registry.from_ucum("U/L").dimensionality):  # type: ignore[attr-defined]
        return _UNITS_PER_VOLUME  # a catalytic activity in katal: "ALT 19.7 µkat/L"
    return _SAME_KIND.get(dimension, dimension)


@cache
def _scale(key: str, own: str) -> float | None:
    """How many ``own`` one ``key`` is, by UCUM through pint, when both measure exactly the
    same quantity (1 g/dL is 10,000 mg/L; 1 µkat/L is 60 U/L); None otherwise (a mass against
    an amount of substance needs the molar mass, which this does not guess)."""
    code, own_code = UCUM.get(key), UCUM.get(own)
    if code is None or own_code is None or _ANNOTATION.search(code + own_code):
        return None
    registry = _registry()
    try:
        written = registry.from_ucum(code)  # type: ignore[attr-defined]
        other = registry.from_ucum(own_code)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - a code pint cannot read is no scale
        return None
    if written.dimensionality != other.dimensionality:
        return None
    return float((written / other).to("dimensionless").magnitude)


def _katal_factor(key: str, own: str) -> float | None:
    """The scale of a katal unit ``key`` to ``own``; None unless ``key`` is in katal."""
    code = UCUM.get(key)
    return _scale(key, own) if code is not None and _KATAL.fullmatch(code) else None


def _scaled(
    analyte: Analyte,
    unit: str | None,
    factor_of: Callable[[str, str], float | None],
    *,
    with_reference: bool,
) -> UnitRange | None:
    """The analyte's first range whose unit ``factor_of`` scales ``unit`` to, in ``unit``:
    its possible span always, its reference range only ``with_reference``."""
    key = unit_key(unit)
    if not key or key in {r.unit for r in analyte.ranges}:
        return None
    for own in analyte.ranges:
        factor = factor_of(key, own.unit)
        if not factor:
            continue

        def scaled(bound: float | None, by: float = factor) -> float | None:
            return bound / by if bound is not None else None

        low = scaled(own.low) if with_reference else None
        high = scaled(own.high) if with_reference else None
        return UnitRange(
            key, low, high, own.floor / factor, own.limit / factor, True, scaled(own.extreme)
        )
    return None


def katal_range(analyte: Analyte, unit: str | None) -> UnitRange | None:
    """An enzyme's default range (and plausible span) in the katal unit a report wrote, from
    its range in U/L: "ALT 19.7 µkat/L" is an ALT of 1182 U/L, high; None for any other unit."""
    return _scaled(analyte, unit, _katal_factor, with_reference=True)


def possible_span(analyte: Analyte, unit: str | None) -> UnitRange | None:
    """What a body can hold of ``analyte`` in a unit the catalogue keeps no range in but that
    measures the same quantity as one it does: "CRP at 0.6 g/dL" is 6,000 mg/L, beyond any
    patient's (a milligram unit printed as grams). Only the possible span is scaled; the
    reference range stays the catalogue's, in its own units."""
    return _scaled(analyte, unit, _scale, with_reference=False)


def measures_no_count(unit: str | None) -> bool:
    """True when ``unit`` as written is known to measure something other than a number per
    volume (an enzyme's µkat/L, a concentration's mmol/L); False for a count's unit
    ("K/μL", "cells/mm³") and for a unit we hold no code for."""
    key = unit_key(unit)
    if not key:
        return False
    written = dimension_of(key)
    return written is not None and written != dimension_of("/ul")


def unit_fits(analyte: Analyte, unit: str | None) -> bool:
    """False when ``unit`` as written is known and measures something ``analyte`` is not
    measured in (seconds for an INR, U/L for a creatinine); True otherwise."""
    key = unit_key(unit)
    if not unit or not key or not analyte.ranges:
        return True
    if key in {r.unit for r in analyte.ranges}:
        return True
    written = dimension_of(key)
    if written is None:
        return True
    own = {dimension_of(r.unit) for r in analyte.ranges}
    return written in own or None in own
