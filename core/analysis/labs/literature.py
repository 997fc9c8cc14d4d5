"""Sentences of the literature a case report reviews, or of a rule any patient's values
follow: their numbers are other patients' results or a rule's bounds, not this patient's.

A published case report is uploaded whole (introduction, case, discussion). Its review of
other reports and its teaching state numbers beside test names without naming the patient;
parse.py asks here; a sentence that names this patient or case keeps its values.
"""

from __future__ import annotations

import re

# A sentence about other patients, the literature a case report reviews: its values are no
# result of this patient ("Despite this, most reports of extremely high potassium (>9
# mmol/L) are in the setting of cardiac arrest", Attaway, J Case Rep Stud 2015, CC BY).
# Unless the sentence also names this patient or this case ("unlike previously reported
# cases, our patient's potassium was 10.2").
_LITERATURE = re.compile(
    r"(?i)\b(?:reports\s+of|(?:most|many|several|other|previous|prior|published)\s+(?:case\s+)?"
    r"reports|(?:previously|earlier)\s+(?:reported|published|described)\s+(?:cases|patients)|"
    r"(?:reported|published|described)\s+cases|cases\s+(?:reported|published|described)|"
    r"in\s+the\s+literature|other\s+(?:patients|cases|authors|studies)"
    # "A recent case report described a patient with slight proteinuria (0.01 g/day) who had a
    # novel heterozygous gene variant" (J Med Case Rep, CUPCase row 3850): one report's patient
    r"|(?:a|an|one|another)\s+(?:recent|previous|prior|similar|earlier|published)\s+"
    r"(?:case\s+)?(?:report|study|series)\s+(?:described|reported|presented|showed|found))\b"
)
# A general statement, true of any patient, not a result: "A urine spot sodium of >100
# mmol/l can be seen in hypernatremia following ingestion of salt or infusion of 3 %
# hypertonic saline", "Plasma concentrations ... higher than 500 μg/L are considered to be
# potentially toxic" (two J Med Case Rep case sections, CC BY). Unless the sentence names
# this patient, like a literature sentence.
_GENERAL_STATEMENT = re.compile(
    r"(?i)\b(?:can|may|might|could)\s+(?:also\s+)?be\s+(?:seen|found|observed|encountered)\s+in\b"
    r"|\b(?:is|are)\s+considered\s+(?:to\s+be\s+)?(?:potentially\s+)?(?:toxic|diagnostic|normal)\b"
)
_THIS_PATIENT = re.compile(
    r"(?i)\b(?:our|this|the\s+present|the\s+current)\s+(?:patient|case)\b|\bthe\s+patient\b"
    r"|\b(?:he|she|his|her)\b"
)
# Words that speak of other people: an author, patients in the plural (never "the patients'
# complete blood count", a slip for the patient's), a group, an assay's performance. "Schon et
# al. reported AFP levels in 57 A-T patients, with a mean serum AFP of 176 ng/mL" (MedRBench
# PMC11638744), "the sensitivity of 99mTc- sestamibi SPECT/CT dwindled in patients with PA
# length ≤1.3 cm or serum PTH levels ≤252 pg/mL [19]" (PMC11638531).
_ABOUT_OTHERS = re.compile(
    r"(?i)\bet\s+al\b|\bindividuals\b|\bcohorts?\b"
    r"|\b(?:in|of|among|with|for|all|most|many|some|these|those|such|other|several|\d+|when|if)\s+"
    r"(?:[\w-]+\s+){0,3}?patients\b(?!['’])"
    r"|\b(?:previous|prior|other|several|many|recent|retrospective|prospective|clinical)\s+studies\b"
    r"|(?<!high-)(?<!high\s)\bsensitivity\b|\bspecificity\b|\bpredictive\s+values?\b"
)
# A group's statistic told as what a disease usually shows: "is typically associated with
# anemia and thrombocytopenia with median hemoglobin of 7.2 g/dl and median platelets of
# 69,000/microL [11]" (PMC11365461). A "mean WBC" alone may be the patient's own average.
_STATISTIC = re.compile(r"(?i)\b(?:mean|median)\s+(?!corpuscular|cell\b|platelet\s+volume)")
_USUALLY = re.compile(
    r"(?i)\b(?:typically|usually|generally|commonly|in\s+most\s+cases|reported|described)\b"
)
# Words of a rule whose bounds are written as bounds: "in most cases, C-reactive protein (CRP)
# ≥ 3.0 mg/dL and/or erythrocyte sedimentation rate (ESR) ≥ 40 mm/h are present" (PMC11546350),
# "Levels of CEA > 5 ng/mL and CA 19-9 > 37 U/mL were considered elevated" (PMC11545733),
# "CD4 counts less than 200 cells/mm3 will develop CNS findings" (PMC11462035). Only a value
# written with a bound is taken for the rule's: "usually" may tell the patient's own readings.
_RULE_OF_BOUNDS = re.compile(
    r"(?i)\b(?:typically|usually|generally|commonly|often|frequently|rarely|in\s+most\s+cases"
    r"|will\s+(?:\w+\s+)?(?:develop|display|show|have)"
    r"|considered\s+(?:to\s+be\s+)?(?:elevated|abnormal|high|low|positive|significant|pathologic\w*)"
    r"|(?:is|are)\s+diagnosed\s+(?:when|if)|(?:is|are)\s+(?:\w+\s+)?(?:defined|classified)\s+(?:by|as)"
    r"|guidelines?|recommend\w*"
    # What a bound means, told in the present: "an erythrocyte sedimentation rate >55 mm/h
    # highly suggests an abscess [3]" (PMC11458204), "NT-proBNP levels greater than 128 pg/mL
    # at 20 weeks of pregnancy being predictive of events" (PMC11570897), "AFP levels <1000
    # ng/mL are in the good prognostic category" (PMC11488400), "Normal methemoglobin (MetHb)
    # levels are less than 1.5 %" (PMC11492611)
    r"|suggests|predictive\s+of|prognostic|normal\s+(?:[\w()-]+\s+){1,4}?(?:is|are)"
    # A rule's list and a generic patient: "includes at least two of the following ascitic
    # fluid findings: Total protein greater than 1 g/dL" (PMC11424232), "A patient who
    # presents levels of HbA1c ≥7.0 shifts to a rapid grade" (PMC11505315)
    r"|(?:one|two|three|four|five|\d)\s+(?:out\s+)?of\s+the\s+following|an?\s+patient\s+who"
    # A threshold of a conditional in the present: "once Hematology LT/CLS see high WBC (>
    # 100 × 103/µL), they immediately alert Chemistry" (PMC11462689): a laboratory's rule
    r"|(?:once|whenever|if|when)\s+(?:[\w/-]+\s+){1,6}?(?:see|sees|exceeds?|reaches|is|are)"
    r")\b"
)


