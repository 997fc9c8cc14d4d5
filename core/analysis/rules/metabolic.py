"""Diagnosis rules for chemistry: glycemia, kidney, electrolytes, thyroid and lipids."""

from __future__ import annotations

from core.analysis.labs.conversion import amount
from core.analysis.rules.evidence import (
    ADULT_AGE,
    BORDERLINE,
    Candidate,
    LabResults,
    fold_beyond,
    present,
)
from core.insights import LabValue


def diabetes_evidence(labs: LabResults) -> list[LabValue]:
    """The values at diabetes thresholds: HbA1c ≥ 6.5 %, fasting ≥ 126, random ≥ 200 mg/dL."""
    a1c, fasting, glucose = labs.get("HbA1c"), labs.get("Fasting glucose"), labs.get("Glucose")
    a1c_pct, fpg, rpg = amount(a1c, "%"), amount(fasting, "mg/dl"), amount(glucose, "mg/dl")
    return present(
        a1c if a1c_pct is not None and a1c_pct >= 6.5 else None,
        fasting if fpg is not None and fpg >= 126 else None,
        glucose if rpg is not None and rpg >= 200 else None,
    )


def glycemia(labs: LabResults, age: int) -> list[Candidate]:
    a1c, fasting, glucose = labs.get("HbA1c"), labs.get("Fasting glucose"), labs.get("Glucose")
    a1c_pct, fpg, rpg = amount(a1c, "%"), amount(fasting, "mg/dl"), amount(glucose, "mg/dl")
    diabetic = diabetes_evidence(labs)
    found = []
    if diabetic:
        met = [
            label
            for value, label in (
                (a1c, "HbA1c ≥ 6.5 %"),
                (fasting, "fasting glucose ≥ 126 mg/dL"),
                (glucose, "glucose ≥ 200 mg/dL"),
            )
            if any(v is value for v in diabetic)
        ]
        # A raised glucose of unknown fasting state supports, but does not decide.
        extra = present(
            glucose if rpg is not None and 126 <= rpg < 200 else None,
            labs.high("Urine glucose"),
            labs.high("Urine ketones"),
        )
        # Labs cannot tell type 1 from type 2; in adults type 2 is by far the likelier.
        key = "type2_diabetes" if age >= ADULT_AGE else "hyperglycemia"
        found.append(
            Candidate(
                key,
                diabetic,
                " and ".join(met),
                supporting=extra,
                strength=-0.05 if len(diabetic) == 1 else 0.0,
            )
        )
    elif (a1c_pct is not None and 5.7 <= a1c_pct < 6.5) or (fpg is not None and 100 <= fpg < 126):
        evidence = present(
            a1c if a1c_pct is not None and a1c_pct >= 5.7 else None,
            fasting if fpg is not None and fpg >= 100 else None,
        )
        found.append(
            Candidate("prediabetes", evidence, "HbA1c 5.7–6.4 % or fasting glucose 100–125 mg/dL")
        )
    elif rpg is not None and rpg >= 126:
        found.append(
            Candidate("hyperglycemia", present(glucose), "glucose ≥ 126 mg/dL", strength=-0.05)
        )
    low = labs.low("Glucose", "Fasting glucose")
    if low is not None:
        mg = amount(low, "mg/dl")
        found.append(
            Candidate(
                "hypoglycemia",
                [low],
                "glucose below the reference range",
                boost=8 if mg is not None and mg < 54 else 0,
            )
        )
    return found


def kidney(labs: LabResults) -> list[Candidate]:
    creatinine, egfr = labs.high("Creatinine"), labs.low("eGFR")
    albuminuria = present(
        labs.high("Urine albumin/creatinine ratio"),
        labs.high("Urine albumin"),
        labs.high("Urine protein"),
    )
    if creatinine is None and egfr is None:
        if albuminuria:
            return [Candidate("proteinuria", albuminuria, "albumin or protein in urine")]
        return []
    rate = amount(egfr, "ml/min/1.73m2")
    return [
        Candidate(
            "abnormal_kidney_function",
            present(creatinine, egfr),
            "raised creatinine or eGFR below 60",
            boost=10 if rate and rate < 30 else 0,
            supporting=present(labs.high("BUN", "Urea")) + albuminuria,
        )
    ]


