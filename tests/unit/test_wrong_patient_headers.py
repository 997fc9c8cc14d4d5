"""Wrong patient? (#27): who a DICOM header names, and how it is compared with the case."""

from __future__ import annotations

import json

from pydicom.dataset import Dataset
from pydicom.sequence import Sequence

from core.analysis.reading.imaging import dicom_patients
from core.analysis.reading.messages_fhir import read_fhir
from core.analysis.reading.messages_hl7 import read_hl7
from core.analysis.reading.patient_match import mismatches
from core.insights import MessagePatient
from tests.samples import dicom_bytes_with, png_bytes


def test_a_dicom_header_names_its_patient_sex_and_birth_date() -> None:
    content = dicom_bytes_with(
        PatientName="Gonzalez^Anthony^J", PatientSex="M", PatientBirthDate="19890102"
    )
    assert dicom_patients("scan.dcm", content) == [
        MessagePatient(
            family="Gonzalez",
            given="Anthony J",
            birth_date="1989-01-02",
            sex="male",
            # CT_small.dcm's PatientID and its OtherPatientIDsSequence's two (TEXT) ids
            record_numbers=["1CT1", "ABCD1234", "1234ABCD"],
        )
    ]


def _other_id(value: str, *types: str) -> Dataset:
    """An OtherPatientIDsSequence item (or the qualifiers of any PatientID) typed by HL7
    table 0203 codes."""
    item = Dataset()
    item.PatientID = value
    item.IssuerOfPatientID = "HOSP"
    if types:
        item.IssuerOfPatientIDQualifiersSequence = Sequence([_qualifier(code) for code in types])
    return item


def _qualifier(code: str) -> Dataset:
    qualifier = Dataset()
    qualifier.IdentifierTypeCode = code
    return qualifier


def test_a_dicom_patient_id_is_compared_with_the_case_record_number() -> None:
    """PatientID against the case's record number (spaces, hyphens and case aside); any one
    of the header's ids that is the case's (OtherPatientIDsSequence, the retired
    OtherPatientIDs) is this patient, as for a lab message's PID-3."""

    def found(case_record_number: str | None, **attributes: object) -> list[str]:
        header = {
            "PatientName": "Gonzalez^Anthony",
            "PatientSex": "M",
            "PatientAge": "037Y",
            "PatientBirthDate": "",
            "OtherPatientIDsSequence": Sequence(),  # CT_small.dcm's own two ids
        }
        content = dicom_bytes_with(**header | attributes)
        [patient] = dicom_patients("scan.dcm", content)
        return mismatches(patient, "Anthony Gonzalez", 37, "male", None, case_record_number)

    assert found("MRN-55012", PatientID="MRN-77121") == ["record number"]
    assert found(" mrn 55012", PatientID="MRN-55012") == []
    assert found(None, PatientID="MRN-77121") == []  # the case has no number: name, sex, age
    assert found("MRN-55012", PatientID="") == []  # the header has none
    reconciled = Sequence([_other_id("MRN-55012")])
    assert found("MRN-55012", PatientID="EXT-1", OtherPatientIDsSequence=reconciled) == []
    assert found("MRN-55012", PatientID="EXT-1", OtherPatientIDs=["X9", "MRN-55012"]) == []
    # another name and another number: both said, neither shown
    [patient] = dicom_patients("scan.dcm", dicom_bytes_with(PatientName="Doe^John", PatientID="7"))
    assert mismatches(patient, "Anthony Gonzalez", None, None, None, "8") == [
        "record number",
        "name",
    ]


def test_only_a_dicom_medical_record_number_is_compared_where_ids_say_their_type() -> None:
    """IssuerOfPatientIDQualifiersSequence's IdentifierTypeCode (HL7 table 0203): a PACS's
    own patient number ("PI") never makes a wrong-patient image; the "MR" one is compared."""
    pacs_only = dicom_bytes_with(
        PatientID="P-778",
        IssuerOfPatientIDQualifiersSequence=Sequence([_qualifier("PI")]),
        OtherPatientIDsSequence=Sequence(),
    )
    [patient] = dicom_patients("scan.dcm", pacs_only)
    assert patient.record_numbers == []
    typed = dicom_bytes_with(
        PatientID="P-778",
        IssuerOfPatientIDQualifiersSequence=Sequence([_qualifier("PI")]),
        OtherPatientIDsSequence=Sequence([_other_id("MRN-99999", "MR"), _other_id("A1", "AN")]),
    )
    [patient] = dicom_patients("scan.dcm", typed)
    assert patient.record_numbers == ["MRN-99999"]
    assert "record number" in mismatches(patient, "", None, None, None, "MRN-55012")


