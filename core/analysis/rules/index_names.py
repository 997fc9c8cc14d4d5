"""Names of diagnoses the ICD-10-CM alphabetic index gives and the tabular list does not.

The code set the reader loads (simple-icd-10-cm) carries the tabular list only: a disease the
Index to Diseases and Injuries alone names ("Pseudomyxoma peritonei" C78.6, "Abscess, liver"
K75.0, "Syndrome, Birt-Hogg-Dube" Q87.89) was no name the reader knew. CMS publishes the index
(US government work, public domain) in its "code tables, tabular and index" release;
``scripts/build_index_names.py`` reads a flattening of it (one row per main term or subterm,
with its level, its "see" references, its nonessential modifiers and its code) and writes
``index_names.tsv`` beside this module: one name and one code a line, under a header naming the
source, its commit and the CMS release. This module reads that file and holds the rules that
decide which index entries are names a doctor writes:

- a main term with its code ("Pseudomyxoma peritonei"), and a subterm with its main term in the
  order a doctor writes them ("Abscess, liver, amebic" is "amebic liver abscess"; "Syndrome,
  Stickler" is "Stickler syndrome"; an adjective's main term first, "Aberrant, artery" is
  "aberrant artery"), to a depth of ``MAX_DEPTH`` subterms;
- never a subterm that qualifies instead of naming ("with", "due to", "in", "NEC", "specified",
  "see", a comma's list or a bracket) nor anything below it;
- never a chapter that names no disease of the patient's (R: findings, Z: encounters and history,
  S and T: injuries and poisonings coded by site and drug, V to Y: external causes);
- never a name of a value or a tissue's look ("hyponatremia", "leukocytosis", "granulation
  tissue", "hyperkeratosis"): the lab rules and the report's conclusion name those;
- a name whose code begins with a word the index bracketed as nonessential ("Palsy, bulbar
  (progressive)" G12.22), or that shares no word with its code unless an eponym or a tumour
  ("Vasculitis" I77.6 "Arteritis, unspecified"), is none; nor (the build's rule) one whose known
  inner term is coded in another chapter ("capillary hemangioma" I78.1 holds "hemangioma" D18.0);
- a subterm's name only where its code names it more closely than the code set's residual
  ("kidney disease" N28.9 "Disorder of kidney and ureter, unspecified", "malignant tumor"
  C80.1, "drug use" F19.90 name a class, no diagnosis); a main term's own name stands there
  ("Hailey-Hailey disease" Q82.8 is the index's own word for it).

The code set's terms, the hand-kept index names and the Disease Ontology's names come first
(``icd_terms._built_terms``): an index name never changes what those already name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from core.analysis.rules.disease_names import header_lines, shipped_names

DATA = Path(__file__).with_suffix(".tsv")  # index_names.tsv, beside this module

MAX_DEPTH = 3  # subterms below a main term (the index goes to nine)
LEFT_OUT_CHAPTERS = ("R", "Z", "S", "T", "V", "W", "X", "Y")

# A subterm that qualifies its main term instead of naming a kind of it: "with", "due to",
# "in pregnancy", "specified NEC", "following procedure", "see also".
_QUALIFYING = frozenset(
    {
        "with", "without", "due", "in", "of", "following", "complicating", "from", "by",
        "as", "after", "during", "affecting", "involving", "and", "or", "not", "see", "to",
        "on", "at", "for", "than", "nec", "nos", "specified", "unspecified", "other",
        "except", "code",
    }
)  # fmt: skip
# A main term read first, before its subterms: an adjective ("Aberrant, artery, cerebral" is
# "aberrant cerebral artery") or a possessive ("Legionnaires', disease").
_ADJECTIVE = re.compile(r"(?:'s|s'|ic|al|ed|ous|ive|ary|ant|ent|ile|ular|ar)$")
# A subterm that is the noun a main term qualifies: "Addison's, disease".
_HEAD_NOUNS = frozenset(
    {"disease", "syndrome", "infection", "disorder", "fever", "anemia", "anomaly", "complex"}
)
# A main term's name is whole where its last word names a disease or a thing; the flattening
# keeps a title's words before its nonessential modifier only, so "Rocky Mountain (spotted)
# fever" came as "Rocky Mountain", "Von Hippel(-Lindau) disease" as "Von Hippel".
_WHOLE_NAME = re.compile(
    r"(?:itis|osis|oma|emia|aemia|pathy|iasis|ectasis|plegia|megaly|ism|uria|rrh(?:o)?ea|ia|"
    r"disease|syndrome|fever|infection|anomaly|deficiency|atresia|cyst|tumou?r|sarcoma|"
    r"hernia|ulcer|palsy|pox|plague|stone|polyp|aneurysm|abscess|fistula|pregnancy|defect)$"
)
# A value's or a tissue's name, which the report's labs or its pathology name: a blood or
# urine value ("hyponatremia", "leukocytosis", "macrocytosis", "hypoalbuminemia") and the look
# of a tissue under the microscope ("granulation tissue", "hyperkeratosis", "steatosis").
_VALUE_NAME = re.compile(r"(?:emia|aemia|uria|cytosis|penia)$")
_TISSUE_LOOK = frozenset(
    {
        "granuloma", "granulomatosis", "granulation tissue", "granulomatous tissue",
        "hyperkeratosis", "dyskeratosis", "acanthosis", "steatosis", "melanosis",
        "calcinosis", "nephrocalcinosis", "hamartoma", "dermatosis", "splenosis",
        "melanocytosis", "angiomatosis", "cotton wool spots", "rhinorrhea", "steatorrhea",
        "necrosis",
    }
)  # fmt: skip
# Main terms that are ordinary words of degree, size or an event, whose entries name a finding
# or a procedure ("Increased, intracranial pressure", "Elevated, triglycerides", "Enlarged,
# uterus", "Delivery, cesarean", "Tall stature"), no diagnosis.
_ORDINARY_MAINS = frozenset(
    {
        "abnormal", "absence", "absent", "decreased", "deficient", "delivery", "dry",
        "elevated", "elevation", "enlarged", "enlargement", "excess", "excessive", "high",
        "increase", "increased", "large", "long", "loss", "low", "prominent", "prominence",
        "short", "small", "stature", "tall",
    }
)  # fmt: skip
# The first word of a main term of degree or an event: "Tall stature", "Cesarean delivery".
_DEGREE_WORDS = frozenset(
    {"increased", "elevated", "decreased", "enlarged", "prominent", "tall", "cesarean"}
)
# Words a name never begins or holds alone: "His' disease" (trench fever) read in "his disease
# progressed"; a subterm of one letter ("Hemoglobin, S") read backwards as "s hemoglobin".
_FUNCTION_WORDS = frozenset({"his", "her", "its", "their", "the", "a", "an", "this", "that", "no"})
# A code's description that names the residual of its category, not one disease: "Other ...",
# "Unspecified ...", "... not elsewhere classified", and a class's noun left unspecified
# ("Disorder of kidney and ureter, unspecified", "Malignant (primary) neoplasm, unspecified");
# not a disease left unspecified ("Acute disseminated encephalitis and encephalomyelitis,
# unspecified", "Iron deficiency anemia, unspecified").
_RESIDUAL = re.compile(r"^(?:other|unspecified)\b|\bother specified\b|not elsewhere classified")
_CLASS_NOUN = re.compile(
    r"\b(?:disorders?|diseases?|conditions?|neoplasms?|lesions?|abnormalit(?:y|ies)|"
    r"anomal(?:y|ies)|malformations?|dysfunction)\b"
)


def main_forms(title: str) -> list[str]:
    """A main term's names: its first form and the forms after a comma that spell the same
    word ("Albuminuria, albuminuric"); "Abduction contracture, hip" is one name, "Abduction
    contracture"."""
    parts = [part.strip() for part in title.split(",")]
    first = parts[0]
    forms = [first, *(p for p in parts[1:] if p[:4].lower() == first[:4].lower() and " " not in p)]
    return [named for form in forms for named in _either_noun(form)]


