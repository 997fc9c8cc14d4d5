"""MedCase as served: `streamlit run serve.py` (app.py is the page script it runs).

The server adds the browser-id cookie (ui.browser_cookie) that keeps a doctor signed in
across reloads and tabs; `streamlit run app.py` also works, but signs out on a reload.
"""

from __future__ import annotations

from starlette.middleware import Middleware
from streamlit.starlette import App

from ui.browser_cookie import BrowserIdCookie

app = App("app.py", middleware=[Middleware(BrowserIdCookie)])
