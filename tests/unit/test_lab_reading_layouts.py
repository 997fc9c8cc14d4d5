"""Issue #29's layout classes (reader-layouts): blank result forms of another hospital,
image-only reports (tests/unit/test_scan_ocr.py reads them by OCR) and critical alarms
that need a unit the number cannot be read in otherwise. The documents are dev cases of
tests/clinical/dev, each with its provenance in its case.json."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.analysis.labs.critical import is_critical, mark_critical
from core.analysis.labs.parse import BLANK_FORM_NOTE, read_lab_text
from core.analysis.reading.extraction import extract_lab_document
from core.insights import LabValue

CASES = Path(__file__).parents[1] / "clinical" / "dev"


@pytest.mark.parametrize(
    "path",
    [
        # kiannaquines/medical-recording-system: a provincial hospital's fillable forms,
        # "GLUCOSE ... 3.9-6.4 mmol/l" beside "___________________ mmol/l".
        "form-blank-clinical-chemistry-si-ranges/chemical_chemistry.pdf",
        # "Hemoglobin Mass Concentration / Female (120-160) gm/L ... WBC count (5-10)x 10 9/L"
        "form-blank-haematology-si-ranges-two-columns/hematology_form_fillable.pdf",
    ],
)
def test_a_blank_result_form_yields_no_value_and_says_so(path: str) -> None:
    content = (CASES / path).read_bytes()
    document = extract_lab_document("f1", "Lab file 1", "form.pdf", content)
    reading = read_lab_text(document.text, paged=document.paged)
    assert reading.values == []
    assert reading.notes == [BLANK_FORM_NOTE]


def test_a_number_without_a_unit_is_critical_only_in_every_unit_it_fits() -> None:
    # SI and conventional units side by side: the blank chemistry form above prints
    # mmol/l and umol/l, US reports mg/dL. "Magnesium 0.9" with no unit is 0.9 mmol/L
    # (normal) as readily as 0.9 mg/dL (Kost's limit is < 1.0 mg/dL): never telephoned.
    assert not is_critical(LabValue(analyte="Magnesium", value=0.9))
    assert is_critical(LabValue(analyte="Magnesium", value=0.9, unit="mg/dL"))
    assert not is_critical(LabValue(analyte="Magnesium", value=0.9, unit="mmol/L"))
    # "Glucose 20": 20 mg/dL (critical) or 20 mmol/L (360 mg/dL, not critical).
    assert not is_critical(LabValue(analyte="Glucose", value=20))
    # A number that fits one unit system alone keeps its alarm.
    assert is_critical(LabValue(analyte="Potassium", value=7.1))
    assert is_critical(LabValue(analyte="Hemoglobin", value=5.9))
    marked = mark_critical([LabValue(analyte="Sodium", value=115)])
    assert marked[0].critical


def test_ions_named_with_their_superscript_charge() -> None:
    # wouk1805/medreport blood_test.pdf @ 9c5057dbb2 (dev case
    # pdf-plain-panels-value-and-unit-one-column), as its text layer gives the rows.
    text = (
        "Sodium (Na⁺)                       135 mmol/L\n"
        "Potassium (K⁺)                     4.2 mmol/L\n"
        "Chloride (Cl⁻)                     100 mmol/L\n"
    )
    values = {(v.analyte, v.value, v.unit) for v in read_lab_text(text).values}
    assert values == {
        ("Sodium", 135, "mmol/L"),
        ("Potassium", 4.2, "mmol/L"),
        ("Chloride", 100, "mmol/L"),
    }


def test_names_abbreviated_with_dots() -> None:
    # OCR's lines of the photocopied hospital CBC of dev case scan-cbc-anaemia-neutrophilia
    # (MohdAbdulRah/Lab-Report-Intelligence-Agent sample_reports/test3.pdf @ ac9d915aa2).
    text = (
        "Total R.B.C. Count  3.19 [L]  mill/cmm  4.5-5.5 mill/cmm\n"
        "{ # } Red cell Distribution Width (R.D.W.- :  16.5 [H]  %  11.6-14.6 %\n"
        "Total W.B.C. Count  10560 [H]  /ul  400001-0/I\n"
    )
    values = {(v.analyte, v.value, v.flag) for v in read_lab_text(text).values}
    assert values == {("RBC", 3.19, "low"), ("RDW", 16.5, "high"), ("WBC", 10560, "high")}


def test_a_partly_filled_report_yields_only_its_filled_results() -> None:
    # The interim report of dev case scan-partly-filled-interim-report-six-pages
    # (suryamouli09/AI-Medical-Report-Analyzer Z615.pdf), rows as OCR reads them off pages
    # 1 and 3: hs-CRP is filled in; the lipid profile's result cells are empty, so the
    # bound after the unit column is its reference interval.
    text = (
        "Test Name  Results  Units  Bio. Ref. Interval\n"
        "CARDIO C-REACTIVE PROTEIN (hsCRP), SERUM  1.00  mg/L  <1.00\n"
        "GLUCOSE, FASTING (F), PLASMA  mg/dL  70 - 100\n"
        "LIPID PROFILE, BASIC, SERUM\n"
        "Cholesterol Total  mg/dL  <200\n"
        "Triglycerides  mg/dL  <150\n"
        "HDL Cholesterol  mg/dL  >40\n"
        "Non-HDL Cholesterol  mg/dL  <130\n"
    )
    values = [(v.analyte, v.comparator, v.value) for v in read_lab_text(text).values]
    assert values == [("CRP", None, 1.0)]
