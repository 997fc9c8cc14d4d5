"""FHIR R4 lab results in XML read into the same lab table as their JSON form, and hostile
XML refused before it costs anything (issue #28).

The examples are the FHIR specification's Observation "f001" (glucose) and DiagnosticReport
"ghp" in both forms (tests/structured, provenance in its README); expected values were
copied by hand from the files.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from core.analysis.reading.extraction import extract_lab_document
from core.analysis.reading.messages_common import MAX_BUNDLE_ENTRIES, MessageError
from core.analysis.reading.messages_fhir import read_fhir
from core.files import check_upload, content_matches
from core.insights import LabDocument

STRUCTURED = Path(__file__).resolve().parents[1] / "structured"


def _table(name: str) -> LabDocument:
    content = (STRUCTURED / name).read_bytes()
    return extract_lab_document("f1", "Lab file 1", name, content)


def _rows(document: LabDocument) -> list[dict[str, object]]:
    return [value.model_dump() for value in document.lab_values]


@pytest.mark.parametrize("example", ["fhir_f001_glucose", "fhir_ghp_cbc_bundle"])
def test_the_json_and_xml_forms_of_a_specification_example_give_the_same_lab_table(
    example: str,
) -> None:
    as_json, as_xml = _table(f"{example}.json"), _table(f"{example}.xml")
    assert as_json.structured and as_xml.structured
    assert _rows(as_xml) == _rows(as_json) and _rows(as_json)
    assert as_xml.message_patients == as_json.message_patients
    assert as_xml.warnings == as_json.warnings
    assert as_xml.text == as_json.text


def test_the_glucose_example_in_xml_is_read_as_it_says() -> None:
    [glucose] = _table("fhir_f001_glucose.xml").lab_values
    # valueQuantity 6.3 mmol/l (UCUM mmol/L), referenceRange 3.1-6.2, interpretation A,
    # effectivePeriod.start 2013-04-02T09:30:10+01:00, status final, LOINC 15074-8.
    assert (glucose.analyte, glucose.value, glucose.unit) == ("Glucose", 6.3, "mmol/L")
    assert (glucose.reference_low, glucose.reference_high) == (3.1, 6.2)
    assert (glucose.flag, glucose.sender_flag, glucose.result_status) == ("high", "A", "final")
    assert glucose.timing == "collected 2013-04-02 09:30"
    assert glucose.source_line == "Observation/f001: Glucose [Moles/volume] in Blood: 6.3 mmol/L"


def test_the_report_in_xml_keeps_its_patient_for_the_check_and_out_of_the_text() -> None:
    document = _table("fhir_ghp_cbc_bundle.xml")
    [patient] = document.message_patients
    assert (patient.family, patient.given, patient.birth_date) == (
        "Chalmers",
        "Peter James",
        "1974-12-25",
    )
    assert "Chalmers" not in document.text
    hematocrit = next(v for v in document.lab_values if v.analyte == "Hematocrit")
    assert (hematocrit.value, hematocrit.unit, hematocrit.sender_flag) == (55, "%", "H")


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<Observation xmlns="http://hl7.org/fhir"><id value="x"/><status value="final"/>
<code><text value="&lol9;"/></code></Observation>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE Observation [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<Observation xmlns="http://hl7.org/fhir"><id value="x"/><status value="final"/>
<code><text value="&secret;"/></code></Observation>"""


def _never_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("the XML was parsed")

    monkeypatch.setattr("core.analysis.reading.messages_fhir_xml.etree.fromstring", refuse)


@pytest.mark.parametrize("content", [BILLION_LAUGHS, EXTERNAL_ENTITY], ids=["laughs", "xxe"])
def test_entities_are_refused_before_the_xml_is_parsed(
    content: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    _never_parsed(monkeypatch)
    with pytest.raises(MessageError, match="declares a DOCTYPE or entities"):
        read_fhir(content)


@pytest.mark.parametrize("content", [BILLION_LAUGHS, EXTERNAL_ENTITY], ids=["laughs", "xxe"])
def test_entities_hidden_in_utf16_are_refused_at_once_and_nothing_is_read(content: bytes) -> None:
    # The bytes check sees no "<!DOCTYPE" in UTF-16; the parser loads no DTD, resolves no
    # entity and fetches nothing, and the file is refused in no time.
    declaration = '<?xml version="1.0" encoding="UTF-16"?>'
    body = content.replace(b'<?xml version="1.0"?>', b"").decode()
    started = time.perf_counter()
    with pytest.raises(MessageError) as refused:
        read_fhir((declaration + body).encode("utf-16"))
    assert time.perf_counter() - started < 1.0
    assert "root:" not in str(refused.value) and "lol" not in str(refused.value)


def test_a_bundle_of_100000_entries_in_xml_is_refused_before_it_is_parsed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entry = b"<entry><resource/></entry>"
    content = (
        b'<Bundle xmlns="http://hl7.org/fhir"><type value="collection"/>'
        + entry * 100_000
        + b"</Bundle>"
    )
    _never_parsed(monkeypatch)
    with pytest.raises(MessageError, match=f"more than {MAX_BUNDLE_ENTRIES:,} resources"):
        read_fhir(content)


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b'<Patient xmlns="http://hl7.org/fhir"><id value="p"/></Patient>',
         "resourceType 'Patient' is not a lab result"),
        (b'<Observation xmlns="http://example.org"><id value="x"/></Observation>',
         "not in the FHIR namespace"),
        (b'<Observation xmlns="http://hl7.org/fhir"><id value="x"/>\n<status value="final">',
         r"not well-formed XML \(line 2\)"),
        (b'<Observation xmlns="http://hl7.org/fhir"><id value="k"/><status value="final"/>'
         b'<code><text value="K"/></code><valueQuantity><value value="six"/></valueQuantity>'
         b"</Observation>", r"Observation\.value: .*Decimal"),
    ],
    ids=["other-type", "other-namespace", "not-well-formed", "invalid-element"],
)  # fmt: skip
def test_bad_fhir_xml_is_refused_naming_the_element(content: bytes, error: str) -> None:
    with pytest.raises(MessageError, match=error):
        read_fhir(content)


def test_an_xml_lab_upload_is_a_fhir_xml_resource() -> None:
    content = (STRUCTURED / "fhir_ghp_cbc_bundle.xml").read_bytes()
    assert check_upload("cbc.xml", content, "lab", 10_000_000).mime_type == "application/fhir+xml"
    assert not content_matches("xml", b"<html><body>not FHIR</body></html>")
    assert not content_matches("xml", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)
