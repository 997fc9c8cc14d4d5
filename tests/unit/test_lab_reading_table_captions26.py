"""Issue #29, twenty-sixth round: a caption opens its table whatever its case and number.

The twenty-fifth round read "TABLE 3.2 CSF Results on Admission" as the heading of a new table
(the rows under it are the fluid's; the last table's specimen ends there), but only in capitals:
the prose rewrite took the figure number out of a mixed-case "Table 2" before the reader saw the
caption, and it left ".2" of "Table 3.2". Then a CSF table's count was read as a blood count,
or a blood table after a CSF table stayed the fluid's. Journals print "Table 1", books "TABLE
3.1", pandoc and PMC text "Table 2.1"; the rows are the same. Tables 3.1 and 3.2 of "Clinical
Cases in Tropical Medicine" (2nd ed., 2022, as `belovedshark/ClinicalDiagnosis_RAG` @ f1901e46
stores them), with each caption written the ways journals write it.
"""

from __future__ import annotations

import pytest

from core.analysis.labs.parse import read_lab_text

_TABLES = (
    "{word} {first} Blood results on admission\n"
    "Parameter\tPatient\tReference\n"
    "Hb (g/dL)\t10.2\t12-14\n"
    "\n"
    "{word} {second} CSF results on admission\n"
    "Parameter\tPatient\tReference\n"
    "White cell count (/μL)\t54\t0-5\n"
    "CSF protein (g/L)\t3.0\t0.25-0.55\n"
    "\n"
    "{word} {third} Results on day 3\n"
    "White cell count (10^9/L)\t12.1\t4-10\n"
)


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.specimen) for v in read_lab_text(text).values]


@pytest.mark.parametrize("word", ["Table", "TABLE", "table", "Supplementary Table"])
@pytest.mark.parametrize("numbers", [("1", "2", "3"), ("3.1", "3.2", "3.3"), ("S1", "S2", "S3")])
def test_each_caption_opens_its_own_table(word: str, numbers: tuple[str, str, str]) -> None:
    first, second, third = numbers
    text = _TABLES.format(word=word, first=first, second=second, third=third)
    assert _read(text) == [
        ("Hemoglobin", 10.2, None),
        ("WBC", 54.0, "csf"),
        ("Total protein", 3.0, "csf"),
        ("WBC", 12.1, None),  # the day-3 table is no longer the fluid's
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "As shown in Table 3.2, her hemoglobin was 9.1 g/dL.",
        "Her hemoglobin was 9.1 g/dL (Table 2).",
        "Her hemoglobin was 9.1 g/dL (Fig. 2.3).",
        "Her hemoglobin was 9.1 g/dL (table 2 and 3).",
    ],
)
def test_a_table_or_figure_named_in_a_sentence_is_no_result(sentence: str) -> None:
    # Guard: the number of a table or figure the prose points to is never a value.
    assert _read(sentence) == [("Hemoglobin", 9.1, None)]
