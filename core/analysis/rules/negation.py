"""Whether the doctor's words deny a condition: negspacy's NegEx (Chapman et al., J Biomed
Inform 2001;34:301-10) with its maintained clinical termset, on a blank spaCy pipeline.

Nothing is downloaded: a blank English tokenizer, a sentencizer and the negex component,
all inside their packages. The pipeline is built once per process, on first use (spaCy's
import takes a few seconds).
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from typing import Any

_LABEL = "CONDITION"


@cache
def _pipeline() -> Any:
    import spacy
    from negspacy.negation import Negex  # noqa: F401  (registers the "negex" factory)

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("negex", config={"ent_types": [_LABEL], "neg_termset": _termset()})
    return nlp


# What notes write beyond the clinical termset: a diagnosis "ruled out" or "resolved" after
# its name ("acute myocardial infarction ruled out"), and a few denials before it.
_MORE_TERMS = {
    # A test's result after the disease it tests for: "The HIV screening was non-reactive",
    # "Serologic testing for HIV, Yersinia and E. histolytica were negative".
    "following_negations": [
        "ruled out",
        "excluded",
        "resolved",
        "unlikely",
        "was negative",
        "were negative",
        "was non-reactive",
        "were non-reactive",
        "was nonreactive",
        "were nonreactive",
    ],
    "preceding_negations": [
        "denied",
        "denying",
        "never had",
        "fails to reveal",
        "doubtful",
        "dismissed",  # "analysis dismissed the hypothesis of meningitis"
        "lacking",  # "Lacking hypertension and hypopotassemia, the clinical presentation ..."
        "lack of",
        # An imaging impression's "resolution of" a condition (a follow-up film's wording):
        # the condition is gone, not found.
        "resolution of",
        "interval resolution of",
        # The active verb before what it excludes (see _ACTIVE_EXCLUSION): "Computed tomography
        # angiography of the chest excluded pulmonary embolism", "we excluded respiratory
        # infection, bacteremia, meningitis ... and hyperthyroidism" (JMCR, CUPCase).
        "excludes",
    ],
    # A test's new finding closes the denial before it: "Brain computed tomography (CT) scan
    # without contrast revealed mild brain edema", "During the period without phlebotomy,
    # histopathological evaluation revealed ... a noticeable improvement in liver fibrosis"
    # (JMCR, CUPCase) state the edema and the fibrosis. Finite forms only: "did not reveal",
    # "fails to reveal" and "not demonstrate" still deny what follows them.
    "termination": [
        # The presentation after the patient's denied background: "A 45-year-old Moroccan man
        # ..., with no particular personal or family medical history and without any
        # medications prior to diagnosis, presented to our emergency department with gross
        # hematuria", "with no family history of SCD was admitted ... with symptoms of anemia,
        # bone pain, arthralgia and fever" (JMCR, CUPCase): what the patient presented with is
        # the complaint, not denied. A denial after the verb ("presented without fever") still
        # denies.
        "presented",
        "presents",
        "presenting",
        "admitted",
        "was referred",
        "complaining",
        "complained",
        # "who had no personal or familial history, consulted with the chief complaints of right
        # lower back pain", "with no medical history ... returned to the hospital with
        # complaints of exertional dyspnea" (JMCR, CUPCase 452, 3695).
        "consulted",
        "returned",
        "chief complaint",
        "chief complaints",
        # What a denied cause was to explain is present: "the patient was without any other
        # significant personal history, family history, or lab abnormalities to explain her
        # severe anemia" (JMCR, CUPCase 494).
        "to explain",
        "to account for",
        "showed",
        "shows",
        "revealed",
        "reveals",
        "demonstrated",
        "demonstrates",
    ],
    # Left open, not denied: "Cannot exclude nondisplaced fractures" is a possible fracture
    # (worded with doubt, core.analysis.rules.notes), never a denied one.
    "pseudo_negations": [
        "cannot exclude",
        "can not exclude",
        "cannot rule out",
        "cannot be excluded",
        "can not be excluded",
        "cannot be ruled out",
        "not excluded",
    ],
}


# "Rule out sepsis" in an assessment is a diagnosis still to exclude, so it stays in the
# differential; NegEx's clinical set reads it as denied. "Ruled out" (done) still denies.
_STILL_SUSPECTED = {
    "preceding_negations": [
        "rules out",
        "rule out",
        "rule him out",
        "rule her out",
        "rule patient out",
        "rule the patient out",
        "r/o",
        "ro",
    ]
}


def _termset() -> dict[str, list[str]]:
    termsets: Any = importlib.import_module("negspacy.termsets")  # untyped functions
    terms = termsets.termset("en_clinical")
    terms.add_patterns(_MORE_TERMS)
    terms.remove_patterns(_STILL_SUSPECTED)
    return dict(terms.get_patterns())


# "free" follows what it denies in NegEx's set ("pain free"); before a hormone's name it is
# the unbound fraction ("the analysis of ... free thyroxin levels"), and denies nothing.
# Replaced by a word of the same length, so that offsets keep their place.
_FREE_FRACTION = re.compile(
    r"(?i)\bfree(?=\s*(?:t[34]\b|thyrox|triiodo|testosterone|cortisol|psa\b|light\s+chains?))"
)


# "excluded" is a following negation ("pulmonary embolism was excluded"); written as an active
# verb with its object after it ("Blood investigation excluded secondary causes, such as
# diabetes mellitus, systemic lupus erythematosus, and myeloma"; "These findings ... excluded a
# diagnosis of gastrointestinal stromal tumor") it denies what follows. Not after an auxiliary
# (the passive "were excluded by serological tests"), nor before "by" or "from". Replaced by
# "excludes" (same length, a preceding negation) so that offsets keep their place.
_ACTIVE_EXCLUSION = re.compile(
    r"(?i)(?<!\bwas\s)(?<!\bwere\s)(?<!\bbeen\s)(?<!\bbe\s)(?<!\bis\s)(?<!\bare\s)(?<!\bnot\s)"
    r"(?<!\bbeing\s)\bexcluded\b(?!\s+(?:by|from)\b)(?=\s+\w)"
)


def is_negated(sentence: str, start: int, end: int) -> bool:
    """True when NegEx reads the condition at ``sentence[start:end]`` as denied."""
    nlp = _pipeline()
    sentence = _ACTIVE_EXCLUSION.sub("excludes", _FREE_FRACTION.sub("unbd", sentence))
    doc = nlp.make_doc(sentence)
    span = doc.char_span(start, end, label=_LABEL, alignment_mode="expand")
    if span is None:
        return False
    doc.ents = [span]
    for _, component in nlp.pipeline:
        doc = component(doc)
    return bool(doc.ents and doc.ents[0]._.negex)
