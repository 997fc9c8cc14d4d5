"""The offline analysis on the clinical set, split by source (tests/clinical/dev, test).

Runs every case of both splits through the real extraction, lab parser and rules engine
(benchmarks.clinical), the same run as ``python -m benchmarks.clinical``. On ``dev`` (the
documents the rules were written from) no case reads worse than its recorded reading and the
figures stay over ``DEV_FLOORS`` (issue #12's targets, with a margin for honest new cases);
on ``test`` (held out) they may not fall under the floors measured when the split was made
(``TEST_FLOORS``); issue #29's targets for it are ``TEST_TARGETS``.
"""

from __future__ import annotations

import hashlib

import pytest

from benchmarks import clinical_readings
from benchmarks.clinical import DEV_FLOORS, TEST_FLOORS, by_draw, by_kind, draws_of, run
from benchmarks.clinical_scoring import (
    CLINICAL_DIR,
    Case,
    CaseScore,
    Figures,
    article_ids,
    diagnosis_withheld,
    line_holds_value,
    load_split,
    source_ids,
    withheld_dx,
)

# Values whose quoted source line does not print their number, over both splits, when the
# split was made (2026-11-25, before the engine work of issue #29): 150 of 1,026 reported
# values (63 of 734 on dev, 87 of 292 on test), mostly a long sentence cut before the
# number, the sentence before or after the one holding it, or a value taken from elsewhere.
# The count may only fall: lower this ceiling as the engine quotes better, never raise it.
UNHELD_SOURCE_LINES_CEILING = 5  # 150 when the split was made; 18 after issue #29; 5 once a
# dipstick result is held by its printed grade ("trace", "3+") and quoted from the sentence
# that prints it


@pytest.fixture(scope="module")
def runs() -> dict[str, tuple[list[CaseScore], Figures]]:
    return {split: run(load_split(split), quiet=True) for split in ("dev", "test")}


@pytest.fixture(scope="module")
def dev(runs: dict[str, tuple[list[CaseScore], Figures]]) -> Figures:
    return runs["dev"][1]


@pytest.fixture(scope="module")
def test(runs: dict[str, tuple[list[CaseScore], Figures]]) -> Figures:
    return runs["test"][1]


def test_the_set_has_both_splits_and_at_least_100_cases() -> None:
    dev_cases, test_cases = load_split("dev"), load_split("test")
    assert len(dev_cases) >= 40 and len(test_cases) >= 50
    assert len(dev_cases) + len(test_cases) >= 100


def test_no_source_is_on_both_sides() -> None:
    dev_sources = {i for case in load_split("dev") for i in source_ids(case)}
    test_sources = {i for case in load_split("test") for i in source_ids(case)}
    assert dev_sources and test_sources
    assert dev_sources & test_sources == set()
    assert all(source_ids(case) for case in load_split("test"))


def test_no_document_is_in_the_set_twice() -> None:
    """Two branches can take the same row of a collection: a document (its text, whitespace
    aside) is one case's, on either split, so no result counts twice."""
    seen: dict[str, str] = {}
    twice: list[tuple[str, str]] = []
    for case in [*load_split("dev"), *load_split("test")]:
        for name in case.files:
            document = case.folder / name
            if document.suffix.lower() in {".txt", ".md", ".csv", ".json", ".xml", ".hl7"}:
                content = " ".join(document.read_text(errors="replace").split()).encode()
            else:
                content = document.read_bytes()
            digest = hashlib.sha256(content).hexdigest()
            if digest in seen and seen[digest] != case.case_id:
                twice.append((seen[digest], case.case_id))
            seen.setdefault(digest, case.case_id)
    assert twice == []


def test_no_article_is_on_both_sides() -> None:
    """Two collections can hold one published case report (PMC's open-access texts and a
    dataset built from them): no DOI, PubMed or PMC id names a document of both splits."""
    dev_articles = {i for case in load_split("dev") for i in article_ids(case)}
    test_articles = {i for case in load_split("test") for i in article_ids(case)}
    assert dev_articles and test_articles
    assert dev_articles & test_articles == set()


def test_each_kind_of_document_adds_up_to_the_split(
    runs: dict[str, tuple[list[CaseScore], Figures]],
) -> None:
    """`--by-kind` splits the dev figures by document kind: the kinds' plausible diagnoses
    and false criticals add up to the split's, each kind's only from its own cases."""
    cases = load_split("dev")
    scores, whole = runs["dev"]
    kinds = by_kind(cases, scores)
    pairs = list(zip(cases, scores, strict=True))
    assert len(kinds) >= 4 and "case_report" in kinds
    scored = {kind: sum(c.kind == kind and s.diagnosis_scored for c, s in pairs) for kind in kinds}
    plausible = sum(kinds[kind].plausible_dx * scored[kind] for kind in kinds)
    assert plausible == pytest.approx(whole.plausible_dx * sum(scored.values()))
    assert sum(kinds[kind].false_critical or 0 for kind in kinds) == whole.false_critical
    radiology = [s for c, s in zip(cases, scores, strict=True) if c.kind == "radiology_report"]
    assert kinds["radiology_report"].plausible_dx == pytest.approx(
        sum(s.plausible for s in radiology) / len(radiology)
    )


