"""One replica for ``benchmarks.replicas``: its own Supabase client, the doctor's session
and an AnalysisRunner with its own thread pool, taking cases from the shared queue.

Arguments: Supabase URL, anon key, email, password, model base URL, workers. It prints
``ready`` once signed in and warmed up, starts on a line on stdin, and prints ``done N``
(N: the cases it claimed) once the doctor's queue is empty and its jobs have finished.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import datetime
from typing import Any

from core import icd10
from core.analysis.engines.language_model import OpenAIEngine
from core.backends.supabase import SupabaseBackendProvider
from core.jobs.recovery import RecoveryPolicy
from core.jobs.runner import AnalysisRunner
from core.ports import Backend
from core.privacy.identifiers import redact_identifiers


class CountedClaims:
    """The real repository, counting the cases this replica claimed from the queue."""

    def __init__(self, inner: Any, taken: list[str]) -> None:
        self._inner = inner
        self._taken = taken

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def claim_next_analysis(self, owner: str, claim: str, stale_before: datetime) -> str | None:
        case_id: str | None = self._inner.claim_next_analysis(owner, claim, stale_before)
        if case_id is not None:
            self._taken.append(case_id)
        return case_id


def main(argv: list[str]) -> int:
    url, anon_key, email, password, model_url, workers = argv
    provider = SupabaseBackendProvider(url, anon_key)
    session = provider.accounts.sign_in(email, password)
    taken: list[str] = []

    def open_backend() -> Backend:
        backend = provider.for_session(session)
        return replace(backend, cases=CountedClaims(backend.cases, taken))

    engine = OpenAIEngine(
        api_key="benchmark-key",
        base_url=model_url,
        text_model="bench-text",
        vision_model="bench-vision",
        timeout_seconds=60,
        max_retries=0,
    )
    runner = AnalysisRunner(engine, workers=int(workers), policy=RecoveryPolicy())
    # Loaded once per process (the app starts loading them at start-up): a replica that
    # has been running has them, and the seconds they take are not the queue's.
    icd10.load_in_background().join()
    icd10.check_icd10("E11.9")
    redact_identifiers("Seen at https://clinic.example, phone (555) 201-3344, SSN 123-45-6789.")
    print("ready", flush=True)
    sys.stdin.readline()
    runner.take_queued(session.doctor, open_backend)
    runner.wait_idle()
    print(f"done {len(taken)}", flush=True)
    runner.shutdown(wait=True)
    provider.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
