"""Values of other patients in a case report (issue #29, reader-critical3).

A case report reviews the literature beside its own patient's results: the literature's
values are no result of this patient, and a critical one would be a false alarm. Each test
quotes a real public document, named with its provenance; none is a document of the
held-out split (its provenance fields were checked against these).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _told(text: str, name: str) -> list[tuple[str | None, float, bool]]:
    return [
        (v.comparator, v.value, v.critical) for v in parse_lab_values(text) if v.analyte == name
    ]


def test_the_literatures_band_beside_the_patients_result_is_no_result() -> None:
    # Attaway A. "Tolerating Extreme Hyperkalemia in a Non-Compliant Dialysis Patient",
    # J Case Rep Stud 2015 (Annex Publishers, CC BY), abstract: "(>9 mmol/L)" was read as a
    # potassium of this patient.
    text = (
        "Despite this, most reports of extremely high potassium (>9 mmol/L) are in the "
        "setting of cardiac arrest. We describe the case of a 57-year-old Caucasian male with "
        "past medical history significant for end stage renal disease known to be non-adherent "
        "to a low potassium diet as well as missed dialysis appointments. Stat potassium off of "
        "a basic metabolic panel was 10.2 mmol/L, which was non-hemolyzed and confirmed on "
        "repeat testing."
    )
    assert _told(text, "Potassium") == [(None, 10.2, True)]


def test_a_sentence_naming_this_patient_beside_the_literature_keeps_its_value() -> None:
    # The same report's shape, told of this patient against the literature: the value is
    # the patient's (a sentence naming "our patient" is never the review's).
    text = (
        "Unlike most reports of extreme hyperkalemia, our patient had a potassium of 10.2 mmol/L."
    )
    assert _told(text, "Potassium") == [(None, 10.2, True)]
