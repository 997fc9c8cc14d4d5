"""Round twenty's audit of the critical values (issue #29): an analyte's plausible ceiling is
what a body can hold, so it is one ceiling whatever unit the report writes. Troponin I's
was 100 in ng/mL but 1,000,000 pg/mL (1000 ng/mL), so "cardiac troponin I (cTnI, 101.30
ng/mL)" in fulminant myocarditis (MedRBench PMC11622249) was a doubtful read, never
telephoned, while the same troponin written in pg/mL was read."""

from __future__ import annotations

from collections.abc import Callable

from core.analysis.labs.conversion import unit_of
from core.analysis.labs.dimensions import _registry
from core.analysis.labs.parse import parse_lab_values
from core.analysis.labs.ucum import UCUM
from core.vocabulary.analytes import UnitRange
from core.vocabulary.catalog import CATALOG

# Molar masses (g/mol) of the analytes the catalogue holds in a mass and a substance unit.
# fmt: off
_MOLAR_MASS = {
    "Hemoglobin": 16_114.5, "Glucose": 180.16, "Fasting glucose": 180.16,
    "Postprandial glucose": 180.16, "Estimated average glucose": 180.16, "Urea": 60.06,
    "BUN": 28.014, "Creatinine": 113.12, "Calcium": 40.08, "Ionised calcium": 40.08,
    "Magnesium": 24.305, "Phosphate": 30.97, "Uric acid": 168.11, "Sodium": 22.99,
    "Potassium": 39.10, "Lactate": 89.07, "Total cholesterol": 386.65,
    "LDL cholesterol": 386.65, "HDL cholesterol": 386.65, "VLDL cholesterol": 386.65,
    "Non-HDL cholesterol": 386.65, "Triglycerides": 885.7, "Total bilirubin": 584.66,
    "Direct bilirubin": 584.66, "Indirect bilirubin": 584.66, "Free T4": 776.87,
    "Total T4": 776.87, "Free T3": 650.97, "Total T3": 650.97, "NT-proBNP": 8457,
    "Iron": 55.845, "TIBC": 55.845, "UIBC": 55.845, "Vitamin D": 400.64,
    "1,25-dihydroxyvitamin D": 416.64, "Vitamin B12": 1355.37, "Folate": 441.4,
    "Ammonia": 17.031, "Cortisol": 362.46, "Testosterone": 288.42, "DHEA-S": 368.49,
    "ACTH": 4541, "17-hydroxyprogesterone": 330.46, "Progesterone": 314.46,
    "Estradiol": 272.38, "Androstenedione": 286.4, "Pyruvate": 88.06, "Ethanol": 46.07,
    "Methanol": 32.04, "Acetone": 58.08, "Beta-hydroxybutyrate": 104.1,
    "Porphobilinogen": 226.23, "PTH": 9425, "C-peptide": 3020.3, "IGF-1": 7649,
    "Insulin": 5808, "Copper": 63.546, "Selenium": 78.96, "Lead": 207.2, "Vitamin A": 286.45,
    "Vitamin E": 430.71, "Vitamin B6": 247.14, "Vitamin C": 176.12, "Valproate": 144.21,
    "Carbamazepine": 236.27, "Salicylate": 138.12, "Paracetamol": 151.16, "Digoxin": 780.94,
    "Beta-2 microglobulin": 11_800, "Metanephrine": 197.23, "Normetanephrine": 183.2,
    "Serotonin": 176.22, "5-HIAA": 191.18,  # catalog29
    "Norepinephrine": 169.18, "Epinephrine": 183.2, "Cholestanol": 388.67,
    "Uroporphyrin": 830.75, "Coproporphyrin": 654.7, "Delta-aminolevulinic acid": 131.13,
}
# fmt: on
# No one molar mass: lipoprotein(a)'s apo(a) isoforms differ in size; PTHrP is measured as
# fragments of different lengths; total porphyrins are a mixture.
_NO_MOLAR_MASS = {"Lipoprotein(a)", "PTHrP", "Total porphyrins"}
# Conversions by convention, not by dimension: (analyte, from, to) -> into ``to``.
_CONVENTIONS: dict[tuple[str, str, str], Callable[[float], float]] = {
    ("Hematocrit", "l/l", "%"): lambda x: x * 100,
    ("HbA1c", "mmol/mol", "%"): lambda x: 0.0915 * x + 2.15,  # IFCC to NGSP
    ("Prolactin", "miu/l", "ng/ml"): lambda x: x / 21.2,  # WHO 3rd IS 84/500
    ("Insulin", "pmol/l", "miu/l"): lambda x: x / 6.0,
    ("AFP", "u/ml", "ng/ml"): lambda x: x * 1.21,
    ("IgE", "u/ml", "ng/ml"): lambda x: x * 2.4,
    ("Urine albumin/creatinine ratio", "mg/mmol", "mg/g"): lambda x: x * 1000 / 113.12,
    ("Urine protein/creatinine ratio", "mg/mmol", "g/g"): lambda x: x / 113.12,
    ("Urine protein/creatinine ratio", "mg/mg", "g/g"): lambda x: x,
    ("Urine calcium/creatinine ratio", "mmol/mmol", "mg/mg"): lambda x: x * 40.08 / 113.12,
}


