"""A case report's subject and the abbreviations it defines (issue #29, reader-dx4).

"We present a case of X" names what the report is about: X is stated (the case's primary
diagnosis unless a later statement of the report's own revises it), not a complaint. The
code set writes some diseases with a bracketed eponym ("Polyarteritis with lung involvement
[Churg-Strauss]"), which doctors write as "Churg-Strauss syndrome". An abbreviation the report
defines after a long form the code set names ("Pyogenic liver abscess (PLA)") is that disease
where the report uses it later, without a hand-written entry for it.

Every text quotes a real public document unchanged, with its provenance in a comment.
"""

from __future__ import annotations

from core.analysis.rules.notes import defined_abbreviations, read_notes
from tests.unit.notes_reading import primary_code, stated_codes

# Masjedi et al., "Churg-Strauss syndrome following cessation of allergic desensitization
# vaccination: a case report", J Med Case Rep 2010;4:188 (doi:10.1186/1752-1947-4-188, CC BY
# 2.0), the abstract's conclusion as adahealth/medical_case_report_corpus @ 2388336135 stores
# it (dev case cr-churg-strauss-we-present-a-case-of).
_CHURG_STRAUSS = (
    "No unifying etiology for the disease can be presented as it is found associated with"
    " environmental factors, medications, infections and is even considered a variant of asthma"
    " with predisposition to vasculitic involvement. Therefore, it is important to recognize this"
    " disease and be aware of underdiagnosis because of emphasis on pathologic evidence. Here, we"
    " present a case of allergic desensitization causing Churg-Strauss syndrome in the absence of"
    " other known factors."
)


def test_we_present_a_case_of_states_the_reports_subject() -> None:
    assert stated_codes(_CHURG_STRAUSS)[:1] == ["M30.1"]
    assert primary_code(_CHURG_STRAUSS) == "M30.1"


def test_the_patient_introduced_by_a_case_of_is_no_subject() -> None:
    # A guard: the same article's abstract sentence ("We present a case of a 19-year-old
    # Persian male who developed signs and symptoms of this syndrome ...") with "with asthma"
    # added, the history its case section gives. "A case of" then names the patient, and a
    # condition after the patient's age, "with" or "who" is background, not the subject.
    text = (
        "We present a case of a 19-year-old Persian male with asthma who developed signs and"
        " symptoms of this syndrome related to hyposensitization treatments for allergy control."
    )
    assert "J45.909" not in stated_codes(text)


# Ekrikpo et al., "Lymphocytic colitis presenting as difficult diarrhoea in an African woman:
# a case report", J Med Case Rep 2010;4:31 (doi:10.1186/1752-1947-4-31, CC BY 2.0), two
# sentences of the discussion as adahealth/medical_case_report_corpus @ 2388336135 stores them
# (its case section is dev case cr-lymphocytic-colitis-in-keeping-amylase-lipase). The hand
# list knows neither "LC" nor "CC"; the code set names both long forms (K52.832, K52.831).
_LYMPHOCYTIC_COLITIS = (
    "Lymphocytic colitis (LC) and collagenous colitis (CC) belong to the group of microscopic"
    " colitides, a term which was first introduced by Read  et al. Our patient presented with"
    " the classical features of LC which include chronic or recurrent non-bloody, non-mucoid"
    " diarrhoea with infrequent occurrence of abdominal cramps, faecal incontinence and weight"
    " loss."
)


def test_an_abbreviation_the_report_defines_is_the_code_sets_long_form() -> None:
    defined = {c.pattern.pattern: c.code for c in defined_abbreviations(_LYMPHOCYTIC_COLITIS)}
    assert sorted(defined.values()) == ["K52.831", "K52.832"]
    assert primary_code(_LYMPHOCYTIC_COLITIS) == "K52.832"


