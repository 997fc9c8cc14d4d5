"""MedCase as served: `streamlit run serve.py` (app.py is the page script it runs).

The server adds the browser-id cookie (ui.browser_cookie) that keeps a doctor signed in
across reloads and tabs, and checks what reaches Streamlit (ui.web_edge): the WebSocket's
exact Origin, anti-framing headers, and downloads only with the doctor's session; and a
download built on a click stays served while the page polls (ui.generated_downloads).
`streamlit run app.py` also works, but signs out on a reload and has none of these.
"""

from __future__ import annotations

from functools import cache

from starlette.middleware import Middleware
from streamlit import config
from streamlit.starlette import App

from core.browser_sessions import BrowserSessions
from ui import generated_downloads, warm_pages
from ui.browser_cookie import BrowserIdCookie
from ui.settings_sources import current_settings
from ui.static_assets import CompressedStatic
from ui.web_edge import WebEdge

# What the pages import (pandas, pyarrow, Altair...), loaded as the server starts: not in
# the first doctor's sign-in or the first case opened (issue #25).
warm_pages.load_in_background()
# A download built on a click stays served while the page polls (ui.generated_downloads).
generated_downloads.keep_generated_files()


@cache
def _kept_sessions() -> BrowserSessions:
    # The same store (file and key) the clinic keeps sessions in; built on first request.
    return BrowserSessions.in_data_dir(current_settings().data_dir)


app = App(
    "app.py",
    middleware=[
        Middleware(WebEdge, store=_kept_sessions),
        Middleware(BrowserIdCookie, store=_kept_sessions),
        # Streamlit's bundles gzip-compressed from memory (issue #25); innermost, so the
        # edge's headers apply to them as to everything else.
        Middleware(CompressedStatic, base_url=config.get_option("server.baseUrlPath") or ""),
    ],
)
