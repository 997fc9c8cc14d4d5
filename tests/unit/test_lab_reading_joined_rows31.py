"""Issue #29, thirty-first round (tables31): a lab table whose header and rows the text
joined into one line, its cells one space apart, as an article's table passage (BioC) or a
page's text without its rows' ends gives it.

The tables are the lab tables of "Clinical Cases in Tropical Medicine" (2nd ed., 2022), one
patient each, as the PDFs of `belovedshark/ClinicalDiagnosis_RAG` @ f1901e4
(`SourceMedicalRecords/`) print them (their text layer, read row by row, then joined into one
line as a table passage joins it; /work/pool/tables31, the "o" rendering). No licence is
stated: the rows are quoted here, never staged as cases. None is a held-out document.

Read as one run-on sentence, the results after the first few were lost: 196 of the 315
values of the 44 tables were read; set out one row a line, 285 (the rows printed one a line
read 284).
"""

from __future__ import annotations

from core.analysis.labs.parse import _names_a_test, read_lab_text
from core.analysis.labs.table_columns import rows_on_one_line


def _read(text: str) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in read_lab_text(text).values]


def test_a_blood_table_joined_into_one_line_reads_every_row() -> None:
    # Table 3.1 ("Blood Results on Admission"): only the platelets were read.
    text = (
        "TABLE 3.1 Blood Results on Admission\n"
        "Parameter Patient Reference WBC (×109/L) 3.2 4–10 Hb (g/dL) 10.2 12–14 Platelets "
        "(×109/L) 155 150–350 Serum glucose (mmol/L) 4.0 3.9–11.1\n"
    )
    values = _read(text)
    assert ("WBC", 3.2) in values
    assert ("Hemoglobin", 10.2) in values
    assert ("Platelets", 155.0) in values
    assert ("Glucose", 4.0) in values
    assert not any(v in (4.0, 10.0, 12.0, 14.0, 150.0, 350.0) and a != "Glucose" for a, v in values)


def test_a_liver_panel_joined_into_one_line_reads_every_enzyme() -> None:
    # Table 50.1 ("Laboratory Results on Presentation"): the AST and the bilirubin were read,
    # the ALT, GGT, ALP and CRP between and after them lost.
    text = (
        "TABLE 50.1 Laboratory Results on Presentation\n"
        "Parameter Patient Reference AST (U/L) 145 <35 ALT (U/L) 454 <35 GGT (U/L) 394 <55 "
        "ALP (U/L) 402 38–126 Total bilirubin (μmol/L) 120 <19.0 CRP (mg/L) 49 <5\n"
    )
    values = _read(text)
    for pair in (
        ("AST", 145.0),
        ("ALT", 454.0),
        ("GGT", 394.0),
        ("ALP", 402.0),
        ("Total bilirubin", 120.0),
        ("CRP", 49.0),
    ):
        assert pair in values
    assert ("ALT", 35.0) not in values and ("GGT", 55.0) not in values


def test_a_row_the_catalogue_cannot_name_still_ends_the_row_before_it() -> None:
    # Table 32.1: "Polymorphs (%) 92.1 45–70" after the white cells' range; the rows after
    # it (haemoglobin, platelets, glucose, creatinine) were lost.
    text = (
        "TABLE 32.1 Laboratory Results\n"
        "Parameter Patient Reference Range WBC (×109/L) 16.2 6.0–8.0 Polymorphs (%) 92.1 "
        "45–70 Haemoglobin (g/dL) 12.5 12.0–16.0 Platelets (×109/L) 112 150–300 Glucose "
        "(mmol/L) 20.6 4.1–6.1 Serum creatinine (μmol/L) 56 62–120\n"
    )
    values = _read(text)
    for pair in (
        ("WBC", 16.2),
        ("Hemoglobin", 12.5),
        ("Platelets", 112.0),
        ("Glucose", 20.6),
        ("Creatinine", 56.0),
    ):
        assert pair in values
    rows = rows_on_one_line(text.split("\n")[1], _names_a_test)
    assert rows is not None and "Polymorphs (%) 92.1 45–70" in rows


def test_a_count_with_a_space_in_its_thousands_is_no_row_end() -> None:
    # Table 93.1: "AST (GOT) 2 890 U/L (0–35)": the unit after "2 890" is no test's name
    rows = rows_on_one_line(
        "Parameter Result (Reference Range) Haematocrit 30% (41–53) White cell count 8 700/μL "
        "(4 500–11 000) AST (GOT) 2 890 U/L (0–35) ALT (GPT) 2 676 U/L (0–35) AP 496 U/L "
        "(38–126)",
        _names_a_test,
    )
    assert rows is not None
    assert "AST (GOT) 2 890 U/L (0–35)" in rows
    assert any(row.startswith("ALT (GPT) 2 676 U/L (0–35)") for row in rows)


def test_a_sentence_of_results_is_no_joined_table() -> None:
    # guards: a sentence opening like a header, a header and two rows, a line of tabs
    sentence = (
        "Laboratory tests on admission showed WBC 12.3 ×109/L, haemoglobin 11.7 g/dL, "
        "platelets 330 ×109/L and CRP 48 mg/L."
    )
    assert rows_on_one_line(sentence, _names_a_test) is None
    assert _read(sentence) == [
        ("WBC", 12.3),
        ("Hemoglobin", 11.7),
        ("Platelets", 330.0),
        ("CRP", 48.0),
    ]
    two_rows = "Parameter Patient Reference WBC (×109/L) 2.8 4–10 Haemoglobin (g/dL) 8.3 12–14"
    assert rows_on_one_line(two_rows, _names_a_test) is None
    tabs = (
        "Parameter\tPatient\tReference\tWBC (×109/L)\t2.8\t4–10\tHb (g/dL)\t8.3\t12–14\t"
        "MCV\t88\t80–99"
    )
    assert rows_on_one_line(tabs, _names_a_test) is None
