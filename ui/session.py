"""Per-session state, initialised once here: the signed-in doctor, their tokens, notices.

Only this module reads or writes the session keys it defines; pages call its functions.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Literal

import streamlit as st

from core.bootstrap import Clinic
from core.client_address import client_address, trusted_networks
from core.errors import NotAuthenticated
from core.models import AuthSession, Doctor
from core.services import CaseService
from ui import unsaved
from ui.browser_cookie import browser_id, hand_over_script
from ui.formatting import markdown_text

log = logging.getLogger(__name__)

# Refresh well before expiry: an analysis queued now runs in the background with this
# session's token (under Supabase, RLS needs it), so it should have minutes to live.
# Embedded access tokens live at least 15 minutes (MEDCASE_ACCESS_TOKEN_MINUTES), so a
# session refreshes after five minutes at the earliest and never on every run.
REFRESH_MARGIN_SECONDS = 600
SESSION_EXPIRED = "Your session has expired. Please sign in again."

CLINIC = "clinic"  # the process-wide clinic, attached on every run by app.py
AUTH = "auth_session"
SERVICES = "case_services"  # (access token, CaseService) made for this session
PENDING_CASE = "pending_case_id"  # a case link opened before signing in
OPEN_CASE = "open_case_id"
NOTICES = "notices"  # (kind, text) shown once, on the next page that renders them
# The id this session gave its browser at sign-in or sign-out (the handshake's cookie is
# older), and the hand-over token its page posts until the server has taken it.
BROWSER = "browser_id"
HAND_OVER = "browser_hand_over"

NoticeKind = Literal["toast", "success", "info", "warning", "error"]


def init(clinic: Clinic) -> None:
    """Create this session's keys once, and attach the clinic for the pages."""
    for key in (AUTH, SERVICES, PENDING_CASE, OPEN_CASE, BROWSER, HAND_OVER):
        if key not in st.session_state:
            st.session_state[key] = None
    if NOTICES not in st.session_state:
        st.session_state[NOTICES] = []
    st.session_state[CLINIC] = clinic


def clinic() -> Clinic:
    attached: Clinic = st.session_state[CLINIC]
    return attached


def auth_session() -> AuthSession | None:
    return st.session_state.get(AUTH)


def signed_in() -> bool:
    return auth_session() is not None


def doctor() -> Doctor:
    """The signed-in doctor; NotAuthenticated when nobody is signed in."""
    current = auth_session()
    if current is None:
        raise NotAuthenticated()
    return current.doctor


def services() -> CaseService:
    """This session's case operations, made for its current access token (never shared);
    the one made for an earlier token is closed."""
    current = auth_session()
    if current is None:
        raise NotAuthenticated()
    held = st.session_state.get(SERVICES)
    if held is None or held[0] != current.access_token:
        _close_services()
        held = (current.access_token, clinic().services_for(current))
        st.session_state[SERVICES] = held
    return held[1]


def sign_in(email: str, password: str) -> None:
    """Sign in with email and password (the core resumes unfinished analyses and throttles
    attempts by account and by this browser's address)."""
    start(clinic().accounts.sign_in(email, password, _client_address()))


def sign_up(email: str, password: str) -> None:
    """Create an account and sign in with it."""
    start(clinic().accounts.sign_up(email, password, _client_address()))


SIGNED_OUT_ELSEWHERE = (
    "Signed out here: this browser signed out, or signed in as another doctor, in another tab."
)


def resume() -> None:
    """Pick up the session this browser kept on the server (a reload, a new tab); and end
    this one if the doctor signed out (or another doctor in) in another tab."""
    kept, browser = clinic().browser_sessions, _browser()
    if kept is None or browser is None:
        return
    found, current = kept.find(browser), auth_session()
    if current is None:
        if found is not None:
            st.session_state[AUTH] = found
    elif found is None or found.doctor.user_id != current.doctor.user_id:
        lost = unsaved.lost_in_this_run()  # read before the session's state goes
        _clear_session()  # the store is left as the other tab made it
        notify(SIGNED_OUT_ELSEWHERE, "info")
        _say_not_saved(lost)


def _client_address() -> str | None:
    """The browser's address, or what a configured reverse proxy says it is. Streamlit
    gives None for localhost (a proxy on this machine) and where it cannot tell (AppTest):
    with neither a peer nor a trusted proxy's header, only the account's limits apply."""
    forwarded = st.context.headers.get("X-Forwarded-For")
    peer = st.context.ip_address
    if peer is None and forwarded:
        peer = "127.0.0.1"  # a WebSocket with headers and no address: a local connection
    proxies = trusted_networks(clinic().settings.trusted_proxies)
    return client_address(peer, forwarded, proxies)


def _browser() -> str | None:
    """This browser's id: the one this session handed it, else its cookie's."""
    handed: str | None = st.session_state.get(BROWSER)
    return handed or browser_id()


