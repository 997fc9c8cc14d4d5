"""Issue #29, twenty-eighth round (tables28): whose column of a case report's lab table it is,
and which specimen a specimen column's every test is.

- **Another person's column** beside the patient's: a family's ("Parameter | Patient | Father
  | Sister", as a hereditary disease's work-up prints it; the prose of the same class: "The
  sister's CK levels during rhabdomyolysis reached 18,000 (1.8 × 10^4) IU/L", a two-sibling
  case, J Med Case Rep, CUPCase row 1568), a mother's and her newborn's ("Parameter | Mother |
  Neonate"), a donor's ("Test | Case | Donor"), the laboratory's control ("Test | Patient |
  Control", a clotting time), another patient of a series ("Patient 2"), a case from the
  literature. The header named no column this module read, so the row was read as printed:
  its first number, or the other person's where the patient's cell was empty ("-"), became
  the patient's, flagged and sometimes critical.
- **A specimen column's tests** outside the closed list prose allows each fluid
  (context.measured_in): "Test | CSF | Serum" then "Sodium (mmol/L) | 140 | 118" read the
  CSF's sodium as the blood's, and a pleural fluid's potassium of 7.1 was a critical blood
  potassium; the serum's chloride beside the CSF's was read as the CSF's.

The tables are written here from the layout each class names (the brief of the round; no
public case report's table with these headings was found in the time given, the pools hold
none); none comes from a held-out document.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.analysis.labs.reference import Patient
from core.analysis.labs.table_columns import header_columns
from core.analysis.labs.table_persons import person_column


def _read(
    text: str, patient: Patient | None = None
) -> list[tuple[str, str | None, float, bool, str | None]]:
    return [
        (v.analyte, v.specimen, v.value, bool(v.critical), v.flag)
        for v in read_lab_text(text, patient=patient).values
    ]


_FAMILY = (
    "Parameter | Patient | Father | Sister\n"
    "Sodium (mmol/L) | 128 | 140 | 139\n"
    "CK (U/L) | - | 18000 | 120\n"
    "Potassium (mmol/L) | 2.4 | 4.0 | 3.9\n"
)


def test_a_relatives_column_is_never_the_patients() -> None:
    # On main the father's CK of 18000 was the patient's (the patient's cell was "-").
    assert _read(_FAMILY, Patient(30, "male")) == [
        ("Sodium", None, 128.0, False, "low"),
        ("Potassium", None, 2.4, True, "low"),
    ]


def test_every_flattening_of_the_family_table_reads_the_patients_column_only() -> None:
    # (one space between the cells: on main the father's CK of 18000 was read as printed)
    for separator in ("\t", "  ", " ", "\n"):
        text = _FAMILY.replace(" | ", separator)
        values = _read(text, Patient(30, "male"))
        read = [(a, v) for a, _, v, *_ in values]
        assert read == [("Sodium", 128.0), ("Potassium", 2.4)], separator


_MOTHER_AND_NEONATE = (
    "Parameter | Mother | Neonate\n"
    "TSH (mIU/L) | 0.01 | 45\n"
    "Free T4 (pmol/L) | 50 | 5\n"
    "Glucose (mmol/L) | 5.1 | 1.2\n"
)


def test_the_newborns_column_is_the_newborns_case() -> None:
    # On main a 3-day-old's table read the mother's TSH of 0.01 and free T4 of 50 as his.
    values = _read(_MOTHER_AND_NEONATE, Patient(0, "male"))
    assert [(a, v) for a, _, v, *_ in values] == [
        ("TSH", 45.0),
        ("Free T4", 5.0),
        ("Glucose", 1.2),
    ]


def test_the_newborns_column_in_every_flattening() -> None:
    for separator in ("\t", "  ", " ", "\n"):
        for patient, read in (
            (Patient(0, "male"), (45.0, 5.0)),
            (Patient(29, "female"), (0.01, 50.0)),
        ):
            text = _MOTHER_AND_NEONATE.replace(" | ", separator)
            values = _read(text, patient)
            assert [v for a, _, v, *_ in values if a != "Glucose"] == list(read), separator


def test_the_mothers_column_is_the_mothers_case() -> None:
    values = _read(_MOTHER_AND_NEONATE, Patient(29, "female"))
    assert [(a, v) for a, _, v, *_ in values] == [
        ("TSH", 0.01),
        ("Free T4", 50.0),
        ("Glucose", 5.1),
    ]


def test_whose_column_it_is_untold_reads_neither() -> None:
    # Guard: with no age told, neither column is known to be the patient's.
    assert _read(_MOTHER_AND_NEONATE) == []


def test_a_donors_a_controls_and_another_patients_column_are_none_of_the_patients() -> None:
    tables = (
        "Test | Case | Donor\nCreatinine (mg/dL) | 6.2 | 0.9\nHemoglobin (g/dL) | - | 14.1\n",
        "Test | Patient | Control\nCreatinine (mg/dL) | 6.2 | 0.9\nHemoglobin (g/dL) | - | 14.1\n",
        "Parameter | Patient 1 | Patient 2\nCreatinine (mg/dL) | 6.2 | 0.9\n"
        "Hemoglobin (g/dL) | - | 14.1\n",
        "Parameter | Present case | Smith et al. [7]\nCreatinine (mg/dL) | 6.2 | 0.9\n"
        "Hemoglobin (g/dL) | - | 14.1\n",
        "Parameter | Index case | Brother\nCreatinine (mg/dL) | 6.2 | 0.9\n"
        "Hemoglobin (g/dL) | - | 14.1\n",
    )
    for table in tables:
        values = _read(table, Patient(50, "male"))
        assert [(a, v) for a, _, v, *_ in values] == [("Creatinine", 6.2)], table


def test_a_row_of_words_keeps_the_patients_cell_only() -> None:
    # Guard: the patient's "negative" is read, the sister's "2+" is not.
    text = (
        "Parameter | Patient | Sister\nSodium (mmol/L) | 140 | 139\nUrine protein | negative | 2+\n"
    )
    values = read_lab_text(text, patient=Patient(30, "female")).values
    assert [(v.analyte, v.value, v.flag) for v in values] == [
        ("Sodium", 140.0, None),
        ("Urine protein", 0.0, None),
    ]


def test_headings_of_the_patient_and_of_a_time_are_no_other_persons() -> None:
    # Guards: the patient's own headings, a time, a range, the patient at a time.
    for heading in (
        "Patient",
        "Case",
        "Index case",
        "Proband",
        "Previous",
        "Patient 6 years later",
        "Patient initial visit",
        "Normal range",
        "Day 3",
        "Serum",
        "Cord",  # a newborn's: resolved by the patient's age, never a relative
    ):
        assert person_column(heading) in (None, "newborn"), heading
    for heading in ("Mother", "Father", "Sister", "Donor", "Control", "Patient 2", "Case II"):
        assert person_column(heading) in ("another", "parent"), heading


def test_a_header_of_the_patients_column_and_its_range_is_as_before() -> None:
    # Guard: no other person's column, the casebook's own shape: read as printed.
    assert header_columns("Parameter\tPatient\tReference") is None
    assert header_columns("Parameter | Case | Reference range") is None


_CSF_AND_SERUM = (
    "Test | CSF | Serum\n"
    "Sodium (mmol/L) | 140 | 118\n"
    "Glucose (mg/dL) | 20 | 110\n"
    "Chloride (mmol/L) | 110 | 95\n"
)


def test_a_csf_columns_every_test_is_the_csfs() -> None:
    # On main the CSF's sodium was the blood's and the serum's chloride the CSF's.
    assert _read(_CSF_AND_SERUM, Patient(40, "male")) == [
        ("Sodium", "csf", 140.0, False, None),
        ("Sodium", None, 118.0, True, "low"),
        ("Glucose", "csf", 20.0, False, None),
        ("Glucose", None, 110.0, False, "high"),
        ("Chloride", "csf", 110.0, False, None),
        ("Chloride", None, 95.0, False, "low"),
    ]


def test_a_pleural_fluids_potassium_is_no_critical_blood_potassium() -> None:
    # On main the fluid's 7.1 was a critical blood potassium; the serum's pH a fluid's.
    text = (
        "Parameter\tPleural fluid\tSerum\n"
        "LDH (U/L)\t900\t300\n"
        "Potassium (mmol/L)\t7.1\t4.0\n"
        "pH\t7.1\t7.4\n"
    )
    values = _read(text, Patient(60, "female"))
    assert ("Potassium", "pleural fluid", 7.1, False, None) in values
    assert ("Potassium", None, 4.0, False, None) in values
    assert [(a, s, v) for a, s, v, *_ in values if "pH" in a] == [
        ("Body fluid pH", "pleural fluid", 7.1),
        ("Blood pH", None, 7.4),
    ]


def test_a_table_of_no_specimen_column_and_prose_keep_the_blood() -> None:
    # Guards: a plain table's sodium and a CSF sentence's sodium stay the blood's.
    assert _read("Parameter | Patient | Reference\nSodium (mmol/L) | 118 | 135-145\n") == [
        ("Sodium", None, 118.0, True, "low")
    ]
    values = _read("CSF analysis showed protein 0.9 g/L and glucose 2.1 mmol/L. Sodium 118.")
    assert ("Sodium", None, 118.0, True, "low") in values


def test_a_panel_per_person_reads_the_patients_panel_only() -> None:
    # "Patient | Result | Mother | Result": on main the mother's sodium and CK were read too.
    text = (
        "Patient | Result | Mother | Result\n"
        "Sodium (mmol/L) | 128 | Sodium (mmol/L) | 140\n"
        "CK (U/L) | - | CK (U/L) | 900\n"
    )
    values = _read(text, Patient(5, "male"))
    assert [(a, v) for a, _, v, *_ in values] == [("Sodium", 128.0)]


_FAMILY_ON_ITS_SIDE = (
    "Family member | Hb (g/dL) | MCV (fL) | HbA2 (%)\n"
    "Patient | 9.1 | 62 | 5.8\n"
    "Mother | 12.0 | 70 | 4.9\n"
    "Father | 13.9 | 66 | 5.1\n"
)


def test_a_family_table_on_its_side_reads_the_patients_row_only() -> None:
    # A family study one row a person: on main nothing was read.
    for separator in (" | ", "\t", "  "):
        text = _FAMILY_ON_ITS_SIDE.replace(" | ", separator)
        values = _read(text, Patient(5, "male"))
        assert [(a, v) for a, _, v, *_ in values] == [
            ("Hemoglobin", 9.1),
            ("MCV", 62.0),
            ("Hemoglobin A2", 5.8),
        ], separator


def test_a_relatives_row_on_its_side_is_never_read() -> None:
    # Guard: the sister's row, the patient's row empty.
    text = "\tHb (g/dL)\tMCV (fL)\nProband\t-\t-\nSister\t7.0\t60\n"
    assert _read(text, Patient(5, "male")) == []
