"""Replicas sharing the work: 100 queued cases, one app process against two.

Starts the local Supabase stand-in (tests/supabase_stack: PostgREST, Auth and Storage over
a throwaway PostgreSQL 15 cluster, the stand-in in a process of its own) and a local
OpenAI-compatible server that answers every call after a fixed latency (2 s by default; a
real model takes seconds), so the work waits on the model as it does on a real one. It
queues 100 cases for one doctor, lets one replica (``benchmarks.replicas_worker``: a real
OS process with its own client, session, AnalysisRunner and thread pool) analyse them,
then queues 100 more and lets two replicas share them through the database. Each replica
runs 5 analyses at once, so 100 cases make whole rounds in both runs (with 4, two replicas
would spend a last round half idle, which is arithmetic, not sharing).

Throughput is cases per second from the start signal to the last replica's end. A case
analysed twice is one with more than one ``analysis_started`` or ``analysis_finished`` on
the doctor's audit trail (every claim records one). The last line is exactly
``replica_throughput_ratio=R cases_analysed_twice=N`` (targets: R >= 1.8, N = 0).
"""

from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

from core.audit import AuditAction
from core.backends.supabase import SupabaseBackendProvider
from core.models import Doctor, NewCase
from core.ports import Backend
from tests.doubles import case_service
from tests.fake_openai import FakeOpenAI
from tests.supabase_stack.postgres import PostgresCluster, unavailable_reason
from tests.supabase_stack.server import SupabaseStack

CASES = 100
TARGET_RATIO = 1.8
EMAIL, PASSWORD = "replicas@clinic.test", "replica-benchmark-pw"
FORM = NewCase("Replica Benchmark", 64, "female", "Breathless on exertion, ankle swelling.")


def start_replica(stack: Api, model_url: str, workers: int) -> subprocess.Popen[str]:
    replica = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "benchmarks.replicas_worker",
            stack.url,
            stack.anon_key,
            EMAIL,
            PASSWORD,
            model_url,
            str(workers),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert replica.stdout is not None
    if replica.stdout.readline().strip() != "ready":
        replica.kill()
        raise RuntimeError("a replica did not start")
    return replica


def run(stack: Api, model_url: str, replicas: int, workers: int) -> tuple[float, list[int]]:
    """Seconds for ``replicas`` processes to empty the queue, and what each claimed."""
    started = [start_replica(stack, model_url, workers) for _ in range(replicas)]
    began = time.monotonic()
    for replica in started:  # start signals in a burst: every replica begins at once
        assert replica.stdin is not None
        replica.stdin.write("go\n")
        replica.stdin.flush()
    taken = []
    for replica in started:
        assert replica.stdout is not None
        answer = replica.stdout.readline().split()
        if answer[:1] != ["done"]:
            raise RuntimeError("a replica stopped before the queue was empty")
        taken.append(int(answer[1]))
    took = time.monotonic() - began
    for replica in started:
        replica.wait(30)
    return took, taken


def queue_cases(doctor: Doctor, backend: Backend) -> list[str]:
    """Cases waiting for analysis that no process has queued in memory."""
    services = case_service(doctor, backend)
    return [services.create_case(FORM, []).case.case_id for _ in range(CASES)]


@dataclass(frozen=True)
class Api:
    """Where the stand-in listens, and its anon key."""

    url: str
    anon_key: str


def serve_stack(conninfo: str, storage: str, pipe: Connection) -> None:
    """The stand-in in a process of its own, so that neither it nor the model server in
    the parent waits on the other's interpreter lock."""
    with SupabaseStack(conninfo, Path(storage), "replica-benchmark-secret-" + "x" * 32) as stack:
        pipe.send((stack.url, stack.anon_key))
        pipe.recv()  # until told to stop


@contextmanager
def stack_process(conninfo: str, storage: str) -> Iterator[Api]:
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    process = context.Process(target=serve_stack, args=(conninfo, storage, theirs), daemon=True)
    process.start()
    try:
        url, anon_key = ours.recv()
        yield Api(url, anon_key)
    finally:
        ours.send("stop")
        process.join(15)
        if process.is_alive():
            process.terminate()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--latency", type=float, default=2.0, help="model answer delay, s")
    parser.add_argument("--workers", type=int, default=5, help="analyses at once per replica")
    args = parser.parse_args(argv)
    reason = unavailable_reason()
    if reason is not None:
        print(f"cannot start the local Supabase stack: {reason}")
        return 2
    cluster = PostgresCluster().start()
    try:
        database = cluster.supabase_database("medcase_replicas")
        with (
            tempfile.TemporaryDirectory(prefix="medcase-replicas-") as storage,
            stack_process(cluster.conninfo(database), storage) as stack,
            FakeOpenAI() as model,
        ):
            model.behave(delay=args.latency)
            return measure(stack, model, args.latency, args.workers)
    finally:
        cluster.stop()


def measure(stack: Api, model: FakeOpenAI, latency: float, workers: int) -> int:
    provider = SupabaseBackendProvider(stack.url, stack.anon_key)
    session = provider.accounts.sign_up(EMAIL, PASSWORD)
    backend = provider.for_session(session)
    print(
        f"{CASES} queued cases, model latency {latency:g} s per call, "
        f"{workers} analyses at once per replica"
    )
    figures: dict[int, float] = {}
    all_cases: list[str] = []
    for replicas in (1, 2):
        case_ids = queue_cases(session.doctor, backend)
        all_cases += case_ids
        took, taken = run(stack, model.base_url, replicas, workers)
        figures[replicas] = took
        statuses = Counter(
            backend.cases.get_case(session.doctor.user_id, c).status  # type: ignore[union-attr]
            for c in case_ids
        )
        print(
            f"{replicas} replica(s): {took:.1f} s, {CASES / took:.2f} cases/s; "
            f"claimed per replica {taken}; {dict(statuses)}"
        )
        if statuses != Counter({"completed": CASES}) or sum(taken) != CASES:
            print("not every case was analysed exactly once")
    events = backend.audit.events(session.doctor.user_id, limit=10 * CASES)
    started = Counter(e.case_id for e in events if e.action == AuditAction.ANALYSIS_STARTED.value)
    finished = Counter(e.case_id for e in events if e.action == AuditAction.ANALYSIS_FINISHED.value)
    twice = sum(1 for c in all_cases if started[c] > 1 or finished[c] > 1)
    missing = sum(1 for c in all_cases if finished[c] == 0)
    model_notes = len(model.answered("soap_note_and_diagnosis"))
    print(
        f"model calls writing a SOAP note: {model_notes} for {len(all_cases)} cases; "
        f"cases never finished: {missing}"
    )
    ratio = figures[1] / figures[2]
    print(f"replica_throughput_ratio={ratio:.2f} cases_analysed_twice={twice}")
    backend.close()
    provider.close()
    return 0 if ratio >= TARGET_RATIO and twice == 0 and missing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
