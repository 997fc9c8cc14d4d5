"""Diagnosis rules for the heart, inflammation, the liver and the urine."""

from __future__ import annotations

from core.analysis.rules.evidence import Candidate, LabResults, present

_TROPONINS = ("Troponin I", "Troponin T", "Troponin")


def cardiac(labs: LabResults) -> list[Candidate]:
    found = []
    troponin = labs.high(*_TROPONINS)
    if troponin is not None:
        found.append(
            Candidate(
                "elevated_troponin",
                [troponin],
                "troponin above the assay's reference limit",
                supporting=present(labs.high("CK-MB")),
            )
        )
    peptides = present(labs.high("BNP"), labs.high("NT-proBNP"))
    if peptides:
        found.append(
            Candidate("elevated_natriuretic_peptide", peptides, "natriuretic peptide above range")
        )
    return found


def inflammation(labs: LabResults) -> list[Candidate]:
    found = []
    crp, esr = labs.high("CRP"), labs.high("ESR")
    if crp is not None:
        found.append(
            Candidate(
                "elevated_crp", [crp], "CRP above range", supporting=present(esr, labs.high("WBC"))
            )
        )
    elif esr is not None:
        found.append(Candidate("elevated_esr", [esr], "ESR above range"))
    procalcitonin = labs.high("Procalcitonin")
    if procalcitonin is not None:
        found.append(
            Candidate(
                "elevated_procalcitonin",
                [procalcitonin],
                "procalcitonin above range",
                supporting=present(crp),
            )
        )
    return found


def liver(labs: LabResults) -> list[Candidate]:
    found = []
    transaminases = present(labs.high("ALT"), labs.high("AST"))
    other_enzymes = present(labs.high("ALP"), labs.high("GGT"), labs.high("LDH"))
    if transaminases:
        found.append(
            Candidate(
                "elevated_transaminases",
                transaminases,
                "ALT or AST above range",
                supporting=other_enzymes,
            )
        )
    muscle = present(labs.high("CK")) if labs.high(*_TROPONINS) is None else []
    if not transaminases and other_enzymes + muscle:
        found.append(
            Candidate("abnormal_serum_enzymes", other_enzymes + muscle, "serum enzymes above range")
        )
    bilirubin = present(labs.high("Total bilirubin"), labs.high("Direct bilirubin"))
    if bilirubin:
        found.append(Candidate("elevated_bilirubin", bilirubin, "bilirubin above range"))
    albumin = labs.get("Albumin")
    if albumin is not None and albumin.flag:
        found.append(Candidate("abnormal_albumin", [albumin], f"albumin {albumin.flag}"))
    return found


def urine(labs: LabResults, diabetic: bool) -> list[Candidate]:
    found = []
    nitrite, esterase = labs.high("Nitrite"), labs.high("Leukocyte esterase")
    if nitrite is not None:
        found.append(
            Candidate(
                "urinary_tract_infection",
                [nitrite],
                "nitrite positive",
                supporting=present(esterase),
            )
        )
    elif esterase is not None and esterase.value >= 1:  # a trace alone is too weak
        found.append(
            Candidate(
                "urinary_tract_infection", [esterase], "leukocyte esterase positive", strength=-0.1
            )
        )
    blood = labs.high("Urine blood")
    if blood is not None:
        found.append(Candidate("hematuria", [blood], "blood in urine"))
    # With diabetes, sugar and ketones in the urine are part of that picture, not findings.
    if not diabetic:
        sugar, ketones = labs.high("Urine glucose"), labs.high("Urine ketones")
        if sugar is not None:
            found.append(Candidate("glycosuria", [sugar], "glucose in urine"))
        if ketones is not None:
            found.append(Candidate("ketonuria", [ketones], "ketones in urine"))
    return found
