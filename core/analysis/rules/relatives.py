"""Whose condition a sentence names: the patient's, or a relative's (ConText's "family"
modifier, Harkema et al., J Biomed Inform 2009;42:839-51, as medspaCy carries it).

A relative's word opens a scope over the words after it (a kin noun: "her mother", "one of
her three children"; or the family's history: "no family history of ..."), which a
termination word closes: a turn to the patient ("except for chronic asthma", "other than his
HIV positivity", "but a history of SLE"), and, for the family's history only, the patient's
presentation ("A 27-year-old man with an unremarkable medical and family history presented
with nausea, vomiting, fever"). Some kin words name no relative's condition at all (ConText's
pseudo-triggers): the family as informant or companion ("His relatives reported that he
initially complained of a sudden onset of headache", "presented, along with her relatives"),
the patient's parentage ("born of first-cousin parents, presented ... with ... hypertrichosis")
and the family doctor. A kin noun after the condition in its clause names the relative too
("a history of myocardial infarction at young ages in multiple relatives").
"""

from __future__ import annotations

import re

# A relative, by kin word ("sister", "grandparents", "children", "offspring").
# "Children" as kin only where they are someone's ("one of her three children", "the children
# of the oldest sister"), never a population ("depression in children", "the Anxiety
# Questionnaire for Children").
KIN = (
    r"(?:mother|father|brother|sister|sibling|parent|son|daughter|cousin|niece|nephew|aunt|"
    r"uncle|relative|grand(?:mother|father|parent|son|daughter|child)|half-(?:brother|sister)|"
    r"stepmother|stepfather)s?|grandchildren|offspring|"
    r"(?<=his\s)children|(?<=her\s)children|(?<=their\s)children|(?<=both\s)children|"
    r"(?<=two\s)children|(?<=three\s)children|(?<=four\s)children|children(?=\s+of\b)"
)
# A child of the patient's told by its order ("the birth of a previous female child with
# classical CAH", "their 27-month-old first baby"), not the patient ("the first child of
# nonconsanguineous parents", "the second baby was admitted").
_ORDERED_CHILD = (
    r"(?:previous|older|elder|eldest|oldest|first|other|another)\s+(?:[\w-]+\s+)?"
    r"(?:child|baby|infant)(?!\s+of\b)"
)
_FAMILY_HISTORY = r"family(?:\s+(?:medical\s+)?histor(?:y|ies))?|maternal|paternal"
_KIN_WORD = re.compile(r"(?i)\b(?:" + KIN + "|" + _ORDERED_CHILD + r")\b")
_FAMILY_WORD = re.compile(r"(?i)\b(?:" + _FAMILY_HISTORY + r")\b")

# Kin words that name no relative's condition (pseudo-triggers), blanked before the search.
_PSEUDO = re.compile(
    r"(?i)"
    # The family as informant: "His relatives reported", "His family had noticed", "the
    # patient's family clarified that", "His parents denied", "According to the mother".
    r"\b(?:" + KIN + r"|family)\s+(?:had\s+|also\s+|later\s+)?(?:reported|noticed|noted|observed|"
    r"described|stated|said|claimed|clarified|denied|mentioned|recalled|witnessed|accepted|"
    r"refused|consented|agreed|brought|sought)\b|"
    r"\b(?:according\s+to|per|by)\s+(?:(?:his|her|their|the|its)\s+)?(?:patient['’]s\s+)?"
    r"(?:" + KIN + r"|family)\b(?!\s+(?:history|members?))|"
    # The family as companion: "presented, along with her relatives", "passed away with
    # family at bedside", "after discussion ... with the patient and her family".
    r"\b(?:along\s+)?with\s+(?:(?:the\s+patient\s+and\s+)?(?:his|her|their|the)\s+)?"
    r"(?:family|relatives|parents)\b(?!\s+(?:history|members?|of\b))|"
    r"\b(?:patient|he|she)\s+and\s+(?:his|her|their)\s+(?:family|relatives|parents)\b|"
    # The patient's parentage: "born of first-cousin parents", "a girl of non-consanguineous
    # parents", "from consanguineous parents", "the fourth child of the third-degree
    # consanguineous marriage".
    # Not "a child of consanguineous parents with early onset mitochondrial encephalopathy" (a
    # case of the literature, whose conditions are not the patient's either).
    r"\b(?:of|to|from)\s+(?:(?:a|an|the|two|healthy|young|unrelated|related|[\w-]*consanguineous|"
    r"first[-\s]cousin|[\w-]+[-\s]degree|[A-Z][a-z]+)\s+){1,4}(?:parents|couple|marriage)\b"
    r"(?!\s+with\b)|"
    r"\bconsanguineous\s+(?:parents|marriage|couple)\b(?!\s+with\b)|"
    # The family's doctor.
    r"\bfamily\s+(?:doctor|physician|practitioner|medicine|practice|clinic)s?\b"
)
# What closes a relative's scope: a turn back to the patient.
_TURN = re.compile(
    r"(?i);|\bexcept\b|\bother\s+than\b|\bapart\s+from\b|\baside\s+from\b|"
    r"\bbut\s+(?=(?:he|she|the\s+patient|our\s+patient|a\s+(?:[\w-]+\s+)?history|"
    r"(?:his|her)\s+(?:own|past|medical|personal)|was\s+known|had\s+a\s+history)\b)"
)
# The verbs of a patient's presentation ("presented with", "was admitted", "was referred"),
# which the readers of notes.py close their scopes with too.
PRESENTATION_VERBS = r"presents?|presented|presenting|admitted|referred|came|comes"
# What closes the family's history (not a kin noun, which may present: "His sister presented
# with similar immunodeficiency manifestations"): the patient's presentation after it.
_PRESENTATION = re.compile(r"(?i)\b(?:" + PRESENTATION_VERBS + r"|complain\w*|c/o|to\s+explain)\b")
# A kin noun after the condition, in its clause: "diabetes mellitus in both her mother and
# sister", "myocardial infarction at young ages in multiple relatives", "cystinosis in an older
# sibling", "pregnancy-induced hypertension in the mother".
_KIN_AFTER = re.compile(
    r"(?i)^[^.;:()]{0,60}?\bin\s+(?:(?:his|her|their|the|a|an|both|two|three|several|multiple|"
    r"many|one|all|some|of|close|older|elder|younger|first[-\s]degree|second[-\s]degree|"
    r"paternal|maternal|patient['’]s)\s+){0,4}(?:" + KIN + r")\b"
)
_PATIENT_AFTER = re.compile(r"(?i)\b(?:presented|admitted|referred|but|however|whereas)\b")


def _blanked(text: str) -> str:
    """The text with its pseudo-triggers blanked (same length, offsets kept)."""
    return _PSEUDO.sub(lambda m: " " * len(m.group()), text)


def relatives_before(before: str) -> bool:
    """A relative's scope reaches the end of ``before`` (the words before the condition)."""
    words = _blanked(before)
    turns = [m.end() for m in _TURN.finditer(words)]
    scope = words[turns[-1] :] if turns else words
    if _KIN_WORD.search(scope):
        return True
    family = list(_FAMILY_WORD.finditer(scope))
    return bool(family) and not _PRESENTATION.search(scope[family[-1].end() :])


def relatives_after(after: str) -> bool:
    """A kin noun after the condition in its clause names whose it is ("in his mother")."""
    found = _KIN_AFTER.match(_blanked(after))
    return found is not None and not _PATIENT_AFTER.search(found.group())
