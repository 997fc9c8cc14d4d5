"""CSV for a pilot's statisticians: every review and every figure, without patient data.

Cases appear by pseudonym ("Case P-0042") and reviewers as "Reviewer 1", "Reviewer 2"...
in the order of their first review; no name, age, gender, email or case id is written.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.csv_text import csv_text
from core.pilot.figures import GroupFigures, PilotFigures, provenance_label
from core.pilot.records import (
    RUBRIC,
    EnrolledInsights,
    Enrolment,
    PilotReview,
    as_fields,
    current_reviews,
)
from core.pilot.statistics import Mean, Proportion
from core.review import Section


def reviewer_pseudonyms(reviews: Iterable[PilotReview]) -> dict[str, str]:
    names: dict[str, str] = {}
    for review in sorted(reviews, key=lambda r: r.diagnosed_at):
        names.setdefault(review.reviewer_id, f"Reviewer {len(names) + 1}")
    return names


def reviews_csv(
    enrolments: Iterable[Enrolment],
    drafts: Iterable[EnrolledInsights],
    reviews: list[PilotReview],
) -> str:
    """One row per review (superseded ones too, marked), with the AI's code beside it."""
    cases = {e.enrolment_id: e.pseudonym for e in enrolments}
    ai = {d.enrolment_id: d.ai_insights for d in drafts}
    reviewers = reviewer_pseudonyms(reviews)
    current = {r.review_id for r in current_reviews(reviews)}
    header = [
        "case", "reviewer", "review_id", "supersedes", "current", "diagnosed_at",
        "submitted_at", "reviewer_icd_code", "reviewer_diagnosis", "ai_icd_code",
        "ai_confidence", "ai_written_by",
    ]  # fmt: skip
    for section in Section:
        header += [f"{section.value}_verdict"]
        header += [f"{section.value}_{item}" for item in RUBRIC]
        header += [f"{section.value}_comment"]
    rows: list[list[Any]] = []
    for review in reviews:
        insights = as_fields(ai.get(review.enrolment_id))
        diagnosis = as_fields(insights.get("primary_diagnosis"))
        row: list[Any] = [
            cases.get(review.enrolment_id, ""),
            reviewers[review.reviewer_id],
            review.review_id,
            review.supersedes or "",
            review.review_id in current,
            review.diagnosed_at.isoformat(),
            review.submitted_at.isoformat() if review.submitted_at else "",
            review.icd_code,
            review.diagnosis,
            diagnosis.get("icd_code", ""),
            diagnosis.get("confidence_score", ""),
            provenance_label(insights) if insights else "",
        ]
        for section in Section:
            score = (review.scores or {}).get(section.value)
            row.append(score.verdict if score else "")
            row += [score.ratings.get(item, "") if score else "" for item in RUBRIC]
            row.append((score.comment or "") if score else "")
        rows.append(row)
    return csv_text(header, rows)


def figures_csv(figures: PilotFigures) -> str:
    """One row per figure: group, figure, value, 95 % interval, and the n behind it."""
    rows: list[list[Any]] = [
        [figures.overall.label, "cases enrolled", figures.enrolled, "", "", ""],
        [figures.overall.label, "cases reviewed", figures.reviewed, "", "", ""],
        [
            figures.overall.label,
            "cases reviewed by two or more",
            figures.reviewed_by_two,
            "",
            "",
            "",
        ],
    ]
    for group in [figures.overall, *figures.by_provenance]:
        for name, value, low, high, n in figure_rows(group):
            rows.append([group.label, name, value, low, high, n])
    return csv_text(["group", "figure", "value", "low", "high", "n"], rows)


def figure_rows(group: GroupFigures) -> list[tuple[str, Any, Any, Any, int]]:
    """(figure, value, low, high, n) for every figure of one group."""
    rows: list[tuple[str, Any, Any, Any, int]] = [
        ("cases", group.cases, "", "", group.cases),
        ("reviews", group.reviews, "", "", group.reviews),
    ]

    def share(name: str, p: Proportion) -> None:
        rows.append((name, _blank(p.rate), _blank(p.low), _blank(p.high), p.n))

    def average(name: str, m: Mean) -> None:
        rows.append((name, _blank(m.value), _blank(m.low), _blank(m.high), m.n))

    share("agreement: exact ICD-10 code", group.agreement.exact)
    share("agreement: ICD-10 category", group.agreement.category)
    share("agreement: ICD-10 chapter", group.agreement.chapter)
    if group.reviewer_kappa is not None:
        kappa = group.reviewer_kappa
        rows.append(
            (f"reviewer agreement ({kappa.method} kappa, {kappa.raters} raters)",
             _blank(kappa.value), "", "", kappa.cases)
        )  # fmt: skip
    for section in group.sections:
        share(f"{section.section}: accepted", section.acceptance)
        for item in RUBRIC:
            average(f"{section.section}: {item} (1-5)", section.rubric[item])
        average(f"{section.section}: edit distance (characters)", section.edit_distance)
        average(f"{section.section}: edit distance (share)", section.edit_share)
    calibration = group.calibration
    rows.append(("calibration: Brier score", _blank(calibration.brier), "", "", calibration.n))
    rows.append(
        ("calibration: expected calibration error", _blank(calibration.ece), "", "", calibration.n)
    )
    for b in calibration.bins:
        rows.append(
            (f"calibration bin {b.low:.1f}-{b.high:.1f}: observed agreement",
             _blank(b.observed), "", "", b.n)
        )  # fmt: skip
    return rows


def _blank(value: float | None) -> Any:
    return "" if value is None else round(value, 6)
