"""The case page offers the FHIR R4 document beside the Markdown and PDF exports."""

from __future__ import annotations

import json

import pytest
from fhirclient.models.bundle import Bundle
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.models import AuthSession, CreatedCase
from tests.app.case_states import complete, sample_insights
from tests.app.conftest import open_case, seed_case, sign_in, sign_up
from ui import export


@pytest.fixture
def doctor(app: AppTest, clinic: Clinic) -> AuthSession:
    auth = sign_up(clinic, "fhir.page@example.com")
    sign_in(app, "fhir.page@example.com")
    return auth


@pytest.fixture
def case(clinic: Clinic, doctor: AuthSession) -> CreatedCase:
    return seed_case(clinic, doctor, patient_name="Mary Seacole")


def test_the_case_page_offers_the_fhir_document(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    complete(clinic, doctor, case_id, sample_insights())
    open_case(app, case_id)

    assert not app.exception
    buttons = {button.key: button for button in app.get("download_button")}
    fhir = buttons[export.FHIR_KEY]
    assert fhir.label == "FHIR R4"
    assert fhir.proto.deferred_file_id  # built on the click, when the export is recorded

    # What a click hands out: the R4 document of the draft, and an export event.
    services = clinic.services_for(doctor)
    document = export._fhir_document(services, case.case)
    bundle = json.loads(document)
    assert Bundle(bundle, strict=True).as_json() == bundle
    assert bundle["entry"][0]["resource"]["status"] == "preliminary"
    assert len([e for e in bundle["entry"] if e["resource"]["resourceType"] == "Observation"]) == 3
    exported = [e for e in services.audit_events(case_id) if e.action == "case_exported"]
    assert [e.details for e in exported] == [{"format": "fhir"}]


def test_no_fhir_export_before_there_are_insights(app: AppTest, case: CreatedCase) -> None:
    open_case(app, case.case.case_id)
    assert not app.exception
    assert export.FHIR_KEY not in {button.key for button in app.get("download_button")}