def _new_browser_id(session: AuthSession | None) -> None:
    """Give the browser a new id (sign-in, sign-out), ``session`` kept under it: an id
    planted in the browser beforehand never leads to a doctor's session."""
    kept, old = clinic().browser_sessions, _browser()
    if kept is None or old is None:
        return  # not served by serve.py: no cookie to change
    new = kept.issue()
    if session is not None:
        kept.keep(new, session)
    st.session_state[HAND_OVER] = kept.hand_over(old, new)
    st.session_state[BROWSER] = new


def hand_over_browser_id() -> None:
    """On every run until the server has it: the page posts the new id's hand-over."""
    token, kept = st.session_state.get(HAND_OVER), clinic().browser_sessions
    if token is None or kept is None:
        return
    if kept.handed_over(token):
        st.session_state[HAND_OVER] = None
        return
    st.html(hand_over_script(token), unsafe_allow_javascript=True)


def start(new_session: AuthSession) -> None:
    """Hold the tokens for this session, and keep them on the server for this browser
    under a new id."""
    _close_services()
    st.session_state[AUTH] = new_session
    _new_browser_id(new_session)


def _close_services() -> None:
    held = st.session_state.get(SERVICES)
    st.session_state[SERVICES] = None
    if held is not None:
        try:
            held[1].close()
        except Exception:  # noqa: BLE001 - a pool that fails to close must not end the page
            log.warning("closing the session's backend failed")


def keep_fresh() -> None:
    """Refresh the access token shortly before it expires; sign out if that fails."""
    current = auth_session()
    if current is None or not current.expires_within(REFRESH_MARGIN_SECONDS, time.time()):
        return
    kept, browser = clinic().browser_sessions, _browser()
    try:
        if kept is None or browser is None:
            start(clinic().accounts.refresh(current.refresh_token))
            return
        # Another tab of this browser may have refreshed first: the store decides.
        fresh = kept.refreshed(browser, current, REFRESH_MARGIN_SECONDS, clinic().accounts.refresh)
        _close_services()
        st.session_state[AUTH] = fresh
    except NotAuthenticated:
        expire()


def expire() -> None:
    """The session can no longer be proved: forget the doctor and say why."""
    lost = unsaved.lost_in_this_run()  # read before the session's state goes
    _forget_doctor()
    notify(SESSION_EXPIRED, "warning")
    _say_not_saved(lost)


def _say_not_saved(lost: list[str]) -> None:
    message = unsaved.not_saved_message(lost)
    if message:
        # What the doctor typed, shown as text (never rendered as Markdown).
        notify(markdown_text(message), "error")


def sign_out() -> None:
    """End the session here and at the backend (revokes the refresh token)."""
    current = auth_session()
    if current is not None:
        try:
            clinic().accounts.sign_out(current)
        except Exception:  # noqa: BLE001 - the session ends here whatever the backend says
            log.warning("sign-out at the backend failed; the local session ends anyway")
    _forget_doctor()
    st.query_params.clear()


def _forget_doctor() -> None:
    # The session this browser kept on the server goes too: other tabs end at their next
    # run. The browser gets a new id, under which nothing is kept.
    kept, browser = clinic().browser_sessions, _browser()
    if kept is not None:
        kept.forget(browser)
    _clear_session()
    if browser is not None:
        st.session_state[BROWSER] = browser
        _new_browser_id(None)


def _clear_session() -> None:
    # Everything in this session belonged to the doctor: form values, selections, tokens.
    _close_services()
    attached = clinic()
    for key in list(st.session_state.keys()):
        del st.session_state[key]
    init(attached)


def remember_case_link(case_id: str | None) -> None:
    """Keep a case link opened while signed out, to open it after signing in."""
    if case_id:
        st.session_state[PENDING_CASE] = case_id


def take_case_link() -> str | None:
    case_id = st.session_state.get(PENDING_CASE)
    st.session_state[PENDING_CASE] = None
    return case_id


OPENED = "opened_cases"  # cases whose opening this session has put on the audit trail


def first_look(case_id: str) -> bool:
    """True the first time this session shows a case (an "opened" event), False on the
    reruns and polls after it."""
    seen = st.session_state.setdefault(OPENED, set())
    if case_id in seen:
        return False
    seen.add(case_id)
    return True


def open_case_id() -> str | None:
    return st.session_state.get(OPEN_CASE)


def set_open_case(case_id: str | None) -> None:
    st.session_state[OPEN_CASE] = case_id


def notify(text: str, kind: NoticeKind = "info") -> None:
    """Queue a message for the next page that calls ``show_notices`` (survives a rerun)."""
    st.session_state[NOTICES] = [*st.session_state.get(NOTICES, []), (kind, text)]


def show_notices() -> None:
    """Show queued messages once."""
    shown: dict[str, Callable[..., object]] = {
        "toast": st.toast,
        "success": st.success,
        "info": st.info,
        "warning": st.warning,
        "error": st.error,
    }
    for kind, text in st.session_state.get(NOTICES, []):
        shown[kind](text)
    st.session_state[NOTICES] = []
