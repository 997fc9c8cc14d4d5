"""How the signed-in doctor signs (issue #26): "Name as signed" and "Credentials", set
once, on the sign bar while they are missing and in the sidebar at any time.

The profile is read once per browser session and kept in it (not at every run of every
page: issue #25), and replaced there when the doctor saves a new one.
"""

from __future__ import annotations

import streamlit as st

from core.review import SignerProfile
from core.services import CaseService
from ui.errors import shown_to_user
from ui.formatting import markdown_text

PROFILE_KEY = "signer_profile"  # (user id, SignerProfile | None) as last read or saved
SIDEBAR_OPEN = "sidebar_profile_open"  # True while the sidebar's popover is open


def profile(services: CaseService) -> SignerProfile | None:
    """The doctor's profile, read from the store once per session."""
    held = st.session_state.get(PROFILE_KEY)
    if held is not None and held[0] == services.doctor.user_id:
        return held[1]
    current = services.review.signer_profile()
    st.session_state[PROFILE_KEY] = (services.doctor.user_id, current)
    return current


def profile_form(services: CaseService, prefix: str) -> SignerProfile | None:
    """The small form: name as signed, credentials, Save; the profile as it stands after."""
    current = profile(services)
    with st.form(f"{prefix}_profile_form", border=False):
        name = st.text_input(
            "Name as signed",
            value=current.display_name if current else "",
            placeholder="Dr Alice Smith",
            key=f"{prefix}_profile_name",
            max_chars=200,
        )
        credentials = st.text_input(
            "Credentials",
            value=current.credentials if current else "",
            placeholder="MD",
            key=f"{prefix}_profile_credentials",
            max_chars=200,
        )
        saved = st.form_submit_button("Save how I sign", key=f"{prefix}_profile_save")
    if saved:
        with shown_to_user():
            current = services.review.save_signer_profile(name, credentials)
            st.session_state[PROFILE_KEY] = (services.doctor.user_id, current)
            st.toast(f"You sign as {markdown_text(current.signature)}.")
    return current


def sidebar_entry(services: CaseService) -> None:
    """In the sidebar's account area: how the doctor signs, and a popover to change it."""
    current = profile(services)
    label = "How you sign" if current else "Set how you sign"
    if current:
        st.caption(f"Signs as {markdown_text(current.signature)}")
    # Its form is built only while it is open (opening it reruns the page): every page
    # of every doctor has the sidebar, and a closed popover is one element (issue #25).
    popover = st.popover(label, icon=":material/signature:", key=SIDEBAR_OPEN, on_change="rerun")
    with popover:
        if popover.open:
            profile_form(services, "sidebar")
