"""Analytes beyond the core panels: differential counts, blood gases, hormones, lipid
ratios, bilirubin fractions, drug levels, coagulation and tumour markers (#12).

Same conventions as core.vocabulary.catalog: ranges are broad adult defaults used only
when a report gives none; units are unit keys.
"""

from __future__ import annotations

from core.vocabulary.analytes import (
    BLOOD_COUNT,
    CARDIAC,
    CHEMISTRY,
    COAGULATION,
    DIABETES,
    DRUG_LEVELS,
    HORMONES,
    IMMUNOLOGY,
    INFLAMMATION,
    IRON_VITAMINS,
    KIDNEY,
    LIPIDS,
    LIVER,
    THYROID,
    TUMOUR_MARKERS,
    Analyte,
)
from core.vocabulary.analytes import unit_range as _u

# fmt: off
MORE_ANALYTES: tuple[Analyte, ...] = (
    Analyte("MPV", BLOOD_COUNT, ("mpv", "mean platelet volume"), (_u("fl", 6.5, 12.0, 3, 25),)),
    Analyte("Reticulocytes", BLOOD_COUNT, ("reticulocytes", "reticulocyte count", "retic",
                                            "retic count", "reticulocyte"),
            # an absolute count, as a count of cells: "a high reticulocyte count (230,000
            # cells/mm3)" (Journal of Medical Case Reports, CUPCase row 4296)
            (_u("%", 0.5, 2.5, 0, 50), _u("10^9/l", 25, 100, 1, 1000, written_only=True),
             _u("/ul", 25_000, 100_000, 1000, 1_000_000, written_only=True))),
    # A haemolysis work-up: haptoglobin falls as free haemoglobin binds it.
    Analyte("Haptoglobin", CHEMISTRY, ("haptoglobin", "serum haptoglobin"),
            (_u("mg/dl", 30, 200, 0, 1000), _u("g/l", 0.3, 2.0, 0, 10))),
    Analyte("Apolipoprotein B", LIPIDS, ("apolipoprotein b", "apolipoprotein b-100", "apo b",
                                          "apo-b", "ApoB"),
            (_u("mg/dl", 40, 130, 5, 500), _u("g/l", 0.4, 1.3, 0.05, 5))),
    Analyte("Mononuclear cells", BLOOD_COUNT, ("mononuclear cells", "mononuclear"),
            (_u("%", 25, 55, 0, 100),)),
    Analyte("Monocytes", BLOOD_COUNT, ("monocytes", "monocyte", "monocyte count", "monos",
                                        "mono"),
            (_u("10^9/l", 0.2, 1.0, 0, 30), _u("%", 2, 10, 0, 100),
             _u("/ul", 200, 1000, 0, 30_000))),
    Analyte("Eosinophils", BLOOD_COUNT, ("eosinophils", "eosinophil", "eosinophil count", "eos",
                                          "absolute eosinophil count", "AEC", "eosinophilic ratio",
                                          "polynuclear eosinophils"),
            (_u("10^9/l", 0.0, 0.5, 0, 30), _u("%", 0, 6, 0, 100),
             _u("/ul", 0, 500, 0, 30_000))),
    Analyte("Basophils", BLOOD_COUNT, ("basophils", "Basophil", "BASOPHIL",
                                        "basophil count", "basos", "baso"),
            (_u("10^9/l", 0.0, 0.2, 0, 10), _u("%", 0, 2, 0, 100),
             _u("/ul", 0, 200, 0, 10_000))),
    # LabCorp's differential: "Immature Granulocytes 0 %", "Immature Grans (Abs) 0.0 x10E3/uL".
    Analyte("Immature granulocytes", BLOOD_COUNT, ("immature granulocytes", "immature grans",
                                                   "immature granulocyte count"),
            (_u("%", 0, 1, 0, 100), _u("10^9/l", 0.0, 0.1, 0, 50), _u("/ul", 0, 100, 0, 50_000))),
    Analyte("Bands", BLOOD_COUNT, ("bands", "band neutrophils", "band forms", "stabs",
                                   "band cells", "stab cells"),
            (_u("%", 0, 5, 0, 100),)),
    Analyte("Postprandial glucose", CHEMISTRY, ("postprandial glucose", "post prandial glucose",
                                                 "glucose pp", "glucose post prandial", "ppbs",
                                                 "pp glucose", "postprandial blood sugar",
                                                 "blood sugar (pp)", "blood sugar (post prandial)",
                                                 "2-hour postprandial glucose", "glucose, pp"),
            (_u("mg/dl", 70, 140, 20, 2000), _u("mmol/l", 3.9, 7.8, 0.5, 110))),
    Analyte("Estimated average glucose", DIABETES, ("estimated average glucose", "eag",
                                                     "estimated avg glucose", "est. avg glucose",
                                                     "est avg glucose"),
            (_u("mg/dl", 70, 126, 20, 800), _u("mmol/l", 3.9, 7.0, 1, 45))),
    Analyte("Insulin", DIABETES, ("fasting insulin", "insulin fasting", "insulin, fasting",
                                           "serum insulin", "insulin (fasting)",
                                           "immunoreactive insulin"),
            (_u("miu/l", 2.6, 24.9, 0.1, 1000), _u("pmol/l", 18, 173, 1, 7000))),
    Analyte("HOMA-IR", DIABETES, ("homa-ir", "homa ir", "homa"), (_u("", 0, 2.5, 0, 100),)),
    # A difference (sodium less chloride and bicarbonate), so it may be negative: bromide or
    # iodide read as chloride, lithium, an IgG paraprotein (Kraut & Madias, Clin J Am Soc
    # Nephrol 2007;2:162-74). A negative gap is read and flagged low, not doubted.
    Analyte("Anion gap", CHEMISTRY, ("anion gap", "agap"),
            (_u("mmol/l", 7, 17, -30, 60), _u("meq/l", 7, 17, -30, 60))),
    Analyte("Osmolality", CHEMISTRY, ("osmolality", "serum osmolality", "osmolarity", "osm"),
            (_u("mosm/kg", 275, 295, 30, 1500),)),
    # Some laboratories (and case reports) print these enzymes in µg/L ("Serum amylase was
    # raised at 557 ug/l (normal range: 25-125 ug/l)"): a unit only when written.
    Analyte("Lipase", CHEMISTRY, ("lipase", "serum lipase"),
            (_u("u/l", 0, 160, 0, 50_000), _u("ng/ml", 25, 57, 0, 50_000, written_only=True))),
    Analyte("Amylase", CHEMISTRY, ("amylase", "serum amylase"),
            (_u("u/l", 30, 110, 0, 50_000), _u("ng/ml", 25, 125, 0, 50_000, written_only=True))),
    # Blood-gas analysers and most labs report lactate in mmol/L: a number without its unit
    # is mmol/L ("lactate was elevated at 14.8" is no normal 14.8 mg/dL).
    # "lactates" as French and Belgian authors write it in English: "CRP: 17.8 mg/L [N < 10
    # mg/L], Lactates: 11.7 mmol/L [N < 1.6 mmol/L]" (MedRBench, PMC11506189)
    Analyte("Lactate", CHEMISTRY, ("lactate", "lactates", "lactic acid", "serum lactate",
                                   "blood lactate", "plasma lactate", "arterial lactate"),
            # "lactate 28.0 mEq/L" (BMJ Case Rep 13(9):e235608): a monovalent anion, mEq = mmol
            (_u("mmol/l", 0.5, 2.2, 0.1, 40), _u("mg/dl", 4.5, 19.8, 1, 360, written_only=True),
             _u("meq/l", 0.5, 2.2, 0.1, 40, written_only=True))),
    Analyte("Ammonia", CHEMISTRY, ("ammonia", "nh3", "ammonia level"),
            (_u("umol/l", 11, 51, 1, 2000), _u("ug/dl", 19, 87, 2, 3500))),
    Analyte("Cortisol", CHEMISTRY, ("cortisol", "serum cortisol", "random cortisol",
                                     "cortisol (8 am)", "morning cortisol"),
            (_u("ug/dl", 5, 25, 0.1, 200), _u("nmol/l", 140, 690, 3, 5500),
             # a 24-hour urine's free cortisol, only ever written: "a 24-hour urinary free
             # cortisol (UFC) level of 529.4 μg/day" (J Med Case Rep, CUPCase row 1622)
             _u("ug/24h", None, 50, 0, 20_000, written_only=True))),
    Analyte("Prealbumin", CHEMISTRY, ("prealbumin", "pre-albumin", "transthyretin"),
            (_u("mg/dl", 15, 36, 1, 80),)),
    Analyte("Blood pH", CHEMISTRY, ("arterial ph", "blood ph", "abg ph", "venous ph", "serum ph",
                                     "plasma ph", "arterial blood ph"),
            (_u("", 7.35, 7.45, 6.5, 8.0),), urine_aliases=()),
    # A body fluid's pH (pleural, ascitic, synovial fluid, CSF), its fluid told by the sentence:
    # "fluid pH" is how the reader writes a bare pH in a fluid's analysis (core/analysis/labs/
    # rewrite.py, _FLUID_PH), and a "pH" the sentence places in a fluid is this test too
    # (parse.py). No default range: each fluid has its own, and blood's limits never apply.
    Analyte("Body fluid pH", CHEMISTRY, ("fluid ph", "body fluid ph"),
            (_u("", None, None, 0.0, 14.0),)),
    # The gases' names with "arterial" inside them, as PaO2 and PaCO2 are spelt out: "partial
    # pressure of arterial carbon dioxide of 31.7 mmHg, and partial pressure of arterial oxygen
    # of 95.0 mmHg" (PMC11456914), "arterial partial pressure of oxygen (PaO2)" (PMC11587067).
    Analyte("pCO2", CHEMISTRY, ("pco2", "paco2", "pvco2", "partial pressure of carbon dioxide",
                                "carbon dioxide partial pressure",
                                "partial pressure of arterial carbon dioxide",
                                "arterial partial pressure of carbon dioxide"),
            (_u("mmhg", 35, 45, 5, 200), _u("kpa", 4.7, 6.0, 0.7, 27))),
    Analyte("pO2", CHEMISTRY, ("po2", "pao2", "partial pressure of oxygen",
                               "oxygen partial pressure", "partial pressure of arterial oxygen",
                               "arterial partial pressure of oxygen",
                               "arterial oxygen partial pressure"),
            (_u("mmhg", 80, 100, 5, 700), _u("kpa", 10.7, 13.3, 0.7, 93))),
    Analyte("Base excess", CHEMISTRY, ("base excess", "BE", "B/E"),
            (_u("mmol/l", -2, 2, -40, 40), _u("meq/l", -2, 2, -40, 40))),
    # Ionised (free) calcium, from a blood-gas analyser: never the total calcium's range.
    Analyte("Ionised calcium", CHEMISTRY, ("ionised calcium", "ionized calcium", "ica",
                                            "ionized ca", "ionised ca", "calcium ionized",
                                            "calcium, ionized", "free calcium", "iCa", "Ca++ ion"),
            (_u("mmol/l", 1.12, 1.32, 0.2, 4), _u("mg/dl", 4.5, 5.3, 0.8, 16))),
    Analyte("VLDL cholesterol", LIPIDS, ("vldl", "vldl cholesterol", "vldl-c",
                                          "vldl cholesterol calculated", "cholesterol vldl",
                                          # never the LDL its last words name ("very
                                          # low-density lipoprotein (VLDL) of 30 mg/dL",
                                          # MedRBench PMC11416827)
                                          "very low density lipoprotein",
                                          "very low density lipoprotein cholesterol",
                                          "very low density lipoprotein (vldl) cholesterol"),
            (_u("mg/dl", None, 30, 1, 500), _u("mmol/l", None, 0.78, 0.02, 13))),
    Analyte("Non-HDL cholesterol", LIPIDS, ("non-hdl cholesterol", "non hdl cholesterol",
                                             "non-hdl", "non hdl", "non-hdl-c",
                                             "non high density lipoprotein cholesterol"),
            (_u("mg/dl", None, 130, 10, 1500), _u("mmol/l", None, 3.4, 0.3, 40))),
    Analyte("Cholesterol/HDL ratio", LIPIDS, ("cholesterol/hdl ratio",
                                              "total cholesterol/hdl ratio",
                                               "chol/hdl ratio", "tc/hdl ratio",
                                               "total cholesterol/hdl",
                                               # Quest's "CHOL/HDLC RATIO 4.9 NORMAL <5.0
                                               # (calc) 01" (dev's pdf-quest-...-four-pages)
                                               "chol/hdlc ratio", "cholesterol/hdlc ratio",
                                               "chol/hdl-c ratio", "cholesterol/hdl-c ratio"),
            (_u("", None, 5.0, 0.5, 30),)),
    Analyte("Thyroglobulin", THYROID, ("thyroglobulin", "tg level", "serum thyroglobulin"),
            (_u("ng/ml", 1.5, 38.5, 0, 100_000),)),
    # "antithyroglobulin antibody (124 IU/mL)" (MedRBench PMC11520170): the prefix and the
    # noun together, as a thyroid-antibody pair prints them
    Analyte("Thyroglobulin antibody", THYROID, ("thyroglobulin antibody",
                                                "thyroglobulin antibodies",
                                                 "anti-thyroglobulin", "anti-tg", "tgab",
                                                 "anti-thyroglobulin antibody",
                                                 "anti-thyroglobulin antibodies"),
            (_u("u/ml", None, 4, 0, 100_000),)),
    # "Antithyroid peroxidase antibody (46 IU/mL)" (MedRBench PMC11520170), "thyroid
    # peroxidase antibodies (ATPO) of 64 IU/mL" (PMC11509281): the noun after the prefix, and
    # the plural, held no name and their values went unread
    Analyte("Anti-TPO antibody", THYROID, ("anti-tpo antibody", "anti-tpo", "tpo antibody",
                                            "anti tpo", "thyroid peroxidase antibody",
                                            "anti-thyroid peroxidase", "tpo ab",
                                            "thyroid peroxidase antibodies",
                                            "anti-thyroid peroxidase antibody",
                                            "anti-thyroid peroxidase antibodies",
                                            "anti-tpo antibodies", "tpo antibodies",
                                            "thyroperoxidase antibody", "tpoab", "ATPO"),
            (_u("u/ml", None, 35, 0, 100_000),)),
    # A thyroid profile's bare "T3" and "T4" are the total hormones (the free ones say so).
    Analyte("Total T3", THYROID, ("total t3", "t3 total", "t3, total", "triiodothyronine",
                                  "total triiodothyronine", "T3", "TT3", "T3 (total)"),
            (_u("ng/ml", 0.8, 2.0, 0.1, 10), _u("ng/dl", 80, 200, 10, 1000),
             _u("nmol/l", 1.2, 3.1, 0.1, 15))),
    Analyte("Total T4", THYROID, ("total t4", "t4 total", "t4, total", "thyroxine total",
                                  "total thyroxine", "thyroxine (t4)", "T4", "TT4", "T4 (total)"),
            (_u("ug/dl", 5.0, 12.0, 0.5, 40), _u("nmol/l", 64, 154, 6, 500))),
    # The older thyroid panel US laboratories still print beside the total T4 (issue #29,
    # labnames27): "T3 UPTAKE 27 NORMAL 22-35 % 01", "FREE T4 INDEX (T7) 2.6 NORMAL 1.4-3.8 01"
    # (Quest's sample report, dev's pdf-quest-result-flag-range-lab-code-four-pages). The
    # uptake is a per cent of the tracer bound, never the T3 itself; the index is the total
    # T4 times the uptake, unitless. A bare "T7" or "FTI" is a vertebra or a word's letters
    # in the pools: only the whole name is read.
    Analyte("T3 uptake", THYROID, ("t3 uptake", "t3 resin uptake", "resin t3 uptake",
                                   "t3 uptake (t3ru)", "t3ru"),
            (_u("%", 22, 35, 5, 80, written_only=True),)),
    Analyte("Free T4 index", THYROID, ("free t4 index", "free t4 index (t7)",
                                       "free thyroxine index", "free thyroxine index (fti)",
                                       "free t4 index (fti)", "ft4 index", "t7 (free t4 index)"),
            (_u("", 1.4, 3.8, 0.1, 20),)),
    Analyte("Indirect bilirubin", LIVER, ("indirect bilirubin", "bilirubin indirect",
                                           "bilirubin, indirect", "unconjugated bilirubin"),
            (_u("mg/dl", 0.1, 1.0, 0, 40, extreme=80), _u("umol/l", 2, 17, 0, 700, extreme=1370))),
    Analyte("Globulin", CHEMISTRY, ("globulin", "serum globulin"),
            (_u("g/dl", 2.0, 3.5, 0.5, 10), _u("g/l", 20, 35, 5, 100))),
    Analyte("Albumin/globulin ratio", CHEMISTRY, ("a/g ratio", "a : g ratio", "a:g ratio",
                                                   "albumin/globulin ratio", "ag ratio"),
            (_u("", 0.9, 2.0, 0.1, 10),)),
    Analyte("BUN/creatinine ratio", KIDNEY, ("bun/creatinine ratio", "bun/cr ratio",
                                              "bun creatinine ratio", "bun:creatinine ratio",
                                              "urea/creatinine ratio"),
            (_u("", 10, 20, 1, 200),)),
    # Ascites: serum albumin minus the ascitic fluid's ("SAAG <1.1" is an exudate's, 1.1 or
    # more portal hypertension's, flagged high); a value of the fluid's analysis, so its
    # specimen is the peritoneal fluid (issue #29). A difference, so it may be negative, as
    # the serum-pleural gradient's: "a serum-to-ascites albumin gradient of −1.1 g/dl" (dev
    # cr4-labs-pancreatic-ascites-..., read 1.1 before left16).
    Analyte("Serum-ascites albumin gradient", CHEMISTRY,
            ("saag", "serum-ascites albumin gradient", "serum ascites albumin gradient",
             "serum albumin ascites gradient", "serum-to-ascites albumin gradient",
             "serum to ascites albumin gradient", "serum-ascitic albumin gradient"),
            (_u("g/dl", None, 1.1, -5, 6), _u("g/l", None, 11, -50, 60)),
            specimen="peritoneal fluid"),
    Analyte("Urine protein/creatinine ratio", KIDNEY,
            ("protein/creatinine ratio", "protein-creatinine ratio", "protein creatinine ratio",
             "protein to creatinine ratio", "upcr", "urine protein/creatinine ratio", "upc ratio"),
            (_u("g/g", None, 0.2, 0, 50), _u("mg/mg", None, 0.2, 0, 50),
             _u("mg/mmol", None, 15, 0, 5000))),
    Analyte("Creatinine clearance", KIDNEY, ("creatinine clearance", "crcl", "cr cl"),
            (_u("ml/min/1.73m2", 90, None, 1, 250),)),
    Analyte("Myoglobin", CARDIAC, ("myoglobin", "serum myoglobin"),
            (_u("ng/ml", None, 85, 0, 100_000),)),
    Analyte("CK-MM", CARDIAC, ("ck-mm", "ckmm", "ck mm"), (_u("u/l", None, 200, 0, 500_000),)),
    Analyte("D-dimer", COAGULATION, ("d-dimer", "d dimer", "ddimer"),
            (_u("ug/ml", None, 0.5, 0, 100), _u("ng/ml", None, 500, 0, 100_000),
             _u("mg/l", None, 0.5, 0, 100))),
    Analyte("Fibrinogen", COAGULATION, ("fibrinogen",),
            (_u("mg/dl", 200, 400, 20, 2000), _u("g/l", 2.0, 4.0, 0.2, 20))),
    Analyte("Calcitonin", HORMONES, ("calcitonin", "serum calcitonin", "plasma calcitonin"),
            (_u("pg/ml", None, 10, 0, 1_000_000),)),
    Analyte("LH", HORMONES, ("LH", "luteinizing hormone", "luteinising hormone"),
            (_u("miu/ml", 1.5, 12.0, 0, 500),)),
    Analyte("FSH", HORMONES, ("FSH", "follicle stimulating hormone",
                              "follicle-stimulating hormone"),
            (_u("miu/ml", 1.5, 12.5, 0, 500),)),
    # "prolactin, 233 mIU/L (normal < 460 mIU/L)" (Journal of Medical Case Reports, CUPCase
    # row 4513): European laboratories report prolactin in mIU/L (mU/L), 21.2 mIU/L per ng/mL
    Analyte("Prolactin", HORMONES, ("prolactin", "prl"),
            (_u("ng/ml", 3, 25, 0, 20_000, extreme=60_000),
             _u("miu/l", 60, 530, 0, 500_000, written_only=True, extreme=1_300_000))),
    Analyte("Testosterone", HORMONES, ("testosterone", "total testosterone", "testosterone (t)",
                                        "testosterone, total"),
            (_u("ng/dl", 15, 1000, 1, 5000), _u("nmol/l", 0.5, 35, 0.03, 170))),
    Analyte("DHEA-S", HORMONES, ("dhea-s", "dheas", "dhea sulfate", "dhea-so4",
                                 "dehydroepiandrosterone sulfate"),
            (_u("ug/dl", 35, 430, 1, 2000), _u("umol/l", 1.0, 11.7, 0.02, 55))),
    Analyte("AMH", HORMONES, ("amh", "anti-mullerian hormone", "anti-müllerian hormone"),
            (_u("ng/ml", 1.0, 3.5, 0, 50),)),
    # "aldosterone level, 850pg/mL (2,358pmol/L; ...)" (Journal of Medical Case Reports,
    # CUPCase row 3217): pg/mL is ten times the ng/dL figure
    Analyte("Aldosterone", HORMONES, ("aldosterone", "serum aldosterone"),
            # "Serum aldosterone level was marginally elevated (0.414 ng/mL)" (CaseReportBench
            # item 17): a tenth of the ng/dL figure, only as written
            (_u("ng/dl", 3, 16, 0, 500), _u("pg/ml", 30, 160, 0, 5000, written_only=True),
             _u("ng/ml", 0.03, 0.16, 0, 5, written_only=True))),
    # Adrenal and pituitary tests of published case reports (issue #29: congenital adrenal
    # hyperplasia, adrenal insufficiency, growth hormone stimulation); broad adult ranges.
    Analyte("ACTH", HORMONES, ("acth", "adrenocorticotropic hormone", "corticotropin",
                               "adrenocorticotrophic hormone", "plasma acth"),
            (_u("pg/ml", 7, 63, 0, 100_000), _u("pmol/l", 1.6, 13.9, 0, 22_000))),
    Analyte("17-hydroxyprogesterone", HORMONES, ("17-hydroxyprogesterone", "17-ohp", "17ohp",
                                                  "17-oh progesterone",
                                                  # "17-hydroxy progesterone (17-OHP) level
                                                  # was 1.3 ng/ml", "17α-OH progesterone
                                                  # (17α-OHP) 8.33 ng/mL" (two case
                                                  # reports of CaseReportBench): without
                                                  # them "progesterone" took the value
                                                  "17-hydroxy progesterone",
                                                  "17α-oh progesterone", "17α-ohp",
                                                  "17-alpha-oh progesterone",
                                                  "17-alpha-hydroxyprogesterone",
                                                  "17α-hydroxyprogesterone"),
            (_u("ng/ml", 0.2, 2.0, 0, 1000), _u("ng/dl", 20, 200, 0, 100_000),
             _u("nmol/l", 0.6, 6.0, 0, 3000))),
    # "progesterone (P4): 0.54 ng/mL", then "P4: 2.23 ng/mL"; "Base E2: 42.7 pg/mL" (CUPCase
    # row 600): the steroids' short names, read only as written in capitals
    Analyte("Progesterone", HORMONES, ("progesterone", "serum progesterone", "P4"),
            (_u("ng/ml", 0.1, 25, 0, 500), _u("ng/dl", 10, 2500, 0, 50_000),
             _u("nmol/l", 0.3, 80, 0, 1600))),
    Analyte("Estradiol", HORMONES, ("estradiol", "oestradiol", "serum estradiol", "E2"),
            (_u("pg/ml", 10, 400, 0, 10_000), _u("pmol/l", 37, 1470, 0, 37_000))),
    Analyte("Renin activity", HORMONES, ("plasma renin activity", "renin activity", "PRA"),
            (_u("ng/ml/h", 0.5, 4.0, 0, 200),)),
    Analyte("Growth hormone", HORMONES, ("growth hormone", "somatotropin", "GH", "hgh"),
            (_u("ng/ml", 0, 10, 0, 500),)),
    Analyte("Pyruvate", CHEMISTRY, ("pyruvate", "pyruvic acid", "serum pyruvic acid"),
            (_u("mg/dl", 0.3, 0.9, 0, 20), _u("umol/l", 34, 102, 0, 2300))),
    Analyte("Anti-dsDNA", INFLAMMATION, ("anti-dsdna", "anti dsdna", "dsdna antibody",
                                          "anti-double stranded dna"),
            (_u("u/ml", None, 10, 0, 10_000),)),
    Analyte("Phenytoin", DRUG_LEVELS, ("phenytoin level", "phenytoin levels", "dilantin level",
                                         "dilantin levels", "phenytoin"),
            (_u("ug/ml", 10, 20, 0, 100), _u("mg/l", 10, 20, 0, 100))),
    Analyte("Tacrolimus", DRUG_LEVELS, ("tacrolimus level", "tacrolimus levels",
                                          "tacrolimus trough", "fk506 level", "prograf level",
                                          "prograf levels", "tacrolimus"),
            (_u("ng/ml", 5, 15, 0, 100),)),
    # Toxicology: the ranges are the therapeutic ones; above them is toxic.
    Analyte("Salicylate", DRUG_LEVELS, ("salicylate", "salicylates", "salicylate level",
                                        "serum salicylate", "aspirin level", "salicylic acid"),
            (_u("mg/dl", None, 30, 0, 200), _u("mg/l", None, 300, 0, 2000),
             _u("ug/ml", None, 300, 0, 2000), _u("mmol/l", None, 2.2, 0, 15))),
    Analyte("Paracetamol", DRUG_LEVELS, ("paracetamol", "acetaminophen", "paracetamol level",
                                         "acetaminophen level", "serum paracetamol",
                                         "serum acetaminophen", "APAP"),
            (_u("ug/ml", None, 30, 0, 2000), _u("mg/l", None, 30, 0, 2000),
             _u("umol/l", None, 200, 0, 13_000))),
    # Toxic alcohols, ketones and abnormal haemoglobins of a poisoning (issue #29): the upper
    # limit is about what a laboratory reports as none detected. "Alcohol" alone is not a
    # name: it is what a patient drinks, in grams a day.
    Analyte("Ethanol", DRUG_LEVELS, ("ethanol", "serum ethanol", "blood ethanol", "ethanol level",
                                     "blood alcohol", "blood alcohol level",
                                     "blood alcohol concentration", "serum alcohol"),
            (_u("mg/dl", None, 10, 0, 1500), _u("mmol/l", None, 2.2, 0, 330),
             _u("g/l", None, 0.1, 0, 15, written_only=True))),
    Analyte("Methanol", DRUG_LEVELS, ("methanol", "serum methanol", "methanol level",
                                      "blood methanol"),
            (_u("mg/dl", None, 1, 0, 1000), _u("mmol/l", None, 0.3, 0, 300))),
    Analyte("Isopropanol", DRUG_LEVELS, ("isopropanol", "isopropyl alcohol", "serum isopropanol",
                                         "isopropanol level"),
            (_u("mg/dl", None, 1, 0, 1000),)),
    Analyte("Acetone", DRUG_LEVELS, ("acetone", "serum acetone", "acetone level"),
            (_u("mg/dl", None, 2, 0, 500), _u("mmol/l", None, 0.34, 0, 90))),
    Analyte("Beta-hydroxybutyrate", CHEMISTRY, ("beta-hydroxybutyrate", "beta hydroxybutyrate",
                                                "β-hydroxybutyrate", "3-hydroxybutyrate",
                                                "beta-hydroxybutyric acid", "BHB", "BOHB"),
            (_u("mmol/l", None, 0.6, 0, 30), _u("mg/dl", None, 6, 0, 300, written_only=True))),
    Analyte("Methemoglobin", DRUG_LEVELS, ("methemoglobin", "methaemoglobin", "MetHb", "metHb",
                                           "MetHB", "met-Hb", "methemoglobin level",
                                           "methaemoglobin level"),
            (_u("%", None, 1.5, 0, 100),)),
    Analyte("Carboxyhemoglobin", DRUG_LEVELS, ("carboxyhemoglobin", "carboxyhaemoglobin",
                                               "COHb", "HbCO", "carboxyhemoglobin level",
                                               "carboxyhaemoglobin level"),
            (_u("%", None, 3, 0, 100),)),
    Analyte("Lithium", DRUG_LEVELS, ("lithium", "lithium level", "serum lithium"),
            (_u("mmol/l", 0.6, 1.2, 0, 12), _u("meq/l", 0.6, 1.2, 0, 12))),
    Analyte("Digoxin", DRUG_LEVELS, ("digoxin", "digoxin level", "serum digoxin"),
            (_u("ng/ml", 0.8, 2.0, 0, 50), _u("nmol/l", 1.0, 2.6, 0, 64))),
    # Complement and immunoglobulins
    Analyte("Complement C3", IMMUNOLOGY, ("complement c3", "c3 complement", "serum c3", "C3",
                                          "complement 3", "complement component 3"),
            (_u("mg/dl", 90, 180, 2, 600), _u("g/l", 0.9, 1.8, 0.02, 6))),
    Analyte("Complement C4", IMMUNOLOGY, ("complement c4", "c4 complement", "serum c4", "C4",
                                          "complement 4", "complement component 4"),
            (_u("mg/dl", 10, 40, 0.5, 200), _u("g/l", 0.1, 0.4, 0.005, 2),
             # "Her C4 level was normal (280mg/L)" (Journal of Medical Case Reports, CUPCase
             # row 2672)
             _u("mg/l", 100, 400, 5, 2000, written_only=True))),
    Analyte("IgG", IMMUNOLOGY, ("immunoglobulin g", "IgG", "serum igg"),
            (_u("mg/dl", 700, 1600, 20, 15_000), _u("g/l", 7, 16, 0.2, 150))),
    Analyte("IgA", IMMUNOLOGY, ("immunoglobulin a", "IgA", "serum iga"),
            (_u("mg/dl", 70, 400, 1, 10_000), _u("g/l", 0.7, 4.0, 0.01, 100))),
    Analyte("IgM", IMMUNOLOGY, ("immunoglobulin m", "IgM", "serum igm"),
            (_u("mg/dl", 40, 230, 1, 10_000), _u("g/l", 0.4, 2.3, 0.01, 100))),
    # IgG subclasses, the broad adult ranges laboratories print: "a reduction in each
    # subclass of IgG: IgG1 2.48 g/l (N >3.82 g/l), IgG2 1.65 g/l (N >2.41), IgG3 0.14 g/l
    # (N >0.2), and IgG4 0.038 g/l (N >0.18 g/l)" (Journal of Medical Case Reports, CUPCase);
    # only the glued names, as "IgG 1.2" is an IgG of 1.2.
    Analyte("IgG1", IMMUNOLOGY, ("igg1", "igg subclass 1"),
            (_u("g/l", 3.8, 9.3, 0.01, 60), _u("mg/dl", 380, 930, 1, 6000))),
    Analyte("IgG2", IMMUNOLOGY, ("igg2", "igg subclass 2"),
            (_u("g/l", 2.4, 7.0, 0.01, 40), _u("mg/dl", 240, 700, 1, 4000))),
    Analyte("IgG3", IMMUNOLOGY, ("igg3", "igg subclass 3"),
            (_u("g/l", 0.2, 1.5, 0.005, 20), _u("mg/dl", 20, 150, 0.5, 2000))),
    Analyte("IgG4", IMMUNOLOGY, ("igg4", "igg subclass 4", "serum igg4"),
            (_u("g/l", 0.04, 1.35, 0.001, 60), _u("mg/dl", 4, 135, 0.1, 6000))),
    # The gamma fraction of a serum protein electrophoresis.
    Analyte("Gamma globulin", IMMUNOLOGY, ("gamma globulin", "gamma globulins",
                                            "gamma-globulin", "γ-globulin", "γ globulin",
                                            "gamma fraction"),
            (_u("g/l", 7, 16, 0.5, 80), _u("g/dl", 0.7, 1.6, 0.05, 8),
             _u("%", 11, 21, 1, 80, written_only=True))),
    # A fungal cell-wall marker: "his level of β-D-glucan was extremely high at 3634 pg/ml"
    # (Journal of Medical Case Reports, CUPCase); most assays call < 80 pg/mL negative.
    Analyte("Beta-D-glucan", INFLAMMATION, ("beta-d-glucan", "β-d-glucan", "beta d-glucan",
                                             "(1,3)-beta-d-glucan", "(1,3)-β-d-glucan",
                                             "1,3-beta-d-glucan", "1,3-β-d-glucan",
                                             "beta-glucan", "β-glucan",
                                             # round seventeen: "the serum level of β-D
                                             # glucan" (PMC11471678), "The glucan test
                                             # results were <5.0 pg/mL" (PMC11447945)
                                             "β-d glucan", "beta-d glucan", "glucan test"),
            (_u("pg/ml", None, 80, 0, 100_000),)),
    # Haemoglobin fractions of an electrophoresis or HPLC, in per cent of the total: "HbA 86
    # percent, HbS 7 percent", "Hb S at 50.3 percent, Hb C at 44 percent" (Journal of Medical
    # Case Reports, CUPCase). The short names as written only ("HBs" and "HBc" are hepatitis
    # B antigens).
    Analyte("Hemoglobin S", BLOOD_COUNT, ("hemoglobin s", "haemoglobin s", "Hb S", "Hgb S"),
            (_u("%", None, 1, 0, 100, written_only=True),)),
    Analyte("Hemoglobin A", BLOOD_COUNT, ("hemoglobin a", "haemoglobin a", "Hb A", "Hgb A",
                                           "Hb A0"),
            (_u("%", 95, 98, 0, 100, written_only=True),)),
    Analyte("Hemoglobin C", BLOOD_COUNT, ("hemoglobin c", "haemoglobin c", "Hb C", "Hgb C"),
            (_u("%", None, 1, 0, 100, written_only=True),)),
    # Tumour markers: the upper limits most assays report.
    Analyte("CEA", TUMOUR_MARKERS, ("cea", "carcinoembryonic antigen"),
            (_u("ng/ml", None, 5.0, 0, 100_000),)),
    Analyte("CA-125", TUMOUR_MARKERS, ("ca-125", "ca 125", "ca125", "cancer antigen 125"),
            (_u("u/ml", None, 35, 0, 100_000),)),
    Analyte("CA 15-3", TUMOUR_MARKERS, ("ca 15-3", "ca15-3", "ca 15.3", "cancer antigen 15-3"),
            (_u("u/ml", None, 30, 0, 100_000),)),
    Analyte("CA 19-9", TUMOUR_MARKERS, ("ca 19-9", "ca19-9", "ca 19.9", "cancer antigen 19-9",
                                        "carbohydrate antigen 19-9"),
            (_u("u/ml", None, 37, 0, 1_000_000),)),
    Analyte("AFP", TUMOUR_MARKERS, ("afp", "alpha-fetoprotein", "alpha fetoprotein",
                                    "α-fetoprotein",
                                    # "alpha fetal protein (AFP) was markedly elevated at 115.8
                                    # ng/ml" (CUPCase row 1822): read as total protein before
                                    "alpha fetal protein", "alpha-fetal protein"),
            # "After treatment AFP was found to be 985 IU/mL" (Int J Surg Case Rep, MedRBench
            # PMC11488400): the international unit (1 IU = 1.21 ng), 10 ng/mL is 8.3 IU/mL
            (_u("ng/ml", None, 10, 0, 1_000_000),
             _u("u/ml", None, 8.3, 0, 1_000_000, written_only=True))),
    Analyte("24-hour urine protein", KIDNEY, ("24-hour urine protein", "24 hour urine protein",
                                              "24-h urine protein", "24h urine protein",
                                              "24-hour urinary protein", "24-hour proteinuria",
                                              "24-hour urinary total protein",
                                              "24-hour urine total protein",
                                              "24 hour proteinuria", "urine protein 24 hour",
                                              "24-hour urine protein excretion",
                                              "protein excretion", "proteinuria"),
            (_u("mg/24h", None, 150, 0, 60_000), _u("g/24h", None, 0.15, 0, 60)),
            specimen="urine"),
    Analyte("PSA", TUMOUR_MARKERS, ("psa", "prostate specific antigen",
                                      "prostate-specific antigen", "total psa"),
            (_u("ng/ml", 0, 4.0, 0, 100_000),)),
    Analyte("Folate", IRON_VITAMINS, ("folate", "serum folate", "folic acid", "folic acid level",
                                              "rbc folate"),
            (_u("ng/ml", 3.0, 20.0, 0.3, 100), _u("nmol/l", 7, 45, 0.5, 250))),
    Analyte("Transferrin saturation", IRON_VITAMINS, ("transferrin saturation", "tsat",
                                                       "iron saturation", "% saturation"),
            (_u("%", 20, 50, 1, 100),)),
    Analyte("Zinc", IRON_VITAMINS, ("zinc", "serum zinc"), (_u("ug/dl", 60, 120, 5, 1000),)),
    # Tests real case reports print that the catalogue lacked (issue #29, third round):
    # broad adult ranges; the plausible span is what a laboratory can report.
    Analyte("Homocysteine", CHEMISTRY, ("homocysteine", "homocystein", "serum homocysteine",
                                        "plasma homocysteine", "total homocysteine"),
            (_u("umol/l", 5, 15, 0, 500),)),
    # Not "ADA": notes write "ADA 1800-calorie diet" (the American Diabetes Association's).
    Analyte("Adenosine deaminase", INFLAMMATION, ("adenosine deaminase",
                                                  "adenosine deaminase activity"),
            (_u("u/l", None, 40, 0, 2000),)),
    Analyte("Androstenedione", HORMONES, ("androstenedione", "androstendione",
                                          "delta-4-androstenedione", "δ4-androstenedione",
                                          "∆4-androstenedione"),
            (_u("ng/dl", 30, 200, 0, 50_000), _u("ng/ml", 0.3, 2.0, 0, 500),
             _u("nmol/l", 1.0, 7.0, 0, 1700))),
    Analyte("Inhibin B", HORMONES, ("inhibin b", "inhibin-b", "serum inhibin b"),
            (_u("pg/ml", 25, 325, 0, 5000),)),
    Analyte("Thiamine", IRON_VITAMINS, ("thiamine", "thiamin", "vitamin b1", "vitamin B1",
                                        "thiamine level", "whole blood thiamine"),
            (_u("nmol/l", 66, 200, 0, 2000),)),
    Analyte("Porphobilinogen", KIDNEY, ("porphobilinogen", "PBG", "urinary porphobilinogen",
                                       "urine porphobilinogen"),
            (_u("mg/l", None, 2, 0, 2000), _u("mg/24h", None, 2, 0, 2000),
             _u("umol/l", None, 9, 0, 9000)),
            specimen="urine"),
    Analyte("Uroporphyrin", KIDNEY, ("uroporphyrin", "uroporphyrins", "urinary uroporphyrin"),
            # "uroporphyrin level, 24,200 nmol/24 hours (normal: ≤30)" (CaseReportBench item 57)
            # One ceiling in every unit: 1,200,000 nmol is about 1 g (830.8 g/mol).
            (_u("ug/24h", None, 30, 0, 1_000_000), _u("mg/24h", None, 0.03, 0, 1000),
             _u("nmol/24h", None, 36, 0, 1_200_000)),
            specimen="urine"),
    Analyte("Ornithine", CHEMISTRY, ("ornithine", "plasma ornithine"),
            (_u("umol/l", 30, 110, 0, 5000),)),
    Analyte("Citrulline", CHEMISTRY, ("citrulline", "plasma citrulline"),
            (_u("umol/l", 15, 55, 0, 5000),)),
    Analyte("Arginine", CHEMISTRY, ("plasma arginine", "arginine level", "arginine"),
            (_u("umol/l", 40, 140, 0, 5000),)),
    Analyte("Fractional excretion of sodium", KIDNEY, ("fractional excretion of sodium",
                                                       "FENa", "FENA", "FE Na", "FE(Na)"),
            (_u("%", None, 1, 0, 100),), specimen="urine"),
    Analyte("Fractional excretion of bicarbonate", KIDNEY, (
        "fractional excretion of bicarbonate", "fractionated excretion of hco3",
        "fractional excretion of hco3", "FeHCO3", "FEHCO3", "FE HCO3"),
            (_u("%", None, 5, 0, 100),), specimen="urine"),
    Analyte("Fractional excretion of magnesium", KIDNEY, (
        "fractional excretion of magnesium", "fractional magnesium excretion", "FEMg", "FE Mg"),
            (_u("%", None, 4, 0, 100),), specimen="urine"),
    Analyte("Fractional excretion of urea", KIDNEY, (
        "fractional excretion of urea", "FEurea", "FEUrea", "FE urea"),
            (_u("%", 35, 65, 0, 100),), specimen="urine"),
    # Light's criteria: the pleural fluid's values against the serum's (issue #29)
    Analyte("Serum-pleural albumin gradient", KIDNEY, (
        "serum-pleural albumin gradient", "serum-pleural fluid albumin gradient",
        "serum-to-effusion albumin gradient", "serum-effusion albumin gradient",
        "serum to pleural fluid albumin gradient", "serum-to-pleural albumin gradient"),
            (_u("g/dl", 1.2, None, -5, 10),), specimen="pleural fluid"),
    Analyte("Pleural/serum LDH ratio", KIDNEY, (
        "pleural/serum ldh ratio", "pleural fluid/serum ldh ratio",
        "pleural fluid to serum ldh ratio", "pleural to serum ldh ratio",
        "pleural fluid/serum lactate dehydrogenase ratio",
        "pleural fluid to serum lactate dehydrogenase ratio", "pf/s ldh ratio",
        "pleural fluid-to-serum ldh ratio", "fluid-to-serum ldh ratio", "fluid/serum ldh ratio",
        "fluid to serum ldh ratio"),
            (_u("", None, 0.6, 0, 50),), specimen="pleural fluid"),
    Analyte("Pleural/serum protein ratio", KIDNEY, (
        "pleural/serum protein ratio", "pleural fluid/serum protein ratio",
        "pleural fluid to serum protein ratio", "pleural to serum protein ratio",
        "pf/s protein ratio", "pleural fluid-to-serum protein ratio",
        "fluid-to-serum protein ratio", "fluid/serum protein ratio",
        "fluid to serum protein ratio"),
            (_u("", None, 0.5, 0, 20),), specimen="pleural fluid"),
    # Liver fibrosis markers Japanese case reports print beside the liver tests.
    Analyte("Hyaluronic acid", LIVER, ("hyaluronic acid", "serum hyaluronic acid", "hyaluronan"),
            (_u("ng/ml", None, 50, 0, 100_000),)),
    Analyte("Type IV collagen", LIVER, ("type 4 collagen", "type iv collagen",
                                        "type iv collagen 7s", "type 4 collagen 7s"),
            (_u("ng/ml", None, 150, 0, 10_000),)),
    Analyte("Mac-2 binding protein glycosylation isomer", LIVER, (
        "mac2-binding protein", "mac-2 binding protein", "mac-2-binding protein",
        "mac2 binding protein", "m2bpgi", "wfa+-m2bp"),
            (_u("coi", None, 1.0, 0, 100),)),
    Analyte("Urine anion gap", KIDNEY, ("urine anion gap", "urinary anion gap", "UAG"),
            (_u("meq/l", None, 10, -200, 200), _u("mmol/l", None, 10, -200, 200)),
            specimen="urine"),
    # Tests of renal tubular acidosis a case report prints beside the urine anion gap
    # (issue #29, reader-prose2): the transtubular potassium gradient, a ratio of ratios
    # (above 7 in a hypokalaemia says the kidney loses potassium), and the urine-to-blood
    # pCO2 gradient of a bicarbonate loading test (below 20 mmHg in distal RTA).
    Analyte("Transtubular potassium gradient", KIDNEY, ("transtubular potassium gradient",
                                                        "TTKG", "trans-tubular potassium gradient"),
            # about 8 to 9 on an ordinary diet (Ethier et al., Am J Kidney Dis 1990), broadly
            (_u("", 6, 12, 0, 50),)),
    Analyte("Urine-blood pCO2 gradient", KIDNEY, (
        "urine-to-blood carbon dioxide tension gradient", "urine-to-blood pco2 gradient",
        "urine-blood pco2 gradient", "urine to blood pco2 gradient", "U-B PCO2", "U-B pCO2",
        "U-B Pco2"),
            (_u("mmhg", 20, None, -50, 200),), specimen="urine"),
    # Urea-cycle work-up (ornithine transcarbamylase deficiency): urinary orotic acid per
    # creatinine, an adult's up to about 1.5 umol/mmol creatinine
    Analyte("Orotic acid", KIDNEY, ("orotic acid", "urinary orotic acid", "urine orotic acid"),
            (_u("umol/mmol", None, 1.5, 0, 100_000),), specimen="urine"),
)
# fmt: on
