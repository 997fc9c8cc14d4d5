"""The clinical set's scoring on small hand-made examples: matching, units, specimens,
abstention, false criticals, quoted lines; and the set's own form (both splits)."""

from __future__ import annotations

from benchmarks.clinical_scoring import (
    CLINICAL_DIR,
    SPECIMENS,
    SPLITS,
    Case,
    CaseScore,
    TruthValue,
    article_ids,
    figures,
    flag_agreement,
    line_holds_value,
    load_split,
    match_values,
    matches,
    plausible_diagnosis,
    score_case,
    source_ids,
)
from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME


def truth(analyte: str, value: float, unit: str | None = None, **extra: object) -> TruthValue:
    return TruthValue(analyte=analyte, value=value, unit=unit, **extra)  # type: ignore[arg-type]


def case(*labs: TruthValue, accepted: tuple[str, ...] = (), not_determinable: bool = False) -> Case:
    return Case("c", None, "lab_pdf", (), None, None, "", labs, accepted, not_determinable)  # type: ignore[arg-type]


def test_a_value_matches_within_the_tolerance_only() -> None:
    assert matches(truth("Potassium", 6.1, "mmol/L"), LabValue(analyte="Potassium", value=6.1))
    assert matches(truth("Potassium", 6.1), LabValue(analyte="Potassium", value=6.15))
    assert not matches(truth("Potassium", 6.1), LabValue(analyte="Potassium", value=6.5))
    assert not matches(truth("Potassium", 6.1), LabValue(analyte="Sodium", value=6.1))


def test_units_are_converted_before_comparing() -> None:
    glucose = truth("Glucose", 7.8, "mmol/L")
    assert matches(glucose, LabValue(analyte="Glucose", value=140.5, unit="mg/dL"))
    assert not matches(glucose, LabValue(analyte="Glucose", value=7.8, unit="mg/dL"))
    platelets = truth("Platelets", 267000)  # written "267,000" with no unit
    assert matches(platelets, LabValue(analyte="Platelets", value=267, unit="x10^9/L"))
    hemoglobin = LabValue(analyte="Hemoglobin", value=96, unit="g/L")
    assert matches(truth("Hemoglobin", 9.6, "g/dL"), hemoglobin)
    creatinine = LabValue(analyte="Creatinine", value=88, unit="umol/L")
    assert matches(truth("Creatinine", 1.0, "mg/dL"), creatinine)
    # A unit spelled in a way the catalog does not know is read from the number.
    white = LabValue(analyte="WBC", value=8.2, unit="x10^9/L")
    assert matches(truth("WBC", 8200, "cells/cmm"), white)
    assert matches(truth("MCHC", 28.4, "g%"), LabValue(analyte="MCHC", value=28.4, unit="g/dL"))


def test_specimen_and_comparator_must_agree() -> None:
    csf = truth("Glucose", 41, specimen="csf")
    assert not matches(csf, LabValue(analyte="Glucose", value=41))
    assert matches(csf, LabValue(analyte="Glucose", value=41, specimen="CSF"))
    assert matches(truth("Glucose", 41, specimen="serum"), LabValue(analyte="Glucose", value=41))
    bound = truth("CRP", 5, "mg/L", comparator="<")
    assert not matches(bound, LabValue(analyte="CRP", value=5, unit="mg/L"))
    assert matches(bound, LabValue(analyte="CRP", value=5, unit="mg/L", comparator="<"))


def test_a_urine_test_is_urine_whether_or_not_the_specimen_is_written() -> None:
    protein = truth("Urine protein", 3, specimen="urine")
    assert matches(protein, LabValue(analyte="Urine protein", value=3))


def test_each_truth_value_is_matched_once_and_exact_values_pair_first() -> None:
    first, second = truth("Creatinine", 8.1), truth("Creatinine", 8.2)
    reported = [LabValue(analyte="Creatinine", value=v) for v in (8.2, 8.1)]
    pairs, duplicates, missed, extras = match_values([first, second], reported)
    assert {(t.value, r.value) for t, r in pairs} == {(8.1, 8.1), (8.2, 8.2)}
    assert not duplicates and not missed and not extras
    # The same result read twice is a duplicate (correct), a wrong number is an extra.
    again = [*reported, *(LabValue(analyte="Creatinine", value=v) for v in (8.1, 99))]
    _, duplicates, _, extras = match_values([first, second], again)
    assert [d.value for d in duplicates] == [8.1] and [e.value for e in extras] == [99]


