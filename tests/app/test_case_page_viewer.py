"""The case page's document viewer (issue #26): a lab PDF, a picture, a DICOM, a text lab
file, shown on the page only once the doctor turns the viewer on; a corrupt file is said
so and the page goes on; each view is an audit event; another doctor sees none of it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from streamlit.testing.v1 import AppTest

from benchmarks import hostile_files
from core.bootstrap import Clinic
from core.models import AuthSession, CreatedCase, Upload
from tests.app.conftest import new_app, open_case, seed_case, sign_in, sign_up, texts
from tests.samples import dicom_bytes, pdf_bytes, png_bytes
from ui import document_viewer

LAB_TEXT = "MSH|^~\\&|LAB|CLINIC|||202611250800||ORU^R01|1|P|2.5\rOBX|1|NM|HGB||13.2|g/dL\r"


@pytest.fixture
def doctor(app: AppTest, clinic: Clinic) -> AuthSession:
    auth = sign_up(clinic, "viewer.page@example.com")
    sign_in(app, "viewer.page@example.com")
    return auth


FILES = {
    "cbc.pdf": Upload("cbc.pdf", pdf_bytes(), "lab"),
    "knee.png": Upload("knee.png", png_bytes(), "radiology"),
    "head.dcm": Upload("head.dcm", dicom_bytes(), "radiology"),
    "panel.hl7": Upload("panel.hl7", LAB_TEXT.encode(), "lab"),
    # The PNG passes the upload check (its signature and header are right) and cannot be
    # drawn; the PDF is refused at upload since round fourteen, so it is stored as a file
    # kept from before (``stored_before``).
    "broken.pdf": Upload("broken.pdf", b"%PDF-1.7\nthis is not a PDF body at all\n", "lab"),
    "broken.png": Upload("broken.png", png_bytes(64, 64)[:60], "radiology"),
}
REFUSED_AT_UPLOAD = ("broken.pdf",)


def stored_before(
    clinic: Clinic, doctor: AuthSession, names: tuple[str, ...], stored: dict[str, bytes]
) -> CreatedCase:
    """A case whose files ``stored`` names hold those bytes: a good PDF uploaded under
    that name, its bytes then replaced in storage (a file kept from before a check)."""
    uploads = [
        Upload(name, pdf_bytes(), "lab") if name in stored else FILES[name] for name in names
    ]
    created = seed_case(clinic, doctor, patient_name="Mary Seacole", uploads=uploads)
    blobs = clinic.provider.for_session(doctor).blobs
    for record in created.files:
        if record.file_name in stored:
            blobs.put(record.file_url, stored[record.file_name], "application/pdf")
    return created


@pytest.fixture
def case(request: pytest.FixtureRequest, clinic: Clinic, doctor: AuthSession) -> CreatedCase:
    """A case with the files the test names (``@pytest.mark.parametrize`` indirect)."""
    document_viewer.viewed.clear()
    names = getattr(request, "param", ("cbc.pdf",))
    refused = {name: FILES[name].content for name in names if name in REFUSED_AT_UPLOAD}
    return stored_before(clinic, doctor, names, refused)  # type: ignore[arg-type]


def with_files(*names: str) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("case", [names], indirect=True, ids=["files"])


def file_id(case: CreatedCase, name: str) -> str:
    return next(f.file_id for f in case.files if f.file_name == name)


def views(clinic: Clinic, who: AuthSession, case_id: str) -> list[str]:
    """The files viewed, oldest first, from the case's audit trail."""
    events = clinic.provider.for_session(who).audit.events(who.doctor.user_id, case_id)
    return [e.details["file_id"] for e in reversed(events) if e.action == "file_viewed"]


def pdf_viewers(app: AppTest) -> list[dict[str, str]]:
    """The st.pdf elements on the page: the component's arguments (the file's address)."""
    return [
        json.loads(element.proto.json)
        for element in app.get("bidi_component")
        if element.proto.component_name == "streamlit-pdf.pdf_viewer"
    ]


def image_texts(app: AppTest) -> str:
    """What the page's pictures say to a screen reader (their alt texts), in one string."""
    return "\n".join(str(image.proto) for image in app.get("image"))


def choose(app: AppTest, case: CreatedCase, name: str) -> AppTest:
    return app.selectbox(key=document_viewer.FILE_KEY).set_value(file_id(case, name)).run()