def test_a_defined_abbreviation_counts_in_capitals_only() -> None:
    # A guard on the same definition: "lc" in lower case, or the capitals inside a longer
    # word ("LC-MS"), are no abbreviation of the disease.
    text = "Lymphocytic colitis (LC) is rare. The value was 3 cc of lc fluid."
    (colitis,) = defined_abbreviations(text)
    assert colitis.pattern.search("lc") is None
    assert colitis.pattern.search("LC-MS") is None


# Casella et al., "Liver abscess caused by Klebsiella pneumoniae: two case reports", Cases J
# 2009;2:6879 (doi:10.1186/1757-1626-0002-0000006879, licensee BioMed Central Ltd, CC BY 2.0),
# the introduction's first and last sentences as adahealth/medical_case_report_corpus stores
# them: the report's subject is named only by the abbreviation it defined.
_LIVER_ABSCESS = (
    "Pyogenic liver abscess (PLA) is a potentially life-threatening disease that may be caused by"
    " bacterial or fungal organisms. Here we describe two cases of  Klebsiella -associated PLA who"
    " were investigated and successfully treated in our department."
)


def test_the_subject_named_by_a_defined_abbreviation_is_stated() -> None:
    assert stated_codes(_LIVER_ABSCESS) == ["K75.0"]


# cindyzhangxy/CaseReportBench @ 629533d91f, src/prompting/testing_case_set.json, item 74
# (0-based; dev case cr-known-case-alkaptonuria-urethral-prostatic-stones-luts; a PubMed
# Central open-access case report): its first and sixth sentences and the complication of its
# operation.
_ALKAPTONURIA = (
    "A known case of hypertension, asthma and AKU presented to Urology clinic complaining of"
    " severe LUTS: obstructive symptoms including poor stream, straining, hesitancy, and"
    " incomplete emptying of urinary bladder, in addition to irritative symptoms including"
    " frequency, urgency and nocturia. Other extra genitourinary manifestations due to AKU"
    " disease were apparent; including the presence of thoracic lumbar back pain for the past 3"
    " years with an incidental finding of advanced changes of AKU seen in the spine ( Fig. 1 A."
    " KUB), short stature, and black discoloration of the nose and ear cartilages. Few days"
    " after his first operation, the patient developed"
    " pulmonary embolism and started on an anticoagulant (enoxaparin), then the patient course"
    " was complicated by clot retention, so suprapubic catheter was inserted and patient was kept"
    " on continuous irrigation."
)


def test_a_complication_after_the_operation_does_not_outrank_the_disease() -> None:
    facts = read_notes(None, [_ALKAPTONURIA])
    assert "I26.99" in {m.condition.code for m in facts.history}
    assert "I26.99" not in {m.condition.code for m in facts.current}
    assert primary_code(_ALKAPTONURIA) == "E70.29"


def test_a_complication_stated_as_the_diagnosis_stays_stated() -> None:
    # A guard: a statement wins over the complication's words ("was diagnosed with").
    text = (
        "Few days after his first operation, the patient was diagnosed with pulmonary embolism"
        " and started on an anticoagulant (enoxaparin)."
    )
    assert "I26.99" in stated_codes(text)


# Rethnam et al., "Isolated radial head dislocation, a rare and easily missed injury in the
# presence of major distracting injuries: a case report", J Med Case Rep 2007;1:38
# (doi:10.1186/1752-1947-1-38, CC BY 2.0), the abstract's last sentence as
# adahealth/medical_case_report_corpus @ 2388336135 stores it (dev case
# cr-radial-head-dislocation-we-present-a-rare-case). The code set says "Subluxation and
# dislocation of radial head" (S53.0); the report's words put the site first.
_RADIAL_HEAD = (
    "We present a rare case of isolated anterolateral radial head dislocation in a polytrauma"
    " patient."
)


def test_a_lesion_named_site_first_is_the_code_sets_lesion_of_site() -> None:
    assert stated_codes(_RADIAL_HEAD) == ["S53.0"]
