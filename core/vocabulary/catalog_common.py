"""Common lab tests the first catalogues lacked (issue #29, reader-catalogue3): the
observations of LOINC's most-ordered lab lists and the usual endocrine, trace-element,
drug-level, immunology, coagulation and smear panels that case reports print.

Same conventions as core.vocabulary.catalog: ranges are broad adult defaults used only
when a report gives none; units are unit keys. A name that is also an ordinary word
("lead", "copper", "ACE", "RF") is given only in a form that reads as a test: with a
specimen or "level" ("blood lead"), in capitals as laboratories print it ("ACE", "RF",
"CD4"), and the reader still needs a number with a unit that fits.
"""

from __future__ import annotations

from core.vocabulary.analytes import (
    BLOOD_COUNT,
    CHEMISTRY,
    COAGULATION,
    DIABETES,
    DRUG_LEVELS,
    HORMONES,
    IMMUNOLOGY,
    INFLAMMATION,
    IRON_VITAMINS,
    LIPIDS,
    Analyte,
)
from core.vocabulary.analytes import unit_range as _u

# fmt: off
_ENDOCRINE: tuple[Analyte, ...] = (
    Analyte("PTH", HORMONES, ("parathyroid hormone", "intact parathyroid hormone", "intact pth",
                              "PTH", "iPTH", "serum pth", "pth, intact", "pth intact",
                              "parathormone"),
            (_u("pg/ml", 15, 65, 0, 10_000), _u("pmol/l", 1.6, 6.9, 0, 1000))),
    Analyte("hCG", HORMONES, ("beta-hcg", "beta hcg", "β-hcg", "βhcg", "b-hcg", "bhcg",
                              "serum hcg", "hcg", "human chorionic gonadotropin",
                              "beta-human chorionic gonadotropin", "hCG", "β-HCG", "HCG",
                              "quantitative hcg", "hcg, quantitative"),
            (_u("miu/ml", None, 5, 0, 2_000_000), _u("u/l", None, 5, 0, 2_000_000))),
    # Japanese reports name it by its assay, C-peptide immunoreactivity: "C-peptide reactivity
    # (CPR) of 0.04 ng/mL", "urinary CPR was extremely low at 0.5 μg/day" (J Med Case Rep,
    # CUPCase row 1240). Never a bare "CPR" (resuscitation). A day's urine holds micrograms,
    # only ever written; no usual range (a urine's value is flagged by the report's own
    # range, not the blood's).
    Analyte("C-peptide", DIABETES, ("c-peptide", "c peptide", "serum c-peptide",
                                    "fasting c-peptide", "c-peptide reactivity",
                                    "c-peptide immunoreactivity", "serum cpr", "urinary cpr",
                                    "urine cpr", "24-hour urine cpr", "24-hour urinary cpr"),
            (_u("ng/ml", 0.8, 3.1, 0, 50), _u("nmol/l", 0.26, 1.03, 0, 20),
             _u("pmol/l", 260, 1030, 0, 20_000, written_only=True),
             _u("ug/24h", None, None, 0, 2000, written_only=True))),
    # Read only in a mass unit per volume, never a dose ("glucagon 1 mg"): "with normal
    # glucagon (57 pg/mL [57 ng/L]" (MedRBench PMC11532648), "glucagon levels were 147 pg/mL"
    # (PMC11642278).
    Analyte("Glucagon", HORMONES, ("glucagon", "serum glucagon", "plasma glucagon",
                                   "glucagon level", "glucagon levels"),
            (_u("pg/ml", 50, 150, 0, 20_000),)),
    Analyte("IGF-1", HORMONES, ("igf-1", "igf-i", "igf1", "IGF-1", "IGF-I",
                                "insulin-like growth factor 1", "insulin-like growth factor-1",
                                "insulin-like growth factor i", "insulin-like growth factor-i",
                                "somatomedin c"),
            (_u("ng/ml", 80, 350, 0, 3000), _u("nmol/l", 10, 46, 0, 400, written_only=True))),
    Analyte("Methylmalonic acid", IRON_VITAMINS, ("methylmalonic acid", "serum methylmalonic acid",
                                                  "MMA"),
            (_u("nmol/l", 70, 270, 0, 1_000_000), _u("umol/l", 0.07, 0.27, 0, 1000))),
)

