"""A reviewer's side of a pilot: the queue, the de-identified case, the blind diagnosis
form first, then the AI draft and the scoring form. Never a name: cases go by pseudonym."""

from __future__ import annotations

import base64
from typing import Any

import pandas as pd
import streamlit as st

from core.pilot.records import (
    RUBRIC,
    RUBRIC_LABELS,
    VERDICT_LABELS,
    CaseView,
    Enrolment,
    PilotReview,
    as_fields,
)
from core.review import FIELD_LABELS, LIST_FIELDS, SECTION_FIELDS, SECTION_LABELS, Section
from core.services.pilot_reviews import QueueItem
from core.services.pilots import PilotService
from ui import pilot_rubric
from ui.errors import shown_to_user
from ui.formatting import markdown_text
from ui.icd_code_picker import icd_code_picker, search_key
from ui.lab_table import lab_frame

STATE_LABELS = {
    "to_review": "To review",
    "diagnosed": "Diagnosed, not scored",
    "submitted": "Submitted",
}
PICKED = "pilots_picked_case"  # the enrolment the reviewer has open
NEXT = "pilots_next_case"  # "Submit and next": the case to open on the next run
CODE_PICKER = "pilots_code"  # the reviewer's ICD-10-CM code picker, one a case (below)
FIRST_SCORE = f".st-key-{pilot_rubric.RUBRIC_KEY} input[type=radio]"


def code_picker_prefix(enrolment_id: str) -> str:
    """The picker's keys for one case. With one key for every case, a browser on a loaded
    machine was seen (fresh-clone CI) still showing the previous case's typed code in the
    field under the next case's heading, where Enter could record it for the new case. A
    case's own key draws a new, empty field."""
    return f"{CODE_PICKER}_{enrolment_id}"


def code_search(enrolment_id: str) -> str:
    """The CSS selector of one case's code search field (its first field, focused)."""
    return f".st-key-{search_key(code_picker_prefix(enrolment_id))} input"


def review_queue(service: PilotService, pilot_id: str) -> None:
    """The reviewer's cases: "n of N reviewed", the open case, and a compact way to jump."""
    items: list[QueueItem] = []
    with shown_to_user(stop=True):
        items = service.queue(pilot_id)
    if not items:
        st.info("No case has been enrolled for you to review yet.")
        return
    done = sum(1 for i in items if i.state == "submitted")
    st.progress(done / len(items), text=f"{done} of {len(items)} reviewed")
    by_name = {i.enrolment.pseudonym: i for i in items}
    waiting = next((i.enrolment.pseudonym for i in items if i.state != "submitted"), None)
    names = list(by_name)
    following = st.session_state.pop(NEXT, None)
    if following in by_name:  # set before the picker is drawn, as Streamlit asks
        st.session_state[PICKED] = following
    with st.expander(f"All your cases ({len(items)}): open another"):
        chosen = st.selectbox(
            "Open a case",
            names,
            index=names.index(waiting) if waiting else 0,
            key=PICKED,
        )
        st.dataframe(
            pd.DataFrame(
                [
                    {"Case": i.enrolment.pseudonym, "Your review": STATE_LABELS[i.state]}
                    for i in items
                ]
            ),
            hide_index=True,
            key="pilots_queue",
        )
    if chosen:
        following = next(
            (
                i.enrolment.pseudonym
                for i in items
                if i.state != "submitted" and i.enrolment.pseudonym != chosen
            ),
            None,
        )
        st.caption(f"Case {names.index(chosen) + 1} of {len(names)} in your list")
        case_panel(service, by_name[chosen], following)


def case_panel(service: PilotService, item: QueueItem, following: str | None = None) -> None:
    """One case; ``following`` is the case "Submit and next" opens (None: the last one)."""
    enrolment: Enrolment | None = None
    with shown_to_user(stop=True):
        enrolment = service.enrolled_case(item.enrolment.enrolment_id)
    if enrolment is None or enrolment.view is None:
        return
    st.subheader(enrolment.pseudonym)
    if item.open_review is not None:
        with st.expander("The case (de-identified)"):
            show_case_view(enrolment.view)
        _scoring(service, enrolment, item.open_review, following)
        pilot_rubric.keyboard(f"scores:{item.open_review.review_id}", FIRST_SCORE)
    elif item.submitted is not None:
        show_case_view(enrolment.view)
        st.divider()
        _submitted(service, enrolment, item.submitted)
    else:
        case, diagnosis = st.columns([3, 2], gap="large")
        with case:
            show_case_view(enrolment.view)
        with diagnosis:
            _diagnosis_form(service, enrolment, supersedes=None)
        pilot_rubric.keyboard(
            f"diagnosis:{enrolment.enrolment_id}", code_search(enrolment.enrolment_id)
        )