def told_of_others(told: str, *, bound: bool, clause: str = "") -> bool:
    """Whether ``told`` (the sentence a value is told in) speaks of other patients, of the
    literature, a general truth or a rule's bounds (``bound``: the value is written with "<",
    ">", "above", ...), and names neither this patient nor this case. A bound's own
    ``clause`` (the sentence's part between semicolons) may tell the rule alone: "(b) ... the
    heparinized whole blood in our case) were sent to the main lab via PTT ...; (c) we have a
    flagging system: once Hematology LT/CLS see high WBC (> 100 × 103/µL), they immediately
    alert Chemistry LT/CLS" (MedRBench PMC11462689)."""
    if bound and clause and _RULE_OF_BOUNDS.search(clause) and not _THIS_PATIENT.search(clause):
        return True
    others = bool(
        _LITERATURE.search(told)
        or _GENERAL_STATEMENT.search(told)
        or _ABOUT_OTHERS.search(told)
        or (_STATISTIC.search(told) and _USUALLY.search(told))
        or (bound and _RULE_OF_BOUNDS.search(told))
    )
    return others and not _THIS_PATIENT.search(told)


# A case of the literature told over several sentences: the sentence that opens it names its
# authors or its patient ("In a case reported by Maria Lúcia Moleiro et al., metastasis to the
# supraclavicular lymph node was the initial symptom ... In this case, ... An elevated CA125
# level (898 U/mL) was also observed", MedRBench PMC11629470; "In another report,8, a
# 46-year-old female patient presented with right flank pain ... All laboratory findings were
# normal, except for elevated fasting blood glucose levels (11.79 mmol/L)", PMC11646740).
# The sentences after it are that patient's until one names this report's patient or case.
_ANOTHERS_CASE = re.compile(
    r"(?i)\b(?:in|from)\s+(?:a|an|another|the|one)\s+(?:similar\s+|previous\s+|other\s+)?"
    r"case\s+(?:(?:reported|described|published|presented)\s+by|of\s+[^.]{0,40}?\bet\s+al)\b"
    r"|\bin\s+(?:another|a\s+(?:similar|previous|different))\s+(?:case|report)\b"
    r"[^.]{0,40}?\ban?\s+\d+-(?:year|month|week|day)-old\b"
    r"|\bet\s+al\.?[^.]{0,80}?\b(?:reported|described|presented)\s+(?:a|an)\s+"
    r"\d+-(?:year|month|week|day)-old\b"
)
_OUR_CASE = re.compile(
    r"(?i)\bour\s+(?:own\s+)?(?:patient|case|proband)\b|\bin\s+our\b"
    r"|\b(?:the\s+)?(?:present|current|index)\s+(?:patient|case)\b"
    r"|\bwe\s+(?:report|present|describe)\b"
)
_SENTENCE_END = re.compile(r"[.!?](?:\s+|(?=[A-Z]))")
_SENTENCES_OF_ANOTHERS_CASE = 5


def in_anothers_case(before: str, told: str) -> bool:
    """Whether a value told in ``told``, after ``before`` (its paragraph up to the test's
    name), lies in the run of sentences of a case of the literature: an opening sentence
    names another report's authors or patient, and no sentence since names this one."""
    openings = list(_ANOTHERS_CASE.finditer(before))
    if not openings:
        return False
    since = before[openings[-1].end() :]
    if _OUR_CASE.search(since) or _OUR_CASE.search(told):
        return False
    return len(_SENTENCE_END.findall(since)) <= _SENTENCES_OF_ANOTHERS_CASE
