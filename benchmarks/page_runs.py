"""What a click costs on the server: one run of the case page, before and after warm-up.

Streamlit collects garbage after every script run (`runner.postScriptGC`), and a full
collection walks every object the process holds: the libraries and the ICD-10-CM code
tree are most of them. `core.warm_up` freezes those once the process has loaded them.
This benchmark opens a completed case's page with Streamlit's AppTest (the whole app.py
run) followed by the server's collection (AppTest itself skips it), times that with the
long-lived objects unfrozen and then frozen again, and prints medians and their ratio.

The target: the frozen run at least twice as fast (it is the whole point of the freeze);
the script exits non-zero when it is not. The last line is exactly
``case_page_run_ms_unfrozen=X case_page_run_ms=Y speedup=Z``.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import statistics
import tempfile
import time
from pathlib import Path

from streamlit import config

from core import warm_up
from core.models import Upload
from tests.app.conftest import new_app, open_case, seed_case, sign_in, sign_up
from tests.doubles import finish_analysis
from tests.samples import LAB_REPORT_LINES, pdf_bytes, png_bytes

SPEEDUP_TARGET = 2.0


def _median_run_ms(app, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        app.run()
        if config.get_option("runner.postScriptGC"):
            gc.collect(2)  # what Streamlit's server does after every run
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    logging.disable(logging.WARNING)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["MEDCASE_DATA_DIR"] = str(Path(folder) / "data")
        app = new_app().run()
        clinic = app.session_state["clinic"]
        warm_up.warm_up_in_background().join()
        doctor = sign_up(clinic, "dr.bench@clinic.test")  # an AuthSession
        uploads = [
            Upload("bloods.pdf", pdf_bytes(LAB_REPORT_LINES, pages=2), "lab"),
            Upload("chest.png", png_bytes(320, 240), "radiology"),
        ]
        created = seed_case(clinic, doctor, uploads=uploads)
        backend = clinic.provider.for_session(doctor)
        finish_analysis(backend, doctor.doctor.user_id, created.case.case_id)
        sign_in(app, "dr.bench@clinic.test")
        open_case(app, created.case.case_id)
        assert not app.exception, app.exception
        _median_run_ms(app, 3)  # first runs fill caches

        frozen = gc.get_freeze_count()
        gc.unfreeze()  # as before warm-up: every object in the collector's walk
        unfrozen_ms = _median_run_ms(app, runs)
        gc.freeze()
        frozen_ms = _median_run_ms(app, runs)
        clinic.close()
    print(f"objects frozen by warm-up: {frozen:,}; {runs} runs of the case page each")
    print(f"median run with them in the walk: {unfrozen_ms:.0f} ms; frozen: {frozen_ms:.0f} ms")
    speedup = unfrozen_ms / frozen_ms
    if speedup < SPEEDUP_TARGET:
        print(f"MISSED: frozen runs only {speedup:.1f} x faster (target {SPEEDUP_TARGET})")
    print(
        f"case_page_run_ms_unfrozen={unfrozen_ms:.0f} case_page_run_ms={frozen_ms:.0f} "
        f"speedup={speedup:.1f}"
    )
    if speedup < SPEEDUP_TARGET:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
