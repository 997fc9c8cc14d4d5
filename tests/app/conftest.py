"""AppTest harness: the real app.py on a temporary data folder, and ways to seed it."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from streamlit.components.v2 import manifest_scanner
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.models import AuthSession, CreatedCase, NewCase, Upload, utc_now
from core.review import SignerProfile
from tests.doubles import case_service

APP = Path(__file__).resolve().parents[2] / "app.py"
PASSWORD = "correct horse battery"
SEED_CLAIM = "held-by-the-test"
_MARKDOWN_ESCAPE = re.compile(r"\\(.)")

# Settings that could point the app elsewhere (a real Supabase, a real model): never in tests.
_OUTSIDE_SETTINGS = (
    "SUPABASE_URL",
    "SUPABASE_ANON_KEY",
    "SUPABASE_ANALYZER_KEY",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "MEDCASE_JWT_SECRET",
    "MEDCASE_MAX_FILE_MB",
)


@pytest.fixture(scope="session", autouse=True)
def installed_components_scanned_once() -> Iterator[None]:
    """Each new AppTest looks through every installed package's metadata for Streamlit
    components (0.3 s, most of a short test). The packages cannot change during a run, so
    the scan's answer is kept for the process (the real server scans once at start too)."""
    with pytest.MonkeyPatch.context() as patch:
        scan = functools.cache(manifest_scanner.scan_component_manifests)
        patch.setattr(manifest_scanner, "scan_component_manifests", scan)
        yield


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    for name in _OUTSIDE_SETTINGS:
        monkeypatch.delenv(name, raising=False)
    folder = tmp_path / "data"
    monkeypatch.setenv("MEDCASE_DATA_DIR", str(folder))
    # Seeded cases hold a claim that never beats: a long stale window keeps the app's own
    # recovery sweep away from them while a test runs (abandon() makes one stale on purpose).
    monkeypatch.setenv("MEDCASE_ANALYSIS_STALE_SECONDS", "1800")
    yield folder
    # The clinic is process-wide: drop it so the next test builds its own.
    st.cache_resource.clear()


def new_app() -> AppTest:
    app = AppTest.from_file(APP, default_timeout=30)
    # A non-empty secrets dict replaces st.secrets, so a developer's secrets.toml is ignored.
    app.secrets["MEDCASE_TEST_RUN"] = "1"
    return app


@pytest.fixture
def app(data_dir: Path) -> AppTest:
    """The app after its first run: signed out."""
    return new_app().run()


@pytest.fixture
def clinic(app: AppTest) -> Clinic:
    """The very clinic the app built (same database, files and accounts)."""
    return app.session_state["clinic"]


def texts(app: AppTest, kind: str) -> list[str]:
    """The text of each element of ``kind`` as the doctor reads it (Markdown escapes removed)."""
    return [_MARKDOWN_ESCAPE.sub(r"\1", str(element.value)) for element in app.get(kind)]


def in_page_order(node: Any) -> list[tuple[str, str]]:
    """Every element under ``node`` in the order the page draws them: (type, label or text,
    Markdown escapes removed), for "is this message right under that field" checks."""
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        return [item for key in sorted(children) for item in in_page_order(children[key])]
    label = getattr(node, "label", None) or str(getattr(node, "value", ""))
    return [(node.type, _MARKDOWN_ESCAPE.sub(r"\1", label))]


def shown(app: AppTest) -> str:
    """Everything readable on the page, for "is this said somewhere" checks."""
    kinds = ("title", "header", "subheader", "markdown", "caption", "info", "warning", "error")
    kinds += ("success", "toast")
    return "\n".join(text for kind in kinds for text in texts(app, kind))


def sign_up(clinic: Clinic, email: str, signer_profile: bool = True) -> AuthSession:
    """A new doctor; one who signs has set their name as signed and credentials (#26),
    unless ``signer_profile`` is False."""
    auth = clinic.provider.accounts.sign_up(email, PASSWORD)
    if signer_profile:
        backend = clinic.provider.for_session(auth)
        try:
            profile = SignerProfile(f"Dr {email.split('@')[0]}", "MD")
            backend.reviews.save_signer_profile(auth.doctor.user_id, profile)
        finally:
            backend.close()
    return auth


def sign_in(app: AppTest, email: str, password: str = PASSWORD) -> AppTest:
    app.text_input(key="sign_in_email").input(email)
    app.text_input(key="sign_in_password").input(password)
    return app.button(key="sign_in_submit").click().run()


def seed_case(
    clinic: Clinic,
    auth: AuthSession,
    patient_name: str = "Ada Lovelace",
    uploads: Sequence[Upload] = (),
    age: int = 36,
) -> CreatedCase:
    """A case made through the core that stays ``analyzing`` until the test says otherwise.

    The test holds the analysis claim, so an analyzer's recovery sweep leaves the case alone.
    """
    backend = clinic.provider.for_session(auth)
    form = NewCase(patient_name=patient_name, patient_age=age, patient_gender="female")
    created = case_service(auth.doctor, backend).create_case(form, list(uploads))
    claimed = backend.cases.claim_analysis(
        auth.doctor.user_id, created.case.case_id, SEED_CLAIM, utc_now()
    )
    assert claimed, "a new case is unclaimed"
    return created


def open_case(app: AppTest, case_id: str) -> AppTest:
    app.query_params["case_id"] = case_id
    return app.switch_page("app_pages/case.py").run()


def open_section(app: AppTest, key: str, value: object = True) -> AppTest:
    """Open what the case page builds only on demand, as the doctor's click does: the
    "Edit case" and "Add files" expanders (True), the "Audit trail" tab (its label)."""
    app.session_state[key] = value
    return app.run()


def open_audit_trail(app: AppTest) -> AppTest:
    return open_section(app, "case_tabs", "Audit trail")


def open_edit(app: AppTest, case_id: str) -> AppTest:
    return open_section(app, f"case_edit_open_{case_id}")


def open_add_files(app: AppTest) -> AppTest:
    return open_section(app, "case_add_files_open")