def _quantity(analyte: str, unit: str) -> object | None:
    """``unit`` as a pint quantity of mass (a substance's moles through the molar mass)."""
    code = UCUM.get(unit)
    if code is None or "{" in code:
        return None  # an assay's arbitrary unit ("{AI}", "{EU}/mL"): nothing to compare
    code = code.replace("[IU]", "U")  # "U/L" and "IU/L" are one kind on a lab report
    factor = 1.0
    if "mol" in code:
        if analyte not in _MOLAR_MASS:
            return None
        code, factor = code.replace("mol", "g"), _MOLAR_MASS[analyte]
    return _registry().from_ucum(code) * factor  # type: ignore[attr-defined]


def _converter(analyte: str, source: str, unit: str) -> Callable[[float], float] | None:
    """How a number of ``analyte`` in ``source`` becomes one in ``unit``; None when the two
    measure different things (a count and a fraction, an amount per day and per litre)."""
    if (analyte, source, unit) in _CONVENTIONS:
        return _CONVENTIONS[(analyte, source, unit)]
    written, own = _quantity(analyte, source), _quantity(analyte, unit)
    if written is None or own is None:
        return None
    dimension = written.dimensionality  # type: ignore[attr-defined]
    if dimension != own.dimensionality or str(dimension) == "dimensionless":  # type: ignore[attr-defined]
        return None
    factor = float((written / own).to("dimensionless").magnitude)  # type: ignore[operator]
    return lambda x: x * factor


def _ceiling(span: UnitRange) -> float:
    """The most a body can hold in the span's unit, the unit written (``fits_written``)."""
    return max(span.limit, span.extreme or span.limit)


def test_a_mass_and_a_substance_concentration_are_compared_through_the_molar_mass() -> None:
    # Every analyte held in both a mass and a substance concentration has its molar mass in
    # the table above, so the ceiling test below cannot pass by skipping it.
    unknown = []
    for analyte in CATALOG:
        codes = [UCUM.get(span.unit) or "" for span in analyte.ranges]
        if any("mol/" in c for c in codes) and any("g/" in c for c in codes):
            known = _MOLAR_MASS.keys() | _NO_MOLAR_MASS | {name for name, _, _ in _CONVENTIONS}
            if analyte.name not in known:
                unknown.append(analyte.name)
    assert unknown == []


def test_an_analyte_has_one_ceiling_whatever_its_unit() -> None:
    # Each unit's ceiling in the analyte's first unit, within a quarter of the first one's
    # (the spans are round numbers): troponin I's 1,000,000 pg/mL against 100 ng/mL was ten
    # times apart (MedRBench PMC11622249's "cTnI, 101.30 ng/mL" fell between them).
    apart = []
    for analyte in CATALOG:
        first = analyte.ranges[0] if analyte.ranges else None
        for span in analyte.ranges[1:]:
            convert = _converter(analyte.name, span.unit, first.unit) if first else None
            if first is None or convert is None:
                continue
            ceiling, own = convert(_ceiling(span)), _ceiling(first)
            if max(ceiling, own) > 1.25 * min(ceiling, own):
                apart.append(f"{analyte.name}: {first.unit} {own:g}, {span.unit} {ceiling:g}")
    assert apart == []


def test_a_troponin_i_over_100_ng_ml_is_read_and_telephoned() -> None:
    # MedRBench PMC11622249 (fulminant myocarditis): "Further workup revealed markedly
    # elevated cardiac troponin I (cTnI, 101.30 ng/mL) and N-terminal pro-brain-type
    # natriuretic peptide (NT-proBNP, 28283.00 pg/mL) levels".
    text = (
        "Further workup revealed markedly elevated cardiac troponin I (cTnI, 101.30 ng/mL) "
        "and N-terminal pro-brain-type natriuretic peptide (NT-proBNP, 28283.00 pg/mL) levels."
    )
    troponins = [v for v in parse_lab_values(text) if v.analyte == "Troponin I"]
    assert [(v.value, v.doubtful, v.critical) for v in troponins] == [(101.3, False, True)]
    # Written in pg/mL, the same troponin was always read; without a unit, a number over
    # 100 is still guessed in pg/mL, never ng/mL.
    text = "cardiac troponin I 101300 pg/mL"
    assert [(v.value, v.doubtful) for v in parse_lab_values(text)] == [(101300.0, False)]
    assert [unit_of(v) for v in parse_lab_values("troponin I 150")] == ["pg/ml"]