def test_abstention_is_plausible_only_where_the_truth_allows_no_diagnosis() -> None:
    assert plausible_diagnosis("N17.9", ["N17", "N19"], False)
    assert plausible_diagnosis("n179", ["N17"], False)  # case and dots do not matter
    assert not plausible_diagnosis("Z00.00", ["N17"], False)
    assert not plausible_diagnosis("", ["N17"], False)
    assert plausible_diagnosis("", [], True)
    assert not plausible_diagnosis("E11.9", [], True)


def test_the_figures_count_critical_values_the_engine_marked() -> None:
    potassium = truth("Potassium", 2.7, critical=True)
    sodium = truth("Sodium", 152)
    the_case = case(potassium, sodium, accepted=("E87",))
    marked = [
        LabValue(analyte="Potassium", value=2.7, critical=True),
        LabValue(analyte="Sodium", value=152),
        LabValue(analyte="Troponin", value=99),  # a percentile read as a value
    ]
    score = score_case(the_case, marked, "E87.6")
    assert isinstance(score, CaseScore)
    result = figures([score])
    assert (result.lab_recall, result.critical_recall, result.plausible_dx) == (1.0, 1.0, 1.0)
    assert round(result.lab_precision, 3) == 0.667
    unmarked = score_case(the_case, [LabValue(analyte="Potassium", value=2.7)], "")
    result = figures([unmarked])
    assert (result.lab_recall, result.critical_recall, result.plausible_dx) == (0.5, 0.0, 0.0)
    assert result.line() == (
        "lab_recall=0.500 lab_precision=1.000 plausible_dx=0.000 critical_recall=0.000"
        " false_critical=0"
    )
    assert result.line("test").startswith("split=test lab_recall=0.500 ")


def test_flags_agree_only_on_values_found_and_none_is_a_flag_of_its_own() -> None:
    the_case = case(
        truth("Bicarbonate", 13, flag="low"),
        truth("Sodium", 139),  # within its range: no flag
        truth("CRP", 181, flag="high"),
        truth("Potassium", 3.1, flag="low"),  # missed: not counted
    )
    reported = [
        LabValue(analyte="Bicarbonate", value=13, flag="high"),  # the next clause's word
        LabValue(analyte="Sodium", value=139),
        LabValue(analyte="CRP", value=181, flag="high"),
        LabValue(analyte="Albumin", value=2.1, flag="low"),  # extra: not counted
    ]
    assert flag_agreement([score_case(the_case, reported, "")]) == (2, 3)
    assert flag_agreement([]) == (0, 0)


def test_a_urine_value_read_as_serum_is_a_miss_and_a_false_value() -> None:
    urine_sodium = truth("Sodium", 12, "mmol/L", specimen="urine")
    the_case = case(urine_sodium, accepted=("E87",))
    score = score_case(the_case, [LabValue(analyte="Sodium", value=12, unit="mmol/L")], "E87.1")
    assert score.missed == [urine_sodium] and len(score.extras) == 1
    result = figures([score])
    assert (result.lab_recall, result.lab_precision) == (0.0, 0.0)
    read_right = LabValue(analyte="Sodium", value=12, unit="mmol/L", specimen="urine")
    assert figures([score_case(the_case, [read_right], "E87.1")]).lab_recall == 1.0
    # Every blood specimen is one class; CSF spelled out is CSF; pleural is not peritoneal.
    gas = truth("Blood pH", 6.92, specimen="arterial blood")
    assert matches(gas, LabValue(analyte="Blood pH", value=6.92))
    csf = truth("Glucose", 1, "mg/dL", specimen="csf")
    spelled_out = LabValue(analyte="Glucose", value=1, unit="mg/dL", specimen="cerebrospinal fluid")
    assert matches(csf, spelled_out)
    pleural = truth("LDH", 590, "U/L", specimen="pleural fluid")
    assert not matches(pleural, LabValue(analyte="LDH", value=590, specimen="peritoneal fluid"))


