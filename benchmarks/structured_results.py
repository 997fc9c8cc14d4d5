"""How long one HL7 v2 ORU^R01 message of 500 results takes to read into lab values.

Builds a message of 100 OBR orders with five numeric OBX each (sodium, potassium,
creatinine, glucose, hemoglobin, with ranges and flags) and reads it as a lab file is read
in its child (``extract_lab_document``), best of three. Prints exactly
``seconds=S results=N``; the exit status is 1 when it takes a second or more or reads
fewer than 500 values. A FHIR Bundle of the same 500 Observations is timed beside it.
"""

from __future__ import annotations

import json
import sys
import time

from fhir.resources.R4B.bundle import Bundle

from core.analysis.reading.extraction import extract_lab_document

RESULTS = 500
TARGET_SECONDS = 1.0
# (LOINC, name, value, unit, range, flag)
_TESTS = [
    ("2951-2", "Sodium", "139", "mmol/L", "136-145", "N"),
    ("2823-3", "Potassium", "5.4", "mmol/L", "3.5-5.1", "H"),
    ("2160-0", "Creatinine", "1.1", "mg/dL", "0.7-1.3", "N"),
    ("2345-7", "Glucose", "98", "mg/dL", "70-99", "N"),
    ("718-7", "Hemoglobin", "11.2", "g/dL", "12.0-16.0", "L"),
]


def hl7_message(results: int = RESULTS) -> bytes:
    segments = [
        "MSH|^~\\&|LAB|HOSP|MEDCASE|CLINIC|202611250830||ORU^R01|BENCH1|P|2.5.1",
        "PID|1||12345^^^HOSP^MR||Roe^Jane||19720101|F",
    ]
    for order in range(results // len(_TESTS)):
        segments.append(f"OBR|{order + 1}|||24323-8^Panel^LN|||2026112507{order % 60:02d}")
        for number, (code, name, value, unit, bounds, flag) in enumerate(_TESTS, start=1):
            segments.append(f"OBX|{number}|NM|{code}^{name}^LN||{value}|{unit}|{bounds}|{flag}|||F")
    return "\r".join(segments).encode()


def fhir_bundle(results: int = RESULTS) -> bytes:
    entries = []
    for index in range(results):
        code, name, value, unit, bounds, _ = _TESTS[index % len(_TESTS)]
        low, high = bounds.split("-")
        entries.append({"resource": {
            "resourceType": "Observation", "id": f"o{index}", "status": "final",
            "code": {"coding": [{"system": "http://loinc.org", "code": code}], "text": name},
            "valueQuantity": {"value": float(value), "unit": unit},
            "referenceRange": [{"low": {"value": float(low)}, "high": {"value": float(high)}}],
            "effectiveDateTime": "2026-11-25T07:00:00Z",
        }})  # fmt: skip
    return json.dumps({"resourceType": "Bundle", "type": "collection", "entry": entries}).encode()


def fhir_bundle_xml(results: int = RESULTS) -> bytes:
    """The same Bundle in FHIR's XML form (written by fhir.resources)."""
    bundle = Bundle.model_validate_json(fhir_bundle(results))
    written = bundle.model_dump_xml()
    return written.encode() if isinstance(written, str) else bytes(written)


def timed(name: str, content: bytes) -> tuple[float, int]:
    best = float("inf")
    found = 0
    for _ in range(3):
        started = time.perf_counter()
        document = extract_lab_document("bench", "Lab file 1", name, content)
        best = min(best, time.perf_counter() - started)
        found = len(document.lab_values)
    return best, found


def main() -> int:
    fhir_seconds, fhir_results = timed("bundle.json", fhir_bundle())
    print(f"fhir_seconds={fhir_seconds:.3f} fhir_results={fhir_results}")
    xml_seconds, xml_results = timed("bundle.xml", fhir_bundle_xml())
    print(f"fhir_xml_seconds={xml_seconds:.3f} fhir_xml_results={xml_results}")
    seconds, results = timed("results.hl7", hl7_message())
    print(f"seconds={seconds:.3f} results={results}")
    return 0 if seconds < TARGET_SECONDS and results >= RESULTS else 1


if __name__ == "__main__":
    sys.exit(main())
