"""A clinic on one server: N doctors at once in one Chromium against the real server.

Starts the server as `make run` does (its `streamlit run` flags and the analyzer worker
processes, read from `make -n run`) on a free loopback port with a temporary data folder,
the offline engine, and DOCTORS doctors with CASES completed cases each (seeded through
the case service and the repository, each with a real lab PDF). One Chromium drives N
browser contexts, one doctor each; every step is asked of all N doctors at once and timed
per doctor from the click to the last script run it caused (read from the page's
websocket, tests/e2e/script_runs.py), then checked on screen. The server's CPU per
doctor-step is the dashboard process's user + system time over the step (/proc), divided
by N, averaged over the rounds (the kernel counts in 10 ms ticks); the same for this
run's Chromium (``_browser_cpu_s``), which shares the machine's cores with the server.
``--dashboards K`` starts K dashboard processes on the same data folder and puts doctor i
on process i mod K, as a reverse proxy with sticky sessions would (docs/operations.md).
The pointer moves onto a list row before it clicks, as a doctor's does: the table's
canvas takes a click that comes with no movement after a page change as no click.

Steps: sign in (to the list), open a case from the list, accept its case summary, back
to the list, the list's next or previous page. The doctors click Sign in once their
sign-in pages have had no request in flight for ``--typing-seconds`` (2 s: less than
typing an email and a password takes; 0, clicking as soon as the form is drawn, was the
method before 2026-11-26 10:00 UTC). Then: idle CPU with 8 sessions connected;
a case page opened while four analyses of 11 PDFs each run, against the same idle; the
first critical value on screen after Create.

Figures are `name=value` lines; the last line holds the ratios against the targets:
idle CPU < 2 % of a core, server CPU per doctor-step <= 0.05 s, 8 doctors <= 2 x one
doctor's median per step, case page under four analyses <= 1.5 x idle, first critical
value <= 1 s after Create. Exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, Request, expect, sync_playwright

from core.bootstrap import build_clinic
from core.config import Settings
from core.models import AuthSession, NewCase, Upload
from tests.doubles import put_in_status
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.script_runs import STREAM_PATH, ScriptRuns
from tests.samples import pdf_bytes
from ui.case_list import ROW_HEIGHT
from ui.critical_values import CRITICAL_TITLE

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "clinic load benchmark"  # noqa: S105 - a throwaway account of the benchmark
DOCTORS = 8
CASES = 30  # two pages of the list
PAGE_SIZE = 25  # ui.case_list.PAGE_SIZE
ROUNDS = 3  # open, accept, list, page: this many times per doctor and N
STEP_TIMEOUT_S = 60.0
# The sign-in page is quiet (no request in flight) this long before the doctors click:
# typing an email and a password takes longer (0: click as soon as the form is drawn,
# this benchmark's method before 2026-11-26 10:00 UTC).
TYPING_SECONDS = 2.0
IDLE_SECONDS = 20.0
STARTUP_SECONDS = 120.0
ANALYSES = 4
# Case opens timed idle and then under the analyses: with medians of 5 the ratio went from
# 0.96 to 1.53 over eight runs on a quiet machine; medians of 9 steady it.
BUSY_OPENS = 9
FILES_PER_ANALYSIS = 11
PAGES_PER_FILE = 40
CRITICAL_LINES = ("Basic metabolic panel", "Potassium 6.9 mmol/L (3.5-5.1) H", "Sodium 139 mmol/L")
TARGETS = {
    "idle_cpu_percent": 2.0,
    "cpu_s_per_step": 0.05,
    "n8_over_n1": 2.0,
    "busy_open_over_idle": 1.5,
    "critical_after_create_s": 1.0,
}
NAME_X = 110  # pixels from the list's left edge: the patient's name


# --- the server as `make run` starts it ----------------------------------------------


def make_run_commands() -> tuple[list[str], list[str]]:
    """The `streamlit run` arguments and the worker command of `make -n run`."""
    recipe = subprocess.run(
        ["make", "-n", "--no-print-directory", "-C", str(ROOT), "run"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.replace("\\\n", " ")
    words = shlex.split(recipe)
    start = next(i for i, w in enumerate(words) if w.endswith("/streamlit")) + 2
    streamlit = [w for w in words[start:] if not w.startswith(("--server.port", "--server.addr"))]
    worker = ["worker.py"] if "worker.py" in words else []
    return streamlit, worker


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (/proc/<pid>/stat, fields 14 and 15)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Server:
    """The clinic's dashboard processes (the first started with the analyzer workers) as a
    reverse proxy with sticky sessions spreads doctors over them: doctor i on process
    i mod K. Their CPU is the sum of theirs."""

    urls: list[str]
    dashboards: list[subprocess.Popen[bytes]]

    @property
    def url(self) -> str:
        return self.urls[0]

    def url_for(self, doctor: int) -> str:
        return self.urls[doctor % len(self.urls)]

    def cpu(self) -> float:
        return sum(cpu_seconds(dashboard.pid) for dashboard in self.dashboards)

    @property
    def workers(self) -> list[int]:
        """The analyzer workers' process ids (children of the first dashboard's shell)."""
        return [
            pid
            for pid in children(self.dashboards[0].pid)
            if b"worker.py" in Path(f"/proc/{pid}/cmdline").read_bytes()
        ]

    def workers_cpu(self) -> float:
        return sum(cpu_seconds(pid) for pid in self.workers)


def browser_cpu_seconds() -> float:
    """User + system CPU so far of this run's Chromium (every process descended from this
    one whose command names Chromium): what the benchmark's own browser costs the shared
    cores, beside the server's."""
    me, total = os.getpid(), 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if b"chrom" not in (entry / "cmdline").read_bytes():
                continue
            pid = int(entry.name)
            while pid > 1 and pid != me:
                pid = int((Path(f"/proc/{pid}/stat")).read_text().rsplit(")", 1)[1].split()[1])
            if pid == me:
                total += cpu_seconds(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
    return total


# The browser's CPU per doctor-step, by "n<N>_<step>", over the rounds.
BROWSER_CPU: dict[str, list[float]] = {}


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # ended meanwhile
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def running_server(
    data_dir: Path,
    log: Path,
    production: bool,
    analyzer_nice: str | None = None,
    dashboards: int = 1,
    cores: set[int] | None = None,
) -> Iterator[Server]:
    """The dashboard and its workers as `make run` starts them: one shell in a session of
    its own starts the workers in the background and then becomes the dashboard. So they
    share one scheduling group (Linux's autogroup is per session), as under `make run`,
    apart from the benchmark and its Chromium, which on a clinic's server are elsewhere.
    ``dashboards`` > 1: more dashboard processes on the same data folder, as
    `make run PORT=... ANALYZER_PROCESSES=0` starts them (docs/operations.md).
    ``cores``: the CPUs the dashboards and workers may run on (all when None)."""
    flags, worker = make_run_commands()
    if not production:  # Streamlit's development defaults: the "before" of issue #25
        flags = [f for f in flags if "fileWatcherType" not in f and "postScriptGC" not in f]
    environment = {
        k: v for k, v in os.environ.items() if not k.startswith(("MEDCASE_", "OPENAI_", "SUPA"))
    }
    environment |= {"MEDCASE_DATA_DIR": str(data_dir), "MEDCASE_ANALYZER": "separate"}
    if analyzer_nice is not None:
        environment["MEDCASE_ANALYZER_NICE"] = analyzer_nice
    output = log.open("wb")
    server = Server([], [])
    try:
        for number in range(dashboards):
            port = _free_port()
            command = [sys.executable, "-m", "streamlit", "run", *flags]
            command += ["--server.address=127.0.0.1", f"--server.port={port}"]
            workers = worker if number == 0 else []
            script = (f"{shlex.join([sys.executable, *workers])} & " if workers else "") + "exec "
            server.dashboards.append(
                subprocess.Popen(
                    ["sh", "-c", script + shlex.join(command)],
                    cwd=ROOT,
                    env=environment,
                    stdout=output,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                    preexec_fn=(lambda: os.sched_setaffinity(0, cores)) if cores else None,
                )
            )
            server.urls.append(f"http://127.0.0.1:{port}")
        deadline = time.monotonic() + STARTUP_SECONDS
        for url, dashboard in zip(server.urls, server.dashboards, strict=True):
            while not _healthy(url):
                if dashboard.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start:\n{log.read_text()[-3000:]}")
                time.sleep(0.25)
        _settle(server, deadline)
        yield server
    finally:
        _stop(server)
        output.close()


def _stop(server: Server) -> None:
    """The dashboards and their workers, each group ended and waited for."""
    workers = server.workers if server.dashboards else []
    for dashboard in server.dashboards:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(dashboard.pid, signal.SIGTERM)  # the dashboard and its workers
    for dashboard in server.dashboards:
        try:
            dashboard.wait(timeout=20)
        except subprocess.TimeoutExpired:
            dashboard.kill()
    deadline = time.monotonic() + 20
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        if time.monotonic() > deadline:
            for dashboard in server.dashboards:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(dashboard.pid, signal.SIGKILL)
            break
        time.sleep(0.1)


def _settle(server: Server, deadline: float, quiet_percent: float = 10.0) -> None:
    """Wait until the dashboard is done starting: it loads the pages' libraries and the
    code set in the background as it starts (ui.warm_pages), which a clinic's server does
    long before its first doctor; measured here, it would land in the first sign-in."""
    while time.monotonic() < deadline:
        before = server.cpu()
        time.sleep(1.0)
        if 100 * (server.cpu() - before) < quiet_percent:
            return


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:  # noqa: S310 - loopback
            return answer.status == 200
    except OSError:
        return False


# --- the clinic's data -----------------------------------------------------------------


def seed(data_dir: Path, doctors: int = DOCTORS) -> list[str]:
    """``doctors`` doctors with CASES completed cases each; their emails."""
    clinic = build_clinic(Settings(data_dir=data_dir, analyzer="separate"))
    emails = []
    lab = pdf_bytes()
    try:
        for d in range(doctors):
            email = f"doctor{d}@clinic.test"
            session = clinic.accounts.sign_up(email, PASSWORD)
            services = clinic.services_for(session)
            for c in range(CASES):
                form = NewCase(f"Patient D{d} C{c:02d}", 30 + c, "female", "Tired for a month.")
                created = services.create_case(form, [Upload("cbc.pdf", lab, "lab")])
                put_in_status(
                    services.backend, session.doctor.user_id, created.case.case_id, "completed"
                )
            services.close()
            emails.append(email)
    finally:
        clinic.close()
    return emails


def queue_analyses(data_dir: Path, email: str) -> list[str]:
    """ANALYSES cases of FILES_PER_ANALYSIS long lab PDFs, left for the worker."""
    clinic = build_clinic(Settings(data_dir=data_dir, analyzer="separate"))
    try:
        session: AuthSession = clinic.accounts.sign_in(email, PASSWORD)
        services = clinic.services_for(session)
        lab = pdf_bytes(pages=PAGES_PER_FILE)
        files = [Upload(f"panel{i}.pdf", lab, "lab") for i in range(FILES_PER_ANALYSIS)]
        form = NewCase("Busy Patient", 50, "male", "Breathless.")
        ids = [services.create_case(form, files).case.case_id for _ in range(ANALYSES)]
        services.close()
        return ids
    finally:
        clinic.close()


def analysing(data_dir: Path) -> int:
    import sqlite3

    with contextlib.closing(sqlite3.connect(data_dir / "medcase.sqlite3")) as db:
        return int(
            db.execute("SELECT count(*) FROM cases WHERE status = 'analyzing'").fetchone()[0]
        )


# --- the doctors at their browsers -----------------------------------------------------


class Doctor:
    def __init__(self, browser: Browser, url: str, email: str) -> None:
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(STEP_TIMEOUT_S * 1000)
        self.runs = ScriptRuns(self.page)
        self.url, self.email = url, email
        self.asked_at = 0.0
        # HTTP requests of the page in flight, and when the last one began or ended (the
        # page's WebSocket is not one): the sign-in page has loaded when it is quiet.
        self.in_flight, self.network_at = 0, time.monotonic()
        self.page.on("request", self._request_began)
        self.page.on("requestfinished", self._request_ended)
        self.page.on("requestfailed", self._request_ended)

    def _request_began(self, request: Request) -> None:
        if STREAM_PATH not in request.url:
            self.in_flight += 1
            self.network_at = time.monotonic()

    def _request_ended(self, request: Request) -> None:
        if STREAM_PATH not in request.url:
            self.in_flight -= 1
            self.network_at = time.monotonic()

    def network_quiet(self, seconds: float) -> bool:
        return self.in_flight <= 0 and time.monotonic() - self.network_at >= seconds

    @property
    def main(self):  # type: ignore[no-untyped-def]
        return self.page.get_by_test_id("stMain")

    def mark(self) -> None:
        self.asked_at = time.monotonic()

    def took(self) -> float:
        """Seconds from the click to the last script run it caused."""
        return self.runs.last_event - self.asked_at

    def idle(self, since: float) -> bool:
        return self.runs.idle(since)


def typed(doctors: list[Doctor], seconds: float) -> None:
    """Wait as long as the doctors take to type their email and password: until each
    sign-in page has had no request in flight for ``seconds`` (0: click at once)."""
    deadline = time.monotonic() + STEP_TIMEOUT_S
    while seconds > 0 and not all(d.network_quiet(seconds) for d in doctors):
        if time.monotonic() > deadline:
            raise RuntimeError("a sign-in page kept loading")
        doctors[0].page.wait_for_timeout(50)


def all_settled(doctors: list[Doctor], since: float) -> None:
    deadline = since + STEP_TIMEOUT_S
    while not all(d.idle(since) for d in doctors):
        if time.monotonic() > deadline:
            raise RuntimeError("a step did not settle")
        doctors[0].page.wait_for_timeout(20)
    for doctor in doctors:
        expect(doctor.page.get_by_test_id("stStatusWidget")).to_have_count(0)


def step(
    name: str,
    doctors: list[Doctor],
    server: Server,
    act: Callable[[Doctor], None],
    check: Callable[[Doctor], None],
    times: dict[str, list[float]],
    cpu: dict[str, list[float]],
) -> None:
    """Ask every doctor for the step at once; each one's time and the server's CPU."""
    before, browser_before = server.cpu(), browser_cpu_seconds()
    since = time.monotonic()
    asked = [doctor.runs.asked for doctor in doctors]
    for doctor in doctors:
        doctor.mark()
        act(doctor)
    # A click's run is asked a moment after it (the table's canvas takes longest): wait
    # for every doctor's, or the step would end before its run began.
    deadline = since + STEP_TIMEOUT_S
    while any(d.runs.asked == a for d, a in zip(doctors, asked, strict=True)):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{name}: a click asked for no run")
        doctors[0].page.wait_for_timeout(10)
    all_settled(doctors, since)
    cpu.setdefault(name, []).append((server.cpu() - before) / len(doctors))
    browser = (browser_cpu_seconds() - browser_before) / len(doctors)
    BROWSER_CPU.setdefault(f"n{len(doctors)}_{name}", []).append(browser)
    for doctor in doctors:
        check(doctor)
        times.setdefault(name, []).append(doctor.took())


def sign_in(doctor: Doctor) -> None:
    doctor.main.get_by_label("Email").fill(doctor.email)
    doctor.main.get_by_label("Password", exact=True).fill(PASSWORD)
    doctor.mark()
    doctor.main.get_by_role("button", name="Sign in").click()


def on_list(doctor: Doctor) -> None:
    expect(doctor.main.get_by_role("heading", name="Cases", exact=True)).to_be_visible()
    expect(doctor.main.get_by_test_id("stDataFrame")).to_be_visible()


def open_row(row: int) -> Callable[[Doctor], None]:
    def act(doctor: Doctor) -> None:
        grid = doctor.main.get_by_test_id("stDataFrame")
        index = row + 2  # as the table's accessible copy numbers them: 1 is the header
        canvas = grid.get_by_test_id("data-grid-canvas")
        doctor.page.evaluate(
            "() => document.fonts.ready.then(() => new Promise(done =>"
            " requestAnimationFrame(() => requestAnimationFrame(done))))"
        )
        box = canvas.bounding_box()
        assert box is not None
        y = box["y"] + (index - 1) * ROW_HEIGHT + ROW_HEIGHT // 2
        doctor.page.mouse.move(box["x"] + NAME_X, y)
        doctor.page.wait_for_timeout(100)
        doctor.mark()
        doctor.page.mouse.click(box["x"] + NAME_X, y)

    return act


def on_case(doctor: Doctor) -> None:
    expect(doctor.main.locator(".st-key-review_case_summary")).to_be_visible()


def accept_summary(doctor: Doctor) -> None:
    """One click: Accept under the case summary's text (issue #26's review in place)."""
    box = doctor.main.locator(".st-key-review_case_summary")
    option = box.get_by_role("radio", name="Accept", exact=True)
    doctor.mark()
    option.click()


def accepted(doctor: Doctor) -> None:
    box = doctor.main.locator(".st-key-review_case_summary")
    expect(box.get_by_role("button", name="Change")).to_be_visible()


def to_list(doctor: Doctor) -> None:
    nav = doctor.page.get_by_test_id("stSidebarNav")
    doctor.mark()
    nav.get_by_role("link", name="Cases", exact=True).click()


def turn_page(label: str) -> Callable[[Doctor], None]:
    def act(doctor: Doctor) -> None:
        doctor.mark()
        doctor.main.get_by_role("button", name=label).click()

    return act


def page_shown(number: int) -> Callable[[Doctor], None]:
    def check(doctor: Doctor) -> None:
        expect(doctor.main.get_by_text(f"Page {number} of 2")).to_be_visible()

    return check


def signed_in(
    browser: Browser,
    server: Server,
    emails: list[str],
    times: dict[str, list[float]],
    cpu: dict[str, list[float]],
) -> list[Doctor]:
    """The doctors, each in a new browser context, signed in at once (the step timed)."""
    doctors = [Doctor(browser, server.url_for(i), email) for i, email in enumerate(emails)]
    for doctor in doctors:
        doctor.page.goto(doctor.url)
        expect(doctor.main.get_by_label("Email")).to_be_visible(
            timeout=max(STARTUP_SECONDS, STEP_TIMEOUT_S) * 1000
        )
    all_settled(doctors, time.monotonic())
    typed(doctors, TYPING_SECONDS)
    step("sign_in", doctors, server, sign_in, on_list, times, cpu)
    return doctors


def journey(
    browser: Browser,
    server: Server,
    emails: list[str],
    rounds: int = ROUNDS,
    first_row: int = 0,
    sign_ins: int = 1,
) -> tuple[dict[str, list[float]], dict[str, list[float]], list[Doctor]]:
    """Every step for len(emails) doctors at once; their times, the CPU, the doctors.

    Round k opens row ``first_row + k``: a case whose summary no earlier run accepted (an
    accepted section shows "Change", not "Accept"). The doctors sign in ``sign_ins`` times,
    each time in new browser contexts (one doctor's sign-in is one sample, eight doctors'
    are eight: the ratio's denominator needs more than one)."""
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for _ in range(sign_ins - 1):
        for earlier in signed_in(browser, server, emails, times, cpu):
            earlier.context.close()
    doctors = signed_in(browser, server, emails, times, cpu)
    for number in range(rounds):
        # Doctors move between pages 1 and 2; a row of the page they are on.
        row = first_row + number
        if number % 2:  # page 2 holds the last CASES - PAGE_SIZE cases
            row %= CASES - PAGE_SIZE
        step("open", doctors, server, open_row(row), on_case, times, cpu)
        step("accept", doctors, server, accept_summary, accepted, times, cpu)
        step("list", doctors, server, to_list, on_list, times, cpu)
        label, shown = ("Next", 2) if number % 2 == 0 else ("Previous", 1)
        step("page", doctors, server, turn_page(label), page_shown(shown), times, cpu)
    return times, cpu, doctors


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def idle_cpu_percent(server: Server, seconds: float) -> float:
    before, began = server.cpu(), time.monotonic()
    time.sleep(seconds)
    return 100 * (server.cpu() - before) / (time.monotonic() - began)


def case_opens(doctor: Doctor, server: Server, count: int) -> list[float]:
    """Open a case from the list ``count`` times (back to the list between)."""
    taken: list[float] = []
    for number in range(count):
        times: dict[str, list[float]] = {}
        step("open", [doctor], server, open_row(number % 5), on_case, times, {})
        taken += times["open"]
        step("list", [doctor], server, to_list, on_list, {}, {})
    return taken


def fill_new_case(doctor: Doctor, patient: str, age: int, gender: str, lab: Path) -> Locator:
    """The New case page filled in with one lab file; its Create button, ready."""
    nav = doctor.page.get_by_test_id("stSidebarNav")
    nav.get_by_role("link", name="New case", exact=True).click()
    # A bordered container, not an st.form: each field reruns the page as it is left.
    form = doctor.main.locator(".st-key-new_case_form")
    expect(form).to_be_visible()
    form.get_by_label("Patient name").fill(patient)
    form.get_by_label("Age").fill(str(age))
    form.get_by_label("Gender").click()
    doctor.page.get_by_role("option", name=gender, exact=True).click()
    all_settled([doctor], time.monotonic())  # a file set during a run can be dropped
    picker = form.get_by_test_id("stFileUploader").filter(has_text="Lab files")
    picker.locator("input[type=file]").set_input_files([str(lab)])
    expect(picker.get_by_text(lab.name, exact=True)).to_be_visible()
    expect(picker.get_by_test_id("stFileChipIconSpinner")).to_have_count(0)
    all_settled([doctor], time.monotonic())
    buttons = form.locator("[data-testid=stFormSubmitButton], [data-testid=stButton]")
    button = buttons.get_by_role("button", name="Create case")
    expect(button).to_be_enabled()
    return button


CRITICAL_PATIENTS = ("Critical Adams", "Critical Baker", "Critical Clark")  # no duplicates


def first_critical_value(doctor: Doctor, folder: Path, patient: str) -> float:
    """Seconds from Create to the critical value's banner on the case page."""
    lab = folder / "potassium.pdf"
    lab.write_bytes(pdf_bytes(CRITICAL_LINES))
    button = fill_new_case(doctor, patient, 71, "Male", lab)
    began, wall = time.monotonic(), time.time()
    button.click()
    expect(doctor.main.get_by_text(patient).first).to_be_visible()
    page_shown = time.monotonic() - began
    banner = doctor.main.get_by_text(CRITICAL_TITLE)
    runs, seen = doctor.runs, (0, 0, 0)
    timeline = []  # when the page's script runs were asked, started and finished
    while not banner.is_visible():
        if time.monotonic() - began > STEP_TIMEOUT_S:
            raise RuntimeError("no critical value on screen")
        now = (runs.asked, runs.started, runs.finished)
        if now != seen:
            kinds = [
                k
                for k, a, b in zip(("asked", "started", "finished"), now, seen, strict=True)
                if a != b
            ]
            timeline.append(f"{'+'.join(kinds)}@{time.monotonic() - began:.2f}")
            seen = now
        doctor.page.wait_for_timeout(20)
    taken = time.monotonic() - began
    print(
        f"critical_trace page_shown_s={page_shown:.3f} banner_s={taken:.3f} "
        f"runs_after_page_shown={' '.join(timeline)}",
        flush=True,
    )
    for line in worker_lines_since(folder / "server.log", wall):
        print(f"critical_trace {line}", flush=True)
    return taken


def worker_lines_since(log: Path, since: float) -> list[str]:
    """The analyzer worker's log lines from ``since`` (Unix time) on, each with its offset."""
    found = []
    for line in log.read_text(errors="replace").splitlines():
        if " worker " not in line:
            continue
        try:
            stamp = datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp()
        except ValueError:
            continue
        if stamp >= since - 0.05:
            found.append(f"+{stamp - since:.3f}s {line[24:]}")
    return found


def main() -> int:
    global STEP_TIMEOUT_S, TYPING_SECONDS  # settings every step reads, from the options
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--counts", default="1,4,8", help="doctors at once, comma-separated")
    parser.add_argument(
        "--development-settings",
        action="store_true",
        help="Streamlit's own defaults (file watcher, collection after every run): the before",
    )
    parser.add_argument(
        "--only",
        default="",
        help="only these parts, comma-separated: busy (a case page under four analyses"
        " against idle), critical (the first critical value after Create); two doctors seeded",
    )
    parser.add_argument(
        "--analyzer-nice",
        help="MEDCASE_ANALYZER_NICE for the worker (0: the before of its lower priority)",
    )
    parser.add_argument(
        "--idle-only",
        action="store_true",
        help="only the idle CPU with 8 doctors signed in (for comparing server settings)",
    )
    parser.add_argument(
        "--dashboards",
        type=int,
        default=1,
        help="dashboard processes on the same data folder, doctor i on process i mod K"
        " (a reverse proxy's sticky sessions; docs/operations.md)",
    )
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds per doctor and N")
    parser.add_argument(
        "--step-timeout",
        type=float,
        default=STEP_TIMEOUT_S,
        help="seconds a step may take before the run fails (raise it on a loaded machine)",
    )
    parser.add_argument(
        "--steps-only",
        action="store_true",
        help="only the doctors' steps (no idle, busy-server or first-critical-value figures)",
    )
    parser.add_argument(
        "--typing-seconds",
        type=float,
        default=TYPING_SECONDS,
        help="how long each sign-in page is quiet before the doctors click Sign in"
        " (0: at once, the method before 2026-11-26 10:00 UTC)",
    )
    parser.add_argument(
        "--server-cores",
        default="",
        help="CPUs for the server's processes, comma-separated (e.g. 0); the benchmark and its"
        " Chromium then run on the others, as a clinic's browsers run on the doctors' machines",
    )
    arguments = parser.parse_args()
    server_cores = {int(c) for c in arguments.server_cores.split(",") if c}
    if server_cores:
        others = os.sched_getaffinity(0) - server_cores
        if not others or not server_cores <= os.sched_getaffinity(0):
            parser.error("--server-cores must name some, not all, of this machine's CPUs")
        os.sched_setaffinity(0, others)  # this process, then Playwright's driver and Chromium
    STEP_TIMEOUT_S = arguments.step_timeout
    TYPING_SECONDS = arguments.typing_seconds
    counts = [int(n) for n in arguments.counts.split(",")]
    only = {part for part in arguments.only.split(",") if part}
    if only - {"busy", "critical"}:
        parser.error("--only takes busy, critical or both")
    expect.set_options(timeout=STEP_TIMEOUT_S * 1000)
    folder = Path(tempfile.mkdtemp(prefix="clinic-load-"))
    data_dir = folder / "data"
    figures: dict[str, float] = {}
    medians: dict[int, dict[str, float]] = {}
    try:
        seeded = 2 if only else DOCTORS
        emails = seed(data_dir, seeded)
        print(f"seeded={seeded} doctors x {CASES} cases", flush=True)
        with (
            running_server(
                data_dir,
                folder / "server.log",
                not arguments.development_settings,
                arguments.analyzer_nice,
                arguments.dashboards,
                server_cores or None,
            ) as server,
            sync_playwright() as playwright,
        ):
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"idle_cpu_percent_no_session={idle_cpu_percent(server, 10):.2f}", flush=True)
            doctors: list[Doctor] = []
            if arguments.idle_only:
                doctors = [
                    Doctor(browser, server.url_for(i), email) for i, email in enumerate(emails)
                ]
                for doctor in doctors:
                    doctor.page.goto(doctor.url)
                    expect(doctor.main.get_by_label("Email")).to_be_visible(
                        timeout=STARTUP_SECONDS * 1000
                    )
                step("sign_in", doctors, server, sign_in, on_list, {}, {})
                idle = idle_cpu_percent(server, IDLE_SECONDS)
                print(f"idle_cpu_percent_{len(doctors)}_sessions={idle:.2f}", flush=True)
                return 0
            if only:
                doctors = [Doctor(browser, server.url, emails[0])]
                doctors[0].page.goto(server.url)
                # A fresh server's first page builds the clinic: on a busy machine, long.
                sign_in_page = doctors[0].main.get_by_label("Email")
                expect(sign_in_page).to_be_visible(timeout=STARTUP_SECONDS * 1000)
                step("sign_in", doctors, server, sign_in, on_list, {}, {})
            for run, n in enumerate([] if only else counts):
                for old in doctors:
                    old.context.close()
                times, cpu, doctors = journey(
                    browser,
                    server,
                    emails[:n],
                    arguments.rounds,
                    run * arguments.rounds,
                    sign_ins=arguments.rounds if n == 1 else 1,
                )
                medians[n] = {}
                for name, values in times.items():
                    medians[n][name] = statistics.median(values)
                    spent = statistics.fmean(cpu[name])
                    drawing = statistics.fmean(BROWSER_CPU.get(f"n{n}_{name}", [0.0]))
                    figures[f"n{n}_{name}_cpu_s"] = spent
                    print(
                        f"n{n}_{name}_median_s={medians[n][name]:.3f} "
                        f"n{n}_{name}_p95_s={p95(values):.3f} n{n}_{name}_cpu_s={spent:.3f} "
                        f"n{n}_{name}_cpu_s_by_round={[round(c, 3) for c in cpu[name]]} "
                        f"n{n}_{name}_browser_cpu_s={drawing:.3f}",
                        flush=True,
                    )
            if arguments.steps_only:
                return _summary(figures, medians)
            if not only:
                idle = idle_cpu_percent(server, IDLE_SECONDS)
                figures["idle_cpu_percent"] = idle
                print(f"idle_cpu_percent_{len(doctors)}_sessions={idle:.2f}", flush=True)
            for old in doctors[1:]:
                old.context.close()
            one = doctors[0]
            if only and "busy" not in only:
                # A server that has served pages: the first completed case page loads the
                # chart library, and the clinic's warm-up runs at the first session.
                case_opens(one, server, 2)
                critical = [first_critical_value(one, folder, name) for name in CRITICAL_PATIENTS]
                figures["critical_after_create_s"] = statistics.median(critical)
                print(f"critical_after_create_s={[round(c, 3) for c in critical]}", flush=True)
                return report(figures)
            quiet = statistics.median(case_opens(one, server, BUSY_OPENS))
            queue_analyses(data_dir, emails[-1])
            busy_times: list[float] = []
            running: list[int] = []
            for _ in range(BUSY_OPENS):
                running.append(analysing(data_dir))
                busy_times += case_opens(one, server, 1)
            busy = statistics.median(busy_times)
            print(
                f"case_open_idle_s={quiet:.3f} case_open_under_{ANALYSES}_analyses_s={busy:.3f} "
                f"analyses_running_at_each_open={running} "
                f"worker_cpu_s={server.workers_cpu():.1f}",
                flush=True,
            )
            figures["busy_open_over_idle"] = busy / quiet
            if only and "critical" not in only:
                return report(figures)
            deadline = time.monotonic() + 600
            while analysing(data_dir) and time.monotonic() < deadline:
                time.sleep(1)
            critical = [first_critical_value(one, folder, name) for name in CRITICAL_PATIENTS]
            figures["critical_after_create_s"] = statistics.median(critical)
            print(f"critical_after_create_s={[round(c, 3) for c in critical]}", flush=True)
            browser.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return _summary(figures, medians)


def _summary(figures: dict[str, float], medians: dict[int, dict[str, float]]) -> int:
    """The ratios and the worst CPU per step from what was measured, then the last line."""
    if 1 in medians and 8 in medians:
        figures["n8_over_n1"] = max(medians[8][s] / medians[1][s] for s in medians[1])
    per_step = [v for k, v in figures.items() if k.endswith("_cpu_s") and "sign_in" not in k]
    if per_step:
        figures["cpu_s_per_step"] = max(per_step)
    return report(figures)


def report(figures: dict[str, float]) -> int:
    """The last line: every figure measured against its target; 1 when one is missed."""
    misses = [k for k, target in TARGETS.items() if k in figures and figures[k] > target]
    print(
        " ".join(f"{k}={figures[k]:.3f}" for k in TARGETS if k in figures)
        + f" targets_missed={len(misses)}"
    )
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
