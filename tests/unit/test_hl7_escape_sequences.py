"""HL7 v2 escape sequences decoded with the message's own delimiters (issue #28).

The messages are shaped like laboratory feeds (HL7 v2.5.1 ORU^R01 as US public-health
and hospital interfaces send them): units such as 10^9/L must be written ``10\\S\\9/L``
because ``^`` is the component separator; result comments use ``\\.br\\`` for line breaks and
``\\H\\``/``\\N\\`` to highlight; hex data for characters outside the message's set. Every
expected value below was worked out by hand from the chapter 2 rules, not from the reader.
"""

from __future__ import annotations

import logging

import pytest

from core.analysis.reading.extraction import extract_lab_document
from core.analysis.reading.hl7_escapes import Delimiters, unescape
from core.analysis.reading.messages_hl7 import read_hl7

MSH = "MSH|^~\\&|LIS|MERCY LAB|MEDCASE|CLINIC|202611250830||ORU^R01^ORU_R01|M1|P|2.5.1"
PID = "PID|1||4452^^^MERCY^MR||O\\S\\Neil^Ann||19580704|F"
OBR = "OBR|1|ORD1|FIL1|58410-2^CBC panel^LN|||202611250715|||||||||||||||202611250800|||F"


def message(*segments: str, header: str = MSH) -> bytes:
    return "\r".join((header, *segments)).encode()


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("10\\S\\9/L", "10^9/L"),
        ("a\\F\\b", "a|b"),
        ("a\\T\\b", "a&b"),
        ("a\\R\\b", "a~b"),
        ("C:\\E\\temp", "C:\\temp"),
        ("\\H\\CRITICAL\\N\\ result", "CRITICAL result"),
        ("line one\\.br\\line two", "line one\nline two"),
        ("a\\.sp2\\b", "a\n\nb"),
        ("a\\.sk3\\b", "a   b"),
        ("\\.in+4\\indented\\.fi\\", "indented"),
        ("Caf\\XC3A9\\", "Café"),  # UTF-8 bytes
        ("Caf\\XE9\\", "Café"),  # ISO 8859-1, HL7's default set
        ("x\\X0D\\y", "xy"),  # a control character carries no text
        ("\\Zlocal\\kept", "kept"),
        ("\\C2842\\text", "text"),
        ("unknown \\Q\\ here", "unknown  here"),
        ("trailing \\ escape", "trailing \\ escape"),  # not a sequence: kept as written
    ],
)
def test_each_escape_sequence_means_what_chapter_2_says(written: str, meant: str) -> None:
    assert unescape(written, Delimiters()) == meant


def test_units_ranges_and_flags_are_decoded_before_they_are_read() -> None:
    reading = read_hl7(
        message(
            PID,
            OBR,
            "OBX|1|NM|6690-2^WBC^LN||13.2|10\\S\\9/L|\\H\\4.0-11.0\\N\\|H|||F",
            "OBX|2|NM|777-3^Platelets^LN||250|10\\S\\9/L|150-400|N|||F",
        )
    )
    wbc, platelets = reading.results
    assert (wbc.analyte, wbc.value, wbc.unit) == ("WBC", 13.2, "10^9/L")
    assert (wbc.low, wbc.high, wbc.sender_flag) == (4.0, 11.0, "H")
    assert platelets.unit == "10^9/L"
    # The source is the segment as it means, on one line.
    assert wbc.source == "the message, OBX 1: OBX|1|NM|6690-2^WBC^LN||13.2|10^9/L|4.0-11.0|H|||F"


def test_text_results_and_notes_reach_the_text_decoded() -> None:
    reading = read_hl7(
        message(
            PID,
            OBR,
            "OBX|1|NM|718-7^Hemoglobin^LN||9.1|g/dL|12.0-16.0|L|||F",
            "NTE|1|L|Specimen \\H\\haemolysed\\N\\.\\.br\\Repeat advised \\T\\ "
            "discussed with Dr\\F\\ward",
            "OBX|2|TX|18314-6^Morphology^LN||Anisocytosis \\S\\1+\\S\\~Target cells seen||||||F",
        )
    )
    [haemoglobin] = reading.results
    assert haemoglobin.value == 9.1
    assert "Specimen haemolysed.\nRepeat advised & discussed with Dr|ward" in reading.text
    assert "Anisocytosis ^1+^~Target cells seen" in reading.text
    assert "\\H\\" not in reading.text and "\\.br\\" not in reading.text
    assert "Neil" not in reading.text  # the PID stays out, escaped or not


def test_the_messages_own_delimiters_decide_what_each_sequence_means() -> None:
    # MSH-1 "!" and MSH-2 "$*%@": component $, repetition *, escape %, subcomponent @.
    header = "MSH!$*%@!LIS!LAB!MEDCASE!CLINIC!202611250830!!ORU$R01!M2!P!2.5.1"
    reading = read_hl7(
        message(
            "OBR!1!!!58410-2$CBC$LN!!!202611250715",
            "OBX!1!NM!6690-2$WBC$LN!!7.5!10%S%9/L!4.0-11.0!N!!!F",
            "NTE!1!L!%H%Checked%N% %F% %T% %E% \\S\\ stays",
            header=header,
        )
    )
    [wbc] = reading.results
    assert (wbc.value, wbc.unit, wbc.low, wbc.high) == (7.5, "10$9/L", 4.0, 11.0)
    assert "Checked ! @ % \\S\\ stays" in reading.text


def test_the_patients_name_is_decoded_for_the_check_and_nothing_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    reading = read_hl7(
        message(
            "PID|1||4452^^^MERCY^MR||O\\S\\Neil\\Q\\^Ann\\XC3A9\\||19580704|F",
            OBR,
            "OBX|1|NM|718-7^Hemoglobin^LN||9.1|g/dL|12.0-16.0|L|||F",
        )
    )
    [patient] = reading.patients
    assert (patient.family, patient.given) == ("O^Neil", "Anné")
    assert not [r for r in caplog.records if "Neil" in r.getMessage()]


def test_a_lab_file_with_escaped_units_shows_them_in_the_table() -> None:
    document = extract_lab_document(
        "f1",
        "Lab file 1",
        "cbc.hl7",
        message(OBR, "OBX|1|NM|6690-2^WBC^LN||13.2|10\\S\\9/L|4.0-11.0|H|||F"),
    )
    [wbc] = document.lab_values
    assert (wbc.unit, wbc.flag, wbc.sender_flag) == ("10^9/L", "high", "H")
