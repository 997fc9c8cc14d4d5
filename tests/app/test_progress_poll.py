"""The progress fragment on its own: its timed runs skip app.py, so it keeps the token fresh.

A fragment's run_every reruns only the fragment, not app.py's sign-in gate and refresh. These
tests run the fragment's body as its own script, as the timer does, against the app's clinic.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.insights import LabValue
from core.models import AuthSession
from tests.app.case_states import complete, record_stage, sample_insights
from tests.app.conftest import seed_case, sign_up
from ui.critical_values import CRITICAL_TITLE


def _one_poll(clinic, case_id):  # run as its own script: annotations would not resolve
    import streamlit as st

    from ui import progress, session

    session.init(clinic)
    if session.signed_in():  # app.py's gate, which a fragment's rerun goes through again
        progress.poll_progress(case_id)
    else:
        st.write("signed out")


def _poll(clinic: Clinic, auth: AuthSession, case_id: str) -> AppTest:
    app = AppTest.from_function(_one_poll, args=(clinic, case_id), default_timeout=30)
    app.session_state["auth_session"] = auth
    return app.run()


def test_a_poll_refreshes_a_token_that_is_about_to_expire(clinic: Clinic) -> None:
    auth = sign_up(clinic, "watching@example.com")
    case_id = seed_case(clinic, auth).case.case_id
    record_stage(clinic, auth, case_id, "lab_documents_processed")
    dying = replace(auth, expires_at=time.time() + 120)  # inside the refresh margin

    app = _poll(clinic, dying, case_id)

    assert not app.exception
    fresh = app.session_state["auth_session"]
    assert fresh.refresh_token != auth.refresh_token
    assert fresh.expires_at > time.time() + 600  # past the refresh margin again
    assert clinic.provider.accounts.verify(fresh.access_token).email == "watching@example.com"
    [bar] = app.get("progress")  # and the poll still shows the progress
    assert bar.text.startswith("2 of 8 steps done")


def test_a_poll_leaves_a_token_with_time_to_live_alone(clinic: Clinic) -> None:
    auth = sign_up(clinic, "steady@example.com")
    case_id = seed_case(clinic, auth).case.case_id

    app = _poll(clinic, auth, case_id)

    assert not app.exception
    assert app.session_state["auth_session"].refresh_token == auth.refresh_token
    assert app.get("progress")


def test_a_poll_whose_refresh_fails_signs_the_doctor_out_with_the_reason(clinic: Clinic) -> None:
    auth = sign_up(clinic, "revoked@example.com")
    case_id = seed_case(clinic, auth).case.case_id
    clinic.provider.accounts.sign_out(auth)  # the refresh token no longer works

    app = _poll(clinic, replace(auth, expires_at=time.time() + 30), case_id)

    assert not app.exception
    assert app.session_state["auth_session"] is None
    assert ("warning", "Your session has expired. Please sign in again.") in [
        tuple(notice) for notice in app.session_state["notices"]
    ]
    assert [element.value for element in app.markdown] == ["signed out"]
    assert not app.get("progress")


def test_a_landed_section_shows_under_being_written_while_the_case_analyses(
    clinic: Clinic,
) -> None:
    from tests.app.case_states import repository
    from tests.app.conftest import SEED_CLAIM

    auth = sign_up(clinic, "early@example.com")
    case_id = seed_case(clinic, auth, patient_name="Ada Lovelace").case.case_id
    record_stage(clinic, auth, case_id, "radiology_documents_processed")
    before = _poll(clinic, auth, case_id)
    assert not before.exception
    assert not any("Being written" in c.value for c in before.caption)

    summary = {
        "comprehensive_summary": "[PATIENT] has a haemoglobin of 9.1 g/dL.",
        "key_findings": ["Hemoglobin 9.1 g/dL (low)"],
        "lab_summary": "",
        "radiology_summary": "",
        "confidence_score": 0.7,
    }
    saved = repository(clinic, auth).save_draft_section(
        auth.doctor.user_id, case_id, SEED_CLAIM, "case_summary", summary
    )
    assert saved

    app = _poll(clinic, auth, case_id)

    assert not app.exception
    assert app.get("progress")  # still analysing: the progress stays
    texts = [m.value for m in app.markdown]
    assert "#### Case summary (being written)" in texts
    # The owner's page: the patient's name, never the placeholder.
    assert "Ada Lovelace has a haemoglobin of 9\\.1 g/dL\\." in texts
    assert any(
        c.value.startswith(":orange[:material/edit_note:] **Being written**") for c in app.caption
    )
    assert "#### SOAP note and diagnosis (being written)" not in texts  # not landed yet


def test_the_reading_rounds_critical_values_show_while_the_summary_is_written(
    clinic: Clinic,
) -> None:
    from core.insights import LabValue
    from tests.app.case_states import repository
    from tests.app.conftest import SEED_CLAIM
    from ui.critical_values import CRITICAL_TITLE

    auth = sign_up(clinic, "critical-early@example.com")
    case_id = seed_case(clinic, auth).case.case_id
    record_stage(clinic, auth, case_id, "lab_documents_processed")
    before = _poll(clinic, auth, case_id)
    assert not before.exception
    assert not any(CRITICAL_TITLE in e.value for e in before.error)

    potassium = LabValue(
        analyte="Potassium",
        value=6.9,
        unit="mmol/L",
        flag="high",
        critical=True,
        source_line="Potassium 6.9 mmol/L (3.5-5.1) H",
    )
    sodium = LabValue(analyte="Sodium", value=139, unit="mmol/L")
    rows = [v.model_dump(mode="json") for v in (potassium, sodium)]
    assert repository(clinic, auth).save_draft_section(
        auth.doctor.user_id, case_id, SEED_CLAIM, "lab_values", {"lab_values": rows}
    )

    app = _poll(clinic, auth, case_id)

    assert not app.exception
    assert app.get("progress")  # still analysing
    (banner,) = [e.value for e in app.error if CRITICAL_TITLE in e.value]
    assert "Potassium 6\\.9 mmol/L \\(high\\)" in banner and "Sodium" not in banner


def test_a_report_for_another_patient_is_said_while_the_analysis_runs(clinic: Clinic) -> None:
    from core.insights import LabValue
    from tests.app.case_states import repository
    from tests.app.conftest import SEED_CLAIM
    from ui.progress import EARLY_OTHER_PATIENT

    auth = sign_up(clinic, "other-patient-early@example.com")
    case_id = seed_case(clinic, auth).case.case_id
    record_stage(clinic, auth, case_id, "lab_documents_processed")
    sodium = LabValue(analyte="Sodium", value=139, unit="mmol/L")
    rows = [sodium.model_dump(mode="json")]
    save = repository(clinic, auth).save_draft_section
    assert save(auth.doctor.user_id, case_id, SEED_CLAIM, "lab_values", {"lab_values": rows})
    mine = _poll(clinic, auth, case_id)
    assert not mine.exception
    assert EARLY_OTHER_PATIENT not in [w.value for w in mine.warning]

    marked = [sodium.model_copy(update={"other_patient": True}).model_dump(mode="json")]
    assert save(auth.doctor.user_id, case_id, SEED_CLAIM, "lab_values", {"lab_values": marked})
    app = _poll(clinic, auth, case_id)
    assert not app.exception
    assert app.get("progress")  # still analysing
    assert EARLY_OTHER_PATIENT in [w.value for w in app.warning]


def test_a_poll_that_finds_the_case_completed_shows_its_critical_values_before_the_full_run(
    clinic: Clinic, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue #25: the first critical value on screen within 1 s of Create. The full run of
    # a completed case page is the slowest of all (its charts load the first time), so the
    # poll that finds the case completed shows its critical values before asking for it,
    # and they are on screen while it is made.
    auth = sign_up(clinic, "critical@example.com")
    case_id = seed_case(clinic, auth).case.case_id
    potassium = LabValue(
        analyte="Potassium",
        value=6.9,
        unit="mmol/L",
        reference_low=3.5,
        reference_high=5.1,
        flag="critical",
        critical=True,
    )
    complete(clinic, auth, case_id, sample_insights(values=[potassium]))
    full_runs: list[str] = []

    def full_run(*args: object, **kwargs: object) -> None:
        full_runs.append("asked")
        st.stop()  # AppTest would run the fragment's body again and again

    monkeypatch.setattr(st, "rerun", full_run)

    app = _poll(clinic, auth, case_id)

    assert not app.exception
    assert full_runs == ["asked"]
    [banner] = app.error
    assert CRITICAL_TITLE in banner.value and "Potassium" in banner.value
    assert not app.get("progress")  # no progress for a finished case


def _panel(clinic, case_id, first_seen):  # run as its own script: annotations would not resolve
    import streamlit as st

    from ui import progress, session

    session.init(clinic)
    if first_seen is not None:
        st.session_state[progress.FIRST_SEEN_KEY] = {case_id: first_seen}
    services = session.services()
    detail = services.get_case(case_id)
    progress.analysis_panel(services, detail.case, detail.files, None)
    st.write(f"first looks: {sorted(st.session_state.get(progress.FIRST_SEEN_KEY, {}))}")


def _pace(case_id, seen, now):  # the pace a page's run finds, at ``now``
    import streamlit as st

    from ui import progress

    st.session_state[progress.FIRST_SEEN_KEY] = {case_id: seen}
    st.write(str(progress.poll_seconds(case_id, now)))


def _panel_run(clinic: Clinic, auth: AuthSession, case_id: str, first_seen: float | None):
    app = AppTest.from_function(_panel, args=(clinic, case_id, first_seen), default_timeout=30)
    app.session_state["auth_session"] = auth
    return app.run()


def test_a_page_looks_often_in_the_first_seconds_of_an_analysis_then_at_the_steady_pace(
    clinic: Clinic,
) -> None:
    # Issue #25: the reading round's values land about 0.4 s after Create; a page that
    # looked only every 0.5 s showed them 1.1 to 1.2 s after Create.
    from ui import progress

    auth = sign_up(clinic, "pace@example.com")
    case_id = seed_case(clinic, auth).case.case_id
    record_stage(clinic, auth, case_id, "initialized")

    fresh = _panel_run(clinic, auth, case_id, None)
    assert not fresh.exception
    assert fresh.get("progress")
    assert f"first looks: ['{case_id}']" in [m.value for m in fresh.markdown]
    seen = fresh.session_state[progress.FIRST_SEEN_KEY][case_id]
    assert progress.FIRST_LOOKS_SECONDS < progress.POLL_SECONDS

    def pace(now: float) -> float:
        app = AppTest.from_function(_pace, args=(case_id, seen, now)).run()
        assert not app.exception
        return float(app.markdown[0].value)

    assert pace(seen + 0.1) == progress.FIRST_LOOKS_SECONDS
    assert pace(seen + progress.FIRST_LOOKS_WINDOW + 0.1) == progress.POLL_SECONDS


def test_a_finished_analysis_forgets_when_it_was_first_seen_so_a_rerun_looks_often_again(
    clinic: Clinic,
) -> None:
    auth = sign_up(clinic, "pace-again@example.com")
    case_id = seed_case(clinic, auth).case.case_id
    complete(clinic, auth, case_id, sample_insights())

    app = _panel_run(clinic, auth, case_id, time.monotonic() - 60)

    assert not app.exception
    assert not app.get("progress")
    assert "first looks: []" in [m.value for m in app.markdown]
