"""MedCase's analyzer in a process of its own: `python worker.py` (`make run` starts it).

It takes the cases the dashboard leaves waiting in the embedded database and analyses them
(core.jobs.workers), so no analysis competes with page runs for the dashboard's
interpreter. It runs MEDCASE_ANALYZER_NICE nice steps below what started it (default 10),
and so do the file-reading children it forks, so no analysis competes with page runs for
a core either. Settings come from the environment, then .streamlit/secrets.toml, as the
dashboard reads them. Under Supabase it exits at once: the dashboard runs the analyses.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import tomllib
from pathlib import Path
from types import FrameType
from typing import Any

from core.config import Settings, SettingsError

SECRETS = Path(".streamlit") / "secrets.toml"

log = logging.getLogger("medcase.worker")


def _secrets() -> dict[str, Any]:
    """The dashboard's secrets file, where a clinic may keep its settings."""
    for folder in (Path.cwd(), Path.home()):
        path = folder / SECRETS
        if path.is_file():
            with path.open("rb") as secrets:
                return tomllib.load(secrets)
    return {}


def lower_priority(steps: int) -> int:
    """Run ``steps`` nice levels below now (0: unchanged); the niceness the process has.

    Linux keeps a niceness per thread and a new thread or process takes its creator's, so
    this must come before the process starts any thread or child: then the runner's
    threads, the file readers' forkserver and every reading child forked from it inherit it.
    """
    return os.nice(steps)


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker %(levelname)s %(message)s")
    try:
        settings = Settings.from_sources(os.environ, _secrets())
    except SettingsError as error:
        log.error("MedCase is not configured correctly: %s", error)
        return 2
    niceness = lower_priority(settings.analyzer_nice)
    # Imported here, not at the top: the file readers' forkserver imports this script once
    # and forks every reading child from it, and a forkserver holding the whole app (as
    # core.bootstrap brings in) took 1.7 to 2.3 s per child instead of 0.04 s.
    from core.bootstrap import build_worker

    worker = build_worker(settings)
    if worker is None:
        log.info("Supabase backend: the dashboard runs the analyses; this worker stops")
        return 0

    def stop(signum: int, frame: FrameType | None) -> None:
        worker.stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    log.info("analyzer worker %d taking waiting cases (niceness %d)", os.getpid(), niceness)
    worker.run()
    log.info("analyzer worker %d stopped", os.getpid())
    return 0


# The file-reading children import the entry script under another name (multiprocessing's
# forkserver): for them it must do nothing.
if __name__ == "__main__":
    sys.exit(main())
