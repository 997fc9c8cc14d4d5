"""A structured lab file imported twice (#27, red15's "noticed, left"): the same HL7 v2
message (the same MSH-10 from the same MSH-4) or the same FHIR resources uploaded into a
second case of one patient are one set of results: drawn once in the patient's trends,
never a delta check against themselves, and the doctor is told where they were imported
first. Read in the reading child and analysed by the runner, on both backends."""

from __future__ import annotations

import json
import uuid
from dataclasses import replace
from typing import Any

import pytest

from core.analysis.reading.patient_match import age_from
from core.insights import Insights
from core.jobs.runner import AnalysisRunner
from core.models import CaseDetail, NewCase, Upload, utc_now
from tests.contract.harness import SignedIn
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.contract.test_structured_results import STRUCTURED, analysed, runner  # noqa: F401
from tests.doubles import sample_insights
from tests.samples import pdf_bytes
from tests.supabase_stack.server import SupabaseStack

# tests/structured/ghh_lab_glucose_v24.hl7: MSH-4 "ELAB-3", MSH-10 "CNTRL-3456", one
# glucose of 182 mg/dl collected 2002-02-15 07:30 for EVERYWOMAN^EVE, F.
HL7_SAMPLE = (STRUCTURED / "ghh_lab_glucose_v24.hl7").read_bytes()
# tests/structured/fhir_ghp_cbc_bundle.json: Peter James Chalmers' blood count, haemoglobin
# 176 g/L (Observation r1 contained in DiagnosticReport ghp), collected 2015-08-16 06:40.
BUNDLE = (STRUCTURED / "fhir_ghp_cbc_bundle.json").read_bytes()


def _warnings(detail: CaseDetail) -> list[str]:
    assert detail.ai_insights is not None
    return list(detail.ai_insights["provenance"]["warnings"])


def test_an_hl7_message_uploaded_again_is_one_result_of_the_patient(
    doctor_a: SignedIn,
    runner: AnalysisRunner,  # noqa: F811
) -> None:
    form = NewCase(patient_name="Eve Everywoman", patient_age=40, patient_gender="female")
    first = analysed(doctor_a, runner, form, Upload("glucose.hl7", HL7_SAMPLE, "lab"))
    again = replace(form, patient_id=first.case.patient_id)
    second = analysed(doctor_a, runner, again, Upload("glucose-again.hl7", HL7_SAMPLE, "lab"))
    [told] = [w for w in _warnings(second) if "already imported" in w]
    assert f"already imported into case {first.case.case_id}" in told
    assert "CNTRL-3456" not in json.dumps(second.ai_insights)  # only a digest is kept
    assert not any("already imported" in w for w in _warnings(first))

    patient_id = first.case.patient_id
    assert patient_id is not None
    glucose = next(s for s in doctor_a.services.patient_trends(patient_id).series
                   if s.analyte == "Glucose")  # fmt: skip
    assert [p.case_id for p in glucose.points] == [first.case.case_id]

    # Another message (its own control id) with the same numbers is another result.
    other = HL7_SAMPLE.replace(b"|CNTRL-3456|", b"|CNTRL-3457|")
    third = analysed(doctor_a, runner, again, Upload("glucose-next.hl7", other, "lab"))
    assert not any("already imported" in w for w in _warnings(third))
    glucose = next(s for s in doctor_a.services.patient_trends(patient_id).series
                   if s.analyte == "Glucose")  # fmt: skip
    assert [p.case_id for p in glucose.points] == [first.case.case_id, third.case.case_id]


def _blood_count(haemoglobin: str) -> Upload:
    lines = ["Complete blood count", f"Hemoglobin {haemoglobin} g/dL (13.5-17.5)"]
    return Upload("cbc.pdf", pdf_bytes(lines), "lab")


def test_a_fhir_bundle_imported_again_is_never_a_delta_against_itself(
    doctor_a: SignedIn,
    runner: AnalysisRunner,  # noqa: F811
) -> None:
    """Bundle (Hb 17.6 g/dL), a report of 15.0 (a fall of 2.6: checked), the bundle again
    (no check, told), a report of 15.0: its previous haemoglobin is the 15.0, not the
    re-imported 17.6 at the third case's time, so no second fall is claimed."""
    form = NewCase("James Peter Chalmers", age_from("1974-12-25") or 0, "male")
    first = analysed(doctor_a, runner, form, Upload("cbc.json", BUNDLE, "lab"))
    same = replace(form, patient_id=first.case.patient_id)
    second = analysed(doctor_a, runner, same, _blood_count("15.0"))
    assert second.ai_insights is not None
    assert [c["rule"] for c in second.ai_insights["delta_checks"]] == ["hemoglobin_fall"]
    third = analysed(doctor_a, runner, same, Upload("cbc-again.json", BUNDLE, "lab"))
    assert third.ai_insights is not None
    assert third.ai_insights["delta_checks"] == []
    [told] = [w for w in _warnings(third) if "already imported" in w]
    assert first.case.case_id in told
    fourth = analysed(doctor_a, runner, same, _blood_count("15.0"))
    assert fourth.ai_insights is not None
    assert fourth.ai_insights["delta_checks"] == []

    patient_id = first.case.patient_id
    assert patient_id is not None
    haemoglobin = next(s for s in doctor_a.services.patient_trends(patient_id).series
                       if s.analyte == "Hemoglobin")  # fmt: skip
    assert [p.case_id for p in haemoglobin.points] == [
        first.case.case_id, second.case.case_id, fourth.case.case_id
    ]  # fmt: skip


@pytest.mark.postgres
def test_a_results_source_key_stays_out_of_the_blind_view(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """A structured result's source key is the clinic's bookkeeping: a case whose value
    carries one is enrolled as before (the database takes a view's value fields it knows,
    each as stored) and the reviewers' view has no key."""
    from tests.contract.test_attack_matrix import _rows
    from tests.contract.test_pilots import pilots

    _, roles, ids = pilot
    doctor = roles["doctor"].signed_in
    form = NewCase(patient_name="Eve Everywoman", patient_age=40, patient_gender="female")
    case_id = doctor.services.create_case(form, [Upload("g.hl7", HL7_SAMPLE, "lab")]).case.case_id
    value = {"analyte": "Glucose", "value": 182, "unit": "mg/dl", "source_key": "a" * 32,
             "collected": {"at": "2002-02-15T07:30:00+00:00", "zone_given": False}}  # fmt: skip
    insights = sample_insights()
    insights["lab_values"] = [value]
    backend, owner, claim = doctor.backend, doctor.doctor.user_id, str(uuid.uuid4())
    assert backend.cases.request_analysis(owner, case_id) is not None
    assert backend.cases.claim_analysis(owner, case_id, claim, utc_now())
    assert backend.cases.complete_analysis(owner, case_id, claim, Insights.model_validate(insights))
    (made,) = pilots(doctor).enrol(ids["pilot"], [case_id])
    assert made.enrolment_id
    (row,) = [r for r in _rows(supabase_stack, "pilot_cases") if r["case_id"] == case_id]
    [shown] = row["case_view"]["lab_values"]
    assert shown["value"] == 182 and "source_key" not in shown
    assert "collected" not in shown  # round sixteen: a date of care, left out like the key
