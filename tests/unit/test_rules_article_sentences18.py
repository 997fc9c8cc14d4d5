"""A whole published case report's primary diagnosis (issue #29, rounds seventeen and
eighteen): which of its sentences tell this patient's disease.

Counted over MedRBench's 957 full 2024 case reports (PMC open access, through MedRBench): of
a sample of 130, 72 primaries came from a sentence of the introduction, background,
discussion or conclusion, most of them general ("Treatment for botulism is centered around
... respiratory support to prevent respiratory failure"). Such sentences now come after the
case's own statements and its title, with doubt: a case that names its disease in no form the
reader knows still reads the article's subject from them. The quoted words are the reports'
own; each test names its report.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes


def _ranked(text: str) -> list[str]:
    values = parse_lab_values(text, "n", age=50)
    return [r.code for r in diagnose(values, 50, read_notes(None, [text])).ranked]


# PMC11361325, cut to its headings and the sentences that name a condition: the discussion's
# "Treatment for botulism is centered around supportive care, respiratory support to prevent
# respiratory failure" led as the patient's acute respiratory failure (J96.00).
_BOTULISM_ARTICLE = """From Botox Party to Botulism: A Case Report and Public Health Warning

Introduction

There are seven distinct BoNT types (A-G), of which types A, B, E, and, rarely, F cause human \
botulism, a potentially life-threatening condition.

Case presentation

A 59-year-old female with a past medical history of hypertension and hypercholesterolemia \
presented to the Emergency Department with shortness of breath, trouble speaking, blurry \
vision, and numbness of the throat for one week. A diagnosis of iatrogenic botulism was made \
due to the evidence of flaccid paralysis, cranial nerve palsies, and lack of sensory deficits \
in the setting of the recent botulism injection.

Discussion

Treatment for botulism is centered around supportive care, respiratory support to prevent \
respiratory failure, and administration of antitoxin.
"""


def test_a_discussions_general_sentence_comes_after_the_case() -> None:
    codes = _ranked(_BOTULISM_ARTICLE)
    assert codes[0].startswith(("A05", "A48"))
    assert codes[:1] != ["J96.00"]


def test_a_discussion_sentence_that_names_the_case_still_counts() -> None:
    # PMC11585532: "In our case, the calcifications observed in the ventral pancreas were
    # indicative of chronic pancreatitis."
    text = (
        "Partial agenesis of the dorsal pancreas: A case report\n\nDiscussion\n\n"
        "In our case, the calcifications observed in the ventral pancreas were indicative of "
        "chronic pancreatitis.\n"
    )
    assert _ranked(text)[0] == "K86.1"


def test_another_patient_of_the_discussion_is_not_this_one() -> None:
    # PMC11378089: the discussion's "A patient diagnosed with acquired immunodeficiency
    # syndrome additionally had an Epstein-Barr virus infection" led as B20.
    text = (
        "Primary hepatic leiomyosarcoma: Case report and literature review\n\nCase report\n\n"
        "A 46 years old male patient presented with abdominal pain. A biopsy of the hepatic "
        "mass was performed, and the histological and immunohistochemical study were in favor "
        "of an hepatic localization of a leiomyosarcoma.\n\nDiscussion\n\n"
        "Diagnosis of PHL was confirmed by histopathological and immunohistochemical "
        "examinations. A patient diagnosed with acquired immunodeficiency syndrome "
        "additionally had an Epstein-Barr virus infection.\n"
    )
    codes = _ranked(text)
    assert codes[0].startswith("C22")
    assert "B20" not in codes[:1]


def test_a_disease_treated_in_vain_is_the_earlier_working_diagnosis() -> None:
    # PMC11402274: "Despite treatment for TB, the patient's condition did not improve,
    # prompting further investigation that eventually revealed adenocarcinoma of the lung";
    # PMC11424757: "Despite initial treatment for Helicobacter pylori-induced gastritis, her
    # symptoms persisted".
    facts = read_notes(
        None,
        [
            "Despite treatment for TB, the patient's condition did not improve, prompting "
            "further investigation that eventually revealed adenocarcinoma of the lung."
        ],
    )
    assert not any(m.condition.code.startswith("A15") for m in facts.stated)


def test_a_title_is_not_revised_by_the_discussions_limitation() -> None:
    # PMC11543143: "The limitation of the case report is that we could not do an endoscopy
    # for the patient to establish primary source for tuberculous meningitis" denied the
    # title's "Tuberculous meningitis leading to stroke"; the case's hedged "MRI finding
    # suggestive of intracerebral hemorrhage" led (I61.9).
    text = (
        "Tuberculous meningitis leading to stroke: a case report\n\nIntroduction\n\n"
        "Tuberculosis remains a major public health problem.\n\nCase description\n\n"
        "A 33-year-old male presented with fever. Based on MRI finding suggestive of "
        "intracerebral hemorrhage, we considered this to be secondary to TB meningitis "
        "causing vasculitis.\n\nDiscussion\n\n"
        "The limitation of the case report is that we could not do an endoscopy for the "
        "patient to establish primary source for tuberculous meningitis.\n"
    )
    assert _ranked(text)[0] == "A17.0"


def test_a_case_naming_its_disease_in_no_known_form_reads_the_articles_subject() -> None:
    # PMC11471037: the case's "it was determined that the patient most likely has PTS" names
    # a Parsonage-Turner syndrome the reader knows by no name; the introduction's "Accurate
    # diagnosis of PTS also referred to as idiopathic brachial plexopathy or neuralgic
    # amyotrophy" is the article's subject, after the case's dengue (a trigger).
    text = (
        "Post-Dengue Parsonage-Turner Syndrome: A Case Report\n\nIntroduction\n\n"
        "Accurate diagnosis of PTS also referred to as idiopathic brachial plexopathy or "
        "neuralgic amyotrophy is essential.\n\nCase presentation\n\n"
        "A 45-year-old man presented with shoulder pain two weeks after dengue fever. "
        "Consequently, it was determined that the patient most likely has PTS, which may have "
        "been precipitated by a recent dengue infection.\n\nDiscussion\n\n"
        "Parsonage-Turner syndrome is a rare disorder.\n"
    )
    assert _ranked(text)[0].startswith("G54")
