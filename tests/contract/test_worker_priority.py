"""The analyzer runs below the dashboard's CPU priority (issue #25): a worker started as
`make run` starts it, its threads, its file readers' forkserver and every reading child
forked from it are MEDCASE_ANALYZER_NICE nice steps lower than what started them, so a
page's run gets a core before an analysis does."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

from core.insights import LabDocument
from tests.unit.test_make_run_settings import worker_command
from tests.unit.test_make_targets import dry_run

ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 300  # the warm-up (Presidio, the code set) on a busy machine
_OUTSIDE_SETTINGS = ("SUPABASE_", "OPENAI_", "MEDCASE_")


def niceness(pid: int, thread: int | None = None) -> int:
    """A process's (or one of its threads') niceness, field 19 of /proc/.../stat."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    return int(Path(path).read_text().rsplit(")", 1)[1].split()[16])


def threads_niceness(pid: int) -> set[int]:
    return {niceness(pid, int(task)) for task in os.listdir(f"/proc/{pid}/task")}


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue  # ended meanwhile
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def expected(steps: int) -> int:
    return min(19, os.getpriority(os.PRIO_PROCESS, 0) + steps)


def start_as_make_run(data_dir: Path, log: Path, extra: dict[str, str]) -> subprocess.Popen[bytes]:
    """The worker command of `make -n run`, in a shell, as the recipe runs it."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(_OUTSIDE_SETTINGS)}
    environment |= {"MEDCASE_DATA_DIR": str(data_dir), **extra}
    with log.open("wb") as output:
        return subprocess.Popen(
            ["sh", "-c", "exec " + shlex.join(worker_command(dry_run("run")))],
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
        )


def wait_until_taking(worker: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while "taking waiting cases" not in log.read_text():
        assert worker.poll() is None, log.read_text()[-3000:]
        assert time.monotonic() < deadline, "the worker did not start"
        time.sleep(0.2)


def stop(worker: subprocess.Popen[bytes]) -> None:
    worker.terminate()
    try:
        worker.wait(timeout=20)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


def test_a_worker_started_as_make_run_starts_it_and_its_forkserver_run_lower(
    tmp_path: Path,
) -> None:
    log = tmp_path / "worker.log"
    worker = start_as_make_run(tmp_path / "data", log, {})
    try:
        wait_until_taking(worker, log)
        lowered = expected(10)
        # Every thread: Linux keeps a niceness per thread, so one started before the
        # priority was lowered would still compete with the dashboard.
        assert threads_niceness(worker.pid) == {lowered}
        forked = children(worker.pid)
        assert forked, "the file readers' forkserver was not started before the first case"
        for child in forked:
            assert threads_niceness(child) == {lowered}, Path(f"/proc/{child}/cmdline").read_text()
        assert f"(niceness {lowered})" in log.read_text()
    finally:
        stop(worker)


def test_medcase_analyzer_nice_0_leaves_the_worker_at_the_dashboards_priority(
    tmp_path: Path,
) -> None:
    log = tmp_path / "worker.log"
    worker = start_as_make_run(tmp_path / "data", log, {"MEDCASE_ANALYZER_NICE": "0"})
    try:
        wait_until_taking(worker, log)
        assert threads_niceness(worker.pid) == {expected(0)}
    finally:
        stop(worker)


def niceness_reader(file_id: str, label: str, file_name: str, content: bytes) -> LabDocument:
    """A lab reader that reports the reading child's own niceness as the document's text."""
    return LabDocument(file_id=file_id, label=label, text=str(os.getpriority(os.PRIO_PROCESS, 0)))


_READ_IN_LOWERED_PROCESS = """
import sys, worker
from core.analysis.reading.isolation import IsolatedReading
from tests.contract.test_worker_priority import niceness_reader
print(worker.lower_priority(int(sys.argv[1])))
reading = IsolatedReading(lab_reader=niceness_reader)
print(reading.lab_document("f1", "Lab 1", "cbc.pdf", lambda: b"%PDF-").text)
"""


def test_a_reading_child_of_a_lowered_worker_runs_as_low_as_the_worker() -> None:
    answer = subprocess.run(
        [sys.executable, "-c", _READ_IN_LOWERED_PROCESS, "10"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=STARTUP_SECONDS,
    )
    worker_level, child_level = answer.stdout.split()[-2:]
    assert int(worker_level) == expected(10)
    assert int(child_level) == expected(10)
