"""A diagnosis the case told as its earlier one: the working diagnosis a case report revised.

A case report tells how its diagnosis was reached, and the way there often passes a diagnosis
the case later set aside: "The patient was initially diagnosed with acute appendicitis with
small bowel obstruction" (the case is Meckel's diverticulitis, MedRBench PMC11512724), "We
report a case of a premature neonate ..., initially diagnosed with jejunal atresia" (a partial
midgut agenesis, PMC11566699), "The initial clinical diagnosis was one of left ovarian cyst" (a
primary ovarian angiosarcoma, CUPCase row 3116), "initially misdiagnosed as conjunctivitis".
Such a diagnosis is the case's earlier one: it comes after every condition and lab finding the
documents tell now (``diagnosis._order``), and leads only where nothing else is known.

"Provisional", "preliminary" and "presumptive" are left out: a preliminary list of diagnoses
is the working problem list, which the case may keep ("the following preliminary diagnoses
were made: (1) septic shock", CUPCase row 1109, a scrub typhus in septic shock), and in the
pools a provisional diagnosis is as a rule the one the case
confirms ("Based on clinical signs, tongue hemangioma was provisionally diagnosed", PMC11405070;
"A provisional diagnosis of HHD was made", PMC11479426), so it stays a diagnosis worded with
doubt (notes._PROVISIONAL). So is an initial step of the work-up that found the disease
("Initial investigations showed ...", "the initial CT revealed"): only the diagnosis itself
told as initial ("initially diagnosed", "the initial diagnosis", "initially suspected") is.
"""

from __future__ import annotations

import re

from core.analysis.rules.relatives import KIN

# The diagnosis told as the first or working one: the qualifier, at most three words, then the
# diagnosis, the suspicion or the treatment as a disease ("initially diagnosed with", "the
# initial clinical diagnosis was", "we initially suspected", "was initially thought to be",
# "at first considered", "originally thought", "treated as"); or the qualifier after the verb ("was
# diagnosed initially with"); or a misdiagnosis.
_QUALIFIER = r"(?:initial(?:ly)?|at\s+first|originally)"
_TOLD = (
    r"(?:diagnos(?:is|es|ed)|impressions?|suspicions?|suspected|thought|considered|believed|"
    r"favou?red|labell?ed|treated\s+as|misdiagnos[a-z]*)"
)
_EARLIER = re.compile(
    r"(?i)\b" + _QUALIFIER + r",?\s+(?:[\w-]+\s+){0,3}?" + _TOLD + r"\b|"
    r"\b(?:diagnosed|suspected|thought|considered)\s+" + _QUALIFIER + r"\b|"
    r"\bmisdiagnos[a-z]*\b"
)
# The words of a turn to what the case found later, after a working diagnosis; notes.py's
# provisional statements stop at them too (notes._LATER_TURN).
LATER_WORDS = r"later|subsequently|eventually|finally|ultimately|then"
# A turn to what the case found later ("initially diagnosed with X, but later found to have
# Y"): what follows it is no earlier diagnosis. Also "but", "however", "confirmed" and
# "revealed", which turn the telling too.
_LATER_TURN = re.compile(
    rf"(?i)\b(?:{LATER_WORDS}|but|however|"
    r"confirm(?:ed|ing)?|reveal(?:ed|ing)?|proved|proven|turned\s+out)\b"
)
# How far before the condition the words that call it earlier may stand.
_REACH = 120


def told_as_earlier(clause: str) -> bool:
    """The words of a condition's own clause before it tell it as the case's earlier,
    working diagnosis ("was initially diagnosed with"), with no turn to a later finding
    between those words and the condition."""
    window = clause[-_REACH:]
    told = list(_EARLIER.finditer(window))
    return bool(told) and not _LATER_TURN.search(window[told[-1].end() :])


# A diagnosis told of another time, dated years before in the statement's own clause however
# long the disease's name: "He was diagnosed with interstitial pneumonia with autoimmune
# features (IPAF) 4 years ago, presenting with exertional dyspnea" (MedRBench PMC11439192, a
# nintedanib-induced thrombocytopenia now). notes._HISTORY_AFTER reads a date 40 characters
# after a mention; a statement's date may stand further, after the name's abbreviation. Not a
# duration ("symptoms for two years before") nor a date of another event the clause tells
# ("which began", "after the surgery he had 2 years ago"); months are left out, since a case
# often tells its own diagnosis a few months before its complication ("diagnosed with uterine
# LG-ESS five months prior", PMC11518685).
_NO_NEW_EVENT = (
    r"(?:(?!\b(?:which|that|who|when|after|since|following|for|over|had|has|have|underwent|"
    r"began|started)\b)[^.;])"
)
_YEARS_BEFORE = re.compile(
    r"(?i)^" + _NO_NEW_EVENT + r"{0,100}?\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|eleven|twelve|fifteen|twenty|thirty|several|many)\s+(?:years?|decades?)\s+"
    r"(?:ago|earlier|before|prior|previously)\b"
)


def dated_years_before(after: str) -> bool:
    """The words after a stated condition date its statement years before the case."""
    return bool(_YEARS_BEFORE.match(after))


# A diagnosis another party tells of, the case's informant and not its doctors: "According to
# the mother, he was diagnosed with a severe form of scarlet fever" (MedRBench PMC11546350, a
# Kawasaki disease found years later), "As reported by his parents, she had been diagnosed
# with". A relative's account of a diagnosis made elsewhere is the patient's history.
_TOLD_BY_ANOTHER = re.compile(
    r"(?i)\b(?:according\s+to|as\s+(?:reported|told|stated)\s+by|per)\s+(?:the\s+|his\s+|her\s+|"
    r"their\s+)?(?:patient['’]s\s+)?(?:" + KIN + r"|family|caregivers?|guardians?|husband|wife|"
    r"spouse|partner)\b"
)


def told_by_another(before: str) -> bool:
    """The sentence before a stated condition gives a relative as the teller."""
    return bool(_TOLD_BY_ANOTHER.search(before))
