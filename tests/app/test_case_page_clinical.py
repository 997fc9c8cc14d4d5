"""The case page's clinical-safety marks: critical values first (and in the case list),
each lab value's source, specimen and timing, unread tests, the ranked differential with
its evidence, the confidence reason, the grounding marks, and the patient's name where
the engine saw [PATIENT]."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.insights import DifferentialDiagnosis, Insights, LabValue
from core.models import AuthSession, CreatedCase, Upload
from tests.app.case_states import complete, lab_values, sample_insights
from tests.app.conftest import open_case, seed_case, shown, sign_in, sign_up, texts
from tests.samples import pdf_bytes


@pytest.fixture
def doctor(app: AppTest, clinic: Clinic) -> AuthSession:
    auth = sign_up(clinic, "clinical.page@example.com")
    sign_in(app, "clinical.page@example.com")
    return auth


@pytest.fixture
def case(clinic: Clinic, doctor: AuthSession) -> CreatedCase:
    return seed_case(
        clinic, doctor, patient_name="Mary Seacole", uploads=[Upload("cbc.pdf", pdf_bytes(), "lab")]
    )


def clinical_insights(file_id: str, critical: bool = True) -> Insights:
    """Written by hand: a critical potassium with its source, a CSF glucose taken at
    admission, an unread INR, a differential, and a number the files do not hold."""
    potassium = LabValue(
        analyte="Potassium",
        value=6.9,
        unit="mmol/L",
        reference_low=3.5,
        reference_high=5.1,
        flag="high",
        critical=critical,
        source_file_id=file_id,
        source_page=2,
        source_line="K 6.9 mmol/L (3.5-5.1) H",
    )
    csf = LabValue(
        analyte="Glucose",
        value=45,
        unit="mg/dL",
        specimen="csf",
        timing="admission",
        source_file_id=file_id,
        source_page=1,
        source_line="CSF glucose 45 mg/dL",
    )
    written = sample_insights(values=[potassium, csf, *lab_values(file_id)])
    diagnosis = written.primary_diagnosis.model_copy(
        update={
            "differential": [
                DifferentialDiagnosis(
                    diagnosis="Anaemia of chronic disease",
                    icd_code="D63.8",
                    confidence_score=0.3,
                    supporting_evidence=["WBC 14.2 (high)"],
                ),
                DifferentialDiagnosis(
                    diagnosis="Thalassaemia trait", icd_code="D56.3", confidence_score=0.1
                ),
            ],
            "confidence_reason": "Two values agree; ferritin not measured.",
        }
    )
    soap = written.soap_note.model_copy(
        update={"subjective": "[PATIENT] reports fatigue.", "plan": "Give iron 7.9 g today."}
    )
    return written.model_copy(
        update={
            "primary_diagnosis": diagnosis,
            "soap_note": soap,
            "unread_tests": ["INR"],
            "ungrounded_numbers": {"soap_note": ["7.9"]},
        }
    )


def elements_in_order(app: AppTest) -> Iterator[Any]:
    """The page's elements top to bottom (the main area only)."""

    def walk(node: Any) -> Iterator[Any]:
        children = getattr(node, "children", None)
        if children is None:
            yield node
            return
        for key in sorted(children):
            yield from walk(children[key])

    yield from walk(app.main)


def analysed(app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase, **kw) -> None:
    lab_file = case.files[0]
    complete(clinic, doctor, case.case.case_id, clinical_insights(lab_file.file_id, **kw))
    open_case(app, case.case.case_id)
    assert not app.exception


