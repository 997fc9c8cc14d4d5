"""Physician review on the case page (AppTest): decide on each section, sign, amend."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.errors import SignerNameMissing
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
    """A decision where the section is shown: Accept in one click; Edit opens the editor in
    place of the text; Reject asks for its reason inline."""
    app.segmented_control(key=f"review_{section}_choice").set_value(choice).run()
    if choice == "accept":
        return app.run()  # the whole page again: the decision reran its section alone
    for name, value in fields.items():
        key = f"review_{section}_{name}"
        widget = (
            app.text_input(key=key) if name in ("reason", "icd_code") else app.text_area(key=key)
        )
        widget.input(value)
    confirm = "save" if choice == "edit" else "reject_confirm"
    app.button(key=f"review_{section}_{confirm}").click().run()
    return app.run()


def test_review_each_section_then_sign_and_amend(
    app: AppTest, clinic: Clinic, doctor: AuthSession, analysed: CreatedCase
) -> None:
    assert not app.exception
    assert app.button(key="review_sign").disabled
    # What the doctor owes, at the top, and the sign bar's count (issue #26).
    page = shown(app)
    assert "Draft, awaiting your review (0 of 3 sections decided)" in page
    assert "**0 of 3 sections decided**" in page
    assert app.button(key="review_sign").proto.shortcut == "alt+s"
    # The decisions are under each section's text; no editor or reason field before asked.
    assert not any(key.startswith("review_") for key in _input_keys(app))

    # Accept is one click, and reruns that section, the sign bar and the count at the top:
    # nothing else of the page (the other sections, the files, the audit trail).
    app.segmented_control(key="review_case_summary_choice").set_value("accept").run()
    assert [b.key for b in app.button] == [
        "review_case_summary_change",
        "review_accept_next",
        "review_sign",
    ]
    assert "Draft, awaiting your review (1 of 3 sections decided)" in shown(app)
    assert "**1 of 3 sections decided**" in shown(app)
    app.run()
    decide(app, "soap_note", "edit", plan="Oral iron 65 mg daily; recheck Hb in 6 weeks.")
    decide(app, "primary_diagnosis", "reject", reason="Ferritin pending")
    assert not app.exception
    page = shown(app)
    assert ":material/check: **Accepted**" in page
    assert "**Plan.** Oral iron 65 mg daily; recheck Hb in 6 weeks." in page
    assert ":material/close: **Rejected**: Ferritin pending" in page
    app.toggle(key="review_soap_note_diff").set_value(True).run()
    # Side by side, the changed words marked in words and marks, not colour alone.
    [diff] = [html.proto.body for html in app.get("html") if "medcase-diff" in html.proto.body]
    assert '<th scope="col">AI draft</th><th scope="col">Your version</th>' in diff
    assert "Changed</td>" in diff
    assert "<del>Ferritin," in diff and "studies.</del>" in diff
    assert "<ins>65 mg daily; recheck Hb in 6 weeks.</ins>" in diff

    assert "**3 of 3 sections decided**" in shown(app)
    assert "Draft reviewed: ready for your signature" in shown(app)
    # Sign waits for the attestation, which names the signer as they sign.
    assert app.button(key="review_sign").disabled
    [attest] = [box for box in app.checkbox if box.key == "review_attest"]
    assert attest.label.startswith("I have reviewed the AI draft and the source documents")
    assert attest.label.endswith("— Dr review\\.page, MD")  # Markdown-escaped
    attest.check().run()
    assert not app.button(key="review_sign").disabled
    app.button(key="review_sign").click().run()
    assert not app.exception
    page = shown(app)
    assert "Signed by Dr review.page, MD (review.page@example.com)" in page
    assert "(version 1)" in page
    assert ":material/verified: **Signed v1 by Dr review.page, MD on " in page
    assert "Rejected by the doctor: Ferritin pending" in page
    # A signed note takes no more section decisions.
    assert not app.segmented_control

    app.text_area(key="amend_primary_diagnosis_primary_diagnosis").input("Iron deficiency anaemia")
    app.text_input(key="amend_primary_diagnosis_icd_code").input("D50.9")
    app.text_input(key="amend_reason").input("Ferritin 6 ng/mL confirms it")
    app.button(key="amend_submit").click().run()
    assert not app.exception
    page = shown(app)
    assert "Amended by Dr review.page, MD (review.page@example.com)" in page
    assert "(version 2)" in page
    assert "**Signed v2 by Dr review.page, MD on " in page and "(an amendment)**" in page
    assert "Reason for the amendment: Ferritin 6 ng/mL confirms it" in page
    app.selectbox(key="review_version").set_value(1).run()
    assert "(version 1)" in shown(app)
    # Two signed versions side by side: the diagnosis the amendment wrote where it was
    # rejected.
    app.toggle(key="review_compare").set_value(True).run()
    assert (app.selectbox(key="review_from").value, app.selectbox(key="review_to").value) == (1, 2)
    tables = [html.proto.body for html in app.get("html") if "medcase-diff" in html.proto.body]
    [diagnosis] = [table for table in tables if "<caption>Primary diagnosis</caption>" in table]
    assert '<th scope="col">Version 1</th><th scope="col">Version 2</th>' in diagnosis
    assert "<del>Rejected: Ferritin pending</del>" in diagnosis
    assert "<ins>  Iron deficiency anaemia</ins>" in diagnosis
    # The sections the amendment left alone say so, without a table.
    assert "Case summary: no change." in texts(app, "caption")


def _input_keys(app: AppTest) -> list[str]:
    return [w.key for kind in ("text_area", "text_input", "radio") for w in app.get(kind) if w.key]


def test_bad_decisions_are_explained_and_nothing_is_saved(
    app: AppTest, clinic: Clinic, doctor: AuthSession, analysed: CreatedCase
) -> None:
    # Reject asks for its reason inline, and refuses none.
    app.segmented_control(key="review_primary_diagnosis_choice").set_value("reject").run()
    app.button(key="review_primary_diagnosis_reject_confirm").click().run()
    assert "Say why the section is rejected" in texts(app, "error")
    app.button(key="review_primary_diagnosis_reject_cancel").click().run()
    # Edit opens the editor in place of the text; a bad code is explained, the editor kept.
    app.segmented_control(key="review_primary_diagnosis_choice").set_value("edit").run()
    app.text_input(key="review_primary_diagnosis_icd_code").input("XYZ")
    app.button(key="review_primary_diagnosis_save").click().run()
    assert any("not a valid ICD-10-CM code" in t for t in texts(app, "error"))
    assert app.text_input(key="review_primary_diagnosis_icd_code").value == "XYZ"
    summary = clinic.services_for(doctor).review.summary(analysed.case.case_id)
    assert summary.history == []


def test_edit_opens_a_full_height_editor_in_place_of_the_text(
    app: AppTest, clinic: Clinic, doctor: AuthSession, analysed: CreatedCase
) -> None:
    app.segmented_control(key="review_soap_note_choice").set_value("edit").run()
    # Only the SOAP note reran: its editor, pre-filled with the AI's text, sized to it.
    plan = app.text_area(key="review_soap_note_plan")
    assert plan.value == "Ferritin, iron studies."
    assert [c.key for c in app.segmented_control] == []  # no other section reran
    long_text = "word " * 200  # about 17 lines at 60 characters
    app.text_area(key="review_soap_note_subjective").input(long_text)
    app.button(key="review_soap_note_save").click().run()
    app.run()
    assert (
        clinic.services_for(doctor)
        .review.summary(analysed.case.case_id)
        .reviews["soap_note"]
        .edited["subjective"]
        == long_text.strip()
    )
    # Change opens the editor again with the doctor's text (sized to it: height_for).
    app.button(key="review_soap_note_change").click().run()
    app.segmented_control(key="review_soap_note_choice").set_value("edit").run()
    subjective = app.text_area(key="review_soap_note_subjective")
    assert subjective.value == long_text.strip()
    app.button(key="review_soap_note_cancel").click().run()
    assert not app.get("text_area")


def test_signing_waits_for_the_name_as_signed_then_the_note_carries_it(
    app: AppTest, clinic: Clinic
) -> None:
    auth = sign_up(clinic, "no.profile@example.com", signer_profile=False)
    sign_in(app, "no.profile@example.com")
    case = seed_case(clinic, auth, patient_name="Grace Hopper")
    complete(clinic, auth, case.case.case_id, sample_insights())
    open_case(app, case.case.case_id)
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        decide(app, section, "accept")
    assert "Set how you sign first" in " ".join(texts(app, "warning"))
    assert app.checkbox(key="review_attest").disabled
    assert app.button(key="review_sign").disabled
    # The store refuses it too (an API client, a stale page).
    services = clinic.services_for(auth)
    with pytest.raises(SignerNameMissing):
        services.review.sign(case.case.case_id)

    # The form is built only once the doctor opens the bar's "Set how you sign" (#25).
    assert not [box for box in app.main.text_input if box.key == "bar_profile_name"]
    app.session_state["bar_profile_open"] = True  # the doctor opens it
    app.run()
    app.text_input(key="bar_profile_name").input("Dr Grace Hopper")
    app.text_input(key="bar_profile_credentials").input("MD, PhD")
    app.button(key="bar_profile_save").click().run()
    assert not app.exception
    attest = app.checkbox(key="review_attest")
    assert not attest.disabled
    assert attest.label.endswith("— Dr Grace Hopper, MD, PhD")
    attest.check().run()
    app.button(key="review_sign").click().run()
    assert "Signed by Dr Grace Hopper, MD, PhD (no.profile@example.com)" in shown(app)
    [note] = services.review.versions(case.case.case_id)
    assert (note.signer_name, note.signer_credentials) == ("Dr Grace Hopper", "MD, PhD")
    # The sidebar says how the doctor signs, and changes it for the next signature.
    assert "Signs as Dr Grace Hopper, MD, PhD" in texts(app, "caption")


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
    app.segmented_control(key="review_soap_note_choice").set_value("edit").run()
    subjective = app.text_area(key="review_soap_note_subjective").value
    assert subjective == "Mary Seacole reports two months of fatigue."
    app.button(key="review_soap_note_cancel").click().run()
    app.run()
    decide(app, "case_summary", "accept")
    decide(app, "soap_note", "accept")
    decide(app, "primary_diagnosis", "accept")
    app.checkbox(key="review_attest").check().run()
    app.button(key="review_sign").click().run()
    assert not app.exception
    page = shown(app)
    assert "Mary Seacole reports two months of fatigue." in page
    assert "[PATIENT]" not in page


def test_each_undecided_section_is_decided_with_one_labelled_control(
    app: AppTest, clinic: Clinic, doctor: AuthSession, analysed: CreatedCase
) -> None:
    # One control per section under its text (issue #25: not three buttons in columns),
    # named for screen readers by the section it decides.
    controls = {control.key: control for control in app.main.segmented_control}
    assert list(controls) == [
        "review_case_summary_choice",
        "review_soap_note_choice",
        "review_primary_diagnosis_choice",
    ]
    summary = controls["review_case_summary_choice"]
    assert summary.label == "Your decision on the Case summary"
    assert summary.options == ["Accept", "Edit", "Reject"]
    icons = [option.content_icon for option in summary.proto.options]
    assert icons == [":material/check:", ":material/edit:", ":material/close:"]
    assert summary.value is None
    assert not [b for b in app.button if b.key and b.key.startswith("review_case_summary")]

    decide(app, "case_summary", "accept")
    review = clinic.services_for(doctor).review
    assert review.summary(analysed.case.case_id).reviews["case_summary"].decision == "accepted"
    # Change brings the control back, nothing chosen, with "Keep my decision" beside.
    app.button(key="review_case_summary_change").click().run()
    again = app.segmented_control(key="review_case_summary_choice")
    assert again.value is None
    assert again.options[-1] == "Keep my decision"
    again.set_value("keep").run()
    app.run()
    assert ":material/check: **Accepted**" in shown(app)
    assert "review_case_summary_choice" not in [c.key for c in app.segmented_control]
    assert len(review.summary(analysed.case.case_id).history) == 1  # nothing saved again
