"""Wrong patient? (#27): where the case's patient record has a date of birth, a structured
message for another date of birth is a wrong-patient warning, even when the age agrees;
and the record's own number and date of birth never reach the engine's text."""

from __future__ import annotations

import json
from datetime import date

from core.analysis.reading.patient_match import age_from, mismatches
from core.insights import MessagePatient
from core.jobs.runner import AnalysisRunner
from core.models import NewCase, Upload
from tests.contract.harness import SignedIn
from tests.contract.test_structured_results import STRUCTURED, analysed, runner  # noqa: F401

# tests/structured/fhir_ghp_cbc_bundle.json: Peter James Chalmers, male, born 1974-12-25.
BUNDLE = "fhir_ghp_cbc_bundle.json"


def _warnings(who: SignedIn, analyzer: AnalysisRunner, born: date) -> list[str]:
    form = NewCase(
        "James Peter Chalmers",
        age_from(born.isoformat()) or 0,
        "male",
        date_of_birth=born,
    )
    upload = Upload("cbc.json", (STRUCTURED / BUNDLE).read_bytes(), "lab")
    detail = analysed(who, analyzer, form, upload)
    return [w for w in detail.ai_insights["provenance"]["warnings"] if "WRONG PATIENT" in w]  # type: ignore[index]


def test_another_date_of_birth_is_a_wrong_patient_warning(
    doctor_a: SignedIn,
    runner: AnalysisRunner,  # noqa: F811
) -> None:
    assert _warnings(doctor_a, runner, date(1974, 12, 25)) == []
    [warning] = _warnings(doctor_a, runner, date(1974, 12, 26))  # the same age, mostly
    assert "(date of birth differ)" in warning
    assert "1974" not in warning and "Chalmers" not in warning


def test_a_partial_birth_date_is_compared_as_far_as_it_goes() -> None:
    born = date(1962, 3, 20)

    def found(sent: str | None, case_age: int | None = 64) -> list[str]:
        patient = MessagePatient(family="Doe", given="Jane", birth_date=sent, sex="female")
        return mismatches(patient, "Jane Doe", case_age, "female", born)

    assert found("1962-03-20") == []
    assert found("1962-03") == [] and found("1962") == []
    assert found("1962-03-21") == ["date of birth"]
    assert found("1963") == ["date of birth"]
    assert found(None, case_age=10) == []  # nothing sent: nothing to compare
    assert (
        mismatches(
            MessagePatient(family="Doe", given="Jane", birth_date="1962-03-21"),
            "Jane Doe",
            64,
            "female",
        )
        == []
    )  # without the record's date of birth: the age, which agrees


def test_a_dicom_of_another_patient_is_warned_about_and_kept_out(
    doctor_a: SignedIn,
    runner: AnalysisRunner,  # noqa: F811
) -> None:
    """A DICOM of "Doe^John" (male, 37) on an 82-year-old woman's case: read in the reading
    child, warned about (what differs, never the name), and its picture is not read."""
    import json

    from tests.samples import dicom_bytes_with

    content = dicom_bytes_with(
        PatientName="Doe^John", PatientSex="M", PatientAge="037Y", PatientBirthDate=""
    )
    form = NewCase("Mary Smith", 82, "female")
    detail = analysed(doctor_a, runner, form, Upload("scan.dcm", content, "radiology"))
    warnings = detail.ai_insights["provenance"]["warnings"]  # type: ignore[index]
    [warning] = [w for w in warnings if "WRONG PATIENT" in w]
    assert "(name, sex, age differ)" in warning
    assert "kept out of the analysis" in warning
    stored = json.dumps(detail.ai_insights) + json.dumps(detail.files[0].ai_summary)
    assert "Not read: the DICOM header names a different patient" in stored
    # The rules engine's reading: no abnormality from the withheld picture.
    assert detail.files[0].ai_summary["key_abnormalities"] == []  # type: ignore[index]
    assert "Doe" not in stored and "John" not in stored


