"""Whose condition, and when (issue #29, reader-subj12): the context the offline reader gives a
condition a case section names: a relative's or the patient's, known or now, weighed or found.

The sentences are real public case sections, quoted unchanged: Journal of Medical Case Reports
case presentations through CUPCase (felipeocampoos/CUPCase-curhumai-Adversary, CC BY; row id
given), CaseReportBench (cindyzhangxy/CaseReportBench @ 629533d91f,
`src/prompting/testing_case_set.json`, CC BY-NC 4.0; "item N" is the 0-based index) and
MedRBench (wumingxin238/MedRBench @ 827ee187d7, the case's PMC open-access article).
"""

from __future__ import annotations

import pytest

from core.analysis.rules.notes import NoteFacts, read_notes
from core.analysis.rules.relatives import relatives_after, relatives_before

# A case section's opening, so that the sentences below are read as a told case.
_OPENING = (
    "A 70-year-old man presented to our hospital with weakness of both legs for two months and"
    " was admitted for further evaluation and treatment of his progressive symptoms. "
)


def _facts(text: str) -> NoteFacts:
    return read_notes(None, [_OPENING + text])


def _now(text: str) -> set[str]:
    facts = _facts(text)
    return {m.condition.name for m in facts.stated + facts.current}


def _known(text: str) -> set[str]:
    return {m.condition.name for m in _facts(text).history}


def _read(text: str) -> set[str]:
    facts = _facts(text)
    return {m.condition.name for m in facts.stated + facts.current + facts.history}


# --- A relative's scope ends where the telling turns back to the patient ---------------------


@pytest.mark.parametrize(
    ("sentence", "complaint"),
    [
        # CUPCase 2293: the family's history, then the presentation.
        (
            "A 27-year-old white man with an unremarkable medical and family history presented"
            " to our emergency department with nausea, vomiting, fever reaching 38.8°C, and"
            " bloody-mucoid diarrhea 10 to 13 times a day for the past 2 days.",
            "Diarrhea",
        ),
        # CUPCase 5525: a denied family history, then the presentation.
        (
            "A 40-year-old woman without family history of neurofibromatosis presented to our"
            " department with café-au-lait spots spread all over her body.",
            "Café au lait spots",
        ),
        # CUPCase 4160 / 5537: the relatives as informants.
        (
            "His relatives reported that he initially complained of a sudden onset of headache"
            " and had several episodes of emesis.",
            "Headache",
        ),
        # CUPCase 2436: the relatives as companions.
        (
            "A 48-year-old Asian woman presented, along with her relatives, to the outpatient"
            " department of our hospital complaining of unconsciousness of 4 minutes’ duration"
            " with fecal incontinence that had occurred 20 days earlier.",
            "Fecal incontinence",
        ),
        # CaseReportBench item 93 / 112, CUPCase 132: the patient's parentage.
        (
            "A 16-year-old Iraqi boy, born of first-cousin parents, presented to our outpatient"
            " clinic at Al-Sadr Teaching Hospital with hyperpigmented patches symmetrically"
            " overlying with hypertrichosis involving the inner aspects of his thighs.",
            "Hypertrichosis",
        ),
        (
            "An 8-year-old girl of non-consanguineous parents from southern China with history"
            " of recurrent abdominal pain and vomiting since 4 years of age presented to the"
            " gastroenterology department.",
            "Abdominal pain",
        ),
    ],
)
def test_the_patients_complaint_after_a_family_word_is_the_patients(
    sentence: str, complaint: str
) -> None:
    facts = _facts(sentence)
    assert complaint in {m.condition.name for m in facts.stated + facts.current}
    assert complaint not in facts.negated


def test_a_turn_to_the_patient_after_the_family_history_is_the_patients() -> None:
    # CUPCase 4341, 470: "except for", "but a history of".
    assert "Asthma" in _known(
        "Her past medical and family histories were uneventful except for chronic asthma (Table 1)."
    )
    assert "Systemic lupus erythematosus" in _known(
        "The patient had no particular family history, but a history of SLE, pancreatic"
        " pseudocyst, and chronic pancreatitis."
    )


