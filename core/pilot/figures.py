"""A pilot's figures: how many cases, how often the AI's diagnosis agrees with the
reviewers', how much the reviewers agree with each other, how they scored each section,
how far the signed notes moved from the AI drafts, and whether the AI's confidence means
anything; overall and for each engine, model and prompt version.

Pure: built from the enrolments, the reviews and the AI drafts a store returned.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from core import icd10
from core.pilot.records import (
    RUBRIC,
    EnrolledInsights,
    PilotReview,
    Verdict,
    as_fields,
    current_reviews,
)
from core.pilot.statistics import (
    Calibration,
    Kappa,
    Mean,
    Proportion,
    calibration,
    edit_distance,
    mean,
    proportion,
    rater_kappa,
)
from core.review import LIST_FIELDS, SECTION_FIELDS, Section

OVERALL = "All engines"


@dataclass(frozen=True)
class Agreement:
    """AI vs reviewer diagnosis, one pair per review: the same code, the same 3-character
    category, the same ICD-10 chapter. An AI that abstained (no code) does not agree."""

    exact: Proportion
    category: Proportion
    chapter: Proportion


@dataclass(frozen=True)
class SectionFigures:
    section: str
    acceptance: Proportion  # verdict "accept" among the reviews
    verdicts: dict[str, int]
    rubric: dict[str, Mean]  # rubric item -> mean rating
    edit_distance: Mean  # characters changed, AI draft -> signed note
    edit_share: Mean  # the same as a share of the longer text


@dataclass(frozen=True)
class GroupFigures:
    label: str  # "All engines", or "openai · gpt-4o · prompt v3"
    cases: int  # enrolled cases written by this engine, model and prompt
    reviews: int  # current reviews of them
    agreement: Agreement
    reviewer_kappa: Kappa | None  # on the reviewers' diagnosis categories
    sections: list[SectionFigures]
    calibration: Calibration  # confidence vs category agreement


@dataclass(frozen=True)
class PilotFigures:
    enrolled: int
    reviewed: int  # with at least one current review
    reviewed_by_two: int  # with current reviews by two or more reviewers
    overall: GroupFigures
    by_provenance: list[GroupFigures] = field(default_factory=list)


def provenance_label(ai_insights: Mapping[str, Any]) -> str:
    """The engine, model and prompt version that wrote a draft, in one line."""
    provenance = as_fields(as_fields(ai_insights).get("provenance"))
    parts = [str(provenance.get("engine") or "unknown engine")]
    if provenance.get("model"):
        parts.append(str(provenance["model"]))
    parts.append(f"prompt {provenance.get('prompt_version') or 'unknown'}")
    return " · ".join(parts)


def pilot_figures(
    enrolment_ids: Iterable[str],
    drafts: Iterable[EnrolledInsights],
    reviews: Iterable[PilotReview],
) -> PilotFigures:
    """Every figure of the pilot from what its coordinator (or a reviewer) may read."""
    enrolled = list(enrolment_ids)
    by_enrolment = {d.enrolment_id: d for d in drafts}
    current = current_reviews(list(reviews))
    reviewers: dict[str, set[str]] = defaultdict(set)
    for review in current:
        reviewers[review.enrolment_id].add(review.reviewer_id)
    groups: dict[str, list[str]] = defaultdict(list)
    for enrolment_id in enrolled:
        draft = by_enrolment.get(enrolment_id)
        if draft is not None:
            groups[provenance_label(draft.ai_insights)].append(enrolment_id)
    pairs = _pairs(current, by_enrolment)
    return PilotFigures(
        enrolled=len(enrolled),
        reviewed=sum(1 for e in enrolled if reviewers.get(e)),
        reviewed_by_two=sum(1 for e in enrolled if len(reviewers.get(e, ())) >= 2),
        overall=_group(OVERALL, enrolled, by_enrolment, pairs),
        by_provenance=[
            _group(label, ids, by_enrolment, pairs) for label, ids in sorted(groups.items())
        ],
    )


@dataclass(frozen=True)
class _Pair:
    """One review beside the AI's diagnosis of the same case, compared once."""

    review: PilotReview
    exact: bool
    category: bool
    chapter: bool
    confidence: float | None  # the AI's confidence in its diagnosis