_EITHER = re.compile(r"^(?P<name>.+) (?P<one>\w+) or (?P<other>\w+)$")


def _either_noun(form: str) -> list[str]:
    """ "Niemann-Pick disease or syndrome": "Niemann-Pick disease", "Niemann-Pick syndrome"."""
    either = _EITHER.match(form)
    if either is None:
        return [form]
    return [f"{either['name']} {either['one']}", f"{either['name']} {either['other']}"]


def names_a_kind(subterm: str) -> bool:
    """A subterm that names a kind of its main term ("liver", "amebic", "Stickler"), not a
    qualifier ("with coma", "due to drug", "specified NEC", "(any site)", "hip, knee")."""
    if not subterm or any(ch in subterm for ch in ",()[]:") or subterm.startswith("-"):
        return False
    return not _QUALIFYING & set(subterm.lower().split())


def whole_title(title: str, modifier: str) -> bool:
    """A title the flattening kept whole: no nonessential modifier, or one after a name whose
    last word names a disease ("Abasia (-astasia)"), not before its noun ("Rocky Mountain")."""
    return not modifier or bool(_WHOLE_NAME.search(title.lower()))


def spelt_forms(title: str) -> bool:
    """A title that is one word and the other forms of that word ("Paralysis, paralytic",
    "Stenosis, stenotic", "Infection, infected, infective"): the index writes a main term's
    forms before its nonessential modifier and never a noun after them, so the flattening's cut
    at the modifier ("Paralysis, paralytic (complete) (incomplete)") lost no word of the title.
    Of the flattening's 73 rows whose modifier column holds words outside brackets ("Long-term
    (current) (prophylactic) drug therapy"), none has such a title."""
    parts = [part.strip() for part in title.split(",")]
    first = parts[0]
    return len(parts) > 1 and all(
        part and " " not in part and part[:4].lower() == first[:4].lower() for part in parts
    )


