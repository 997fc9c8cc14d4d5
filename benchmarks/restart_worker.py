"""The analyzer process ``benchmarks.restart`` kills and starts again: the clinic as
``core.bootstrap`` builds it from the environment, doing nothing but analysing (its
recovery sweeps the database for cases waiting or abandoned) until SIGTERM."""

from __future__ import annotations

import os
import signal
import threading

from core.bootstrap import build_clinic
from core.config import Settings


def main() -> None:
    clinic = build_clinic(Settings.from_sources(os.environ))
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    stop.wait()
    clinic.close()


if __name__ == "__main__":
    main()