_IRON_TRACE_VITAMINS: tuple[Analyte, ...] = (
    Analyte("Transferrin", IRON_VITAMINS, ("transferrin", "serum transferrin"),
            (_u("mg/dl", 200, 360, 10, 1000), _u("g/l", 2.0, 3.6, 0.1, 10))),
    Analyte("TIBC", IRON_VITAMINS, ("tibc", "total iron binding capacity",
                                    "total iron-binding capacity", "iron binding capacity"),
            (_u("ug/dl", 250, 450, 20, 1500), _u("umol/l", 45, 81, 4, 270))),
    Analyte("UIBC", IRON_VITAMINS, ("uibc", "unsaturated iron binding capacity",
                                    "unsaturated iron-binding capacity"),
            (_u("ug/dl", 110, 370, 0, 1500), _u("umol/l", 20, 66, 0, 270))),
    Analyte("Ceruloplasmin", IRON_VITAMINS, ("ceruloplasmin", "caeruloplasmin",
                                             "serum ceruloplasmin"),
            (_u("mg/dl", 20, 60, 0, 200), _u("g/l", 0.2, 0.6, 0, 2))),
    Analyte("Copper", IRON_VITAMINS, ("serum copper", "plasma copper", "copper level",
                                      "blood copper", "copper"),
            (_u("ug/dl", 70, 140, 1, 1000), _u("umol/l", 11, 22, 0.1, 160))),
    Analyte("Selenium", IRON_VITAMINS, ("selenium", "serum selenium", "plasma selenium"),
            (_u("ng/ml", 70, 150, 1, 2000), _u("umol/l", 0.9, 1.9, 0.01, 25))),
    Analyte("Lead", IRON_VITAMINS, ("blood lead", "blood lead level", "lead level",
                                    "serum lead", "BLL", "whole blood lead", "venous lead"),
            (_u("ug/dl", None, 3.5, 0, 1000), _u("umol/l", None, 0.17, 0, 50),
             _u("ng/ml", None, 35, 0, 10_000, written_only=True))),
    Analyte("Vitamin A", IRON_VITAMINS, ("vitamin a", "retinol", "serum retinol",
                                         "serum vitamin a"),
            (_u("ug/dl", 30, 80, 1, 500), _u("umol/l", 1.05, 2.8, 0.03, 17))),
    Analyte("Vitamin E", IRON_VITAMINS, ("vitamin e", "alpha-tocopherol", "α-tocopherol",
                                         "serum vitamin e", "alpha tocopherol"),
            (_u("mg/l", 5.5, 17, 0, 100), _u("umol/l", 12, 42, 0, 250))),
    Analyte("Vitamin B6", IRON_VITAMINS, ("vitamin b6", "pyridoxal phosphate",
                                          "pyridoxal 5'-phosphate", "pyridoxal-5-phosphate",
                                          "PLP"),
            (_u("nmol/l", 20, 125, 0, 10_000), _u("ng/ml", 5, 50, 0, 3000))),
    Analyte("Vitamin C", IRON_VITAMINS, ("vitamin c", "ascorbic acid", "ascorbate",
                                         "serum ascorbic acid", "plasma vitamin c"),
            (_u("mg/dl", 0.4, 2.0, 0, 20), _u("umol/l", 23, 114, 0, 1000))),
)

_DRUG_LEVELS: tuple[Analyte, ...] = (
    Analyte("Vancomycin", DRUG_LEVELS, ("vancomycin level", "vancomycin trough",
                                        "vancomycin levels", "serum vancomycin",
                                        "trough vancomycin", "vancomycin concentration",
                                        "vancomycin trough level"),
            (_u("ug/ml", 10, 20, 0, 500), _u("mg/l", 10, 20, 0, 500))),
    Analyte("Valproate", DRUG_LEVELS, ("valproate level", "valproic acid level",
                                       "serum valproate", "serum valproic acid", "vpa level",
                                       "valproate concentration", "valproate concentrations",
                                       "valproate levels", "valproic acid levels"),
            (_u("ug/ml", 50, 100, 0, 2000), _u("mg/l", 50, 100, 0, 2000),
             _u("umol/l", 350, 700, 0, 14_000))),
    Analyte("Carbamazepine", DRUG_LEVELS, ("carbamazepine level", "serum carbamazepine",
                                           "carbamazepine levels"),
            (_u("ug/ml", 4, 12, 0, 200), _u("mg/l", 4, 12, 0, 200),
             _u("umol/l", 17, 51, 0, 850))),
    Analyte("Cyclosporine", DRUG_LEVELS, ("cyclosporine level", "cyclosporin level",
                                          "ciclosporin level", "cyclosporine trough",
                                          "cyclosporine levels", "cyclosporine a level",
                                          "cyclosporine trough level", "blood cyclosporine"),
            (_u("ng/ml", 100, 400, 0, 10_000),)),
    Analyte("Gentamicin", DRUG_LEVELS, ("gentamicin level", "gentamicin trough",
                                        "serum gentamicin", "gentamicin levels"),
            (_u("ug/ml", None, 2, 0, 100), _u("mg/l", None, 2, 0, 100))),
)

