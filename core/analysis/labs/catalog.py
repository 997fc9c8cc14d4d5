"""The analytes the offline engine recognises, their aliases and default adult reference ranges.

Default ranges are used only when a report gives none. They are broad adult ranges that
cover both sexes (the parser does not know the patient), so a default-range flag is
conservative. Each unit also has a plausible span (``floor``..``limit``): a number outside
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

from dataclasses import dataclass

from core.analysis.labs.units import unit_key


@dataclass(frozen=True)
class UnitRange:
    unit: str  # a unit_key
    low: float | None
    high: float | None
    floor: float = 0.0  # smallest plausible value in this unit
    limit: float = float("inf")  # largest plausible value in this unit
    # A unit never guessed for a number written without one: a hemoglobin of 5.7 is
    # 5.7 g/dL (critical), not 5.7 mmol/L, unless the report says mmol/L.
    written_only: bool = False

    def fits(self, value: float) -> bool:
        return self.floor <= value <= self.limit

    def near_normal(self, value: float) -> bool:
        low = self.low / 2 if self.low is not None else 0.0
        high = self.high * 2 if self.high is not None else float("inf")
        return low <= value <= high


@dataclass(frozen=True)
class Analyte:
    name: str
    panel: str
    aliases: tuple[str, ...]
    ranges: tuple[UnitRange, ...] = ()
    qualitative: bool = False  # a dipstick result: negative / trace / positive
    urine_aliases: tuple[str, ...] = ()  # aliases that mean this test only in a urine section
    urine_form: str | None = None  # what this analyte is when reported in urine

    def range_for(self, unit: str | None, value: float) -> UnitRange | None:
        """The default range for ``unit`` (or, with no unit, for the unit ``value`` fits)."""
        key = unit_key(unit)
        if unit is not None and key:
            return next((r for r in self.ranges if r.unit == key and r.fits(value)), None)
        candidates = [r for r in self.ranges if r.fits(value) and not r.written_only]
        if len(candidates) > 1:
            candidates = [r for r in candidates if r.near_normal(value)] or candidates
        return candidates[0] if candidates else None

    def plausible(self, value: float) -> bool:
        return not self.ranges or any(r.fits(value) for r in self.ranges)

    @property
    def signed(self) -> bool:
        """True for a test whose results may be negative (base excess)."""
        return any(r.floor < 0 for r in self.ranges)


def _u(
    unit: str,
    low: float | None,
    high: float | None,
    floor: float = 0.0,
    limit: float = 1e9,
    *,
    written_only: bool = False,
) -> UnitRange:
    return UnitRange(unit, low, high, floor, limit, written_only)


_BLOOD_COUNT = "Blood count"
_CHEMISTRY = "Metabolic panel"
_LIPIDS = "Lipids"
_DIABETES = "Diabetes"
_THYROID = "Thyroid"
_LIVER = "Liver"
_KIDNEY = "Kidney"
_INFLAMMATION = "Inflammation"
_CARDIAC = "Cardiac"
_COAGULATION = "Coagulation"
_IRON_VITAMINS = "Iron and vitamins"
_URINE = "Urinalysis"
_HORMONES = "Hormones"

_CELLS = (_u("10^9/l", 4.0, 11.0, 0.05, 500), _u("/ul", 4000, 11000, 100, 500_000))

# fmt: off
CATALOG: tuple[Analyte, ...] = (
    # Blood count
    Analyte("Hemoglobin", _BLOOD_COUNT, ("hemoglobin", "haemoglobin", "hgb", "hb"),
            (_u("g/dl", 12.0, 17.5, 2, 25), _u("g/l", 120, 175, 20, 250),
             _u("mmol/l", 7.4, 10.9, 1.2, 15.5, written_only=True)), urine_form="Urine blood"),
    Analyte("Hematocrit", _BLOOD_COUNT, ("hematocrit", "haematocrit", "hct", "pcv"),
            (_u("%", 36, 52, 8, 80), _u("l/l", 0.36, 0.52, 0.08, 0.8))),
    Analyte("RBC", _BLOOD_COUNT, ("rbc", "red blood cells", "red blood cell count",
                                  "red cell count", "red count", "red blood count", "red cells",
                                  "red blood cell", "erythrocytes", "erythrocyte count"),
            (_u("10^12/l", 4.0, 5.9, 0.5, 12),), urine_form="Urine blood"),
    Analyte("WBC", _BLOOD_COUNT, ("wbc", "white blood cells", "white blood cell count",
                                  "white cell count", "white count", "white blood count",
                                  "white blood cell", "white cell", "white cells", "leukocytes", "leucocytes", "leukocyte count",
                                  "total leukocyte count", "tlc"),
            _CELLS, urine_form="Leukocyte esterase"),
    Analyte("Platelets", _BLOOD_COUNT, ("platelets", "platelet", "platelet count", "plt", "thrombocytes"),
            (_u("10^9/l", 150, 450, 1, 2000), _u("/ul", 150_000, 450_000, 2000, 3_000_000))),
    Analyte("MCV", _BLOOD_COUNT, ("mcv", "mean corpuscular volume", "mean cell volume"),
            (_u("fl", 80, 100, 40, 160),)),
    Analyte("MCH", _BLOOD_COUNT, ("mch", "mean corpuscular hemoglobin", "mean cell hemoglobin"),
            (_u("pg", 27, 33, 10, 60),)),
    Analyte("MCHC", _BLOOD_COUNT, ("mchc", "mean corpuscular hemoglobin concentration"),
            (_u("g/dl", 32, 36, 20, 45), _u("g/l", 320, 360, 200, 450))),
    Analyte("MPV", _BLOOD_COUNT, ("mpv", "mean platelet volume"), (_u("fl", 6.5, 12.0, 3, 25),)),
    Analyte("Reticulocytes", _BLOOD_COUNT, ("reticulocytes", "reticulocyte count", "retic",
                                            "retic count", "reticulocyte"),
            (_u("%", 0.5, 2.5, 0, 50),)),
    Analyte("RDW", _BLOOD_COUNT, ("rdw", "rdw-cv", "red cell distribution width"),
            (_u("%", 11.5, 14.5, 5, 40),)),
    Analyte("Neutrophils", _BLOOD_COUNT, ("neutrophils", "neutrophil count", "neut", "neutro",
                                          "segmental cells", "segmented neutrophils",
                                          "segmented cells", "polys", "pmns", "pmn",
                                          "absolute neutrophils", "anc", "segs"),
            (_u("10^9/l", 1.5, 7.5, 0, 60), _u("%", 40, 75, 0, 100))),
    Analyte("Lymphocytes", _BLOOD_COUNT, ("lymphocytes", "lymphocyte count", "lymph", "lymphs",
                                          "absolute lymphocytes", "ALC"),
            (_u("10^9/l", 1.0, 4.0, 0, 60), _u("%", 20, 45, 0, 100))),
    Analyte("Mononuclear cells", _BLOOD_COUNT, ("mononuclear cells", "mononuclear"),
            (_u("%", 25, 55, 0, 100),)),
    Analyte("Monocytes", _BLOOD_COUNT, ("monocytes", "monocyte count", "monos", "mono"),
            (_u("10^9/l", 0.2, 1.0, 0, 30), _u("%", 2, 10, 0, 100))),
    Analyte("Eosinophils", _BLOOD_COUNT, ("eosinophils", "eosinophil count", "eos"),
            (_u("10^9/l", 0.0, 0.5, 0, 30), _u("%", 0, 6, 0, 100))),
    Analyte("Basophils", _BLOOD_COUNT, ("basophils", "basophil count", "basos"),
            (_u("10^9/l", 0.0, 0.2, 0, 10), _u("%", 0, 2, 0, 100))),
    Analyte("Bands", _BLOOD_COUNT, ("bands", "band neutrophils", "band forms", "stabs"),
            (_u("%", 0, 5, 0, 100),)),
    # Metabolic panel
    Analyte("Glucose", _CHEMISTRY, ("glucose", "blood glucose", "blood sugar", "plasma glucose",
                                    "serum glucose", "random glucose", "random blood sugar", "blood sugars",
                                    "fingerstick glucose", "fingerstick blood sugar",
                                    "rbs", "glu"),
            (_u("mg/dl", 70, 99, 20, 2000), _u("mmol/l", 3.9, 5.5, 0.5, 110)),
            urine_form="Urine glucose"),
    Analyte("Postprandial glucose", _CHEMISTRY, ("postprandial glucose", "post prandial glucose",
                                                 "glucose pp", "glucose post prandial", "ppbs",
                                                 "pp glucose", "postprandial blood sugar",
                                                 "2-hour postprandial glucose", "glucose, pp"),
            (_u("mg/dl", 70, 140, 20, 2000), _u("mmol/l", 3.9, 7.8, 0.5, 110))),
    Analyte("Estimated average glucose", _DIABETES, ("estimated average glucose", "eag"),
            (_u("mg/dl", 70, 126, 20, 800), _u("mmol/l", 3.9, 7.0, 1, 45))),
    Analyte("Insulin", _DIABETES, ("fasting insulin", "insulin fasting", "insulin, fasting",
                                           "serum insulin", "insulin (fasting)"),
            (_u("miu/l", 2.6, 24.9, 0.1, 1000), _u("pmol/l", 18, 173, 1, 7000))),
    Analyte("HOMA-IR", _DIABETES, ("homa-ir", "homa ir", "homa"), (_u("", 0, 2.5, 0, 100),)),
    Analyte("Anion gap", _CHEMISTRY, ("anion gap", "agap"),
            (_u("mmol/l", 7, 17, 0, 60), _u("meq/l", 7, 17, 0, 60))),
    Analyte("Osmolality", _CHEMISTRY, ("osmolality", "serum osmolality", "osmolarity", "osm"),
            (_u("mosm/kg", 275, 295, 30, 1500),)),
    Analyte("Lipase", _CHEMISTRY, ("lipase", "serum lipase"), (_u("u/l", 0, 160, 0, 50_000),)),
    Analyte("Amylase", _CHEMISTRY, ("amylase", "serum amylase"), (_u("u/l", 30, 110, 0, 50_000),)),
    Analyte("Fasting glucose", _CHEMISTRY, ("fasting glucose", "fasting blood glucose",
                                            "fasting plasma glucose", "fasting blood sugar",
                                            "glucose fasting", "glucose, fasting", "fbg", "fbs",
                                            "fpg"),
            (_u("mg/dl", 70, 99, 20, 2000), _u("mmol/l", 3.9, 5.5, 0.5, 110))),
    Analyte("Sodium", _CHEMISTRY, ("sodium", "Na", "Na+"),
            (_u("mmol/l", 135, 145, 90, 200), _u("meq/l", 135, 145, 90, 200))),
    Analyte("Potassium", _CHEMISTRY, ("potassium", "K", "K+"),
            (_u("mmol/l", 3.5, 5.1, 1, 12), _u("meq/l", 3.5, 5.1, 1, 12))),
    Analyte("Chloride", _CHEMISTRY, ("chloride", "Cl", "CL", "Cl-"),
            (_u("mmol/l", 98, 107, 50, 160), _u("meq/l", 98, 107, 50, 160))),
    Analyte("Bicarbonate", _CHEMISTRY, ("bicarbonate", "bicarb", "hco3", "co2", "total co2", "tco2",
                                        "carbon dioxide"),
            (_u("mmol/l", 22, 29, 2, 60), _u("meq/l", 22, 29, 2, 60))),
    Analyte("Lactate", _CHEMISTRY, ("lactate", "lactic acid", "serum lactate"),
            (_u("mmol/l", 0.5, 2.2, 0.1, 40), _u("mg/dl", 4.5, 19.8, 1, 360))),
    Analyte("Ammonia", _CHEMISTRY, ("ammonia", "nh3", "ammonia level"),
            (_u("umol/l", 11, 51, 1, 2000), _u("ug/dl", 19, 87, 2, 3500))),
    Analyte("Cortisol", _CHEMISTRY, ("cortisol", "serum cortisol", "random cortisol",
                                     "cortisol (8 am)", "morning cortisol"),
            (_u("ug/dl", 5, 25, 0.1, 200), _u("nmol/l", 140, 690, 3, 5500))),
    Analyte("Prealbumin", _CHEMISTRY, ("prealbumin", "pre-albumin", "transthyretin"),
            (_u("mg/dl", 15, 36, 1, 80),)),
    Analyte("Blood pH", _CHEMISTRY, ("arterial ph", "blood ph", "abg ph", "venous ph"),
            (_u("", 7.35, 7.45, 6.5, 8.0),), urine_aliases=()),
    Analyte("pCO2", _CHEMISTRY, ("pco2", "paco2", "pvco2"),
            (_u("mmhg", 35, 45, 5, 200), _u("kpa", 4.7, 6.0, 0.7, 27))),
    Analyte("pO2", _CHEMISTRY, ("po2", "pao2"),
            (_u("mmhg", 80, 100, 5, 700), _u("kpa", 10.7, 13.3, 0.7, 93))),
    Analyte("Base excess", _CHEMISTRY, ("base excess", "BE"),
            (_u("mmol/l", -2, 2, -40, 40), _u("meq/l", -2, 2, -40, 40))),
    Analyte("BUN", _CHEMISTRY, ("bun", "blood urea nitrogen", "urea nitrogen"),
            (_u("mg/dl", 7, 20, 1, 300), _u("mmol/l", 2.5, 7.1, 0.3, 100))),
    Analyte("Urea", _KIDNEY, ("urea", "serum urea", "blood urea"),
            (_u("mmol/l", 2.5, 7.8, 0.5, 100), _u("mg/dl", 15, 45, 3, 600))),
    Analyte("Creatinine", _KIDNEY, ("creatinine", "serum creatinine", "creat", "Cr", "CR", "CREA",
                                    "Crea"),
            (_u("mg/dl", 0.6, 1.3, 0.1, 30), _u("umol/l", 53, 115, 8, 3000))),
    Analyte("eGFR", _KIDNEY, ("egfr", "gfr", "estimated gfr", "gfr estimated", "gfr, estimated",
                              "estimated glomerular filtration rate"),
            (_u("ml/min/1.73m2", 60, None, 1, 200), _u("", 60, None, 1, 200))),
    Analyte("Calcium", _CHEMISTRY, ("calcium", "total calcium", "Ca", "Ca++"),
            (_u("mg/dl", 8.5, 10.5, 3, 25), _u("mmol/l", 2.15, 2.55, 0.5, 6))),
    Analyte("Magnesium", _CHEMISTRY, ("magnesium", "mag", "Mg", "Mg++"),
            (_u("mg/dl", 1.7, 2.4, 0.5, 10), _u("mmol/l", 0.7, 1.0, 0.2, 4))),
    Analyte("Phosphate", _CHEMISTRY, ("phosphate", "phosphorus", "inorganic phosphate", "phos",
                                      "po4"),
            (_u("mg/dl", 2.5, 4.5, 0.5, 20), _u("mmol/l", 0.81, 1.45, 0.1, 6))),
    Analyte("Albumin", _CHEMISTRY, ("albumin", "serum albumin", "alb"),
            (_u("g/dl", 3.5, 5.0, 0.5, 10), _u("g/l", 35, 50, 5, 100))),
    Analyte("Total protein", _CHEMISTRY, ("total protein", "protein total", "protein, total",
                                          "serum protein", "protein", "TP"),
            (_u("g/dl", 6.0, 8.3, 1, 15), _u("g/l", 60, 83, 10, 150)), urine_form="Urine protein"),
    # Lipids
    Analyte("Total cholesterol", _LIPIDS, ("total cholesterol", "cholesterol", "cholesterol total",
                                           "cholesterol, total", "chol", "TC"),
            (_u("mg/dl", None, 200, 30, 1500), _u("mmol/l", None, 5.2, 0.8, 40))),
    Analyte("LDL cholesterol", _LIPIDS, ("ldl", "ldl cholesterol", "ldl-c", "ldl-cholesterol",
                                         "cholesterol ldl", "ldl calculated", "ldl direct",
                                         "low density lipoprotein"),
            (_u("mg/dl", None, 130, 5, 1000), _u("mmol/l", None, 3.4, 0.1, 26))),
    Analyte("HDL cholesterol", _LIPIDS, ("hdl", "hdl cholesterol", "hdl-c", "hdl-cholesterol",
                                         "cholesterol hdl", "high density lipoprotein"),
            (_u("mg/dl", 40, None, 5, 200), _u("mmol/l", 1.0, None, 0.1, 5))),
    Analyte("VLDL cholesterol", _LIPIDS, ("vldl", "vldl cholesterol", "vldl-c",
                                          "vldl cholesterol calculated", "cholesterol vldl"),
            (_u("mg/dl", None, 30, 1, 500), _u("mmol/l", None, 0.78, 0.02, 13))),
    Analyte("Non-HDL cholesterol", _LIPIDS, ("non-hdl cholesterol", "non hdl cholesterol",
                                             "non-hdl", "non hdl", "non-hdl-c"),
            (_u("mg/dl", None, 130, 10, 1500), _u("mmol/l", None, 3.4, 0.3, 40))),
    Analyte("Cholesterol/HDL ratio", _LIPIDS, ("cholesterol/hdl ratio", "total cholesterol/hdl ratio",
                                               "chol/hdl ratio", "tc/hdl ratio",
                                               "total cholesterol/hdl"),
            (_u("", None, 5.0, 0.5, 30),)),
    Analyte("Triglycerides", _LIPIDS, ("triglycerides", "triglyceride", "trig", "trigs", "TG"),
            (_u("mg/dl", None, 150, 10, 10000), _u("mmol/l", None, 1.7, 0.1, 120))),
    # Diabetes
    Analyte("HbA1c", _DIABETES, ("hba1c", "hb a1c", "a1c", "hemoglobin a1c", "haemoglobin a1c",
                                 "glycated hemoglobin", "glycated haemoglobin",
                                 "glycosylated hemoglobin", "glycohemoglobin"),
            (_u("%", 4.0, 5.6, 2, 25), _u("mmol/mol", 20, 38, 15, 250))),
    Analyte("Thyroglobulin", _THYROID, ("thyroglobulin", "tg level", "serum thyroglobulin"),
            (_u("ng/ml", 1.5, 38.5, 0, 100_000),)),
    Analyte("Thyroglobulin antibody", _THYROID, ("thyroglobulin antibody", "thyroglobulin antibodies",
                                                 "anti-thyroglobulin", "anti-tg", "tgab"),
            (_u("u/ml", None, 4, 0, 100_000),)),
    Analyte("Anti-TPO antibody", _THYROID, ("anti-tpo antibody", "anti-tpo", "tpo antibody",
                                            "anti tpo", "thyroid peroxidase antibody",
                                            "anti-thyroid peroxidase", "tpo ab"),
            (_u("u/ml", None, 35, 0, 100_000),)),
    Analyte("Total T3", _THYROID, ("total t3", "t3 total", "t3, total", "triiodothyronine"),
            (_u("ng/ml", 0.8, 2.0, 0.1, 10), _u("ng/dl", 80, 200, 10, 1000),
             _u("nmol/l", 1.2, 3.1, 0.1, 15))),
    Analyte("Total T4", _THYROID, ("total t4", "t4 total", "t4, total", "thyroxine total"),
            (_u("ug/dl", 5.0, 12.0, 0.5, 40), _u("nmol/l", 64, 154, 6, 500))),
    # Thyroid
    Analyte("TSH", _THYROID, ("tsh", "thyroid stimulating hormone", "thyrotropin"),
            (_u("miu/l", 0.4, 4.0, 0, 500),)),
    Analyte("Free T4", _THYROID, ("free t4", "ft4", "free thyroxine", "t4 free", "t4, free"),
            (_u("ng/dl", 0.8, 1.8, 0.05, 10), _u("pmol/l", 10, 23, 0.6, 130))),
    Analyte("Free T3", _THYROID, ("free t3", "ft3", "free triiodothyronine", "t3 free",
                                  "t3, free"),
            (_u("pg/ml", 2.3, 4.2, 0.3, 30), _u("pmol/l", 3.5, 6.5, 0.5, 50))),
    # Liver
    Analyte("ALT", _LIVER, ("alt", "sgpt", "alt (sgpt)", "alanine aminotransferase",
                            "alanine transaminase"), (_u("u/l", 7, 55, 0, 50_000),)),
    Analyte("AST", _LIVER, ("ast", "sgot", "ast (sgot)", "aspartate aminotransferase",
                            "aspartate transaminase"), (_u("u/l", 8, 48, 0, 50_000),)),
    Analyte("ALP", _LIVER, ("alp", "alkaline phosphatase", "alk phos", "alk. phosphatase"),
            (_u("u/l", 40, 130, 0, 20_000),)),
    Analyte("GGT", _LIVER, ("ggt", "gamma gt", "gamma-gt", "ggtp", "gamma glutamyl transferase",
                            "γ glutamyl transferase", "γ-glutamyl transferase", "γgt", "γ-gt",
                            "gamma-glutamyl transferase"), (_u("u/l", 8, 61, 0, 20_000),)),
    Analyte("Total bilirubin", _LIVER, ("total bilirubin", "bilirubin total", "bilirubin, total",
                                        "bilirubin", "t. bili", "tbil", "t bil", "tbili"),
            (_u("mg/dl", 0.1, 1.2, 0, 50), _u("umol/l", 2, 21, 0, 850))),
    Analyte("Indirect bilirubin", _LIVER, ("indirect bilirubin", "bilirubin indirect",
                                           "bilirubin, indirect", "unconjugated bilirubin"),
            (_u("mg/dl", 0.1, 1.0, 0, 40), _u("umol/l", 2, 17, 0, 700))),
    Analyte("Globulin", _CHEMISTRY, ("globulin", "serum globulin"),
            (_u("g/dl", 2.0, 3.5, 0.5, 10), _u("g/l", 20, 35, 5, 100))),
    Analyte("Albumin/globulin ratio", _CHEMISTRY, ("a/g ratio", "a : g ratio", "a:g ratio",
                                                   "albumin/globulin ratio", "ag ratio"),
            (_u("", 0.9, 2.0, 0.1, 10),)),
    Analyte("Direct bilirubin", _LIVER, ("direct bilirubin", "bilirubin direct",
                                         "bilirubin, direct", "conjugated bilirubin", "d. bili",
                                         "dbil", "dbili"),
            (_u("mg/dl", 0.0, 0.3, 0, 30), _u("umol/l", 0, 5, 0, 500))),
    Analyte("LDH", _LIVER, ("ldh", "lactate dehydrogenase", "LD"),
            (_u("u/l", 140, 280, 0, 50_000),)),
    # Kidney
    Analyte("BUN/creatinine ratio", _KIDNEY, ("bun/creatinine ratio", "bun/cr ratio",
                                              "bun creatinine ratio", "bun:creatinine ratio",
                                              "urea/creatinine ratio"),
            (_u("", 10, 20, 1, 200),)),
    Analyte("Uric acid", _KIDNEY, ("uric acid", "urate", "serum uric acid"),
            (_u("mg/dl", 3.5, 7.2, 0.3, 30), _u("umol/l", 200, 430, 20, 1800))),
    Analyte("Urine albumin/creatinine ratio", _KIDNEY,
            ("albumin/creatinine ratio", "albumin creatinine ratio", "acr", "uacr",
             "urine albumin/creatinine ratio", "urine acr", "microalbumin/creatinine ratio",
             "microalbumin creatinine ratio"),
            (_u("mg/g", None, 30, 0, 20_000), _u("mg/mmol", None, 3, 0, 2500))),
    Analyte("Urine protein/creatinine ratio", _KIDNEY,
            ("protein/creatinine ratio", "protein-creatinine ratio", "protein creatinine ratio",
             "protein to creatinine ratio", "upcr", "urine protein/creatinine ratio", "upc ratio"),
            (_u("g/g", None, 0.2, 0, 50), _u("mg/mg", None, 0.2, 0, 50),
             _u("mg/mmol", None, 15, 0, 5000))),
    Analyte("Creatinine clearance", _KIDNEY, ("creatinine clearance", "crcl", "cr cl"),
            (_u("ml/min/1.73m2", 90, None, 1, 250),)),
    Analyte("Urine albumin", _KIDNEY, ("urine albumin", "microalbumin", "urine microalbumin",
                                       "microalbumin urine"),
            (_u("mg/l", None, 20, 0, 10_000), _u("mg/24h", None, 30, 0, 20_000))),
    # Inflammation
    Analyte("CRP", _INFLAMMATION, ("crp", "c-reactive protein", "c reactive protein", "hs-crp",
                                   "hscrp", "hs crp"),
            (_u("mg/l", None, 5, 0, 700), _u("mg/dl", None, 0.5, 0, 70))),
    Analyte("ESR", _INFLAMMATION, ("esr", "sed rate", "sedimentation rate",
                                   "erythrocyte sedimentation rate"),
            (_u("mm/h", 0, 20, 0, 200),)),
    Analyte("Procalcitonin", _INFLAMMATION, ("procalcitonin", "PCT", "pct (procalcitonin)"),
            (_u("ng/ml", None, 0.1, 0, 1000),)),
    # Cardiac: troponin cut-offs depend on the assay, so a report's own range always wins.
    Analyte("Troponin I", _CARDIAC, ("troponin i", "troponin-i", "tni", "ctni", "hs-tni",
                                     "hs troponin i", "hs-troponin i", "hstni",
                                     "high sensitivity troponin i", "cardiac troponin i"),
            (_u("ng/ml", None, 0.04, 0, 100), _u("pg/ml", None, 26, 0, 1_000_000))),
    Analyte("Troponin T", _CARDIAC, ("troponin t", "troponin-t", "tnt", "ctnt", "hs-tnt",
                                     "hs troponin t", "hs-troponin t", "hstnt",
                                     "high sensitivity troponin t", "cardiac troponin t"),
            (_u("ng/ml", None, 0.01, 0, 50), _u("pg/ml", None, 14, 0, 100_000))),
    Analyte("Troponin", _CARDIAC, ("troponin", "troponins", "cardiac troponin"),
            (_u("ng/ml", None, 0.04, 0, 100), _u("pg/ml", None, 14, 0, 1_000_000))),
    Analyte("Myoglobin", _CARDIAC, ("myoglobin", "serum myoglobin"),
            (_u("ng/ml", None, 85, 0, 100_000),)),
    Analyte("CK-MM", _CARDIAC, ("ck-mm", "ckmm", "ck mm"), (_u("u/l", None, 200, 0, 500_000),)),
    Analyte("D-dimer", _COAGULATION, ("d-dimer", "d dimer", "ddimer"),
            (_u("ug/ml", None, 0.5, 0, 100), _u("ng/ml", None, 500, 0, 100_000),
             _u("mg/l", None, 0.5, 0, 100))),
    Analyte("Fibrinogen", _COAGULATION, ("fibrinogen",),
            (_u("mg/dl", 200, 400, 20, 2000), _u("g/l", 2.0, 4.0, 0.2, 20))),
    Analyte("BNP", _CARDIAC, ("bnp", "b-type natriuretic peptide", "brain natriuretic peptide",
                              "b-natriuretic peptide", "b natriuretic peptide"),
            (_u("pg/ml", None, 100, 0, 100_000),)),
    Analyte("NT-proBNP", _CARDIAC, ("nt-probnp", "nt-pro bnp", "ntprobnp", "nt probnp",
                                    "n-terminal pro-bnp", "nt-pro-bnp"),
            (_u("pg/ml", None, 125, 0, 200_000),)),
    Analyte("CK", _CARDIAC, ("ck", "cpk", "creatine kinase", "creatine phosphokinase", "ck total",
                             "total ck"), (_u("u/l", 30, 200, 0, 500_000),)),
    Analyte("CK-MB", _CARDIAC, ("ck-mb", "ckmb", "ck mb", "cpk-mb", "mb fraction", "ck-mb fraction"),
            (_u("ng/ml", None, 5, 0, 1000), _u("u/l", None, 25, 0, 5000))),
    # Coagulation
    Analyte("INR", _COAGULATION, ("inr", "pt inr", "pt-inr", "pt/inr"),
            (_u("", 0.8, 1.2, 0.5, 20),)),
    Analyte("PT", _COAGULATION, ("PT", "prothrombin time", "pro time", "protime"),
            (_u("s", 11, 13.5, 5, 200),)),
    Analyte("aPTT", _COAGULATION, ("aptt", "ptt", "activated partial thromboplastin time",
                                   "partial thromboplastin time"),
            (_u("s", 25, 35, 10, 300),)),
    Analyte("LH", _HORMONES, ("LH", "luteinizing hormone", "luteinising hormone"),
            (_u("miu/ml", 1.5, 12.0, 0, 500),)),
    Analyte("FSH", _HORMONES, ("FSH", "follicle stimulating hormone", "follicle-stimulating hormone"),
            (_u("miu/ml", 1.5, 12.5, 0, 500),)),
    Analyte("Prolactin", _HORMONES, ("prolactin", "prl"), (_u("ng/ml", 3, 25, 0, 20_000),)),
    Analyte("Testosterone", _HORMONES, ("testosterone", "total testosterone", "testosterone (t)",
                                        "testosterone, total"),
            (_u("ng/dl", 15, 1000, 1, 5000), _u("nmol/l", 0.5, 35, 0.03, 170))),
    Analyte("DHEA-S", _HORMONES, ("dhea-s", "dheas", "dhea sulfate", "dhea-so4"),
            (_u("ug/dl", 35, 430, 1, 2000),)),
    Analyte("AMH", _HORMONES, ("amh", "anti-mullerian hormone", "anti-müllerian hormone"),
            (_u("ng/ml", 1.0, 3.5, 0, 50),)),
    Analyte("Aldosterone", _HORMONES, ("aldosterone", "serum aldosterone"),
            (_u("ng/dl", 3, 16, 0, 500),)),
    Analyte("Anti-dsDNA", _INFLAMMATION, ("anti-dsdna", "anti dsdna", "dsdna antibody",
                                          "anti-double stranded dna"),
            (_u("u/ml", None, 10, 0, 10_000),)),
    Analyte("Phenytoin", "Drug levels", ("phenytoin level", "phenytoin levels", "dilantin level",
                                         "dilantin levels", "phenytoin"),
            (_u("ug/ml", 10, 20, 0, 100), _u("mg/l", 10, 20, 0, 100))),
    Analyte("Tacrolimus", "Drug levels", ("tacrolimus level", "tacrolimus levels",
                                          "tacrolimus trough", "fk506 level", "prograf level",
                                          "prograf levels", "tacrolimus"),
            (_u("ng/ml", 5, 15, 0, 100),)),
    Analyte("PSA", "Tumour markers", ("psa", "prostate specific antigen",
                                      "prostate-specific antigen", "total psa"),
            (_u("ng/ml", 0, 4.0, 0, 100_000),)),
    # Iron and vitamins
    Analyte("Ferritin", _IRON_VITAMINS, ("ferritin", "serum ferritin"),
            (_u("ng/ml", 15, 300, 0.5, 100_000),)),
    Analyte("Iron", _IRON_VITAMINS, ("iron", "serum iron", "Fe"),
            (_u("ug/dl", 60, 170, 5, 1000), _u("umol/l", 10, 30, 1, 180))),
    Analyte("Vitamin D", _IRON_VITAMINS, ("vitamin d", "vit d", "25-oh vitamin d",
                                          "25-hydroxyvitamin d", "25-hydroxy vitamin d",
                                          "25(oh)d", "25-oh-d", "vitamin d 25-oh",
                                          "vitamin d, 25-hydroxy", "25 oh vitamin d"),
            (_u("ng/ml", 30, 100, 1, 300), _u("nmol/l", 75, 250, 2.5, 750))),
    Analyte("Folate", _IRON_VITAMINS, ("folate", "serum folate", "folic acid", "folic acid level",
                                              "rbc folate"),
            (_u("ng/ml", 3.0, 20.0, 0.3, 100), _u("nmol/l", 7, 45, 0.5, 250))),
    Analyte("Transferrin saturation", _IRON_VITAMINS, ("transferrin saturation", "tsat",
                                                       "iron saturation", "% saturation"),
            (_u("%", 20, 50, 1, 100),)),
    Analyte("Zinc", _IRON_VITAMINS, ("zinc", "serum zinc"), (_u("ug/dl", 60, 120, 5, 1000),)),
    Analyte("Vitamin B12", _IRON_VITAMINS, ("vitamin b12", "vit b12", "b12", "cobalamin",
                                            "cyanocobalamin"),
            (_u("pg/ml", 200, 900, 20, 10_000), _u("pmol/l", 148, 664, 15, 7400))),
    # Urinalysis
    Analyte("Urine pH", _URINE, ("urine ph", "ph urine", "ph, urine", "u-ph", "ph (urine)"),
            (_u("", 4.5, 8.0, 4.0, 9.5),), urine_aliases=("pH", "PH")),
    Analyte("Urine specific gravity", _URINE, ("specific gravity", "sp. gravity", "sp gravity",
                                               "urine specific gravity", "sp. gr."),
            (_u("", 1.005, 1.030, 1.000, 1.060),), urine_aliases=("SG",)),
    Analyte("Urine protein", _URINE, ("urine protein", "protein urine", "protein, urine",
                                      "u-protein", "urine protein dipstick"),
            (_u("mg/dl", None, 14, 0, 10_000),), qualitative=True, urine_aliases=("pro",)),
    Analyte("Urine glucose", _URINE, ("urine glucose", "glucose urine", "glucose, urine",
                                      "u-glucose", "urine sugar"),
            (_u("mg/dl", None, 15, 0, 10_000),), qualitative=True),
    Analyte("Urine ketones", _URINE, ("ketones", "ketone", "urine ketones", "ketones urine",
                                      "ketone bodies", "ket"),
            (_u("mg/dl", None, 4, 0, 200),), qualitative=True),
    Analyte("Leukocyte esterase", _URINE, ("leukocyte esterase", "leucocyte esterase",
                                           "urine leukocytes", "leukocytes urine",
                                           "wbc esterase", "leu"),
            qualitative=True),
    Analyte("Nitrite", _URINE, ("nitrite", "nitrites", "urine nitrite", "nit"), qualitative=True),
    Analyte("Urine blood", _URINE, ("urine blood", "blood urine", "blood, urine", "occult blood",
                                    "urine hemoglobin", "bld"),
            qualitative=True, urine_aliases=("blood",)),
)
# fmt: on

BY_NAME: dict[str, Analyte] = {analyte.name: analyte for analyte in CATALOG}
