"""Scanned pages read offline by OCR (reading.ocr), on real scanned reports of the clinical
set: values marked "read by OCR" with a confidence, OCR in the reading child under its
limits, and OCR's text as the grounding check's source for what a vision model read."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.analysis.engines.language_model import OpenAIEngine
from core.analysis.reading.isolation import IsolatedReading, ReadingLimits
from core.analysis.reading.ocr import TextBox, lines_of, mark_read_by_ocr
from core.analysis.rules.engine import RulesEngine
from core.insights import LabDocument, LabValue, OcrLine
from tests.fake_openai import CANNED_ANSWERS, FakeOpenAI
from tests.unit.test_pipeline import Run

CASES = Path(__file__).parents[1] / "clinical" / "dev"
# A photocopied hospital CBC, identifiers blacked out (truth: its case.json).
ANAEMIA_SCAN = CASES / "scan-cbc-anaemia-neutrophilia" / "test3.pdf"
# The middle page of another hospital's CBC: six values, a short page.
PARTIAL_SCAN = CASES / "scan-cbc-partial-page" / "test2.pdf"
LAB = "Lab file 1"


def _box(text: str, left: float, top: float, height: float = 20) -> TextBox:
    return TextBox(text, 0.9, left, top, left + 10 * len(text), top + height)


def test_boxes_of_a_tilted_table_row_make_one_line_and_rows_stay_apart() -> None:
    # As OCR returns them: in no useful order, the row drifting up 10 px across the page
    # (a tilted scan), the next row 27 px below.
    boxes = [
        _box("13.0-17.0 gm/dl", 866, 547),
        _box("Total R.B.C. Count", 83, 584),
        _box("Haemoglobin", 82, 557),
        _box("gm/dl", 665, 551),
        _box("3.19 [L]", 455, 580),
        _box("9.10 [L]", 456, 554),
    ]
    lines = [" ".join(box.text for box in line) for line in lines_of(boxes)]
    assert lines == ["Haemoglobin 9.10 [L] gm/dl 13.0-17.0 gm/dl", "Total R.B.C. Count 3.19 [L]"]


def test_a_value_gets_its_own_lines_confidence_or_else_the_pages() -> None:
    lines = [
        OcrLine(page=1, text="Haemoglobin  9.10 [L]  gm/dl", confidence=0.61),
        OcrLine(page=1, text="Platelet Count  370", confidence=0.99),
        OcrLine(page=1, text="MPV  9.4", confidence=0.95),
    ]
    on_line = LabValue(analyte="Hemoglobin", value=9.1, source_page=1, source_line=lines[0].text)
    elsewhere = LabValue(analyte="MPV", value=9.4, source_page=1, source_line="MPV 9.4 fL")
    typed = LabValue(analyte="Sodium", value=140, source_page=2, source_line="Sodium 140")
    marked = mark_read_by_ocr([on_line, elsewhere, typed], lines)
    assert [(v.read_by, v.ocr_confidence) for v in marked] == [
        ("ocr", 0.61),
        ("ocr", 0.95),  # the page's median
        (None, None),  # page 2 had a text layer
    ]


def test_the_offline_engine_reads_a_scanned_report_by_ocr() -> None:
    insights = Run([("scan.pdf", "lab", ANAEMIA_SCAN.read_bytes())]).analyze(RulesEngine())

    values = {(v.analyte, v.value): v for v in insights.lab_values}
    # The case's truth (case.json): haemoglobin 9.1 g/dL, low; neutrophils 87.7 %, high.
    haemoglobin = values[("Hemoglobin", 9.1)]
    assert haemoglobin.flag == "low"
    assert values[("Neutrophils", 87.7)].flag == "high"
    assert len(values) >= 12
    for value in insights.lab_values:
        assert value.read_by == "ocr"
        assert value.ocr_confidence is not None and 0.5 <= value.ocr_confidence <= 1
        assert value.source_page == 1
    assert "Lab file 1: page 1 has no text layer and was read by OCR" in (
        insights.provenance.warnings
    )
    assert insights.primary_diagnosis.icd_code.startswith("D64")  # anaemia, as the truth


def test_ocr_runs_in_the_reading_child_under_the_default_memory_cap() -> None:
    content = PARTIAL_SCAN.read_bytes()
    # The default memory cap; time to spare for a loaded two-core machine (about 8 s of
    # processor time here, over 30 s of waiting beside other test workers).
    reading = IsolatedReading(ReadingLimits(seconds=120))
    assert reading.limits.memory_bytes == 1024 * 1024 * 1024
    document = reading.lab_document("f1", LAB, "scan.pdf", lambda: content)

    assert "PLATELET COUNT  233" in document.text
    assert document.ocr_lines and all(line.page == 1 for line in document.ocr_lines)
    assert document.warnings == [f"{LAB}: page 1 has no text layer and was read by OCR"]


def test_ocr_over_the_time_limit_is_stopped_with_its_reason() -> None:
    content = PARTIAL_SCAN.read_bytes()
    # The reading server starts at its first file: start it first, so that the limit
    # below times the reading alone.
    IsolatedReading(ReadingLimits(seconds=30)).lab_document("w", LAB, "w.txt", lambda: b"x")
    reading = IsolatedReading(ReadingLimits(seconds=1.5))
    started = time.monotonic()
    document = reading.lab_document("f1", LAB, "scan.pdf", lambda: content)

    assert time.monotonic() - started < 10
    assert document.warnings == [f"{LAB}: reading took longer than 1.5 seconds and was stopped"]
    assert document.text == ""


@pytest.fixture
def model(fake_openai: FakeOpenAI) -> Iterator[OpenAIEngine]:
    engine = OpenAIEngine(
        api_key="k", base_url=fake_openai.base_url, text_model="t", vision_model="v", max_retries=0
    )
    yield engine
    engine.close()


def test_a_number_the_vision_model_misread_off_a_scan_is_caught_by_ocr(
    model: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    # The vision model reads the monocytes as 463 (the page says 436); the answer repeats
    # it beside the platelets, which it read right.
    summary = {
        **CANNED_ANSWERS["case_summary"],
        "comprehensive_summary": "Platelets 233 x10^3/mm3; monocytes 463 cells/cumm.",
        "key_findings": [],
    }
    fake_openai.behave(
        answers={
            "scanned_lab_page": {
                "text": "PLATELET COUNT 233 10^3/mm3 150 - 410\n"
                "ABSOLUTE MONOCYTE COUNT 463 cells/cumm 200 - 1000"
            },
            "case_summary": summary,
        }
    )
    insights = Run([("scan.pdf", "lab", PARTIAL_SCAN.read_bytes())]).analyze(model)

    flagged = insights.ungrounded_numbers or {}
    assert "463" in flagged.get("case_summary", [])
    assert "233" not in flagged.get("case_summary", [])
    # The values came from the vision model's reading, not OCR's.
    assert all(value.read_by is None for value in insights.lab_values)


def test_no_ocr_page_is_started_past_the_childs_deadline() -> None:
    from core.analysis.reading import ocr
    from core.analysis.reading.extraction import extract_lab_document

    ocr.set_deadline(0.0)  # as the reading child sets it, here already spent
    try:
        document = extract_lab_document("f1", LAB, "scan.pdf", PARTIAL_SCAN.read_bytes())
    finally:
        ocr.set_deadline(None)
    assert document.warnings == [
        f"{LAB}: page 1 has no text layer (a scanned page?)",
        f"{LAB}: page 1 was not read by OCR: the reading time ran out",
    ]
    assert (document.text, document.unread_pages) == ("", 1)


def test_the_chart_document_says_a_value_was_read_by_ocr() -> None:
    from core.export.clinical import value_line

    value = LabValue(
        analyte="Hemoglobin",
        value=9.1,
        unit="g/dL",
        source_file_id="f1",
        source_page=1,
        source_line="Haemoglobin  9.10 [L]",
        read_by="ocr",
        ocr_confidence=0.903,
    )
    line = value_line(value, {"f1": "scan.pdf"})
    assert line.endswith(
        'source: scan.pdf, page 1 (read by OCR, 90% sure): "Haemoglobin  9.10 [L]"'
    )
    typed = value.model_copy(update={"read_by": None, "ocr_confidence": None})
    assert "OCR" not in value_line(typed, {"f1": "scan.pdf"})


def test_a_page_ocr_did_not_read_keeps_the_vision_models_reading_as_ground() -> None:
    from core.analysis.grounding import as_ocr_read

    page_1 = "Monocytes 463 cells/cumm"  # misread: OCR read 436
    page_2 = "Platelets 233 x10^3/uL"  # OCR ran out of time before this page
    document = LabDocument(
        file_id="f1",
        label=LAB,
        text=f"\f\n\n{page_1}\n\n{page_2}",
        paged=True,
        lab_values=[
            LabValue(analyte="Monocytes", value=463, source_page=2, source_line=page_1),
            LabValue(analyte="Platelets", value=233, source_page=2, source_line=page_2),
        ],
        ocr_lines=[OcrLine(page=1, text="ABSOLUTE MONOCYTE COUNT  436  cells/cum", confidence=1)],
        model_page_reads={1: page_1, 2: page_2},
    )
    checked = as_ocr_read(document)
    assert "463" not in checked.text and "436" in checked.text and page_2 in checked.text
    assert [value.analyte for value in checked.lab_values] == ["Platelets"]
    # Without OCR's lines, the document is the ground as it was.
    assert as_ocr_read(document.model_copy(update={"ocr_lines": []})) == document.model_copy(
        update={"ocr_lines": []}
    )


def test_with_a_vision_model_every_page_is_handed_over_before_ocr_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from core.analysis.reading import extraction
    from tests.samples import png_bytes
    from tests.unit.test_extraction import pdf_with_pages

    events: list[str] = []

    def fake_ocr(image: object, page: int) -> list[OcrLine]:
        events.append(f"ocr {page}")
        return [OcrLine(page=page, text=f"Ferritin {page}0 ng/mL", confidence=0.9)]

    monkeypatch.setattr(extraction.ocr, "read_page", fake_ocr)
    scan = pdf_with_pages(png_bytes(200, 100), "TSH 2.1 mU/L", png_bytes(200, 100))
    document = extraction.extract_lab_document(
        "f1", LAB, "scan.pdf", scan, lambda number, png: events.append(f"sent {number}")
    )
    assert events == ["sent 1", "sent 3", "ocr 1", "ocr 3"]
    assert [line.page for line in document.ocr_lines] == [1, 3]
    assert "Ferritin" not in document.text  # the vision model's reading is the text


# A lab report published as a picture, no text layer (dev case
# img-drlogy-cbc-flag-words-between-columns-png: Sakshi-Khutwad/MediBot blood_report.png).
PHOTO_REPORT = CASES / "img-drlogy-cbc-flag-words-between-columns-png" / "blood_report.png"


def test_the_offline_engine_reads_a_png_lab_report_by_ocr() -> None:
    insights = Run([("cbc.png", "lab", PHOTO_REPORT.read_bytes())]).analyze(RulesEngine())

    values = {(v.analyte, v.value): v for v in insights.lab_values}
    # The case's truth: haemoglobin 12.5 g/dL (Low), PCV 57.5 % (High), platelets 150000.
    assert values[("Hemoglobin", 12.5)].flag == "low"
    assert values[("Hematocrit", 57.5)].flag == "high"
    assert ("Platelets", 150000) in values or ("Platelets", 150) in values
    assert len(values) >= 13
    for value in insights.lab_values:
        assert value.read_by == "ocr" and value.source_page == 1
        assert value.ocr_confidence is not None and 0.5 <= value.ocr_confidence <= 1
    assert "Lab file 1: the image was read by OCR" in insights.provenance.warnings


def test_a_number_ocr_was_unsure_of_never_raises_a_critical_alarm() -> None:
    # Lines as OCR read them off the tilted photo of a paper CBC (dev case
    # scan-photo-cbc-skewed-rows-pdf): a smudged range cell came back at 0.737.
    lines = [
        OcrLine(page=1, text="RBC Count  42.5 %  83-9", confidence=0.737),
        OcrLine(page=1, text="MCHC  139 ×109/L", confidence=0.961),
    ]
    unsure = LabValue(
        analyte="Hematocrit",
        value=83,
        unit="%",
        source_page=1,
        source_line=lines[0].text,
        critical=True,
    )
    sure = LabValue(
        analyte="Platelets",
        value=1390,
        unit="10^9/L",
        source_page=1,
        source_line=lines[1].text,
        critical=True,
    )
    marked = mark_read_by_ocr([unsure, sure], lines)
    assert [(v.ocr_confidence, v.critical) for v in marked] == [(0.737, False), (0.961, True)]


# The boxes OCR found on the photographed paper CBC of dev case scan-photo-cbc-skewed-rows-pdf
# (Ishan-AI-coder/confluentia-health-agent blood_report.pdf @ 8826b0cf6a), as it returned
# them: (text, left, top, right, bottom). The paper curls, so each result sits higher than
# its name, by 2 px in the first row and 20 px (more than a row) in the last.
PHOTO_TABLE_BOXES = [
    ("Complete Blood Count (CBC)", 255, 243, 425, 266),
    ("Haemoglobin", 254, 258, 331, 279),
    ("13.9 g/dL", 481, 256, 533, 275),
    ("14 - 17", 578, 254, 618, 271),
    ("Monocytes", 253, 316, 319, 336),
    ("PCV/HCT", 254, 360, 310, 379),
    ("MCH", 254, 389, 289, 409),
    ("MCHC", 254, 404, 296, 424),
    ("White Cell Count", 254, 272, 349, 293),
    ("Neutrophils", 254, 287, 322, 307),
    ("Lymphocytes", 255, 304, 331, 321),
    ("MCV", 255, 376, 286, 394),
    ("Eosinophils", 256, 333, 320, 350),
    ("RBC Count", 256, 347, 319, 364),
    ("5.9 ×103/μl", 481, 270, 541, 289),
    ("57 %", 483, 286, 514, 301),
    ("34 %", 483, 299, 515, 314),
    ("04 %", 483, 322, 516, 339),
    ("42.5 %", 483, 344, 528, 363),
    ("86.6 fL", 483, 356, 528, 375),
    ("05 %", 484, 312, 515, 327),
    ("4.91 ×1012/1", 484, 331, 551, 351),
    ("28.3 pg", 484, 371, 531, 391),
    ("32.7 %", 485, 385, 531, 404),
    ("139 ×109/L", 488, 398, 550, 418),
    ("4-11", 578, 267, 614, 284),
    ("50 - 70", 578, 279, 622, 298),
    ("20 - 45", 581, 292, 622, 309),
    ("2 - 10", 583, 306, 618, 321),
    ("1-6", 583, 316, 616, 333),
    ("4.50 - 6.50", 584, 323, 648, 345),
    ("41- 53", 587, 336, 631, 356),
    ("83-9", 587, 348, 633, 367),
    ("27 - 32", 588, 361, 634, 382),
    ("32 - 36", 589, 376, 635, 397),
    ("150 - 400", 591, 390, 647, 410),
    ("Platelet Count", 254, 417, 337, 438),
]


def test_rows_of_a_curled_photographed_table_follow_their_drift() -> None:
    boxes = [
        TextBox(text, 0.95, left, top, right, bottom)
        for text, left, top, right, bottom in PHOTO_TABLE_BOXES
    ]
    lines = [" ".join(box.text for box in line) for line in lines_of(boxes)]
    assert lines[1:] == [
        "Haemoglobin 13.9 g/dL 14 - 17",
        "White Cell Count 5.9 ×103/μl 4-11",
        "Neutrophils 57 % 50 - 70",
        "Lymphocytes 34 % 20 - 45",
        "Monocytes 05 % 2 - 10",
        "Eosinophils 04 % 1-6",
        "RBC Count 4.91 ×1012/1 4.50 - 6.50",
        "PCV/HCT 42.5 % 41- 53",
        "MCV 86.6 fL 83-9",
        "MCH 28.3 pg 27 - 32",
        "MCHC 32.7 % 32 - 36",
        "Platelet Count 139 ×109/L 150 - 400",
    ]


# A laboratory's "DUMMY" interim report (dev case scan-partly-filled-interim-report-six-pages,
# suryamouli09/AI-Medical-Report-Analyzer Z615.pdf): its fonts map no letter to Unicode, so
# the text layer gives blanks and "Page 2 of 6", and its page 2 holds no picture at all.
INTERIM_REPORT = CASES / "scan-partly-filled-interim-report-six-pages" / "Z615.pdf"


def test_a_page_whose_text_layer_gives_no_letters_is_read_by_ocr() -> None:
    import io

    from pypdf import PdfReader, PdfWriter

    from core.analysis.labs.parse import read_lab_text
    from core.analysis.reading.extraction import extract_lab_document

    writer = PdfWriter()
    writer.add_page(PdfReader(INTERIM_REPORT).pages[1])  # the troponin page
    page = io.BytesIO()
    writer.write(page)
    document = extract_lab_document("f1", LAB, "report.pdf", page.getvalue())

    assert document.warnings == [f"{LAB}: page 1 has no text layer and was read by OCR"]
    values = {(v.analyte, v.value, v.unit) for v in read_lab_text(document.text).values}
    assert values == {("Troponin I", 4, "ng/L")}  # its risk table's numbers are no results
