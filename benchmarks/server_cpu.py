"""The server's CPU per doctor-step, inside AppTest: what each step's script runs cost.

The steps of ``benchmarks.clinic_load`` (open a case from the list, accept its case
summary, back to the list, next / previous page), made the way the browser makes them:
a click inside a fragment reruns that fragment alone (AppTest itself always reruns the
whole app, so the run is asked for with the fragment's id, as the browser's message
carries it). One doctor with 30 completed cases (``clinic_load.seed``). Each step's cost
is the CPU time of the script thread over the step's runs (``time.thread_time``): the
machine may be shared, so wall time says little. Prints medians over ``--rounds``
journeys; ``--profile STEP`` prints where that step's CPU went (cProfile, script thread).

The last line is exactly ``open_ms=A accept_ms=B list_ms=C page_ms=D``.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import functools
import io
import logging
import os
import pstats
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from streamlit.runtime.scriptrunner import script_runner
from streamlit.testing.v1 import AppTest

from core import warm_up
from tests.app.fragment_runs import fragment_ids, in_fragment
from ui.small_screens import WINDOW_KEY

STEPS = ("open", "accept", "list", "page")
WARM_UP_ROUNDS = 2
CASES_PAGE = "app_pages/cases.py"


class ScriptCpu:
    """CPU seconds of every script run (its thread's time), and optionally its profile."""

    def __init__(self) -> None:
        self.runs: list[float] = []
        self.profile: cProfile.Profile | None = None

    def install(self) -> None:
        original = script_runner.ScriptRunner._run_script
        meter = self

        @functools.wraps(original)
        def measured(runner: Any, rerun_data: Any) -> None:
            began = time.thread_time()
            if meter.profile is not None:
                meter.profile.enable()
            try:
                original(runner, rerun_data)
            finally:
                if meter.profile is not None:
                    meter.profile.disable()
                meter.runs.append(time.thread_time() - began)

        script_runner.ScriptRunner._run_script = measured  # type: ignore[method-assign, assignment]

    def step(self, action: Callable[[], object]) -> float:
        """CPU seconds of the script runs ``action`` caused."""
        first = len(self.runs)
        action()
        return sum(self.runs[first:])


def _rows_fragment(app: AppTest) -> list[str]:
    """The fragment the list's table and pager are drawn in (the rows' own, where there
    is one; the whole list's before it)."""
    return fragment_ids(app, "case_list_rows") or fragment_ids(app, "case_list_body")


def journey(
    app: AppTest, meter: ScriptCpu, rounds: int, first_row: int = 0
) -> dict[str, list[float]]:
    """Each round: open row ``first_row + k`` of the first page, accept its case summary,
    back to the list, the next page and the previous one (both counted as "page")."""
    spent: dict[str, list[float]] = {step: [] for step in STEPS}
    for number in range(rounds):
        row = first_row + number

        def open_row(row: int = row) -> None:
            app.session_state["cases_table"] = {
                "selection": {"rows": [], "columns": [], "cells": [[row, "Patient"]]}
            }
            with in_fragment(app, _rows_fragment(app)):
                app.run()

        spent["open"].append(meter.step(open_row))
        assert not app.exception, app.exception
        assert app.session_state["open_case_id"], "no case opened"

        def accept() -> None:
            ids = fragment_ids(app, "review_case_summary_fragment")
            with in_fragment(app, ids):
                app.segmented_control(key="review_case_summary_choice").set_value("accept").run()

        spent["accept"].append(meter.step(accept))
        assert not app.exception, app.exception
        app.run()  # the whole tree again, for the next clicks (not measured)

        def back() -> None:
            app.switch_page(CASES_PAGE).run()

        spent["list"].append(meter.step(back))
        assert not app.exception, app.exception
        for key in ("cases_next", "cases_previous"):

            def turn_page(key: str = key) -> None:
                with in_fragment(app, _rows_fragment(app)):
                    app.button(key=key).click().run()

            spent["page"].append(meter.step(turn_page))
            assert not app.exception, app.exception
            app.run()  # the whole tree again (not measured)
    return spent


@contextlib.contextmanager
def signed_in_doctor(prefix: str) -> Iterator[tuple[AppTest, ScriptCpu]]:
    """One doctor with seeded cases, signed in to the embedded app in AppTest, its script
    runs metered; the data folder is thrown away afterwards."""
    from benchmarks.clinic_load import PASSWORD, seed
    from tests.app.conftest import new_app, sign_in

    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        data_dir = Path(folder) / "data"
        os.environ["MEDCASE_DATA_DIR"] = str(data_dir)
        for name in ("SUPABASE_URL", "SUPABASE_ANON_KEY", "OPENAI_API_KEY", "MEDCASE_JWT_SECRET"):
            os.environ.pop(name, None)
        (email,) = seed(data_dir, doctors=1)
        meter = ScriptCpu()
        meter.install()
        app = new_app().run()
        warm_up.warm_up_in_background().join()
        sign_in(app, email, PASSWORD)
        # What a desk's browser reports of its window (ui.small_screens), as the real
        # server's pages hear it: AppTest's browser says nothing.
        app.session_state[WINDOW_KEY] = {"narrow": False}
        assert not app.exception, app.exception
        try:
            yield app, meter
        finally:
            app.session_state["clinic"].close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="at most 23 (the first page)")
    parser.add_argument("--profile", choices=STEPS, default=None)
    parser.add_argument("--top", type=int, default=45)
    options = parser.parse_args()
    logging.disable(logging.WARNING)

    with signed_in_doctor("medcase-cpu-") as (app, meter):
        journey(app, meter, WARM_UP_ROUNDS)  # first runs import the chart library and fill caches
        if options.profile:
            meter.profile = cProfile.Profile()
            profiled = options.profile
            spent = _profiled_journey(app, meter, options.rounds, profiled)
        else:
            spent = journey(app, meter, options.rounds, WARM_UP_ROUNDS)

    medians = {step: statistics.median(values) * 1000 for step, values in spent.items()}
    for step in STEPS:
        values = ", ".join(f"{v * 1000:.0f}" for v in spent[step])
        print(f"{step:<7} median {medians[step]:6.1f} ms of CPU  ({values})")
    if options.profile and meter.profile is not None:
        out = io.StringIO()
        stats = pstats.Stats(meter.profile, stream=out).sort_stats("cumulative")
        stats.print_stats(options.top)
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(meter.profile, stream=out).sort_stats("tottime").print_stats(options.top)
        print(out.getvalue())
    print(" ".join(f"{step}_ms={medians[step]:.1f}" for step in STEPS))


def _profiled_journey(
    app: AppTest, meter: ScriptCpu, rounds: int, profiled: str
) -> dict[str, list[float]]:
    """The journey with only ``profiled``'s runs in the profile."""
    profile = meter.profile
    original_step = meter.step

    def step(action: Callable[[], object]) -> float:
        return original_step(action)

    # Each step of the journey is measured by meter.step; the profile is switched on around
    # the step that is asked for by watching which step is being measured.
    order = iter(("open", "accept", "list", "page", "page") * rounds)

    def switched(action: Callable[[], object]) -> float:
        name = next(order)
        meter.profile = profile if name == profiled else None
        try:
            return step(action)
        finally:
            meter.profile = None

    meter.step = switched  # type: ignore[method-assign]
    try:
        return journey(app, meter, rounds, WARM_UP_ROUNDS)
    finally:
        meter.step = original_step  # type: ignore[method-assign]
        meter.profile = profile


if __name__ == "__main__":
    main()