def test_critical_values_are_the_first_thing_on_the_page(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    analysed(app, clinic, doctor, case)

    # The first element drawn (the browser's width report, ui/small_screens.py, draws
    # nothing and is hidden).
    first = next(
        element
        for element in elements_in_order(app)
        if getattr(element, "type", "") != "bidi_component"
    )
    assert type(first).__name__ == "Error"
    banner = texts(app, "error")[0]
    assert banner.startswith("**Critical values: act now** (1 on the critical-value list)")
    assert 'Potassium 6.9 mmol/L (high) · cbc.pdf, page 2: "K 6.9 mmol/L (3.5-5.1) H"' in banner
    assert texts(app, "title") == ["Mary Seacole"]  # the header comes after the banner


def test_no_critical_banner_without_critical_values(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    analysed(app, clinic, doctor, case, critical=False)
    assert not any("Critical values" in text for text in texts(app, "error"))


def test_lab_values_show_source_specimen_timing_and_critical_flag(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    analysed(app, clinic, doctor, case)

    table = next(df.value for df in app.dataframe if "Analyte" in df.value.columns)
    rows = table.set_index("Analyte")
    assert rows.loc["Potassium", "Flag"] == "Critical high"
    assert rows.loc["Potassium", "File"] == "cbc.pdf, page 2"
    assert rows.loc["Potassium", "Source line"] == "K 6.9 mmol/L (3.5-5.1) H"
    assert (rows.loc["Glucose", "Specimen"], rows.loc["Glucose", "Timing"]) == (
        "CSF",
        "Admission",
    )
    assert "1 critical value(s): the strongly tinted rows." in texts(app, "caption")


def test_a_value_read_by_ocr_says_so_with_its_confidence(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    file_id = case.files[0].file_id
    scanned = LabValue(
        analyte="Hemoglobin",
        value=9.1,
        unit="gm/dl",
        flag="low",
        source_file_id=file_id,
        source_page=1,
        source_line="Haemoglobin  9.10 [L]  gm/dl  13.0-17.0 gm/dl",
        read_by="ocr",
        ocr_confidence=0.903,
    )
    typed = LabValue(analyte="Sodium", value=140, unit="mmol/L", source_file_id=file_id)
    complete(clinic, doctor, case.case.case_id, sample_insights(values=[scanned, typed]))
    open_case(app, case.case.case_id)
    assert not app.exception

    table = next(df.value for df in app.dataframe if "Analyte" in df.value.columns)
    rows = table.set_index("Analyte")
    assert rows.loc["Hemoglobin", "File"] == "cbc.pdf, page 1"
    assert rows.loc["Hemoglobin", "Read"] == "Read by OCR, 90% sure"
    assert rows.loc["Sodium", "Read"] == ""
    assert any("1 value(s) read by OCR from scanned pages" in t for t in texts(app, "caption"))


def test_unread_tests_differential_and_confidence_reason_are_shown(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    analysed(app, clinic, doctor, case)
    page = shown(app)

    assert "INR mentioned, value not read" in page
    assert "Differential diagnosis** (ranked)" in page
    assert "1. Anaemia of chronic disease (D63.8) · confidence 30%" in page
    assert "    - WBC 14.2 (high)" in page
    assert "2. Thalassaemia trait (D56.3) · confidence 10%" in page
    assert "Confidence 60%: Two values agree; ferritin not measured." in page


def test_numbers_not_found_in_the_files_are_marked(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    analysed(app, clinic, doctor, case)

    # A section's paragraphs are one Markdown element (issue #25): the plan is one of them.
    paragraphs = [part for m in app.markdown for part in m.value.split("\n\n")]
    plan = next(part for part in paragraphs if part.startswith("**Plan.**"))
    assert plan == "**Plan.** Give iron :red-background[7\\.9] g today\\."
    assert any("Numbers not found in the files:** 7.9" in c for c in texts(app, "markdown"))
    assert any("1 number(s) in the model's text were not found" in w for w in texts(app, "warning"))


def test_the_owner_sees_the_patients_name_not_the_placeholder(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    analysed(app, clinic, doctor, case)
    page = shown(app)
    assert "Mary Seacole reports fatigue." in page
    assert "[PATIENT]" not in page


def test_the_case_list_marks_a_case_with_critical_values(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    calm = seed_case(clinic, doctor, patient_name="Calm Patient")
    complete(clinic, doctor, case.case.case_id, clinical_insights(case.files[0].file_id))
    complete(clinic, doctor, calm.case.case_id, sample_insights())
    app.switch_page("app_pages/cases.py").run()

    assert not app.exception
    table = app.dataframe[0].value
    marks = dict(zip(table["Patient"], table["Critical"], strict=True))
    # The value waits for the doctor's acknowledgment (#27): the mark says so, with its time.
    assert marks["Calm Patient"] == ""
    assert marks["Mary Seacole"].startswith("⚠ 1 critical · 1 to acknowledge (")
