"""How the app is put together: settings, CORS, OpenAPI, the analyzer hand-off, uvicorn."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from core.config import Settings
from core.jobs.recovery import RecoveryPolicy
from core.models import Doctor
from core.ports import Backend
from tests.api.conftest import CASE_FORM, create_case, make_clinic, sign_up
from tests.doubles import CountingProvider

ROOT = Path(__file__).resolve().parents[2]


def test_cors_origins_come_from_a_comma_separated_setting() -> None:
    settings = Settings.from_sources(
        {"MEDCASE_CORS_ORIGINS": " https://ehr.example.org/, http://localhost:3000 ,,"}
    )
    assert settings.cors_origins == ("https://ehr.example.org", "http://localhost:3000")
    assert Settings.from_sources({"MEDCASE_CORS_ORIGINS": ["https://a.example"]}).cors_origins == (
        "https://a.example",
    )
    assert Settings.from_sources({}).cors_origins == ()


def _preflight(client: TestClient, origin: str) -> httpx.Response:
    return client.options(
        "/cases/all_cases",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "Authorization",
        },
    )


def test_cors_allows_only_the_configured_origins(tmp_path: Path) -> None:
    clinic = make_clinic(tmp_path / "data", cors_origins=("https://ehr.example.org",))
    with TestClient(create_app(clinic)) as client:
        allowed = _preflight(client, "https://ehr.example.org")
        assert allowed.status_code == 200
        assert allowed.headers["access-control-allow-origin"] == "https://ehr.example.org"
        refused = _preflight(client, "https://evil.example.com")
        assert "access-control-allow-origin" not in refused.headers


def test_no_cors_origins_by_default(tmp_path: Path) -> None:
    with TestClient(create_app(make_clinic(tmp_path / "data"))) as client:
        answer = _preflight(client, "https://ehr.example.org")
        assert "access-control-allow-origin" not in answer.headers


def test_openapi_documents_every_route_and_docs_are_served(tmp_path: Path) -> None:
    with TestClient(create_app(make_clinic(tmp_path / "data"))) as client:
        paths = client.get("/openapi.json").json()["paths"]
        assert client.get("/docs").status_code == 200
    expected = {
        "/auth/v1/signup": {"post"},
        "/auth/v1/token": {"post"},
        "/auth/v1/user": {"get"},
        "/auth/v1/logout": {"post"},
        "/cases/create_case": {"post"},
        "/api/v1/cases": {"post"},
        "/api/v1/cases/fhir": {"post"},
        "/cases/all_cases": {"get"},
        "/cases/cases/{case_id}": {"get", "put", "delete"},
        "/cases/upload": {"post"},
        "/cases/files/{case_id}": {"get"},
        "/api/v1/cases/{case_id}/insights": {"get"},
        "/api/v1/cases/{case_id}/analysis": {"post"},
        "/api/v1/cases/{case_id}/review": {"get"},
        "/api/v1/cases/{case_id}/review/{section}": {"post"},
        "/api/v1/cases/{case_id}/sign": {"post"},
        "/api/v1/me/signer-profile": {"get", "put"},
        "/api/v1/cases/{case_id}/amend": {"post"},
        "/api/v1/cases/{case_id}/versions": {"get"},
        "/api/v1/cases/{case_id}/versions/{version}": {"get"},
        "/api/v1/cases/{case_id}/critical-values": {"get"},
        "/api/v1/cases/{case_id}/critical-values/{value_key}/acknowledgment": {"post"},
        "/api/v1/critical-values/acknowledgment-times": {"get"},
        "/api/v1/cases/{case_id}/audit": {"get"},
        "/api/v1/audit/verify": {"get"},
        "/api/v1/cases/{case_id}/fhir": {"get"},
        "/api/v1/pilots": {"get", "post"},
        "/api/v1/pilots/{pilot_id}": {"get"},
        "/api/v1/pilots/{pilot_id}/members": {"get", "post"},
        "/api/v1/pilots/{pilot_id}/members/{user_id}": {"delete"},
        "/api/v1/pilots/{pilot_id}/enrolments": {"get", "post"},
        "/api/v1/pilots/{pilot_id}/enrolments/{enrolment_id}": {"get"},
        "/api/v1/pilots/{pilot_id}/enrolments/{enrolment_id}/insights": {"get"},
        "/api/v1/pilots/{pilot_id}/enrolments/{enrolment_id}/reviews": {"post"},
        "/api/v1/pilots/{pilot_id}/reviews/{review_id}/scores": {"post"},
        "/api/v1/pilots/{pilot_id}/reviews": {"get"},
        "/api/v1/pilots/{pilot_id}/figures": {"get"},
        "/api/v1/pilots/{pilot_id}/export/reviews.csv": {"get"},
        "/api/v1/pilots/{pilot_id}/export/figures.csv": {"get"},
        "/api/v1/patients": {"get", "post"},
        "/api/v1/patients/merge_suggestions": {"get"},
        "/api/v1/patients/{patient_id}": {"get", "patch"},
        "/api/v1/patients/{patient_id}/merge": {"post"},
        "/api/v1/patients/{patient_id}/unmerge": {"post"},
        "/api/v1/patients/{patient_id}/trends": {"get"},
    }
    assert {path: set(operations) for path, operations in paths.items()} == expected
    assert "201" in paths["/cases/create_case"]["post"]["responses"]
    assert "413" in paths["/cases/upload"]["post"]["responses"]


def test_supabase_mode_serves_no_embedded_sign_up(tmp_path: Path) -> None:
    clinic = make_clinic(
        tmp_path / "data", supabase_url="https://x.supabase.co", supabase_anon_key="anon"
    )
    with TestClient(create_app(clinic)) as client:
        answer = client.post(
            "/auth/v1/signup", json={"email": "a@b.org", "password": "correct horse battery"}
        )
    assert answer.status_code == 404


class RecordingQueue:
    """Stands in for the analyzer's queue: records what the API hands it."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Doctor, str, Callable[[], Backend]]] = []

    def enqueue(self, doctor: Doctor, case_id: str, open_backend: Callable[[], Backend]) -> None:
        self.jobs.append((doctor, case_id, open_backend))

    @property
    def case_ids(self) -> list[str]:
        return [job[1] for job in self.jobs]


