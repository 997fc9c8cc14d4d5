"""LOINC codes for the analytes the lab catalog knows, keyed by canonical analyte name
and specimen: part of the one catalogue (core.vocabulary.catalog) that the parser, the
flags, the critical list and the FHIR export read (issue #29).

Source: LOINC's published codes (Regenstrief Institute, loinc.org; the Long Common Names are
quoted as ``display``), chosen from the LOINC Top-2000 lab results list where it has the
test. Where LOINC has a method-free code we use it, because a report rarely says how a value
was measured (so 26464-8 "Leukocytes [#/volume] in Blood", not 6690-2 "... by Automated
count").

LOINC names a property (mass or substance concentration, a ratio) as well as the analyte,
so one analyte can need several codes: ``by_unit`` picks the code for the value's unit key
(``core.vocabulary.units.unit_key``). A value whose unit matches none of an analyte's
codes gets no LOINC code rather than a wrong one. Tests check every code's check digit.

Left uncoded on purpose: eGFR (the code names the estimating equation, which the report
seldom gives), "Troponin" without I or T, and five analytes ``tests/unit/test_fhir_export.py``
lists with the reason for each (CK-MM, creatinine clearance, D-dimer, HOMA-IR, mononuclear
cells). Blood gases take LOINC's "in Blood" codes, which name no arterial or venous sample,
because the catalog reads an ABG and a VBG value under one name; where the value's line
says the sample was arterial, ``ARTERIAL_LOINC`` has the arterial code for the analytes whose
arterial code was confirmed (oxygen saturation, pCO2).

Codes added from reader-catalogue4 on were each checked against LOINC's own published files
(not typed from memory): the comment beside each says which ([U] the LOINC Universal Lab
Order Codes Value Set 2.1, [G] the LOINC Group file extracts of NLM's
loinc-equivalence-classes); docs/clinical-rounds.md ("reader-catalogue4") gives the files
and commits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.analysis.labs.specimens import ARTERIAL_BLOOD, specimen_of
from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME
from core.vocabulary.units import unit_key

LOINC_SYSTEM = "http://loinc.org"

BLOOD = "blood"  # blood, serum or plasma: what a value with no specimen was taken from
URINE = "urine"
CSF = "csf"
STOOL = "stool"


@dataclass(frozen=True)
class LoincCode:
    code: str
    display: str


@dataclass(frozen=True)
class LoincTest:
    """An analyte's LOINC codes: ``default`` for its usual unit(s), others by unit key."""

    specimen: str
    default: LoincCode
    units: frozenset[str]  # the unit keys ``default`` fits; empty: any (a unit-free value)
    by_unit: dict[str, LoincCode] = field(default_factory=dict)

    def code_for(self, unit: str) -> LoincCode | None:
        if unit in self.by_unit:
            return self.by_unit[unit]
        if not self.units or unit in self.units:
            return self.default
        return None


def _t(
    code: str,
    display: str,
    units: tuple[str, ...] = (),
    specimen: str = BLOOD,
    **by_unit: tuple[str, str],
) -> LoincTest:
    return LoincTest(
        specimen=specimen,
        default=LoincCode(code, display),
        units=frozenset(units),
        by_unit={_UNIT_NAMES[key]: LoincCode(*value) for key, value in by_unit.items()},
    )


# Keyword spellings of unit keys for ``_t``'s ``by_unit`` arguments.
_UNIT_NAMES = {
    "mmol_l": "mmol/l",
    "umol_l": "umol/l",
    "pmol_l": "pmol/l",
    "nmol_l": "nmol/l",
    "percent": "%",
    "mmol_mol": "mmol/mol",
    "u_l": "u/l",
    "mg_24h": "mg/24h",
    "g_24h": "g/24h",
    "g_l": "g/l",
    "mg_dl": "mg/dl",
    "ug_dl": "ug/dl",
    "copies_ml": "copies/ml",
}
_CELLS_PER_L = ("10^9/l", "/ul")
# An antibody's amount in arbitrary units per volume as laboratories print them (U/mL,
# EU/mL, RU/mL) or as an antibody index (AI): LOINC's [Units/volume]
_UNITS_PER_VOLUME = ("u/ml", "eu/ml", "ru/ml", "ai")
_MASS = ("g/dl", "g/l")

