"""Stored files a refused clean-up left behind are removed with the doctor's next token.

Under Supabase a token that expires in the middle of a new case's upload has its rows
refused and then its clean-up refused too; the objects would stay in the doctor's folder
with no case referring to them (core.services.leftover_files).
"""

from __future__ import annotations

import time
import uuid
from dataclasses import replace

import jwt
import pytest

from core.bootstrap import Clinic, build_clinic
from core.config import Settings
from core.errors import MedCaseError, NotAuthenticated
from core.jobs.recovery import Recovery, RecoveryPolicy
from core.models import NewCase, Upload
from core.services import CaseService
from core.services.leftover_files import LeftoverFiles
from tests import samples
from tests.contract.harness import SignedIn, with_failing_database
from tests.doubles import HeldAnalyses
from tests.supabase_stack.harness import SupabaseHarness

FORM = NewCase("Ada Example", 54, "female", "notes")


def _uploads() -> list[Upload]:
    return [
        Upload("a.pdf", samples.pdf_bytes(), "lab"),
        Upload("b.png", samples.png_bytes(), "radiology"),
    ]


class RefusingDeletes:
    """A real blob store whose removals are refused, as storage refuses an expired token."""

    def __init__(self, inner) -> None:
        self._inner = inner

    def __getattr__(self, name: str):
        return getattr(self._inner, name)

    def delete(self, keys) -> None:
        raise NotAuthenticated()

    def delete_folder(self, prefix: str) -> None:
        raise NotAuthenticated()


def _service(signed_in: SignedIn, backend, leftovers: LeftoverFiles) -> CaseService:
    queue = HeldAnalyses()
    return CaseService(
        signed_in.doctor, backend, queue, Recovery(queue, RecoveryPolicy()), leftovers=leftovers
    )


