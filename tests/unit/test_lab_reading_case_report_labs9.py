"""Labs told in the case presentations of full PMC case reports of 2024 from many journals
(issue #29, round nine, reader-labs9a).

Each test quotes a sentence of a case report as MedRBench stores it (wumingxin238/MedRBench @
827ee187d7, data/Stage1/acc_results/deepseek-r1/<PMC id>.json, field raw_case; each
article's own PMC open-access licence applies to its text). The PMC id is named in each test.
The audit ran the reader over the case sections of all 72 reports of the pool; the counts of
each class are in the round's report.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.specimen) for v in read_lab_text(text).values]


# --- a count told by the disorder it shows (4 of 72 reports) ------------------------------


def test_hypereosinophilia_with_its_percentage_is_the_eosinophil_count() -> None:
    # PMC11488398 (Int J Surg Case Rep): "hyper" kept the disorder's word from being read.
    assert _read("The blood work results showed hypereosinophilia (10%).") == [
        ("Eosinophils", 10.0, "%", None)
    ]


def test_eosinophilia_then_a_comma_then_a_count_in_its_unit_is_the_eosinophil_count() -> None:
    # PMC11596152 (Pathogens): the comma between the disorder and its count.
    text = (
        "Despite the lack of significant improvement in the patient's condition, elevated "
        "blood parameters (including eosinophilia, 1.15 K/μL), and the absence of follow-up "
        "diagnostic tests for the presence of fluid in the pleural cavity, the patient was "
        "discharged home."
    )
    assert _read(text) == [("Eosinophils", 1.15, "K/μL", None)]


def test_a_disorder_then_a_comma_then_a_number_without_a_count_unit_is_no_count() -> None:
    # The comma opens a list's next item unless a count's unit follows the number.
    assert _read("She had eosinophilia, 2 episodes of wheeze and a rash.") == []


def test_leukocytosis_after_a_list_of_normal_tests_naming_the_urine_is_the_blood_count() -> None:
    # PMC11424908 (Int J Surg Case Rep): "urine analysis" in the list made the count a urine
    # white cell count, and 16,880 fits no urine count: the value was lost.
    text = (
        "Laboratory results including renal parameters, blood count, and urine analysis were "
        "normal except for leukocytosis of 16,880 cells per ml (normal range: 4000-12,000 "
        "cells per ml)."
    )
    [(name, value, _, specimen)] = _read(text)
    assert (name, value, specimen) == ("WBC", 16880.0, None)


def test_a_urine_test_without_a_blood_cell_disorder_stays_the_urines() -> None:
    # Only the disorder's word brings the sentence back to blood.
    assert _read("Urine analysis showed protein 30 mg/dL.") == [
        ("Urine protein", 30.0, "mg/dL", "urine")
    ]


def test_hyperproteinorachia_is_the_csf_protein() -> None:
    # PMC11570475 (Int J Surg Case Rep): the French way of telling the CSF's protein.
    text = (
        "After excluding the risk of brain herniation, a lumbar puncture was conducted, which "
        "revealed clear CSF rich in leukocytes with a predominance of lymphocytes, "
        "hyperproteinorachia of 800 mg/dL, and a glucose level below 40 mg/dL."
    )
    assert _read(text) == [
        ("Total protein", 800.0, "mg/dL", "csf"),
        ("Glucose", 40.0, "mg/dL", "csf"),
    ]


def test_hypoglycorrhachia_in_brackets_is_the_csf_glucose() -> None:
    # The same word built on glucose, as French-trained authors write it.
    assert _read("The tap showed hypoglycorrhachia (1.2 mmol/L).") == [
        ("Glucose", 1.2, "mmol/L", "csf")
    ]


# --- a unit glued to the next sentence (2 of 72 reports) ----------------------------------


def test_a_unit_glued_to_the_next_sentence_ends_at_the_full_stop() -> None:
    # PMC11395475 (J Clin Med): the paragraph's space after the full stop was lost, and the
    # next sentence's first word was read into the unit. (The report's own sentence tells the
    # value after "within normal limits during this hospital stay—", a shape still unread.)
    text = (
        "Of note, the thyroid-stimulating hormone (TSH) was 2.127 mU/L.Approximately 6 months "
        "later, in March 2021, the patient presented at our Cardiology Clinic."
    )
    [value] = read_lab_text(text).values
    assert (value.analyte, value.value, value.unit) == ("TSH", 2.127, "mU/L")


# --- a test's name in the plural (2 of 72 reports) ----------------------------------------


def test_lactates_with_a_colon_is_the_lactate() -> None:
    # PMC11506189 (J Clin Med): the last of the list was lost.
    text = (
        "Abnormalities in the laboratory tests included the following: Troponin-I: 19,437 "
        "ng/L [N < 60 ng/L], NT-proBNP: 15,352 pg/mL [N < 125 pg/L], CRP: 17.8 mg/L [N < 10 "
        "mg/L], Lactates: 11.7 mmol/L [N < 1.6 mmol/L]."
    )
    assert ("Lactate", 11.7, "mmol/L", None) in _read(text)


def test_igms_were_moderately_reduced_is_the_igm() -> None:
    # PMC11509757 (Viruses): the plural and "moderately" between the name and its value.
    text = (
        "IgMs were moderately reduced (26 mg/dL, lower limit of normal [LLN] 40), being IgG "
        "and IgA within normal limits (1040 and 442 mg/dL, respectively)."
    )
    values = _read(text)
    assert ("IgM", 26.0, "mg/dL", None) in values
    assert ("IgA", 442.0, "mg/dL", None) in values


def test_a_plural_the_catalogue_does_not_know_as_a_name_stays_a_word() -> None:
    # "Cells were" names no test: nothing is read from the number after it.
    assert _read("Cells were counted in 3 fields.") == []


# --- a fluid said to be absent introduces no results (1 report; the carry-over rule) -----


def test_a_fluid_that_is_not_there_gives_the_next_sentence_no_specimen() -> None:
    # PMC11596152 (Pathogens): the eosinophil count of the follow-up blood tests was read
    # as the pleural fluid's.
    text = (
        "No pleural fluid was detected (Appendix B). A decrease in eosinophil count (0.6%), "
        "CRP levels (4.63 mg/L), and Toxocara canis IgG antibodies (9.1 NTU) was observed."
    )
    values = _read(text)
    assert ("Eosinophils", 0.6, "%", None) in values
    assert ("CRP", 4.63, "mg/L", None) in values


def test_a_negation_about_the_fluid_s_look_keeps_the_fluid_for_the_next_sentence() -> None:
    # The shape of a pleural tap told in two sentences (the fluid's look, then its
    # chemistry): "not" there says how the fluid looked, not that there was none, and a
    # pleural glucose of 20 mg/dL read as the blood's would be a false critical value.
    text = (
        "Turbid pleural fluid, not foul-smelling, was drained. "
        "Glucose 20 mg/dL and protein 5.1 g/dL."
    )
    values = _read(text)
    assert ("Glucose", 20.0, "mg/dL", "pleural fluid") in values


# --- numbers that are no result -----------------------------------------------------------


def test_igg_4_mediated_disease_is_no_igg_of_4() -> None:
    # PMC11621671 (Medicina): the subclass's digit set apart from its abbreviation.
    text = (
        "Given the suspicion of immunoglobulin G (IgG) 4-mediated disease causing "
        "pachymeningitis, methotrexate was administered weekly, starting at 10 mg and "
        "increasing to 15 mg."
    )
    assert _read(text) == []


def test_a_sign_first_dipstick_grade_is_that_grade() -> None:
    # PMC11626717 (Int J Surg Case Rep): "+2" was read as one plus.
    [value] = read_lab_text(
        "Urinalysis revealed a turbid appearance, blood +2, and many RBCs per HPF."
    ).values
    assert (value.analyte, value.value, value.specimen) == ("Urine blood", 2.0, "urine")


# --- a unit the catalogue did not know for its test ---------------------------------------


def test_afp_in_international_units_is_read() -> None:
    # PMC11488400 (Int J Surg Case Rep): IU/mL fitted none of AFP's units.
    [value] = read_lab_text("After treatment AFP was found to be 985 IU/mL.").values
    assert (value.analyte, value.value, value.unit) == ("AFP", 985.0, "IU/mL")
    assert value.flag == "high"


def test_an_antibody_specific_to_one_antigen_is_no_total_immunoglobulin() -> None:
    # PMC11622295: "IgG specific to the lentil antigen" was read as the total IgG (with the
    # next sentence's first word in its unit).
    text = (
        "The diagnosis was finally confirmed by a high positive level of IgG specific to the "
        "lentil antigen of 4.70 mgA/L.The infant was discharged from the hospital with advice "
        "for follow up after completion of prednisolone, and to omit lentil in the diet."
    )
    assert _read(text) == []


def test_a_total_immunoglobulin_beside_a_specific_one_is_still_read() -> None:
    # The allergen's antibody is set aside, the total beside it is not.
    assert _read("Peanut-specific IgE was 12 kU/L and total IgE was 340 IU/mL.") == [
        ("IgE", 340.0, "IU/mL", None)
    ]


# --- a count's share of the white cells in brackets after it (2 of 72 reports) -------------


def test_a_percentage_in_brackets_after_a_white_cell_count_is_that_cell_s_share() -> None:
    # PMC11622295 (lentil aspiration): each count with its differential share in brackets.
    text = (
        "Blood tests showed leukocytes 18.97 × 109/L, Neutrophils- 9.93 × 109/L (52.5%), "
        "Lymphocytes- 7.70 × 109/L (40.7%)."
    )
    values = _read(text)
    assert ("Neutrophils", 52.5, "%", None) in values
    assert ("Lymphocytes", 40.7, "%", None) in values
    assert ("Neutrophils", 9.93, "×109/L", None) in values


def test_a_percentage_after_a_comma_in_a_count_s_bracket_is_its_share() -> None:
    # PMC11596152 (Pathogens): "eosinophil counts (1.58 K/μL, 18%, reference value: ...)".
    text = (
        "CRP (15.18 mg/L) and eosinophil counts (1.58 K/μL, 18%, reference value: "
        "0.1–0.5 K/μL, 1–5%) were elevated."
    )
    values = _read(text)
    assert ("Eosinophils", 18.0, "%", None) in values
    assert ("Eosinophils", 1.58, "K/μL", None) in values
    # a count with a reference range in its bracket keeps no share
    assert _read("Neutrophils 5.2 x 10^9/L (normal 2-7).") == [
        ("Neutrophils", 5.2, "x10^9/L", None)
    ]