def test_a_critical_mark_the_truth_does_not_hold_is_counted_false() -> None:
    hemoglobin = truth("Hemoglobin", 6.4, "g/dL", critical=True)
    earlier = truth("Hemoglobin", 10.3, "g/dL", timing="earlier")
    the_case = case(hemoglobin, earlier, accepted=("D62",))
    reported = [
        LabValue(analyte="Hemoglobin", value=6.4, unit="g/dL", critical=True),
        LabValue(analyte="Hemoglobin", value=6.4, unit="g/dL", critical=True),  # read twice
        LabValue(analyte="Hemoglobin", value=10.3, unit="g/dL", critical=True),  # replaced
        LabValue(analyte="Hemoglobin", value=2, unit="g/dL", critical=True),  # a range's number
    ]
    score = score_case(the_case, reported, "D62")
    assert [v.value for v in score.false_critical] == [10.3, 2]
    result = figures([score])
    assert (result.critical_recall, result.false_critical) == (1.0, 2)
    assert result.line().endswith("false_critical=2")


def test_a_dipstick_result_is_held_by_its_printed_grade() -> None:
    trace = LabValue(analyte="Urine glucose", value=0.5)
    assert line_holds_value("Dipstick: trace glucose, no ketones.", trace)
    assert not line_holds_value("Dipstick: 2+ glucose, no ketones.", trace)
    large = LabValue(analyte="Urine blood", value=3)
    assert line_holds_value("UA with 3+ blood and 1+ protein", large)
    assert line_holds_value("large blood on the dipstick", large)
    assert not line_holds_value("white blood cells 3.1", large)
    negative = LabValue(analyte="Nitrite", value=0)
    assert line_holds_value("Nitrite negative.", negative)
    # The sign before the grade (dev cr13-spec-urethral-clear-cell-adenocarcinoma-...):
    # "blood +2" is grade 2, and no other grade.
    moderate = LabValue(analyte="Urine blood", value=2)
    assert line_holds_value("Urinalysis revealed a turbid appearance, blood +2, and RBCs", moderate)
    assert not line_holds_value("Urinalysis revealed blood +2.5 mg", moderate)
    assert not line_holds_value("blood +3 and protein +1", moderate)
    # A qualitative test reported as a number is held by the number.
    protein = LabValue(analyte="Urine protein", value=1830)
    assert line_holds_value("random urine protein was 1830", protein)


def test_a_quoted_line_holds_a_value_only_when_it_prints_its_number() -> None:
    inr = LabValue(analyte="INR", value=6.52)
    assert line_holds_value("PT 83.3 seconds with an INR of 6.52.", inr)
    assert not line_holds_value("The patient was seen in clinic today.", inr)
    assert not line_holds_value(None, inr)
    assert not line_holds_value("INR 16.52", inr)  # a longer number is another number
    assert not line_holds_value("3.5-6.5", LabValue(analyte="Potassium", value=-6.5))
    platelets = LabValue(analyte="Platelets", value=266, unit="x10^3/uL")
    assert line_holds_value("platelet count 266,000.", platelets)
    assert line_holds_value("leukocytosis (19,1 × 103)", LabValue(analyte="WBC", value=19.1))
    assert line_holds_value("BE −19.4 mmol/L", LabValue(analyte="Base excess", value=-19.4))
    # Cells run together: the printed form is in the line.
    assert line_holds_value(
        "1.00 - 3.00 Lymphocytes thou/mm32.40", LabValue(analyte="Lymphocytes", value=2.4)
    )
    assert not line_holds_value("White count 12,200", LabValue(analyte="WBC", value=0))
    # A one-digit result between its unit's bracket and its range (dev
    # web-si-units-table-cells-run-together: bilirubin 3, range 3-18), never a digit of a range.
    bilirubin = LabValue(analyte="Total bilirubin", value=3)
    assert line_holds_value("Serum bilirubin (µmol/L)33–18", bilirubin)
    assert not line_holds_value("Serum bilirubin (µmol/L)43–18", bilirubin)
    assert not line_holds_value("Serum bilirubin 13-18 µmol/L", bilirubin)