# fmt: off
LOINC: dict[str, LoincTest] = {
    # Blood count
    "Hemoglobin": _t("718-7", "Hemoglobin [Mass/volume] in Blood", _MASS,
                     mmol_l=("59260-0", "Hemoglobin [Moles/volume] in Blood")),
    "Hematocrit": _t("20570-8", "Hematocrit [Volume Fraction] of Blood", ("%", "l/l")),
    "RBC": _t("26453-1", "Erythrocytes [#/volume] in Blood", ("10^12/l", "10^4/ul")),
    "WBC": _t("26464-8", "Leukocytes [#/volume] in Blood", _CELLS_PER_L),
    "Platelets": _t("26515-7", "Platelets [#/volume] in Blood",
                    (*_CELLS_PER_L, "lakh/ul", "10^4/ul")),
    "MCV": _t("30428-7", "MCV [Entitic volume]", ("fl",)),
    "MCH": _t("28539-5", "MCH [Entitic mass]", ("pg",)),
    "MCHC": _t("28540-3", "MCHC [Mass/volume]", _MASS),
    "RDW": _t("30385-9", "Erythrocyte distribution width [Ratio]", ("%",)),
    "Neutrophils": _t("26499-4", "Neutrophils [#/volume] in Blood", _CELLS_PER_L,
                      percent=("26511-6", "Neutrophils/100 leukocytes in Blood")),
    "Lymphocytes": _t("26474-7", "Lymphocytes [#/volume] in Blood", _CELLS_PER_L,
                      percent=("26478-8", "Lymphocytes/100 leukocytes in Blood")),
    "Basophils": _t("26444-0", "Basophils [#/volume] in Blood", _CELLS_PER_L,
                    percent=("30180-4", "Basophils/100 leukocytes in Blood")),
    "Eosinophils": _t("26449-9", "Eosinophils [#/volume] in Blood", _CELLS_PER_L,
                      percent=("26450-7", "Eosinophils/100 leukocytes in Blood")),
    "Monocytes": _t("26484-6", "Monocytes [#/volume] in Blood", _CELLS_PER_L,
                    percent=("26485-3", "Monocytes/100 leukocytes in Blood")),
    "Bands": _t("26508-2", "Band form neutrophils/100 leukocytes in Blood", ("%",)),
    "MPV": _t("28542-9", "Platelet mean volume [Entitic volume] in Blood", ("fl",)),
    "Reticulocytes": _t("4679-7", "Reticulocytes/100 erythrocytes in Blood", ("%",)),
    # Metabolic panel
    "Glucose": _t("2345-7", "Glucose [Mass/volume] in Serum or Plasma", ("mg/dl",),
                  mmol_l=("14749-6", "Glucose [Moles/volume] in Serum or Plasma")),
    "Fasting glucose": _t("1558-6", "Fasting glucose [Mass/volume] in Serum or Plasma", ("mg/dl",),
                          mmol_l=("14771-0", "Fasting glucose [Moles/volume] in Serum or Plasma")),
    "Sodium": _t("2951-2", "Sodium [Moles/volume] in Serum or Plasma", ("mmol/l", "meq/l")),
    "Potassium": _t("2823-3", "Potassium [Moles/volume] in Serum or Plasma", ("mmol/l", "meq/l")),
    "Chloride": _t("2075-0", "Chloride [Moles/volume] in Serum or Plasma", ("mmol/l", "meq/l")),
    "Bicarbonate": _t("1963-8", "Bicarbonate [Moles/volume] in Serum or Plasma",
                      ("mmol/l", "meq/l")),
    "BUN": _t("3094-0", "Urea nitrogen [Mass/volume] in Serum or Plasma", ("mg/dl",),
              mmol_l=("14937-7", "Urea nitrogen [Moles/volume] in Serum or Plasma")),
    "Urea": _t("3091-6", "Urea [Mass/volume] in Serum or Plasma", ("mg/dl",),
               mmol_l=("22664-7", "Urea [Moles/volume] in Serum or Plasma")),
    "Creatinine": _t("2160-0", "Creatinine [Mass/volume] in Serum or Plasma", ("mg/dl",),
                     umol_l=("14682-9", "Creatinine [Moles/volume] in Serum or Plasma")),
    "Calcium": _t("17861-6", "Calcium [Mass/volume] in Serum or Plasma", ("mg/dl",),
                  mmol_l=("2000-8", "Calcium [Moles/volume] in Serum or Plasma")),
    "Magnesium": _t("19123-9", "Magnesium [Mass/volume] in Serum or Plasma", ("mg/dl",),
                    mmol_l=("2601-3", "Magnesium [Moles/volume] in Serum or Plasma")),
    "Phosphate": _t("2777-1", "Phosphate [Mass/volume] in Serum or Plasma", ("mg/dl",),
                    mmol_l=("14879-1", "Phosphate [Moles/volume] in Serum or Plasma")),
    "Albumin": _t("1751-7", "Albumin [Mass/volume] in Serum or Plasma", _MASS),
    "Total protein": _t("2885-2", "Protein [Mass/volume] in Serum or Plasma", _MASS),
    # Lipids
    "Total cholesterol": _t("2093-3", "Cholesterol [Mass/volume] in Serum or Plasma", ("mg/dl",),
                            mmol_l=("14647-2", "Cholesterol [Moles/volume] in Serum or Plasma")),
    "LDL cholesterol": _t("2089-1", "Cholesterol in LDL [Mass/volume] in Serum or Plasma",
                          ("mg/dl",),
                          mmol_l=("22748-8", "Cholesterol in LDL [Moles/volume] in Serum or Plasma")),  # noqa: E501
    "HDL cholesterol": _t("2085-9", "Cholesterol in HDL [Mass/volume] in Serum or Plasma",
                          ("mg/dl",),
                          mmol_l=("14646-4", "Cholesterol in HDL [Moles/volume] in Serum or Plasma")),  # noqa: E501
    "Triglycerides": _t("2571-8", "Triglyceride [Mass/volume] in Serum or Plasma", ("mg/dl",),
                        mmol_l=("14927-8", "Triglyceride [Moles/volume] in Serum or Plasma")),
    # Diabetes
    "HbA1c": _t("4548-4", "Hemoglobin A1c/Hemoglobin.total in Blood", ("%",),
                mmol_mol=("59261-8", "Hemoglobin A1c/Hemoglobin.total in Blood by IFCC protocol")),
    # Thyroid
    "TSH": _t("3016-3", "Thyrotropin [Units/volume] in Serum or Plasma", ("miu/l",)),
    "Free T4": _t("3024-7", "Thyroxine (T4) free [Mass/volume] in Serum or Plasma", ("ng/dl",),
                  pmol_l=("14920-3", "Thyroxine (T4) free [Moles/volume] in Serum or Plasma")),
    "Free T3": _t("3051-0", "Triiodothyronine (T3) Free [Mass/volume] in Serum or Plasma",
                  ("pg/ml",),
                  pmol_l=("14928-6", "Triiodothyronine (T3) Free [Moles/volume] in Serum or Plasma")),  # noqa: E501
    # Liver
    "ALT": _t("1742-6", "Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma",
              ("u/l",)),
    "AST": _t("1920-8", "Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma",
              ("u/l",)),
    "ALP": _t("6768-6", "Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma",
              ("u/l",)),
    "GGT": _t("2324-2", "Gamma glutamyl transferase [Enzymatic activity/volume] in Serum or Plasma",
              ("u/l",)),
    "Total bilirubin": _t("1975-2", "Bilirubin.total [Mass/volume] in Serum or Plasma", ("mg/dl",),
                          umol_l=("14631-6", "Bilirubin.total [Moles/volume] in Serum or Plasma")),
    "Direct bilirubin": _t("1968-7", "Bilirubin.direct [Mass/volume] in Serum or Plasma",
                           ("mg/dl",),
                           umol_l=("14629-0", "Bilirubin.direct [Moles/volume] in Serum or Plasma")),  # noqa: E501
    "LDH": _t("2532-0", "Lactate dehydrogenase [Enzymatic activity/volume] in Serum or Plasma",
              ("u/l",)),
    # Kidney
    "Uric acid": _t("3084-1", "Urate [Mass/volume] in Serum or Plasma", ("mg/dl",),
                    umol_l=("14933-6", "Urate [Moles/volume] in Serum or Plasma")),
    "Urine albumin/creatinine ratio": _t("9318-7", "Albumin/Creatinine [Mass Ratio] in Urine",
                                         ("mg/g",), specimen=URINE),
    "Urine albumin": _t("14957-5", "Microalbumin [Mass/volume] in Urine", ("mg/l",),
                        specimen=URINE,
                        mg_24h=("14956-7", "Microalbumin [Mass/time] in 24 hour Urine")),
    # Inflammation
    "CRP": _t("1988-5", "C reactive protein [Mass/volume] in Serum or Plasma", ("mg/l", "mg/dl")),
    "ESR": _t("30341-2", "Erythrocyte sedimentation rate", ("mm/h",)),
    "Procalcitonin": _t("33959-8", "Procalcitonin [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    # Cardiac
    "Troponin I": _t("10839-9", "Troponin I.cardiac [Mass/volume] in Serum or Plasma",
                     ("ng/ml", "pg/ml")),
    "Troponin T": _t("6598-7", "Troponin T.cardiac [Mass/volume] in Serum or Plasma",
                     ("ng/ml", "pg/ml")),
    "BNP": _t("30934-4", "Natriuretic peptide B [Mass/volume] in Serum or Plasma", ("pg/ml",)),
    "NT-proBNP": _t("33762-6",
                    "Natriuretic peptide.B prohormone N-Terminal [Mass/volume] in Serum or Plasma",
                    ("pg/ml",)),
    "CK": _t("2157-6", "Creatine kinase [Enzymatic activity/volume] in Serum or Plasma", ("u/l",)),
    "CK-MB": _t("13969-1", "Creatine kinase.MB [Mass/volume] in Serum or Plasma", ("ng/ml",),
                u_l=("32673-6", "Creatine kinase.MB [Enzymatic activity/volume] in Serum or Plasma")),  # noqa: E501
    # Coagulation
    "INR": _t("6301-6", "INR in Platelet poor plasma by Coagulation assay", ("",)),
    "PT": _t("5902-2", "Prothrombin time (PT)", ("s",)),
    "aPTT": _t("14979-9", "aPTT in Platelet poor plasma by Coagulation assay", ("s",)),
    # Iron and vitamins
    "Ferritin": _t("2276-4", "Ferritin [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    "Haptoglobin": _t(
        "4542-7", "Haptoglobin [Mass/volume] in Serum or Plasma", ("mg/dl", "g/l")
    ),
    "Apolipoprotein B": _t(
        "1884-6", "Apolipoprotein B [Mass/volume] in Serum or Plasma", ("mg/dl", "g/l")
    ),
    "Iron": _t("2498-4", "Iron [Mass/volume] in Serum or Plasma", ("ug/dl",),
               umol_l=("14798-3", "Iron [Moles/volume] in Serum or Plasma")),
    # D2+D3 in both properties (reader-catalogue4, checked in LOINC's tables: 62292-8 is the
    # mass code, 68438-1 the molar one; 1989-3 is 25-hydroxyvitamin D3 alone)
    "Vitamin D": _t("62292-8",
                    "25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma",
                    ("ng/ml",),
                    nmol_l=("68438-1", "25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 "
                                       "[Moles/volume] in Serum or Plasma")),
    "Vitamin B12": _t("2132-9", "Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma",
                      ("pg/ml",),
                      pmol_l=("14685-2", "Cobalamin (Vitamin B12) [Moles/volume] in Serum or Plasma")),  # noqa: E501
    # Added with the catalog's second batch of analytes
    "Anion gap": _t("33037-3", "Anion gap in Serum or Plasma", ("mmol/l", "meq/l")),
    "BUN/creatinine ratio": _t("3097-3", "Urea nitrogen/Creatinine [Mass Ratio] in Serum or Plasma",
                               ("",)),
    "Osmolality": _t("2692-2", "Osmolality of Serum or Plasma", ("mosm/kg",)),
    "Globulin": _t("10834-0", "Globulin [Mass/volume] in Serum by calculation", _MASS),
    "Albumin/globulin ratio": _t("1759-0", "Albumin/Globulin [Mass Ratio] in Serum or Plasma",
                                 ("",)),
    "Prealbumin": _t("14338-8", "Prealbumin [Mass/volume] in Serum or Plasma", ("mg/dl",)),
    "Indirect bilirubin": _t("1971-1", "Bilirubin.indirect [Mass/volume] in Serum or Plasma",
                             ("mg/dl",),
                             umol_l=("14630-8", "Bilirubin.indirect [Moles/volume] in Serum or Plasma")),  # noqa: E501
    "Ammonia": _t("16362-6", "Ammonia [Moles/volume] in Plasma", ("umol/l",),
                  ug_dl=("22763-7", "Ammonia [Mass/volume] in Plasma")),
    "Amylase": _t("1798-8", "Amylase [Enzymatic activity/volume] in Serum or Plasma", ("u/l",)),
    "Lipase": _t("3040-3", "Lipase [Enzymatic activity/volume] in Serum or Plasma", ("u/l",)),
    # Lactate from a blood-gas analyser is "in Blood" (32693-4); the lab's is serum or plasma.
    "Lactate": _t("2524-7", "Lactate [Moles/volume] in Serum or Plasma", ("mmol/l",),
                  mg_dl=("14118-4", "Lactate [Mass/volume] in Serum or Plasma")),
    # Blood gases: the "in Blood" codes name no arterial or venous sample (the catalog reads
    # "arterial ph" and "venous ph" alike); a partial pressure is one property in mmHg or kPa.
    "Blood pH": _t("11558-4", "pH of Blood", ("",)),
    # LOINC's "Body fluid" is a fluid it has no system of its own for (pleural, peritoneal,
    # synovial ...); a CSF's pH has its own code, not held here, so it goes uncoded.
    "Body fluid pH": _t("2748-2", "pH of Body fluid", ("",), specimen="other fluid"),
    "pCO2": _t("11557-6", "Carbon dioxide [Partial pressure] in Blood", ("mmhg", "kpa")),
    "pO2": _t("11556-8", "Oxygen [Partial pressure] in Blood", ("mmhg", "kpa")),
    "Base excess": _t("11555-0", "Base excess in Blood by calculation", ("mmol/l", "meq/l")),
    # Lipids and diabetes
    "Non-HDL cholesterol": _t("43396-1", "Cholesterol non HDL [Mass/volume] in Serum or Plasma",
                              ("mg/dl",),
                              mmol_l=("70204-3", "Cholesterol non HDL [Moles/volume] in Serum or Plasma")),  # noqa: E501
    # VLDL is computed from triglycerides, so its usual codes are the calculated ones.
    "VLDL cholesterol": _t("13458-5",
                           "Cholesterol in VLDL [Mass/volume] in Serum or Plasma by calculation",
                           ("mg/dl",),
                           mmol_l=("66126-4", "Cholesterol in VLDL [Moles/volume] in Serum or Plasma by calculation")),  # noqa: E501
    "Cholesterol/HDL ratio": _t("9830-1",
                                "Cholesterol.total/Cholesterol in HDL [Mass Ratio] in Serum or Plasma",  # noqa: E501
                                ("",)),
    "Estimated average glucose": _t("27353-2", "Glucose mean value [Mass/volume] in Blood "
                                               "Estimated from glycated hemoglobin", ("mg/dl",),
                                    mmol_l=("53553-4", "Glucose mean value [Moles/volume] in Blood "
                                                       "Estimated from glycated hemoglobin")),
    # No molar 2-hour code confirmed: a value in mmol/L goes uncoded.
    "Postprandial glucose": _t("1521-4",
                               "Glucose [Mass/volume] in Serum or Plasma --2 hours post meal",
                               ("mg/dl",)),
    "Insulin": _t("20448-7", "Insulin [Units/volume] in Serum or Plasma", ("miu/l",),
                  pmol_l=("14796-7", "Insulin [Moles/volume] in Serum or Plasma")),
    # Hormones and thyroid
    "Total T3": _t("3053-6", "Triiodothyronine (T3) [Mass/volume] in Serum or Plasma",
                   ("ng/ml", "ng/dl"),
                   nmol_l=("14930-2", "Triiodothyronine (T3) [Moles/volume] in Serum or Plasma")),
    "Total T4": _t("3026-2", "Thyroxine (T4) [Mass/volume] in Serum or Plasma", ("ug/dl",),
                   nmol_l=("14921-1", "Thyroxine (T4) [Moles/volume] in Serum or Plasma")),
    # labnames27's older thyroid panel; the codes and names as public LOINC mappings of
    # laboratory items print them (not checked against LOINC's own files this round): a
    # MIMIC lab-item mapping's "T3 UPTAKE" 3050-2 and "CALCULATED THYROXINE (T4) INDEX"
    # 32215-6 (3022-1, the older index code, is deprecated).
    "T3 uptake": _t("3050-2", "Triiodothyronine resin uptake (T3RU) in Serum or Plasma",
                    ("%",)),
    "Free T4 index": _t("32215-6", "Thyroxine free index in Serum or Plasma", ("",)),
    "Anti-TPO antibody": _t("8099-4", "Thyroperoxidase Ab [Units/volume] in Serum or Plasma",
                            ("u/ml",)),
    "Thyroglobulin": _t("3013-0", "Thyroglobulin [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    "Thyroglobulin antibody": _t("8098-6", "Thyroglobulin Ab [Units/volume] in Serum or Plasma",
                                 ("u/ml",)),
    "Cortisol": _t("2143-6", "Cortisol [Mass/volume] in Serum or Plasma", ("ug/dl",),
                   nmol_l=("14675-3", "Cortisol [Moles/volume] in Serum or Plasma")),
    "Aldosterone": _t("1763-2", "Aldosterone [Mass/volume] in Serum or Plasma", ("ng/dl",)),
    "ACTH": _t("2141-0", "Corticotropin [Mass/volume] in Plasma", ("pg/ml",)),
    "17-hydroxyprogesterone": _t("1668-3",
                                 "17-Hydroxyprogesterone [Mass/volume] in Serum or Plasma",
                                 ("ng/ml",)),
    "Progesterone": _t("2839-9", "Progesterone [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    "Estradiol": _t("2243-4", "Estradiol (E2) [Mass/volume] in Serum or Plasma", ("pg/ml",)),
    "Growth hormone": _t("2963-7", "Somatotropin [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    "Homocysteine": _t("13965-9", "Homocysteine [Moles/volume] in Serum or Plasma", ("umol/l",)),
    "Androstenedione": _t("1854-9", "Androstenedione [Mass/volume] in Serum or Plasma",
                          ("ng/ml", "ng/dl")),
    "Thiamine": _t("32554-8", "Thiamine [Moles/volume] in Blood", ("nmol/l",)),
    "DHEA-S": _t("2191-5", "Dehydroepiandrosterone sulfate [Mass/volume] in Serum or Plasma",
                 ("ug/dl",)),
    "Testosterone": _t("2986-8", "Testosterone [Mass/volume] in Serum or Plasma", ("ng/dl",),
                       nmol_l=("14913-8", "Testosterone [Moles/volume] in Serum or Plasma")),
    "FSH": _t("15067-2", "Follitropin [Units/volume] in Serum or Plasma", ("miu/ml",)),
    "LH": _t("10501-5", "Lutropin [Units/volume] in Serum or Plasma", ("miu/ml",)),
    "Prolactin": _t("2842-3", "Prolactin [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    "Calcitonin": _t("1992-7", "Calcitonin [Mass/volume] in Serum or Plasma", ("pg/ml",)),
    "AMH": _t("38476-8", "Mullerian inhibiting substance [Mass/volume] in Serum or Plasma",
              ("ng/ml",)),
    # Tumour marker, cardiac, coagulation, immunology
    "PSA": _t("2857-1", "Prostate specific Ag [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    "Myoglobin": _t("2639-3", "Myoglobin [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    "Fibrinogen": _t("3255-7",
                     "Fibrinogen [Mass/volume] in Platelet poor plasma by Coagulation assay",
                     ("mg/dl", "g/l")),
    "Anti-dsDNA": _t("5130-0", "DNA double strand Ab [Units/volume] in Serum", ("u/ml",)),
    # Iron, vitamins, trace elements
    "Transferrin saturation": _t("2502-3", "Iron saturation [Mass Fraction] in Serum or Plasma",
                                 ("%",)),
    # Serum folate; the catalog also reads "rbc folate" under this name (2282-2 would be right).
    "Folate": _t("2284-8", "Folate [Mass/volume] in Serum or Plasma", ("ng/ml",),
                 nmol_l=("14732-2", "Folate [Moles/volume] in Serum or Plasma")),
    "Zinc": _t("5763-8", "Zinc [Mass/volume] in Serum or Plasma", ("ug/dl",)),
    # Drug levels (tacrolimus is measured in whole blood)
    "Phenytoin": _t("3968-5", "Phenytoin [Mass/volume] in Serum or Plasma", ("ug/ml", "mg/l")),
    "Tacrolimus": _t("11253-2", "Tacrolimus [Mass/volume] in Blood", ("ng/ml",)),
    # Urine: a mass ratio whether written g/g or mg/mg; mg/mmol is another property, uncoded
    "Urine protein/creatinine ratio": _t("2890-2", "Protein/Creatinine [Mass Ratio] in Urine",
                                         ("g/g", "mg/mg"), specimen=URINE),
    # Urinalysis: the dipstick results (no unit) have [Presence] codes
    "Urine pH": _t("2756-5", "pH of Urine", ("",), specimen=URINE),
    "Urine specific gravity": _t("2965-2", "Specific gravity of Urine", ("",), specimen=URINE),
    "Urine protein": _t("2887-8", "Protein [Presence] in Urine", ("",), specimen=URINE),
    "Urine glucose": _t("2349-9", "Glucose [Presence] in Urine", ("",), specimen=URINE),
    "Urine ketones": _t("2514-8", "Ketones [Presence] in Urine by Test strip", ("",),
                        specimen=URINE),
    "Leukocyte esterase": _t("5799-2", "Leukocyte esterase [Presence] in Urine by Test strip",
                             ("",), specimen=URINE),
    "Nitrite": _t("5802-4", "Nitrite [Presence] in Urine by Test strip", ("",), specimen=URINE),
    "Urine blood": _t("5794-3", "Hemoglobin [Presence] in Urine by Test strip", ("",),
                      specimen=URINE),
    # labnames27: the dipstick's bilirubin, as FHIR and OMOP mappings of urinalyses print it
    "Urine bilirubin": _t("5770-3", "Bilirubin.total [Presence] in Urine by Test strip", ("",),
                          specimen=URINE),
    # Issue #29: blood gases, toxicology, complement, immunoglobulins, tumour markers
    "Ionised calcium": _t("1994-3", "Calcium.ionized [Moles/volume] in Blood", ("mmol/l",)),
    "Salicylate": _t("4024-6", "Salicylates [Mass/volume] in Serum or Plasma",
                     ("mg/dl", "mg/l", "ug/ml")),
    "Paracetamol": _t("3298-7", "Acetaminophen [Mass/volume] in Serum or Plasma",
                      ("ug/ml", "mg/l")),
    "Ethanol": _t("5643-2", "Ethanol [Mass/volume] in Serum or Plasma", ("mg/dl",)),
    "Methemoglobin": _t("2614-6", "Methemoglobin/Hemoglobin.total in Blood", ("%",)),
    "Lithium": _t("14334-7", "Lithium [Moles/volume] in Serum or Plasma", ("mmol/l", "meq/l")),
    "Digoxin": _t("10535-3", "Digoxin [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    "Complement C3": _t("4485-9", "Complement C3 [Mass/volume] in Serum or Plasma",
                        ("mg/dl", "g/l")),
    "Complement C4": _t("4498-2", "Complement C4 [Mass/volume] in Serum or Plasma",
                        ("mg/dl", "g/l")),
    "IgG": _t("2465-3", "IgG [Mass/volume] in Serum or Plasma", ("mg/dl", "g/l")),
    "IgA": _t("2458-8", "IgA [Mass/volume] in Serum or Plasma", ("mg/dl", "g/l")),
    "IgM": _t("2472-9", "IgM [Mass/volume] in Serum or Plasma", ("mg/dl", "g/l")),
    "CEA": _t("2039-6", "Carcinoembryonic Ag [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    "CA-125": _t("10334-1", "Cancer Ag 125 [Units/volume] in Serum or Plasma", ("u/ml",)),
    "CA 15-3": _t("6875-9", "Cancer Ag 15-3 [Units/volume] in Serum or Plasma", ("u/ml",)),
    "CA 19-9": _t("24108-3", "Cancer Ag 19-9 [Units/volume] in Serum or Plasma", ("u/ml",)),
    "AFP": _t("1834-1", "Alpha-1-Fetoprotein [Mass/volume] in Serum or Plasma", ("ng/ml",)),
    "24-hour urine protein": _t("2889-4", "Protein [Mass/time] in 24 hour Urine",
                                ("mg/24h", "g/24h"), specimen=URINE),
    # Common tests of catalog_common (reader-catalogue3), each code and display confirmed
    # against published LOINC mappings; the mass codes carry only mass units.
    "PTH": _t("2731-8", "Parathyrin.intact [Mass/volume] in Serum or Plasma", ("pg/ml",)),
    "hCG": _t("19080-1", "Choriogonadotropin [Units/volume] in Serum or Plasma",
              ("miu/ml", "u/l")),
    "IGF-1": _t("2484-4", "Insulin-like growth factor-I [Mass/volume] in Serum or Plasma",
                ("ng/ml",)),
    "Transferrin": _t("3034-6", "Transferrin [Mass/volume] in Serum or Plasma",
                      ("mg/dl", "g/l")),
    "TIBC": _t("2500-7", "Iron binding capacity [Mass/volume] in Serum or Plasma", ("ug/dl",)),
    "UIBC": _t("2501-5", "Iron binding capacity.unsaturated [Mass/volume] in Serum or Plasma",
               ("ug/dl",)),
    "Ceruloplasmin": _t("2064-4", "Ceruloplasmin [Mass/volume] in Serum or Plasma",
                        ("mg/dl", "g/l")),
    "Copper": _t("5631-7", "Copper [Mass/volume] in Serum or Plasma", ("ug/dl",)),
    "Lead": _t("5671-3", "Lead [Mass/volume] in Blood", ("ug/dl",)),
    "Vancomycin": _t("20578-1", "Vancomycin [Mass/volume] in Serum or Plasma",
                     ("ug/ml", "mg/l")),
    "Valproate": _t("4086-5", "Valproate [Mass/volume] in Serum or Plasma", ("ug/ml", "mg/l")),
    "Carbamazepine": _t("3432-2", "Carbamazepine [Mass/volume] in Serum or Plasma",
                        ("ug/ml", "mg/l")),
    "Cyclosporine": _t("3520-4", "cycloSPORINE [Mass/volume] in Blood", ("ng/ml",)),
    "CD4 count": _t("24467-3", "CD3+CD4+ (T4 helper) cells [#/volume] in Blood", _CELLS_PER_L),
    # round twenty-one: LOINC's display names as the Universal Lab Order Codes file holds them
    # (the file rounds fifteen to eighteen used; CD19 and CD16+CD56+ from a LOINC enum)
    "CD3 count": _t("8122-4", "CD3 cells [#/volume] in Blood", _CELLS_PER_L),
    "CD8 count": _t("14135-8", "CD3+CD8+ (T8 suppressor cells) cells [#/volume] in Blood",
                    _CELLS_PER_L),
    "CD19 count": _t("8116-6", "CD19 cells [#/volume] in Blood", _CELLS_PER_L),
    "NK cell count": _t("20402-4", "CD16+CD56+ cells [#/volume] in Blood", _CELLS_PER_L),
    "Beta-2 microglobulin": _t("1952-1", "Beta-2-Microglobulin [Mass/volume] in Serum or Plasma",
                               ("mg/l", "ug/ml")),
    "Kappa free light chains": _t("36916-5", "Kappa light chains.free [Mass/volume] in Serum",
                                  ("mg/l", "mg/dl")),
    "Lambda free light chains": _t("33944-0",
                                   "Lambda light chains.free [Mass/volume] in Serum or Plasma",
                                   ("mg/l", "mg/dl")),
    "IgE": _t("19113-0", "IgE [Units/volume] in Serum or Plasma", ("u/ml",)),
    "Rheumatoid factor": _t("11572-5", "Rheumatoid factor [Units/volume] in Serum or Plasma",
                            ("u/ml",)),
    "ASO": _t("5370-2", "Streptolysin O Ab [Units/volume] in Serum or Plasma", ("u/ml",)),
    "IL-6": _t("26881-3", "Interleukin 6 [Mass/volume] in Serum or Plasma", ("pg/ml",)),
    "ACE": _t("2742-5",
              "Angiotensin converting enzyme [Enzymatic activity/volume] in Serum or Plasma",
              ("u/l",)),
    "Lipoprotein(a)": _t("10835-7", "Lipoprotein a [Mass/volume] in Serum or Plasma",
                         ("mg/dl",)),
    "Apolipoprotein A1": _t("1869-7", "Apolipoprotein A-I [Mass/volume] in Serum or Plasma",
                            ("mg/dl", "g/l")),
    "Factor VIII": _t("3209-4", "Coagulation factor VIII activity actual/normal in Platelet "
                      "poor plasma by Coagulation assay", ("%",)),
    "Aldolase": _t("1761-6", "Aldolase [Enzymatic activity/volume] in Serum or Plasma",
                   ("u/l",)),
    "Bile acids": _t("14628-2", "Bile acid [Moles/volume] in Serum or Plasma", ("umol/l",)),
    "Blasts": _t("26446-5", "Blasts/100 leukocytes in Blood", ("%",)),
    "Atypical lymphocytes": _t("13046-8", "Lymphocytes Variant/100 leukocytes in Blood",
                               ("%",)),
    # reader-catalogue4: codes for analytes that had none, each code with its Long Common Name
    # found in one of LOINC's own published files (see docs/clinical-rounds.md,
    # "reader-catalogue4"): [U] the LOINC Universal Lab Order Codes Value Set 2.1, [G] the
    # LOINC Group file extracts of NLM's loinc-equivalence-classes. The specimen and the
    # property (mass, moles, units) are the code's; a unit of another property gets none.
    "C-peptide": _t("1986-9", "C peptide [Mass/volume] in Serum or Plasma", ("ng/ml",)),  # G U
    # the lead, sixth round, from the same [U] file
    "Beta-D-glucan": _t("42176-8", "1,3 beta glucan [Mass/volume] in Serum", ("pg/ml",)),  # U
    "Hemoglobin S": _t("4625-0", "Hemoglobin S/Hemoglobin.total in Blood", ("%",)),  # U
    # the lead, seventh round (core.vocabulary.catalog_specialist), from the same [U] file;
    # mass codes only, so a PTHrP in pmol/L gets none
    "PTHrP": _t("2729-2", "Parathyrin related protein [Mass/volume] in Serum or Plasma",
                ("pg/ml",)),  # U
    "1,25-dihydroxyvitamin D": _t("1649-3", "Calcitriol [Mass/volume] in Serum or Plasma",
                                  ("pg/ml",)),  # U
    "IGFBP-3": _t("2483-6",
                  "Insulin-like growth factor binding protein 3 [Mass/volume] in Serum or Plasma",
                  ("ug/ml", "mg/l", "ng/ml")),  # U
    "Nortriptyline": _t("3872-9", "Nortriptyline [Mass/volume] in Serum or Plasma",
                        ("ng/ml",)),  # U
    "GAD antibody": _t("13926-1", "Glutamate decarboxylase 65 Ab [Units/volume] in Serum",
                       ("u/ml",)),  # U
    "Insulin autoantibody": _t("8072-1", "Insulin Ab [Units/volume] in Serum", ("u/ml",)),  # U
    "Cystatin C": _t("33863-2", "Cystatin C [Mass/volume] in Serum or Plasma", ("mg/l",)),  # U
    "Alpha-1 antitrypsin": _t("1825-9", "Alpha 1 antitrypsin [Mass/volume] in Serum or Plasma",
                              ("mg/dl", "g/l")),  # U
    "Erythropoietin": _t("15061-5", "Erythropoietin (EPO) [Units/volume] in Serum or Plasma",
                         ("miu/ml", "u/l")),  # U
    "Fructosamine": _t("15069-8", "Fructosamine [Moles/volume] in Serum or Plasma",
                       ("umol/l",)),  # U
    "Gastrin": _t("2333-3", "Gastrin [Mass/volume] in Serum or Plasma", ("pg/ml",)),  # U
    "Tryptase": _t("21582-2", "Tryptase [Mass/volume] in Serum or Plasma", ("ng/ml",)),  # U
    "CH50": _t("4532-8", "Complement total hemolytic CH50 [Units/volume] in Serum or Plasma",
               ("u/ml",)),  # U
    "C1 esterase inhibitor": _t("4477-6",
                                "Complement C1 esterase inhibitor [Mass/volume] in Serum or Plasma",
                                ("mg/dl", "g/l")),  # U
    "SHBG": _t("13967-5", "Sex hormone binding globulin [Moles/volume] in Serum or Plasma",
               ("nmol/l",)),  # U
    "Phenobarbital": _t("3948-7", "PHENobarbital [Mass/volume] in Serum or Plasma",
                        ("ug/ml", "mg/l")),  # U
    "Factor V": _t("3193-0", "Coagulation factor V activity actual/normal in Platelet poor "
                   "plasma by Coagulation assay", ("%",)),  # U
    "Factor VII": _t("3198-9", "Coagulation factor VII activity actual/normal in Platelet poor "
                     "plasma by Coagulation assay", ("%",)),  # U
    "Factor IX": _t("3187-2", "Coagulation factor IX activity actual/normal in Platelet poor "
                    "plasma by Coagulation assay", ("%",)),  # U
    "Factor X": _t("3218-5", "Coagulation factor X activity actual/normal in Platelet poor "
                   "plasma by Coagulation assay", ("%",)),  # U
    "Factor XI": _t("3226-8", "Coagulation factor XI activity actual/normal in Platelet poor "
                    "plasma by Coagulation assay", ("%",)),  # U
    "von Willebrand factor antigen": _t("27816-8", "von Willebrand factor (vWf) Ag actual/normal "
                                        "in Platelet poor plasma by Immunoassay", ("%",)),  # U
    "von Willebrand factor activity": _t("6014-5", "von Willebrand factor (vWf) ristocetin "
                                         "cofactor actual/normal in Platelet poor plasma by "
                                         "Platelet aggregation", ("%",)),  # U
    "NSE": _t("15060-7", "Enolase.neuron specific [Mass/volume] in Serum or Plasma",
              ("ng/ml",)),  # U
    "Chromogranin A": _t("9811-1", "Chromogranin A [Mass/volume] in Serum or Plasma",
                         ("ng/ml",)),  # U
    "HE4": _t("55180-4", "Human epididymis protein 4 [Moles/volume] in Serum or Plasma",
              ("pmol/l",)),  # U
    "Methylmalonic acid": _t("13964-2", "Methylmalonate [Moles/volume] in Serum or Plasma",
                             ("nmol/l", "umol/l")),  # U
    "Selenium": _t("5724-0", "Selenium [Mass/volume] in Serum or Plasma", ("ng/ml",)),  # U
    "Vitamin A": _t("2923-1", "Retinol [Mass/volume] in Serum or Plasma", ("ug/dl",)),  # G U
    "Vitamin E": _t("1823-4", "Alpha tocopherol [Mass/volume] in Serum or Plasma",
                    ("mg/l",)),  # U
    "Vitamin B6": _t("62236-5", "Pyridoxal phosphate [Moles/volume] in Serum or Plasma",
                     ("nmol/l",)),  # G
    "Vitamin C": _t("1903-4", "Ascorbate [Mass/volume] in Serum or Plasma", ("mg/dl",),
                    umol_l=("14622-5", "Ascorbate [Moles/volume] in Serum or Plasma")),  # G U
    # No time named: the trough (3665-7) and peak (3663-2) codes say more than a report does.
    "Gentamicin": _t("35668-3", "Gentamicin [Mass/volume] in Serum or Plasma",
                     ("ug/ml", "mg/l")),  # U
    "Anti-CCP": _t("53027-9", "Cyclic citrullinated peptide Ab [Units/volume] in Serum",
                   ("u/ml",)),  # G: the method-free code
    # Antithrombin activity is measured chromogenically (the antigen is the immunoassay's
    # 27812-7); LOINC has no method-free activity code.
    "Antithrombin": _t("27811-9",
                       "Antithrombin actual/normal in Platelet poor plasma by Chromogenic method",
                       ("%",)),  # U
    "Cholinesterase": _t("2098-2",
                         "Cholinesterase [Enzymatic activity/volume] in Serum or Plasma",
                         ("u/l", "u/ml")),  # G
    # A gas's measured saturation: "in Blood" as the other gas codes; an arterial sample
    # (SaO2, "arterial", an ABG) takes 2708-6 through ARTERIAL_LOINC below.
    "Oxygen saturation": _t("20564-1", "Oxygen saturation in Blood", ("%",)),  # G
    # Absolute counts only: the per-100-leukocytes codes could not be confirmed.
    "Nucleated RBC": _t("30392-5", "Nucleated erythrocytes [#/volume] in Blood",
                        _CELLS_PER_L),  # G
    "Immature granulocytes": _t("51584-1", "Immature granulocytes [#/volume] in Blood",
                                _CELLS_PER_L),  # G
    "Methanol": _t("5693-7", "Methanol [Mass/volume] in Serum or Plasma", ("mg/dl",)),  # U
    "Isopropanol": _t("5669-7", "Isopropanol [Mass/volume] in Serum or Plasma",
                      ("mg/dl",)),  # U
    "Acetone": _t("5568-1", "Acetone [Mass/volume] in Serum or Plasma", ("mg/dl",)),  # U
    "Beta-hydroxybutyrate": _t("6873-4", "Beta hydroxybutyrate [Moles/volume] in Serum or Plasma",
                               ("mmol/l",),
                               mg_dl=("29512-1", "Beta hydroxybutyrate [Mass/volume] in Serum "
                                                 "or Plasma")),  # G U
    "Carboxyhemoglobin": _t("20563-3", "Carboxyhemoglobin/Hemoglobin.total in Blood",
                            ("%",)),  # U
    "Renin activity": _t("2915-7", "Renin [Enzymatic activity/volume] in Plasma",
                         ("ng/ml/h",)),  # U
    # Pyruvate is measured in deproteinised whole blood: the "in Blood" codes.
    "Pyruvate": _t("2905-8", "Pyruvate [Mass/volume] in Blood", ("mg/dl",),
                   umol_l=("14121-8", "Pyruvate [Moles/volume] in Blood")),  # G U
    # The serum's; a pleural or CSF value (its specimen read) gets no code.
    "Adenosine deaminase": _t("47826-3",
                              "Adenosine deaminase [Enzymatic activity/volume] in Serum or Plasma",
                              ("u/l",)),  # G
    "Inhibin B": _t("34319-4", "Inhibin B [Mass/volume] in Serum or Plasma", ("pg/ml",)),  # G U
    "Citrulline": _t("20640-9", "Citrulline [Moles/volume] in Serum or Plasma",
                     ("umol/l",)),  # U
    # Urine: a spot urine's concentration; a 24-hour amount only where LOINC has the
    # mass-per-time code
    "Porphobilinogen": _t("24446-7", "Porphobilinogen [Mass/volume] in Urine", ("mg/l",),
                          specimen=URINE,
                          umol_l=("2811-8", "Porphobilinogen [Moles/volume] in Urine")),  # G
    "Uroporphyrin": _t("3113-8", "Uroporphyrin [Mass/time] in 24 hour Urine",
                       ("ug/24h", "mg/24h"), specimen=URINE),  # G
    "Orotic acid": _t("17869-9", "Orotate/Creatinine [Molar ratio] in Urine", ("umol/mmol",),
                      specimen=URINE),  # G
    # Porphyrias (round ten): LOINC's group file holds a spot urine's moles and a 24-hour
    # urine's mass per time; nmol/24 h and nmol/mmol creatinine go uncoded.
    "Total porphyrins": _t("39771-1", "Porphyrins [Moles/volume] in Urine", ("nmol/l",),
                           specimen=URINE),  # G
    "Coproporphyrin": _t("2137-8", "Coproporphyrin [Mass/time] in 24 hour Urine", ("ug/24h",),
                         specimen=URINE,
                         nmol_l=("25167-8", "Coproporphyrin [Moles/volume] in Urine")),  # G
    # Round fifteen's viral loads, from LOINC's Universal Lab Order Codes value set (version
    # 2.1, curedao/health-reference-browser src/constants/loinc_uni_lab_order_codes-2.1.json):
    # a load in international units has the [Units/volume] code, one in copies the
    # [#/volume] code.
    "HBV DNA": _t("11258-1", "Hepatitis B virus DNA [Units/volume] in Serum", ("u/ml",),
                  copies_ml=("29615-2", "Hepatitis B virus DNA [#/volume] (viral load) in "
                                        "Serum or Plasma by NAA with probe detection")),
    "HCV RNA": _t("11011-4", "Hepatitis C virus RNA [Units/volume] (viral load) in Serum or "
                             "Plasma by NAA with probe detection", ("u/ml",),
                  copies_ml=("20416-4", "Hepatitis C virus RNA [#/volume] (viral load) in "
                                        "Serum or Plasma by NAA with probe detection")),
    # Round eighteen's HIV load, from the same [U] file: its copies have the [#/volume] code.
    # labnames27's hepatitis B profile: only the surface antibody in mIU/mL has a code that
    # several public FHIR guides agree on (16935-9). The others are left uncoded: see
    # tests/unit/test_fhir_export.py.
    "Anti-HBs": _t("16935-9", "Hepatitis B virus surface Ab [Units/volume] in Serum",
                   ("miu/ml",)),
    "HIV RNA": _t("20447-9", "HIV 1 RNA [#/volume] (viral load) in Serum or Plasma by NAA with "
                             "probe detection", ("copies/ml",)),  # U
    # Round sixteen's autoantibodies (core.vocabulary.catalog_autoantibodies), from the same
    # [U] file. It holds the TSH receptor antibody only as measured by immunoassay (the TBII
    # assays that report IU/L), and the binding antibody among the acetylcholine receptor's
    # (blocking and modulating antibodies are other tests).
    "TSH receptor antibody": _t("57416-0", "Thyrotropin receptor Ab [Units/volume] in Serum by "
                                           "Immunoassay", ("u/l",)),  # U
    "Acetylcholine receptor antibody": _t("11034-6", "Acetylcholine receptor binding Ab "
                                                     "[Moles/volume] in Serum",
                                          ("nmol/l",)),  # U
    "PR3 antibody": _t("6968-2", "Proteinase 3 Ab [Units/volume] in Serum", ("u/ml",)),  # U
    "MPO antibody": _t("6969-0", "Myeloperoxidase Ab [Units/volume] in Serum", ("u/ml",)),  # U
    # catalog29's work-up tests (core.vocabulary.catalog_workup), each code read in the [U]
    # file (curedao/health-reference-browser @ 79540cd, loinc_uni_lab_order_codes-2.1.json)
    # or the [G] file (LHNCBC/loinc-equivalence-classes @ 3b482d9, "old/Existing LOINC code
    # & results/20170605 GroupingResults.xlsx"), the method-free code where one is held. An
    # index printed without its unit gets none. The tests left uncoded, and why, are listed
    # in tests/unit/test_fhir_export.py.
    "Anti-SSA": _t("17792-3", "Sjogrens syndrome-A extractable nuclear Ab [Units/volume] in "
                              "Serum", _UNITS_PER_VOLUME),  # G U
    "Anti-SSB": _t("17791-5", "Sjogrens syndrome-B extractable nuclear Ab [Units/volume] in "
                              "Serum", _UNITS_PER_VOLUME),  # G U
    "Anti-Scl-70 antibody": _t("27416-7", "SCL-70 extractable nuclear Ab [Units/volume] in "
                                          "Serum", _UNITS_PER_VOLUME),  # G U
    "Anti-GBM antibody": _t("49774-3", "Glomerular basement membrane Ab [Units/volume] in "
                                       "Serum", _UNITS_PER_VOLUME),  # G
    "Proinsulin": _t("27882-0", "Proinsulin [Moles/volume] in Serum or Plasma",
                     ("pmol/l",)),  # U
    "EBV DNA": _t("32585-2", "Epstein Barr virus DNA [#/volume] (viral load) in Specimen by "
                             "NAA with probe detection", ("copies/ml",)),  # U
    "Free PSA": _t("10886-0", "Prostate Specific Ag Free [Mass/volume] in Serum or Plasma",
                   ("ng/ml",)),  # G U
    "LDH1": _t("2537-9", "Lactate dehydrogenase 1 [Enzymatic activity/volume] in Serum or "
                         "Plasma", ("u/l",)),  # G
    "Fecal calprotectin": _t("38445-3", "Calprotectin [Mass/mass] in Stool", ("ug/g",),
                             specimen=STOOL),  # U
    # titre29: the antinuclear antibody's titre, the method-free code (29953-7; 5048-4 is
    # by immunofluorescence, which case reports seldom say), [U] as above
    "ANA": _t("29953-7", "Nuclear Ab [Titer] in Serum", ("titer",)),  # U
    # catalog30 (docs/clinical-rounds.md, "reader-catalog30")
    "RPR": _t("31147-2", "Reagin Ab [Titer] in Serum by RPR", ("titer",)),  # U
    "Kappa light chains": _t("11050-2", "Kappa light chains [Mass/volume] in Serum or Plasma",
                             ("mg/dl", "g/l")),  # U
    # The plasma's code: the gas's sample (arterial) takes 19230-2 through ARTERIAL_LOINC.
    "Standard bicarbonate": _t("69964-5", "Bicarbonate [Moles/volume] standard in Plasma",
                               ("mmol/l", "meq/l")),  # G
}

# An arterial sample's own code where the catalogue reads one analyte for any blood gas:
# used when the value's line says the blood was arterial (core.analysis.labs.specimens).
ARTERIAL_LOINC: dict[str, LoincTest] = {
    "Oxygen saturation": _t("2708-6", "Oxygen saturation in Arterial blood", ("%",)),  # G
    "pCO2": _t("2019-8", "Carbon dioxide [Partial pressure] in Arterial blood",
               ("mmhg", "kpa")),  # G
    "Standard bicarbonate": _t("19230-2", "Bicarbonate [Moles/volume] standard in Arterial "
                                          "blood", ("mmol/l", "meq/l")),  # G
}

# The same analyte measured in another specimen has its own code: a urine sodium is not
# 2951-2, a CSF glucose not 2345-7. (analyte, specimen) -> code; a pair not listed gets no
# code rather than the blood one.
SPECIMEN_LOINC: dict[tuple[str, str], LoincTest] = {
    ("Sodium", URINE): _t("2955-3", "Sodium [Moles/volume] in Urine", ("mmol/l", "meq/l"),
                          specimen=URINE),
    ("Potassium", URINE): _t("2828-2", "Potassium [Moles/volume] in Urine", ("mmol/l", "meq/l"),
                             specimen=URINE),
    ("Chloride", URINE): _t("2078-4", "Chloride [Moles/volume] in Urine", ("mmol/l", "meq/l"),
                            specimen=URINE),
    ("Creatinine", URINE): _t("2161-8", "Creatinine [Mass/volume] in Urine", ("mg/dl",),
                              specimen=URINE),
    ("Osmolality", URINE): _t("2695-5", "Osmolality of Urine", ("mosm/kg",), specimen=URINE),
    ("Glucose", CSF): _t("2342-4", "Glucose [Mass/volume] in Cerebral spinal fluid", ("mg/dl",),
                         specimen=CSF),
    ("Total protein", CSF): _t("2880-3", "Protein [Mass/volume] in Cerebral spinal fluid",
                               ("mg/dl",), specimen=CSF),
    **{
        ("Body fluid pH", fluid): _t("2748-2", "pH of Body fluid", ("",), specimen=fluid)
        for fluid in ("pleural fluid", "peritoneal fluid", "synovial fluid", "pericardial fluid",
                      "body fluid")
    },
}
# fmt: on

# Specimens (as lab values name them) that a BLOOD code covers.
_BLOOD_WORDS = frozenset({"blood", "serum", "plasma", "whole blood", "venous blood"})


def loinc_for(analyte: str, unit: str, specimen: str | None) -> LoincCode | None:
    """The LOINC code of a value of ``analyte`` in ``unit`` (a unit key) from ``specimen``
    (None: blood, serum or plasma); None when LOINC has no code we know for it, or the
    specimen is not the one the code names (a CSF glucose is not 2345-7)."""
    taken_from = BLOOD if specimen is None else specimen.strip().lower()
    if taken_from in _BLOOD_WORDS:
        taken_from = BLOOD
    test = SPECIMEN_LOINC.get((analyte, taken_from)) or LOINC.get(analyte)
    if test is None:
        return None
    if taken_from != test.specimen:
        return None
    return test.code_for(unit)


def check_digit_ok(code: str) -> bool:
    """LOINC's mod-10 check digit: the digit after the hyphen must match the number."""
    number, _, check = code.partition("-")
    if not number.isdigit() or len(check) != 1 or not check.isdigit():
        return False
    digits = [int(d) for d in reversed(number)]
    total = 0
    for position, digit in enumerate(digits):
        if position % 2 == 0:  # odd positions from the right are doubled
            doubled = digit * 2
            total += doubled // 10 + doubled % 10
        else:
            total += digit
    return (10 - total % 10) % 10 == int(check)


def loinc_of(value: LabValue) -> LoincCode | None:
    """The LOINC code of a lab value as read: its unit as written, or, when the report gave
    none, the unit the catalogue's ranges say the number is in ("sodium 75" is mmol/L)."""
    key = unit_key(value.unit)
    if not key:
        analyte = BY_NAME.get(value.analyte)
        known = analyte.range_for(None, value.value) if analyte is not None else None
        if known is None and analyte is not None and analyte.ranges and value.specimen:
            known = analyte.ranges[0]  # blood's spans say nothing of a urine's numbers
        key = known.unit if known is not None else ""
    if value.analyte in ARTERIAL_LOINC and specimen_of(value) == ARTERIAL_BLOOD:
        return ARTERIAL_LOINC[value.analyte].code_for(key)
    return loinc_for(value.analyte, key, value.specimen)
