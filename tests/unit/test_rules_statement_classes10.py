"""How a case report's statements decide its primary diagnosis (issue #29, reader-dxs10).

Round ten counted the classes over whole pools of case reports (CUPCase's Journal of Medical
Case Reports presentations, MedRBench's PMC case reports of 2024, CaseReportBench's "Case
Report" sections); these are the classes seen in several reports:

- a working diagnosis the case calls provisional ("preliminary", "provisional", "initially ...
  treated as") is said with doubt however far its disease is from that word, so the case's
  final diagnosis leads;
- a disease stated with its cause after it ("adrenal insufficiency caused by CLAH") names the
  cause first: the cause is what the case is about;
- "was indicative of" states a diagnosis as "consistent with" does.

Every sentence is a real public document's, quoted with its provenance; where a test needs a
second sentence it is the same report's later finding, in the shape the report tells it.
"""

from __future__ import annotations

from tests.unit.notes_reading import note_facts, primary_code


def _hedged(text: str, code: str) -> bool:
    return next(m.hedged for m in note_facts(text).stated if m.condition.code.startswith(code))


# A provisional statement ---------------------------------------------------------------


def test_a_provisional_diagnosis_of_a_far_disease_is_said_with_doubt() -> None:
    # JMCR (CUPCase, final diagnosis "Classical Hodgkin lymphoma"): the disease is 50
    # characters after "provisional", out of a hedge's usual reach; the report's later
    # histology names the lymphoma, which now leads.
    provisional = (
        "A provisional diagnosis of non-bacterial chronic recurrent multifocal osteomyelitis "
        "(CRMO) was given."
    )
    assert _hedged(provisional, "M86")
    later = " An open bone biopsy of his left iliac crest revealed classical Hodgkin lymphoma."
    assert primary_code(provisional + later).startswith("C81")


def test_the_items_of_a_preliminary_list_are_said_with_doubt() -> None:
    # JMCR (CUPCase, final diagnosis "Scrub typhus"): "preliminary" qualifies every item.
    text = (
        "Based on her clinical history as well as the laboratory and imaging examinations, the "
        "following preliminary diagnoses were made: (1) septic shock, and (2) thrombocytopenia "
        "of unknown origin."
    )
    facts = note_facts(text)
    assert [m.hedged for m in facts.stated] == [True] * len(facts.stated)
    assert {m.condition.code[:3] for m in facts.stated} >= {"R65", "D69"}


def test_an_initial_presentation_treated_as_a_disease_is_no_final_diagnosis() -> None:
    # Cureus 2024, PMC11539092 (MedRBench): the infant's first illness was "treated as
    # pharyngitis"; the same report tells later that she was treated for meningitis.
    initial = (
        "She initially presented with fevers, cough, and a runny nose, which were treated as "
        "pharyngitis."
    )
    assert _hedged(initial, "J02")
    later = (
        " She was treated for meningitis and received 1 dose of Intravenous immunoglobulin "
        "(IVIG) during her illness."
    )
    assert primary_code(initial + later).startswith("G03")


def test_a_later_turn_ends_the_provisional_reach() -> None:
    # The qualifier qualifies what came first, not what the case found later in the clause.
    text = (
        "Initial imaging was inconclusive and subsequently the biopsy confirmed classical "
        "Hodgkin lymphoma."
    )
    assert not _hedged(text, "C81")


# A stated cause ---------------------------------------------------------------------------


def test_the_cause_a_diagnosis_names_comes_before_its_manifestation() -> None:
    # CaseReportBench (congenital lipoid adrenal hyperplasia, CLAH).
    assert primary_code("She was diagnosed as having adrenal insufficiency caused by CLAH.") == (
        "E25.0"
    )
    # CaseReportBench: the ichthyosis is the disease, the erythroderma its picture.
    text = (
        "As it is not confirmatory and does not help in making the diagnosis, we made a "
        "diagnosis of erythroderma due to X-linked ichthyosis as there were components of "
        "history of consanguinity."
    )
    assert primary_code(text).startswith("Q80")
    # J Clin Med 2024, PMC11595896 (MedRBench).
    text = (
        "A diagnosis of keratoconjunctivitis due to nocturnal lagophthalmos was made, and "
        "punctal plugs were inserted into the lower lacrimal puncta of both eyes."
    )
    assert primary_code(text).startswith("H02")


def test_a_cause_that_is_no_disease_leaves_the_diagnosis_first() -> None:
    # CaseReportBench: the raised sugar is the reason for the diagnosis, not its cause.
    text = (
        "She was diagnosed with gestational diabetes mellitus due to the mildly increased "
        "level of blood sugar at the 100 g oral glucose tolerance test."
    )
    assert primary_code(text).startswith("O24")


# "Indicative of" ---------------------------------------------------------------------------


def test_indicative_of_states_a_diagnosis() -> None:
    # CaseReportBench (a 45-year-old man with mitochondrial myopathy): the biopsy's result,
    # beside a syndrome "suspected" earlier and anaemia of a blood test.
    text = (
        "A Guillain-Barre-syndrome (GBS) was suspected and immunoglobulins administered with "
        "a beneficial effect. Muscle biopsy from the right deltoid muscle at age 41y was "
        "indicative of mitochondrial myopathy. Blood tests revealed hyponatriemia and slight "
        "anemia."
    )
    assert primary_code(text).startswith("G71")
    # MedRBench (PMC11551029): a resemblance denied states nothing.
    denied = "The patient's clinical presentation was not indicative of a bacterial infection."
    assert not note_facts(denied).stated