def named_forms(title: str, modifier: str, own_code: str = "") -> list[str]:
    """The forms of a main term its names are written with: a whole title's ``main_forms``; of
    a title of one word's forms that the whole-title test leaves out because its last form has
    no disease's ending ("Paralysis, paralytic (complete) (incomplete)": every "Paralysis, ..."
    subterm, "vocal cord paralysis" J38.00, was lost), the noun alone, where it names a disease
    (``own_code``, the main term's, of chapters A to Q: "Paralysis" G83.9, "Hernia" K46.9) or
    a lesion ("Stenosis", "Thrombosis"); its adjective forms put first ("paralytic vocal cord")
    name nothing a doctor writes. "Weak, weakening, weakness" (R53.1), "Difficult, difficulty",
    "Puerperal, puerperium" name no disease, "Necrosis, necrotic" a tissue's look: none, as
    before."""
    if whole_title(title, modifier):
        return main_forms(title)
    if not spelt_forms(title):
        return []
    noun = main_forms(title)[0]
    if noun.lower() in _TISSUE_LOOK:
        return []  # "granulomatous inflammation with central necrosis of the kidney" (CUPCase
        # 1256, renal tuberculosis) is a look under the microscope, not N28.0's infarct
    disease = bool(own_code) and not own_code.startswith(LEFT_OUT_CHAPTERS)
    return [noun] if disease or _names_a_lesion(noun.lower()) else []


def phrase(main: str, subterms: Sequence[str]) -> str:
    """The name as a doctor writes it: the subterms before the main term, the deepest first
    ("Abscess, liver, amebic": "amebic liver abscess"); an adjective's or a possessive's main
    term before them ("Aberrant, artery, cerebral": "aberrant cerebral artery")."""
    if not subterms:
        return main
    if _ADJECTIVE.search(main.lower()) or subterms[0].lower() in _HEAD_NOUNS:
        return " ".join([main, *reversed(subterms)])
    return " ".join([*reversed(subterms), main])


def ordinary_main(title: str) -> bool:
    """A main term that is a word of degree, size or an event ("Increase, increased",
    "Delivery", "Tall stature, constitutional")."""
    first = title.split(",")[0].strip().lower()
    return first in _ORDINARY_MAINS or first.split(" ")[0] in _DEGREE_WORDS


def reads_as_other_words(name: str) -> bool:
    """A name that reads as ordinary words: one beginning with a pronoun or an article ("his
    disease"), a number ("1 class obesity") or holding a lone letter ("s hemoglobin")."""
    words = name.split()
    return (
        words[0] in _FUNCTION_WORDS
        or words[0][:1].isdigit()
        or any(len(word) == 1 and word.isalpha() for word in words)
        or bool({"nec", "nos"} & set(words))  # "Hyperphenylalaninemia NEC": a residual
    )


def names_a_value_or_tissue(name: str) -> bool:
    """A lab value's name ("hyponatremia", "leukocytosis") or a tissue's look under the
    microscope ("granulation tissue", "hyperkeratosis")."""
    return name in _TISSUE_LOOK or (" " not in name and bool(_VALUE_NAME.search(name)))


def names_the_residual(description: str) -> bool:
    """The code's description is its category's residual ("Disorder of kidney and ureter,
    unspecified", "Other specified disorders of veins"): a subterm's name coded there names
    a class ("kidney disease", "collateral circulation"), no diagnosis."""
    described = description.lower()
    if _RESIDUAL.search(described):
        return True
    head = described.split(",")[0]
    return described.endswith("unspecified") and bool(_CLASS_NOUN.search(head))


# A subterm the index capitalises is a proper name: an eponym ("Disease, Erdheim-Chester"), a
# place ("Disease, Iceland") or an agent ("Canaliculitis, Actinomyces"); a symbol ("B12", "Hb
# SS", "R7", "X-linked") is not one.
_PROPER_NAME = re.compile(r"^[A-Z][a-zà-ÿ]{2}")
# The structures an anatomist's eponym names ("Pouch, Hartmann's", "Sinus, Rokitansky-Aschoff"):
# a place of the body, no disease of it.
_STRUCTURES = frozenset(("canal", "duct", "gland", "ligament", "membrane", "pouch", "sinus"))