def test_a_relatives_condition_stays_the_relatives() -> None:
    # The guards: a kin noun still opens its scope (CUPCase 3534, 1770), and a sister who
    # presents is still the sister (CUPCase 132).
    assert _read("") == _read(
        "Her family history was relevant for multiple sclerosis in her sister, hypothyroidism"
        " and polymyalgia rheumatica in her mother and type 2 diabetes mellitus in her father."
    )
    assert "Thrombocytopenia" not in _read(
        "However, her cousin had thrombocytopenia and died without a definitive diagnosis."
    )
    assert relatives_before("As his sister presented with similar ")
    assert relatives_before("Her family history was nonsignificant except for ") is False
    assert relatives_after(" in her father.")


# --- A kin noun after the condition, children and other kin words ----------------------------


def test_a_kin_noun_after_the_condition_names_whose_it_is() -> None:
    # CUPCase 285; MedRBench PMC11413548 (the child's case: his mother's hypertension).
    assert "Acute myocardial infarction" not in _read(
        "There was a history of myocardial infarction at young ages in multiple relatives."
    )
    assert "Essential hypertension" not in _read(
        "He had an eventful perinatal period with a history of pregnancy-induced hypertension"
        " in the mother."
    )


def test_a_child_who_was_diagnosed_is_the_childs() -> None:
    # CUPCase 2201: "one of her three children, who is now 7-years old, was diagnosed with".
    facts = _facts(
        "Her family history disclosed that one of her three children, who is now 7-years old,"
        " was diagnosed with trisomy 21 and hypothyroidism."
    )
    codes = {m.condition.code[:3] for m in facts.stated + facts.current + facts.history}
    assert not codes & {"Q90", "E03"}
    # CaseReportBench item 126: the mother's case; the previous child's CAH.
    assert "Congenital adrenal hyperplasia" not in _read(
        "A 32-year-old female (gravida 4 para 3) presented to her obstetrician with her next"
        " pregnancy following the birth of a previous female child with classical congenital"
        " adrenal hyperplasia (CAH)."
    )
    # CaseReportBench item 30: the parents' first baby, not the second (the patient).
    assert "Congenital adrenal hyperplasia" not in _read(
        "Upon reevaluation of family history, however, the parents revealed that their"
        " 27-month-old first baby had been diagnosed with CLAH."
    )


def test_a_mother_who_was_diagnosed_is_the_mothers() -> None:
    # The relative clause between the relative and the statement (the shape of CUPCase 2201).
    facts = _facts("Her mother, who was diagnosed with breast cancer at 50, is alive.")
    assert not any(m.condition.code.startswith("C50") for m in facts.stated + facts.current)


# --- Known conditions: every item of a history list -----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "known"),
    [
        # CUPCase 205.
        (
            "The patient had a history of diabetes mellitus (10 years), hypothyroidism,"
            " hyperlipidemia, hypertension, and diabetic foot 5 months ago.",
            {"Hypothyroidism", "Hyperlipidemia"},
        ),
        # CUPCase 5286.
        (
            "He had no history of similar episodes but was known to have severe aortic stenosis,"
            " type 2 diabetes, paroxysmal atrial fibrillation, hypertension and a previous"
            " duodenal ulcer bleed.",
            {"Atrial fibrillation", "Essential hypertension"},
        ),
        # CUPCase 728: the abbreviation in brackets is the same mention as its name.
        (
            "He was also known to have a monoclonal gammopathy of undetermined significance"
            " (MGUS) since 6 years, with an unquantifiable peak that had never been analyzed.",
            {"Monoclonal gammopathy"},
        ),
    ],
)
def test_every_item_of_a_known_list_is_known(sentence: str, known: set[str]) -> None:
    facts = _facts(sentence)
    assert known <= {m.condition.name for m in facts.history}
    assert not known & {m.condition.name for m in facts.current + facts.stated}


def test_the_history_of_the_presenting_illness_is_no_known_list() -> None:
    # CUPCase 1812, 412: a duration before "history of" tells the complaint.
    assert "Constipation" in _now(
        "Our case is a 13-year-old Arabian girl who presented to our institution referred from"
        " a periphery center with 3 days’ history of colicky abdominal pain, vomiting, and"
        " constipation."
    )
    assert "Pain in shoulder" in _now(
        "A 72-year-old Japanese man with a month-long history of dyspnea on exertion and"
        " bilateral shoulder pain gradually presented difficulty in raising both upper limbs."
    )


