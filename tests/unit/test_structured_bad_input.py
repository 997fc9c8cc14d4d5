"""Bad structured input named by its segment or element (issue #28, "Bad input"): each
message below breaks one rule of HL7 v2 or FHIR, and the error or note says where."""

from __future__ import annotations

import json

import pytest

from core.analysis.reading.messages_common import MAX_MESSAGE_BYTES, MAX_SEGMENTS, MessageError
from core.analysis.reading.messages_fhir import read_fhir
from core.analysis.reading.messages_hl7 import read_hl7

MSH = "MSH|^~\\&|LAB|HOSP|MEDCASE|CLINIC|202611250830||ORU^R01|MSG1|P|2.5.1"
OBR = "OBR|1|||24323-8^CMP^LN|||202611250700"


def message(*segments: str) -> bytes:
    return "\r".join((MSH, *segments)).encode()


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b"MSH|^~", "MSH: the segment is too short to hold its delimiters"),
        (
            message(OBR, "OBX|1|NM|2823-3^K^LN||4.1|mmol/L|||||F")
            + b"\rMSH#^~\\&#LAB#HOSP#MEDCASE#CLINIC#2026##ORU^R01#2#P#2.5.1",
            "message 2: MSH has another field separator",
        ),
        (
            b"MSH|^~\\&|A|B|C|D|2026||ORU^R01|1|P|2.5\n" * (MAX_SEGMENTS + 1),
            f"more than {MAX_SEGMENTS:,} segments",
        ),
        (b"MSH|^~\\&|" + b"x" * MAX_MESSAGE_BYTES, "larger than 8 MB"),
    ],
    ids=["msh-too-short", "second-separator", "too-many-segments", "too-large"],
)
def test_a_file_that_is_no_readable_message_is_refused_naming_where(
    content: bytes, error: str
) -> None:
    with pytest.raises(MessageError, match=error):
        read_hl7(content)


@pytest.mark.parametrize(
    ("obx", "note"),
    [
        ("OBX|1|NM|2823-3^K^LN||4,1|mmol/L|||||F", "OBX 1 OBX-5 (NM): '4,1' is not a number"),
        ("OBX|1|SN|2823-3^K^LN||^1^:^2|mmol/L|||||F", "OBX-5 (SN) is a ratio or range"),
        ("OBX|1|SN|2823-3^K^LN||<>^5|mmol/L|||||F", "the comparator '<>' is not one of"),
        ("OBX|1|NM|2823-3^K^LN||4.1|mmol/L|||||Q", "OBX-11 result status 'Q' is not known"),
        ("OBX|1|NM|2823-3^K^LN||NaN|mmol/L|||||F", "'NaN' is not a number"),
        ("OBX|1|NM|2823-3^K^LN||" + "9" * 400 + "|mmol/L|||||F", "not a finite number"),
    ],
    ids=["decimal-comma", "sn-ratio", "bad-comparator", "unknown-status", "nan", "400-digits"],
)
def test_an_obx_that_breaks_a_rule_is_a_note_naming_it_and_no_value(obx: str, note: str) -> None:
    reading = read_hl7(message(OBR, obx, "OBX|2|NM|2951-2^Sodium^LN||140|mmol/L|||||F"))
    assert [r.analyte for r in reading.results] == ["Sodium"]  # the other result is kept
    [written] = reading.notes
    assert written.startswith("the message, OBX 1") and note in written


def test_a_bundle_whose_report_points_outside_the_file_says_so() -> None:
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {
                "resource": {
                    "resourceType": "DiagnosticReport",
                    "id": "r",
                    "status": "final",
                    "code": {"text": "CBC"},
                    "result": [{"reference": "Observation/elsewhere"}],
                }
            }
        ],
    }
    reading = read_fhir(json.dumps(bundle).encode())
    assert reading.results == []
    assert reading.notes == [
        "DiagnosticReport/r.result: 'Observation/elsewhere' is not in the file"
    ]


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b"[1, 2]", "not a FHIR resource"),
        (b'{"resourceType": ', "the file is not JSON"),
        (b"\xff\xfe{", "the file is not JSON"),
    ],
    ids=["array", "truncated", "not-utf8"],
)
def test_json_that_is_no_fhir_resource_is_refused(content: bytes, error: str) -> None:
    with pytest.raises(MessageError, match=error):
        read_fhir(content)


