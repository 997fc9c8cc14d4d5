"""HL7 v2 and FHIR R4 lab messages read exactly (issue #28).

The public examples are in tests/structured (provenance in its README); every expected value
below was copied by hand from the message text, not from the reader's output.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from core.analysis.labs.loinc import check_digit_ok
from core.analysis.reading.extraction import extract_lab_document
from core.analysis.reading.messages_common import (
    MAX_BUNDLE_ENTRIES,
    SENT_INSTEAD,
    MessageError,
    analyte_for_code,
)
from core.analysis.reading.messages_fhir import read_fhir
from core.analysis.reading.messages_hl7 import read_hl7
from core.analysis.reading.patient_match import age_from, mismatches, wrong_patient_warnings
from core.insights import MessagePatient
from core.vocabulary.catalog import BY_NAME

STRUCTURED = Path(__file__).resolve().parents[1] / "structured"
GHH = (STRUCTURED / "ghh_lab_glucose_v24.hl7").read_bytes()
PHIN = (STRUCTURED / "phin_biosense_oru_v25.hl7").read_bytes()
GHP = (STRUCTURED / "fhir_ghp_cbc_bundle.json").read_bytes()

MSH = "MSH|^~\\&|LAB|HOSP|MEDCASE|CLINIC|202611250830||ORU^R01|MSG1|P|2.5.1"
PID = "PID|1||12345^^^HOSP^MR||García^José^A||19700315|M"


def message(*segments: str, header: str = MSH) -> bytes:
    return "\r".join((header, *segments)).encode()


# --- HL7 v2: the specification's example (python-hl7's fixture) ---------------------------


def test_the_hl7_specification_glucose_example_is_read_as_the_message_says() -> None:
    reading = read_hl7(GHH)
    [glucose] = reading.results
    # OBX|1|SN|1554-5^GLUCOSE^...||^182|mg/dl|70_105|H|||F ; OBR-7 200202150730
    assert glucose.analyte == "Glucose"
    assert glucose.value == 182
    assert glucose.comparator is None
    assert glucose.unit == "mg/dl"
    assert (glucose.low, glucose.high) == (70, 105)
    assert glucose.sender_flag == "H"
    assert glucose.status == "final"
    assert glucose.collected == "2002-02-15 07:30"
    assert glucose.source.startswith("the message, OBX 1: OBX|1|SN|1554-5^GLUCOSE")
    # PID-5 EVERYWOMAN^EVE^E, PID-7 196203520 (no valid date in the example), PID-8 F
    [patient] = reading.patients
    assert (patient.family, patient.given, patient.sex) == ("EVERYWOMAN", "EVE E", "female")
    assert patient.birth_date is None
    assert "EVERYWOMAN" not in reading.text and "PID" not in reading.text


def test_obr_15_that_names_no_specimen_is_not_taken_for_one() -> None:
    # The example's OBR-15 holds an ordering provider: no specimen is made of it.
    reading = read_hl7(GHH)
    assert reading.results[0].specimen is None
    assert any("OBR-15 does not name a specimen" in note for note in reading.notes)


def test_a_lab_file_of_the_specification_example_keeps_both_flags() -> None:
    document = extract_lab_document("f1", "Lab file 1", "Eve results.hl7", GHH)
    [value] = document.lab_values
    assert document.structured
    assert (value.flag, value.sender_flag) == ("high", "H")
    assert value.source_file_id == "f1"
    assert value.timing == "collected 2002-02-15 07:30"


def test_a_txt_file_starting_with_msh_is_read_as_hl7() -> None:
    document = extract_lab_document("f1", "Lab file 1", "results.txt", GHH)
    assert document.structured and document.lab_values[0].value == 182


def test_several_public_messages_in_one_file_each_named_in_notes() -> None:
    reading = read_hl7(PHIN)
    # Two ORU^R01 v2.5 messages; their tests (Brucella, rubeola IgM) are not in the
    # catalogue, so no value is made up, and each note names its message and OBX.
    assert reading.results == []
    assert reading.notes == [
        "message 1, OBX 1: OBX-3 '5066-6 BRUCELLA ABORTUS AB' names no test MedCase knows",
        "message 2, OBX 1: OBX-3 '7963-2 RUBEOLA VIRUS AB.IGM' names no test MedCase knows",
    ]
    # PID-7 198402 and 199912, PID-8 F; PID-5 is the null ""
    assert [(p.birth_date, p.sex) for p in reading.patients] == [
        ("1984-02", "female"),
        ("1999-12", "female"),
    ]


# --- HL7 v2: what each field means (constructed messages) ---------------------------------


def test_comparator_status_specimen_and_collection_from_spm() -> None:
    reading = read_hl7(
        message(
            PID,
            "OBR|1|||24323-8^CMP^LN|||202611250700",
            "OBX|1|NM|2823-3^Potassium^LN||6.9|mmol/L|3.5-5.1|HH|||C",
            "OBX|2|SN|1988-5^CRP^LN||<^5|mg/L|<5|N|||P",
            "OBX|3|NM|2160-0^Creatinine^LN||1.0|mg/dL|0.7-1.3||||X",
            "OBX|4|NM|2951-2^Sodium^LN||140|mmol/L|136-145|N|||D",
            "SPM|1|||SER^Serum^HL70487|||||||||||||202611250645",
        )
    )
    potassium, crp = reading.results
    assert (potassium.value, potassium.sender_flag, potassium.status) == (6.9, "HH", "corrected")
    assert (crp.comparator, crp.value, crp.high, crp.status) == ("<", 5, 5, "preliminary")
    assert potassium.specimen is None  # serum is blood
    assert potassium.collected == "2026-11-25 07:00"  # OBR-7 first
    assert any("OBX 3" in n and "cannot be obtained" in n for n in reading.notes)
    assert any("OBX 4" in n and "deleted" in n for n in reading.notes)


def test_spm_urine_specimen_applies_to_its_order() -> None:
    reading = read_hl7(
        message(
            "OBR|1|||UA^Urine^L",
            "OBX|1|NM|2951-2^Sodium^LN||40|mmol/L|||||F",
            "SPM|1|||UR^Urine^HL70487|||||||||||||202611250645",
        )
    )
    [sodium] = reading.results
    assert sodium.specimen == "urine"
    assert sodium.collected == "2026-11-25 06:45"


def test_critical_limits_apply_to_message_values() -> None:
    document = extract_lab_document(
        "f1",
        "Lab file 1",
        "k.hl7",
        message("OBX|1|NM|2823-3^Potassium^LN||6.9|mmol/L|3.5-5.1|HH|||F"),
    )
    assert document.lab_values[0].critical


def test_a_string_value_with_a_number_is_not_coerced() -> None:
    reading = read_hl7(message("OBX|1|ST|2823-3^Potassium^LN||6.9|mmol/L|||||F"))
    assert reading.results == []
    assert reading.notes == [
        "the message, OBX 1: OBX-5 is a string (ST) holding digits; it is not read as a number"
    ]


def test_an_obx_without_a_value_type_is_named() -> None:
    reading = read_hl7(message("OBX|1||2823-3^Potassium^LN||6.9|mmol/L||||F"))
    assert reading.results == []
    assert reading.notes == [
        "the message, OBX 1: OBX-2 (value type) is empty, so OBX-5 cannot be read"
    ]


def test_a_sender_flag_that_disagrees_with_the_range_is_kept_beside_medcases() -> None:
    document = extract_lab_document(
        "f1", "L", "x.hl7", message("OBX|1|NM|2951-2^Sodium^LN||150|mmol/L|136-145|N|||F")
    )
    [sodium] = document.lab_values
    assert (sodium.flag, sodium.sender_flag) == ("high", "N")


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b"PID|1||123\rOBX|1|NM|x||1|||||F", "does not start with an MSH segment"),
        (b"MSH|^~\\&|A|B|C|D|2026||ORU^R01|1|P|2.5\n" * 0 + b"", "does not start with an MSH"),
        (b"MSH|^^\\&|A|B|C|D|2026||ORU^R01|1|P|2.5", "MSH-2: the encoding characters"),
        (b"MSHA^~\\&A", "MSH-1"),
        (b"MSH|^~\\&|A|B|C|D|2026||ADT^A04|1|P|2.5", "MSH-9 is 'ADT^A04', not an ORU^R01"),
        (b"MSH|^~\\&|A|B|C|D|2026||ORU^R01|1|P|2.6", "MSH-12 version '2.6'"),
    ],
)
def test_bad_hl7_is_refused_naming_the_segment(content: bytes, error: str) -> None:
    with pytest.raises(MessageError, match=error.replace("^", r"\^").replace("(", r"\(")):
        read_hl7(content)


def test_a_refused_message_becomes_a_warning_and_no_text_is_guessed_at() -> None:
    document = extract_lab_document("f1", "Lab file 1", "x.hl7", b"MSH|^^\\&|x\rOBX|1|NM|K||6")
    assert document.lab_values == [] and document.text == "" and document.structured
    assert document.warnings[0].startswith("Lab file 1: the HL7 v2 message could not be read:")


# --- FHIR R4 ------------------------------------------------------------------------------


def test_the_fhir_specification_cbc_is_read_as_the_bundle_says() -> None:
    reading = read_fhir(GHP)
    found = {
        r.analyte: (r.value, r.unit, r.low, r.high, r.sender_flag, r.source)
        for r in reading.results
    }
    assert found == {
        "Hemoglobin": (176, "g/L", 135, 180, None, "Observation/r1 in DiagnosticReport/ghp: "
                       "Haemoglobin: 176 g/L"),
        "RBC": (5.9, "10*12/L", 4.2, 6.0, None, "Observation/r2 in DiagnosticReport/ghp: "
                "Red Cell Count: 5.9 10*12/L"),
        "Hematocrit": (55, "%", 38, 52, "H", "Observation/r3 in DiagnosticReport/ghp: "
                       "Haematocrit: 55 %"),
        "MCV": (99, "fL", 80, 98, "H", "Observation/r4 in DiagnosticReport/ghp: "
                "Mean Cell Volume: 99 fL"),
        "MCH": (36, "pg", 27, 35, "H", "Observation/r5 in DiagnosticReport/ghp: "
                "Mean Cell Haemoglobin: 36 pg"),
        "Platelets": (444, "10*9/L", 150, 450, None, "Observation/r6 in DiagnosticReport/ghp: "
                      "Platelet Count: 444 10*9/L"),
    }  # fmt: skip
    # Specimen ltt: "Blood specimen with EDTA", collected 2015-08-16T06:40:17Z
    assert {(r.specimen, r.collected, r.status) for r in reading.results} == {
        (None, "2015-08-16 06:40", "final")
    }
    [patient] = reading.patients
    assert (patient.family, patient.given, patient.birth_date, patient.sex) == (
        "Chalmers",
        "Peter James",
        "1974-12-25",
        "male",
    )
    assert "Chalmers" not in reading.text


def observation(**fields: object) -> bytes:
    base: dict[str, object] = {
        "resourceType": "Observation",
        "id": "k1",
        "status": "final",
        "code": {"coding": [{"system": "http://loinc.org", "code": "2823-3"}]},
    }
    return json.dumps({**base, **fields}).encode()


def test_a_fhir_comparator_and_urine_specimen() -> None:
    content = observation(
        valueQuantity={"value": 5, "comparator": "<", "unit": "mg/L"},
        code={"coding": [{"system": "http://loinc.org", "code": "1988-5"}]},
        specimen={"reference": "#u"},
        contained=[{"resourceType": "Specimen", "id": "u", "type": {"text": "Urine"}}],
    )
    [crp] = read_fhir(content).results
    assert (crp.analyte, crp.comparator, crp.value, crp.specimen) == ("CRP", "<", 5, "urine")


@pytest.mark.parametrize("status", ["cancelled", "entered-in-error", "registered"])
def test_a_fhir_result_that_is_no_value(status: str) -> None:
    reading = read_fhir(observation(status=status, valueQuantity={"value": 6.9}))
    assert reading.results == []
    assert reading.notes == [f"Observation/k1: status '{status}', so it is not a value"]


def test_a_fhir_value_string_is_not_coerced() -> None:
    reading = read_fhir(observation(valueString="6.9"))
    assert reading.results == []
    assert reading.notes == [
        "Observation/k1.valueString: a string holding digits; it is not read as a number"
    ]


def test_a_fhir_resource_of_another_type_is_named() -> None:
    with pytest.raises(MessageError, match="resourceType 'Patient' is not a lab result"):
        read_fhir(json.dumps({"resourceType": "Patient", "id": "p"}).encode())


def test_an_invalid_fhir_element_is_named() -> None:
    with pytest.raises(MessageError, match=r"Observation\.valueQuantity\.value"):
        read_fhir(observation(valueQuantity={"value": "six"}))


def test_a_bundle_of_100000_entries_is_refused_before_it_is_parsed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entry = b'{"resource":{"resourceType":"Observation"}},'
    content = b'{"resourceType":"Bundle","type":"collection","entry":[' + entry * 100_000
    content = content.rstrip(b",") + b"]}"

    def no_parse(*_: object) -> None:
        raise AssertionError("the JSON was parsed")

    monkeypatch.setattr("core.analysis.reading.messages_fhir.json.loads", no_parse)
    with pytest.raises(MessageError, match=f"more than {MAX_BUNDLE_ENTRIES:,} resources"):
        read_fhir(content)


# --- the adapter and the patient check ---------------------------------------------------


def test_every_loinc_code_of_the_adapter_is_valid_and_names_a_catalogue_analyte() -> None:
    assert all(check_digit_ok(code) for code in SENT_INSTEAD)
    assert {name for name in SENT_INSTEAD.values() if name not in BY_NAME} == set()
    # The catalogue's own codes are read too, each as its analyte: one vocabulary for the
    # codes MedCase writes and the codes it reads.
    assert analyte_for_code("http://loinc.org", "718-7", None) == "Hemoglobin"
    assert analyte_for_code("LN", "2160-0", None) == "Creatinine"
    assert analyte_for_code("LN", "777-3", None) == "Platelets"


def test_analyte_for_code_prefers_loinc_then_the_catalogue_names() -> None:
    assert analyte_for_code("LN", "6690-2", "anything") == "WBC"
    assert analyte_for_code("L", "K", "Potassium") == "Potassium"
    assert analyte_for_code("L", "X1", "Brucella antibody") is None


def test_names_compare_without_accents_case_or_order() -> None:
    sent = MessagePatient(family="GARCIA", given="JOSE A", birth_date="1970-03-15", sex="male")
    age = age_from("1970-03-15")
    assert mismatches(sent, "José García", age, "male") == []
    assert mismatches(sent, "Jose Garcia Lopez", age, "Male") == []
    assert mismatches(sent, "Maria Garcia", age, "female") == ["name", "sex"]
    assert mismatches(sent, "José García", 30, "male") == ["age"]


def test_age_from_a_birth_date() -> None:
    assert age_from("1970-03-15", date(2026, 3, 14)) == 55
    assert age_from("1970-03-15", date(2026, 3, 15)) == 56
    assert age_from(None) is None


def test_the_wrong_patient_warning_never_names_anyone() -> None:
    sent = MessagePatient(family="EVERYWOMAN", given="EVE", birth_date=None, sex="female")
    [warning] = wrong_patient_warnings("Lab file 1", [sent], "Adam Smith", 40, "male")
    assert warning.startswith("Lab file 1: WRONG PATIENT?") and "name, sex differ" in warning
    assert "EVE" not in warning.upper().replace("EVERY", "") and "Smith" not in warning


# --- both flags on the case page's table --------------------------------------------------


def test_the_lab_table_shows_the_senders_flag_beside_medcases_and_marks_a_disagreement() -> None:
    from ui.lab_table import SENDER_FLAG, lab_frame

    document = extract_lab_document(
        "f1",
        "L",
        "x.hl7",
        message(
            "OBX|1|NM|2951-2^Sodium^LN||150|mmol/L|136-145|N|||F",
            "OBX|2|NM|2823-3^Potassium^LN||5.6|mmol/L|3.5-5.1|H|||F",
        ),
    )
    frame = lab_frame(document.lab_values, [])
    rows = frame.set_index("Analyte")
    assert list(frame.columns).index(SENDER_FLAG) == list(frame.columns).index("Flag") + 1
    assert (rows.loc["Sodium", "Flag"], rows.loc["Sodium", SENDER_FLAG]) == ("High", "N (differs)")
    assert (rows.loc["Potassium", "Flag"], rows.loc["Potassium", SENDER_FLAG]) == ("High", "H")


def test_a_table_without_structured_values_has_no_senders_flag_column() -> None:
    from ui.lab_table import SENDER_FLAG, lab_frame

    document = extract_lab_document("f1", "L", "x.txt", b"Sodium 150 mmol/L (136-145)")
    assert SENDER_FLAG not in lab_frame(document.lab_values, []).columns


# --- results that name another patient than the file's (round fifteen, red15) -----------

POTASSIUM_OF = {
    "resourceType": "Observation",
    "id": "k9",
    "status": "final",
    "code": {"coding": [{"system": "http://loinc.org", "code": "2823-3"}], "text": "Potassium"},
    "valueQuantity": {"value": 7.2, "unit": "mmol/L"},
}


def _ghp_with(*entries: dict) -> bytes:
    """The specification's CBC bundle (Patient pat2, Peter James Chalmers) with more
    entries, as one interface feed may send results of two patients in one Bundle."""
    bundle = json.loads(GHP)
    bundle["entry"] += [
        {"fullUrl": f"http://example.org/fhir/{e['id']}", "resource": e} for e in entries
    ]
    return json.dumps(bundle).encode()


@pytest.mark.parametrize(
    "subject",
    [
        {"reference": "Patient/other-77", "display": "Stone, Bob"},
        {"reference": "http://elsewhere.example/fhir/Patient/pat2"},
        {"reference": "urn:uuid:6f1c3c0e-2f5e-4a7e-9a51-0d6c4b1f0e11"},
    ],
)
def test_a_result_naming_a_patient_the_file_does_not_hold_is_a_wrong_patient_warning(
    subject: dict,
) -> None:
    """The reader compared the file's Patient with the case and never asked whose each
    result was: a potassium of 7.2 sent for another patient in the same Bundle was read as
    the case patient's (a critical alarm, the trends, the delta checks)."""
    reading = read_fhir(_ghp_with({**POTASSIUM_OF, "subject": subject}))
    found = [w for w in wrong_patient_warnings(
        "Lab file 1", reading.patients, "James Peter Chalmers", age_from("1974-12-25"), "male"
    )]  # fmt: skip
    assert len(found) == 1 and "WRONG PATIENT?" in found[0], found
    assert "Stone" not in found[0] and "other-77" not in found[0]


