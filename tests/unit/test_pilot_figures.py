"""The pilot's statistics against examples worked out by hand (in the comments)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.pilot.figures import pilot_figures, provenance_label
from core.pilot.records import EnrolledInsights, PilotReview, SectionScore
from core.pilot.statistics import (
    calibration,
    cohen_kappa,
    edit_distance,
    fleiss,
    mean,
    proportion,
    rater_kappa,
)


def test_cohen_kappa_of_two_raters() -> None:
    # Agree on cases 1, 3, 4, 5: p_o = 4/5 = 0.8. Rater A says a 3/5, b 2/5; rater B a 2/5,
    # b 3/5: p_e = 0.6*0.4 + 0.4*0.6 = 0.48. kappa = (0.8 - 0.48) / (1 - 0.48) = 0.32/0.52.
    kappa = cohen_kappa(list("aabba"), list("abbba"))
    assert kappa.value == pytest.approx(0.32 / 0.52)
    assert (kappa.method, kappa.cases, kappa.raters) == ("cohen", 5, 2)


def test_fleiss_kappa_of_three_raters() -> None:
    # Counts (a, b) per case: (2,1) (3,0) (0,3) (1,2). Agreement per case
    # (sum n^2 - 3) / (3*2): 2/6, 6/6, 6/6, 2/6; mean P = 2/3. Overall a = 6/12, b = 6/12:
    # P_e = 0.25 + 0.25 = 0.5. kappa = (2/3 - 1/2) / (1 - 1/2) = 1/3.
    kappa = fleiss([list("aab"), list("aaa"), list("bbb"), list("abb")])
    assert kappa.value == pytest.approx(1 / 3)
    assert (kappa.method, kappa.cases, kappa.raters) == ("fleiss", 4, 3)


def test_kappa_is_undefined_not_invented_when_every_label_is_the_same() -> None:
    assert cohen_kappa(["a", "a"], ["a", "a"]).value is None
    assert rater_kappa([{"r1": "a"}]) is None  # nobody shares a case


def test_rater_kappa_chooses_cohen_for_two_and_fleiss_for_more() -> None:
    two = rater_kappa([{"r1": "a", "r2": "a"}, {"r1": "b", "r2": "a"}, {"r3": "a"}])
    assert two is not None and (two.method, two.cases) == ("cohen", 2)
    three = rater_kappa([{"r1": "a", "r2": "a", "r3": "b"}, {"r1": "b", "r2": "b", "r3": "b"}])
    assert three is not None and (three.method, three.raters) == ("fleiss", 3)


def test_wilson_interval() -> None:
    # 8 of 10, z = 1.96: centre (0.8 + 3.8416/20) / (1 + 3.8416/10) = 0.99208/1.38416 =
    # 0.71673; half width 1.96 * sqrt(0.016 + 0.009604) / 1.38416 = 0.22658.
    found = proportion(8, 10)
    assert (found.low, found.high) == (
        pytest.approx(0.49016, abs=1e-5),
        pytest.approx(0.94332, abs=1e-5),
    )
    assert found.rate == 0.8
    assert proportion(0, 0).rate is None and proportion(0, 0).low is None


def test_mean_with_t_interval() -> None:
    # 1, 2, 3: mean 2, sd 1, se 1/sqrt(3); t(0.975, 2) = 4.3027: 2 -/+ 2.4841.
    found = mean([1.0, 2.0, 3.0])
    assert found.value == 2.0 and found.low == pytest.approx(-0.4841, abs=1e-4)
    assert mean([]).value is None


def test_calibration_bins_brier_and_expected_calibration_error() -> None:
    # Brier: (0.1^2 + 0.2^2 + 0.3^2 + 0^2) / 4 = 0.14/4 = 0.035. Bins: [0.3, 0.4) one case,
    # said 0.3, agreed 0 -> 0.3; [0.8, 0.9) said 0.8, agreed 1 -> 0.2; [0.9, 1] two, said
    # 0.95, agreed 1 -> 0.05. ECE = 0.3/4 + 0.2/4 + 0.05*2/4 = 0.15.
    found = calibration([0.9, 0.8, 0.3, 1.0], [True, True, False, True])
    assert found.brier == pytest.approx(0.035)
    assert found.ece == pytest.approx(0.15)
    filled = [(b.low, b.n, b.observed) for b in found.bins if b.n]
    assert filled == [(0.3, 1, 0.0), (0.8, 1, 1.0), (0.9, 2, 1.0)]
    assert len(found.bins) == 10 and found.n == 4


def test_edit_distance() -> None:
    # kitten -> sitting: k->s, e->i, +g: 3 edits, of 7 characters.
    assert edit_distance("kitten", "sitting") == (3, pytest.approx(3 / 7))


# --- the figures of a small pilot ------------------------------------------------------------

START = datetime(2026, 11, 24, tzinfo=UTC)
SOAP = {"subjective": "Tired.", "objective": "Pale.", "assessment": "Anaemia.", "plan": "Ferritin."}


def _draft(enrolment: str, code: str, confidence: float, engine: str, **signed) -> EnrolledInsights:
    model = "gpt-4o" if engine == "openai" else None
    insights = {
        "case_summary": {"comprehensive_summary": "Summary.", "key_findings": ["Hb 9.8"]},
        "soap_note": SOAP,
        "primary_diagnosis": {
            "primary_diagnosis": "x",
            "icd_code": code,
            "confidence_score": confidence,
        },
        "provenance": {"engine": engine, "model": model, "prompt_version": f"{engine}-1"},
    }
    return EnrolledInsights(enrolment, "d-" + enrolment, insights, signed or None)


def _review(
    n: int, reviewer: str, enrolment: str, code: str, verdict: str = "minor_edit", **kw
) -> PilotReview:
    score = SectionScore(
        verdict, {"accurate": 4, "complete": 3, "useful": 5, "free_of_invented_facts": 5}
    )
    submitted = kw.pop("submitted", True)
    return PilotReview(
        review_id=f"rev-{n}",
        pilot_id="p",
        enrolment_id=enrolment,
        reviewer_id=reviewer,
        diagnosis="d",
        icd_code=code,
        diagnosed_at=START + timedelta(minutes=n),
        scores={
            "case_summary": score,
            "soap_note": SectionScore("accept", score.ratings),
            "primary_diagnosis": score,
        }
        if submitted
        else None,
        submitted_at=START + timedelta(minutes=n) if submitted else None,
        **kw,
    )


def test_the_figures_of_a_small_pilot_by_hand() -> None:
    signed_soap = {**SOAP, "plan": "Ferritin, iron."}  # six characters added: ", iron"
    drafts = [
        _draft("e1", "D50.9", 0.9, "openai", soap_note=signed_soap, case_summary=None),
        _draft("e2", "E11.9", 0.4, "rules"),
        _draft("e3", "", 0.2, "rules"),  # the AI abstained
    ]
    reviews = [
        _review(1, "r1", "e1", "D50.9", verdict="accept"),  # same code
        _review(2, "r2", "e1", "D50.0"),  # same category D50, chapter 3
        _review(3, "r1", "e2", "E10.9"),  # same chapter 4 only
        _review(4, "r2", "e2", "I10"),  # corrected below: not counted
        _review(5, "r2", "e2", "E11.9", supersedes="rev-4"),  # same code
        _review(6, "r1", "e3", "D64.9"),  # against an abstention: no agreement
        _review(7, "r3", "e3", "D64.9", submitted=False),  # not submitted: not counted
    ]
    figures = pilot_figures(["e1", "e2", "e3", "e4"], drafts, reviews)
    assert (figures.enrolled, figures.reviewed, figures.reviewed_by_two) == (4, 3, 2)
    overall = figures.overall
    assert overall.reviews == 5
    # Exact: reviews 1 and 5. Category: 1, 2, 5. Chapter: 1, 2, 3, 5.
    assert [
        overall.agreement.exact.successes,
        overall.agreement.category.successes,
        overall.agreement.chapter.successes,
    ] == [2, 3, 4]
    # Reviewers' categories on shared cases: e1 (D50, D50), e2 (E10, E11). p_o = 1/2;
    # r1 D50 1/2 E10 1/2, r2 D50 1/2 E11 1/2: p_e = 1/4. kappa = (1/2 - 1/4)/(3/4) = 1/3.
    assert overall.reviewer_kappa is not None
    assert overall.reviewer_kappa.value == pytest.approx(1 / 3)
    # Confidence vs category agreement: (0.9,1) (0.9,1) (0.4,0) (0.4,1) (0.2,0).
    # Brier (0.01 + 0.01 + 0.16 + 0.36 + 0.04) / 5 = 0.116; ECE 2/5*0.1 + 2/5*0.1 + 1/5*0.2.
    assert overall.calibration.brier == pytest.approx(0.116)
    assert overall.calibration.ece == pytest.approx(0.12)
    summary, soap, diagnosis = overall.sections
    assert (summary.acceptance.successes, summary.acceptance.n) == (1, 5)
    assert soap.acceptance.rate == 1.0 and diagnosis.verdicts["minor_edit"] == 4
    assert summary.rubric["accurate"].value == 4.0 and summary.rubric["complete"].n == 5
    assert (soap.edit_distance.value, soap.edit_distance.n) == (6.0, 1)
    assert summary.edit_distance.n == 0  # the doctor rejected it: nothing signed to compare
    groups = {
        g.label: (g.cases, g.reviews, g.agreement.exact.successes) for g in figures.by_provenance
    }
    assert groups == {
        "openai · gpt-4o · prompt openai-1": (1, 2, 1),
        "rules · prompt rules-1": (2, 3, 1),
    }


def test_provenance_label_names_engine_model_and_prompt() -> None:
    assert provenance_label(
        {"provenance": {"engine": "openai", "model": "m", "prompt_version": "v3"}}
    ) == ("openai · m · prompt v3")
    assert provenance_label({}) == "unknown engine · prompt unknown"
