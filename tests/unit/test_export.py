"""The chart export: Markdown and PDF of the SOAP note and primary diagnosis."""

from __future__ import annotations

import io
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader

from core.advisory import ADVISORY, RULES_ADVISORY
from core.export.document import export_name, generated_time
from core.export.markdown import chart_markdown, escape
from core.export.pdf import UNICODE_FONTS, chart_pdf, fit_text
from core.insights import CaseSummary, Insights, PrimaryDiagnosis, Provenance, SoapNote
from core.models import Case
from core.review import NOTE_NOT_VERIFIED, SignedNote

CASE_ID = "3f2b8c1e-0d4a-4e7b-9c61-2a5d8e9f0b17"


def a_case(name: str = "Mary Seacole") -> Case:
    moment = datetime(2026, 3, 4, 9, 30, tzinfo=UTC)
    return Case(
        case_id=CASE_ID,
        user_id="doctor-1",
        patient_name=name,
        patient_age=58,
        patient_gender="female",
        case_summary=None,
        status="completed",
        created_at=moment,
        updated_at=moment,
    )


def insights(
    *,
    code: str = "E11.9",
    valid: bool | None = True,
    assessment: str = "Type 2 diabetes mellitus: HbA1c ≥ 6.5 % – confirm.",
    evidence: tuple[str, ...] = ("HbA1c 8.1 % (high; reference 4–5.6)",),
) -> Insights:
    return Insights.compile(
        CaseSummary(comprehensive_summary="Hyperglycaemia.", confidence_score=0.6),
        SoapNote(
            subjective="Thirst and fatigue for three weeks.",
            objective="Glucose 182 mg/dL.",
            assessment=assessment,
            plan="Repeat HbA1c; discuss metformin.",
        ),
        PrimaryDiagnosis(
            primary_diagnosis="Type 2 diabetes mellitus without complications",
            icd_code=code,
            description="Suggested by lab values.",
            supporting_evidence=list(evidence),
            confidence_score=0.55,
            icd_code_valid=valid,
            icd_description="Type 2 diabetes mellitus without complications" if valid else None,
        ),
        generated_at="2026-03-04T09:41:00+00:00",
        lab_values=[],
        provenance=Provenance(
            engine="openai",
            model="gpt-test-mini",
            written_by="Language model gpt-test-mini: advisory, for the doctor to review",
            prompt_version="v7",
            warnings=["Lab file 2: no text layer"],
        ),
    )


def pdf_text(document: bytes) -> str:
    reader = PdfReader(io.BytesIO(document))
    return "\n".join(page.extract_text() for page in reader.pages)


def squeezed(text: str) -> str:
    """Text with all whitespace removed: PDF extraction re-flows lines and spaces."""
    return "".join(text.split())


def test_markdown_has_banner_provenance_and_every_section() -> None:
    text = chart_markdown(a_case(), insights())

    assert text.startswith("# SOAP note and primary diagnosis\n")
    assert f"> **{ADVISORY}**" in text
    for heading in ("## SOAP note", "### Subjective", "### Objective", "### Assessment"):
        assert heading in text
    assert "### Plan\n\nRepeat HbA1c; discuss metformin." in text
    assert "## Primary diagnosis" in text
    assert "- **Diagnosis:** Type 2 diabetes mellitus without complications" in text
    assert "E11.9, valid ICD-10-CM code: Type 2 diabetes mellitus without complications" in text
    assert "- HbA1c 8.1 % (high; reference 4–5.6)" in text
    assert "- **Draft written by:** Language model gpt-test-mini" in text
    assert "- **Model:** gpt-test-mini" in text
    assert "- **Prompt version:** v7" in text
    assert "- **Draft generated:** 04 Mar 2026, 09:41 UTC" in text
    assert "- **Overall confidence:** 65%" in text
    assert "## Warnings\n\n- Lab file 2: no text layer" in text
    assert "- **Patient:** Mary Seacole" in text
    assert "HbA1c ≥ 6.5 % – confirm." in text  # Markdown is UTF-8: nothing replaced


