"""The case page's images, lab values table and chart export."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from streamlit.testing.v1 import AppTest

from benchmarks.hostile_files import deep_png
from core.advisory import ADVISORY
from core.analysis.reading.imaging import thumbnail_png
from core.bootstrap import Clinic
from core.export.markdown import chart_markdown
from core.export.pdf import chart_pdf
from core.insights import Insights, LabelledImageAnalysis, LabValue
from core.models import AuthSession, CreatedCase, Upload
from tests.app.case_states import complete, lab_values, sample_insights, store_raw_insights
from tests.app.conftest import new_app, open_case, seed_case, shown, sign_in, sign_up, texts
from tests.doubles import case_service
from tests.samples import dicom_bytes, jpeg_bytes, pdf_bytes, png_bytes
from ui.lab_table import lab_frame

_CELL = re.compile(r"row(\d+)_col\d+")


@pytest.fixture
def doctor(app: AppTest, clinic: Clinic) -> AuthSession:
    auth = sign_up(clinic, "files.page@example.com")
    sign_in(app, "files.page@example.com")
    return auth


@pytest.fixture
def case(clinic: Clinic, doctor: AuthSession) -> CreatedCase:
    truncated = png_bytes(64, 64)[:60]  # the PNG signature survives, the picture does not
    return seed_case(
        clinic,
        doctor,
        patient_name="Mary Seacole",
        uploads=[
            Upload("cbc.pdf", pdf_bytes(), "lab"),
            Upload("knee.png", png_bytes(), "radiology"),
            Upload("wrist.jpg", jpeg_bytes(), "radiology"),
            Upload("head.dcm", dicom_bytes(), "radiology"),
            Upload("broken.png", truncated, "radiology"),
        ],
    )


def row_tints(app: AppTest) -> dict[int, str]:
    """Row number -> background colour, from the lab table's Styler CSS."""
    lab = next(df for df in app.dataframe if "Analyte" in df.value.columns)
    tints: dict[int, str] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", lab.proto.arrow_data.styler.styles):
        colour = re.search(r"background-color:\s*([^;]+)", body)
        if colour:
            for row in _CELL.findall(selectors):
                tints[int(row)] = colour.group(1).strip()
    return tints