def test_a_dicom_of_the_case_patient_is_read_as_usual(
    doctor_a: SignedIn,
    runner: AnalysisRunner,  # noqa: F811
) -> None:
    import json

    from tests.samples import dicom_bytes_with

    content = dicom_bytes_with(
        PatientName="SMITH^MÁRY", PatientSex="F", PatientAge="082Y", PatientBirthDate=""
    )
    form = NewCase("Mary Smith", 82, "female")
    detail = analysed(doctor_a, runner, form, Upload("scan.dcm", content, "radiology"))
    stored = json.dumps(detail.ai_insights) + json.dumps(detail.files[0].ai_summary)
    assert "WRONG PATIENT" not in stored and "DICOM header names" not in stored


def test_a_dicom_of_another_record_number_is_warned_about_and_kept_out(
    doctor_a: SignedIn,
    runner: AnalysisRunner,  # noqa: F811
) -> None:
    """Same name, sex and age; the header's PatientID another record number: its picture is
    not read, and neither number reaches the warning or the stored reading. Any of the
    header's ids that is the case's record number is this patient."""
    from pydicom.dataset import Dataset
    from pydicom.sequence import Sequence

    from tests.samples import dicom_bytes_with

    def read(record_number: str | None, patient_id: str, *others: str) -> str:
        items = []
        for value in others:
            item = Dataset()
            item.PatientID = value
            items.append(item)
        content = dicom_bytes_with(
            PatientName="SMITH^MARY",
            PatientSex="F",
            PatientAge="082Y",
            PatientBirthDate="",
            PatientID=patient_id,
            OtherPatientIDsSequence=Sequence(items),
        )
        form = NewCase("Mary Smith", 82, "female", record_number=record_number)
        detail = analysed(doctor_a, runner, form, Upload("scan.dcm", content, "radiology"))
        return json.dumps(detail.ai_insights) + json.dumps(detail.files[0].ai_summary)

    stored = read("MRN-55012", "MRN-77121")
    assert "(record number differ)" in stored and "kept out of the analysis" in stored
    assert "Not read: the DICOM header names a different patient" in stored
    assert "77121" not in stored and "55012" not in stored
    assert "WRONG PATIENT" not in read("mrn 55012", "MRN-55012")
    assert "WRONG PATIENT" not in read("MRN-55012", "EXT-4", "MRN-55012")
    assert "WRONG PATIENT" not in read(None, "MRN-77121")


def _report(header: tuple[str, ...], creatinine: str) -> Upload:
    from tests.samples import pdf_bytes

    lines = (*header, "Chemistry", f"Creatinine {creatinine} mg/dL (0.6-1.2)")
    return Upload("chemistry.pdf", pdf_bytes(lines), "lab")


def test_a_report_headed_for_another_patient_stays_out_of_the_patients_history(
    doctor_a: SignedIn,
    runner: AnalysisRunner,  # noqa: F811
) -> None:
    """A chemistry report headed "GONZALEZ, ANTHONY, 37 M" on an 82-year-old woman's case:
    warned about, its values shown and marked, but neither her trend nor the next case's
    delta check (creatinine doubling) counts them."""
    from dataclasses import replace

    first_form = NewCase("Mary Smith", 82, "female")
    other = _report(("Patient: GONZALEZ, ANTHONY", "Age/Sex: 37 M"), "0.9")
    first = analysed(doctor_a, runner, first_form, other)
    insights = first.ai_insights
    assert insights is not None
    [warning] = [w for w in insights["provenance"]["warnings"] if "WRONG PATIENT" in w]
    assert "kept out of the patient's trends and delta checks" in warning
    assert "GONZALEZ" not in warning and "ANTHONY" not in warning
    [creatinine] = [v for v in insights["lab_values"] if v["analyte"] == "Creatinine"]
    assert creatinine["other_patient"] is True and creatinine["value"] == 0.9

    patient_id = first.case.patient_id
    assert patient_id is not None
    own = _report(("Patient: SMITH, MARY", "Age/Sex: 82 F"), "2.1")
    second = analysed(doctor_a, runner, replace(first_form, patient_id=patient_id), own)
    assert second.ai_insights is not None
    assert not any("WRONG PATIENT" in w for w in second.ai_insights["provenance"]["warnings"])
    # 0.9 -> 2.1 would be a KDIGO rise had the other patient's value counted.
    assert second.ai_insights["delta_checks"] == []
    trends = doctor_a.services.patient_trends(patient_id)
    [series] = [s for s in trends.series if s.analyte == "Creatinine"]
    assert [p.value for p in series.points] == [2.1]