def test_an_invalid_code_is_flagged_never_hidden() -> None:
    text = chart_markdown(a_case(), insights(code="Q99.X9", valid=False))
    assert "Q99.X9, NOT a valid ICD-10-CM code: check before use" in text
    unchecked = chart_markdown(a_case(), insights(valid=None))
    assert "E11.9 (not checked against ICD-10-CM)" in unchecked


def test_pdf_with_core_font_reads_back_and_replaces_what_latin1_lacks() -> None:
    document = chart_pdf(a_case("Zoë Łukasz 王"), insights(), fonts=())

    assert document.startswith(b"%PDF")
    text = squeezed(pdf_text(document))
    assert squeezed("Type 2 diabetes mellitus without complications") in text
    assert squeezed(ADVISORY) in text
    assert squeezed("E11.9, valid ICD-10-CM code") in text
    assert squeezed("HbA1c >= 6.5 % - confirm.") in text
    assert squeezed("Zoë Lukasz ?") in text  # Latin-1 kept, Ł spelled L, CJK replaced
    assert squeezed("gpt-test-mini") in text
    assert squeezed("04 Mar 2026, 09:41 UTC") in text


def test_pdf_with_a_unicode_font_keeps_the_characters() -> None:
    found = [pair for pair in UNICODE_FONTS if pair[0].is_file()]
    if not found:
        pytest.skip("no Unicode TTF font installed on this machine")
    document = chart_pdf(a_case("Zoë Łukasz"), insights(), fonts=found[:1])

    assert document.startswith(b"%PDF")
    text = squeezed(pdf_text(document))
    assert squeezed("HbA1c ≥ 6.5 % – confirm.") in text
    assert squeezed("Zoë Łukasz") in text
    assert squeezed("Type 2 diabetes mellitus without complications") in text


def test_missing_font_files_fall_back_to_the_core_font(tmp_path: Path) -> None:
    missing = ((tmp_path / "nope.ttf", tmp_path / "nope-bold.ttf"),)
    document = chart_pdf(a_case(), insights(), fonts=missing)
    assert squeezed("HbA1c >= 6.5 %") in squeezed(pdf_text(document))


def test_long_notes_flow_onto_more_pages() -> None:
    long_plan = " ".join(f"Step {n}: recheck glucose." for n in range(400))
    unbroken = "x" * 300  # a pasted identifier with no spaces must still wrap
    document = chart_pdf(a_case(), insights(assessment=long_plan + " " + unbroken), fonts=())
    reader = PdfReader(io.BytesIO(document))
    assert len(reader.pages) > 1
    assert "Step399:recheckglucose." in squeezed(pdf_text(document))


def test_fit_text_uses_stand_ins_then_question_marks() -> None:
    def latin1(char: str) -> bool:
        return ord(char) < 256

    assert fit_text("a – b ≥ c “q” …", latin1) == 'a - b >= c "q" ...'
    assert fit_text("ő ł 中\nnext", latin1) == "o l ?\nnext"
    assert fit_text("Ünïcödé", latin1) == "Ünïcödé"


def test_generated_time_and_file_name() -> None:
    assert generated_time("2026-03-04T10:41:00+01:00") == "04 Mar 2026, 09:41 UTC"
    assert generated_time("not a time") == "not a time"
    assert export_name(a_case(), "pdf") == "medcase-3f2b8c1e-soap-diagnosis.pdf"


def signed_note(version: int = 1, reason: str | None = None) -> SignedNote:
    sections = {
        "case_summary": {"decision": "accepted", "text": {"comprehensive_summary": "x"}},
        "soap_note": {
            "decision": "edited",
            "text": {
                "subjective": "Thirst.",
                "objective": "Glucose 182 mg/dL.",
                "assessment": "Type 2 diabetes mellitus.",
                "plan": "Metformin 500 mg twice daily.",
            },
            "reason": None,
        },
        "primary_diagnosis": {"decision": "rejected", "text": None, "reason": "HbA1c pending"},
    }
    return SignedNote(
        note_id="n-1",
        case_id=CASE_ID,
        version=version,
        draft_id="d-1",
        content={"sections": sections},
        content_hash="0" * 64,
        signed_by="doctor-1",
        signer_email="dr.house@clinic.test",
        signed_at=datetime(2026, 3, 5, 8, 15, tzinfo=UTC),
        amendment_reason=reason,
        verified=True,  # as a store reads a version whose hash matches
    )


