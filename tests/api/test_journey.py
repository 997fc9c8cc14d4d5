"""The issue's "Done when": an integrator's script does the whole journey over HTTP only.

The app runs under a real uvicorn server on 127.0.0.1 with the clinic ``build_clinic``
wires from settings (so the analyzer is the real one once it is wired); the script sees
nothing but HTTP.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from api.main import create_app
from core.bootstrap import Clinic, build_clinic
from core.config import Settings
from tests import samples
from tests.doubles import HeldAnalyses

POLL_SECONDS = 60


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Clinic]]:
    clinic = build_clinic(Settings(data_dir=tmp_path / "data"))
    server = uvicorn.Server(
        uvicorn.Config(create_app(clinic), host="127.0.0.1", port=0, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                pytest.fail("uvicorn did not start")
            time.sleep(0.05)
        port = server.servers[0].sockets[0].getsockname()[1]
        yield f"http://127.0.0.1:{port}", clinic
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        clinic.close()


def _ok(answer: httpx.Response, status: int = 200) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    return answer.json()


def test_a_script_does_the_whole_journey_over_http(served: tuple[str, Clinic]) -> None:
    base, clinic = served
    with httpx.Client(base_url=base, timeout=30) as http:
        signed_up = _ok(
            http.post(
                "/auth/v1/signup",
                json={"email": "ehr@example.org", "password": "bridge of the river kwai"},
            )
        )
        session = _ok(
            http.post(
                "/auth/v1/token",
                params={"grant_type": "password"},
                json={"email": "ehr@example.org", "password": "bridge of the river kwai"},
            )
        )
        assert session["user"] == signed_up["user"]
        http.headers["Authorization"] = f"Bearer {session['access_token']}"
        user_id = session["user"]["id"]

        created = _ok(
            http.post(
                "/cases/create_case",
                data={
                    "user_id": user_id,
                    "patient_name": "Jane Roe",
                    "patient_age": "54",
                    "patient_gender": "female",
                    "case_summary": "Fatigue and fever for a week",
                },
                files=[
                    ("lab_files", ("cbc.pdf", samples.pdf_bytes(), "application/pdf")),
                    ("radiology_files", ("chest.png", samples.png_bytes(), "image/png")),
                ],
            ),
            201,
        )
        case_id = created["case"]["case_id"]
        assert len(created["uploaded_files"]) == 2

        detail = _ok(http.get(f"/cases/cases/{case_id}"))
        if isinstance(clinic.analyzer, HeldAnalyses):
            # Until the analyzer is wired the insights cannot appear; everything else runs.
            assert detail["ai_insights"] is None
        else:
            deadline = time.monotonic() + POLL_SECONDS
            # The case, its files and its insights are separate reads: a client waits for
            # the status to leave "analyzing" (insights may land a moment before it does).
            while detail["ai_insights"] is None or detail["case"]["status"] == "analyzing":
                assert detail["case"]["status"] in ("analyzing", "processing"), detail["case"]
                assert time.monotonic() < deadline, "no insights within the polling window"
                time.sleep(0.2)
                detail = _ok(http.get(f"/cases/cases/{case_id}"))
            insights = detail["ai_insights"]
            assert detail["case"]["status"] == "completed"
            assert {"case_summary", "soap_note", "primary_diagnosis"} <= set(insights)
            assert 0.0 <= insights["overall_confidence_score"] <= 1.0
            by_api_v1 = _ok(http.get(f"/api/v1/cases/{case_id}/insights"))
            assert detail["insights_verified"] is True  # sealed by the analyzer
            assert by_api_v1 == {
                "case_id": case_id,
                "medical_insights": insights,
                "insights_verified": True,
            }

        changes = {"case_summary": "Fever resolved", "patient_age": 55}
        updated = _ok(http.put(f"/cases/cases/{case_id}", json=changes))
        assert updated["case"]["case_summary"] == "Fever resolved"
        assert updated["case"]["patient_age"] == 55

        uploaded = _ok(
            http.post(
                "/cases/upload",
                data={"case_id": case_id, "file_category": "radiology"},
                files={"file": ("head.dcm", samples.dicom_bytes(), "application/dicom")},
            ),
            201,
        )
        listed = _ok(http.get(f"/cases/files/{case_id}"))["files"]
        assert [f["file_name"] for f in listed] == ["cbc.pdf", "chest.png", "head.dcm"]
        assert listed[-1]["file_id"] == uploaded["file"]["file_id"]

        mine = _ok(http.get("/cases/all_cases", params={"user_id": user_id}))["cases"]
        assert [c["case_id"] for c in mine] == [case_id]

        deleted = _ok(http.delete(f"/cases/cases/{case_id}"))
        assert deleted == {"message": "Case deleted successfully"}
        assert http.get(f"/cases/cases/{case_id}").status_code == 404
        assert _ok(http.get("/cases/all_cases"))["cases"] == []
