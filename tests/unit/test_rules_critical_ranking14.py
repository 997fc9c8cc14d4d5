"""Round fourteen's ranking classes (issue #29): where a critical value or condition leads.

Counted over the three pools (CUPCase's JMCR case presentations, MedRBench's and
CaseReportBench's case sections): a critical value's disorder led where the case states the
disease that explains it, and a critical complication led the diagnoses a case concludes in
one breath. The quoted sentences are the reports' own (CUPCase, Journal of Medical Case
Reports, CC BY; PMC open-access case reports as MedRBench stores them); each test names its
report.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes


def _ranked(text: str) -> list[str]:
    values = parse_lab_values(text, "n", age=50)
    return [r.code for r in diagnose(values, 50, read_notes(None, [text])).ranked]


def test_a_critical_glucose_gives_way_to_the_tumour_the_tissue_is_in_keeping_with() -> None:
    # CUPCase 987 (insulinoma): the fasting glucose of 1.9 mmol/L is critical; the tissue's
    # verdict names the disease that explains it.
    text = (
        "Investigations performed after an overnight fast revealed a morning serum glucose "
        "level of 1.9 mmol/L. The mitotic rate and Ki-67 proliferation index were 2 per 2 mm2 "
        "and 3%, respectively, in keeping with a well-differentiated (grade 2) pancreatic "
        "neuroendocrine tumor."
    )
    ranked = _ranked(text)
    assert ranked[0] == "D3A.8"
    assert "E16.2" in ranked  # the value's disorder stays in the differential


def test_a_critical_ph_gives_way_to_the_pancreatitis_imaging_is_compatible_with() -> None:
    # CUPCase 2564 (symmetrical peripheral gangrene after shock from severe acute pancreatitis)
    text = (
        "He had high anion gap metabolic acidosis characterized by a lactic acid level of "
        "5.75mmol/L, arterial blood pH of 7.058, bicarbonate level of 5.1mmol/L. "
        "Ultrasonography and computed tomography (CT) of the abdomen and abdomen revealed a "
        "picture compatible with acute pancreatitis, CT severity index grade E."
    )
    assert _ranked(text)[0].startswith("K85")


def test_a_critical_value_still_leads_where_the_first_statement_is_a_chronic_background() -> None:
    # Dev case web-hyponatraemia-sodium-103-*: the case is of its hyponatraemia; the diabetic
    # nephropathy it "was being managed as" explains no sodium of 102.
    text = (
        "Herein, we present a case of hyponatremia in a 65-year male, which was being managed "
        "as a case of diabetic nephropathy. Serum sodium was 102 mmol/L."
    )
    assert _ranked(text)[0] == "E87.1"


def test_a_critical_value_leads_where_nothing_is_stated() -> None:
    text = "Investigations revealed a morning serum glucose level of 1.9 mmol/L."
    assert _ranked(text)[0] == "E16.2"


def test_the_diagnoses_a_case_concludes_keep_the_order_it_gives_them() -> None:
    # PMC11608958 (Aeromonas dhakensis pneumonia): the disease first, its critical
    # complications after it in the same conclusion.
    text = (
        "The patient was diagnosed with severe pneumonia, severe acute respiratory distress "
        "syndrome (ARDS), septic shock, sepsis, severe atrial septal defect, and severe "
        "pulmonary hypertension."
    )
    ranked = _ranked(text)
    assert ranked[0] == "J18.9"
    assert "R65.21" in ranked


def test_a_concluded_cancer_before_the_stroke_the_same_conclusion_associates_with_it() -> None:
    # CUPCase 238 (cerebral air embolism from lung cancer invading the left atrium)
    text = (
        "He was additionally diagnosed with CAE associated with invasion of lung cancer into "
        "the left atrium, and ischemic stroke or brain metastasis was associated with cancer "
        "progression."
    )
    assert _ranked(text)[0] == "C34.90"
