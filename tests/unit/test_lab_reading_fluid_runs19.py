"""Specimens of the nineteenth round (issue #29): a right number with the wrong identity. A body
fluid's analysis told over several sentences keeps its fluid in the sentences after the one that
names it; a CSF chemistry's chloride is the fluid's; a blood count told as the "blood routine"
after a CSF list is the blood's again. The sentences keep the shape of the real case reports
(MedRBench, PMC open-access case reports of 2024) each rule was written from."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.specimen) for v in parse_lab_values(text)]


def test_a_csf_analysis_told_over_several_sentences_keeps_the_csf() -> None:
    # MedRBench PMC11585463: read as blood, the CSF's 100 white cells were a critical count
    text = (
        "The cerebrospinal fluid (CSF) analysis revealed several significant findings "
        "indicative of a herpes simplex virus (HSV) infection. The CSF appearance was clear and "
        "colourless, and the opening pressure was within the normal range of 10-20 centimetres "
        "of water (cm H2O). However, the total protein level was elevated at 80 milligrams per "
        "deciliter (mg/dL), above the normal range of 15-45 mg/dL, suggesting an inflammatory "
        "process.The glucose level was normal at 60 mg/dL, consistent with the normal CSF "
        "glucose range of approximately two-thirds of blood glucose levels. The white blood "
        "cell (WBC) count was elevated at 100 cells per microliter (cells/µL) (normal range: "
        "0-5 cells/µL), with a differential showing 90% lymphocytes and 10% neutrophils."
    )
    values = parse_lab_values(text)
    read = [(v.analyte, v.value, v.specimen) for v in values]
    assert ("Total protein", 80.0, "csf") in read
    assert ("Glucose", 60.0, "csf") in read
    assert ("WBC", 100.0, "csf") in read
    assert ("Neutrophils", 10.0, "csf") in read
    assert not any(v.critical for v in values)
    # MedRBench PMC11568273: the sentence after "CSF analysis revealed clear and colorless fluid"
    assert ("Total protein", 70.0, "csf") in _read(
        "A lumbar puncture was performed, and cerebrospinal fluid (CSF) analysis revealed clear "
        "and colorless fluid with normal opening pressure. The cell count was within normal "
        "limits, protein levels were slightly elevated (70 mg/dL), and glucose levels remained "
        "within the normal range."
    )


def test_a_pleural_fluids_cell_count_in_the_next_sentence_is_the_fluids() -> None:
    # MedRBench PMC11560283
    read = _read(
        "Pleural fluid analysis was exudative, with a lactate dehydrogenase (LDH) level of 296 "
        "U/L, a protein concentration of 5.1 g/dL, and a glucose level of 117 mg/dL. The cell "
        "count revealed 62,000 red blood cells and 68% lymphocytes."
    )
    assert ("RBC", 62000.0, "pleural fluid") in read
    assert ("Lymphocytes", 68.0, "pleural fluid") in read


def test_a_fluid_no_longer_speaks_once_another_study_opens() -> None:
    # MedRBench PMC11618025: the blood count after the CSF's PCR and an MRI is the blood's
    read = _read(
        "Molecular polymerase chain reaction testing of the CSF isolated Mycobacterium "
        "tuberculosis DNA. Cerebral magnetic resource imaging revealed multiple intra-axial "
        "lesions above and below the tentorial level. The hematologic analysis showed a white "
        "blood cell count of 8800/mm3 with lymphopenia of 1360/mm3."
    )
    assert ("WBC", 8800.0, None) in read
    # a sentence naming the blood ends the fluid's run
    assert ("WBC", 15000.0, None) in _read(
        "The CSF analysis revealed a protein of 80 mg/dL. Routine blood investigations showed a "
        "white blood cell count of 15,000/µL."
    )
    # a later day's result is no longer the fluid's analysis
    assert ("Glucose", 40.0, None) in _read(
        "Pleural fluid analysis showed a protein of 5.1 g/dL. Three days later, glucose was "
        "40 mg/dL."
    )


def test_a_csf_chemistry_keeps_its_chloride() -> None:
    # MedRBench PMC11378097 and PMC11422092
    assert ("Chloride", 121.0, "csf") in _read(
        "A lumbar puncture showed clear cerebrospinal fluid with no albumin-cytological "
        "dissociation, glucose 0.49 g/L, proteins 0.20 g/L, chloride 121 mmol/L, 14 white blood "
        "cells (70% lymphocytic), and 14 red blood cells per mm³."
    )


def test_the_blood_routine_after_a_csf_list_is_the_bloods() -> None:
    # MedRBench PMC11422092: the CSF's chloride, then the blood count in one sentence
    read = _read(
        "cerebrospinal fluid biochemistry shows: protein 1.91 g/L, chloride 113.0 mmol/L, "
        "sugar 0.7 mmol/L,\u201d blood routine shows white blood cells 24.77 × 109/L, red blood "
        "cells 2.04 × 1012/L, hemoglobin 53 g/L."
    )
    assert ("Chloride", 113.0, "csf") in read
    assert ("WBC", 24.77, None) in read
    assert ("RBC", 2.04, None) in read


def test_an_effusion_seen_on_imaging_gives_no_fluid_to_the_blood_count_after_it() -> None:
    # MedRBench PMC11375620: the effusion of a CT, a drainage, then the patient's blood count
    text = (
        "Computed tomography (CT) without contrast agent revealed pneumothorax of the right lung, "
        "massive bilateral pleural effusion and shrunken bilateral lungs in March 2023. Drainage "
        "of the right thoracic cavity was attempted but the right lung failed to expand. Elevated "
        "levels of white blood cells (13.63x103/µl; range: 3.3-8.6x103) and C-reactive protein "
        "(13.63 mg/dl, range: <0.14) indicated pulmonary infection."
    )
    assert ("WBC", 13.63, None) in _read(text)


def test_the_run_ends_where_the_patient_is_spoken_of_again() -> None:
    # a sentence of the patient's own blood between: the fluid no longer speaks
    between = (
        "Pleural fluid analysis was exudative, with a protein of 5.1 g/dL. "
        "Her creatinine was 1.2 mg/dL. The glucose was 90 mg/dL."
    )
    assert ("Glucose", 90.0, None) in _read(between)
    own = "Pleural fluid analysis was exudative, with a protein of 5.1 g/dL. His glucose was 90."
    assert ("Glucose", 90.0, None) in _read(own)
    # a chloride told with the blood's sodium and potassium is the blood's
    electrolytes = (
        "A CSF sample showed 0 white blood cells. Sodium is 107, with 68 chloride and "
        "potassium of 2.8."
    )
    assert ("Chloride", 68.0, None) in _read(electrolytes)