# --- Weighed, not found ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "weighed"),
    [
        # CUPCase 438, 1601, 1975: the differential told at a point of the case.
        (
            "The differential diagnoses at this point included Takotsubo cardiomyopathy"
            " triggered by viral infection and myocarditis due to autoimmunological causes.",
            "Cardiomyopathy",
        ),
        (
            "The differential diagnosis at the time of examination included schwannoma, mucoid"
            " cyst, and neurofibroma.",
            "Schwannoma",
        ),
        # CaseReportBench item 124.
        (
            "The clinician kept Milia en plaque and Pseudoxanthoma elasticum as differential"
            " diagnosis.",
            "Pseudoxanthoma elasticum",
        ),
    ],
)
def test_a_differential_is_weighed_not_found(sentence: str, weighed: str) -> None:
    assert weighed not in _read(sentence)


# --- A denial before the presentation does not reach what the patient presented with ----------


def test_a_denied_background_does_not_deny_the_complaint() -> None:
    # CUPCase 1455.
    facts = _facts(
        "A 45-year-old Moroccan man of low socio-economic status, a farmer by profession, with"
        " no particular personal or family medical history and without any medications prior"
        " to diagnosis, presented to our emergency department with gross hematuria as the main"
        " symptom associated with urinary frequency."
    )
    assert "Gross hematuria" not in facts.negated
    assert "Gross hematuria" in {m.condition.name for m in facts.stated + facts.current}
    # MedRBench PMC11418098 (Cureus 2024): no family word, the same denial.
    assert {"Fever", "Chest pain"} <= _now(
        "A 53-year-old male farmer with no underlying diseases presented with a 1-month history"
        " of prolonged fever and pleuritic chest pain."
    )
    # A guard: a denial after the verb still denies.
    assert "Fever" in _facts("He presented without fever or cough.").negated


def test_the_presenting_illnesss_duration_tells_the_complaint_years_a_known_disease() -> None:
    # CUPCase 1362, 3378: "a 2-week history of hematuria", "1-month's history of ... dementia".
    assert "Hematuria" in _now(
        "A 61-year-old Caucasian man with no past medical history presented to another teaching"
        " hospital with a 2-week history of hematuria."
    )
    assert "Dementia" in _now(
        "A 63-year-old Japanese woman who had been in good health and had never smoked was"
        " admitted to a local hospital with 1-month’s history of gait disturbance, dementia, and"
        " urinary incontinence."
    )
    # CUPCase 5598: a 10-year history of a disease is the known disease.
    sentence = (
        "A 47-year-old Caucasian male with a 10-year history of Crohn's disease presented with a"
        " 5-day history of fever, night sweats, rash over both legs and headache."
    )
    assert any(name.startswith("Crohn") for name in _known(sentence))
    assert "Fever" in _now(sentence)


def test_children_as_a_population_are_no_relatives() -> None:
    # CUPCase 5004: "a scale ... in children" names the population the scale is for.
    assert (
        "Major depressive disorder"
        in _facts(
            "A scale to measure depression in children showed no marked symptoms of depression."
        ).negated
    )


def test_what_a_denied_cause_was_to_explain_is_present() -> None:
    # CUPCase 494: the anemia is hers, only its causes are denied.
    facts = _facts(
        "Aside from her abnormal uterine bleeding (AUB), the patient was without any other"
        " significant personal history, family history, or lab abnormalities to explain her"
        " severe anemia."
    )
    assert "Anemia" not in facts.negated
    assert "Anemia" in {m.condition.name for m in facts.stated + facts.current}


@pytest.mark.parametrize(
    ("sentence", "complaint"),
    [
        # CUPCase 452, 3695: the presentation told as a consultation or a return.
        (
            "A 41-year-old north African caucasian woman, who had no personal or familial"
            " history, consulted with the chief complaints of right lower back pain with no"
            " hematuria and no urological signs.",
            "Back pain",
        ),
        (
            "A 32-year-old male with no medical history who had undergone tracheostomy for a"
            " traumatic head injury one month ago returned to the hospital with complaints of"
            " exertional dyspnea and difficulty in breathing.",
            "Shortness of breath",
        ),
    ],
)
def test_a_consultation_or_a_return_closes_the_denial_before_it(
    sentence: str, complaint: str
) -> None:
    assert complaint in _now(sentence)
    assert complaint not in _facts(sentence).negated
