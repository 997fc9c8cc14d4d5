"""One case: critical values first, then header, live analysis, insights, review, export,
files, edits, deletion; and its audit trail."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext

import streamlit as st

from core.insights import Insights
from core.models import CaseDetail
from core.review import ReviewSummary
from ui import (
    case_edit,
    case_files,
    insights_view,
    patient_view,
    pilot_admin,
    progress,
    routes,
    session,
    widgets,
)
from ui.audit_view import AUDIT_TABS, audit_trail
from ui.critical_acknowledgments import critical_acknowledgments
from ui.critical_values import critical_banner
from ui.document_viewer import document_viewer
from ui.errors import shown_to_user
from ui.export import export_buttons
from ui.lab_table import lab_values_table
from ui.review_bar import owed_line
from ui.review_panel import in_place, review_panel

services = session.services()
settings = session.clinic().settings

session.show_notices()
case_id = routes.requested_case_id()
if not case_id:
    # The case address without a case (signing in there, or after signing out on a case
    # page): the list is where the doctor chooses one, never an empty page.
    st.switch_page(routes.CASES)

detail: CaseDetail | None = None
with shown_to_user():
    # The first look in this session is an "opened" event; reruns and polls are not.
    first = session.first_look(case_id)
    detail = services.open_case(case_id) if first else services.get_case(case_id)
if detail is None:
    st.page_link(routes.CASES, label="Back to cases", icon=":material/arrow_back:")
    st.stop()

case = detail.case
session.set_open_case(case.case_id)
routes.keep_case_in_address(case.case_id)

insights: Insights | None = None
if detail.ai_insights:
    # A malformed record must not take the rest of the page (files, edit) down with it.
    with shown_to_user():
        insights = insights_view.parse(detail.ai_insights)
if insights is not None:
    # This page is the owner's: the display policy puts the patient's name back.
    insights = services.display.record(insights, case)
    # Urgent before anything else on the page, the header included.
    critical_banner(insights.lab_values, detail.files)
    # Each of them waits for the doctor's acknowledgment (who, when, how), before signing.
    critical_acknowledgments(services, case.case_id)

widgets.case_header(case)
if case.patient_id:
    patient_view.patient_link(case.patient_id)
review: ReviewSummary | None = None  # the draft's review, once there is a draft
if insights is not None:
    with shown_to_user():
        review = services.review.shown_summary(case.case_id)
    # What the doctor owes, said where the header is (not the analyzer's "Completed").
    owed_line(review, case.case_id)
# Keyed, so a rerun (a button inside a tab) keeps the doctor on the tab they chose. The
# tabs keep their state ("rerun"), so the audit trail is read and drawn only while its tab
# is open: opening a case builds the case's own tab alone.
case_tab, audit_tab = st.tabs(["Case", "Audit trail"], key=AUDIT_TABS, on_change="rerun")
with case_tab:
    progress.analysis_panel(
        services,
        case,
        detail.files,
        insights_view.generated_moment(insights) if insights else None,
    )
    # Read only once switched on; then beside the note on a wide window (its column).
    beside = document_viewer(services, case.case_id, detail.files)
    note_place: AbstractContextManager[object] = beside if beside is not None else nullcontext()
    with note_place:
        if insights is not None:
            # Near the top, abnormal and critical rows first: what the note is checked against.
            lab_values_table(insights.lab_values, detail.files, insights.unread_tests)
            insights_view.show_insights(
                insights,
                note=progress.insights_note(case.status),
                verified=detail.insights_verified,
                # Accept / Edit / Reject under each section's text, until the note is signed.
                decide=in_place(case.case_id, review),
            )
            patient_view.delta_checks_panel(insights.delta_checks)
            export_buttons(services, case, review.latest if review else None)
            if review is not None:
                review_panel(services, case.case_id, review)

    st.divider()
    case_files.files_table(services, case.case_id, detail.files)
    case_files.add_files_form(case.case_id, settings.max_file_mb)
    case_edit.edit_form(case)
    enrolled = pilot_admin.case_enrolment(session.clinic().pilots_for(services), case.case_id)
    case_edit.delete_control(
        services, case, signed=bool(review and review.versions), enrolled=enrolled
    )
with audit_tab:  # drawn last, so the case's own tables come first on the page
    if audit_tab.open:
        audit_trail(services, case.case_id)
