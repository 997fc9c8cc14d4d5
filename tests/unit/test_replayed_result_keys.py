"""A result sent again is one result; a correction sent under the same id is another
(round fifteen: left15 counted a replayed message once in trends and delta checks, by the
result's identity in its source; the lead keyed that identity with what the result says)."""

from __future__ import annotations

import json

from core.analysis.reading.messages_common import lab_values
from core.analysis.reading.messages_fhir import read_fhir
from core.analysis.reading.messages_hl7 import read_hl7


def _observation(value: float, status: str = "final") -> bytes:
    return json.dumps(
        {
            "resourceType": "Observation",
            "id": "hb-1",
            "status": status,
            "code": {"coding": [{"system": "http://loinc.org", "code": "718-7"}]},
            "effectiveDateTime": "2026-11-20T08:00:00Z",
            "valueQuantity": {"value": value, "unit": "g/dL"},
        }
    ).encode()


def _key(content: bytes) -> str | None:
    [value] = lab_values(read_fhir(content).results, "file-1")
    return value.source_key


def test_the_same_observation_sent_again_has_the_same_key() -> None:
    assert _key(_observation(13.1)) is not None
    assert _key(_observation(13.1)) == _key(_observation(13.1))


def test_a_correction_under_the_same_id_is_a_result_of_its_own() -> None:
    # a FHIR Observation corrected keeps its id (a new version): its new value, or its
    # status "corrected", must never be hidden behind the first import's value in trends
    assert _key(_observation(8.1, "corrected")) != _key(_observation(13.1))
    assert _key(_observation(13.1, "corrected")) != _key(_observation(13.1))


def test_an_hl7_result_sent_again_keeps_its_key_and_a_corrected_one_does_not() -> None:
    def message(value: str, status: str) -> bytes:
        return (
            "MSH|^~\\&|LAB|HOSP|MEDCASE|CLINIC|20261120080000||ORU^R01|MSG-7|P|2.5.1\r"
            "PID|1||MRN-1||Doe^Jane||19800101|F\r"
            "OBR|1|||718-7^Hemoglobin^LN\r"
            f"OBX|1|NM|718-7^Hemoglobin^LN||{value}|g/dL|12-16||||{status}\r"
        ).encode()

    def key(content: bytes) -> str | None:
        [value] = lab_values(read_hl7(content).results, "file-1")
        return value.source_key

    assert key(message("13.1", "F")) == key(message("13.1", "F"))
    assert key(message("8.1", "C")) != key(message("13.1", "F"))
