"""Streamlit's script runs as the browser sees them, read from its websocket.

The browser asks for a run (a `rerun_script` message: a click, a form, a fragment's timer)
and the server answers each run with `new_session` when it starts and `script_finished`
when it ends (a fragment's run too; "early for rerun" when another run follows, as after
the script's own st.rerun()). A page has settled when every run asked for has started and
finished, none is about to follow, and nothing has moved for a short while: waiting for
that instead of a fixed pause is what keeps the journeys quick without racing the app.
"""

from __future__ import annotations

import itertools
import time

from playwright.sync_api import Page, WebSocket
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

STREAM_PATH = "/_stcore/stream"
# Quiet needed after the last run and after the call: a click's request shows up well
# within it, even with both cores busy (a run that ends for a rerun is waited for anyway).
QUIET_SECONDS = 0.25
POLL_MS = 25


class ScriptRuns:
    """The order in which runs were asked for, started and finished on one page."""

    def __init__(self, page: Page) -> None:
        self._order = itertools.count(1)
        self.asked = self.started = self.finished = 0  # the order of each kind's last event
        self.last_event = time.monotonic()
        # A run that ended for a rerun (the script's st.rerun(), or a newer request) is
        # followed by another, however long a busy server takes to start it.
        self.rerun_follows = False
        # The fragment the last run asked for was of ("" for a whole-page run).
        self.asked_fragment = ""
        page.on("websocket", self._watch)

    def _watch(self, socket: WebSocket) -> None:
        if STREAM_PATH in socket.url:
            socket.on("framesent", self._sent)
            socket.on("framereceived", self._received)

    def _sent(self, payload: str | bytes) -> None:
        if not isinstance(payload, bytes):
            return
        message = BackMsg.FromString(payload)
        if message.HasField("rerun_script"):
            self.asked = self._mark()
            self.asked_fragment = message.rerun_script.fragment_id

    def _received(self, payload: str | bytes) -> None:
        if not isinstance(payload, bytes):
            return
        message = ForwardMsg.FromString(payload)
        kind = message.WhichOneof("type")
        if kind == "new_session":
            self.started = self._mark()
            self.rerun_follows = False
        elif kind == "script_finished":
            self.finished = self._mark()
            self.rerun_follows = message.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN

    def _mark(self) -> int:
        self.last_event = time.monotonic()
        return next(self._order)

    def idle(self, since: float) -> bool:
        """Every run asked for has started and finished, and all has been quiet for a while
        after both the last event and ``since`` (a click's request may still be on its way)."""
        answered = self.asked < self.started < self.finished and not self.rerun_follows
        return answered and time.monotonic() - max(self.last_event, since) >= QUIET_SECONDS

    def wait_until_idle(self, page: Page, timeout_s: float) -> None:
        """Let Playwright deliver the websocket's events until the page's runs are done."""
        since = time.monotonic()
        deadline = since + timeout_s
        while not self.idle(since):
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"the app kept running for {timeout_s:.0f} s "
                    f"(asked {self.asked}, started {self.started}, finished {self.finished})"
                )
            page.wait_for_timeout(POLL_MS)