_IMMUNOLOGY: tuple[Analyte, ...] = (
    Analyte("CD4 count", IMMUNOLOGY, ("cd4 count", "cd4+ count", "cd4 cell count",
                                      "cd4+ t-cell count", "cd4+ t cell count", "CD4",
                                      "CD4+", "cd4+ lymphocytes", "cd4 lymphocyte count",
                                      "absolute cd4", "cd4 t-cell count", "cd4+ cell count",
                                      "cd4+ t lymphocytes", "cd4 t cells",
                                      # round seventeen: "CD-4 count <100 cells/mm3"
                                      # (PMC11427117), "CD4+ lymphocyte count (42/µl"
                                      # (PMC11540929), "CD4 cells (221/μL)" (PMC11622249)
                                      "cd-4 count", "cd4+ lymphocyte count",
                                      "cd4+ t-lymphocyte count", "cd4+ t lymphocyte count",
                                      "cd4 + count", "cd4+ cells", "cd4 cells",
                                      "cd4+ t cells", "cd4+ t-cells"),
            (_u("/ul", 500, 1500, 0, 10_000), _u("10^9/l", 0.5, 1.5, 0, 10))),
    # The other lymphocyte subsets a flow cytometry panel counts beside CD4, as counts per
    # volume only (a subset's percentage is no count): "decreased levels of CD3 cells
    # (422/μL), CD4 cells (221/μL), CD8 cells (188/μL), NK cells (20/μL), CD19 cells
    # (49/μL)" (MedRBench PMC11622249), "CD3-CD16+CD56+ NK-cells (70/μL, normal 100–200)"
    # (PMC11353823). Never the bare marker, which a pathology report names for a stain.
    Analyte("CD3 count", IMMUNOLOGY, ("cd3 count", "cd3+ count", "cd3 cells", "cd3+ cells",
                                      "cd3+ t cells", "cd3+ t-cells", "cd3 cell count",
                                      "cd3+ t lymphocytes", "cd3+ lymphocytes"),
            (_u("/ul", 700, 2100, 0, 10_000), _u("10^9/l", 0.7, 2.1, 0, 10))),
    Analyte("CD8 count", IMMUNOLOGY, ("cd8 count", "cd8+ count", "cd8 cells", "cd8+ cells",
                                      "cd8+ t cells", "cd8+ t-cells", "cd8 cell count",
                                      "cd8+ t lymphocytes", "cd8+ lymphocytes"),
            (_u("/ul", 200, 900, 0, 10_000), _u("10^9/l", 0.2, 0.9, 0, 10))),
    Analyte("CD19 count", IMMUNOLOGY, ("cd19 count", "cd19+ count", "cd19 cells", "cd19+ cells",
                                       "cd19+ b cells", "cd19+ b-cells", "cd19 cell count",
                                       "cd19+ b lymphocytes", "cd19+ lymphocytes",
                                       # "CD4+ T cells, CD8+ T cells, B cells, and natural
                                       # killer (NK) cells count were as low as 0.001 × 109/L,
                                       # ..." (PMC11483140)
                                       "b cells", "b-cells", "b cell count", "b-cell count",
                                       "b lymphocytes"),
            (_u("/ul", 100, 500, 0, 10_000), _u("10^9/l", 0.1, 0.5, 0, 10))),
    Analyte("NK cell count", IMMUNOLOGY, ("nk cells", "nk-cells", "nk cell count",
                                          "natural killer cells", "natural killer cell count"),
            (_u("/ul", 90, 600, 0, 10_000), _u("10^9/l", 0.09, 0.6, 0, 10))),
    # A subset as its share of the lymphocytes, a count's kindred told apart by its unit
    # (core.analysis.labs.result's _KINDRED_BY_UNIT reads "CD4 ... 6%" as the percentage and
    # "helper T cells (CD3+/CD4+) 608 cells/μL" as the count): "T cell subsets revealed total
    # T lymphocytes at 58.39% ..., helper T cells (CD3+ CD4+) at 40.29% ..., cytotoxic T cells
    # (CD3+ CD8+) at 15% ..., with a CD4+/CD8+ ratio of 2.69", "the total B lymphocyte
    # percentage was reduced to 3.83%" (MedRBench PMC11638744, twenty-eighth round), "CD4
    # percentage was 6%" (PMC11462035). Usual adult ranges of a flow cytometry panel; a
    # share is never above 100.
    Analyte("CD3 percentage", IMMUNOLOGY, ("cd3 percentage", "cd3+ percentage", "cd3%",
                                           "total t lymphocytes", "total t lymphocyte",
                                           "total t lymphocyte percentage",
                                           "t lymphocyte percentage", "t-cell percentage",
                                           "t cell percentage"),
            (_u("%", 55, 84, 0, 100),)),
    Analyte("CD4 percentage", IMMUNOLOGY, ("cd4 percentage", "cd4+ percentage", "cd4%",
                                           "cd4+%", "cd4+ t%", "percentage of cd4",
                                           "helper t cells", "helper t cell", "t helper cells",
                                           "helper t cell percentage", "cd3+ cd4+", "cd3+cd4+",
                                           "cd3+/cd4+"),
            (_u("%", 31, 60, 0, 100),)),
    Analyte("CD8 percentage", IMMUNOLOGY, ("cd8 percentage", "cd8+ percentage", "cd8%",
                                           "cd8+%", "percentage of cd8", "cytotoxic t cells",
                                           "cytotoxic t cell", "cytotoxic t cell percentage",
                                           "cd3+ cd8+", "cd3+cd8+", "cd3+/cd8+"),
            (_u("%", 13, 41, 0, 100),)),
    Analyte("CD19 percentage", IMMUNOLOGY, ("cd19 percentage", "cd19+ percentage",
                                            "b lymphocyte percentage", "b-cell percentage",
                                            "b cell percentage",
                                            "total b lymphocyte percentage"),
            (_u("%", 6, 25, 0, 100),)),
    Analyte("NK cell percentage", IMMUNOLOGY, ("nk cell percentage", "nk-cell percentage",
                                               "natural killer cell percentage"),
            (_u("%", 5, 27, 0, 100),)),
    # The helper to cytotoxic ratio the same panel reports: "CD4/CD8 ratio was 0.4"
    # (PMC11587177), "CD4/CD8 ratio of 4.5" (CUPCase row 1727).
    Analyte("CD4/CD8 ratio", IMMUNOLOGY, ("cd4/cd8 ratio", "cd4+/cd8+ ratio", "cd4:cd8 ratio",
                                          "cd4 to cd8 ratio", "cd4/cd8+ ratio",
                                          "cd4+:cd8+ ratio", "cd4/cd8"),
            (_u("", 1.0, 3.6, 0, 50),)),
    Analyte("Beta-2 microglobulin", IMMUNOLOGY, ("beta-2 microglobulin", "beta 2 microglobulin",
                                                 "beta-2-microglobulin", "β2-microglobulin",
                                                 "β2 microglobulin", "b2-microglobulin",
                                                 "β2m", "b2m", "beta2-microglobulin",
                                                 "serum beta-2 microglobulin"),
            (_u("mg/l", 0.8, 2.4, 0, 200), _u("ug/ml", 0.8, 2.4, 0, 200),
             _u("nmol/l", 59.5, 153, 0, 20_000, written_only=True))),
    Analyte("Kappa free light chains", IMMUNOLOGY, (
        "kappa free light chain", "kappa free light chains", "free kappa light chains",
        "free kappa light chain", "serum free kappa", "free kappa", "kappa flc",
        "kappa light chain", "kappa light chains", "κ free light chain", "free κ"),
            (_u("mg/l", 3.3, 19.4, 0, 100_000), _u("mg/dl", 0.33, 1.94, 0, 10_000))),
    Analyte("Lambda free light chains", IMMUNOLOGY, (
        "lambda free light chain", "lambda free light chains", "free lambda light chains",
        "free lambda light chain", "serum free lambda", "free lambda", "lambda flc",
        "lambda light chain", "lambda light chains", "λ free light chain", "free λ"),
            (_u("mg/l", 5.7, 26.3, 0, 100_000), _u("mg/dl", 0.57, 2.63, 0, 10_000))),
    Analyte("Kappa/lambda ratio", IMMUNOLOGY, (
        "kappa/lambda ratio", "kappa/lambda", "kappa to lambda ratio", "κ/λ ratio",
        "free light chain ratio", "flc ratio", "kappa:lambda ratio", "k/l ratio",
        "free kappa/lambda ratio", "κ/λ"),
            (_u("", 0.26, 1.65, 0, 100_000),)),
    Analyte("IgE", IMMUNOLOGY, ("immunoglobulin e", "IgE", "total IgE", "serum IgE",
                                "total serum IgE", "serum ige", "total ige"),
            (_u("u/ml", None, 100, 0, 100_000), _u("ng/ml", None, 240, 0, 240_000,
                                                  written_only=True))),
    Analyte("Rheumatoid factor", IMMUNOLOGY, ("rheumatoid factor", "RA factor",
                                              "serum rheumatoid factor"),
            (_u("u/ml", None, 14, 0, 10_000),)),
    Analyte("Anti-CCP", IMMUNOLOGY, ("anti-ccp", "anti ccp", "anti-ccp antibody",
                                     "anti-cyclic citrullinated peptide",
                                     "anti-cyclic citrullinated peptide antibody",
                                     "anti-cyclic citrullinated peptide antibodies",
                                     "ccp antibody", "acpa", "anti-ccp antibodies"),
            (_u("u/ml", None, 20, 0, 10_000),)),
    Analyte("ASO", IMMUNOLOGY, ("antistreptolysin o", "anti-streptolysin o", "ASO", "ASO titre",
                                "ASO titer", "aso titer", "aso titre", "antistreptolysin o titer",
                                "anti-streptolysin o titre", "antistreptolysin-o"),
            (_u("u/ml", None, 200, 0, 20_000),)),
    Analyte("IL-6", INFLAMMATION, ("interleukin-6", "interleukin 6", "IL-6", "il-6", "IL6",
                                   "serum il-6"),
            (_u("pg/ml", None, 7, 0, 1_000_000),)),
    Analyte("ACE", IMMUNOLOGY, ("angiotensin-converting enzyme", "angiotensin converting enzyme",
                                "serum ace", "SACE", "serum angiotensin-converting enzyme",
                                "ACE level"),
            (_u("u/l", 8, 52, 0, 1000),)),
)