def test_a_refused_clean_up_is_done_with_the_next_token_and_only_for_its_doctor(
    harness, doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    leftovers = LeftoverFiles()
    of_b = doctor_b.services.create_case(FORM, _uploads())
    before = harness.stored_keys()
    broken = with_failing_database(doctor_a.backend)
    broken = replace(broken, blobs=RefusingDeletes(doctor_a.backend.blobs))
    with pytest.raises(MedCaseError):
        _service(doctor_a, broken, leftovers).create_case(FORM, _uploads())
    left = harness.stored_keys() - before
    assert len(left) == 2 and all(k.startswith(f"{doctor_a.doctor.user_id}/") for k in left)
    assert leftovers.waiting(doctor_a.doctor.user_id) == 2

    # Another doctor's token removes nothing of it; the doctor's own next one removes it all.
    assert _service(doctor_b, doctor_b.backend, leftovers).remove_leftover_files() == 0
    assert harness.stored_keys() - before == left
    assert _service(doctor_a, doctor_a.backend, leftovers).remove_leftover_files() == 2
    assert harness.stored_keys() == before
    assert leftovers.waiting(doctor_a.doctor.user_id) == 0
    assert len(doctor_b.services.get_case(of_b.case.case_id).files) == 2


def test_a_deleted_cases_folder_refused_is_removed_with_the_next_token(
    harness, doctor_a: SignedIn
) -> None:
    before = harness.stored_keys()
    leftovers = LeftoverFiles()
    case = doctor_a.services.create_case(FORM, _uploads()).case
    refusing = replace(doctor_a.backend, blobs=RefusingDeletes(doctor_a.backend.blobs))
    _service(doctor_a, refusing, leftovers).delete_case(case.case_id)  # the rows go
    assert len(harness.stored_keys() - before) == 2
    assert _service(doctor_a, doctor_a.backend, leftovers).remove_leftover_files() >= 1
    assert harness.stored_keys() == before


def test_refused_again_it_waits_for_the_token_after(harness, doctor_a: SignedIn) -> None:
    before = harness.stored_keys()
    leftovers = LeftoverFiles()
    broken = replace(
        with_failing_database(doctor_a.backend), blobs=RefusingDeletes(doctor_a.backend.blobs)
    )
    with pytest.raises(MedCaseError):
        _service(doctor_a, broken, leftovers).create_case(FORM, _uploads())
    refusing = replace(doctor_a.backend, blobs=RefusingDeletes(doctor_a.backend.blobs))
    assert _service(doctor_a, refusing, leftovers).remove_leftover_files() == 0
    assert leftovers.waiting(doctor_a.doctor.user_id) == 2
    assert _service(doctor_a, doctor_a.backend, leftovers).remove_leftover_files() == 2
    assert harness.stored_keys() == before


def test_what_waits_is_kept_across_a_restart_of_the_dashboard(tmp_path) -> None:
    """The clinic keeps the keys in its data folder: a process that stops between the
    refusal and the doctor's return does not forget them."""
    data = tmp_path / "data"
    stored = data / "files"

    def files_on_disk() -> set[str]:
        return {str(p.relative_to(stored)) for p in stored.rglob("*") if p.is_file()}

    first = build_clinic(Settings(data_dir=data, analyzer="separate"))
    try:
        session = first.accounts.sign_up("dr-restart@clinic.test", "s3cret-pass-word")
        services = first.services_for(session)
        before = files_on_disk()
        services.backend = replace(
            with_failing_database(services.backend),
            blobs=RefusingDeletes(services.backend.blobs),
        )
        with pytest.raises(MedCaseError):
            services.create_case(FORM, _uploads())
        services.close()
        assert len(files_on_disk() - before) == 2
    finally:
        first.close()

    second = build_clinic(Settings(data_dir=data, analyzer="separate"))
    try:
        assert second.leftover_files.waiting(session.doctor.user_id) == 2
        again = second.accounts.sign_in("dr-restart@clinic.test", "s3cret-pass-word")
        second.services_for(again).close()
        assert files_on_disk() == before
        assert second.leftover_files.waiting(session.doctor.user_id) == 0
    finally:
        second.close()
    assert oct((data / "leftover_files.sqlite3").stat().st_mode & 0o777) == "0o600"


class _AfterExpiry:
    """The doctor's repository, reached only once the token has expired (a long upload)."""

    def __init__(self, inner, expires_at: float) -> None:
        self._inner, self._expires_at = inner, expires_at

    def __getattr__(self, name: str):
        return getattr(self._inner, name)

    def add_case(self, case, files, request_key=None) -> None:
        time.sleep(max(0.0, self._expires_at - time.time()) + 1.1)
        self._inner.add_case(case, files, request_key)


@pytest.mark.postgres
def test_a_supabase_token_expiring_mid_upload_leaves_nothing_once_the_doctor_is_back(
    supabase_stack, tmp_path
) -> None:
    harness = SupabaseHarness(supabase_stack)
    try:
        email = f"dr-{uuid.uuid4().hex[:10]}@clinic.test"
        session = harness.provider.accounts.sign_up(email, "s3cret-pass")
        claims = jwt.decode(session.access_token, options={"verify_signature": False})
        short = harness.project.sign(
            {k: v for k, v in claims.items() if k not in ("iat", "exp")}, 2
        )
        expiring = replace(session, access_token=short, expires_at=time.time() + 2)
        clinic = _clinic(harness, tmp_path)
        services = clinic.services_for(expiring)
        services.backend = replace(
            services.backend, cases=_AfterExpiry(services.backend.cases, expiring.expires_at)
        )
        before = harness.stored_keys()
        with pytest.raises(NotAuthenticated):  # the rows refused: "sign in again"
            services.create_case(FORM, _uploads())
        services.close()
        assert harness.row_counts()["cases"] == 0
        left = harness.stored_keys()
        assert len(left) == 2  # the real storage refused the real clean-up too

        # Signed in again: the clinic's services for the new token remove them.
        again = harness.provider.accounts.sign_in(email, "s3cret-pass")
        clinic.services_for(again).close()
        assert harness.stored_keys() == before == set()
    finally:
        harness.close()


def _clinic(harness: SupabaseHarness, tmp_path) -> Clinic:
    queue = HeldAnalyses()
    return Clinic(
        settings=Settings(data_dir=tmp_path / "data"),
        provider=harness.provider,
        analyzer=queue,
        recovery=Recovery(queue, RecoveryPolicy()),
        engine_label="none",
    )
