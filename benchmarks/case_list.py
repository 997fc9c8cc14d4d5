"""How fast the case list is with a doctor's 10,000 cases.

Seeds 10,000 cases for one doctor (through the repository) into a temporary data folder,
then times the list page with Streamlit's AppTest (the whole app.py run: session, query,
table) and the raw list query, printing medians. The target is a page under 1 s.

The last line is exactly ``list_page_median_s=X.XXX list_query_median_ms=Y.Y cases=N``.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from streamlit.testing.v1 import AppTest

from core.backends.local import LocalBackendProvider
from core.insights import (
    CaseSummary,
    Insights,
    PrimaryDiagnosis,
    Provenance,
    SoapNote,
)
from core.models import Case, CaseQuery, CaseStatus, Doctor
from core.ports import CaseRepository
from tests.app.conftest import new_app, sign_in
from tests.doubles import case_service
from ui import case_filters, case_list
from ui.case_list import PAGE_SIZE

PAGE_TARGET_SECONDS = 1.0
SEED_CLAIM = "00000000-0000-4000-8000-00000000beef"  # a UUID, as the analyzer's claims are

_FIRST = ("Ada", "Bea", "Carl", "Dana", "Emil", "Fatima", "Goran", "Hana", "Ivo", "Júlia")
_LAST = ("Lovelace", "Okafor", "Nguyen", "Schmidt", "García", "Kowalski", "Haddad", "Ito")
_DIAGNOSES = (
    ("Iron deficiency anaemia", "D50.9"),
    ("Type 2 diabetes mellitus without complications", "E11.9"),
    ("Hypothyroidism, unspecified", "E03.9"),
    ("Chronic kidney disease, stage 3", "N18.30"),
    ("Pure hypercholesterolaemia", "E78.00"),
)
# Roughly a real caseload: most finished, some archived, a few running or failed.
_STATUS_WEIGHTS = {
    CaseStatus.COMPLETED: 60,
    CaseStatus.ARCHIVED: 20,
    CaseStatus.ANALYZING: 10,
    CaseStatus.FAILED: 10,
}


def insights_for(diagnosis: str, icd_code: str) -> Insights:
    """A complete insights record, as the analyzer writes it."""
    return Insights.compile(
        CaseSummary(
            comprehensive_summary=f"Findings consistent with {diagnosis}.", confidence_score=0.7
        ),
        SoapNote(subjective="Tired.", objective="Labs.", assessment=diagnosis, plan="Review."),
        PrimaryDiagnosis(primary_diagnosis=diagnosis, icd_code=icd_code, confidence_score=0.6),
        generated_at=datetime.now(UTC).isoformat(),
        lab_values=[],
        provenance=Provenance(engine="rules", written_by="Benchmark seed", prompt_version="seed"),
    )


def seed_caseload(repository: CaseRepository, owner: str, count: int, seed: int = 7) -> None:
    """``count`` varied cases for ``owner``, oldest first, created ten minutes apart.

    Completed cases get insights through the analyzer's own calls (claim, complete), so
    the list's diagnosis column reads what the analyzer really writes.
    """
    chance = random.Random(seed)
    statuses = list(_STATUS_WEIGHTS)
    weights = list(_STATUS_WEIGHTS.values())
    start = datetime.now(UTC) - timedelta(minutes=10 * count)
    for number in range(count):
        moment = start + timedelta(minutes=10 * number)
        status = chance.choices(statuses, weights)[0]
        case = Case(
            case_id=_case_id(chance),
            user_id=owner,
            patient_name=f"{chance.choice(_FIRST)} {chance.choice(_LAST)} {number:05d}",
            patient_age=chance.randint(0, 99),
            patient_gender=chance.choice(("female", "male", "other", "unknown")),
            case_summary=None,
            status=CaseStatus.ANALYZING.value if status is CaseStatus.COMPLETED else status.value,
            created_at=moment,
            updated_at=moment,
            analysis_stage="initialized",
        )
        repository.add_case(case, [])
        if status in (CaseStatus.COMPLETED, CaseStatus.ANALYZING):
            # Holding the claim keeps the app's recovery sweep from analysing seeded cases.
            repository.claim_analysis(owner, case.case_id, SEED_CLAIM, moment)
        if status is CaseStatus.COMPLETED:
            repository.complete_analysis(
                owner, case.case_id, SEED_CLAIM, insights_for(*chance.choice(_DIAGNOSES))
            )


def _case_id(chance: random.Random) -> str:
    return str(uuid.UUID(int=chance.getrandbits(128), version=4))


def _median_seconds(action: Callable[[], object], runs: int) -> float:
    timings = []
    for _ in range(runs):
        began = time.perf_counter()
        action()
        timings.append(time.perf_counter() - began)
    return statistics.median(timings)


def time_queries(provider: LocalBackendProvider, doctor: Doctor, runs: int) -> dict[str, float]:
    """Median seconds of the list query (page, total and counts) for each way of looking."""
    backend = provider.backend
    listed = case_service(doctor, backend).list_case_page(CaseQuery()).total
    last_offset = (case_list.last_page(listed) - 1) * PAGE_SIZE
    looks = {
        "first page": CaseQuery(limit=PAGE_SIZE),
        "name search": CaseQuery(search="ada", limit=PAGE_SIZE),
        "archived only": CaseQuery(statuses=("archived",), limit=PAGE_SIZE),
        "last page": CaseQuery(limit=PAGE_SIZE, offset=last_offset),
        # Issue #26: the diagnosis search folds spellings ("anemia" finds "anaemia"), the
        # sorts and the critical-first order look at every matching case.
        "diagnosis": CaseQuery(diagnosis="anemia", limit=PAGE_SIZE),
        "by diagnosis": CaseQuery(sort="diagnosis", descending=False, limit=PAGE_SIZE),
        "by patient": CaseQuery(sort="patient_name", limit=PAGE_SIZE, offset=last_offset),
        "critical 1st": CaseQuery(critical_first=True, limit=PAGE_SIZE),
    }
    return {
        name: _median_seconds(lambda q=query: case_service(doctor, backend).list_case_page(q), runs)
        for name, query in looks.items()
    }


def time_pages(email: str, password: str, listed: int, runs: int) -> dict[str, float]:
    """Median seconds of a full AppTest run of the list page, per way of looking
    (``listed``: how many cases the unfiltered list holds, for its last page)."""
    app = new_app().run()
    _quiet_streamlit()
    sign_in(app, email, password)
    assert not app.exception, app.exception
    # The app's recovery sweep looks at the seeded 'analyzing' cases once: let it finish.
    app.session_state["clinic"].analyzer.wait_idle(60)

    def shown(prepare: Callable[[AppTest], object]) -> Callable[[], None]:
        def run() -> None:
            prepare(app)
            app.run()
            assert not app.exception and len(app.dataframe[0].value) > 0, "no list shown"

        return run

    def last_page(app: AppTest) -> None:
        app.session_state[case_list.PAGE_NUMBER] = case_list.last_page(listed)

    def by_diagnosis(app: AppTest) -> None:
        app.text_input(key=case_filters.SEARCH).input("")  # the whole list
        app.session_state[case_list.PAGE_NUMBER] = 1
        app.selectbox(key=case_filters.SORT).set_value("diagnosis")

    return {
        "first page": _median_seconds(shown(lambda app: None), runs),
        "name search": _median_seconds(
            shown(lambda app: app.text_input(key=case_filters.SEARCH).input("ada")), runs
        ),
        "last page": _median_seconds(shown(last_page), runs),
        "by diagnosis": _median_seconds(shown(by_diagnosis), runs),
    }


def _quiet_streamlit() -> None:
    """AppTest used outside `streamlit run` makes Streamlit warn about a missing script
    context; nothing is wrong. Streamlit sets a level on each of its loggers, so set each."""
    for name in list(logging.root.manager.loggerDict):
        if name.startswith("streamlit"):
            logging.getLogger(name).setLevel(logging.ERROR)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    _quiet_streamlit()

    with tempfile.TemporaryDirectory(prefix="medcase-bench-") as folder:
        data_dir = Path(folder) / "data"
        os.environ["MEDCASE_DATA_DIR"] = str(data_dir)
        for name in ("SUPABASE_URL", "SUPABASE_ANON_KEY", "OPENAI_API_KEY", "MEDCASE_JWT_SECRET"):
            os.environ.pop(name, None)
        provider = LocalBackendProvider(data_dir)
        email, password = "bench@clinic.test", "benchmark-password"
        doctor = provider.accounts.sign_up(email, password).doctor

        began = time.perf_counter()
        seed_caseload(provider.repository, doctor.user_id, options.cases)
        print(
            f"seeded {options.cases:,} cases for one doctor in {time.perf_counter() - began:.1f} s"
        )

        queries = time_queries(provider, doctor, options.runs * 3)
        listed = case_service(doctor, provider.backend).list_case_page(CaseQuery()).total
        pages = time_pages(email, password, listed, options.runs)
        _quiet_streamlit()

    print(
        f"list query (page of {PAGE_SIZE}, total, counts by status), median of {options.runs * 3}:"
    )
    for name, seconds in queries.items():
        print(f"  {name:<14} {seconds * 1000:7.1f} ms")
    print(f"list page (whole app.py run in AppTest), median of {options.runs}:")
    for name, seconds in pages.items():
        print(f"  {name:<14} {seconds:7.3f} s")
    slowest = max(pages.values())
    verdict = "met" if slowest < PAGE_TARGET_SECONDS else "MISSED"
    target = f"every list page under {PAGE_TARGET_SECONDS:.1f} s with {options.cases:,} cases"
    print(f"target: {target}: {verdict}")
    print(
        f"list_page_median_s={pages['first page']:.3f}"
        f" list_query_median_ms={queries['first page'] * 1000:.1f} cases={options.cases}"
    )


if __name__ == "__main__":
    main()