_LIPIDS: tuple[Analyte, ...] = (
    Analyte("Lipoprotein(a)", LIPIDS, ("lipoprotein(a)", "lipoprotein (a)", "lipoprotein a",
                                       "lp(a)", "Lp(a)"),
            (_u("mg/dl", None, 30, 0, 500), _u("nmol/l", None, 75, 0, 1000))),
    Analyte("Apolipoprotein A1", LIPIDS, ("apolipoprotein a1", "apolipoprotein a-i",
                                          "apolipoprotein a-1", "apo a1", "apo a-i", "apoa1",
                                          "apo-a1", "ApoA1", "ApoA-I"),
            (_u("mg/dl", 110, 200, 10, 500), _u("g/l", 1.1, 2.0, 0.1, 5))),
)

_COAGULATION: tuple[Analyte, ...] = (
    Analyte("ADAMTS13 activity", COAGULATION, ("adamts13 activity", "adamts-13 activity",
                                               "adamts13", "adamts-13"),
            (_u("%", 60, 130, 0, 200),)),
    Analyte("Factor VIII", COAGULATION, ("factor viii", "factor viii activity", "fviii",
                                         "factor 8", "fviii activity", "FVIII:C",
                                         "factor viii:c", "factor viii level"),
            (_u("%", 50, 150, 0, 1000),)),
    Analyte("Antithrombin", COAGULATION, ("antithrombin", "antithrombin iii",
                                          "antithrombin activity", "antithrombin iii activity",
                                          "at-iii", "at iii", "AT3", "ATIII"),
            (_u("%", 80, 120, 0, 300),)),
    Analyte("Protein C", COAGULATION, ("protein c", "protein c activity", "protein c level"),
            (_u("%", 70, 140, 0, 300),)),
    Analyte("Protein S", COAGULATION, ("protein s", "protein s activity", "free protein s",
                                       "protein s level", "free protein s antigen"),
            (_u("%", 60, 140, 0, 300),)),
    Analyte("Anti-Xa", COAGULATION, ("anti-xa", "anti-xa level", "anti-factor xa",
                                     "anti-factor xa activity", "anti xa", "heparin anti-xa",
                                     "anti-xa activity"),
            (_u("u/ml", 0.3, 0.7, 0, 5),)),
    Analyte("Fibrin degradation products", COAGULATION, (
        "fibrin degradation products", "fibrin degradation product", "FDPs",
        "fibrin/fibrinogen degradation products", "fibrinogen degradation products",
        "FDP", "fibrin split products"),
            (_u("ug/ml", None, 5, 0, 2000), _u("mg/l", None, 5, 0, 2000))),
    Analyte("PT activity", COAGULATION, ("prothrombin activity", "pt activity",
                                         "prothrombin time activity", "quick value",
                                         "prothrombin index", "taux de prothrombine",
                                         # "PT%: 107" (CUPCase row 600)
                                         "PT%",
                                         # "the Quick's value was 21%" (CUPCase row 493):
                                         # the eponym's possessive, either apostrophe
                                         "quick's value", "quick’s value"),
            (_u("%", 70, 130, 0, 200),)),
)