def test_a_dicom_header_with_only_a_patient_id_names_its_patient() -> None:
    content = dicom_bytes_with(
        PatientName="",
        PatientSex="",
        PatientBirthDate="",
        PatientAge="",
        PatientID="MRN-77121",
        OtherPatientIDsSequence=Sequence(),
    )
    [patient] = dicom_patients("scan.dcm", content)
    assert patient.record_numbers == ["MRN-77121"]
    assert mismatches(patient, "Mary Smith", 82, "female", None, "MRN-55012") == ["record number"]


def test_a_dicom_header_with_only_an_age() -> None:
    content = dicom_bytes_with(
        PatientName="", PatientSex="F", PatientBirthDate="", PatientAge="082Y"
    )
    [patient] = dicom_patients("scan", content)  # found by its DICM marker
    assert (patient.family, patient.sex, patient.birth_date, patient.age) == (
        "",
        "female",
        None,
        82,
    )


def test_a_picture_without_a_header_names_no_one() -> None:
    assert dicom_patients("chest.png", png_bytes(8, 8)) == []


def test_names_compare_whatever_their_accents_case_and_order() -> None:
    sent = MessagePatient(family="GONZÁLEZ", given="ANTHONY", sex="male", age=37)
    assert mismatches(sent, "Anthony Gonzalez", 37, "male") == []
    assert mismatches(sent, "Gonzalez, Anthony", 38, "male") == []  # a birthday apart
    assert mismatches(sent, "María López", 82, "female") == ["name", "sex", "age"]


def test_the_date_of_birth_wins_over_the_age_when_both_are_known() -> None:
    from datetime import date

    sent = MessagePatient(family="Doe", given="Jane", birth_date="1944-05-01", age=10)
    assert mismatches(sent, "Jane Doe", 82, "female", date(1944, 5, 1)) == []
    assert mismatches(sent, "Jane Doe", 82, "female", date(1944, 5, 2)) == ["date of birth"]


def test_a_lab_reports_labelled_header_names_its_patient() -> None:
    from core.analysis.reading.report_patient import report_patient

    text = "CITY LAB\nPatient: GONZALEZ, ANTHONY\nAge/Sex: 37 M\n\nHemoglobin 13.2 g/dL\n"
    patient = report_patient(text)
    assert patient is not None
    assert (patient.sex, patient.age) == ("male", 37)
    assert mismatches(patient, "Anthony González", 37, "male") == []
    assert mismatches(patient, "Ada Lovelace", 82, "female") == ["name", "sex", "age"]
    header = report_patient("Name: Lopez Maria   Sex: F   Age: 82 years\nNa 139 mmol/L")
    assert header is not None and mismatches(header, "María López", 82, "female") == []


def test_prose_is_not_a_header() -> None:
    from core.analysis.reading.report_patient import report_patient

    assert report_patient("Seen with Anthony Gonzalez, a 37 year old man.\nNa 139") is None


def test_an_age_of_000y_is_unknown_not_a_newborn() -> None:
    content = dicom_bytes_with(
        PatientName="",
        PatientSex="",
        PatientBirthDate="",
        PatientAge="000Y",
        PatientID="",
        OtherPatientIDsSequence=Sequence(),
    )
    assert dicom_patients("scan.dcm", content) == []