@with_files("cbc.pdf", "panel.hl7")
def test_nothing_is_read_until_the_viewer_is_on_then_the_pdf_is_shown_once_recorded(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    open_case(app, case_id)

    assert not app.exception
    assert app.toggle(key=document_viewer.OPEN_KEY).value is False
    assert not pdf_viewers(app)
    assert document_viewer.FILE_KEY not in [box.key for box in app.get("selectbox")]
    assert views(clinic, doctor, case_id) == []

    app.toggle(key=document_viewer.OPEN_KEY).set_value(True).run()
    assert not app.exception
    picker = app.selectbox(key=document_viewer.FILE_KEY)
    assert picker.options == [f.file_name for f in case.files]
    assert picker.value == file_id(case, "cbc.pdf")
    (shown,) = pdf_viewers(app)
    assert shown["file"].endswith(".pdf") and int(shown["height"]) == document_viewer.PDF_HEIGHT
    app.run()  # a rerun shows the same bytes again: no second event
    assert len(pdf_viewers(app)) == 1
    assert views(clinic, doctor, case_id) == [file_id(case, "cbc.pdf")]


@with_files("cbc.pdf", "knee.png", "head.dcm", "panel.hl7")
def test_a_png_as_uploaded_a_dicom_as_the_reading_draws_it_and_a_text_lab_file(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    open_case(app, case_id)
    app.toggle(key=document_viewer.OPEN_KEY).set_value(True).run()

    choose(app, case, "knee.png")
    assert not app.exception and not pdf_viewers(app)
    assert "knee.png, as uploaded" in image_texts(app)

    choose(app, case, "head.dcm")
    assert not app.exception
    assert "head.dcm, windowed for display" in image_texts(app)

    choose(app, case, "panel.hl7")
    assert not app.exception
    assert [code.value for code in app.code] == [LAB_TEXT]
    assert views(clinic, doctor, case_id) == [
        file_id(case, name) for name in ("cbc.pdf", "knee.png", "head.dcm", "panel.hl7")
    ]  # the first document is shown as the viewer opens


def test_a_dicom_picture_is_the_readings_png(clinic: Clinic, doctor: AuthSession) -> None:
    # What the viewer draws for a DICOM: the clinic's reading's PNG, not the file's bytes.
    created = seed_case(clinic, doctor, uploads=[Upload("head.dcm", dicom_bytes(), "radiology")])
    services = clinic.services_for(doctor)
    (record,) = created.files
    png = services.view_picture(created.case.case_id, record.file_id)
    assert Image.open(io.BytesIO(png)).format == "PNG"


@with_files("cbc.pdf", "broken.pdf", "broken.png")
def test_a_corrupt_pdf_or_picture_is_said_so_and_the_page_goes_on(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    open_case(app, case_id)
    app.toggle(key=document_viewer.OPEN_KEY).set_value(True).run()

    choose(app, case, "broken.pdf")
    assert not app.exception and not pdf_viewers(app)
    assert any(
        "broken.pdf** cannot be shown: its structure does not open (damaged or cut off)" in text
        for text in texts(app, "error")
    )
    choose(app, case, "broken.png")
    assert not app.exception
    assert any(
        "broken.png** cannot be shown: the image is corrupt or truncated" in text
        for text in texts(app, "error")
    )
    # The page still works: another document opens, the files table is there.
    choose(app, case, "cbc.pdf")
    assert not app.exception and len(pdf_viewers(app)) == 1
    assert not texts(app, "error")
    assert app.get("download_button")


def test_another_doctor_cannot_view_the_cases_files(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    open_case(app, case_id)
    app.toggle(key=document_viewer.OPEN_KEY).set_value(True).run()
    assert len(pdf_viewers(app)) == 1  # the owner's view, now kept for five minutes

    other = sign_up(clinic, "other.viewer@example.com")
    stranger = new_app().run()
    sign_in(stranger, "other.viewer@example.com")
    open_case(stranger, case_id)
    assert not stranger.exception
    assert not stranger.get("toggle") or all(
        t.key != document_viewer.OPEN_KEY for t in stranger.get("toggle")
    )
    assert not pdf_viewers(stranger)
    # Nor through the service, whose check the viewer relies on.
    services = clinic.services_for(other)
    with pytest.raises(Exception, match="not found"):
        services.view_file(case_id, file_id(case, "cbc.pdf"))
    assert views(clinic, other, case_id) == []
    assert views(clinic, doctor, case_id) == [file_id(case, "cbc.pdf")]


def test_a_pdf_is_opened_for_the_viewer_in_a_reading_child_never_in_the_web_process(
    app: AppTest,
    clinic: Clinic,
    doctor: AuthSession,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A 2 KB PDF whose page tree lists one node 100 times at each of three levels: a
    # million pages to walk. Opened in the web process it cost a second and 60 MB a view
    # (a 49 MB PDF of 1.2 million objects: 9 s and 450 MB), and any parse there is the
    # server's to lose: the reading child's time and memory limits apply to it instead.
    # Both are refused at upload now; a case may hold them from before.
    tree = hostile_files.pdf_page_tree_bomb(tmp_path / "tree.pdf", fan=100, levels=3)
    document_viewer.viewed.clear()
    stored = {"tree.pdf": tree.read_bytes(), "broken.pdf": FILES["broken.pdf"].content}
    case = stored_before(clinic, doctor, ("cbc.pdf", "tree.pdf", "broken.pdf"), stored)
    opened_here: list[object] = []
    original = pypdf.PdfReader.__init__

    def recorded(self: pypdf.PdfReader, *args: object, **kwargs: object) -> None:
        opened_here.append(args[0] if args else None)
        original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pypdf.PdfReader, "__init__", recorded)
    open_case(app, case.case.case_id)
    app.toggle(key=document_viewer.OPEN_KEY).set_value(True).run()
    assert not app.exception and len(pdf_viewers(app)) == 1  # cbc.pdf, checked in a child
    for name in ("tree.pdf", "broken.pdf"):
        choose(app, case, name)
        assert not app.exception and not pdf_viewers(app)
        assert any(
            f"{name}** cannot be shown: its structure does not open (damaged or cut off)" in text
            for text in texts(app, "error")
        ), name
    choose(app, case, "cbc.pdf")
    assert not app.exception and len(pdf_viewers(app)) == 1
    assert opened_here == []