_CHEMISTRY: tuple[Analyte, ...] = (
    Analyte("Aldolase", CHEMISTRY, ("aldolase", "serum aldolase"),
            (_u("u/l", None, 7.6, 0, 2000),)),
    Analyte("Cholinesterase", CHEMISTRY, ("cholinesterase", "serum cholinesterase",
                                          "pseudocholinesterase", "butyrylcholinesterase",
                                          "plasma cholinesterase", "ChE", "PCE"),
            (_u("u/l", 4000, 12_000, 0, 30_000), _u("u/ml", 4, 12, 0, 30, written_only=True))),
    Analyte("Bile acids", CHEMISTRY, ("bile acids", "total bile acids", "serum bile acids",
                                      "total bile acid", "bile acid", "TBA", "serum bile acid"),
            (_u("umol/l", None, 10, 0, 1000),)),
    Analyte("Osmolal gap", CHEMISTRY, ("osmolal gap", "osmolar gap", "serum osmolal gap",
                                       "osmole gap"),
            (_u("mosm/kg", None, 10, -50, 500),)),
    # A blood gas's measured saturation as analysers print it ("sO2"); "SaO2" is left out:
    # notes write it for a pulse oximeter's reading among the vital signs ("SaO2 98% room air").
    Analyte("Oxygen saturation", CHEMISTRY, ("sO2", "arterial oxygen saturation",
                                             "oxygen saturation (arterial)",
                                             "oxygen saturation (abg)"),
            (_u("%", 94, None, 10, 100),)),
)