def test_results_of_the_files_own_patient_are_read_however_they_reference_it() -> None:
    own = [
        {**POTASSIUM_OF, "id": "k1", "subject": {"reference": "Patient/pat2"}},
        {
            **POTASSIUM_OF,
            "id": "k2",
            "subject": {"reference": "http://example.org/fhir/Patient/pat2"},
        },
        {**POTASSIUM_OF, "id": "k3", "subject": {"reference": "Patient/pat2/_history/1"}},
        {**POTASSIUM_OF, "id": "k4"},  # no subject: the file's
    ]
    reading = read_fhir(_ghp_with(*own))
    assert (
        wrong_patient_warnings(
            "Lab file 1", reading.patients, "James Peter Chalmers", age_from("1974-12-25"), "male"
        )
        == []
    )
    assert sum(1 for r in reading.results if r.analyte == "Potassium") == 4
    # A single Observation of the specification (patient f001, not in the file) is one
    # patient's: nothing to compare, nothing to warn about.
    single = read_fhir((STRUCTURED / "fhir_f001_glucose.json").read_bytes())
    assert not any(p.other_subject for p in single.patients)


def test_a_file_without_a_patient_whose_results_name_two_patients_is_warned_about() -> None:
    first = {**POTASSIUM_OF, "id": "a1", "subject": {"reference": "Patient/p1"}}
    second = {**POTASSIUM_OF, "id": "a2", "subject": {"reference": "Patient/p2"}}
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"resource": first}, {"resource": second}],
    }
    reading = read_fhir(json.dumps(bundle).encode())
    assert (
        len(wrong_patient_warnings("Lab file 1", reading.patients, "Ada Example", 60, "female"))
        == 1
    )
