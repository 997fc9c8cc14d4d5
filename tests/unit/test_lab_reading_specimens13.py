"""Specimen classes of the thirteenth round (issue #29): a body fluid's work-up test told in a
sentence of its own, a fluid's cells counted number first with their unit after the name, and a
stool's occult blood. The sentences keep the shape of the real case reports each rule was
written from (Journal of Medical Case Reports via CUPCase; CaseReportBench)."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.specimen) for v in parse_lab_values(text)]


def test_a_work_up_test_after_the_fluids_results_keeps_the_fluid() -> None:
    # CUPCase row 2377: the ADA two sentences after the ascitic fluid's amylase, a sentence
    # without results between
    ascites = (
        "His ascitic fluid amylase level was high at 3618 IU/L. No malignant cells were seen, "
        "and the Gram stain and acid-fast bacilli smear results were negative, with the "
        "culture remaining sterile. His adenosine deaminase level was normal (12 IU/L)."
    )
    assert ("Adenosine deaminase", 12.0, "IU/L", "peritoneal fluid") in _read(ascites)
    # CUPCase row 3181: an IgG beside oligoclonal bands after the CSF's results
    csf = (
        "His CSF revealed protein 141mg/dL and glucose 93mg/dL. His IgG level was elevated at "
        "9.9mg/dL but oligoclonal bands were absent."
    )
    assert ("IgG", 9.9, "mg/dL", "csf") in _read(csf)


def test_a_work_up_test_stays_blood_without_a_fluid_just_before() -> None:
    # an IgG without oligoclonal bands is the blood's, whatever came before
    after_csf = (
        "His CSF revealed protein 141mg/dL and glucose 93mg/dL. His IgG level was 1100 mg/dL."
    )
    assert ("IgG", 1100.0, "mg/dL", None) in _read(after_csf)
    # a sentence of other results between: the fluid no longer speaks
    between = (
        "Pleural fluid protein was 5.1 g/dL. Her creatinine was 1.2 mg/dL. "
        "Adenosine deaminase was 12 IU/L."
    )
    assert ("Adenosine deaminase", 12.0, "IU/L", None) in _read(between)
    # the blood named in its own sentence
    serum = "Pleural fluid protein was 5.1 g/dL. Serum adenosine deaminase was 12 IU/L."
    assert ("Adenosine deaminase", 12.0, "IU/L", None) in _read(serum)


def test_cells_counted_number_first_keep_the_unit_after_their_name() -> None:
    # CUPCase row 3181 (a lumbar puncture), "per mm3"
    puncture = (
        "A lumbar puncture showed an opening pressure of 26cm H2O (normal: 50 to 180mm H2O), "
        "240 white blood cells per mm3 (89% lymphocytes, 11% monocytes), 10 red blood cells per "
        "mm3, protein 196mg/dL (normal: 15 to 45mg/dL)."
    )
    read = _read(puncture)
    assert ("WBC", 240.0, "/mm3", "csf") in read
    assert ("RBC", 10.0, "/mm3", "csf") in read
    # CUPCase row 4511 (CSF) and row 487 (pleural fluid): the unit glued to the name
    assert _read(
        "The CSF showed 0 leukocytes/μL and 50 erythrocytes/μL, gave negative results."
    ) == [
        ("WBC", 0.0, "/μL", "csf"),
        ("RBC", 50.0, "/μL", "csf"),
    ]
    pleural = (
        "Pleural fluid studies were lactate dehydrogenase 591 U/L, glucose 161 mg/dL, "
        "10,386 red blood cells/μL, and 3088 white blood cells/μL."
    )
    read = _read(pleural)
    assert ("RBC", 10386.0, "/μL", "pleural fluid") in read
    assert ("WBC", 3088.0, "/μL", "pleural fluid") in read


def test_a_count_per_field_and_a_unit_of_another_test_stay_unread() -> None:
    # urine microscopy per high power field is no count; "K/uL" is a unit, no potassium
    assert _read("Urine: 10 red blood cells/hpf.") == []
    assert _read("WBC 8.2 K/uL") == [("WBC", 8.2, "K/uL", None)]


def test_a_stools_occult_blood_is_no_urine_result() -> None:
    # CaseReportBench item 16
    assert _read("The feces was negative for occult blood.") == []
    assert _read("Fecal occult blood test was positive (2+).") == []
    # the urine's occult blood still reads, a stool culture beside it
    assert _read("Urine was positive for occult blood, and stool culture was negative.") == [
        ("Urine blood", 1.0, None, "urine")
    ]
