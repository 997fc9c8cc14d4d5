"""Files the browser refused in a file picker (too large, a type not accepted).

Streamlit's file picker checks a file's size and type in the browser: a refused file gets
a red chip with the reason and is never sent, so the server sees only the other files and
a form would go ahead without it. A small component watches the pickers' chips in the page
and tells the server which are in error, so Create case and Add files can refuse, naming
each one (issue #26).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import streamlit as st

# Runs in the page (not an iframe): a MutationObserver over the document reports the chips
# in error of the pickers keyed as given, only when that list changes.
_WATCH_CHIPS_JS = """
export default function (component) {
  const { setStateValue, data } = component;
  const keys = (data && data.pickers) || [];
  const id = keys.join('|');
  // One watcher per set of pickers for the page's life, whatever the reruns: the last
  // report is kept outside this call, so an unchanged list ("none", at first) is never
  // sent again (each report reruns the page).
  const all = (window.__medcaseRefusedFiles = window.__medcaseRefusedFiles || {});
  const mine = (all[id] = all[id] || { last: '[]', observer: null });
  const report = () => {
    const found = [];
    for (const key of keys) {
      const picker = document.querySelector(`.st-key-${key}`);
      if (!picker) continue;
      picker.querySelectorAll('[data-testid="stFileChip"][aria-invalid="true"]').forEach(
        (chip) => {
          const name = chip.querySelector('[data-testid="stFileChipName"]');
          const alert = chip.querySelector('[role="alert"]');
          found.push({
            picker: key,
            name: name ? name.getAttribute('title') || name.textContent : '',
            problem: alert ? alert.textContent.replace(/^Error:\\s*/, '') : '',
          });
        },
      );
    }
    const now = JSON.stringify(found);
    if (now !== mine.last) {
      mine.last = now;
      setStateValue('files', found);
    }
  };
  if (mine.observer) mine.observer.disconnect();
  mine.observer = new MutationObserver(report);
  mine.observer.observe(document.body, { subtree: true, childList: true, attributes: true,
    attributeFilter: ['aria-invalid'] });
  report();
  return () => {
    if (mine.observer) mine.observer.disconnect();
    mine.observer = null;
  };
}
"""

_watch_chips = st.components.v2.component("medcase.refused_files", js=_WATCH_CHIPS_JS)


@dataclass(frozen=True)
class RefusedFile:
    name: str
    problem: str  # the browser's reason, as its chip says it


def watch(key: str, pickers: Sequence[str]) -> list[RefusedFile]:
    """The files in error in the pickers keyed ``pickers``, as the browser last reported
    them (draw it after the pickers, outside any form: its report reruns the page)."""
    result = _watch_chips(
        key=key,
        data={"pickers": list(pickers)},
        default={"files": []},
        on_files_change=lambda: None,
        height=0,
    )
    reported = getattr(result, "files", None) or []
    return [
        RefusedFile(str(item.get("name") or "a file"), str(item.get("problem") or ""))
        for item in reported
        if isinstance(item, dict)
    ]


def refusal(refused: Sequence[RefusedFile], action: str, *, cleared: bool = False) -> str:
    """Why ``action`` cannot go ahead, naming each refused file and its reason; ``cleared``
    when the form emptied its pickers on submit (the files are to be picked again)."""
    named = "; ".join(
        f"{file.name} ({file.problem.rstrip('.')})" if file.problem else file.name
        for file in refused
    )
    noun = "this file" if len(refused) == 1 else "these files"
    if cleared:
        return (
            f"{action} did not go ahead: {named}. Nothing was saved: pick the files again "
            f"without {noun}, or with a version that fits."
        )
    return (
        f"{action} did not go ahead: {named}. Remove {noun} (the × on its chip) or "
        "replace it with one that fits, then try again. Nothing was saved."
    )
