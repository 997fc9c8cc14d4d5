"""Sign in, or create an account (which signs in straight away)."""

from __future__ import annotations

import streamlit as st

from ui import list_scripts, session
from ui.errors import shown_to_user

st.title("MedCase")
st.caption("Patient cases, lab files and radiology images, with advisory AI insights.")
session.show_notices()

with st.form("sign_in_form"):
    email = st.text_input("Email", key="sign_in_email", autocomplete="email")
    password = st.text_input(
        "Password", type="password", key="sign_in_password", autocomplete="current-password"
    )
    with st.container(horizontal=True):
        wants_sign_in = st.form_submit_button("Sign in", type="primary", key="sign_in_submit")
        wants_account = st.form_submit_button("Create account", key="sign_in_create")
st.caption(
    "New here? Enter your email and a password, then Create account. A few uncommon"
    " words make a strong password."
)
# The case list's scripts load while the doctor types, not after the click (issue #25).
list_scripts.load_while_signing_in()

if wants_sign_in or wants_account:
    with shown_to_user():
        if wants_account:
            session.sign_up(email, password)
        else:
            session.sign_in(email, password)  # the core also resumes unfinished analyses
        st.rerun()
