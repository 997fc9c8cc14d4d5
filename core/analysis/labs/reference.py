"""Default reference ranges that depend on the patient's sex and age.

A report's own range always wins; these replace the catalog's broad adult range only when
the report gives none and the analyzer knows the patient (age and gender are part of every
case). Adult limits follow the Mayo Clinic Laboratories test catalog's reference values;
children's limits are the wide paediatric intervals of the same catalog (Hb 11.5-15.5 g/dL
from 6 to 12 years, alkaline phosphatase up to 500 U/L while bones grow, creatinine lower
with smaller muscle mass). Where a sex is not "male" or "female" the broad range stays.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.vocabulary.catalog import UnitRange

ADULT_AGE = 18


@dataclass(frozen=True)
class Patient:
    """What the parser may know about the patient: never the name."""

    age: int | None = None
    gender: str | None = None

    @property
    def sex(self) -> str | None:
        gender = (self.gender or "").strip().lower()
        return {"male": "male", "m": "male", "female": "female", "f": "female"}.get(gender)

    @property
    def child(self) -> bool:
        return self.age is not None and self.age < ADULT_AGE


# (analyte, unit key) -> {"male": (low, high), "female": (low, high), "child": (low, high)}
_Limits = tuple[float | None, float | None]
# fmt: off
_BY_PATIENT: dict[tuple[str, str], dict[str, _Limits]] = {
    ("Hemoglobin", "g/dl"): {"male": (13.2, 16.6), "female": (11.6, 15.0), "child": (11.5, 15.5)},
    ("Hemoglobin", "g/l"): {"male": (132, 166), "female": (116, 150), "child": (115, 155)},
    ("Hematocrit", "%"): {"male": (38.3, 48.6), "female": (35.5, 44.9), "child": (35, 45)},
    ("RBC", "10^12/l"): {"male": (4.35, 5.65), "female": (3.92, 5.13)},
    ("Creatinine", "mg/dl"): {"male": (0.74, 1.35), "female": (0.59, 1.04), "child": (0.2, 0.9)},
    ("Creatinine", "umol/l"): {"male": (65, 119), "female": (52, 92), "child": (18, 80)},
    ("Ferritin", "ng/ml"): {"male": (24, 336), "female": (11, 307)},
    ("Uric acid", "mg/dl"): {"male": (3.7, 8.0), "female": (2.7, 6.1)},
    ("HDL cholesterol", "mg/dl"): {"male": (40, None), "female": (50, None)},
    ("HDL cholesterol", "mmol/l"): {"male": (1.0, None), "female": (1.3, None)},
    ("ALT", "u/l"): {"male": (7, 55), "female": (7, 45)},
    ("GGT", "u/l"): {"male": (8, 61), "female": (5, 36)},
    ("ALP", "u/l"): {"child": (40, 500)},
    ("Phosphate", "mg/dl"): {"child": (3.5, 6.5)},
    ("Iron", "ug/dl"): {"male": (50, 150), "female": (35, 145)},
}
# fmt: on


def patient_range(analyte: str, default: UnitRange | None, patient: Patient) -> UnitRange | None:
    """The default range for this patient: by age first (children), then by sex."""
    if default is None:
        return None
    limits = _BY_PATIENT.get((analyte, default.unit), {})
    chosen = limits.get("child") if patient.child else None
    if chosen is None and patient.sex is not None:
        chosen = limits.get(patient.sex)
    if chosen is None:
        return default
    return replace(default, low=chosen[0], high=chosen[1])
