"""The modules the dashboard's pages draw with, imported once when the server process
starts (serve.py), off its main thread, instead of in the first doctor's click.

A fresh server's first list imported pandas and pyarrow (2 to 3 s of CPU in the first
sign-in) and its first case page Altair (0.5 to 0.8 s, issue #25). Streamlit runs each
page file anew, so what a page imports is found in its source (every ``app_pages/*.py``
and ``app.py``), with the libraries our widgets import only inside a function. Then what
was loaded, with the ICD-10-CM code set (``core.warm_up``), is moved out of the garbage
collector's sight: modules live as long as the process.
"""

from __future__ import annotations

import ast
import gc
import importlib
import logging
import threading
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from core import warm_up

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[1]
PAGE_SCRIPTS = (ROOT / "app.py", *sorted((ROOT / "app_pages").glob("*.py")))
# Imported inside a function where a page first needs them (Altair, kept here for the
# pages' charts; ui.lab_table's highlighted cells, Streamlit's first DataFrame sent as Arrow).
LAZY_LIBRARIES = ("altair", "pandas.io.formats.style", "pyarrow.pandas_compat")


def page_imports(scripts: tuple[Path, ...] = PAGE_SCRIPTS) -> list[str]:
    """The module names the page scripts import (``from ui import session`` names both
    ``ui`` and ``ui.session``; a name that is not a module is dropped when imported)."""
    names: dict[str, None] = {}
    for script in scripts:
        for name in _imported_names(ast.parse(script.read_text(encoding="utf-8"))):
            names.setdefault(name, None)
    return [*names, *LAZY_LIBRARIES]


def _imported_names(tree: ast.Module) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


@cache  # once per process
def load_in_background() -> threading.Thread:
    """Import the pages' modules in a daemon thread, then freeze what is loaded."""
    worker = threading.Thread(target=_load, name="medcase-warm-pages", daemon=True)
    worker.start()
    return worker


def _load() -> None:
    for name in page_imports():
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:  # a module the page names is broken: its page says so
                log.warning("warming the pages: %s could not be imported", name)
        except Exception:  # noqa: BLE001 - the page that imports it shows the error
            log.warning("warming the pages: %s could not be imported", name)
    _first_uses()
    # The ICD-10-CM code set too (two seconds), which the clinic's warm-up would otherwise
    # load beside the first doctor's sign-in; it freezes what is loaded once it is in.
    warm_up.warm_up_in_background().join()
    gc.collect()  # the clinic's warm-up may have frozen before these imports were done
    gc.freeze()


def _first_uses() -> None:
    # Streamlit's bundles, compressed once (ui.static_assets): not in a doctor's first
    # case page or sign-in.
    from ui import static_assets

    try:
        static_assets.BUNDLES.warm()
    except OSError:  # a bundle that cannot be read is compressed (or fails) when asked
        log.warning("warming the pages: Streamlit's bundles could not be compressed")
