"""A pilot reviewer's case, timed at the browser (issue #26): actions and seconds per case.

Seeds a pilot of CASES analysed cases through the core, starts `streamlit run serve.py`
(embedded backend), and in headless Chromium reviews every case by keys as
tests/e2e/test_pilot_reviewer_browser.py does: from the case open to the next case, the
code typed and Enter, Record my diagnosis, 15 score keys, Enter on Submit and next. Prints
each case, then the actions per case and the median seconds per case against the issue's
targets (6 actions, 10 s). The first case is a warm-up (the code set loads on first search)
and is left out of the median.

    .venv/bin/python -m benchmarks.reviewer_case [--cases 6]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.e2e.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT
from tests.e2e.reviewer_day import REVIEWER, ReviewerByKeys, digits_for, seed_pilot

TARGET_ACTIONS = 6
TARGET_SECONDS = 10.0
STARTUP_SECONDS = 120


@contextmanager
def running_app(data_dir: Path, log: Path) -> Iterator[str]:
    """`streamlit run serve.py` on a free local port; its address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    environment = {
        k: v for k, v in os.environ.items() if not k.startswith(("MEDCASE_", "OPENAI_", "SUPA"))
    }
    environment["MEDCASE_DATA_DIR"] = str(data_dir)
    command = [sys.executable, "-m", "streamlit", "run", "serve.py"]
    command += ["--server.address=127.0.0.1", f"--server.port={port}"]
    command += ["--server.headless=true", "--server.fileWatcherType=none"]
    command += ["--browser.gatherUsageStats=false"]
    url = f"http://127.0.0.1:{port}"
    with log.open("wb") as output:
        server = subprocess.Popen(
            command, cwd=ROOT, env=environment, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while not _healthy(url):
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.25)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:  # noqa: S310 - loopback
            return bool(answer.status == 200)
    except OSError:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=6, help="cases reviewed (first: warm-up)")
    cases = parser.parse_args().cases
    folder = Path(tempfile.mkdtemp(prefix="medcase-reviewer-case-"))
    shots = ARTIFACTS / "reviewer_case"
    shots.mkdir(parents=True, exist_ok=True)
    pilot = seed_pilot(folder / "data", cases)
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with running_app(folder / "data", folder / "streamlit.log") as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        reviewer = ReviewerByKeys(page, url, shots)
        page.set_default_timeout(60_000)
        reviewer.visit_cold()
        reviewer.sign_in(REVIEWER)
        reviewer.go_to("Pilots")
        reviewer.settled()
        done = []
        for number, pseudonym in enumerate(pilot.pseudonyms):
            following = pilot.pseudonyms[number + 1] if number + 1 < cases else None
            case = reviewer.review_by_keys(pseudonym, following, digits_for(number))
            done.append(case)
            warm = " (warm-up)" if number == 0 else ""
            print(
                f"{pseudonym}: {len(case.actions)} actions, {case.keystrokes} keystrokes, "
                f"{case.seconds:.2f} s{warm} ("
                + ", ".join(f"{step} at {at:.1f} s" for step, at in case.steps.items())
                + ")"
            )
        browser.close()
    timed = done[1:] or done
    median = statistics.median(c.seconds for c in timed)
    actions = max(len(c.actions) for c in done)
    clicks = max(sum(a.startswith("click") for a in c.actions) for c in done)
    print(
        f"actions per case: {actions} (target {TARGET_ACTIONS}): "
        f"{'; '.join(done[-1].actions)}; keystrokes per case: {done[-1].keystrokes}; "
        f"clicks per case: {clicks}"
    )
    print(
        f"seconds per case: median {median:.2f} over {len(timed)} cases (min "
        f"{min(c.seconds for c in timed):.2f}, max {max(c.seconds for c in timed):.2f}); "
        f"ratio to the {TARGET_SECONDS:.0f} s target {median / TARGET_SECONDS:.2f}"
    )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