def test_a_lab_reports_labelled_date_of_birth_is_compared_as_far_as_it_is_sure() -> None:
    from datetime import date

    from core.analysis.reading.report_patient import birth_date, report_patient

    assert birth_date("Patient: Ada Obi\nDOB: 1962-03-20") == "1962-03-20"
    assert birth_date("D.O.B.: 20/03/1962  Sex: F") == "1962-03-20"  # day first
    assert birth_date("Date of Birth: 03/20/1962") == "1962-03-20"  # month first
    assert birth_date("DOB: 20-Mar-1962") == "1962-03-20"
    assert birth_date("Date of birth: March 20, 1962") == "1962-03-20"
    assert birth_date("DOB 03/04/1962") == "1962"  # either way round: the year only
    assert birth_date("DOB: 31/02/1962") is None  # not a date
    assert birth_date("Collected: 20/03/2026") is None  # not labelled as a birth date
    header = report_patient("Patient: SMITH, MARY\nDOB: 14/07/1944\nHb 9.1 g/dL")
    assert header is not None and header.birth_date == "1944-07-14"
    born = date(1944, 7, 14)
    assert mismatches(header, "Mary Smith", 82, "female", born) == []
    assert mismatches(header, "Mary Smith", 82, "female", date(1944, 7, 15)) == ["date of birth"]
    only_year = report_patient("Patient: SMITH, MARY\nDOB: 07/08/1944")
    assert only_year is not None
    assert mismatches(only_year, "Mary Smith", 82, "female", born) == []
    assert mismatches(only_year, "Mary Smith", 81, "female", date(1945, 7, 14)) == ["date of birth"]


def _hl7_with_pid3(identifiers: str) -> bytes:
    return (
        "MSH|^~\\&|LAB|HOSP|MEDCASE|CLINIC|20240101120000||ORU^R01|MSG1|P|2.5.1\r"
        f"PID|1||{identifiers}||Gonzalez^Anthony||19890102|M\r"
        "OBR|1|||2345-7^Glucose^LN\r"
        "OBX|1|NM|2345-7^Glucose^LN||98|mg/dL|70-99|N|||F\r"
    ).encode()


def test_only_medical_record_numbers_are_compared_where_identifiers_say_their_type() -> None:
    # PID-3 repetitions typed by CX.5 (HL7 table 0203): the laboratory's own patient number
    # ("PI") is not the clinic's kind of number and never makes a wrong-patient file; the
    # medical record number ("MR") is compared
    [lab_only] = read_hl7(_hl7_with_pid3("L-778^^^LAB^PI")).patients
    assert lab_only.record_numbers == []
    assert mismatches(lab_only, "Anthony Gonzalez", 37, "male", None, "MRN-55012") == []
    [typed] = read_hl7(_hl7_with_pid3("L-778^^^LAB^PI~MRN-99999^^^HOSP^MR")).patients
    assert typed.record_numbers == ["MRN-99999"]
    assert mismatches(typed, "Anthony Gonzalez", 37, "male", None, "MRN-55012") == ["record number"]
    # untyped numbers are all compared, as before
    [untyped] = read_hl7(_hl7_with_pid3("MRN-55012")).patients
    assert mismatches(untyped, "Anthony Gonzalez", 37, "male", None, "mrn 55012") == []


def test_a_fhir_patients_typed_identifiers_are_compared_on_the_medical_record_number() -> None:
    def bundle(*identifiers: dict[str, object]) -> bytes:
        patient = {
            "resourceType": "Patient",
            "id": "p1",
            "identifier": list(identifiers),
            "name": [{"family": "Gonzalez", "given": ["Anthony"]}],
            "gender": "male",
            "birthDate": "1989-01-02",
        }
        observation = {
            "resourceType": "Observation",
            "id": "o1",
            "status": "final",
            "code": {"coding": [{"system": "http://loinc.org", "code": "2345-7"}]},
            "subject": {"reference": "Patient/p1"},
            "valueQuantity": {"value": 98, "unit": "mg/dL"},
        }
        return json.dumps(
            {
                "resourceType": "Bundle",
                "type": "collection",
                "entry": [{"resource": patient}, {"resource": observation}],
            }
        ).encode()

    def typed(code: str, value: str) -> dict[str, object]:
        system = "http://terminology.hl7.org/CodeSystem/v2-0203"
        return {"type": {"coding": [{"system": system, "code": code}]}, "value": value}

    [lab_only] = read_fhir(bundle(typed("PI", "L-778"))).patients
    assert mismatches(lab_only, "Anthony Gonzalez", 37, "male", None, "MRN-55012") == []
    [other] = read_fhir(bundle(typed("PI", "L-778"), typed("MR", "MRN-99999"))).patients
    assert mismatches(other, "Anthony Gonzalez", 37, "male", None, "MRN-55012") == ["record number"]
    [same] = read_fhir(bundle({"value": "MRN-55012"})).patients
    assert mismatches(same, "Anthony Gonzalez", 37, "male", None, "MRN-55012") == []
