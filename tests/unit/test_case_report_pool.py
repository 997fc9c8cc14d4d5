"""The pool builder cuts an article's case section the way tests/clinical's case reports are
cut (#29): from the case heading to the next discussion, conclusion or consent heading."""

from __future__ import annotations

from scripts.case_report_pool import case_section, title_of

_BODY = (
    "A 62-year-old man presented with three days of fever and flank pain. Laboratory tests "
    "showed a white blood cell count of 18.2 × 10^9/L and a creatinine of 2.1 mg/dL. A CT "
    "scan showed gas in the left renal parenchyma, and a nephrectomy was performed."
)


def _article(*lines: str) -> str:
    return "\n".join(lines)


def test_the_section_runs_from_its_heading_to_the_discussion():
    article = _article(
        "Emphysematous pyelonephritis in a man with diabetes",
        "",
        "Introduction",
        "Pyelonephritis with gas in the kidney is rare [1].",
        "Case presentation",
        _BODY,
        "Discussion",
        "Gas-forming infections are reported in 70% of series [2].",
    )
    section = case_section(article)
    assert section is not None
    assert section.startswith("Case presentation\n")
    assert _BODY in section
    assert "70%" not in section and "Introduction" not in section
    assert title_of(article) == "Emphysematous pyelonephritis in a man with diabetes"


def test_a_consent_or_conclusion_heading_ends_it_too():
    for end in ("Conclusions", "Patient consent", "Ethics approval and consent to participate"):
        section = case_section(_article("Case report", _BODY, end, "Written consent was given."))
        assert section is not None and "Written consent" not in section


def test_a_sentence_that_starts_like_a_heading_does_not_end_it():
    # A paragraph opening with "Discussion" is no heading: only a short line is.
    long_line = "Discussion with the family " + "took place over several days " * 4 + "."
    section = case_section(_article("Case description", _BODY, long_line, "More text."))
    assert section is not None and "More text." in section


def test_an_article_without_a_case_heading_or_with_an_empty_section_has_none():
    assert case_section(_article("Title", "Background", _BODY, "Discussion", "...")) is None
    assert case_section(_article("Title", "Case presentation", "Short.", "Discussion")) is None


def test_reading_the_pool_writes_each_reports_values_and_diagnosis(tmp_path):
    import json

    from scripts.case_report_pool import read

    pool = tmp_path / "pool"
    pool.mkdir()
    (pool / "PMC1.txt").write_text("Case presentation\n" + _BODY + "\n", encoding="utf-8")
    (pool / "PMC2.txt").write_text("Case presentation\nNo values here.\n", encoding="utf-8")
    out = tmp_path / "read.jsonl"
    assert read(pool, out, {"PMC1"}) == 1
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["id"] == "PMC1"
    values = {(v["analyte"], v["value"]) for v in row["values"]}
    assert {("WBC", 18.2), ("Creatinine", 2.1)} <= values
    assert all(v["source_line"] for v in row["values"])
    assert isinstance(row["primary"], list) and len(row["primary"]) == 2
