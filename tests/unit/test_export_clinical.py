"""The chart export's clinical-safety content: critical values at the head, each lab value
with its source, unread tests, the ranked differential and the grounding marks."""

from __future__ import annotations

from datetime import UTC, datetime

from core.export.markdown import chart_markdown
from core.export.pdf import chart_pdf
from core.insights import DifferentialDiagnosis, Insights, LabValue
from core.models import CaseFile
from tests.unit.test_export import a_case, insights, pdf_text, squeezed

LAB_FILE = CaseFile(
    "file-1", "case-1", "doctor-1", "bloods.pdf", "application/pdf", 10, "k", "lab",
    datetime(2026, 3, 4, tzinfo=UTC),
)  # fmt: skip


def clinical_insights() -> Insights:
    written = insights()
    potassium = LabValue(
        analyte="Potassium",
        value=6.9,
        unit="mmol/L",
        reference_low=3.5,
        reference_high=5.1,
        flag="high",
        critical=True,
        source_file_id="file-1",
        source_page=2,
        source_line="K 6.9 mmol/L H",
        timing="admission",
    )
    csf = LabValue(
        analyte="Glucose", value=45, unit="mg/dL", specimen="csf", source_file_id="file-1"
    )
    diagnosis = written.primary_diagnosis.model_copy(
        update={
            "differential": [
                DifferentialDiagnosis(
                    diagnosis="Acute kidney injury",
                    icd_code="N17.9",
                    confidence_score=0.3,
                    supporting_evidence=["Potassium 6.9 mmol/L"],
                )
            ],
            "confidence_reason": "One report, values read surely.",
        }
    )
    return written.model_copy(
        update={
            "lab_values": [potassium, csf],
            "unread_tests": ["INR"],
            "primary_diagnosis": diagnosis,
            "ungrounded_numbers": {"soap_note": ["7.9"]},
        }
    )


def test_markdown_puts_critical_values_first_and_carries_sources_and_the_differential() -> None:
    text = chart_markdown(a_case(), clinical_insights(), files=[LAB_FILE])

    critical = text.index("CRITICAL VALUES: act now")
    assert critical < text.index("DRAFT: not signed") < text.index("## SOAP note")
    assert (
        "- CRITICAL: Potassium 6.9 mmol/L (high; admission; reference 3.5–5.1) · source: "
        'bloods.pdf, page 2: "K 6.9 mmol/L H"'
    ) in text
    assert "Glucose 45 mg/dL \\[csf\\] · source: bloods.pdf" in text
    assert "## Tests mentioned, value not read\n\n- INR mentioned, value not read" in text
    assert "### Differential diagnosis (ranked)" in text
    assert "- Rank 1: Acute kidney injury (N17.9), confidence 30%. Evidence: Potassium 6.9" in text
    assert "- **Why this confidence:** One report, values read surely." in text
    assert "## Numbers not found in the files\n\n- SOAP note: 7.9" in text


def test_an_export_without_critical_values_has_no_critical_banner() -> None:
    assert "CRITICAL" not in chart_markdown(a_case(), insights())


def test_pdf_carries_the_same_clinical_content() -> None:
    text = squeezed(pdf_text(chart_pdf(a_case(), clinical_insights(), fonts=(), files=[LAB_FILE])))
    for expected in (
        "CRITICAL VALUES: act now",
        'bloods.pdf, page 2: "K 6.9 mmol/L H"',
        "INR mentioned, value not read",
        "Acute kidney injury (N17.9)",
        "SOAP note: 7.9",
    ):
        assert squeezed(expected) in text, expected