def show_case_view(view: CaseView) -> None:
    """The de-identified case: age band and sex, notes, lab texts, lab values, images and
    their readings."""
    patient = [f"Age {view.age_band}" if view.age_band else "", (view.sex or "").title()]
    if any(patient):
        st.markdown("**Patient:** " + " · ".join(part for part in patient if part))
    st.markdown("**Doctor's notes**")
    st.text(view.notes or "(none)")
    if view.lab_values:
        st.markdown("**Lab values**")
        st.dataframe(lab_frame(view.lab_values, []).drop(columns=["File"]), hide_index=True)
    for lab in view.lab_files:
        with st.expander(lab.label):
            st.text(lab.text)
    for image in view.images:
        with st.expander(image.label, expanded=True):
            if image.png:
                st.image(base64.b64decode(image.png), width=320)
            if image.reading is not None:
                st.markdown(markdown_text(f"Findings: {image.reading.findings}"))
                st.markdown(markdown_text(f"Impression: {image.reading.impression}"))


@st.fragment
def _diagnosis_form(service: PilotService, enrolment: Enrolment, supersedes: str | None) -> None:
    """The code picker and Record: a search reruns only this (the step's change, the page)."""
    st.markdown("**Your diagnosis** — recorded before the AI's insights are shown")
    picked = icd_code_picker(code_picker_prefix(enrolment.enrolment_id), "ICD-10-CM code")
    words = st.text_input(
        "Diagnosis in your words (optional: the code's description otherwise)",
        key=f"pilots_diagnosis_text_{enrolment.enrolment_id}",
    )
    if st.button(
        "Record my diagnosis",
        type="primary",
        disabled=picked is None,
        key="pilots_diagnosis_submit",
    ):
        with shown_to_user():
            if picked is not None:
                diagnosis = words.strip() or picked.description
                service.record_diagnosis(enrolment.enrolment_id, diagnosis, picked.code, supersedes)
                st.rerun(scope="app")


def show_ai_draft(ai_insights: dict[str, Any]) -> None:
    draft = as_fields(ai_insights)
    for section in Section:
        fields = as_fields(draft.get(section.value))
        st.markdown(f"**{SECTION_LABELS[section]}**")
        for name in SECTION_FIELDS[section]:
            value = fields.get(name)
            text = (
                "; ".join(map(str, value))
                if name in LIST_FIELDS and isinstance(value, list)
                else value
            )
            if text:
                st.markdown(markdown_text(f"{FIELD_LABELS[name]}: {text}"))
    diagnosis = as_fields(draft.get("primary_diagnosis"))
    score = diagnosis.get("confidence_score")
    if isinstance(score, int | float):
        st.caption(f"AI confidence in the diagnosis: {score:.0%}")


def _scoring(
    service: PilotService, enrolment: Enrolment, review: PilotReview, following: str | None
) -> None:
    draft = None
    with shown_to_user():
        draft = service.ai_insights(enrolment.enrolment_id)
    if draft is None:
        return
    # The de-identified AI text left, the rubric beside it (stacked on a narrow screen).
    ai_text, rubric = st.columns(2, gap="large")
    with ai_text:
        st.markdown("### The AI's insights")
        show_ai_draft(draft.ai_insights)
    with rubric:
        st.markdown(markdown_text(f"Your diagnosis: {review.diagnosis} ({review.icd_code})"))
        st.markdown("### Your scores")
        with st.form(f"pilots_scores_{review.review_id}", border=False):
            scores = pilot_rubric.rubric_grid()
            label = "Submit review (final) and next" if following else "Submit review (final)"
            if st.form_submit_button(label, type="primary", key=pilot_rubric.SUBMIT_KEY):
                with shown_to_user():
                    service.submit_scores(enrolment.pilot_id, review.review_id, scores)
                    if following:
                        st.session_state[NEXT] = following
                    st.rerun()


def _submitted(service: PilotService, enrolment: Enrolment, review: PilotReview) -> None:
    st.success(
        markdown_text(f"Submitted: {review.diagnosis} ({review.icd_code}). A review is final.")
    )
    if review.scores:
        st.dataframe(
            pd.DataFrame(
                [
                    {
                        "Section": SECTION_LABELS[section],
                        "Verdict": VERDICT_LABELS[score.verdict],
                        **{RUBRIC_LABELS[i]: score.ratings[i] for i in RUBRIC},
                        "Comment": score.comment or "",
                    }
                    for section, score in review.scores.items()
                ]
            ),
            hide_index=True,
        )
    if st.toggle(
        "Correct this review (a new review replaces it; both are kept)", key="pilots_correct"
    ):
        st.caption(
            "Your blind diagnosis stays as you recorded it before seeing the AI's draft; "
            "the correction scores the sections again."
        )
        if st.button("Start the correction", key="pilots_correct_start"):
            with shown_to_user():
                service.record_diagnosis(enrolment.enrolment_id, None, None, review.review_id)
                st.rerun()
