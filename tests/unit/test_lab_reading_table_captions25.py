"""Issue #29, twenty-fifth round: a table's caption names the specimen of the rows under it.

"TABLE 3.2 CSF Results on Admission" heads a table whose white cell count is the fluid's: the
caption's number ("3.2") made the reader take the line for one holding a result, so it never
read the caption as a heading, and the count of 54 cells/μL was read as a blood count. A new
caption opens its table afresh. Tables 3.1 and 3.2 of "Clinical Cases in Tropical Medicine"
(2nd ed., 2022) as `belovedshark/ClinicalDiagnosis_RAG` @ f1901e46 stores them in markdown,
the cells between tabs.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text

_BLOOD_THEN_CSF = (
    "TABLE 3.1 Blood Results on Admission\n"
    "Parameter\tPatient\tReference\n"
    "Hb (g/dL)\t10.2\t12-14\n"
    "Serum glucose (mmol/L)\t4.0\t3.9-11.1\n"
    "\n"
    "TABLE 3.2 CSF Results on Admission\n"
    "Parameter\tPatient\tReference\n"
    "White cell count (/μL)\t54\t0-5\n"
    "CSF protein (g/L)\t3.0\t0.25-0.55\n"
    "CSF glucose (mmol/L)\t1.3\t2.0-2.64\n"
)


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.specimen) for v in read_lab_text(text).values]


def test_a_caption_names_the_specimen_of_its_rows() -> None:
    assert _read(_BLOOD_THEN_CSF) == [
        ("Hemoglobin", 10.2, None),
        ("Glucose", 4.0, None),
        ("WBC", 54.0, "csf"),
        ("Total protein", 3.0, "csf"),
        ("Glucose", 1.3, "csf"),
    ]


def test_a_new_caption_opens_its_table_afresh() -> None:
    # Guard: the blood table after the CSF table is the blood's again.
    text = _BLOOD_THEN_CSF + "\nTABLE 3.3 Results on Day 3\nWhite cell count (10^9/L)\t12.1\t4-10\n"
    assert _read(text)[-1] == ("WBC", 12.1, None)
