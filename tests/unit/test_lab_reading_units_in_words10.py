"""Round ten (reader-labs10b, issue #29): units written in words or with spaces.

Counted over the pools (72 MedRBench case sections, 73 CaseReportBench items, every CUPCase
row) sentence by sentence: a number before a unit spelled "X per Y" that names a lab
quantity went unread in two reports, CaseReportBench item 125 (an eGFR in "ml per minute per
1.73 m 2") and CUPCase row 5100 (a BNP in "pg per mL"). Both sentences are quoted as
published (CaseReportBench: PMC open-access reports, CC BY-NC 4.0; CUPCase: Journal of
Medical Case Reports, CC BY).
"""

from __future__ import annotations

import pytest

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _read(text: str) -> dict[str, LabValue]:
    values = parse_lab_values(text)
    by_name = {v.analyte: v for v in values}
    assert len(by_name) == len(values), values
    return by_name


def test_an_egfr_in_millilitres_per_minute_per_body_surface_in_words_is_read() -> None:
    # CaseReportBench item 125 (pre-eclampsia on a chronic kidney disease)
    values = _read(
        "Her average prepregnancy urine protein-to-creatinine ratio was 132 mg/mmol, "
        "α1-microglobulin-to-creatinine ratio was 30.7 mg/mmol, and estimated glomerular "
        "filtration rate (eGFR) was 89 ml per minute per 1.73 m 2 ."
    )
    egfr = values["eGFR"]
    assert (egfr.value, egfr.unit) == (89.0, "mL/min/1.73m2")


@pytest.mark.parametrize(
    "written",
    [
        "106 mL/minute/1.73 m²",  # CUPCase row 3881: "eGFR of 106 mL/minute/1.73 m²"
        "29 mL/min/1.73m2",  # CUPCase row 2260
        "29 ml/min per 1.73 m2",
        "29 ml/min/1.73 m 2",
    ],
)
def test_every_spelling_of_the_filtration_unit_is_one_unit(written: str) -> None:
    egfr = _read(f"The eGFR was {written}.")["eGFR"]
    assert egfr.unit == "mL/min/1.73m2"
    assert egfr.value == float(written.split()[0])


def test_a_natriuretic_peptide_in_picograms_per_millilitre_in_words_is_read() -> None:
    # CUPCase row 5100 (Journal of Medical Case Reports)
    values = _read(
        "Cardiac enzymes were negative and the level of B-type natriuretic peptide was 230 pg "
        "per mL (normal range 0 to 100)."
    )
    bnp = values["BNP"]
    assert (bnp.value, bnp.unit) == (230.0, "pg/mL")
    assert bnp.flag == "high"
