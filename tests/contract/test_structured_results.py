"""A case made from an HL7 v2 ORU^R01 file and one from a FHIR Bundle, analysed with each
file read in a child process, on every backend: the lab table holds what the messages say
(issue #28). Expected values are copied by hand from tests/structured (see its README)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.analysis.engines import build_engine
from core.analysis.reading.isolation import IsolatedReading, ReadingLimits
from core.analysis.reading.patient_match import age_from
from core.config import Settings
from core.jobs.recovery import Recovery, RecoveryPolicy
from core.jobs.runner import AnalysisRunner
from core.models import CaseDetail, NewCase, Upload
from tests.contract.harness import SignedIn
from tests.doubles import case_service

STRUCTURED = Path(__file__).resolve().parents[1] / "structured"


@pytest.fixture
def runner() -> Iterator[AnalysisRunner]:
    reading = IsolatedReading(ReadingLimits(seconds=20, memory_bytes=512 * 1024 * 1024))
    made = AnalysisRunner(build_engine(Settings()), workers=1, reading=reading)
    yield made
    made.shutdown(wait=True)


def analysed(who: SignedIn, runner: AnalysisRunner, form: NewCase, upload: Upload) -> CaseDetail:
    services = case_service(
        who.doctor, who.backend, runner, recovery=Recovery(runner, RecoveryPolicy())
    )
    case_id = services.create_case(form, [upload]).case.case_id
    assert runner.wait_idle(timeout=60), "the analysis did not finish"
    detail = who.services.get_case(case_id)
    assert detail.case.status == "completed", detail.case.analysis_error
    return detail


def test_a_case_from_an_oru_r01_file_shows_the_messages_values(
    doctor_a: SignedIn, runner: AnalysisRunner
) -> None:
    content = (STRUCTURED / "ghh_lab_glucose_v24.hl7").read_bytes()
    detail = analysed(
        doctor_a,
        runner,
        NewCase(patient_name="Eve Everywoman", patient_age=40, patient_gender="female"),
        Upload("everywoman.hl7", content, "lab"),
    )
    assert detail.files[0].file_type == "text/plain"
    [glucose] = detail.ai_insights["lab_values"]
    # OBX|1|SN|1554-5^GLUCOSE^...||^182|mg/dl|70_105|H|||F, OBR-7 200202150730
    assert {k: glucose[k] for k in ("analyte", "value", "unit", "flag", "sender_flag")} == {
        "analyte": "Glucose",
        "value": 182,
        "unit": "mg/dl",
        "flag": "high",
        "sender_flag": "H",
    }
    assert (glucose["reference_low"], glucose["reference_high"]) == (70, 105)
    assert glucose["result_status"] == "final"
    assert glucose["timing"] == "collected 2002-02-15 07:30"
    assert glucose["specimen"] is None
    assert glucose["source_line"].startswith("the message, OBX 1: OBX|1|SN|1554-5^GLUCOSE")
    warnings = detail.ai_insights["provenance"]["warnings"]
    assert not any("WRONG PATIENT" in w for w in warnings)


def test_a_case_from_a_fhir_bundle_shows_the_bundles_values(
    doctor_a: SignedIn, runner: AnalysisRunner
) -> None:
    content = (STRUCTURED / "fhir_ghp_cbc_bundle.json").read_bytes()
    detail = analysed(
        doctor_a,
        runner,
        # Patient: Peter James Chalmers, male, born 1974-12-25
        NewCase("James Peter Chalmers", age_from("1974-12-25") or 0, "male"),
        Upload("chalmers-cbc.json", content, "lab"),
    )
    assert detail.files[0].file_type == "application/fhir+json"
    found = {
        v["analyte"]: (v["value"], v["unit"], v["flag"], v["sender_flag"], v["source_line"])
        for v in detail.ai_insights["lab_values"]
    }
    assert found == {
        "Hemoglobin": (176, "g/L", None, None, "Observation/r1 in DiagnosticReport/ghp: "
                       "Haemoglobin: 176 g/L"),
        "RBC": (5.9, "10*12/L", None, None, "Observation/r2 in DiagnosticReport/ghp: "
                "Red Cell Count: 5.9 10*12/L"),
        "Hematocrit": (55, "%", "high", "H", "Observation/r3 in DiagnosticReport/ghp: "
                       "Haematocrit: 55 %"),
        "MCV": (99, "fL", "high", "H", "Observation/r4 in DiagnosticReport/ghp: "
                "Mean Cell Volume: 99 fL"),
        "MCH": (36, "pg", "high", "H", "Observation/r5 in DiagnosticReport/ghp: "
                "Mean Cell Haemoglobin: 36 pg"),
        "Platelets": (444, "10*9/L", None, None, "Observation/r6 in DiagnosticReport/ghp: "
                      "Platelet Count: 444 10*9/L"),
    }  # fmt: skip
    # The specimen Blood specimen with EDTA (blood: None), collected 2015-08-16T06:40:17Z
    assert {(v["specimen"], v["timing"]) for v in detail.ai_insights["lab_values"]} == {
        (None, "collected 2015-08-16 06:40")
    }
    warnings = detail.ai_insights["provenance"]["warnings"]
    assert not any("WRONG PATIENT" in w for w in warnings)


def test_a_message_for_another_patient_is_a_wrong_patient_warning(
    doctor_a: SignedIn, runner: AnalysisRunner
) -> None:
    content = (STRUCTURED / "fhir_ghp_cbc_bundle.json").read_bytes()
    detail = analysed(
        doctor_a,
        runner,
        NewCase(patient_name="Ada Lovelace", patient_age=36, patient_gender="female"),
        Upload("cbc.json", content, "lab"),
    )
    warnings = detail.ai_insights["provenance"]["warnings"]
    [warning] = [w for w in warnings if "WRONG PATIENT" in w]
    assert "name, sex, age differ" in warning
    assert "Chalmers" not in warning and "Lovelace" not in warning


def test_the_fhir_bundle_in_xml_makes_the_same_lab_table_as_in_json(
    doctor_a: SignedIn, runner: AnalysisRunner
) -> None:
    form = NewCase("James Peter Chalmers", age_from("1974-12-25") or 0, "male")
    tables = []
    for name in ("fhir_ghp_cbc_bundle.json", "fhir_ghp_cbc_bundle.xml"):
        content = (STRUCTURED / name).read_bytes()
        detail = analysed(doctor_a, runner, form, Upload(f"chalmers-{name}", content, "lab"))
        tables.append(
            [
                {k: v for k, v in value.items() if k != "source_file_id"}
                for value in detail.ai_insights["lab_values"]
            ]
        )
        warnings = detail.ai_insights["provenance"]["warnings"]
        assert not any("WRONG PATIENT" in w for w in warnings)
    assert detail.files[0].file_type == "application/fhir+xml"
    assert tables[0] == tables[1] and len(tables[1]) == 6


def test_a_bundle_with_another_patients_results_is_withheld_whatever_its_patient_says(
    doctor_a: SignedIn, runner: AnalysisRunner
) -> None:
    """Round fifteen (red15): the Bundle's Patient is the case's (Peter James Chalmers),
    but one more Observation's subject is another patient, as an interface feed may batch
    two patients' results: its potassium of 7.2 was read as the case patient's, a critical
    value on their record. Now the file is a wrong-patient file: warned about and its
    values withheld until the doctor has checked it, as for a Patient of another name."""
    bundle = json.loads((STRUCTURED / "fhir_ghp_cbc_bundle.json").read_bytes())
    bundle["entry"].append(
        {
            "fullUrl": "http://example.org/fhir/Observation/k9",
            "resource": {
                "resourceType": "Observation",
                "id": "k9",
                "status": "final",
                "subject": {"reference": "Patient/other-77", "display": "Stone, Bob"},
                "code": {"coding": [{"system": "http://loinc.org", "code": "2823-3"}]},
                "valueQuantity": {"value": 7.2, "unit": "mmol/L"},
            },
        }
    )
    detail = analysed(
        doctor_a,
        runner,
        NewCase("James Peter Chalmers", age_from("1974-12-25") or 0, "male"),
        Upload("feed.json", json.dumps(bundle).encode(), "lab"),
    )
    assert detail.ai_insights["lab_values"] == []
    warnings = detail.ai_insights["provenance"]["warnings"]
    [warning] = [w for w in warnings if "WRONG PATIENT" in w]
    assert "patient references differ" in warning and "Stone" not in warning
    assert doctor_a.services.critical.critical_results(detail.case.case_id) == []


def test_a_result_written_as_no_hl7_number_reaches_no_lab_table(
    doctor_a: SignedIn, runner: AnalysisRunner
) -> None:
    """The real ORU^R01 file with its glucose rewritten "^1e308" (an exponent, which HL7's NM
    never writes, read by float() as 10^308): the case's lab table must not show it; the
    analysis warns naming the OBX, and the case is analysed (hostile15)."""
    real = (STRUCTURED / "ghh_lab_glucose_v24.hl7").read_bytes()
    assert real.count(b"||^182|") == 1
    detail = analysed(
        doctor_a,
        runner,
        NewCase(patient_name="Eve Everywoman", patient_age=40, patient_gender="female"),
        Upload("everywoman.hl7", real.replace(b"||^182|", b"||^1e308|"), "lab"),
    )
    assert detail.ai_insights["lab_values"] == []
    warnings = detail.ai_insights["provenance"]["warnings"]
    assert any("OBX 1 OBX-5 (SN): '1e308' is not a number" in w for w in warnings), warnings


def test_a_negative_result_is_a_doubtful_read_never_critical(
    doctor_a: SignedIn, runner: AnalysisRunner
) -> None:
    """The real ORU^R01 file with its glucose sent as "^-182" mg/dl: before, a glucose below
    the critical limit (46), flagged low, with an acknowledgement to sign for (left16)."""
    real = (STRUCTURED / "ghh_lab_glucose_v24.hl7").read_bytes()
    detail = analysed(
        doctor_a,
        runner,
        NewCase(patient_name="Eve Everywoman", patient_age=40, patient_gender="female"),
        Upload("everywoman.hl7", real.replace(b"||^182|", b"||^-182|"), "lab"),
    )
    [glucose] = detail.ai_insights["lab_values"]
    assert (glucose["value"], glucose["doubtful"], glucose["flag"], glucose["critical"]) == (
        -182,
        True,
        None,
        False,
    )
    # no hypoglycaemia (E16) from a glucose no blood can have
    diagnosis = json.dumps(detail.ai_insights["primary_diagnosis"]).lower()
    assert "e16" not in diagnosis and "hypoglyc" not in diagnosis