def test_creating_a_case_queues_its_analysis_once(tmp_path: Path) -> None:
    queue = RecordingQueue()
    clinic = make_clinic(tmp_path / "data", analyzer=queue)
    with TestClient(create_app(clinic)) as client:
        doctor = sign_up(client, "queue@example.org")
        made = [
            client.post(path, headers=doctor.headers, data=CASE_FORM).json()["case"]["case_id"]
            for path in ("/cases/create_case", "/api/v1/cases")
        ]
        refused = client.post(
            "/cases/create_case", headers=doctor.headers, data={**CASE_FORM, "patient_age": "x"}
        )
        assert refused.status_code == 400
    assert [(job[0].user_id, job[1]) for job in queue.jobs] == [
        (doctor.user_id, case_id) for case_id in made
    ]
    # Each job opens its own backend acting as the doctor (embedded: the shared one).
    assert all(job[2]() is clinic.provider.backend for job in queue.jobs)


def test_polling_a_case_still_analysing_offers_it_to_the_analyzer(tmp_path: Path) -> None:
    queue = RecordingQueue()
    every_poll = RecoveryPolicy(resume_every_seconds=0)
    clinic = make_clinic(tmp_path / "data", analyzer=queue, policy=every_poll)
    with TestClient(create_app(clinic)) as client:
        doctor = sign_up(client, "poll@example.org")
        case_id = create_case(client, doctor)["case"]["case_id"]
        client.get(f"/cases/cases/{case_id}", headers=doctor.headers).raise_for_status()
        client.get(f"/api/v1/cases/{case_id}/insights", headers=doctor.headers).raise_for_status()
        finished = create_case(client, doctor)["case"]["case_id"]
        with clinic.provider.database.write() as db:  # as the analyzer would leave it
            db.execute("UPDATE cases SET status = 'completed' WHERE case_id = ?", (finished,))
        client.get(f"/cases/cases/{finished}", headers=doctor.headers).raise_for_status()
    # Created, polled twice; the finished case only when created, never once completed.
    assert queue.case_ids == [case_id, case_id, case_id, finished]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_importing_the_entrypoint_has_no_side_effects(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-c", "import api.main"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
        timeout=60,
    )
    assert list(tmp_path.iterdir()) == []


def test_uvicorn_serves_the_app_built_from_the_environment(tmp_path: Path) -> None:
    port = _free_port()
    data_dir = tmp_path / "clinic-data"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEDCASE_DATA_DIR": str(data_dir)}
    command = [sys.executable, "-m", "uvicorn", "api.main:app", "--host", "127.0.0.1"]
    server = subprocess.Popen(
        [*command, "--port", str(port), "--log-level", "warning"],
        cwd=tmp_path,
        env=env,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90  # the wiring, not the start time: slow on a loaded machine
        while True:
            try:
                if httpx.get(f"{base}/openapi.json", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                pytest.fail("uvicorn did not start")
            time.sleep(0.1)
        answer = httpx.post(
            f"{base}/auth/v1/signup",
            json={"email": "served@example.org", "password": "long enough, truly"},
        )
        assert answer.status_code == 200
        assert (data_dir / "jwt_secret").is_file()
        assert (data_dir / "medcase.sqlite3").is_file()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_app_stops_the_clinic_it_built_and_only_that_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEDCASE_DATA_DIR", str(tmp_path / "built"))
    built_app = create_app()
    given = make_clinic(tmp_path / "given")
    stopped: list[str] = []
    built_app.state.clinic.closers.append(lambda: stopped.append("built"))
    given.closers.append(lambda: stopped.append("given"))
    with TestClient(built_app), TestClient(create_app(given)):
        assert stopped == []
    assert stopped == ["built"]


def test_every_request_closes_the_backend_it_opened(tmp_path: Path) -> None:
    clinic = make_clinic(tmp_path / "data")
    counting = CountingProvider(clinic.provider)
    clinic.provider = counting
    with TestClient(create_app(clinic), raise_server_exceptions=False) as client:
        doctor = sign_up(client, "pools@example.org")
        case_id = create_case(client, doctor)["case"]["case_id"]
        client.get(f"/cases/cases/{case_id}", headers=doctor.headers).raise_for_status()
        client.get("/cases/all_cases", headers=doctor.headers).raise_for_status()
        missing = client.get(f"/cases/cases/{uuid.uuid4()}", headers=doctor.headers)
        assert missing.status_code == 404  # an error answer closes it too
    assert counting.opened >= 4
    assert counting.still_open == 0
