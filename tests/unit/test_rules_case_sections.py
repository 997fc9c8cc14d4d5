"""The diagnosis a case report's case section reaches, against its dated history (issue #29,
reader-casedx4).

A case section tells the patient's past in dated sentences ("In 1997, he presented with a
pathological fracture") before the presentation it is about ("presented in 2008 with
weakness"): a condition dated years before the presentation is history, however the sentence
words it. The section reaches its diagnosis in words the work-up gives ("The clinical findings
and supporting investigations indicated radiation-induced neuropathy"): that states and
concludes it. The section names its diseases in doctors' words, which the ICD-10-CM code
set spells otherwise: cancers by their site's adjective ("renal cell carcinoma" for "Malignant
neoplasm of kidney"), eponyms without the possessive, accented letters, sites by adjective
("pulmonary tuberculosis" for "Tuberculosis of lung").

Every text quotes a real openly licensed document unchanged, with its provenance in a comment.
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.notes import read_notes

# Al-Benna et al., "Brachial neuropathy 22 years after radiation therapy for fibrosarcoma: a
# case report", Cases Journal 2009;2:6838 (doi:10.4076/1757-1626-2-6838, CC BY 2.0, licensee
# BioMed Central), three sentences of the case presentation as
# adahealth/medical_case_report_corpus @ 2388336135 stores them (dev case
# cr4-dx-radiation-brachial-neuropathy-after-fibrosarcoma).
_PRESENTED_IN_2008 = (
    "A 56-year-old retired Caucasian male presented in 2008 with weakness and discomfort which"
    " progressed over 3 months to involve his entire right forearm and hand."
)
_IN_1997 = (
    "In 1997, he presented with a pathological fracture of his right humerus which was treated"
    " with an intramedullary nail."
)
_INDICATED = (
    "The clinical findings and supporting investigations indicated radiation-induced"
    " neuropathy involving the median, radial and ulnar nerves of the right upper limb."
)


def _codes(text: str) -> dict[str, list[str]]:
    facts = read_notes(None, [text])
    return {
        "stated": [m.condition.code for m in facts.stated],
        "current": [m.condition.code for m in facts.current],
        "history": [m.condition.code for m in facts.history],
    }


def test_a_condition_dated_years_before_the_presentation_is_history() -> None:
    codes = _codes(f"{_PRESENTED_IN_2008} {_IN_1997}")
    assert "M84.4" in codes["history"]  # the pathological fracture of 1997
    assert "M84.4" not in codes["current"]
    assert "R53.1" in codes["current"]  # the weakness of 2008 is the presentation


def test_the_presentations_own_year_is_no_history() -> None:
    # A guard: without a later presentation, 1997 is the year the case presents in, and the
    # fracture then presented is the case's own.
    codes = _codes(_IN_1997)
    assert "M84.4" in codes["current"]
    assert "M84.4" not in codes["history"]


def test_what_the_investigations_indicated_is_the_concluded_diagnosis() -> None:
    facts = read_notes(None, [f"{_PRESENTED_IN_2008} {_IN_1997} {_INDICATED}"])
    indicated = [m for m in facts.stated if m.condition.code == "G62.9"]
    assert indicated and indicated[0].concluded
    assert diagnose([], 56, facts).diagnosis.icd_code == "G62.9"


# Cancers as doctors name them. The code set says "Malignant neoplasm of kidney, except renal
# pelvis" (C64), "Malignant neoplasm of pancreas" (C25); case sections write "renal cell
# carcinoma", "pancreatic cancer", "adenocarcinoma of the prostate". Two sentences of Journal
# of Medical Case Reports case presentations (CC BY 4.0, BioMed Central) as the CUPCase
# dataset stores them, felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c
# (gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv, 'clean text' of rows 1453 and
# 4486).
_RENAL_CELL_CARCINOMA = (
    "CT-guided biopsy showed chromophobe-type renal cell carcinoma, and laparoscopic right"
    " nephrectomy was performed."
)
_PANCREATIC_CANCER_YEARS_AGO = (
    "He had also been diagnosed with pancreatic cancer seven years previously."
)


def test_a_cancer_named_by_its_sites_adjective_is_the_code_sets_malignant_neoplasm() -> None:
    codes = _codes(_RENAL_CELL_CARCINOMA)
    assert [c[:3] for c in codes["stated"]] == ["C64"]
    assert (
        diagnose([], 60, read_notes(None, [_RENAL_CELL_CARCINOMA])).diagnosis.icd_code[:3] == "C64"
    )


def test_a_cancer_diagnosed_years_before_is_history() -> None:
    codes = _codes(_PANCREATIC_CANCER_YEARS_AGO)
    assert [c[:3] for c in codes["history"]] == ["C25"]
    assert codes["stated"] == []


# The code set's spelling against the notes': accents ("Guillain-Barré", the code set's
# "Guillain-Barre syndrome"), an eponym without its possessive ("Hashimoto thyroiditis", the
# code set's "Hashimoto's thyroiditis"), and a site by its adjective ("pulmonary tuberculosis"
# for "Tuberculosis of lung", "renal cyst" for "Cyst of kidney, acquired"). Real sentences:
# the first from the discussion of "Rapidly progressive polyneuropathy due to dry beriberi in
# a man: a case report", J Med Case Rep 2010;4:409 (doi:10.1186/1752-1947-4-409, CC BY 2.0),
# as adahealth/medical_case_report_corpus @ 2388336135 stores it; the others from Journal of
# Medical Case Reports case presentations (CC BY 4.0) as CUPCase stores them,
# felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c, rows 2201, 1256 and 1190.
_SPELLINGS = (
    (
        "Striking motor nerve involvement can occur, mimicking Guillain-Barré syndrome (GBS).",
        "Guillain-Barré syndrome",
        "G61.0",
    ),
    (
        "In 2011, autoimmune Hashimoto thyroiditis was diagnosed and substitution therapy with"
        " levothyroxine was started.",
        "Hashimoto thyroiditis",
        "E06.3",
    ),
    (
        "She had a history of pulmonary tuberculosis treated for a 6-month period 10 years ago.",
        "pulmonary tuberculosis",
        "A15.0",
    ),
    (
        "Enhanced CT revealed a cystic lesion in the body of the pancreas measuring 119 mm × 100"
        " mm and an adjacent left renal cyst of 63 mm in diameter.",
        "renal cyst",
        "N28.1",
    ),
)


def test_the_code_sets_terms_meet_the_notes_spelling() -> None:
    for sentence, words, code in _SPELLINGS:
        found = [(sentence[a:b], c.code) for a, b, c in icd_conditions(sentence)]
        assert (words, code) in found, sentence


# A name only the code set's alphabetic index gives ("Malrotation, intestine" Q43.3; the tabular
# list says "Congenital malformations of intestinal fixation" and "Malrotation of colon").
# Nakajima et al., "Successful treatment of a 14-year-old patient with intestinal malrotation
# with laparoscopic Ladd procedure", World J Emerg Surg 2013;8:19 (doi:10.1186/1749-7922-8-19,
# CC BY 2.0), two sentences of the presentation of case as adahealth/medical_case_report_corpus
# @ 2388336135 stores them (dev case cr4-dx-intestinal-malrotation-ladd-procedure).
_MALROTATION = (
    "A 14-year-old man presented to our emergency center with cramping and generalized"
    " abdominal pain. Based on the diagnosis of malrotation, the patient consented to"
    " exploratory laparoscopy."
)


def test_a_name_only_the_code_sets_index_gives_is_read_where_stated() -> None:
    assert _codes(_MALROTATION)["stated"] == ["Q43.3"]
    assert diagnose([], 14, read_notes(None, [_MALROTATION])).diagnosis.icd_code == "Q43.3"


# A pregnancy outside the uterine cavity, named by its site: IJSCR 2024, PMC11648268
# (interstitial ectopic pregnancy in Tanzania), through MedRBench as above.
_INTERSTITIAL = (
    "Under general anaesthesia, laparotomy was carried out and the diagnosis of an unruptured"
    " right interstitial pregnancy was confirmed (Fig."
)


def test_a_pregnancy_named_by_its_ectopic_site_is_no_pregnant_state() -> None:
    codes = _codes(_INTERSTITIAL)["stated"]
    assert codes[0].startswith("O00") and "Z33.1" not in codes


# A tumour the index sends to the Neoplasm Table by site ("Yolk sac tumor - see Neoplasm,
# malignant, by site"), named with its site: IJSCR 2024, PMC11488400 (sacrococcygeal yolk
# sac tumour in a child), through MedRBench as above.
_SACROCOCCYGEAL = (
    "After prechemotherapy work-up, she was assigned a diagnosis of sacrococcygeal yolk sac"
    " tumor postsurgical stage 3 (pT3b, AII N, M0)."
)


def test_a_yolk_sac_tumour_named_with_its_site_is_coded_by_the_site() -> None:
    assert _codes(_SACROCOCCYGEAL)["stated"] == ["C76.3"]
    assert _codes("Histology confirmed an ovarian yolk sac tumour.")["stated"] == ["C56.9"]
    # without a site, the unspecified malignant neoplasm
    assert _codes("Histology confirmed a yolk sac tumor.")["stated"] == ["C80.1"]
