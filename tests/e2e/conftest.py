"""The real app in a real browser: `streamlit run app.py` on a free port with a temporary
data folder, and Debian's Chromium driven by Playwright (never `playwright install`).

Without Chromium these tests skip on a developer's machine and fail under CI.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.environment import require
from tests.fake_openai import FakeOpenAI

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = ROOT / "test-artifacts" / "e2e"
STARTUP_SECONDS = 60
# Each model answer takes this long, so the live progress is on screen for a few seconds
# whatever the machine's speed (two rounds: images, then the summary beside the SOAP note
# + diagnosis). 2 x 4 s: under CI's load (two test workers, the analyzer, Chromium on 2
# cores) a poll of the progress can take seconds, and at 2 x 2.25 s the journey saw only the
# first stage before the insights.
MODEL_DELAY_SECONDS = 4.0
# Settings that could point the app at a real Supabase or a real model: never in tests.
_OUTSIDE_SETTINGS = ("SUPABASE_", "OPENAI_", "MEDCASE_")


@dataclass(frozen=True)
class RunningApp:
    url: str
    data_dir: Path
    log: Path
    model: FakeOpenAI  # the local OpenAI-compatible server the analyzer talks to


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:  # noqa: S310 - our own local server
            return answer.status == 200
    except (urllib.error.URLError, OSError):
        return False


@pytest.fixture(scope="session")
def chromium_available() -> None:
    require(os.path.exists(CHROMIUM), f"Debian's Chromium at {CHROMIUM} (apt install chromium)")


@pytest.fixture(scope="session")
def model_server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(delay=MODEL_DELAY_SECONDS) as server:
        yield server


@pytest.fixture(scope="session")
def medcase_app(
    chromium_available: None,
    artifacts_root: Path,
    tmp_path_factory: pytest.TempPathFactory,
    model_server: FakeOpenAI,
) -> Iterator[RunningApp]:
    """MedCase served by `streamlit run`, embedded backend, the OpenAI engine pointed at a
    local OpenAI-compatible server (the real openai client, a real HTTP round trip).

    The server's log (case ids and stages, never patient data) is kept beside the
    screenshots, for a failure seen only in CI.
    """
    folder = tmp_path_factory.mktemp("e2e")
    data_dir, log = folder / "data", folder / "streamlit.log"
    # Our own secrets file, so a developer's .streamlit/secrets.toml cannot take part.
    secrets = folder / "secrets.toml"
    secrets.write_text('MEDCASE_TEST_RUN = "1"\n')
    environment = {
        name: value for name, value in os.environ.items() if not name.startswith(_OUTSIDE_SETTINGS)
    }
    environment |= {
        "MEDCASE_DATA_DIR": str(data_dir),
        "MEDCASE_ANALYZER_WORKERS": "2",
        "OPENAI_API_KEY": "e2e-test-key",
        "OPENAI_BASE_URL": model_server.base_url,
        "OPENAI_TIMEOUT_SECONDS": "30",
    }
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        "serve.py",  # app.py behind the browser-id cookie (ui.browser_cookie)
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
        "--server.headless",
        "true",
        "--server.fileWatcherType",
        "none",
        "--browser.gatherUsageStats",
        "false",
        "--secrets.files",
        str(secrets),
    ]
    with log.open("wb") as output:
        server = subprocess.Popen(
            command, cwd=ROOT, env=environment, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while not _healthy(url):
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"streamlit did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.25)
        yield RunningApp(url=url, data_dir=data_dir, log=log, model=model_server)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        # One server per pytest worker (the journeys may run on two at once): one log each.
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        shutil.copyfile(log, artifacts_root / f"streamlit-{worker}.log")


# Per module, not per session: Playwright's sync API keeps an event loop running in this
# thread while it is open, and a later test on the same worker may need asyncio.run.
@pytest.fixture(scope="module")
def browser(chromium_available: None) -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def artifacts_root() -> Path:
    """The git-ignored folder of the browser journeys' screenshots and server logs."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def artifacts(artifacts_root: Path, request: pytest.FixtureRequest) -> Path:
    """Where this journey's screenshots go, emptied of its last run's: a folder per journey,
    so that two journeys running at once on two workers never touch each other's."""
    folder = artifacts_root / request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_")
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    return folder
