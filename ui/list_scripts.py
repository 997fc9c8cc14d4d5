"""The case list's JavaScript (and the case page's two more), loaded by the sign-in page
while the doctor types.

Streamlit's page loads each kind of element's code when an element of that kind first
arrives: a browser signing in met the list's table, counts, filters and buttons only
after the password's check, and then fetched, compiled and ran 48 chunks (1.9 MB) before
it could draw the list (issue #25: about 1 s of a first sign-in's 2 s from the click to
the list on screen, and most of the browser's CPU when eight doctors sign in at once).
The sign-in page asks for the same chunks once its form is on screen, when the browser
is idle; the list's elements then find their code already loaded. A returning doctor's
browser has the chunks in its HTTP cache (hashed names, immutable: ``ui.static_assets``)
but compiles and runs them again on each page load; what that gains was within the noise
of this shared machine (docs/performance.md, "server-signin3").

The chunks are Streamlit's own, named by the element they draw; a name missing from the
installed Streamlit is left out (``tests/e2e/test_sign_in_scripts_browser.py`` sees the
list fetch scripts after the click then).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import streamlit as st
import streamlit.components.v2 as components

from ui.static_assets import STATIC_DIR

# The elements the case list draws that the sign-in page does not: the "New case" link and
# the pager's buttons, the counts, the filters, the table; then the two a case page adds
# (a section's decision control and the download buttons), whose chunks a browser's first
# open fetched from the server after the click (issue #25: 6 KB, two requests).
LIST_ELEMENTS = (
    "Button",
    "PageLink",
    "Metric",
    "Checkbox",
    "Multiselect",
    "Selectbox",
    "DateInput",
    "NumberInput",
    "DataFrame",
    "ButtonGroup",
    "DownloadButton",
)


def chunk_names(folder: Path = STATIC_DIR) -> tuple[list[str], list[str]]:
    """The entry chunk of each list element (``js/DataFrame.<hash>.js``; the chunks it
    imports come with it) and their stylesheets, as paths under ``static/``."""
    scripts: list[str] = []
    styles: list[str] = []
    for element in LIST_ELEMENTS:
        hashed = re.compile(re.escape(element) + r"\.[\w-]+\.(js|css)")
        for kind, found in (("js", scripts), ("css", styles)):
            found += sorted(
                f"{kind}/{path.name}"
                for path in (folder / kind).glob(f"{element}.*.{kind}")
                if hashed.fullmatch(path.name)
            )
    return scripts, styles


# Run once per page load (the page may show the sign-in form again after a sign-out): after
# the form is drawn, when the browser is idle, import each chunk as Streamlit would (from
# beside its own entry script, so the module is the one its loader asks for) and fetch
# the stylesheets into the cache. A failure only means the list loads them itself.
# ``window.__medcaseListScripts`` is "loaded" once every import has settled.
_PRELOAD_JS = """
const CHUNKS = __CHUNKS__;
export default function () {
  if (window.__medcaseListScripts) return;
  const entry = document.querySelector('script[type="module"][src*="/static/js/index."]');
  if (!entry) return;
  window.__medcaseListScripts = true;
  const load = () => {
    const base = new URL("../", entry.src);
    const imports = CHUNKS.scripts.map((name) => import(new URL(name, base).href));
    Promise.allSettled(imports).then(() => { window.__medcaseListScripts = "loaded"; });
    for (const name of CHUNKS.styles) {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.as = "style";
      link.href = new URL(name, base).href;
      document.head.appendChild(link);
    }
  };
  if (window.requestIdleCallback) window.requestIdleCallback(load, { timeout: 1500 });
  else window.setTimeout(load, 200);
}
"""


def _preload_js() -> str:
    scripts, styles = chunk_names()
    return _PRELOAD_JS.replace("__CHUNKS__", json.dumps({"scripts": scripts, "styles": styles}))


_preloader = components.component("medcase_list_scripts", js=_preload_js())


def load_while_signing_in() -> None:
    """On the sign-in page: have the browser load the list's code while the doctor types
    (nothing drawn)."""
    with st.container(key="list_scripts_probe"):  # hidden by the stylesheet
        _preloader(key="medcase_list_scripts", height=0)
