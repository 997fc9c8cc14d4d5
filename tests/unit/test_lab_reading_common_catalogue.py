"""Common lab tests the catalogue lacked (issue #29, reader-catalogue3), each read from a
published line of its class with its unit, and guards that ordinary words sharing a test's
name ("lead to", "copper-colored", "ACE inhibitor", "RF ablation") are never results.

Every quoted line is kept as published; its source is cited beside it.
"""

from __future__ import annotations

from core.analysis.labs.loinc import loinc_of
from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _read(text: str) -> dict[str, LabValue]:
    return {v.analyte: v for v in parse_lab_values(text)}


def test_an_intact_pth_of_an_endocrine_case_report_is_read_with_its_unit_and_code() -> None:
    # Sverdlova et al., "Extreme hypercalcemia due to a giant parathyroid adenoma", J Clin
    # Transl Endocrinol Case Rep 2023;29:100146 (open access, abstract as indexed by DOAJ)
    found = _read(
        "Case report: We present the case of a 72-year-old female with profound lethargy and "
        "confusion associated with polydipsia and polyuria, who was found to have an extremely "
        "elevated serum calcium level of 18.3 mg/dL (normal 8.4–10.5 mg/dL), ionized calcium "
        "2.56 mmol/L (normal 1.20–1.32 mmol/L) and intact parathyroid hormone of 1838 pg/mL "
        "(normal 15–65 pg/mL)."
    )
    pth = found["PTH"]
    assert (pth.value, pth.unit, pth.flag) == (1838.0, "pg/mL", "high")
    code = loinc_of(pth)
    assert code is not None and code.code == "2731-8"


def test_free_light_chains_and_beta2_microglobulin_of_a_myeloma_case_are_read() -> None:
    # Murata et al., "Sharply increased serum free light chain concentrations after treatment
    # for multiple myeloma", Clin Chem clinical case study 2010, doi 10.1373/clinchem.2009.133041
    found = _read(
        "the κ free light chain (FLC) was increased at 47.2 mg/L (reference interval, "
        "3.3–19.4 mg/L), with a κ/λ FLC ratio of 23 (reference interval, 0.26–1.65). Serum "
        "concentrations of β2-microglobulin and albumin were 248 nmol/L (reference interval, "
        "59.5–153 nmol/L) and 37 g/L (reference interval, 34–47 g/L), respectively."
    )
    kappa = found["Kappa free light chains"]
    assert (kappa.value, kappa.unit, kappa.flag) == (47.2, "mg/L", "high")
    assert (found["Kappa/lambda ratio"].value, found["Kappa/lambda ratio"].flag) == (23.0, "high")
    b2m = found["Beta-2 microglobulin"]
    assert (b2m.value, b2m.unit, b2m.flag) == (248.0, "nmol/L", "high")
    assert found["Albumin"].value == 37.0


def test_blood_lead_levels_of_lead_poisoning_case_reports_are_read_in_each_unit() -> None:
    # Chan and Chan, "Coarse basophilic stippling in lead poisoning", Blood 2017;129(24):3270
    found = _read("Blood lead level was markedly raised (151 µg/dL; normal is <5 µg/dL).")
    assert (found["Lead"].value, found["Lead"].unit, found["Lead"].flag) == (151.0, "µg/dL", "high")
    # A familial case of basophilic stippling cells in lead poisoning, Int J Lab Hematol,
    # doi 10.1111/ijlh.13614 (letter): micrograms per litre
    found = _read(
        "The blood lead level markedly increased to 965 μg/L (permissible range: <100 μg/L)"
    )
    assert (found["Lead"].value, found["Lead"].unit, found["Lead"].flag) == (965.0, "μg/L", "high")


def test_a_valproate_concentration_of_a_case_report_is_read_beside_the_ammonia() -> None:
    # Valproate hyperammonaemic encephalopathy case report, PMID 26336183 (as distributed in
    # the MACCROBAT corpus): the level is a measured result, the dose "1 g twice daily" is not
    found = _read(
        "Her medications included sodium valproate 1 g twice daily, carbamazepine, quetiapine "
        "and lithium.\n"
        "Her serum ammonia was 47 μmol/L (11.2–35.4) and valproate concentrations were "
        "elevated 140 mg/L (50–100)."
    )
    assert (found["Valproate"].value, found["Valproate"].unit) == (140.0, "mg/L")
    assert found["Valproate"].flag == "high"
    assert found["Ammonia"].value == 47.0
    assert "Carbamazepine" not in found


def test_new_tests_in_lab_report_layout_are_read_with_their_units() -> None:
    # One line per group as laboratories print them (names as on the LOINC Top-2000 list)
    found = _read(
        "Ceruloplasmin 8 mg/dL (20-60)\n"
        "TIBC 480 ug/dL (250-450)\n"
        "Beta-hCG 12,500 mIU/mL\n"
        "CD4 count 45 cells/uL\n"
        "Lipoprotein(a) 120 nmol/L\n"
        "ADAMTS13 activity 3 %\n"
        "Vancomycin trough 25 ug/mL\n"
        "Blasts 34 %\n"
        "sO2 84 %\n"
    )
    assert {name: (v.value, v.unit) for name, v in found.items()} == {
        "Ceruloplasmin": (8.0, "mg/dL"),
        "TIBC": (480.0, "ug/dL"),
        "hCG": (12500.0, "mIU/mL"),
        "CD4 count": (45.0, "cells/uL"),
        "Lipoprotein(a)": (120.0, "nmol/L"),
        "ADAMTS13 activity": (3.0, "%"),
        "Vancomycin": (25.0, "ug/mL"),
        "Blasts": (34.0, "%"),
        "Oxygen saturation": (84.0, "%"),
    }


def test_ordinary_words_that_name_a_test_are_not_read_as_results() -> None:
    text = (
        "This may lead to 5 mg/dL rises in creatinine; copper-colored urine 3 times a day. "
        "ACE inhibitor 10 mg daily was stopped 2 days ago; ACE score 4. RF ablation at 30 W. "
        "Lead II showed 2 mm ST elevation. A copper IUD was placed 5 years ago. Blast crisis "
        "3 weeks later. Temp = 38.3C BP =146/52 HR= 113 RR = 18 SaO2 = 98% room air"
    )
    assert parse_lab_values(text) == []
