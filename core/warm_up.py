"""A process's start, finished off the caller's thread: the ICD-10-CM code set loaded, then
everything that lives as long as the process moved out of the garbage collector's sight.

Streamlit collects garbage after every script run (its `runner.postScriptGC`), and a full
collection walks every tracked object. Once the libraries and the code tree are loaded
that is about 800,000 objects and 0.2 s on an idle core (twice that on a busy one), added
to every click of every doctor. ``gc.freeze()`` moves them to the permanent generation,
so a collection walks only what came after: microseconds. They were never garbage.
"""

from __future__ import annotations

import gc
import threading
from functools import cache

from core import icd10
from core.analysis.reading.isolation import start_forkserver
from core.privacy.national_numbers import national_numbers
from core.privacy.online import top_level_domains


@cache  # once per process, however many clinics it builds
def warm_up_in_background() -> threading.Thread:
    """Load the code set and freeze the process's long-lived objects, in a daemon thread."""
    worker = threading.Thread(target=_warm_up, name="medcase-warm-up", daemon=True)
    worker.start()
    return worker


def _warm_up() -> None:
    icd10.load_in_background().join()  # two seconds, not on the first case
    gc.collect()  # what is garbage now is collected, not frozen
    gc.freeze()


def warm_up_analyzer() -> None:
    """What a case's analysis loads on first use, loaded now (an analyzer worker, before
    its first case): Presidio's recognisers (spaCy with them, 2 s on an idle core and ten
    times that on a busy one), the web's domain names, the file readers' forkserver and
    the code set; then the long-lived objects frozen as above."""
    next(iter(national_numbers("NHS 943 476 5919")), None)
    top_level_domains()
    start_forkserver()
    _warm_up()
