"""The reviewer's rubric as a compact grid (issue #26): for each section a row for the
verdict and one for each rubric item, each a 1-click horizontal scale with what 1, 3 and 5
mean under it. With the focus in a row, the keys 1-5 (1-4 for the verdict) choose and move
the focus to the next row; after the last row the focus is on the submit button, so Enter
submits. A click on a choice moves the focus on too, so one click then typing scores a case.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from core.pilot.records import RUBRIC, RUBRIC_ANCHORS, RUBRIC_LABELS, VERDICT_LABELS
from core.review import SECTION_LABELS, Section

RUBRIC_KEY = "pilots_rubric"  # the grid's container
SUBMIT_KEY = "pilots_scores_submit"
# Verdicts are typed by their place: 1 accept, 2 minor edit, 3 major edit, 4 reject.
VERDICT_KEYS = " · ".join(
    f"{n} {label.lower()}" for n, label in enumerate(VERDICT_LABELS.values(), start=1)
)


def verdict_key(section: str) -> str:
    return f"pilots_verdict_{section}"


def rating_key(section: str, item: str) -> str:
    return f"pilots_rating_{section}_{item}"


def anchors(item: str) -> str:
    """The words under an item's scale: "1 wrong · 3 minor errors · 5 no errors"."""
    low, middle, high = RUBRIC_ANCHORS[item]
    return f"1 {low} · 3 {middle} · 5 {high}"


def _row(shown: str, label: str, options: list[Any], key: str, under: str, **kw: Any) -> Any:
    name, scale = st.columns([1, 3], vertical_alignment="center")
    name.markdown(shown)
    with scale:
        # The radio keeps its label for screen readers; the column beside it shows it.
        value = st.radio(
            label,
            options,
            index=None,
            horizontal=True,
            label_visibility="collapsed",
            key=key,
            **kw,
        )
        st.caption(under)
    return value


def rubric_grid() -> dict[str, Any]:
    """The rubric's rows (draw inside the scores form); the scores as the service takes them."""
    scores: dict[str, Any] = {}
    with st.container(key=RUBRIC_KEY):
        st.caption(
            "Click a choice or type its number: the focus moves to the next row; Enter on "
            "the last one submits."
        )
        for section in Section:
            label = SECTION_LABELS[section]
            st.markdown(f"##### {label}")
            verdict = _row(
                "Verdict",
                f"{label}: verdict",
                list(VERDICT_LABELS),
                verdict_key(section.value),
                VERDICT_KEYS,
                format_func=VERDICT_LABELS.__getitem__,
            )
            ratings = {
                item: _row(
                    RUBRIC_LABELS[item],
                    f"{label}: {RUBRIC_LABELS[item]}",
                    [1, 2, 3, 4, 5],
                    rating_key(section.value, item),
                    anchors(item),
                )
                for item in RUBRIC
            }
            scores[section.value] = {"verdict": verdict, "ratings": ratings, "comment": None}
    with st.expander("Comments (optional)"):
        for section in Section:
            comment = st.text_input(SECTION_LABELS[section], key=f"pilots_comment_{section.value}")
            scores[section.value]["comment"] = comment
    return scores


# Runs in the page (not an iframe). One key listener for the page's life: a digit typed
# with the focus in a row of the grid chooses that option and moves the focus on; a click
# on a choice moves it on too. ``data.focus`` names the step just opened ("#<css>"): its
# first field gets the focus once, so the reviewer types at once (the code, then the
# scores).
_KEYS_JS = """
export default function (component) {
  const { data } = component;
  const state = (window.__medcasePilotRubric = window.__medcasePilotRubric || {});
  const ROWS = '[class*="st-key-pilots_verdict_"], [class*="st-key-pilots_rating_"]';
  const rows = () => Array.from(document.querySelectorAll(`.st-key-pilots_rubric ${ROWS}`));
  const moveOn = (row) => {
    const all = rows();
    const next = all[all.indexOf(row) + 1];
    if (next) {
      const target = next.querySelector('input[type=radio]:checked')
        || next.querySelector('input[type=radio]');
      if (target) target.focus();
      return;
    }
    const submit = document.querySelector('.st-key-pilots_scores_submit button');
    if (submit) submit.focus();
  };
  if (!state.listening) {
    state.listening = true;
    document.addEventListener('keydown', (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
      const focused = document.activeElement;
      const row = focused && focused.closest && focused.closest(ROWS);
      if (!row || !row.closest('.st-key-pilots_rubric')) return;
      const choices = row.querySelectorAll('input[type=radio]');
      const choice = choices[Number(event.key) - 1];
      if (!choice) return;
      event.preventDefault();
      if (!choice.checked) choice.click();
      moveOn(row);
    }, true);
    document.addEventListener('click', (event) => {
      if (!event.isTrusted || event.detail === 0) return;  // a typed choice moved on already
      const target = event.target;
      const row = target && target.closest && target.closest(ROWS);
      if (!row || !row.closest('.st-key-pilots_rubric') || !target.closest('label')) return;
      setTimeout(() => moveOn(row), 0);
    }, true);
  }
  const wanted = data && data.focus;
  if (wanted && state.focused !== wanted) {
    let tries = 0;
    const attempt = () => {
      const field = document.querySelector(data.selector);
      if (field) {
        state.focused = wanted;
        field.focus();
      } else if (tries++ < 40) {
        setTimeout(attempt, 50);
      }
    };
    attempt();
  }
}
"""

_keys = st.components.v2.component("medcase.pilot_rubric_keys", js=_KEYS_JS)


def keyboard(step: str, selector: str) -> None:
    """The rubric's keys, and the focus on ``selector`` once when ``step`` opens (draw it
    outside any form)."""
    _keys(key="pilots_rubric_keys", data={"focus": step, "selector": selector}, height=0)
