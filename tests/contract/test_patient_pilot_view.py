"""Pilots never show the patient's identity, record number or date of birth to reviewers
(#27): the patient record's own number and date of birth are taken out of the reviewer's
view wherever they stand, labelled or not, on both backends."""

from __future__ import annotations

from datetime import date

from core.models import NewCase, Upload
from core.services.pilots import PilotService
from tests.contract.harness import BackendHarness
from tests.doubles import finish_analysis

BORN = date(1958, 2, 11)


def test_the_reviewer_never_reads_the_record_number_or_birth_date(
    harness: BackendHarness,
) -> None:
    lead, doctor, reviewer = (harness.sign_up() for _ in range(3))
    pilot = PilotService(lead.doctor, lead.backend).create_pilot(
        "P", "", "2026-11-01", "2027-01-31"
    )
    for member, role in ((doctor, "doctor"), (reviewer, "reviewer")):
        PilotService(lead.doctor, lead.backend).add_member(
            pilot.pilot_id, member.doctor.email, role
        )
    form = NewCase(
        patient_name="Zanele Mokoena",
        patient_age=0,
        patient_gender="female",
        case_summary="Seen re 778812, born 11.02.1958; thirst. Hb 11.0 on 2026-02-11.",
        date_of_birth=BORN,
        record_number="HX-778812",
    )
    created = doctor.services.create_case(
        form, [Upload("bloods.txt", b"Glucose 11.2 mmol/L", "lab")]
    )
    owner, case_id = doctor.doctor.user_id, created.case.case_id
    (lab,) = doctor.backend.cases.list_files(owner, case_id)
    doctor.backend.cases.save_file_analysis(
        owner, lab.file_id, "Ref hx778812 / 02/11/1958\nGlucose 11.2 mmol/L (3.9-5.5)", None
    )
    finish_analysis(doctor.backend, owner, case_id, summary="Seen 1958-02-11, HX 778812")
    (enrolment,) = PilotService(doctor.doctor, doctor.backend).enrol(pilot.pilot_id, [case_id])
    seen = PilotService(reviewer.doctor, reviewer.backend).enrolled_case(enrolment.enrolment_id)
    view = seen.view.model_dump_json()
    assert "thirst" in view and "Glucose 11.2" in view and "Hb 11.0" in view
    # A date of care is no identifier the engines lose, but a pilot's copy keeps the year
    # alone (Safe Harbor): [DATE], where the birth date is an [IDENTIFIER].
    assert "Hb 11.0 on [DATE]" in view and "2026-02-11" not in view
    for secret in ("Zanele", "Mokoena", "778812", "11.02.1958", "02/11/1958", "1958-02-11"):
        assert secret not in view, secret
    assert reviewer.backend.patients.list_patients(reviewer.doctor.user_id) == []
