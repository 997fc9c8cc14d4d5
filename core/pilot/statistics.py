"""The statistics behind a pilot's figures, from maintained libraries: Wilson intervals
(statsmodels), Cohen's and Fleiss' kappa (scikit-learn, statsmodels), the Brier score
(scikit-learn), t intervals for means (statsmodels) and Levenshtein distance (rapidfuzz).

Pure functions over plain values; every result says how many observations it rests on.
scikit-learn and statsmodels are imported where a figure needs them: at the top they were
half of the app's start-up (0.8 s for every server process and page script).
"""

from __future__ import annotations

import math
import warnings
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
from rapidfuzz.distance import Levenshtein

CALIBRATION_BINS = 10


@dataclass(frozen=True)
class Proportion:
    """``successes`` of ``n``, with its Wilson 95 % interval (None when n is 0)."""

    successes: int
    n: int
    low: float | None
    high: float | None

    @property
    def rate(self) -> float | None:
        return self.successes / self.n if self.n else None


def proportion(successes: int, n: int) -> Proportion:
    if n == 0:
        return Proportion(0, 0, None, None)
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(successes, n, alpha=0.05, method="wilson")
    return Proportion(successes, n, float(low), float(high))


@dataclass(frozen=True)
class Mean:
    """A mean with its t-based 95 % interval (None below two observations)."""

    value: float | None
    n: int
    low: float | None = None
    high: float | None = None


def mean(values: Sequence[float]) -> Mean:
    if not values:
        return Mean(None, 0)
    if len(values) < 2 or len(set(values)) == 1:
        return Mean(float(np.mean(values)), len(values))
    from statsmodels.stats.weightstats import DescrStatsW

    low, high = DescrStatsW(np.asarray(values, dtype=float)).tconfint_mean(alpha=0.05)
    return Mean(float(np.mean(values)), len(values), float(low), float(high))


@dataclass(frozen=True)
class Kappa:
    """Agreement between raters beyond chance; None when undefined (one label only)."""

    method: str  # "cohen" (two raters) or "fleiss" (more)
    value: float | None
    cases: int  # how many cases it rests on
    raters: int  # raters per case


def _defined(value: float) -> float | None:
    return None if math.isnan(value) else float(value)


def cohen_kappa(first: Sequence[str], second: Sequence[str]) -> Kappa:
    """Cohen's kappa of two raters' labels for the same cases, in the same order."""
    if len(first) != len(second):
        raise ValueError("both raters must label the same cases")
    if not first:
        return Kappa("cohen", None, 0, 2)
    from sklearn.metrics import cohen_kappa_score

    with warnings.catch_warnings():
        # Undefined (nan, with warnings) when every label is the same: reported as None.
        warnings.simplefilter("ignore")
        value = cohen_kappa_score(list(first), list(second))
    return Kappa("cohen", _defined(float(value)), len(first), 2)


def fleiss(labels_per_case: Sequence[Sequence[str]]) -> Kappa:
    """Fleiss' kappa; every case carries the same number of labels (one per rater)."""
    if not labels_per_case:
        return Kappa("fleiss", None, 0, 0)
    raters = len(labels_per_case[0])
    if any(len(labels) != raters for labels in labels_per_case):
        raise ValueError("Fleiss' kappa needs the same number of raters for every case")
    categories = sorted({label for labels in labels_per_case for label in labels})
    index = {label: i for i, label in enumerate(categories)}
    from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

    coded = np.array([[index[label] for label in labels] for labels in labels_per_case])
    table, _ = aggregate_raters(coded, n_cat=len(categories))
    with warnings.catch_warnings(), np.errstate(invalid="ignore", divide="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        value = fleiss_kappa(table, method="fleiss")
    return Kappa("fleiss", _defined(float(value)), len(labels_per_case), raters)


def rater_kappa(labels_by_case: Sequence[dict[str, str]]) -> Kappa | None:
    """Agreement among the reviewers of the same cases (reviewer id -> label, per case):
    Cohen's kappa when the cases have two reviewers, Fleiss' kappa when they have more.

    Fleiss' kappa needs as many labels on every case: it uses the most common number of
    reviewers (two or more) and, on a case with more, the first that many by reviewer id.
    """
    shared = [labels for labels in labels_by_case if len(labels) >= 2]
    if not shared:
        return None
    raters = Counter(len(labels) for labels in shared).most_common(1)[0][0]
    rows = [
        [labels[reviewer] for reviewer in sorted(labels)[:raters]]
        for labels in shared
        if len(labels) >= raters
    ]
    if raters == 2:
        return cohen_kappa([row[0] for row in rows], [row[1] for row in rows])
    return fleiss(rows)


@dataclass(frozen=True)
class CalibrationBin:
    low: float
    high: float
    n: int
    mean_confidence: float | None
    observed: float | None  # how often the AI agreed, among the cases in this bin


@dataclass(frozen=True)
class Calibration:
    """How well the AI's confidence predicts agreement: a reliability diagram's bins, the
    Brier score and the expected calibration error (bin-weighted |observed - confidence|)."""

    bins: list[CalibrationBin]
    brier: float | None
    ece: float | None
    n: int


def calibration(confidences: Sequence[float], agreed: Sequence[bool]) -> Calibration:
    edges = np.round(np.linspace(0.0, 1.0, CALIBRATION_BINS + 1), 10)
    if not confidences:
        empty = [CalibrationBin(float(a), float(b), 0, None, None) for a, b in pairwise(edges)]
        return Calibration(empty, None, None, 0)
    scores = np.clip(np.asarray(confidences, dtype=float), 0.0, 1.0)
    outcomes = np.asarray(agreed, dtype=int)
    # Bins are [low, high); a confidence of exactly 1.0 belongs to the last one.
    # (A hair above each product, so that 0.3 lands in [0.3, 0.4) despite 0.3 * 10 < 3.)
    which = np.minimum(np.floor(scores * CALIBRATION_BINS + 1e-9).astype(int), CALIBRATION_BINS - 1)
    bins, ece = [], 0.0
    for b in range(CALIBRATION_BINS):
        inside = which == b
        n = int(inside.sum())
        if n:
            confidence, observed = float(scores[inside].mean()), float(outcomes[inside].mean())
            ece += n / len(scores) * abs(observed - confidence)
            bins.append(
                CalibrationBin(float(edges[b]), float(edges[b + 1]), n, confidence, observed)
            )
        else:
            bins.append(CalibrationBin(float(edges[b]), float(edges[b + 1]), 0, None, None))
    from sklearn.metrics import brier_score_loss

    brier = float(brier_score_loss(outcomes, scores, labels=[0, 1]))
    return Calibration(bins, brier, float(ece), len(scores))


def edit_distance(draft: str, signed: str) -> tuple[int, float]:
    """Characters changed from the AI draft to the signed text (Levenshtein), and that as a
    share of the longer text (0 unchanged, 1 rewritten)."""
    return Levenshtein.distance(draft, signed), Levenshtein.normalized_distance(draft, signed)
