"""Replicas sharing one queue: two runners, each with its own backend client and signed-in
session (as two app processes would have), on the same database, on both backends."""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from core.analysis.engines.language_model import OpenAIEngine
from core.audit import AuditAction
from core.backends.local import LocalBackendProvider
from core.backends.supabase import SupabaseBackendProvider
from core.bootstrap import Clinic, build_clinic
from core.config import Settings
from core.jobs.recovery import RecoveryPolicy
from core.jobs.runner import AnalysisRunner
from core.models import Doctor, NewCase, utc_now
from core.ports import Backend, BackendProvider
from tests.contract.harness import BackendHarness, LocalHarness, SignedIn, claim_gone_quiet
from tests.fake_openai import FakeOpenAI
from tests.supabase_stack.server import SupabaseStack

PASSWORD = "s3cret-pass"  # the harnesses sign every doctor up with it
FORM = NewCase("Replica Patient", 70, "female", "Short of breath on stairs.")


class TakenCases:
    """The real repository, remembering which cases this replica claimed from the queue."""

    def __init__(self, inner: Any, taken: list[str]) -> None:
        self._inner = inner
        self._taken = taken

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def claim_next_analysis(self, owner: str, claim: str, stale_before: Any) -> str | None:
        case_id = self._inner.claim_next_analysis(owner, claim, stale_before)
        if case_id is not None:
            self._taken.append(case_id)
        return case_id


@dataclass
class Replica:
    """One app process: its own backend client, the doctor's session on it, its runner."""

    provider: BackendProvider
    doctor: Doctor
    open_backend: Callable[[], Backend]
    runner: AnalysisRunner
    taken: list[str]

    def take_queued(self) -> int:
        return self.runner.take_queued(self.doctor, self.open_backend)


def second_client(harness: BackendHarness) -> BackendProvider:
    """A new client on the same database, as another process would open it."""
    if isinstance(harness, LocalHarness):
        return LocalBackendProvider(
            harness.data_dir, jwt_secret="contract-test-secret-of-at-least-32-bytes"
        )
    stack = harness.stack  # type: ignore[attr-defined]
    return SupabaseBackendProvider(stack.url, stack.anon_key, stack.analyzer_key)


@pytest.fixture
def start_replica(
    harness: BackendHarness, fake_openai: FakeOpenAI
) -> Iterator[Callable[..., Replica]]:
    made: list[Replica] = []

    def start(doctor: Doctor, stale_after: timedelta = timedelta(minutes=10)) -> Replica:
        provider = second_client(harness)
        session = provider.accounts.sign_in(doctor.email, PASSWORD)
        taken: list[str] = []

        def open_backend() -> Backend:
            backend = provider.for_analysis(session)
            return replace(backend, cases=TakenCases(backend.cases, taken))

        engine = OpenAIEngine(
            api_key="test-key",
            base_url=fake_openai.base_url,
            text_model="text-model",
            vision_model="vision-model",
            timeout_seconds=10,
            max_retries=0,
        )
        policy = RecoveryPolicy(stale_after=stale_after, heartbeat_seconds=0.2)
        runner = AnalysisRunner(engine, workers=2, policy=policy)
        replica = Replica(provider, session.doctor, open_backend, runner, taken)
        made.append(replica)
        return replica

    yield start
    fake_openai.release()
    for replica in made:
        replica.runner.shutdown(wait=True)
        replica.provider.close()


def queue_cases(doctor: SignedIn, count: int) -> list[str]:
    """Cases waiting for analysis that no process has queued in memory (analyses held)."""
    services = doctor.services
    return [services.create_case(FORM, []).case.case_id for _ in range(count)]


def analysis_events(doctor: SignedIn, action: AuditAction) -> Counter[str]:
    events = doctor.backend.audit.events(doctor.doctor.user_id, limit=1000)
    return Counter(event.case_id for event in events if event.action == action.value)


