"""The clinical set's scoring on small hand-made examples: matching, units, abstention."""

from __future__ import annotations

from benchmarks.clinical_scoring import (
    CASES_DIR,
    Case,
    CaseScore,
    TruthValue,
    figures,
    load_cases,
    match_values,
    matches,
    plausible_diagnosis,
    score_case,
)
from core.analysis.labs.catalog import BY_NAME
from core.insights import LabValue


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
    )


def test_every_case_of_the_set_is_well_formed() -> None:
    cases = load_cases()
    assert len({c.case_id for c in cases}) == len(cases)
    for each in cases:
        assert each.files and all((each.folder / name).is_file() for name in each.files)
        assert each.accepted_dx or each.not_determinable, each.case_id
        for value in each.labs:
            assert value.flag in (None, "high", "low"), each.case_id
            assert value.timing in (None, "admission", "discharge", "earlier"), each.case_id
            known = BY_NAME.get(value.analyte)
            if known is not None and value.unit is None:
                assert known.plausible(value.value) or value.specimen, (each.case_id, value)


def test_the_set_readme_lists_every_case() -> None:
    readme = (CASES_DIR.parent / "README.md").read_text(encoding="utf-8")
    assert [c.case_id for c in load_cases() if f"`{c.case_id}`" not in readme] == []