def test_source_ids_name_the_repository_the_site_and_the_collection() -> None:
    the_case = case()
    sourced = Case(
        **{
            **the_case.__dict__,
            "sources": (
                {"repository": "Owner/Repo", "path": "a.pdf", "url": "https://github.com/x"},
                {"url": "https://www.example.org/page", "collection": "MTSamples.com"},
            ),
        }
    )
    assert source_ids(sourced) == {
        "repo:owner/repo",
        "site:example.org",
        "collection:mtsamples.com",
    }


def test_every_case_of_both_splits_is_well_formed() -> None:
    cases = [c for split in SPLITS for c in load_split(split)]
    assert len({c.case_id for c in cases}) == len(cases)
    for each in cases:
        assert each.files and all((each.folder / name).is_file() for name in each.files)
        assert each.accepted_dx or each.not_determinable, each.case_id
        for source in each.sources:
            assert source.get("repository") or source.get("url"), each.case_id
            assert source.get("licence") and source.get("cut"), each.case_id
            if source.get("repository"):
                assert len(source.get("commit") or "") == 40 and source.get("path"), each.case_id
        for value in each.labs:
            assert value.flag in (None, "high", "low"), each.case_id
            assert value.timing in (None, "admission", "discharge", "earlier"), each.case_id
            assert value.specimen is None or value.specimen in SPECIMENS, (each.case_id, value)
            known = BY_NAME.get(value.analyte)
            if known is not None and value.unit is None:
                assert known.plausible(value.value) or value.specimen, (each.case_id, value)
    # The held-out split writes every value's specimen out.
    assert all(v.specimen for c in load_split("test") for v in c.labs)


def test_the_set_readme_lists_every_case() -> None:
    """Every dev case is in the set's README; every held-out case in test/CASES.md, inside
    the held-out folder, so that its accepted diagnoses are not read while writing rules."""
    listed = {
        "dev": (CLINICAL_DIR / "README.md").read_text(encoding="utf-8"),
        "test": (CLINICAL_DIR / "test" / "CASES.md").read_text(encoding="utf-8"),
    }
    cases = [c for split in SPLITS for c in load_split(split)]
    assert [c.case_id for c in cases if f"`{c.case_id}`" not in listed[c.split]] == []
    readme = listed["dev"]
    assert [c.case_id for c in load_split("test") if f"`{c.case_id}` |" in readme] == []


def test_a_base_excess_told_with_an_en_dash_or_as_a_deficit_is_held_by_its_line() -> None:
    # Lines of dev cases cr4-crit-adrenal-... and cr6-crit-dka-mucormycosis-... (CC BY)
    excess = LabValue(analyte="Base excess", value=-12.3, unit="mmol/L")
    assert line_holds_value("base excess –12.3 mmol/L (normal –2 to +2 mmol/L)", excess)
    deficit = LabValue(analyte="Base excess", value=-28)
    assert line_holds_value("acidosis (pH 6.92, pCO₂ < 5 torr, base deficit 28), and", deficit)
    # an en dash between two numbers is a range's, and a plain 28 is no -28
    assert not line_holds_value("range 0.62–1.51", LabValue(analyte="Sodium", value=-1.51))
    assert not line_holds_value("base excess 28", deficit)


def test_article_ids_read_a_doi_a_pmc_and_a_pubmed_id_however_written() -> None:
    sources = (
        {"url": "https://doi.org/10.1186/s13256-021-02890-1", "licence": "CC BY"},
        {"citation": "Cureus 2024;16:e51234. doi: 10.7759/cureus.51234."},
        {"url": "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC7665777/"},
        {"note": "PMID: 33184612; the dataset's row 12"},
        {"url": "https://pubmed.ncbi.nlm.nih.gov/29451234/"},
        {"repository": "felipeocampoos/CUPCase-curhumai-Adversary", "path": "rows.csv"},
    )
    case = Case("c", None, "case_report", (), None, None, "", (), (), False, sources=sources)  # type: ignore[arg-type]
    assert article_ids(case) == {
        "doi:10.1186/s13256-021-02890-1",
        "doi:10.7759/cureus.51234",
        "pmc:7665777",
        "pmid:33184612",
        "pmid:29451234",
    }