def test_a_latin_1_message_saved_with_a_utf_8_byte_order_mark_is_read() -> None:
    # Round fourteen: the upload check takes a message after a byte-order mark; the reader
    # decoded a Latin-1 body (HL7 v2's default) as "ï»¿MSH" and said it did not start
    # with MSH, so the message was refused at upload for a reason it does not have.
    body = message("PID|1||4711||Müller^Jörg", OBR, "OBX|1|NM|2823-3^K^LN||4.1|mmol/L|||||F")
    reading = read_hl7(b"\xef\xbb\xbf" + body.decode().encode("latin-1"))
    assert [(r.value, r.unit) for r in reading.results] == [(4.1, "mmol/L")]


@pytest.mark.parametrize(
    "written",
    ["1e308", "-1E+3", "1_000", "\u0664.\u0661", "\uff14.1"],
    ids=["exponent", "signed-exponent", "underscore", "arabic-indic-digits", "fullwidth-digit"],
)
def test_an_nm_value_is_read_only_as_hl7_writes_a_number(written: str) -> None:
    """HL7 v2's NM is "an optional leading sign (+ or -), the digits and an optional decimal
    point", in ASCII. Python's float() reads far more ("1e308", "1_000", Arabic-Indic or
    full-width digits), so a hostile OBX could hand the case page a value of 10^308 that
    no grammar of the message allows; each is a note naming the OBX, and no value."""
    obx = f"OBX|1|NM|2823-3^K^LN||{written}|mmol/L|3.5-5.1||||F"
    reading = read_hl7(message(OBR, obx, "OBX|2|NM|2951-2^Sodium^LN||+140.|mmol/L|||||F"))
    assert [(r.analyte, r.value) for r in reading.results] == [("Sodium", 140.0)]
    [written_note] = reading.notes
    assert "OBX 1 OBX-5 (NM)" in written_note and "is not a number" in written_note


def test_an_sn_value_is_read_only_as_hl7_writes_a_number() -> None:
    obx = "OBX|1|SN|2823-3^K^LN||>^1e308|mmol/L|||||F"
    reading = read_hl7(message(OBR, obx))
    assert reading.results == []
    [written_note] = reading.notes
    assert "OBX-5 (SN)" in written_note and "is not a number" in written_note


@pytest.mark.parametrize("stamp", ["20241399", "202402300700", "202405012561", "00000000"])
def test_a_collection_time_that_is_no_calendar_date_is_not_shown_as_one(stamp: str) -> None:
    """OBR-7 "20241399" was shown as "collected 2024-13-99" on the case page and in the
    exports: the digits were cut into a date without asking whether it is one. A time that
    is no date and hour of the calendar is not read; the value stays, without a time."""
    obr = f"OBR|1|||24323-8^CMP^LN|||{stamp}"
    reading = read_hl7(message(obr, "OBX|1|NM|2951-2^Sodium^LN||140|mmol/L|||||F"))
    [sodium] = reading.results
    assert sodium.value == 140.0 and sodium.collected is None


def test_a_fhir_time_in_the_first_years_is_written_with_four_digits() -> None:
    """A FHIR dateTime of year 0001 was shown as "collected 1-01-01 00:00"."""
    observation = {
        "resourceType": "Observation",
        "status": "final",
        "code": {"coding": [{"system": "http://loinc.org", "code": "2951-2"}], "text": "Sodium"},
        "effectiveDateTime": "0001-01-01T00:00:00Z",
        "valueQuantity": {"value": 140, "unit": "mmol/L"},
    }
    [sodium] = read_fhir(json.dumps(observation).encode()).results
    assert sodium.collected == "0001-01-01 00:00"