def test_radiology_files_get_thumbnails_and_a_broken_one_a_note(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    dicom = next(f for f in case.files if f.file_name == "head.dcm")
    clinic.provider.for_session(doctor).cases.save_file_analysis(
        doctor.doctor.user_id,
        dicom.file_id,
        None,
        LabelledImageAnalysis(
            label="Radiology image 1",
            modality="CT",
            body_part="HEAD",
            impression="Not interpreted",
        ),
    )
    open_case(app, case.case.case_id)

    assert not app.exception
    images = app.get("image")
    assert [caption for image in images for caption in image.captions] == [
        r"knee\.png",
        r"wrist\.jpg",
        r"head\.dcm",
    ]
    assert all(url.endswith(".png") for image in images for url in image.value)
    assert any(
        "**broken.png**: no preview, the image is corrupt or truncated." in text
        for text in texts(app, "info")
    )
    assert "CT · HEAD · Not interpreted" in texts(app, "caption")
    downloads = {button.key: button.label for button in app.get("download_button")}
    for record in case.files:
        assert downloads[f"case_download_{record.file_id}"] == re.sub(
            r"([.\-])", r"\\\1", record.file_name
        )


def test_an_image_past_the_reading_memory_cap_has_no_preview_and_the_page_goes_on(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The preview is made in a reading process with the analyzer's cap (the smallest the
    # settings allow); decoded in the web process, as before, this image simply showed.
    monkeypatch.setenv("MEDCASE_FILE_READING_MB", "64")
    app = new_app().run()
    clinic: Clinic = app.session_state["clinic"]
    auth = sign_up(clinic, "deep.preview@example.com")
    sign_in(app, "deep.preview@example.com")
    deep = deep_png(tmp_path / "deep.png", 4000, 4000, "I;16").read_bytes()  # 32 MB decoded
    case = seed_case(
        clinic,
        auth,
        uploads=[
            Upload("knee.png", png_bytes(), "radiology"),
            Upload("deep.png", deep, "radiology"),
        ],
    )
    open_case(app, case.case.case_id)

    assert not app.exception
    assert [caption for image in app.get("image") for caption in image.captions] == [r"knee\.png"]
    assert (
        "**deep.png**: no preview, reading it needed more than 64 MB of memory and was stopped."
        in texts(app, "info")
    )


def test_a_dicom_thumbnail_is_windowed_not_blank() -> None:
    preview = Image.open(io.BytesIO(thumbnail_png("head.dcm", dicom_bytes())))
    assert preview.format == "PNG" and max(preview.size) <= 320
    low, high = preview.convert("L").getextrema()
    assert high - low > 100  # a window maps the tissue across the grey scale


def test_lab_values_table_highlights_abnormal_rows(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    lab_file = next(f for f in case.files if f.file_name == "cbc.pdf")
    complete(
        clinic,
        doctor,
        case.case.case_id,
        sample_insights(values=lab_values(source_file_id=lab_file.file_id)),
    )
    open_case(app, case.case.case_id)

    assert not app.exception
    assert "Lab values" in texts(app, "subheader")
    table = next(df.value for df in app.dataframe if "Analyte" in df.value.columns)
    assert table.to_dict("records") == [
        {
            "Analyte": "Hemoglobin",
            "Value": "9.8",
            "Unit": "g/dL",
            "Reference range": "12–16",
            "Flag": "Low",
            "Specimen": "Whole blood",
            "Timing": "",
            "Read": "",
            "File": "cbc.pdf",
            "Source line": "",
            "LOINC": "718-7",
        },
        {
            "Analyte": "WBC",
            "Value": "14.2",
            "Unit": "x10^9/L",
            "Reference range": "4–11",
            "Flag": "High",
            "Specimen": "Whole blood",
            "Timing": "",
            "Read": "",
            "File": "cbc.pdf",
            "Source line": "",
            "LOINC": "26464-8",
        },
        {
            "Analyte": "Platelets",
            "Value": "250",
            "Unit": "x10^9/L",
            "Reference range": "150–400",
            "Flag": "",
            "Specimen": "Whole blood",
            "Timing": "",
            "Read": "",
            "File": "cbc.pdf",
            "Source line": "",
            "LOINC": "26515-7",
        },
    ]
    # The rows outside their range come first (issue #26), in the file's order.
    assert row_tints(app) == {0: "rgba(28, 131, 225, 0.18)", 1: "rgba(255, 75, 75, 0.18)"}
    assert "3 value(s) read, 2 outside the reference range (tinted)." in texts(app, "caption")


def test_no_lab_values_says_so(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    complete(clinic, doctor, case.case.case_id, sample_insights(values=[]))
    open_case(app, case.case.case_id)
    assert not app.exception
    assert "No lab values were read from the lab files." in shown(app)
    assert not [df for df in app.dataframe if "Analyte" in df.value.columns]


def test_export_buttons_offer_markdown_and_pdf_of_the_stored_insights(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    complete(clinic, doctor, case_id, sample_insights())
    open_case(app, case_id)

    assert not app.exception
    buttons = {button.key: button for button in app.get("download_button")}
    assert buttons["case_export_markdown"].label == "Markdown"
    # Both are built on the click, which is when the export goes on the audit trail.
    assert buttons["case_export_markdown"].proto.deferred_file_id
    assert buttons["case_export_pdf"].label == "PDF"
    assert buttons["case_export_pdf"].proto.deferred_file_id  # the PDF is built on click

    # What the buttons hand out, from the record as stored.
    detail = case_service(doctor.doctor, clinic.provider.for_session(doctor)).get_case(case_id)
    assert detail.ai_insights is not None
    insights = Insights.model_validate(detail.ai_insights)
    markdown = chart_markdown(detail.case, insights)
    for text in (ADVISORY, "## SOAP note", "## Primary diagnosis", "D50.9", "gpt-test-mini"):
        assert text in markdown
    document = chart_pdf(detail.case, insights)
    assert document.startswith(b"%PDF")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(document)).pages)
    assert "Iron deficiency anaemia" in " ".join(text.split())

    # What a click runs: the document, and an "exported" event naming the format only.
    services = clinic.services_for(doctor)
    # The service builds them (the page's buttons call it), for the owner: the same
    # document as the stored record gives, with the case's files as the values' sources.
    assert services.chart_markdown(case_id) == chart_markdown(
        detail.case, insights, None, detail.files
    )
    assert services.chart_pdf(case_id).startswith(b"%PDF")
    exported = [e for e in services.audit_events(case_id) if e.action == "case_exported"]
    assert [e.details for e in exported] == [{"format": "pdf"}, {"format": "markdown"}]


def test_no_export_before_there_are_insights(app: AppTest, case: CreatedCase) -> None:
    open_case(app, case.case.case_id)
    assert not app.exception
    keys = {button.key for button in app.get("download_button")}
    assert not keys & {"case_export_markdown", "case_export_pdf"}


def test_lab_frame_writes_dipstick_results_as_words() -> None:
    dipstick = [
        LabValue(analyte="Nitrite", value=1.0, reference_high=0.0, flag="high"),
        LabValue(analyte="Urine protein", value=0.5, reference_high=0.0, flag="high"),
        LabValue(analyte="Urine ketones", value=0.0, reference_high=0.0),
        LabValue(analyte="Urine blood", value=2.0, reference_high=0.0, flag="high"),
        LabValue(analyte="Potassium", value=5.9, unit="mmol/L", reference_low=3.5, flag="high"),
    ]
    frame = lab_frame(dipstick, files=[])
    assert list(frame["Value"]) == ["positive", "trace", "negative", "2+", "5.9"]
    assert list(frame["Reference range"]) == ["negative"] * 4 + ["> 3.5"]
    assert list(frame["Flag"]) == ["High", "High", "", "High", "High"]
    assert list(frame["File"]) == [""] * 5


def test_lab_frame_shows_a_bound_as_written() -> None:
    bounds = [
        LabValue(analyte="CRP", value=5.0, comparator="<", unit="mg/L", reference_high=5.0),
        LabValue(analyte="eGFR", value=90.0, comparator=">", unit="mL/min/1.73m2"),
    ]
    assert list(lab_frame(bounds, files=[])["Value"]) == ["<5", ">90"]


def test_lab_table_shows_doubtful_reads_ocr_and_specimen(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    """Issue #29: a doubtful read says so and is tinted amber, never critical; a value read
    by OCR says so with its confidence; a urine value shows its specimen and urine code."""
    values = [
        LabValue(
            analyte="Hemoglobin",
            value=142,
            unit="g/dL",
            reference_low=12,
            reference_high=17.5,
            flag="high",
            doubtful=True,
            source_line="Hemoglobin 142 g/dL",
        ),
        LabValue(
            analyte="Sodium",
            value=12,
            unit="mmol/L",
            specimen="urine",
            source_line="urine osmolality 885, urine sodium 12",
        ),
        LabValue(
            analyte="WBC",
            value=14.2,
            unit="x10^9/L",
            reference_low=4,
            reference_high=11,
            flag="high",
            read_by="ocr",
            ocr_confidence=0.85,
        ),
    ]
    complete(clinic, doctor, case.case.case_id, sample_insights(values=values))
    open_case(app, case.case.case_id)

    assert not app.exception
    table = next(df.value for df in app.dataframe if "Analyte" in df.value.columns)
    rows = table.set_index("Analyte")
    assert rows.loc["Hemoglobin", "Read"] == "Doubtful read, check the source"
    assert rows.loc["Hemoglobin", "Flag"] == "High"  # never "Critical high"
    assert (rows.loc["Sodium", "Specimen"], rows.loc["Sodium", "LOINC"]) == ("Urine", "2955-3")
    assert rows.loc["WBC", "Read"] == "Read by OCR, 85% sure"
    assert row_tints(app)[0] == "rgba(255, 189, 69, 0.30)"
    assert any("1 doubtful read(s)" in text for text in texts(app, "caption"))


def test_an_insights_record_stored_before_the_new_fields_still_renders(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    """Records stored before issue #29 have no ``doubtful``, ``read_by_ocr`` or
    ``ocr_confidence`` on their lab values: the table renders them blank."""
    record = sample_insights(values=lab_values()).model_dump(mode="json")
    for value in record["lab_values"]:
        for new_field in ("doubtful", "read_by", "ocr_confidence"):
            del value[new_field]
    store_raw_insights(clinic, doctor, case.case.case_id, record)
    open_case(app, case.case.case_id)

    assert not app.exception
    table = next(df.value for df in app.dataframe if "Analyte" in df.value.columns)
    # Out of range first (issue #26), each group in the file's order.
    assert list(table["Analyte"]) == ["Hemoglobin", "WBC", "Platelets"]
    assert list(table["Read"]) == ["", "", ""]
