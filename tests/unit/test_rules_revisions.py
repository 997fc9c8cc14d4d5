"""reader-dxrank29 (issue #29): a diagnosis the case told as its earlier one, of another time
or by another party, ranks after the conditions it tells now.

The quoted lines are from the pools' case reports: MedRBench's case sections
(wumingxin238/MedRBench @ 827ee187d7, PMC open-access articles; the PMC id beside each) and
CUPCase's Journal of Medical Case Reports presentations (felipeocampoos/CUPCase-curhumai-
Adversary @ ccbb10784c, CC BY 4.0; the row id beside each).
"""

from __future__ import annotations

import pytest

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes
from core.analysis.rules.revisions import dated_years_before, told_as_earlier, told_by_another


def _primary(text: str) -> str:
    return diagnose([], 40, read_notes(None, [text])).diagnosis.icd_code


@pytest.mark.parametrize(
    "clause",
    [
        # PMC11512724 (Meckel's diverticulitis masquerading as appendicitis)
        "The patient was initially diagnosed with ",
        # CUPCase row 3116 (primary ovarian angiosarcoma)
        "The initial clinical diagnosis was one of ",
        # PMC11501515 (an epidermoid cyst's rupture)
        "Initially, a diagnosis of ",
        # CUPCase row 1167 (vasa previa)
        "therefore, we initially suspected ",
        # a misdiagnosis
        "Three weeks later, she developed right eye redness, swelling, and tearing, initially "
        "misdiagnosed as ",
    ],
)
def test_a_diagnosis_told_as_the_initial_one_is_earlier(clause: str) -> None:
    assert told_as_earlier(clause)


@pytest.mark.parametrize(
    "clause",
    [
        # Guards. PMC11405070: a provisional diagnosis is as a rule the one the case confirms.
        "Based on clinical signs, ",
        "A provisional diagnosis of ",
        # PMC11416458: an initial step of the work-up, not an initial diagnosis
        "The Initial diagnostic workup included a chest X-ray showing bilateral diffuse "
        "infiltrates consistent with ",
        "Initial investigations showed ",
        # a turn to what was found later
        "He was initially diagnosed with gastroenteritis but was later found to have ",
        # CUPCase row 1109 (dev cr5-labs-scrub-typhus-*): a preliminary list of diagnoses is
        # the working problem list, septic shock among them, which the case had
        "the following preliminary diagnoses were made: (1) ",
        # PMC11526311: the preliminary diagnosis confirmed
        "These findings were consistent with ",
    ],
)
def test_a_diagnosis_told_now_or_confirmed_is_not_earlier(clause: str) -> None:
    assert not told_as_earlier(clause)


def test_the_earlier_diagnosis_comes_after_a_condition_a_test_found() -> None:
    # CUPCase row 885 (empyema caused by Streptococcus constellatus): main led with the type 2
    # diabetes of the "initial diagnoses"; the pleural effusion the CT found now leads.
    text = (
        "The initial diagnoses of our patient were hypoalbuminemia and type 2 diabetes. "
        "Chest computed tomography revealed right-sided massive pleural effusion with "
        "pneumothorax."
    )
    facts = read_notes(None, [text])
    assert any(m.earlier and m.condition.code == "E11.9" for m in facts.stated)
    assert _primary(text) == "J91.8"


def test_the_earlier_diagnosis_alone_still_leads() -> None:
    # Guard: PMC11566699 (a partial midgut agenesis) names no other condition than the
    # jejunal atresia it was initially diagnosed with: that one still leads (a neighbour of the
    # agenesis in Q41), as it did on main.
    text = (
        "We report a case of a premature neonate born at 32 weeks of gestational age, initially "
        "diagnosed with jejunal atresia."
    )
    assert _primary(text) == "Q41.1"


def test_the_same_condition_told_now_is_no_earlier_one() -> None:
    # Guard: a working diagnosis the case then finds itself keeps its place.
    text = (
        "He was initially diagnosed with acute appendicitis. Computed tomography revealed "
        "acute appendicitis with a periappendiceal abscess. Laboratory tests showed "
        "hyponatremia."
    )
    ranked = diagnose([], 40, read_notes(None, [text])).ranked
    assert ranked[0].code.startswith("K35") and not ranked[0].earlier


def test_a_diagnosis_dated_years_before_in_its_statement_is_history() -> None:
    # MedRBench PMC11439192 (cr20-crit-nintedanib-thrombocytopenia-*): the date stands 44
    # characters after "interstitial pneumonia", beyond notes._HISTORY_AFTER's 40.
    text = (
        "He was diagnosed with interstitial pneumonia with autoimmune features (IPAF) 4 years "
        "ago, presenting with exertional dyspnea, interstitial pneumonia on computed "
        "tomography (CT) scan, and the presence of antinuclear antibodies."
    )
    facts = read_notes(None, [text])
    assert "J84.9" not in {m.condition.code for m in facts.stated}
    assert "J84.9" in {m.condition.code for m in facts.history}


@pytest.mark.parametrize(
    "after",
    [
        # Guards: a duration, another event's date, months
        " and had symptoms for two years before presentation",
        " after the surgery he had 2 years ago",
        " five months prior",  # PMC11518685: the case's own tumour
    ],
)
def test_a_duration_or_another_events_date_does_not_date_the_statement(after: str) -> None:
    assert not dated_years_before(after)


def test_a_diagnosis_a_relative_tells_of_is_history() -> None:
    # MedRBench PMC11546350 (cr21-crit-kawasaki-*): the mother's account of a scarlet fever
    # led on main; the cardiac arrest the case presents with now leads.
    text = (
        "The boy was brought to the emergency department after a cardiac arrest. According to "
        "the mother, he was diagnosed with a severe form of scarlet fever."
    )
    facts = read_notes(None, [text])
    assert "A38" in {m.condition.code for m in facts.history}
    assert "A38" not in {m.condition.code for m in facts.stated}
    assert told_by_another("According to the mother, he was ")


def test_a_relatives_account_of_symptoms_is_not_another_partys_diagnosis() -> None:
    # Guard (MedRBench pool): the family as informant of what the patient felt, and the
    # doctors' own diagnosis after it, stand.
    text = (
        "Per the family he was complaining of shortness of breath, weight gain and worsening "
        "leg swelling for 3 weeks. Echocardiography was consistent with heart failure."
    )
    assert _primary(text).startswith("I50")
