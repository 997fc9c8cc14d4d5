"""The analytes the offline engine recognises, their aliases and default adult reference ranges.

Default ranges are used only when a report gives none. They are broad adult ranges that
cover both sexes; where the patient's sex and age change them, core.analysis.labs.reference
narrows them. Each unit also has a plausible span (``floor``..``limit``): a number outside
every span is not this analyte (a year, an ID), and when a report omits the unit the span
says which unit system the number belongs to; where several fit, the first (most common)
whose normal range is near the number wins.

Aliases: lowercase aliases match in any case; an alias with a capital letter matches only
as written ("K", "Na", "PT"), so "Pt." or "na" in ordinary text is never read as a test.

Qualitative urine results (dipstick) are stored on one scale: negative 0, trace 0.5,
positive / small / 1+ = 1, moderate / 2+ = 2, large / 3+ = 3, 4+ = 4, with reference
upper limit 0, so anything above negative (trace included) is flagged "high".
"""

from __future__ import annotations

from core.vocabulary.analytes import (
    BLOOD_COUNT,
    CARDIAC,
    CHEMISTRY,
    COAGULATION,
    DIABETES,
    INFLAMMATION,
    IRON_VITAMINS,
    KIDNEY,
    LIPIDS,
    LIVER,
    THYROID,
    URINE,
    Analyte,
    UnitRange,
)
from core.vocabulary.analytes import unit_range as _u
from core.vocabulary.catalog_autoantibodies import AUTOANTIBODY_ANALYTES
from core.vocabulary.catalog_common import COMMON_ANALYTES
from core.vocabulary.catalog_more import MORE_ANALYTES
from core.vocabulary.catalog_specialist import SPECIALIST_ANALYTES
from core.vocabulary.catalog_workup import WORKUP_ANALYTES

__all__ = ["BY_NAME", "CATALOG", "Analyte", "UnitRange"]

_CELLS = (_u("10^9/l", 4.0, 11.0, 0.05, 500), _u("/ul", 4000, 11000, 100, 500_000))

# fmt: off
# BNP's names, and the prohormone fragment's names built from them (see NT-proBNP below).
_BNP_NAMES = ("bnp", "b-type natriuretic peptide", "brain natriuretic peptide",
              "b-natriuretic peptide", "b natriuretic peptide")
_N_TERMINAL_BNP_NAMES = tuple(
    f"{prefix}{name}"
    for name in _BNP_NAMES[1:]
    for prefix in ("n-terminal pro-", "n-terminal pro ", "n-terminal prohormone of ",
                   "n-terminal pro-hormone of ", "nt-pro-", "nt-pro ", "nt-pro")
)


