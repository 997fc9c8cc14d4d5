"""Critical values in case-report prose (issue #29, reader-critical2).

Each test quotes a real public document, named with its provenance. None is a document of
the held-out split (its provenance fields were checked against these).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _told(text: str, name: str) -> list[tuple[float, str | None, bool]]:
    return [(v.value, v.specimen, v.critical) for v in parse_lab_values(text) if v.analyte == name]


def test_a_bare_ph_beside_an_acidosis_named_by_its_abbreviation_is_the_blood_ph() -> None:
    # Gupta A, El-Wiher N. Glob Pediatr Health 2019;6:2333794X19840364 (PMID 31001573),
    # abstract: the DKA's pH of 6.66 was not read at all (no gas partner in its sentence).
    text = (
        "We present the case of a 14-year-old female with new-onset DKA with pH of 6.66, and "
        "potassium of 1.6 mEq/L."
    )
    assert _told(text, "Blood pH") == [(6.66, None, True)]
    assert _told(text, "Potassium") == [(1.6, None, True)]
    # The abbreviation never makes a urine pH the blood's.
    assert _told("Known DKA. Urinalysis: pH 6.0, ketones 3+.", "Blood pH") == []


def test_a_blood_glucose_in_brackets_after_a_csf_glucose_is_the_bloods() -> None:
    # Public teaching vignettes on GitHub (neonatal meningitis, tuberculous meningitis), in
    # the case reports' own form: the blood glucose beside the CSF's was read as a CSF
    # glucose, so a blood glucose under the critical limit would never raise its alarm.
    text = (
        "CSF shows: WBC 2500/µL (90% PMN), glucose 15 mg/dL (blood glucose 80), protein 350 mg/dL."
    )
    assert _told(text, "Glucose") == [(15, "csf", False), (80, None, False)]
    assert _told(text, "Total protein") == [(350, "csf", False)]
    text = (
        "Lumbar puncture reveals CSF protein 210 mg/dL, CSF glucose 22 mg/dL (blood glucose "
        "98 mg/dL), and 340 cells/mm³ (85% lymphocytes)."
    )
    assert _told(text, "Glucose") == [(22, "csf", False), (98, None, False)]
    # MTSamples "Senile Chorea" (terrah27/spider_mtsamples.com @ 7794f006f0, .scrapy/httpcache/
    # mt/0f/0fe2b1fcf16e910f80b0dc56ea1bc56db24ff47f): "serum" already named the blood.
    text = "CSF,1/19/93: glucose 102 (serum glucose 162mg/dL), Protein 45mg/dL, RBC O, WBC O."
    assert _told(text, "Glucose") == [(102, "csf", False), (162, None, False)]
    # "white blood cells" among CSF results stays the CSF's.
    text = "CSF analysis: white blood cells 450/µL, glucose 30 mg/dL, protein 120 mg/dL."
    assert [s for _, s, _ in _told(text, "WBC")] == ["csf"]