def electrolytes(labs: LabResults) -> list[Candidate]:
    found = []
    potassium, sodium = labs.get("Potassium"), labs.get("Sodium")
    k = amount(potassium, "mmol/l")
    na = amount(sodium, "mmol/l")
    if potassium is not None and potassium.flag == "high":
        found.append(
            Candidate(
                "hyperkalemia",
                [potassium],
                "potassium above range",
                boost=7 if k is not None and k >= 6.0 else 0,
            )
        )
    if potassium is not None and potassium.flag == "low":
        found.append(
            Candidate(
                "hypokalemia",
                [potassium],
                "potassium below range",
                boost=10 if k is not None and k < 3.0 else 0,
            )
        )
    if sodium is not None and sodium.flag == "low":
        found.append(
            Candidate(
                "hyponatremia",
                [sodium],
                "sodium below range",
                boost=10 if na is not None and na < 125 else 0,
            )
        )
    if sodium is not None and sodium.flag == "high":
        found.append(Candidate("hypernatremia", [sodium], "sodium above range"))
    for analyte, high_key, low_key in (
        ("Calcium", "hypercalcemia", "hypocalcemia"),
        ("Magnesium", None, "hypomagnesemia"),
        ("Phosphate", "abnormal_phosphate", "abnormal_phosphate"),
    ):
        value = labs.get(analyte)
        key = {"high": high_key, "low": low_key}.get(value.flag or "") if value else None
        if value is not None and key:
            found.append(Candidate(key, [value], f"{analyte.lower()} {value.flag}"))
    return found


# A blood pH this far out is severe acidaemia or alkalaemia (issue #29's critical limits).
_SEVERE_ACIDAEMIA = 7.2
_SEVERE_ALKALAEMIA = 7.6


def acid_base(labs: LabResults) -> list[Candidate]:
    """Acidosis or alkalosis from the blood gas's pH, with the gas values that explain it."""
    ph = labs.get("Blood pH")
    if ph is None or ph.flag not in ("low", "high"):
        return []
    partners = present(
        labs.get("pCO2"), labs.get("Bicarbonate"), labs.get("Base excess"), labs.get("Lactate")
    )
    if ph.flag == "low":
        return [
            Candidate(
                "acidosis",
                [ph],
                "blood pH below range",
                boost=12 if ph.value < _SEVERE_ACIDAEMIA else 0,
                supporting=partners,
            )
        ]
    return [
        Candidate(
            "alkalosis",
            [ph],
            "blood pH above range",
            boost=12 if ph.value > _SEVERE_ALKALAEMIA else 0,
            supporting=partners,
        )
    ]


def thyroid(labs: LabResults) -> list[Candidate]:
    tsh, ft4 = labs.get("TSH"), labs.get("Free T4")
    ft3 = labs.high("Free T3")
    antibodies = labs.high("Anti-TPO antibody")
    if tsh is not None and tsh.flag == "high" and antibodies is not None:
        # A raised TSH with thyroid peroxidase antibodies is Hashimoto's thyroiditis, with
        # or without a low free T4 yet.
        return [
            Candidate(
                "autoimmune_thyroiditis",
                [tsh, antibodies],
                "raised TSH with thyroid peroxidase antibodies",
                supporting=present(ft4 if ft4 is not None and ft4.flag == "low" else None),
            )
        ]
    if tsh is not None and tsh.flag == "high" and ft4 is not None and ft4.flag == "low":
        return [Candidate("hypothyroidism", [tsh, ft4], "high TSH with low free T4")]
    thyroid_high = present(ft4 if ft4 is not None and ft4.flag == "high" else None, ft3)
    if tsh is not None and tsh.flag == "low" and thyroid_high:
        return [
            Candidate(
                "hyperthyroidism", [tsh, *thyroid_high], "low TSH with high free thyroid hormone"
            )
        ]
    abnormal = [v for v in present(tsh, ft4, labs.get("Free T3")) if v.flag]
    if abnormal:
        return [
            Candidate(
                "abnormal_thyroid_tests", abnormal, "thyroid tests out of range", strength=-0.05
            )
        ]
    return []


def lipids(labs: LabResults) -> list[Candidate]:
    # A lipid at its limit (LDL 100 against "< 100", triglycerides 150 against "< 150") is
    # borderline, not a lipid disorder: only a value more than 10 % beyond counts (#29).
    cholesterol = [
        v
        for v in present(labs.high("LDL cholesterol"), labs.high("Total cholesterol"))
        if fold_beyond(v) > BORDERLINE
    ]
    triglycerides = labs.get("Triglycerides")
    tg_high = (
        triglycerides
        if triglycerides is not None
        and triglycerides.flag == "high"
        and fold_beyond(triglycerides) > BORDERLINE
        else None
    )
    low_hdl = present(labs.low("HDL cholesterol"))
    if cholesterol and tg_high is not None:
        return [
            Candidate(
                "mixed_hyperlipidemia",
                [*cholesterol, tg_high],
                "high LDL or total cholesterol with high triglycerides",
                supporting=low_hdl,
            )
        ]
    if cholesterol:
        key = "pure_hypercholesterolemia" if triglycerides is not None else "hyperlipidemia"
        return [
            Candidate(
                key,
                cholesterol,
                "high LDL or total cholesterol",
                supporting=low_hdl + present(triglycerides),
            )
        ]
    if tg_high is not None:
        return [
            Candidate("hypertriglyceridemia", [tg_high], "high triglycerides", supporting=low_hdl)
        ]
    return []
