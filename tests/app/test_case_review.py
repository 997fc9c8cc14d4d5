"""Physician review on the case page (AppTest): decide on each section, sign, amend."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.models import AuthSession, CreatedCase
from tests.app.case_states import complete, sample_insights
from tests.app.conftest import (
    open_audit_trail,
    open_case,
    seed_case,
    shown,
    sign_in,
    sign_up,
    texts,
)


@pytest.fixture
def doctor(app: AppTest, clinic: Clinic) -> AuthSession:
    auth = sign_up(clinic, "review.page@example.com")
    sign_in(app, "review.page@example.com")
    return auth


@pytest.fixture
def analysed(app: AppTest, clinic: Clinic, doctor: AuthSession) -> CreatedCase:
    case = seed_case(clinic, doctor, patient_name="Mary Seacole")
    insights = sample_insights()
    insights.provenance.case_version = case.case.content_version  # as the analyzer records
    complete(clinic, doctor, case.case.case_id, insights)
    open_case(app, case.case.case_id)
    return case


def decide(app: AppTest, section: str, choice: str, **fields: str) -> AppTest:
    app.radio(key=f"review_{section}_decision").set_value(choice)
    for name, value in fields.items():
        key = f"review_{section}_{name}"
        widget = (
            app.text_input(key=key) if name in ("reason", "icd_code") else app.text_area(key=key)
        )
        widget.input(value)
    return app.button(key=f"review_{section}_save").click().run()


def test_review_each_section_then_sign_and_amend(
    app: AppTest, clinic: Clinic, doctor: AuthSession, analysed: CreatedCase
) -> None:
    assert not app.exception
    assert "Physician review" in texts(app, "header")
    assert app.button(key="review_sign").disabled
    # What the doctor owes, at the top, and the sign bar's count (issue #26).
    page = shown(app)
    assert "Draft, awaiting your review (0 of 3 sections decided)" in page
    assert "**0 of 3 sections decided**" in page
    assert app.button(key="review_sign").proto.shortcut == "alt+s"

    decide(app, "case_summary", "accept")
    decide(app, "soap_note", "edit", plan="Oral iron 65 mg daily; recheck Hb in 6 weeks.")
    decide(app, "primary_diagnosis", "reject", reason="Ferritin pending")
    assert not app.exception
    page = shown(app)
    assert "**Doctor's version**" in page
    assert "**Plan.** Oral iron 65 mg daily; recheck Hb in 6 weeks." in page
    assert "Reason: Ferritin pending" in page
    app.toggle(key="review_soap_note_diff").set_value(True).run()
    [diff] = [c.value for c in app.code]
    assert "-  Ferritin, iron studies." in diff
    assert "+  Oral iron 65 mg daily; recheck Hb in 6 weeks." in diff

    assert "**3 of 3 sections decided**" in shown(app)
    assert "Draft reviewed: ready for your signature" in shown(app)
    # Sign waits for the attestation, which names the signer.
    assert app.button(key="review_sign").disabled
    [attest] = [box for box in app.checkbox if box.key == "review_attest"]
    assert attest.label.startswith("I have reviewed the case summary, the SOAP note")
    assert "sign them as review\\.page@example\\.com" in attest.label  # Markdown-escaped
    attest.check().run()
    assert not app.button(key="review_sign").disabled
    app.button(key="review_sign").click().run()
    assert not app.exception
    page = shown(app)
    assert "Signed by review.page@example.com" in page and "(version 1)" in page
    assert ":material/verified: **Signed v1 by review.page@example.com on " in page
    assert "Rejected by the doctor: Ferritin pending" in page
    assert not app.get("radio")  # a signed note takes no more section decisions

    app.text_area(key="amend_primary_diagnosis_primary_diagnosis").input("Iron deficiency anaemia")
    app.text_input(key="amend_primary_diagnosis_icd_code").input("D50.9")
    app.text_input(key="amend_reason").input("Ferritin 6 ng/mL confirms it")
    app.button(key="amend_submit").click().run()
    assert not app.exception
    page = shown(app)
    assert "Amended by review.page@example.com" in page and "(version 2)" in page
    assert "**Signed v2 by review.page@example.com on " in page and "(an amendment)**" in page
    assert "Reason for the amendment: Ferritin 6 ng/mL confirms it" in page
    app.selectbox(key="review_version").set_value(1).run()
    assert "(version 1)" in shown(app)


def test_bad_decisions_are_explained_and_nothing_is_saved(
    app: AppTest, clinic: Clinic, doctor: AuthSession, analysed: CreatedCase
) -> None:
    decide(app, "primary_diagnosis", "reject")
    assert "Say why the section is rejected" in texts(app, "error")
    decide(app, "primary_diagnosis", "edit", icd_code="XYZ")
    assert any("not a valid ICD-10-CM code" in t for t in texts(app, "error"))
    app.button(key="review_soap_note_save").click().run()
    assert "Choose Accept, Edit or Reject first." in texts(app, "error")
    summary = clinic.services_for(doctor).review.summary(analysed.case.case_id)
    assert summary.history == []


def test_an_edited_case_marks_the_draft_as_written_before_the_change(
    app: AppTest, clinic: Clinic, doctor: AuthSession, analysed: CreatedCase
) -> None:
    clinic.services_for(doctor).update_case(analysed.case.case_id, {"patient_age": 37})
    app.run()
    assert "The AI draft was written before the case was last changed" in " ".join(
        texts(app, "warning")
    )


def test_insights_the_analyzer_did_not_seal_are_shown_as_not_verified(
    app: AppTest, clinic: Clinic, doctor: AuthSession
) -> None:
    forged = seed_case(clinic, doctor, patient_name="Forged Record")
    written = sample_insights()
    written.primary_diagnosis.confidence_score = 0.99
    complete(clinic, doctor, forged.case.case_id, written, seal=False)
    open_case(app, forged.case.case_id)
    assert not app.exception
    assert any(text.startswith("Not verified:") for text in texts(app, "error"))

    genuine = seed_case(clinic, doctor, patient_name="Genuine Record")
    complete(clinic, doctor, genuine.case.case_id, sample_insights())
    open_case(app, genuine.case.case_id)
    assert not any(text.startswith("Not verified:") for text in texts(app, "error"))
    assert "sealed by the analyzer" in shown(app)


def test_a_signed_version_changed_behind_the_app_is_shown_as_not_verified(
    app: AppTest, clinic: Clinic, doctor: AuthSession, analysed: CreatedCase
) -> None:
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        decide(app, section, "accept")
    app.checkbox(key="review_attest").check().run()
    app.button(key="review_sign").click().run()
    assert not any(text.startswith("Signed by") for text in texts(app, "error"))
    assert any(text.startswith("Signed by") for text in texts(app, "success"))
    database = clinic.provider.database  # type: ignore[attr-defined]
    with database.write() as sql:  # whoever holds the file, its guard dropped
        sql.execute("DROP TRIGGER signed_notes_read_only")
        sql.execute(
            "UPDATE signed_notes SET content = json_set(content,"
            " '$.sections.soap_note.text.plan', 'Stop all insulin.')"
        )
    open_case(app, analysed.case.case_id)
    assert not app.exception
    [error] = [text for text in texts(app, "error") if text.startswith("Signed by")]
    assert "Not verified: the stored text of this version does not match" in error
    assert "Stop all insulin." in shown(app)  # shown, but marked


def test_the_audit_tab_lists_the_cases_events_and_verifies_the_chain(
    app: AppTest, clinic: Clinic, doctor: AuthSession, analysed: CreatedCase
) -> None:
    decide(app, "case_summary", "accept")
    open_audit_trail(app)
    table = next(df.value for df in app.dataframe if "Action" in df.value.columns)
    assert list(table["Action"])[:2] == ["Section accepted", "Case opened"]
    assert "section: case_summary" in list(table["Details"])
    assert "Mary" not in table.to_string()
    [audit_csv] = [b for b in app.get("download_button") if b.key == "audit_csv"]
    assert audit_csv.label == "Download CSV"
    app.button(key="audit_verify").click().run()
    assert any(text.startswith("The chain is intact:") for text in texts(app, "success"))
    # The anchor outside the database, sealed by the app's key, for the doctor to keep.
    assert any(text.startswith("Checkpoint sealed by MedCase:") for text in texts(app, "caption"))


def test_the_review_panel_reads_the_patients_name_where_the_engine_saw_the_placeholder(
    app: AppTest, clinic: Clinic, doctor: AuthSession
) -> None:
    case = seed_case(clinic, doctor, patient_name="Mary Seacole")
    insights = sample_insights()
    insights.soap_note.subjective = "[PATIENT] reports two months of fatigue."
    complete(clinic, doctor, case.case.case_id, insights)
    open_case(app, case.case.case_id)
    app.radio(key="review_soap_note_decision").set_value("edit").run()
    subjective = app.text_area(key="review_soap_note_subjective").value
    assert subjective == "Mary Seacole reports two months of fatigue."
    decide(app, "case_summary", "accept")
    decide(app, "soap_note", "accept")
    decide(app, "primary_diagnosis", "accept")
    app.checkbox(key="review_attest").check().run()
    app.button(key="review_sign").click().run()
    assert not app.exception
    page = shown(app)
    assert "Mary Seacole reports two months of fatigue." in page
    assert "[PATIENT]" not in page
