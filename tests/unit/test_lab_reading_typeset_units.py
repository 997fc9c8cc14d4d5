"""Units and names as a typeset case report prints them (issue #29, reader-dx, third round):
a cube or a micro prefix set apart from its unit ("17,800/mm 3", "17.4 μ g/dL"), the older
"GOT" and "GPT" for AST and ALT, a value the level "has fallen to".

Quoted from item 46 (0-based) of `cindyzhangxy/CaseReportBench` @ 629533d91f
(`src/prompting/testing_case_set.json`), dev case
cr-chronic-pancreatitis-pseudocyst-zinc-deficiency.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> dict[str, tuple[float, str | None, str | None]]:
    return {v.analyte: (v.value, v.unit, v.flag) for v in parse_lab_values(text)}


def test_a_cube_and_gpt_got_as_a_typeset_case_report_prints_them() -> None:
    values = _read(
        "Laboratory examination revealed a hemoglobin level of 13.1 g/dL; white blood cell "
        "count, 17,800/mm 3 ; platelet count, 553,000/mm 3 ; albumin, 2.6 g/dL; total "
        "bilirubin, 0.3 mg/dL; GOT, 48 IU/L; GPT, 22 IU/L; and alkaline phosphatase, 117 IU/L."
    )
    assert values["WBC"] == (17800, "/mm3", "high")
    assert values["Platelets"] == (553000, "/mm3", "high")
    assert values["AST"][:2] == (48, "IU/L")
    assert values["ALT"][:2] == (22, "IU/L")
    assert len(values) == 8


def test_a_micro_prefix_set_apart_and_a_level_that_has_fallen_to_a_value() -> None:
    values = _read(
        "His serum zinc level was found to have fallen to 17.4 μ g/dL (normal range, 70 to "
        "150 μ g/dL) and, therefore, we initiated therapy with zinc sulfate at 5 mg daily."
    )
    assert values == {"Zinc": (17.4, "μg/dL", "low")}


def test_got_is_read_only_in_capitals() -> None:
    assert _read("He got 48 IU/L of insulin.") == {}