def test_two_replicas_share_the_queue_and_analyse_each_case_once(
    doctor_a: SignedIn, start_replica, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(delay=0.1)  # long enough that both replicas find work waiting
    case_ids = queue_cases(doctor_a, 12)
    first, second = start_replica(doctor_a.doctor), start_replica(doctor_a.doctor)
    go = threading.Barrier(2)

    def run(replica: Replica) -> None:
        go.wait()
        replica.take_queued()

    threads = [threading.Thread(target=run, args=(r,)) for r in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert first.runner.wait_idle(timeout=60) and second.runner.wait_idle(timeout=60)

    assert {doctor_a.services.get_case(c).case.status for c in case_ids} == {"completed"}
    # Each case was claimed by exactly one replica, and both did part of the work.
    assert sorted(first.taken + second.taken) == sorted(case_ids)
    assert first.taken and second.taken
    assert analysis_events(doctor_a, AuditAction.ANALYSIS_STARTED) == Counter(case_ids)
    assert analysis_events(doctor_a, AuditAction.ANALYSIS_FINISHED) == Counter(case_ids)
    assert len(fake_openai.answered("soap_note_and_diagnosis")) == len(case_ids)


def test_a_dead_replicas_claim_is_taken_over_by_the_other_once_stale(
    harness: BackendHarness, doctor_a: SignedIn, doctor_b: SignedIn, start_replica
) -> None:
    (case_id,) = queue_cases(doctor_a, 1)
    (colleagues,) = queue_cases(doctor_b, 1)
    owner = doctor_a.doctor.user_id
    alive = start_replica(doctor_a.doctor, stale_after=timedelta(seconds=1))
    # Replica A's job claimed the case, then A was killed: its claim stops beating.
    dead = start_replica(doctor_a.doctor)
    dead_claim = str(uuid.uuid4())
    dead_backend = dead.open_backend()
    assert dead_backend.cases.claim_next_analysis(owner, dead_claim, utc_now()) == case_id
    dead_backend.close()

    alive.take_queued()
    assert alive.runner.wait_idle(timeout=30)
    assert alive.taken == []  # a fresh claim is a live replica's: left alone
    assert doctor_a.services.get_case(case_id).case.status == "analyzing"

    claim_gone_quiet(harness, case_id, 60)  # no heartbeat for a minute: A is dead
    alive.take_queued()
    assert alive.runner.wait_idle(timeout=30)
    case = doctor_a.services.get_case(case_id).case
    assert (case.status, case.analysis_attempts) == ("completed", 2)
    assert alive.taken == [case_id]
    # Serving doctor A, the replica took nothing of doctor B's.
    assert doctor_b.services.get_case(colleagues).case.status == "analyzing"


def test_the_next_waiting_case_is_the_oldest_unclaimed_one(doctor_a: SignedIn) -> None:
    owner, cases = doctor_a.doctor.user_id, doctor_a.backend.cases
    first, second = queue_cases(doctor_a, 2)
    claims = [str(uuid.uuid4()) for _ in range(3)]
    stale_before = utc_now() - timedelta(minutes=10)
    assert cases.claim_next_analysis(owner, claims[0], stale_before) == first
    assert cases.claim_next_analysis(owner, claims[1], stale_before) == second
    assert cases.claim_next_analysis(owner, claims[2], stale_before) is None
    assert cases.heartbeat(owner, first, claims[0])  # the claim is the job's to keep


@pytest.mark.postgres
def test_a_case_created_on_a_replica_that_died_is_analysed_by_another_serving_the_doctor(
    supabase_stack: SupabaseStack, tmp_path: Path
) -> None:
    def clinic(name: str) -> Clinic:
        return build_clinic(
            Settings(
                supabase_url=supabase_stack.url,
                supabase_anon_key=supabase_stack.anon_key,
                supabase_analyzer_key=supabase_stack.analyzer_key,
                data_dir=tmp_path / name,
            )
        )

    first, second = clinic("a"), clinic("b")
    try:
        session = first.accounts.sign_up(
            f"dr-{uuid.uuid4().hex[:8]}@clinic.test", "replica-pass-word"
        )
        first.analyzer.shutdown(wait=False)  # replica A dies right after taking the case
        case_id = first.services_for(session).create_case(FORM, []).case.case_id
        assert second.shared_queue is not None
        assert second.shared_queue.poll_once() == 0  # B does not serve this doctor yet

        services = second.services_for(session)  # the doctor's next request lands on B
        assert second.shared_queue.poll_once() > 0
        assert second.analyzer.wait_idle(timeout=30)
        assert services.get_case(case_id).case.status == "completed"
        services.close()
    finally:
        first.close()
        second.close()
