"""Results no test can have (left16): a negative concentration, count or activity, sent in a
structured message or written in a report, is a doubtful read ("doubtful read, check the
source"): never flagged, never critical, never a finding. Base excess and the gaps, which
are differences, may be negative and are read as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.analysis.labs.format import format_lab_value
from core.analysis.labs.parse import parse_lab_values
from core.analysis.reading.messages import FHIR, HL7, read_lab_message
from core.analysis.reading.messages_common import flags_disagree
from core.analysis.rules.evidence import LabResults
from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME

STRUCTURED = Path(__file__).resolve().parents[1] / "structured"
# tests/structured/ghh_lab_glucose_v24.hl7, HL7's own example: OBX-5 (SN) "^182" mg/dl.
HL7_GLUCOSE = (STRUCTURED / "ghh_lab_glucose_v24.hl7").read_bytes()


def _hl7(obx5: str, obx2: str = "SN") -> list[LabValue]:
    assert HL7_GLUCOSE.count(b"|SN|1554-5") == 1 and HL7_GLUCOSE.count(b"||^182|") == 1
    content = HL7_GLUCOSE.replace(b"|SN|1554-5", f"|{obx2}|1554-5".encode())
    content = content.replace(b"||^182|", f"||{obx5}|".encode())
    return read_lab_message(HL7, "f1", "File 1", content).lab_values


def _doubted(value: LabValue) -> None:
    assert value.doubtful is True
    assert value.flag is None and value.critical is False
    assert "doubtful read, check the source" in format_lab_value(value)
    assert "low" not in format_lab_value(value)
    assert not flags_disagree(value)  # MedCase reads no range to disagree with
    assert LabResults([value]).get(value.analyte) is None  # no finding, no diagnosis


@pytest.mark.parametrize(("obx2", "obx5"), [("SN", "^-182"), ("NM", "-182"), ("SN", "<^-5")])
def test_a_negative_hl7_glucose_is_a_doubtful_read(obx2: str, obx5: str) -> None:
    """The real ORU^R01's glucose, sent negative with the sender's "H" beside it: before, a
    glucose of -182 mg/dl was flagged low and on the critical list (below 46)."""
    [glucose] = _hl7(obx5, obx2)
    assert glucose.analyte == "Glucose" and glucose.value < 0
    assert glucose.sender_flag == "H"  # kept as sent
    assert (glucose.reference_low, glucose.reference_high) == (70, 105)
    _doubted(glucose)


def test_the_same_hl7_glucose_positive_is_read_as_before() -> None:
    [glucose] = _hl7("^18")
    assert (glucose.value, glucose.flag, glucose.critical, glucose.doubtful) == (
        18,
        "low",
        True,
        False,
    )


def test_a_negative_fhir_value_quantity_is_a_doubtful_read() -> None:
    """tests/structured/fhir_f001_glucose.json (HL7's own example Observation), its glucose
    valueQuantity sent as -6.3 mmol/l."""
    observation = json.loads((STRUCTURED / "fhir_f001_glucose.json").read_bytes())
    observation["valueQuantity"]["value"] = -6.3
    [glucose] = read_lab_message(FHIR, "f1", "File 1", json.dumps(observation).encode()).lab_values
    assert glucose.value == -6.3
    _doubted(glucose)


def test_a_negative_count_in_a_fhir_bundle_is_doubtful_and_the_others_stand() -> None:
    """tests/structured/fhir_ghp_cbc_bundle.json: one result of the blood count negative."""
    bundle = json.loads((STRUCTURED / "fhir_ghp_cbc_bundle.json").read_bytes())
    [report] = [
        e["resource"]
        for e in bundle["entry"]
        if e["resource"]["resourceType"] == "DiagnosticReport"
    ]
    counted = [
        resource
        for resource in report["contained"]
        if resource["resourceType"] == "Observation" and "valueQuantity" in resource
    ]
    assert len(counted) > 1
    counted[0]["valueQuantity"]["value"] = -abs(counted[0]["valueQuantity"]["value"])
    values = read_lab_message(FHIR, "f1", "File 1", json.dumps(bundle).encode()).lab_values
    doubted = [v for v in values if v.doubtful]
    assert len(doubted) == 1 and doubted[0].value < 0
    _doubted(doubted[0])
    assert all(v.value >= 0 for v in values if not v.doubtful)


def test_a_difference_may_be_negative_and_is_read_as_ever() -> None:
    """Base excess and the anion gap are differences: -12 is a real result, flagged low."""
    assert BY_NAME["Base excess"].can_be(-12) and BY_NAME["Anion gap"].can_be(-4)
    assert not BY_NAME["Glucose"].can_be(-0.1) and BY_NAME["Glucose"].can_be(0)
    content = HL7_GLUCOSE.replace(
        b"|SN|1554-5^GLUCOSE^POST 12H CFST:MCNC:PT:SER/PLAS:QN|", b"|NM|11555-0^Base excess^LN|"
    )
    content = content.replace(b"||^182|mg/dl|70_105|H|", b"||-12|mmol/L|-2_2|L|")
    [excess] = read_lab_message(HL7, "f1", "File 1", content).lab_values
    assert (excess.analyte, excess.value, excess.flag, excess.doubtful) == (
        "Base excess",
        -12,
        "low",
        False,
    )
    [gap] = parse_lab_values("Anion gap -4 mmol/L (7-17)")
    assert (gap.value, gap.flag, gap.doubtful) == (-4, "low", False)
    # dev cr4-labs-pancreatic-ascites-...: read 1.1 (flagged high, portal hypertension's)
    [saag] = parse_lab_values("a serum-to-ascites albumin gradient of \u22121.1 g/dl (<1.1 g/dl)")
    assert (saag.value, saag.doubtful) == (-1.1, False)


@pytest.mark.parametrize(
    "line",
    [
        "Glucose = -3.2 mmol/L",
        "Glucose: -3.2 mmol/L (3.9-5.5)",
        "Potassium -2.1 mmol/L (3.5-5.1)",
        "Platelets = -150 x10^9/L",
    ],
)
def test_a_negative_number_written_for_a_test_that_cannot_be_negative_is_doubtful(
    line: str,
) -> None:
    """Before, the minus was skipped as a dash: "Glucose: -3.2" read 3.2 mmol/L, low, and a
    potassium "-2.1" critical. The number is kept as it stands (a published "urinary pH:
    −6.5" is a dash set against it), doubtful, unflagged."""
    [value] = parse_lab_values(line)
    _doubted(value)


@pytest.mark.parametrize(
    "line",
    ["Glucose - 3.2 mmol/L", "Glucose-3.2 mmol/L", "Hb:-6.2 g/dL", "Hemoglobin :- 6.2 g/dL"],
)
def test_a_dash_between_name_and_result_is_no_minus(line: str) -> None:
    [value] = parse_lab_values(line)
    assert value.doubtful is False and value.flag == "low"
