"""Diagnosis rules for the blood: anemia, cell counts, coagulation, iron and vitamins."""

from __future__ import annotations

from core.analysis.labs.conversion import amount
from core.analysis.rules.evidence import Candidate, LabResults, present


def anemia(labs: LabResults) -> list[Candidate]:
    hb_low, ferritin_low = labs.low("Hemoglobin"), labs.low("Ferritin")
    mcv_low, mcv_high, b12_low = labs.low("MCV"), labs.high("MCV"), labs.low("Vitamin B12")
    if hb_low is None:
        high = labs.high("Hemoglobin")
        return (
            []
            if high is None
            else [
                Candidate(
                    "elevated_hemoglobin",
                    [high],
                    "hemoglobin above range",
                    supporting=present(labs.high("Hematocrit")),
                )
            ]
        )
    grams = amount(hb_low, "g/dl")
    # WHO grades: severe below 8 g/dL ranks first; mild (11 g/dL or more) ranks after a
    # disease pattern found beside it, since it is common and often incidental.
    boost = (
        0 if grams is None else 25 if grams < 7 else 20 if grams < 8 else -20 if grams >= 11 else 0
    )
    related = present(labs.low("Hematocrit"), labs.low("RBC"))
    if ferritin_low is not None:
        return [
            Candidate(
                "iron_deficiency_anemia",
                [hb_low, ferritin_low],
                "low hemoglobin with low ferritin",
                boost=boost,
                strength=0.05,
                supporting=present(mcv_low, labs.low("Iron")) + related,
            )
        ]
    if mcv_high is not None and b12_low is not None:
        return [
            Candidate(
                "b12_deficiency_anemia",
                [hb_low, b12_low],
                "low hemoglobin with high MCV and low vitamin B12",
                boost=boost,
                supporting=[mcv_high, *related],
            )
        ]
    # A low MCV points to iron deficiency, but without a low ferritin it stays unspecified.
    return [
        Candidate(
            "anemia",
            [hb_low],
            "hemoglobin below range",
            boost=boost,
            supporting=present(mcv_low, mcv_high) + related,
        )
    ]


def iron_and_vitamins(labs: LabResults) -> list[Candidate]:
    found = []
    # With a low hemoglobin, anemia() already named these deficiencies as anemias.
    anemic = labs.low("Hemoglobin") is not None
    ferritin_low, b12_low = labs.low("Ferritin"), labs.low("Vitamin B12")
    if ferritin_low is not None and not anemic:
        found.append(
            Candidate(
                "iron_deficiency",
                [ferritin_low],
                "ferritin below range",
                supporting=present(labs.low("Iron")),
            )
        )
    if b12_low is not None and not (anemic and labs.high("MCV") is not None):
        found.append(Candidate("b12_deficiency", [b12_low], "vitamin B12 below range"))
    for analyte, key in (("Iron", "abnormal_iron"), ("Ferritin", "elevated_ferritin")):
        high = labs.high(analyte)
        if high is not None:
            found.append(Candidate(key, [high], f"{analyte.lower()} above range"))
    vitamin_d = labs.low("Vitamin D")
    if vitamin_d is not None:
        found.append(Candidate("vitamin_d_deficiency", [vitamin_d], "vitamin D below range"))
    return found


def blood_cells(labs: LabResults) -> list[Candidate]:
    found = []
    wbc_high, wbc_low = labs.high("WBC"), labs.low("WBC")
    neutrophils = labs.low("Neutrophils")
    # Only an absolute count shows neutropenia; a low percentage may be a high lymphocyte count.
    absolute = neutrophils if amount(neutrophils, "10^9/l") is not None else None
    if absolute is not None:
        found.append(
            Candidate(
                "neutropenia",
                [absolute],
                "absolute neutrophil count below range",
                supporting=present(wbc_low),
            )
        )
    elif wbc_low is not None:
        found.append(Candidate("leukopenia", [wbc_low], "white cell count below range"))
    if wbc_high is not None:
        found.append(
            Candidate(
                "leukocytosis",
                [wbc_high],
                "white cell count above range",
                supporting=present(labs.high("Neutrophils")),
            )
        )
    platelets_low = labs.low("Platelets")
    if platelets_low is not None:
        count = amount(platelets_low, "10^9/l")
        found.append(
            Candidate(
                "thrombocytopenia",
                [platelets_low],
                "platelets below range",
                boost=25 if count is not None and count < 50 else 0,
            )
        )
    platelets_high = labs.high("Platelets")
    if platelets_high is not None:
        found.append(Candidate("thrombocytosis", [platelets_high], "platelets above range"))
    for flag, key in (("low", "lymphocytopenia"), ("high", "lymphocytosis")):
        lymphocytes = labs.flagged(flag, "Lymphocytes")
        if lymphocytes is not None and amount(lymphocytes, "10^9/l") is not None:
            found.append(Candidate(key, [lymphocytes], f"absolute lymphocyte count {flag}"))
    return found


def coagulation(labs: LabResults) -> list[Candidate]:
    abnormal = present(labs.high("INR"), labs.high("PT"), labs.high("aPTT"))
    if not abnormal:
        return []
    return [Candidate("abnormal_coagulation", abnormal, "prolonged clotting times")]