_CORE: tuple[Analyte, ...] = (
    # Blood count
    # The floors are survivals published in case reports: "Her hemoglobin (Hgb) level was
    # critically low at 1.4 g/dL on arrival ... Hematocrit was also critically low at 5.8%"
    # (iron deficiency from menstrual loss; J Med Case Rep, CUPCase row 494). Under the old
    # floors (2 g/dL, 8 %) these were kept as doubtful reads and never telephoned.
    Analyte("Hemoglobin", BLOOD_COUNT, ("hemoglobin", "haemoglobin", "hgb", "hb"),
            (_u("g/dl", 12.0, 17.5, 1, 25), _u("g/l", 120, 175, 10, 250),
             _u("mmol/l", 7.4, 10.9, 0.6, 15.5, written_only=True)), urine_form="Urine blood"),
    Analyte("Hematocrit", BLOOD_COUNT, ("hematocrit", "haematocrit", "hct", "pcv",
                                         "packed cell volume"),
            (_u("%", 36, 52, 4, 80), _u("l/l", 0.36, 0.52, 0.04, 0.8))),
    Analyte("RBC", BLOOD_COUNT, ("rbc", "red blood cells", "red blood cell count",
                                  "red cell count", "red count", "red blood count", "red cells",
                                  "red blood cell", "erythrocytes", "erythrocyte count",
                                  "RBCs"),
            (_u("10^12/l", 4.0, 5.9, 0.5, 12),
             # Japanese case reports count red cells per 10^4/µL ("red blood cells
             # 688×10^4/μL"): 10^4/µL is 10^10/L, a hundredth of 10^12/L (reader-catalogue4)
             # Also "red blood cell count 207×10^4/μL" (J Med Case Rep, CUPCase row 2784)
             _u("10^4/ul", 400, 590, 50, 1200, written_only=True)), urine_form="Urine blood"),
    Analyte("WBC", BLOOD_COUNT, ("wbc", "white blood cells", "white blood cell count",
                                  "white cell count", "white count", "white blood count",
                                  "white blood cell", "white cell", "white cells", "leukocytes",
                                  "WCC", "WBCs",
                                  "leucocytes", "leukocyte count", "leukocyte", "leucocyte",
                                  "total leukocyte count", "tlc", "leucocyte count",
                                  "total leucocyte count"),
            _CELLS, urine_form="Leukocyte esterase"),
    Analyte("Platelets", BLOOD_COUNT, ("platelets", "platelet", "platelet count", "plt",
                                       "thrombocytes", "thrombocyte count"),
            # A myeloproliferative count passes 2000 x10^9/L: "thrombocytosis peaked at 2293 ×
            # 10^9/L on POD-12" (J Med Case Rep, CUPCase row 3580); every unit's limit is
            # 3000 x10^9/L, as the count per uL always had it
            (_u("10^9/l", 150, 450, 1, 3000), _u("/ul", 150_000, 450_000, 2000, 3_000_000),
             _u("lakh/ul", 1.5, 4.5, 0.01, 30, written_only=True),
             # Japanese and Korean reports count platelets per 10^4/uL ("18.3 × 10^4/µL")
             _u("10^4/ul", 15, 45, 0.1, 300, written_only=True))),
    Analyte("MCV", BLOOD_COUNT, ("mcv", "mean corpuscular volume", "mean cell volume"),
            (_u("fl", 80, 100, 40, 160),)),
    Analyte("MCH", BLOOD_COUNT, ("mch", "mean corpuscular hemoglobin", "mean cell hemoglobin",
                                  "mean corpuscular hb", "mean corpuscular haemoglobin",
                                  "mean cell haemoglobin", "m.c.h"),
            (_u("pg", 27, 33, 10, 60),)),
    Analyte("MCHC", BLOOD_COUNT, ("mchc", "mean corpuscular hemoglobin concentration",
                                   "mean corpuscular haemoglobin concentration",
                                   "mean cell hemoglobin concentration",
                                   "mean cell haemoglobin concentration",
                                   "mean corpuscular hb conc", "mean corpuscular hb concentration",
                                   "m.c.h.c"),
            (_u("g/dl", 32, 36, 20, 45), _u("g/l", 320, 360, 200, 450))),
    Analyte("RDW", BLOOD_COUNT, ("rdw", "rdw-cv", "red cell distribution width"),
            (_u("%", 11.5, 14.5, 5, 40),)),
    Analyte("Neutrophils", BLOOD_COUNT, ("neutrophils", "neutrophil", "neutrophil count", "neut",
                                          "neutro",
                                          "segmental cells", "segmented neutrophils",
                                          "segmented cells", "polys", "pmns", "pmn",
                                          "polymorphonuclear", "polymorphonuclears",
                                          "polymorphonuclear cells",
                                          # British and Indian usage: "82% polymorphs"
                                          "polymorphs",
                                          "absolute neutrophils", "anc", "segs",
                                          "absolute neutrophil count", "neutrophilic leukocytes",
                                          "neutrophilic leucocytes", "neutrophilic granulocytes",
                                          "neutrocytes",
                                          "polynuclear neutrophils"),
            (_u("10^9/l", 1.5, 7.5, 0, 60), _u("%", 40, 75, 0, 100),
             _u("/ul", 1500, 7500, 0, 60_000))),
    Analyte("Lymphocytes", BLOOD_COUNT, ("lymphocytes", "lymphocyte", "lymphocyte count", "lymph",
                                          "lymphs",
                                          "absolute lymphocytes", "ALC",
                                          "absolute lymphocyte count"),
            (_u("10^9/l", 1.0, 4.0, 0, 60), _u("%", 20, 45, 0, 100),
             _u("/ul", 1000, 4000, 0, 60_000))),
    # Metabolic panel
    Analyte("Glucose", CHEMISTRY, ("glucose", "blood glucose", "blood sugar", "plasma glucose",
                                    "serum glucose", "random glucose", "random blood sugar",
                                    "blood sugars",
                                    "fingerstick glucose", "fingerstick blood sugar",
                                    "rbs", "glu", "BSL",
                                    # capillary blood glucose at the bedside: "Initial CBG
                                    # was low but improved to 109 mg/dL" (MedRBench
                                    # PMC11625412; 5 pool reports write it so)
                                    "CBG"),
            (_u("mg/dl", 70, 99, 20, 2000, extreme=3000),
             _u("mmol/l", 3.9, 5.5, 0.5, 110, extreme=170)),
            urine_form="Urine glucose"),
    Analyte("Fasting glucose", CHEMISTRY, ("fasting glucose", "fasting blood glucose",
                                            "fasting plasma glucose", "fasting blood sugar",
                                            "blood sugar (fasting)", "fasting sugar",
                                            "glucose fasting", "glucose, fasting", "fbg", "fbs",
                                            "fpg"),
            (_u("mg/dl", 70, 99, 20, 2000), _u("mmol/l", 3.9, 5.5, 0.5, 110))),
    # Survived sodiums in the 80s are published ("serum sodium concentration of 88 mEq/l",
    # Egypt J Intern Med 2015;27:121): a plausible span from 80, so that one is critical.
    Analyte("Sodium", CHEMISTRY, ("sodium", "Na", "Na+"),
            (_u("mmol/l", 135, 145, 80, 200, extreme=280),
             _u("meq/l", 135, 145, 80, 200, extreme=280),
             # a 24-hour urine's amount (issue #29: "potassium, 44 mmol/24h")
             _u("mmol/24h", 40, 220, 0, 2000, written_only=True))),
    Analyte("Potassium", CHEMISTRY, ("potassium", "K", "K+"),
            (_u("mmol/l", 3.5, 5.1, 1, 12, extreme=15), _u("meq/l", 3.5, 5.1, 1, 12, extreme=15),
             _u("mmol/24h", 25, 125, 0, 1000, written_only=True))),
    # "chlorine 79 mmol/L" (translated case reports, CUPCase row 288)
    Analyte("Chloride", CHEMISTRY, ("chloride", "Cl", "CL", "Cl-", "chlorine"),
            (_u("mmol/l", 98, 107, 50, 160), _u("meq/l", 98, 107, 50, 160))),
    # A bicarbonate of 1 mmol/L is measured in extreme acidaemia ("serum bicarbonate, 1mmol/L"
    # beside a venous pH of 6.58, J Med Case Rep 2014;8:159): the span starts at 1.
    Analyte("Bicarbonate", CHEMISTRY, ("bicarbonate", "bicarb", "hco3", "co2", "total co2", "tco2",
                                        "carbon dioxide"),
            (_u("mmol/l", 22, 29, 1, 60), _u("meq/l", 22, 29, 1, 60))),
    # "Blood Urea (BUN) : 18 mg/dL" (a text report's row, dev's
    # txt-city-diagnostics-colon-aligned-bracketed-normal-starred-flags): the bracket names
    # the test the laboratory measured, the urea nitrogen, whatever the words before it say.
    Analyte("BUN", CHEMISTRY, ("bun", "blood urea nitrogen", "urea nitrogen", "ureic nitrogen",
                                "blood urea (bun)", "urea (bun)", "serum urea (bun)"),
            (_u("mg/dl", 7, 20, 1, 300), _u("mmol/l", 2.5, 7.1, 0.3, 100))),
    Analyte("Urea", KIDNEY, ("urea", "serum urea", "blood urea"),
            (_u("mmol/l", 2.5, 7.8, 0.5, 100), _u("mg/dl", 15, 45, 3, 600))),
    # "Scr 1524.5 µmol/L": serum creatinine's abbreviation (CUPCase row 288); "Cre: 0.48
    # mg/dL" (CUPCase row 600)
    Analyte("Creatinine", KIDNEY, ("creatinine", "serum creatinine", "creat", "Cr", "CR", "CREA",
                                    "Crea", "Cre", "Scr", "SCr", "sCr"),
            (_u("mg/dl", 0.6, 1.3, 0.1, 30), _u("umol/l", 53, 115, 8, 3000))),
    # The race-split rows US laboratories printed until 2021: "eGFR NON-AFR. AMERICAN 88
    # NORMAL > OR = 60 mL/min/1.73m2 01", "eGFR AFRICAN AMERICAN 102" (Quest, dev's
    # pdf-quest-...-four-pages); LabCorp's "eGFR If NonAfricn Am", "eGFR If Africn Am".
    Analyte("eGFR", KIDNEY, ("egfr", "gfr", "estimated gfr", "gfr estimated", "gfr, estimated",
                              "estimated glomerular filtration rate",
                              "egfr non-afr. american", "egfr non-afr american",
                              "egfr non-african american", "egfr african american",
                              "egfr afr. american", "egfr if nonafricn am", "egfr if africn am",
                              "egfr if non-african am", "egfr if african am"),
            (_u("ml/min/1.73m2", 60, None, 1, 200), _u("", 60, None, 1, 200))),
    Analyte("Calcium", CHEMISTRY, ("calcium", "total calcium", "Ca", "Ca++", "adjusted calcium",
                                    "adjusted ca", "corrected calcium", "corrected ca"),
            (_u("mg/dl", 8.5, 10.5, 3, 25), _u("mmol/l", 2.15, 2.55, 0.5, 6),
             _u("mg/24h", 100, 300, 0, 3000, written_only=True),
             # "Her calcium level was high at 108mg/L (normal range: 95mg/L to 105mg/L)"
             # (Journal of Medical Case Reports, CUPCase row 3204): French and Maghreb
             # laboratories print calcium and phosphate in mg/L
             _u("mg/l", 85, 105, 30, 250, written_only=True))),
    Analyte("Magnesium", CHEMISTRY, ("magnesium", "mag", "Mg", "Mg++"),
            (_u("mg/dl", 1.7, 2.4, 0.5, 10), _u("mmol/l", 0.7, 1.0, 0.2, 4),
             _u("mg/24h", 70, 150, 0, 2000, written_only=True))),
    Analyte("Phosphate", CHEMISTRY, ("phosphate", "phosphorus", "inorganic phosphate", "phos",
                                      "po4"),
            (_u("mg/dl", 2.5, 4.5, 0.5, 20), _u("mmol/l", 0.81, 1.45, 0.1, 6),
             _u("mg/l", 25, 45, 5, 200, written_only=True))),
    Analyte("Albumin", CHEMISTRY, ("albumin", "serum albumin", "alb"),
            (_u("g/dl", 3.5, 5.0, 0.5, 10), _u("g/l", 35, 50, 5, 100))),
    Analyte("Total protein", CHEMISTRY, ("total protein", "protein total", "protein, total",
                                          "serum protein", "protein", "TP"),
            (_u("g/dl", 6.0, 8.3, 1, 15), _u("g/l", 60, 83, 10, 150)), urine_form="Urine protein"),
    # Lipids
    Analyte("Total cholesterol", LIPIDS, ("total cholesterol", "cholesterol", "cholesterol total",
                                           "cholesterol, total", "chol", "TC"),
            (_u("mg/dl", None, 200, 30, 1500), _u("mmol/l", None, 5.2, 0.8, 40))),
    Analyte("LDL cholesterol", LIPIDS, ("ldl", "ldl cholesterol", "ldl-c", "ldl-cholesterol",
                                         "cholesterol ldl", "ldl calculated", "ldl direct",
                                         "low density lipoprotein",
                                         # the spelt-out name with its last word, or its
                                         # abbreviation between: never a total cholesterol
                                         # ("low-density lipoprotein cholesterol (LDL-C) was
                                         # 4.38 mmol/L", MedRBench PMC11348727)
                                         "low density lipoprotein cholesterol",
                                         "low density lipoprotein (ldl) cholesterol",
                                         "low density lipoprotein (ldl-c) cholesterol"),
            (_u("mg/dl", None, 130, 5, 1000), _u("mmol/l", None, 3.4, 0.1, 26))),
    Analyte("HDL cholesterol", LIPIDS, ("hdl", "hdl cholesterol", "hdl-c", "hdl-cholesterol",
                                         "cholesterol hdl", "high density lipoprotein",
                                         "high density lipoprotein cholesterol",
                                         "high density lipoprotein (hdl) cholesterol",
                                         "high density lipoprotein (hdl-c) cholesterol"),
            (_u("mg/dl", 40, None, 5, 200), _u("mmol/l", 1.0, None, 0.1, 5))),
    Analyte("Triglycerides", LIPIDS, ("triglycerides", "triglyceride", "trig", "trigs", "TG"),
            (_u("mg/dl", None, 150, 10, 10000, extreme=30_000),
             _u("mmol/l", None, 1.7, 0.1, 120, extreme=340))),
    # Diabetes
    Analyte("HbA1c", DIABETES, ("hba1c", "hb a1c", "a1c", "hemoglobin a1c", "haemoglobin a1c",
                                 "glycated hemoglobin", "glycated haemoglobin",
                                 "glycosylated hemoglobin", "glycohemoglobin",
                                 # "HgbA1C of 11.3%" (CUPCase row 487)
                                 "hgba1c", "hgb a1c"),
            (_u("%", 4.0, 5.6, 2, 25), _u("mmol/mol", 20, 38, 15, 250))),
    # Thyroid
    Analyte("TSH", THYROID, ("tsh", "thyroid stimulating hormone", "thyrotropin"),
            (_u("miu/l", 0.4, 4.0, 0, 500),)),
    # "free thyroxine 4, 0.6 ng/dl" (CUPCase row 1412): the "4" is the name's, not a value
    Analyte("Free T4", THYROID, ("free t4", "ft4", "free thyroxine", "free thyroxin",
                                  "free thyroxine 4", "t4 free", "t4, free"),
            (_u("ng/dl", 0.8, 1.8, 0.05, 10), _u("pmol/l", 10, 23, 0.6, 130))),
    Analyte("Free T3", THYROID, ("free t3", "ft3", "free triiodothyronine", "t3 free",
                                  "t3, free"),
            (_u("pg/ml", 2.3, 4.2, 0.3, 30), _u("pmol/l", 3.5, 6.5, 0.5, 50))),
    # Liver
    # "serum glutamic-pyruvic transaminase, 567U/L" (SGPT spelt out; CUPCase row 2638)
    Analyte("ALT", LIVER, ("alt", "sgpt", "alt (sgpt)", "alanine aminotransferase",
                            "alanine transaminase", "alanine transferase", "GPT",
                            "glutamic-pyruvic transaminase", "glutamic pyruvic transaminase",
                            # "alanine amino transferase 14 U/l (10–35)" (CUPCase row 1736)
                            "alanine amino transferase",
                            # round seventeen: the European abbreviation and the enzyme's
                            # other name ("ALAT: 65.9 U/L", PMC11378097; "serum glutamate
                            # pyruvate transaminase at 104 U/L", PMC11642278)
                            "ALAT", "glutamate pyruvate transaminase",
                            "glutamate-pyruvate transaminase"),
            (_u("u/l", 7, 55, 0, 50_000),)),
    Analyte("AST", LIVER, ("ast", "sgot", "ast (sgot)", "aspartate aminotransferase",
                            "aspartate transaminase", "aspartate transferase", "GOT",
                            "aspartate amino transferase",
                            # round seventeen: "ASAT: 134 U/L" (PMC11378097), "serum glutamic
                            # oxaloacetic transaminase at 130 U/L" (PMC11642278)
                            "ASAT", "glutamic oxaloacetic transaminase",
                            "glutamic-oxaloacetic transaminase",
                            "glutamate oxaloacetate transaminase",
                            "glutamate-oxaloacetate transaminase",
                            "serum oxaloacetate transaminase"),
            (_u("u/l", 8, 48, 0, 50_000),)),
    # "alkaline phosphate 158 IU/L" (CUPCase row 4571): the enzyme misspelt, no phosphate
    Analyte("ALP", LIVER, ("alp", "alkaline phosphatase", "alk phos", "alk. phosphatase",
                            "phosphatase alkaline", "alkaline phosphate"),
            (_u("u/l", 40, 130, 0, 20_000),)),
    Analyte("GGT", LIVER, ("ggt", "gamma gt", "gamma-gt", "ggtp", "gamma glutamyl transferase",
                            "γ glutamyl transferase", "γ-glutamyl transferase", "γgt", "γ-gt",
                            "gamma-glutamyl transferase", "gamma-glutamic transpeptidase",
                            "gamma-glutamyl transpeptidase", "γ-glutamyl transpeptidase",
                            "γ glutamyl transpeptidase", "glutamyl transpeptidase",
                            "γ-gtp", "gamma-gtp", "γgtp"),
            (_u("u/l", 8, 61, 0, 20_000),)),
    Analyte("Total bilirubin", LIVER, ("total bilirubin", "bilirubin total", "bilirubin, total",
                                        "bilirubin", "t. bili", "tbil", "t bil", "tbili"),
            (_u("mg/dl", 0.1, 1.2, 0, 50, extreme=100), _u("umol/l", 2, 21, 0, 850, extreme=1710)),
            urine_form="Urine bilirubin"),
    Analyte("Direct bilirubin", LIVER, ("direct bilirubin", "bilirubin direct",
                                         "bilirubin, direct", "conjugated bilirubin", "d. bili",
                                         "dbil", "dbili"),
            (_u("mg/dl", 0.0, 0.3, 0, 30, extreme=80), _u("umol/l", 0, 5, 0, 500, extreme=1370))),
    # "a moderate increase in lactic dehydrogenase (423U/l)" (CaseReportBench item 44; the
    # older name also in J Med Case Rep, CUPCase rows 3019, 4432, 4513)
    Analyte("LDH", LIVER, ("ldh", "lactate dehydrogenase", "LD", "lactic acid dehydrogenase",
                           "lactic dehydrogenase"),
            (_u("u/l", 140, 280, 0, 50_000, extreme=200_000),)),
    # Kidney
    Analyte("Uric acid", KIDNEY, ("uric acid", "urate", "serum uric acid"),
            (_u("mg/dl", 3.5, 7.2, 0.3, 30), _u("umol/l", 200, 430, 20, 1800))),
    Analyte("Urine albumin/creatinine ratio", KIDNEY,
            ("albumin/creatinine ratio", "albumin creatinine ratio", "acr", "uacr",
             "urine albumin/creatinine ratio", "urine acr", "microalbumin/creatinine ratio",
             "microalbumin creatinine ratio"),
            (_u("mg/g", None, 30, 0, 20_000), _u("mg/mmol", None, 3, 0, 2500))),
    Analyte("Urine albumin", KIDNEY, ("urine albumin", "microalbumin", "urine microalbumin",
                                       "microalbumin urine"),
            (_u("mg/l", None, 20, 0, 10_000), _u("mg/24h", None, 30, 0, 20_000),
             # "albuminuria of 0.4 g/L (normal range, < 0.03 g/L)" (CUPCase row 4564)
             _u("g/l", None, 0.02, 0, 10, written_only=True))),
    # Inflammation
    Analyte("CRP", INFLAMMATION, ("crp", "c-reactive protein", "c reactive protein", "hs-crp",
                                   "hscrp", "hs crp"),
            (_u("mg/l", None, 5, 0, 700), _u("mg/dl", None, 0.5, 0, 70))),
    Analyte("ESR", INFLAMMATION, ("esr", "sed rate", "sedimentation rate",
                                   "erythrocyte sedimentation rate", "erythrocyte sedimentation",
                                   "erythrocyte sediment rate",
                                   # Quest's test name: "SED RATE BY MODIFIED WESTERGREN 6
                                   # NORMAL < OR = 20 mm/h 01" (dev's pdf-quest-...-four-pages)
                                   "sed rate by modified westergren", "sed rate by westergren",
                                   "westergren sed rate", "esr (westergren)",
                                   "esr, westergren", "esr westergren"),
            (_u("mm/h", 0, 20, 0, 200),)),
    Analyte("Procalcitonin", INFLAMMATION, ("procalcitonin", "PCT", "pct (procalcitonin)"),
            (_u("ng/ml", None, 0.1, 0, 1000),)),
    # Cardiac: troponin cut-offs depend on the assay, so a report's own range always wins.
    # One ceiling whatever the unit: 1,000,000 pg/mL is 1000 ng/mL, above the highest troponin
    # I published ("The elevation of troponin I to 515 ng/ml", J Med Case Rep 2010;4:137).
    # A number written without its unit is guessed in ng/mL only up to 100 (a bare "troponin
    # 150" is pg/mL); written in ng/mL it is read up to the ceiling ("cardiac troponin I
    # (cTnI, 101.30 ng/mL)" in fulminant myocarditis, MedRBench PMC11622249).
    Analyte("Troponin I", CARDIAC, ("troponin i", "troponin-i", "tni", "ctni", "hs-tni",
                                     "hs troponin i", "hs-troponin i", "hstni",
                                     "high sensitivity troponin i", "cardiac troponin i"),
            (_u("ng/ml", None, 0.04, 0, 100, extreme=1000),
             _u("pg/ml", None, 26, 0, 1_000_000))),
    Analyte("Troponin T", CARDIAC, ("troponin t", "troponin-t", "tnt", "ctnt", "hs-tnt",
                                     "hs troponin t", "hs-troponin t", "hstnt",
                                     "high sensitivity troponin t", "cardiac troponin t"),
            (_u("ng/ml", None, 0.01, 0, 50, extreme=100), _u("pg/ml", None, 14, 0, 100_000))),
    Analyte("Troponin", CARDIAC, ("troponin", "troponins", "cardiac troponin"),
            (_u("ng/ml", None, 0.04, 0, 100, extreme=1000),
             _u("pg/ml", None, 14, 0, 1_000_000))),
    Analyte("BNP", CARDIAC, _BNP_NAMES, (_u("pg/ml", None, 100, 0, 100_000),)),
    # The N-terminal fragment of the prohormone, spelled out: whatever BNP's own name, with
    # "N-terminal pro-" before it, it is NT-proBNP, never a BNP ("N-terminal pro-brain
    # natriuretic peptide (1391 pmol/L, normal < 15 pmol/L)", J Med Case Rep, CUPCase row
    # 1276). Its molar unit: 1 pmol/L is 8.457 pg/mL (the 76-amino-acid fragment), so the
    # usual 125 pg/mL cut-off is about 15 pmol/L.
    Analyte("NT-proBNP", CARDIAC, ("nt-probnp", "nt-pro bnp", "ntprobnp", "nt probnp",
                                    "n-terminal pro-bnp", "nt-pro-bnp", "n-terminal probnp",
                                    *_N_TERMINAL_BNP_NAMES),
            (_u("pg/ml", None, 125, 0, 200_000), _u("pmol/l", None, 15, 0, 24_000))),
    # "Creatinine kinase" is a common misspelling of creatine kinase: as a whole name it is
    # CK's, never creatinine's (issue #29: "CK 616" must not become a creatinine).
    Analyte("CK", CARDIAC, ("ck", "cpk", "creatine kinase", "creatine phosphokinase", "ck total",
                             "total ck", "creatinine kinase", "creatinine phosphokinase",
                             "ck-nac", "serum ck", "s. ck"),
            (_u("u/l", 30, 200, 0, 500_000, extreme=2_000_000),)),
    Analyte("CK-MB", CARDIAC, ("ck-mb", "ckmb", "ck mb", "cpk-mb", "mb fraction", "ck-mb fraction"),
            (_u("ng/ml", None, 5, 0, 1000), _u("u/l", None, 25, 0, 5000))),
    # Coagulation
    Analyte("INR", COAGULATION, ("inr", "pt inr", "pt-inr", "pt/inr",
                                 "international normalized ratio",
                                 "international normalised ratio"),
            (_u("", 0.8, 1.2, 0.5, 20),)),
    Analyte("PT", COAGULATION, ("PT", "prothrombin time", "pro time", "protime"),
            (_u("s", 11, 13.5, 5, 200),)),
    # "activated prothrombin time of 31.9 seconds" beside "prothrombin time of 13.3 seconds"
    # (J Med Case Rep, CUPCase row 1715): the activated time is the aPTT's, never a PT.
    Analyte("aPTT", COAGULATION, ("aptt", "ptt", "activated partial thromboplastin time",
                                   "partial thromboplastin time", "activated prothrombin time",
                                   # "activated partial thrombin time was prolonged" (J Med
                                   # Case Rep, CUPCase row 1822): the aPTT misnamed
                                   "activated partial thrombin time"),
            (_u("s", 25, 35, 10, 300),)),
    # Iron and vitamins
    Analyte("Ferritin", IRON_VITAMINS, ("ferritin", "serum ferritin"),
            (_u("ng/ml", 15, 300, 0.5, 100_000, extreme=1_000_000),)),
    Analyte("Iron", IRON_VITAMINS, ("iron", "serum iron", "Fe"),
            (_u("ug/dl", 60, 170, 5, 1000), _u("umol/l", 10, 30, 1, 180))),
    Analyte("Vitamin D", IRON_VITAMINS, ("vitamin d", "vit d", "25-oh vitamin d",
                                          "25-hydroxyvitamin d", "25-hydroxy vitamin d",
                                          "25(oh)d", "25-oh-d", "vitamin d 25-oh",
                                          "vitamin d, 25-hydroxy", "25 oh vitamin d",
                                          # Quest's "VITAMIN D,25-OH,TOTAL,IA 16 LOW 30-100
                                          # ng/mL 02" (dev's pdf-quest-...-four-pages)
                                          "vitamin d,25-oh,total,ia", "vitamin d,25-oh,total",
                                          "vitamin d, 25-oh, total", "vitamin d,25-oh",
                                          "vitamin d, 25-oh", "25-oh vitamin d, total",
                                          # "Serum 25OHD and iPTH were 116 nmol/l and
                                          # 4.07pmol/l, respectively" (MedRBench
                                          # PMC11549668); "her plasmatic 25-hydroxyvitamin
                                          # D2D3 was below 6ng/mL" (CUPCase row 3204): the
                                          # store's usual short name, and its two forms summed
                                          "25ohd", "25-ohd", "25 ohd", "25(oh)d2+d3",
                                          "25-hydroxyvitamin d2d3", "25-hydroxyvitamin d2+d3",
                                          "25-hydroxyvitamin d2/d3", "25-hydroxy vitamin d2d3"),
            (_u("ng/ml", 30, 100, 1, 300), _u("nmol/l", 75, 250, 2.5, 750))),
    Analyte("Vitamin B12", IRON_VITAMINS, ("vitamin b12", "vit b12", "b12", "cobalamin",
                                            "cyanocobalamin"),
            (_u("pg/ml", 200, 900, 20, 10_000), _u("pmol/l", 148, 664, 15, 7400))),
    # Urinalysis
    Analyte("Urine pH", URINE, ("urine ph", "ph urine", "ph, urine", "u-ph", "ph (urine)",
                                "urinary ph"),
            (_u("", 4.5, 8.0, 4.0, 9.5),), urine_aliases=("pH", "PH")),
    Analyte("Urine specific gravity", URINE, ("specific gravity", "sp. gravity", "sp gravity",
                                               "urine specific gravity", "sp. gr."),
            (_u("", 1.005, 1.030, 1.000, 1.060),), urine_aliases=("SG",)),
    Analyte("Urine protein", URINE, ("urine protein", "protein urine", "protein, urine",
                                      "u-protein", "urine protein dipstick"),
            (_u("mg/dl", None, 14, 0, 10_000),), qualitative=True, urine_aliases=("pro",)),
    Analyte("Urine glucose", URINE, ("urine glucose", "glucose urine", "glucose, urine",
                                      "u-glucose", "urine sugar", "urinary sugar"),
            (_u("mg/dl", None, 15, 0, 10_000),), qualitative=True),
    Analyte("Urine ketones", URINE, ("ketones", "ketone", "urine ketones", "ketones urine",
                                      "ketone bodies", "ket"),
            (_u("mg/dl", None, 4, 0, 200),), qualitative=True),
    # "negative for glucose, bilirubin, ketones, leukoesterase, and nitrite" (CUPCase row 2212)
    Analyte("Leukocyte esterase", URINE, ("leukocyte esterase", "leucocyte esterase",
                                           "leukoesterase", "urine leukocytes", "leukocytes urine",
                                           "wbc esterase", "leu"),
            qualitative=True),
    Analyte("Nitrite", URINE, ("nitrite", "nitrites", "urine nitrite", "nit"), qualitative=True),
    # A dipstick's bilirubin: "BILIRUBIN NEGATIVE NORMAL NEGATIVE 01" in a urinalysis (Quest's
    # sample report, dev's pdf-quest-result-flag-range-lab-code-four-pages) is the urine's,
    # never the serum's total bilirubin.
    Analyte("Urine bilirubin", URINE, ("urine bilirubin", "bilirubin urine", "bilirubin, urine",
                                        "u-bilirubin", "urinary bilirubin"),
            qualitative=True),
    Analyte("Urine blood", URINE, ("urine blood", "blood urine", "blood, urine", "occult blood",
                                    "urine hemoglobin", "bld"),
            qualitative=True, urine_aliases=("blood",)),
)
# fmt: on

CATALOG: tuple[Analyte, ...] = (
    _CORE
    + MORE_ANALYTES
    + COMMON_ANALYTES
    + SPECIALIST_ANALYTES
    + AUTOANTIBODY_ANALYTES
    + WORKUP_ANALYTES
)
BY_NAME: dict[str, Analyte] = {analyte.name: analyte for analyte in CATALOG}