def test_the_held_out_draws_name_cases_of_the_split_once_each() -> None:
    """`--by-draw` prints the held-out split as it stood before each draw: every drawn id is
    a case of the split, in one draw only, and the split's first cases are in none."""
    cases = load_split("test")
    draws = draws_of(CLINICAL_DIR / "test")
    ids = [case_id for _, drawn in draws for case_id in drawn]
    assert len(draws) >= 2 and len(ids) == len(set(ids))
    assert set(ids) <= {case.case_id for case in cases}
    groups = by_draw(cases, draws)
    first = next(iter(groups.values()))  # the split as first made
    assert [len(group) for name, group in groups.items() if name.startswith("first")] == sorted(
        len(group) for name, group in groups.items() if name.startswith("first")
    )
    assert f"first{len(cases)}" not in groups  # the whole split is the run's own line
    assert first and not {case.case_id for case in first} & set(ids)
    for name, drawn in draws:
        assert {case.case_id for case in groups[name]} == drawn


def test_a_split_grown_by_draws_is_grouped_before_each_draw() -> None:
    """Four cases, two draws of one: the split stood at two, then three, then four."""
    cases = load_split("dev")[:4]
    a, b, c, d = (case.case_id for case in cases)
    groups = by_draw(cases, [("one", frozenset({c})), ("two", frozenset({a}))])
    named = {name: [case.case_id for case in group] for name, group in groups.items()}
    assert named == {
        "first2": [b, d],
        "first3": [b, c, d],
        "one": [c],
        "two": [a],
    }


def _from_cupcase(case: Case) -> bool:
    """Whether a document of ``case`` was taken from CUPCase's repository (a case cut from
    another source may name CUPCase in its notes on the draw)."""
    return any(
        str(source.get("repository", "")).lower() == "felipeocampoos/cupcase-curhumai-adversary"
        for source in case.sources
    )


def test_a_source_that_took_the_diagnosis_out_counts_for_values_not_for_diagnoses(
    runs: dict[str, tuple[list[CaseScore], Figures]],
) -> None:
    """CUPCase's case presentations have their diagnosis's name taken out: every one of its
    cases (and no other) is left out of plausible_dx, by source, while its values count."""
    cases = load_split("dev")
    scores, whole = runs["dev"]
    cupcase = [s for c, s in zip(cases, scores, strict=True) if _from_cupcase(c)]
    assert len(cupcase) >= 30
    assert all(not s.diagnosis_scored for s in cupcase)
    assert sum(not s.diagnosis_scored for s in scores) == len(cupcase)
    scored = [s for s in scores if s.diagnosis_scored]
    assert whole.plausible_dx == pytest.approx(sum(s.plausible for s in scored) / len(scored))
    assert whole.lab_recall == pytest.approx(
        sum(len(s.matched) for s in scores) / sum(s.truth_count for s in scores)
    )
    assert withheld_dx(scores) == (len(cupcase), sum(s.plausible for s in cupcase))
    assert not any(diagnosis_withheld(case) for case in load_split("test"))


def test_dev_lab_values_are_read_with_high_recall(dev: Figures) -> None:
    assert dev.lab_recall >= DEV_FLOORS.lab_recall, dev.line("dev")


def test_dev_lab_values_read_are_nearly_all_real(dev: Figures) -> None:
    assert dev.lab_precision >= DEV_FLOORS.lab_precision, dev.line("dev")


def test_dev_primary_diagnoses_are_plausible(dev: Figures) -> None:
    assert dev.plausible_dx >= DEV_FLOORS.plausible_dx, dev.line("dev")


def test_no_dev_case_reads_worse_than_its_recorded_reading(
    runs: dict[str, tuple[list[CaseScore], Figures]],
) -> None:
    """Each dev case against its own recorded reading (benchmarks.clinical_readings): a
    rule that fixes one case and breaks another fails here, whatever the totals do."""
    before = clinical_readings.recorded()
    scores, _ = runs["dev"]
    now = {score.case_id for score in scores}
    assert len(set(before) & now) >= 540
    assert set(before) <= now, "a recorded dev case is gone"
    worse, _ = clinical_readings.compared(scores)
    assert worse == {}


def test_dev_critical_values_are_marked_over_their_floor(dev: Figures) -> None:
    assert dev.critical_recall >= DEV_FLOORS.critical_recall, dev.line("dev")


def test_held_out_recall_does_not_slide_back(test: Figures) -> None:
    assert test.lab_recall >= TEST_FLOORS.lab_recall, test.line("test")


def test_held_out_precision_does_not_slide_back(test: Figures) -> None:
    assert test.lab_precision >= TEST_FLOORS.lab_precision, test.line("test")


def test_held_out_diagnoses_do_not_slide_back(test: Figures) -> None:
    assert test.plausible_dx >= TEST_FLOORS.plausible_dx, test.line("test")


def test_held_out_critical_recall_does_not_slide_back(test: Figures) -> None:
    assert test.critical_recall >= TEST_FLOORS.critical_recall, test.line("test")


def test_held_out_false_criticals_do_not_grow(test: Figures) -> None:
    assert TEST_FLOORS.false_critical is not None and test.false_critical is not None
    assert test.false_critical <= TEST_FLOORS.false_critical, test.line("test")


def test_every_quoted_source_line_holds_its_value(
    runs: dict[str, tuple[list[CaseScore], Figures]],
) -> None:
    unheld = {
        split: [
            f"{score.case_id}: {value.analyte} {value.value:g} <- {value.source_line!r}"
            for score in scores
            for value in score.reported
            if not line_holds_value(value.source_line, value)
        ]
        for split, (scores, _) in runs.items()
    }
    total = sum(len(lines) for lines in unheld.values())
    print(f"quoted lines that do not hold their value: {total}")
    # Only dev's lines are shown: the held-out split's documents are never printed.
    shown = "\n".join(unheld.get("dev", []))
    counted = ", ".join(f"{split}: {len(lines)}" for split, lines in unheld.items())
    assert total <= UNHELD_SOURCE_LINES_CEILING, f"{counted}\n{shown}"
