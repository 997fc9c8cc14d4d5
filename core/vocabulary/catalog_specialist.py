"""Specialist tests that published case reports print beside the routine panels (issue #29,
seventh round): the work-ups of hypercalcaemia, growth, atypical HUS,
porphyria, autoimmune diabetes and CSF inflammation; tumour and liver markers of Japanese
reports; the immature cells of a smear; drug levels of overdoses.

Each was named in a truth of ``tests/clinical/dev`` (written by reading the case reports)
that the catalogue could not read; the comment beside each quotes the shape. Same
conventions as core.vocabulary.catalog: ranges are broad adult defaults used only when a
report gives none, units are unit keys, and a name that could be an ordinary word or
another test is given only in the form laboratories print.
"""

from __future__ import annotations

from core.vocabulary.analytes import (
    BLOOD_COUNT,
    DIABETES,
    DRUG_LEVELS,
    HORMONES,
    IMMUNOLOGY,
    KIDNEY,
    LIVER,
    TUMOUR_MARKERS,
    Analyte,
)
from core.vocabulary.analytes import unit_range as _u

# fmt: off
_HORMONES: tuple[Analyte, ...] = (
    # "PTH-related peptide 2.0 pmol/L" in a hypercalcaemia of lymphoma; assays' upper limits
    # are 2 to 4.2 pmol/L, the broader one kept.
    Analyte("PTHrP", HORMONES, ("pthrp", "pth-rp", "pth-related peptide", "pth-related protein",
                                "parathyroid hormone-related peptide",
                                "parathyroid hormone-related protein",
                                "parathyroid hormone related peptide",
                                "parathyroid hormone related protein"),
            (_u("pmol/l", None, 4.2, 0, 10_000), _u("pg/ml", None, 20, 0, 100_000,
                                                    written_only=True))),
    # "1,25 dihydroxyvitamin D, 85.4 pg/mL (19.9–79.3 pg/mL)": the active hormone, never the
    # 25-hydroxy store the catalogue's "Vitamin D" is.
    Analyte("1,25-dihydroxyvitamin D", HORMONES, (
        "1,25-dihydroxyvitamin d", "1,25 dihydroxyvitamin d", "1,25-dihydroxy vitamin d",
        "1,25 dihydroxy vitamin d", "1,25-dihydroxyvitamin d3", "1,25-dihydroxycholecalciferol",
        "1,25(oh)2d", "1,25-(oh)2d", "1,25(oh)2 vitamin d", "1,25-(oh)2 vitamin d",
        "1,25(oh)2d3", "1,25-(oh)2d3", "calcitriol"),
            (_u("pg/ml", 18, 72, 0, 2000), _u("pmol/l", 43, 173, 0, 5000))),
    # "insulin-like growth factor 1 and insulin-like growth factor binding protein 3 were
    # 80ng/mL ... and 1.92μg/mL" (respectively); the adult range, age-dependent in children.
    Analyte("IGFBP-3", HORMONES, ("igfbp-3", "igfbp3", "igfbp 3",
                                  "insulin-like growth factor binding protein 3",
                                  "insulin-like growth factor binding protein-3",
                                  "insulin-like growth factor-binding protein 3",
                                  "insulin-like growth factor-binding protein-3"),
            (_u("ug/ml", 3.4, 7.8, 0, 100), _u("mg/l", 3.4, 7.8, 0, 100),
             _u("ng/ml", 3400, 7800, 0, 100_000, written_only=True))),
)