# tests/structured/ghh_lab_glucose_v24.hl7 (HL7's own example): PID-3 "555-44-4444",
# EVERYWOMAN^EVE, F, PID-7 "196203520" (no date: the age is compared).
HL7_SAMPLE = "ghh_lab_glucose_v24.hl7"


def _pid3(content: bytes, identifiers: str) -> bytes:
    return content.replace(b"PID|||555-44-4444|", b"PID|||" + identifiers.encode() + b"|")


def _record_warnings(
    who: SignedIn, analyzer: AnalysisRunner, record_number: str | None, upload: Upload
) -> list[str]:
    form = NewCase("Eve Everywoman", 40, "female", record_number=record_number)
    if upload.file_name.endswith(".json"):
        form = NewCase(
            "James Peter Chalmers",
            age_from("1974-12-25") or 0,
            "male",
            date_of_birth=date(1974, 12, 25),
            record_number=record_number,
        )
    detail = analysed(who, analyzer, form, upload)
    insights = detail.ai_insights
    assert insights is not None
    found = [w for w in insights["provenance"]["warnings"] if "WRONG PATIENT" in w]
    if found:  # a wrong patient's values are held back, as for a name or a birth date
        assert insights["lab_values"] == []
        assert record_number is None or record_number not in json.dumps(insights)
    return found


def test_an_hl7_message_for_another_record_number_is_a_wrong_patient(
    doctor_a: SignedIn,
    runner: AnalysisRunner,  # noqa: F811
) -> None:
    """Same name, sex and age; PID-3 another medical record number: another patient. The
    ID of any repetition of PID-3 that is the record's number (spaces, case) is this one."""
    content = (STRUCTURED / HL7_SAMPLE).read_bytes()
    other = Upload("glucose.hl7", _pid3(content, "MRN-77121^^^GHH^MR"), "lab")
    [warning] = _record_warnings(doctor_a, runner, "MRN-55012", other)
    assert "(record number differ)" in warning and "77121" not in warning
    many = _pid3(content, "555-44-4444^^^SSA^SS~ mrn-55012 ^^^GHH^MR")
    assert _record_warnings(doctor_a, runner, "MRN-55012", Upload("g.hl7", many, "lab")) == []
    # Either side without a number: name, sex and birth date decide, as before.
    assert _record_warnings(doctor_a, runner, None, other) == []
    bare = Upload("g.hl7", _pid3(content, ""), "lab")
    assert _record_warnings(doctor_a, runner, "MRN-55012", bare) == []


def test_a_fhir_patient_of_another_identifier_is_a_wrong_patient(
    doctor_a: SignedIn,
    runner: AnalysisRunner,  # noqa: F811
) -> None:
    bundle = json.loads((STRUCTURED / BUNDLE).read_bytes())
    patient = bundle["entry"][0]["resource"]
    patient["identifier"] = [
        {"system": "urn:oid:2.16.840.1.113883.4.1", "value": "123-45-6789"},
        {"system": "http://hospital.example/mrn", "value": "A1002"},
    ]
    upload = Upload("cbc.json", json.dumps(bundle).encode(), "lab")
    [warning] = _record_warnings(doctor_a, runner, "B7710", upload)
    assert "(record number differ)" in warning and "A1002" not in warning
    assert _record_warnings(doctor_a, runner, " a1002", upload) == []
    assert _record_warnings(doctor_a, runner, None, upload) == []
