"""A test's name written in the plural before its value (#29, twenty-third round): the
name is the same analyte, and its value is the patient's."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.specimen) for v in parse_lab_values(text)]


def test_hemoglobins_in_a_list_of_results_is_the_hemoglobin():
    # MedRBench PMC11433725, the case section's admission panel.
    text = (
        "Laboratory findings were as follows: a white blood cell count of 5.27 × 103/μL; "
        "hemoglobins, 14.1 g/dL; platelets, 191 × 103/μL; total bilirubin, 0.57 mg/dL."
    )
    assert ("Hemoglobin", 14.1, "g/dL", None) in _read(text)


def test_total_proteins_of_a_pleural_fluid_is_its_protein():
    # MedRBench PMC11621942: a thoracocentesis's exudate, written with a no-break space.
    text = (
        "A diagnostic thoracocentesis produced straw-colored exudate with lymphocytic "
        "predominance and the following test results: lactic dehydrogenase of 113 U/L, "
        "total proteins of 4.51\u00a0g/dL, albumin >2.9\u00a0g/dL, glucose value of 110 mg/dL."
    )
    assert ("Total protein", 4.51, "g/dL", "pleural fluid") in _read(text)


def test_a_plural_that_names_no_test_reads_nothing():
    # The plural of a name is read only as that name: "glycated hemoglobins" stay HbA1c's
    # words, and "C-reactive proteins" are no total protein.
    text = "C-reactive proteins were 12 mg/L."
    assert [a for a, *_ in _read(text)] != ["Total protein"]


def test_a_plural_folded_onto_protein_s_takes_a_number_only():
    # A dev case (gamma heavy chain disease, tests/clinical/dev/cr6-labs-gamma-heavy-chain-...):
    # the immunofixation was negative, not a urine protein.
    text = "Bence-Jones proteinuria and immunofixation of urine proteins were negative."
    assert _read(text) == []