_SMEAR: tuple[Analyte, ...] = (
    Analyte("Atypical lymphocytes", BLOOD_COUNT, ("atypical lymphocytes", "atypical lymphs",
                                                  "reactive lymphocytes", "variant lymphocytes",
                                                  "atypical lymphocyte"),
            (_u("%", None, 5, 0, 100),)),
    Analyte("Blasts", BLOOD_COUNT, ("blasts", "blast cells", "peripheral blasts",
                                    "circulating blasts", "myeloblasts", "blast count"),
            (_u("%", None, 1, 0, 100), _u("10^9/l", None, 0.1, 0, 1000, written_only=True))),
    Analyte("Nucleated RBC", BLOOD_COUNT, ("nucleated rbc", "nucleated rbcs", "nrbc", "nrbcs",
                                           "nucleated red blood cells", "nucleated red cells",
                                           "NRBC", "nucleated red blood cell"),
            (_u("%", None, 0.5, 0, 1000), _u("10^9/l", None, 0.05, 0, 500, written_only=True))),
)
# fmt: on

COMMON_ANALYTES: tuple[Analyte, ...] = (
    _ENDOCRINE
    + _IRON_TRACE_VITAMINS
    + _DRUG_LEVELS
    + _IMMUNOLOGY
    + _LIPIDS
    + _COAGULATION
    + _CHEMISTRY
    + _SMEAR
)