def names_its_own_disease(subterm: str, name: str) -> bool:
    """A subterm that is a proper name names a disease of its own, not a class: where the
    classification has no code for it, the index files it at its category's residual, and that
    code is the one the name is coded by ("Erdheim-Chester disease" E88.89 "Other specified
    metabolic disorders", "Susac syndrome" G93.49, "Degos' disease" I77.89). A name ending in a
    structure ("hartmann's pouch") is anatomy, not a disease."""
    return bool(_PROPER_NAME.match(subterm)) and name.split()[-1] not in _STRUCTURES


_MODIFIER_WORD = re.compile(r"[a-z]{4,}")


def needs_its_modifier(name: str, modifiers: Iterable[str], description: str) -> bool:
    """The code's description begins with a word the index bracketed as nonessential: "Palsy,
    bulbar (progressive) (chronic)" is G12.22 "Progressive bulbar palsy", a motor neuron
    disease, not a bulbar palsy of any cause; "Foramen ovale (nonclosure) (patent)" is Q21.12
    "Patent foramen ovale", not the anatomy."""
    first = (_MODIFIER_WORD.findall(description.lower()) or [""])[0]
    named = set(_MODIFIER_WORD.findall(name.lower()))
    bracketed = {word for text in modifiers for word in _MODIFIER_WORD.findall(text.lower())}
    return first in bracketed - named - _COURSE_WORDS


# A course or a degree the code's description may begin with and a name may leave out:
# "Infarct, spinal (cord) (acute)" is G95.11 "Acute infarction of spinal cord".
_COURSE_WORDS = frozenset({"acute", "chronic", "subacute", "primary", "secondary", "other"})


_STEM_WORD = re.compile(r"[a-z]{4,}")


def eponym(name: str) -> bool:
    """A name after a person or a place, as the index writes it: a possessive ("Kartagener's
    syndrome", "Legionnaires' disease") or a capital past the name's first letter
    ("Birt-Hogg-Dube syndrome", "Hailey-Hailey disease")."""
    return bool(re.search(r"\w's?\b", name)) or any(ch.isupper() for ch in name[1:])


def agrees_with_its_code(name: str, code_words: set[str], code: str) -> bool:
    """A name shares a word (its first five letters) with its code's description or inclusion
    terms, as the Disease Ontology's names must (disease_names.agrees): "vasculitis" sent to
    I77.6 "Arteritis, unspecified" or "glomerulonephritis" to N05.9 "Unspecified nephritic
    syndrome" names a class the code narrows. An eponym ("Wilkie's syndrome" K55.1) and a
    tumour the index files by its site ("hepatocellular adenoma" D13.4, "Benign neoplasm of
    liver") are the index's own."""
    if eponym(name) or code.startswith("C") or (code.startswith("D") and code[1:3] < "50"):
        return True
    return bool({word[:5] for word in _STEM_WORD.findall(name.lower())} & code_words)


@cache
def index_names() -> dict[str, str]:
    """The index's names (lower case) -> the ICD-10-CM code each names, as shipped."""
    return shipped_names(DATA)


def header() -> list[str]:
    """The shipped file's header lines: its source, commit, CMS release and filters."""
    return header_lines(DATA)


# The index names a site by its noun before the lesion ("Torsion, ovary" is "ovary torsion",
# "Ectopic, testis" is "testis ectopia"); doctors write the site's adjective or "of the":
# "Ovarian Torsion Leading to Necrosis" (PMC11416194), "transverse testicular ectopia"
# (PMC11625236, PMC11623908), "torsion of the ovary". A lesion's name only: a disease's ending
# ("ectopia", "teratoma", "hyperplasia") or one of these nouns; never a finding or a substance
# ("pleural thickening", "gastric acid") nor a process of any organ ("rupture").
_LESION_NOUNS = frozenset(
    {
        "torsion", "calculus", "calculi", "obstruction", "stricture", "compression",
        "dilatation", "agenesis", "infarct", "infarction", "ulceration", "prolapse",
    }
)  # fmt: skip


def _names_a_lesion(words: str) -> bool:
    last = words.split()[-1]
    return last in _LESION_NOUNS or bool(_WHOLE_NAME.search(last))


def site_wordings(names: dict[str, str], adjectives: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """Each index name that begins with a site's noun (``adjectives``' keys) as doctors also
    write it: with the site's adjective ("ovarian torsion"), and after the lesion ("torsion of
    ovary", "torsion of the ovary"); each wording with its name's code."""
    wordings: dict[str, str] = {}
    for name, code in names.items():
        for site, forms in adjectives.items():
            if site == "connective":
                continue  # "connective tissue disease": the site is "connective tissue"
            lesion = name.removeprefix(f"{site} ")
            if lesion == name or not _names_a_lesion(lesion):
                continue
            for wording in (
                *(f"{form} {lesion}" for form in forms),
                f"{lesion} of {site}",
                f"{lesion} of the {site}",
            ):
                wordings.setdefault(wording, code)
    return wordings