_SPECIALIST_CHEMISTRY: tuple[Analyte, ...] = (
    # Atypical HUS work-up: "low levels of circulating CFH 0.32g/L (0.35 to 0.59g/L)".
    Analyte("Complement factor H", IMMUNOLOGY, ("complement factor h", "factor h",
                                                "factor h level", "CFH"),
            (_u("g/l", 0.25, 0.88, 0, 10), _u("mg/l", 250, 880, 0, 10_000),
             _u("ug/ml", 250, 880, 0, 10_000))),
    # "The carbohydrate antigen (CA) 72-4 was also high at 180 U/mL (cutoff, 8.0 U/mL)"
    Analyte("CA 72-4", TUMOUR_MARKERS, ("ca 72-4", "ca72-4", "ca 72.4", "ca-72-4",
                                        "cancer antigen 72-4", "carbohydrate antigen 72-4"),
            (_u("u/ml", None, 6.9, 0, 100_000),)),
    # Japanese liver panels: "leucine aminopeptidase (83 U/L; normal range: 19-69 U/L)".
    # Never "LAP", which is also the leukocyte alkaline phosphatase score.
    Analyte("Leucine aminopeptidase", LIVER, ("leucine aminopeptidase", "leucine amino peptidase",
                                              "leucyl aminopeptidase"),
            (_u("u/l", 30, 70, 0, 5000),)),
    # "Hemoglobin A1c was 8.1%, glycoalbumin ..." (Japanese diabetes reports)
    Analyte("Glycated albumin", DIABETES, ("glycated albumin", "glycoalbumin", "glycated-albumin"),
            (_u("%", 11, 16, 3, 80),)),
    # Autoimmune diabetes: "Antibody level against glutamic acid decarboxylase was 1.2
    # (< 1.5) U/mL", "his glutamic acid decarboxylase antibodies were higher than 2000 (<5)
    # U/ml"; the cut-offs differ by assay (the ELISA's 5 U/mL as the default, the RIA's 0.4
    # U/mL for insulin antibodies), and a report's own range comes first.
    Analyte("GAD antibody", DIABETES, ("gad antibody", "gad antibodies", "anti-gad",
                                       "anti-gad antibody", "anti-gad antibodies", "gad65 antibody",
                                       "gad65 antibodies", "anti-gad65", "gada",
                                       "glutamic acid decarboxylase antibody",
                                       "glutamic acid decarboxylase antibodies",
                                       "antibody level against glutamic acid decarboxylase",
                                       "anti-glutamic acid decarboxylase antibody",
                                       "anti-glutamic acid decarboxylase antibodies"),
            (_u("u/ml", None, 5, 0, 1_000_000),)),
    Analyte("Insulin autoantibody", DIABETES, ("insulin autoantibody", "insulin autoantibodies",
                                               "anti-insulin antibody", "anti-insulin antibodies",
                                               "insulin antibody", "insulin antibodies"),
            (_u("u/ml", None, 0.4, 0, 1_000_000),)),
    # Urine porphyrin precursor: "a urine delta aminolevulinic acid (ALA) elevated at 71.9 mg/g
    # (normal < 5.4 mg/g)" per gram of creatinine, or per litre.
    Analyte("Delta-aminolevulinic acid", KIDNEY, (
        "delta-aminolevulinic acid", "delta aminolevulinic acid", "δ-aminolevulinic acid",
        "aminolevulinic acid", "urine delta aminolevulinic acid", "urinary ala",
        "5-aminolevulinic acid"),
            (_u("mg/g", None, 5.4, 0, 10_000), _u("mg/l", None, 4.5, 0, 10_000),
             _u("umol/l", None, 35, 0, 100_000, written_only=True),
             _u("mg/24h", None, 7, 0, 10_000, written_only=True)), specimen="urine"),
    # Calcium excretion in a spot urine: "urinary Calcium/creatinine ratio 1.053"; below
    # about 0.2 (mg/mg) in adults, 0.6 mmol/mmol.
    Analyte("Urine calcium/creatinine ratio", KIDNEY, (
        "calcium/creatinine ratio", "calcium-creatinine ratio", "calcium creatinine ratio",
        "calcium to creatinine ratio", "calcium-to-creatinine ratio", "urine ca/cr ratio",
        "ca/cr ratio", "uca/cr"),
            (_u("mg/mg", None, 0.2, 0, 10), _u("mmol/mmol", None, 0.6, 0, 30),
             _u("", None, None, 0, 30)), specimen="urine"),
    # CSF's intrathecal IgG: "CSF IgG index 1.3 (normal 0.0-0.7)"
    Analyte("IgG index", IMMUNOLOGY, ("igg index", "csf igg index", "igg-index"),
            (_u("", None, 0.7, 0, 20),), specimen="csf"),
)

_SMEAR: tuple[Analyte, ...] = (
    # The left shift a differential prints beside bands and blasts ("metamyelocytes 2%"):
    # none in health, so any cell counted (a whole per cent) is above the 0.5 % limit.
    Analyte("Metamyelocytes", BLOOD_COUNT, ("metamyelocytes", "metamyelocyte", "metas"),
            (_u("%", None, 0.5, 0, 100), _u("10^9/l", None, 0.05, 0, 500, written_only=True))),
    Analyte("Myelocytes", BLOOD_COUNT, ("myelocytes", "myelocyte"),
            (_u("%", None, 0.5, 0, 100), _u("10^9/l", None, 0.05, 0, 500, written_only=True))),
    Analyte("Promyelocytes", BLOOD_COUNT, ("promyelocytes", "promyelocyte"),
            (_u("%", None, 0.5, 0, 100), _u("10^9/l", None, 0.05, 0, 500, written_only=True))),
    # Analysers' reticulated platelets, read in thrombocytopenias: "IPF 2.9%".
    Analyte("Immature platelet fraction", BLOOD_COUNT, ("immature platelet fraction", "IPF"),
            (_u("%", 1, 6, 0, 100),)),
    # Neutrophil-to-lymphocyte ratio, a dimensionless ratio some reports print.
    Analyte("Neutrophil/lymphocyte ratio", BLOOD_COUNT, (
        "neutrophil/lymphocyte ratio", "neutrophil-to-lymphocyte ratio",
        "neutrophil to lymphocyte ratio", "neutrophil-lymphocyte ratio", "NLR"),
            (_u("", 1, 3, 0, 500),)),
)

# Overdoses: "An amitriptyline plasma concentration of 1030 μg/L and a nortriptyline (active
# metabolite) plasma concentration of 380 μg/L"; "Blood metformin ... was 29 mcg/ml
# (therapeutic range, 1-2 mcg/ml)". Therapeutic ranges as the upper limit.
_DRUG_LEVELS: tuple[Analyte, ...] = (
    Analyte("Metformin", DRUG_LEVELS, ("metformin level", "metformin concentration",
                                       "blood metformin", "plasma metformin", "serum metformin",
                                       "metformin plasma concentration"),
            (_u("ug/ml", None, 2.0, 0, 1000), _u("mg/l", None, 2.0, 0, 1000))),
    Analyte("Amitriptyline", DRUG_LEVELS, ("amitriptyline level", "amitriptyline concentration",
                                           "amitriptyline plasma concentration",
                                           "plasma amitriptyline", "serum amitriptyline"),
            (_u("ng/ml", None, 250, 0, 20_000),)),
    Analyte("Nortriptyline", DRUG_LEVELS, ("nortriptyline level", "nortriptyline concentration",
                                           "nortriptyline plasma concentration",
                                           "plasma nortriptyline", "serum nortriptyline"),
            (_u("ng/ml", 50, 150, 0, 20_000),)),
)
# fmt: on

SPECIALIST_ANALYTES: tuple[Analyte, ...] = _HORMONES + _SPECIALIST_CHEMISTRY + _SMEAR + _DRUG_LEVELS