def test_an_hl7_time_in_the_first_years_is_written_with_four_digits() -> None:
    reading = read_hl7(
        message("OBR|1|||24323-8^CMP^LN|||000101010000", "OBX|1|NM|2951-2^Na^LN||140|mmol/L|||||F")
    )
    assert [r.collected for r in reading.results] == ["0001-01-01 00:00"]


def _glucose(value: str, high: str = "5.5") -> bytes:
    """A FHIR Observation of glucose in mmol/L; the numbers are put in as written."""
    observation = {
        "resourceType": "Observation",
        "status": "final",
        "code": {"coding": [{"system": "http://loinc.org", "code": "2345-7"}], "text": "Glucose"},
        "valueQuantity": {"value": 0, "unit": "mmol/L"},
        "referenceRange": [{"low": {"value": 3.9}, "high": {"value": 0}}],
    }
    text = json.dumps(observation)
    text = text.replace('"value": 0, "unit"', f'"value": {value}, "unit"')
    return text.replace('"high": {"value": 0}', f'"high": {{"value": {high}}}').encode()


def test_a_result_beyond_any_measurement_is_not_read() -> None:
    """FHIR's decimal allows an exponent, so "1e308" is a valid value; a glucose of 10^308
    mmol/L became infinity on the trend axis (mg/dL, x 18: core.analysis.history.point_of),
    which the trends and the delta checks then compute with. HL7's NM reaches it with 309
    digits. No laboratory measures 10^15 of anything in the units MedCase reads."""
    reading = read_fhir(_glucose("1e308"))
    assert reading.results == []
    assert any("beyond any measurement" in note for note in reading.notes), reading.notes
    hl7 = read_hl7(message(OBR, "OBX|1|NM|2345-7^Glucose^LN||1" + "0" * 308 + "|mmol/L|||||F"))
    assert hl7.results == [] and "beyond any measurement" in hl7.notes[0]


def test_a_reference_range_beyond_any_measurement_is_not_read() -> None:
    [glucose] = read_fhir(_glucose("6.1", high="1e308")).results
    assert (glucose.value, glucose.low, glucose.high) == (6.1, None, None)


def test_a_fhir_json_that_repeats_a_key_is_refused_naming_it() -> None:
    """HL7's own example Observation (tests/structured/fhir_f001_glucose.json) with its
    valueQuantity's "value" written twice: Python keeps the last, other parsers the first,
    so the file would show one glucose here and another elsewhere. Refused, naming the key;
    before, 63 mmol/l was read and 6.3 silently dropped (left16)."""
    from pathlib import Path

    from core.analysis.reading.messages import FHIR, read_lab_message

    real = (
        Path(__file__).resolve().parents[1] / "structured" / "fhir_f001_glucose.json"
    ).read_text()
    assert real.count('"value": 6.3,') == 1
    twice = real.replace('"value": 6.3,', '"value": 6.3,\n    "value": 63,')
    with pytest.raises(MessageError, match="the file repeats the key 'value' in one object"):
        read_fhir(twice.encode())
    document = read_lab_message(FHIR, "f1", "File 1", twice.encode())
    assert document.lab_values == []
    assert document.warnings == [
        "File 1: the FHIR message could not be read: the file repeats the key 'value' in one object"
    ]
    # the same key in two objects is no repetition
    assert [r.value for r in read_fhir(real.encode()).results] == [6.3]


def test_a_repeated_resource_type_in_a_bundle_entry_is_refused() -> None:
    bundle = (
        '{"resourceType": "Bundle", "type": "collection", "entry": [{"resource": '
        '{"resourceType": "Observation", "resourceType": "Patient", "status": "final", '
        '"code": {"text": "Sodium"}, "valueQuantity": {"value": 140, "unit": "mmol/L"}}}]}'
    )
    with pytest.raises(MessageError, match="repeats the key 'resourceType'"):
        read_fhir(bundle.encode())
