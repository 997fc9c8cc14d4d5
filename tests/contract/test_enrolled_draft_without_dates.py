"""Round fifteen (red15): the AI draft a pilot's reviewers and coordinator read carries no
date of the patient's care and no id of the doctor's other cases.

The blind view of an enrolled case gives the age as a ten-year band and no date (HIPAA's
Safe Harbor removes every date element but the year), and reviewers never read a case's
id (round twelve). But the enrolled draft was the stored draft with its texts redacted,
everything else as stored, so a reviewer who had diagnosed (and the coordinator) read, in
the API's answer and straight from the table, when the case was analysed
(``generated_at``) and, for a patient seen before, each delta check's ``earlier_at`` (the
day and hour of the earlier visit) and ``earlier_case_id`` (the doctor's other case of the
same patient). Now the enrolled draft leaves out both, on both backends, the database
refuses an enrolled draft that carries them, and those stored before are rewritten.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from core.analysis.rules.engine import RulesEngine
from core.jobs.recovery import Recovery, RecoveryPolicy
from core.jobs.runner import AnalysisRunner
from core.models import NewCase, Upload
from tests.contract.harness import BackendHarness
from tests.contract.test_pilots import SCORES, pilots
from tests.doubles import case_service
from tests.samples import pdf_bytes

A_DATE = re.compile(r"\b(19|20)\d\d-\d\d-\d\d")


def test_the_enrolled_draft_names_no_date_of_care_and_no_other_case(
    harness: BackendHarness,
) -> None:
    lead, doctor, reviewer = (harness.sign_up() for _ in range(3))
    pilot = pilots(lead).create_pilot("Kidney pilot", "", "2026-11-01", "2027-01-31")
    pilots(lead).add_member(pilot.pilot_id, doctor.doctor.email, "doctor")
    pilots(lead).add_member(pilot.pilot_id, reviewer.doctor.email, "reviewer")
    # Two visits of one patient, analysed by the rules engine: the second has delta checks.
    policy = RecoveryPolicy()
    runner = AnalysisRunner(RulesEngine(), workers=1, policy=policy)
    try:
        services = case_service(
            doctor.doctor, doctor.backend, runner, recovery=Recovery(runner, policy)
        )
        form = NewCase(patient_name="Ada Example", patient_age=71, patient_gender="female")
        lab = pdf_bytes(["Chemistry", "Creatinine 0.8 mg/dL (0.6-1.3)"])
        first = services.create_case(form, [Upload("march.pdf", lab, "lab")]).case
        assert runner.wait_idle(timeout=60)
        later = pdf_bytes(["Chemistry", "Creatinine 1.4 mg/dL (0.6-1.3) H"])
        again = replace(form, patient_id=first.patient_id)
        second = services.create_case(again, [Upload("june.pdf", later, "lab")]).case
        assert runner.wait_idle(timeout=60)
    finally:
        runner.shutdown(wait=True)
    stored = services.get_case(second.case_id).ai_insights
    assert stored is not None and stored["delta_checks"][0]["earlier_case_id"] == first.case_id

    (enrolment,) = pilots(doctor).enrol(pilot.pilot_id, [second.case_id])
    blind = pilots(reviewer)
    review = blind.record_diagnosis(enrolment.enrolment_id, "Acute kidney injury", "N17.9")
    blind.submit_scores(pilot.pilot_id, review.review_id, SCORES)
    read = {
        "reviewer": blind.ai_insights(enrolment.enrolment_id).ai_insights,
        "coordinator": pilots(lead).pilot_insights(pilot.pilot_id)[0].ai_insights,
    }
    for who, draft in read.items():
        text = json.dumps(draft)
        assert first.case_id not in text and second.case_id not in text, who
        assert not A_DATE.search(text), (who, A_DATE.search(text))
        # The checks themselves stay: what changed, by how much, how long before.
        assert [c["rule"] for c in draft["delta_checks"]] == [
            c["rule"] for c in stored["delta_checks"]
        ], who
        assert draft["delta_checks"][0]["earlier_value"] == 0.8, who
        assert draft["primary_diagnosis"]["icd_code"] == "N17.9", who
    report = pilots(lead).report(pilot.pilot_id)
    assert report.figures.enrolled == 1 and not A_DATE.search(report.reviews_csv.split("\n")[0])
