"""A pilot's figures on the page: counts, agreement, reviewer kappa, section scores, edit
distance and calibration (a reliability diagram), overall and per engine/model/prompt."""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from core.pilot.export import figure_rows
from core.pilot.figures import GroupFigures, PilotFigures
from core.pilot.records import RUBRIC, RUBRIC_LABELS, VERDICT_LABELS
from core.pilot.statistics import Proportion
from core.review import SECTION_LABELS


def _percent(p: Proportion) -> str:
    if p.rate is None or p.low is None or p.high is None:
        return "–"
    return f"{p.rate:.0%} ({p.low:.0%}–{p.high:.0%}), n={p.n}"


def _interval(p: Proportion) -> str:
    if p.rate is None or p.low is None or p.high is None:
        return "No reviews yet."
    return f"95 % interval {p.low:.0%}–{p.high:.0%}, n={p.n}"


def show_figures(figures: PilotFigures) -> None:
    """Every figure; the overall group first, then one expander per provenance."""
    counts = st.columns(3)
    counts[0].metric("Cases enrolled", figures.enrolled)
    counts[1].metric("Reviewed", figures.reviewed)
    counts[2].metric("Reviewed by two or more", figures.reviewed_by_two)
    _group(figures.overall, key="overall")
    if figures.by_provenance:
        st.subheader("By engine, model and prompt version")
        st.dataframe(_provenance_table(figures), hide_index=True, key="pilots_provenance")
        for number, group in enumerate(figures.by_provenance):
            with st.expander(f"{group.label} — {group.cases} cases, {group.reviews} reviews"):
                _group(group, key=f"group{number}")


def _provenance_table(figures: PilotFigures) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "Written by": g.label,
                "Cases": g.cases,
                "Reviews": g.reviews,
                "Exact code": _percent(g.agreement.exact),
                "Category": _percent(g.agreement.category),
                "Chapter": _percent(g.agreement.chapter),
                "Brier": None if g.calibration.brier is None else round(g.calibration.brier, 3),
                "ECE": None if g.calibration.ece is None else round(g.calibration.ece, 3),
            }
            for g in figures.by_provenance
        ]
    )


def _group(group: GroupFigures, key: str) -> None:
    st.markdown(f"**AI vs reviewer diagnosis** ({group.reviews} reviews of {group.cases} cases)")
    levels = (
        ("Same ICD-10 code", group.agreement.exact),
        ("Same category (3 characters)", group.agreement.category),
        ("Same chapter", group.agreement.chapter),
    )
    for column, (label, share) in zip(st.columns(3), levels, strict=True):
        # The rate large, its interval and n beneath: a metric box cuts off a long value.
        column.metric(label, "–" if share.rate is None else f"{share.rate:.0%}")
        column.caption(_interval(share))
    kappa = group.reviewer_kappa
    if kappa is None:
        st.caption("Agreement between reviewers: no case has two reviews yet.")
    else:
        name = "Cohen's κ" if kappa.method == "cohen" else "Fleiss' κ"
        value = "undefined (one category only)" if kappa.value is None else f"{kappa.value:.2f}"
        st.caption(
            f"Agreement between reviewers on the diagnosis category: {name} {value} "
            f"({kappa.cases} cases, {kappa.raters} reviewers each)."
        )
    st.markdown("**Each section**")
    st.dataframe(
        _section_table(group),
        hide_index=True,
        key=f"pilots_sections_{key}",
        # The rate with its interval and n: wide enough to be read whole, not cut.
        column_config={"Accepted": st.column_config.TextColumn(width="medium")},
    )
    _reliability_diagram(group, key)


def _section_table(group: GroupFigures) -> pd.DataFrame:
    rows = []
    for section in group.sections:
        row: dict[str, object] = {
            "Section": SECTION_LABELS[section.section],
            "Accepted": _percent(section.acceptance),
        }
        for verdict, label in VERDICT_LABELS.items():
            row[label] = section.verdicts.get(verdict, 0)
        for item in RUBRIC:
            mean = section.rubric[item]
            row[RUBRIC_LABELS[item]] = None if mean.value is None else round(mean.value, 2)
        distance = section.edit_distance
        row["Edit distance (chars)"] = (
            None if distance.value is None else f"{distance.value:.0f} (n={distance.n})"
        )
        rows.append(row)
    return pd.DataFrame(rows)


def _reliability_diagram(group: GroupFigures, key: str) -> None:
    calibration = group.calibration
    if not calibration.n:
        st.caption("Calibration: no reviewed case yet.")
        return
    st.markdown(
        f"**Calibration** of the diagnosis confidence against category agreement: "
        f"Brier {calibration.brier:.3f}, expected calibration error {calibration.ece:.3f} "
        f"(n={calibration.n})"
    )
    bins = pd.DataFrame(
        [
            {
                "confidence": (b.low + b.high) / 2,
                "mean confidence": b.mean_confidence,
                "observed agreement": b.observed,
                "cases": b.n,
            }
            for b in calibration.bins
            if b.n
        ]
    )
    ideal = pd.DataFrame({"confidence": [0.0, 1.0], "observed agreement": [0.0, 1.0]})
    scale = alt.Scale(domain=[0, 1])
    diagonal = (
        alt.Chart(ideal)
        .mark_line(strokeDash=[4, 4], color="gray")
        .encode(x=alt.X("confidence:Q", scale=scale), y=alt.Y("observed agreement:Q", scale=scale))
    )
    points = (
        alt.Chart(bins)
        .mark_circle()
        .encode(
            x=alt.X("mean confidence:Q", scale=scale, title="AI confidence"),
            y=alt.Y("observed agreement:Q", scale=scale, title="Reviewer agreed"),
            size=alt.Size("cases:Q", legend=None),
            tooltip=["mean confidence", "observed agreement", "cases"],
        )
    )
    st.altair_chart(diagonal + points, key=f"pilots_calibration_{key}")


def figures_table(group: GroupFigures) -> pd.DataFrame:
    """The group's figures as rows, as the CSV has them."""
    return pd.DataFrame(figure_rows(group), columns=["figure", "value", "low", "high", "n"])