def _pairs(reviews: list[PilotReview], drafts: Mapping[str, EnrolledInsights]) -> list[_Pair]:
    pairs = []
    for review in reviews:
        draft = drafts.get(review.enrolment_id)
        insights = as_fields(draft.ai_insights) if draft else {}
        diagnosis = as_fields(insights.get("primary_diagnosis"))
        ai_code = icd10.normalize_icd10(str(diagnosis.get("icd_code") or ""))
        score = diagnosis.get("confidence_score")
        confidence = float(score) if isinstance(score, int | float) else None
        pairs.append(_Pair(review, *_same(ai_code, review.icd_code), confidence))
    return pairs


def _group(
    label: str,
    enrolment_ids: list[str],
    drafts: Mapping[str, EnrolledInsights],
    all_pairs: list[_Pair],
) -> GroupFigures:
    members = set(enrolment_ids)
    pairs = [p for p in all_pairs if p.review.enrolment_id in members]
    reviews = [p.review for p in pairs]
    labels_by_case: dict[str, dict[str, str]] = defaultdict(dict)
    for review in reviews:
        labels_by_case[review.enrolment_id][review.reviewer_id] = review.icd_code[:3]
    scored = [p for p in pairs if p.confidence is not None]
    n = len(pairs)
    return GroupFigures(
        label=label,
        cases=len(enrolment_ids),
        reviews=n,
        agreement=Agreement(
            proportion(sum(p.exact for p in pairs), n),
            proportion(sum(p.category for p in pairs), n),
            proportion(sum(p.chapter for p in pairs), n),
        ),
        reviewer_kappa=rater_kappa(list(labels_by_case.values())),
        sections=[_section(s.value, reviews, drafts, enrolment_ids) for s in Section],
        calibration=calibration(
            [p.confidence for p in scored if p.confidence is not None],
            [p.category for p in scored],
        ),
    )


def _same(ai_code: str, reviewer_code: str) -> tuple[bool, bool, bool]:
    if not ai_code:
        return False, False, False
    ai_chapter = _chapter(ai_code)
    return (
        ai_code == reviewer_code,
        ai_code[:3] == reviewer_code[:3],
        ai_chapter is not None and ai_chapter == _chapter(reviewer_code),
    )


@lru_cache(maxsize=8192)
def _chapter(code: str) -> str | None:
    # A pilot has thousands of reviews over a few hundred codes: each looked up once.
    return icd10.chapter(code)


def _section(
    section: str,
    reviews: list[PilotReview],
    drafts: Mapping[str, EnrolledInsights],
    enrolment_ids: list[str],
) -> SectionFigures:
    scores = [r.scores[section] for r in reviews if r.scores and section in r.scores]
    verdicts = {v.value: sum(1 for s in scores if s.verdict == v) for v in Verdict}
    distances: list[float] = []
    shares: list[float] = []
    for enrolment_id in enrolment_ids:
        draft = drafts.get(enrolment_id)
        signed = (draft.signed_sections or {}).get(section) if draft else None
        if draft is None or not isinstance(signed, Mapping):
            continue  # not signed, or the doctor rejected this section
        ai_text = section_text(section, as_fields(as_fields(draft.ai_insights).get(section)))
        distance, share = edit_distance(ai_text, section_text(section, signed))
        distances.append(distance)
        shares.append(share)
    return SectionFigures(
        section=section,
        acceptance=proportion(verdicts[Verdict.ACCEPT.value], len(scores)),
        verdicts=verdicts,
        rubric={item: mean([float(s.ratings[item]) for s in scores]) for item in RUBRIC},
        edit_distance=mean(distances),
        edit_share=mean(shares),
    )


def section_text(section: str, fields: Mapping[str, Any]) -> str:
    """A section's readable fields as one text, in their fixed order (for edit distance)."""
    parts = []
    for name in SECTION_FIELDS[section]:
        value = fields.get(name)
        if name in LIST_FIELDS and isinstance(value, list):
            parts.append("\n".join(str(item) for item in value))
        else:
            parts.append(str(value or ""))
    return "\n".join(parts)