def test_an_unsigned_export_says_draft_and_a_signed_one_says_who_signed() -> None:
    draft = chart_markdown(a_case(), insights())
    assert "## DRAFT: not signed" in draft
    signed = chart_markdown(a_case(), insights(), signed_note())
    assert "DRAFT" not in signed
    assert "## Signed by dr.house@clinic.test at 05 Mar 2026, 08:15 UTC (version 1)" in signed
    assert "### Plan\n\nMetformin 500 mg twice daily." in signed
    assert "Repeat HbA1c; discuss metformin." not in signed  # the AI's plan was edited
    assert "Rejected by the physician: HbA1c pending" in signed
    amended = chart_markdown(a_case(), insights(), signed_note(2, "New HbA1c result"))
    assert "## Amended and signed by dr.house@clinic.test" in amended
    assert "- **Amended because:** New HbA1c result" in amended
    pdf = squeezed(pdf_text(chart_pdf(a_case(), insights(), signed_note(), fonts=())))
    assert squeezed("Signed by dr.house@clinic.test") in pdf
    assert squeezed("Signed note, version 1") in pdf
    assert squeezed("DRAFT: not signed") in squeezed(pdf_text(chart_pdf(a_case(), insights())))


def test_a_version_whose_hash_does_not_match_is_exported_as_not_verified() -> None:
    trusted = chart_markdown(a_case(), insights(), signed_note())
    assert "Not verified" not in trusted
    doubtful = replace(signed_note(), verified=False)
    markdown = chart_markdown(a_case(), insights(), doubtful)
    assert "Signed by dr.house@clinic.test" in markdown
    assert escape(NOTE_NOT_VERIFIED) in markdown
    pdf = squeezed(pdf_text(chart_pdf(a_case(), insights(), doubtful, fonts=())))
    assert squeezed("Not verified: the stored text of this version") in pdf


def test_the_rules_engines_draft_is_not_called_ai_generated() -> None:
    written = insights()
    written.provenance.engine = "rules"
    text = chart_markdown(a_case(), written)
    assert RULES_ADVISORY in text
    assert "AI-generated" not in text


def test_user_text_is_escaped_in_markdown() -> None:
    text = chart_markdown(
        a_case("<script>alert(1)</script> **Bold** [x](http://e.vil)"), insights()
    )
    assert "<script>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt; \\*\\*Bold\\*\\* \\[x\\](http://e.vil)" in text
    assert escape("# heading\n- item") == "\\# heading\n\\- item"


def test_a_carriage_return_in_a_fhir_unit_starts_no_markup_line_in_markdown() -> None:
    """CommonMark ends a line at a lone carriage return as at a line feed. A FHIR string may
    hold one (its type allows \\r), so a unit "mmol/L\\r# Results normal, no action" reached
    the exported Markdown as a heading of its own; the escape only looked after "\\n"."""
    import json
    import re

    from core.analysis.reading.messages import FHIR, read_lab_message

    observation = {
        "resourceType": "Observation",
        "status": "final",
        "code": {"coding": [{"system": "http://loinc.org", "code": "2345-7"}], "text": "Glucose"},
        "valueQuantity": {"value": 6.1, "unit": "mmol/L\r# Results normal, no action"},
    }
    read = read_lab_message(FHIR, "f1", "Lab file 1", json.dumps(observation).encode())
    assert read.lab_values, read.warnings
    drafted = insights().model_copy(update={"lab_values": read.lab_values})
    markdown = chart_markdown(a_case(), drafted)
    assert "Results normal" in markdown
    lines = re.split(r"\r\n|\r|\n", markdown)
    assert not [line for line in lines if line.lstrip().startswith("# Results")], lines
