"""axe-core in the browser (from axe-playwright-python, which ships axe.min.js): every page
of the journey is checked, and no serious or critical violation may remain.

An exception is allowed only for a violation inside Streamlit's own widgets that the app
cannot fix, named by its rule and the element it was found on (docs/accessibility.md).
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

BLOCKING = ("serious", "critical")
# (axe rule id, a substring of the failing element's HTML): Streamlit's, not ours.
# None today: st.pdf's scrolling pages, once one, are put in the tab order by
# ui/document_viewer.py (docs/working-day.md).
STREAMLIT_OWN: tuple[tuple[str, str], ...] = ()

_AXE = Axe()


def violations(page: Page, where: str) -> list[str]:
    """The serious and critical violations on the page as it is now, one line each."""
    results = _AXE.run(page, options={"resultTypes": ["violations"]})
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") not in BLOCKING:
            continue
        for node in violation["nodes"]:
            html = node.get("html", "")
            if any(rule == violation["id"] and part in html for rule, part in STREAMLIT_OWN):
                continue
            found.append(
                f"{where}: {violation['id']} ({violation['impact']}) on {node['target']}: "
                f"{html[:160]} | {node.get('failureSummary', '').splitlines()[-1:]}"
            )
    return found
