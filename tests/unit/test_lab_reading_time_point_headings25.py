"""Issue #29, twenty-fifth round: a flattened lab table whose columns are time points named
inside longer headings ("Hospital admission for COVID-19 pneumonia", "Eye clinic
presentation"), and results marked out of range with "!".

The rows are quoted from BMJ Case Reports, table "Laboratory findings during hospital
admission and discharge for COVID-19 pneumonia, at eye clinic presentation and at follow-up",
page https://casereports.bmj.com/highwire/markup/233512/expansion, as the `pages` index of the
search tool stores it (the page joins the cells with nothing between them; the tabs are where
the page's cells end, as a copy from the page gives them). Only rows whose four results can be
told apart are quoted; the rows with blank days are left out, since where their blanks fell
cannot be known from the stored text. A second table, from a teaching case page
(https://labce.com/spg10560634_clinical_presentation_and_initial_lab_results.aspx, as the same
index stores it between pipes), heads a column with the earlier visit's name ("Wellness Visit")
before the admission's. A third, "Clinical Cases in Tropical Medicine" (2nd ed., 2022) table 62.1
as `belovedshark/ClinicalDiagnosis_RAG` @ f1901e46 stores it in markdown, heads the patient's
two visits "Patient initial visit" and "Patient 6 years later".
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.analysis.labs.table_columns import header_columns

_HEADER = (
    "Laboratory findings\tHospital admission for COVID-19 pneumonia\t"
    "Hospital discharge for COVID-19 pneumonia\tEye clinic presentation\tFollow-up\t"
    "Normal range\n"
)
_ROWS = (
    "Creatinine (IDMS-norm) (mg/dL)\t0.92\t0.89\t0.87\t0.95\t0.67–1.17\n"
    "CRP (mg/L)\t170.2 !\t145.5 !\t12.7 !\t0.8\t<5\n"
    "Platelet (x109/L)\t215\t305\t217\t219\t158–450\n"
    "Haemoglobin (g/L)\t144\t130\t150\t151\t130–165\n"
    "Lymphocyte (%)\t16.4 !\t17.2 !\t26.3\t26.5\t19.0–44.0\n"
)


def _values(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.flag, v.timing) for v in read_lab_text(text).values]


def test_time_points_named_inside_longer_headings_are_columns() -> None:
    found = header_columns(_HEADER.rstrip("\n"))
    assert found is not None
    columns, separator = found
    assert separator == "\t"
    assert [(c.role, c.timing) for c in columns if c is not None] == [
        ("result", "admission"),
        ("result", "discharge"),
        ("result", "later"),
        ("result", "later"),
        ("reference", None),
    ]


def test_each_visit_gives_its_own_result() -> None:
    # On main only the admission column was read: 5 of the 20 results.
    values = _values(_HEADER + _ROWS)
    assert [v for v in values if v[0] == "Creatinine"] == [
        ("Creatinine", 0.92, None, "admission"),
        ("Creatinine", 0.89, None, "discharge"),
        ("Creatinine", 0.87, None, None),
        ("Creatinine", 0.95, None, None),
    ]
    assert len(values) == 20
    # The normal range's ends are never results.
    assert not any(v in (0.67, 1.17, 158.0, 450.0, 165.0, 19.0, 44.0, 5.0) for _, v, _, _ in values)


def test_the_out_of_range_mark_is_not_part_of_the_value() -> None:
    # "170.2 !": the paper's "!" marks a result outside the normal range.
    values = _values(_HEADER + _ROWS)
    assert [v for v in values if v[0] == "CRP"] == [
        ("CRP", 170.2, "high", "admission"),
        ("CRP", 145.5, "high", "discharge"),
        ("CRP", 12.7, "high", None),
        ("CRP", 0.8, None, None),
    ]
    assert [v[2] for v in values if v[0] == "Lymphocytes"] == ["low", "low", None, None]


def test_someone_elses_column_or_a_time_since_is_no_time_point() -> None:
    # Guards: a relative's column, another case's column and a count of days are not this
    # patient's result of that visit, so such a header is not read as time points.
    for heading in ("Mother at presentation", "Case 2 at admission", "Days after admission"):
        header = f"Laboratory findings\tHospital admission\t{heading}\tNormal range"
        found = header_columns(header)
        # (since the twenty-eighth round a relative's or another case's column is read as
        # another person's, whose cells are never read: table_persons.py)
        column = None if found is None else found[0][1]
        assert column is None or (column.role == "another" and column.timing is None), heading


_VISIT_THEN_ADMISSION = (
    "A CBC was done upon admission and is shown below compared to her CBC at the wellness"
    " visit. The reference range is listed in the last column.\n"
    "| Wellness Visit | Admission | Reference Range |\n"
    "Hgb | 13.8 g/dL | 13.5g/dL | 12-16 g/dL |\n"
    "WBC | 6.7 x 103/μL | 8.4 x 103/μL | 4.8-10.8 x 103/μL |\n"
    "platelets | 240,000/μL | 222,400/μL | 150,000-400,000/μL |\n"
)


def test_a_visit_named_in_its_heading_is_a_column_beside_the_admission() -> None:
    # On main only the wellness visit's column was read, and the admission's results lost.
    values = _values(_VISIT_THEN_ADMISSION)
    assert [(a, v, t) for a, v, _, t in values] == [
        ("Hemoglobin", 13.8, None),
        ("Hemoglobin", 13.5, "admission"),
        ("WBC", 6.7, None),
        ("WBC", 8.4, "admission"),
        ("Platelets", 240000.0, None),
        ("Platelets", 222400.0, "admission"),
    ]


_PATIENT_AT_TWO_VISITS = (
    "TABLE 62.1 Laboratory Results\n"
    "Parameter\tPatient initial visit\tPatient 6 years later\tReference Range\n"
    "WBC (109/L)\t17.6\t9.2\t4-10\n"
    "Haemoglobin (g/dL)\t6.9\t8.3\t13-15\n"
    "Platelet (109/L)\tAdequate\t364\t150-400\n"
)


def test_the_patients_column_at_a_time_is_a_time_point() -> None:
    # On main only the first visit's column was read: the results six years later were lost.
    values = _values(_PATIENT_AT_TWO_VISITS)
    assert [(a, v, t) for a, v, _, t in values] == [
        ("WBC", 17.6, "admission"),
        ("WBC", 9.2, None),
        ("Hemoglobin", 6.9, "admission"),
        ("Hemoglobin", 8.3, None),
        ("Platelets", 364.0, None),  # "Adequate" is no number
    ]


def test_another_numbered_patients_column_is_none() -> None:
    # Guard: "Patient 2" is someone else, at any time.
    for heading in ("Patient 2", "Patient 2 at admission"):
        header = f"Parameter\tPatient initial visit\t{heading}\tReference Range"
        found = header_columns(header)
        # (since the twenty-eighth round a relative's or another case's column is read as
        # another person's, whose cells are never read: table_persons.py)
        column = None if found is None else found[0][1]
        assert column is None or (column.role == "another" and column.timing is None), heading


def test_polymorphs_are_the_neutrophils() -> None:
    # Casebook table 13.1 "Polymorphs (%) | 92.1 | 45-70" and MedRBench PMC11514712 (a dev
    # case): "82% polymorphs, and 18% lymphocytes" in a CSF count; British and Indian usage.
    assert _values("Parameter\tPatient\tReference Range\nPolymorphs (%)\t92.1\t45-70\n") == [
        ("Neutrophils", 92.1, "high", None)
    ]
    sentence = (
        "CSF cell count was 457,530 × 106/L, with 120,000 × 106/L red cells, 82% polymorphs,"
        " and 18% lymphocytes."
    )
    neutrophils = [v for v in read_lab_text(sentence).values if v.analyte == "Neutrophils"]
    assert [(v.value, v.specimen) for v in neutrophils] == [(82.0, "csf")]
