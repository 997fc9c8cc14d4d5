"""The server's process loads what the pages draw with when it starts, not in a doctor's
first click (issue #25: a fresh server's first sign-in spent 2.4 s of CPU importing
pandas and pyarrow, its first case page 0.8 s importing Altair and building the chart;
the case page draws no chart since the fifth round, the patient page still does)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ui import warm_pages

ROOT = Path(__file__).resolve().parents[2]

# A fresh interpreter imports the served entry module, as `streamlit run serve.py` does at
# start, and says what it has loaded once the warm-up thread is done.
FRESH_SERVER = """
import json, sys, threading
import serve
from core import icd10
started = [t for t in threading.enumerate() if t.name == "medcase-warm-pages"]
for thread in started:
    thread.join(timeout=120)
print(json.dumps({
    "started": len(started),
    "modules": sorted(sys.modules),
    "code_set_loaded": icd10._code_set.cache_info().currsize,
}))
"""


def test_a_fresh_server_process_loads_the_pages_libraries_when_it_starts() -> None:
    answer = subprocess.run(
        [sys.executable, "-c", FRESH_SERVER],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    loaded = json.loads(answer.stdout.strip().splitlines()[-1])
    assert loaded["started"] == 1  # by serve.py's import, off its thread
    modules = set(loaded["modules"])
    for name in ("pandas", "pyarrow", "pyarrow.pandas_compat", "altair", "ui.case_list"):
        assert name in modules, name
    # Every module a page script names (app_pages/*.py, app.py) is loaded.
    missing = [
        name for name in warm_pages.page_imports() if name not in modules and _is_module(name)
    ]
    assert missing == []
    assert loaded["code_set_loaded"] == 1  # ICD-10-CM, before any page builds the clinic


def test_the_page_imports_are_read_from_the_page_scripts() -> None:
    names = warm_pages.page_imports()
    # app_pages/cases.py: "from ui import case_filters, case_list, ..."; case.py: the review
    # panel; app.py: the clinic's cache.
    assert {"ui.case_filters", "ui.case_list", "ui.review_panel", "ui.clinic_cache"} <= set(names)
    assert "altair" in names  # the patient page's and the pilots' charts


def _is_module(name: str) -> bool:
    from importlib.util import find_spec

    try:
        return find_spec(name) is not None
    except ModuleNotFoundError:
        return False
