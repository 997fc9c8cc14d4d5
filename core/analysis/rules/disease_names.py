"""Names of diseases the ICD-10-CM code set does not give, from the Human Disease Ontology.

The tabular list gives a disease's code by its description and inclusion terms; many a
name a case report uses ("Takayasu arteritis", "Legionnaire's disease", "giant lymph node
hyperplasia") is only in the alphabetic index, which is not available offline. The Human Disease
Ontology (DO, https://disease-ontology.org, CC0 1.0) maps thousands of diseases, by their
label and synonyms, to ICD-10-CM codes. ``scripts/build_disease_names.py`` reads a snapshot of
DO and writes ``disease_names.tsv`` beside this module (one name and one code a line, under
a header naming the release, its commit and its licence); this module reads that file and holds
the rules that decide which of DO's names are safe to read in a doctor's notes:

- the name is DO's label or an EXACT synonym, never one DO types as an acronym, never an
  abbreviation of capitals ("PAN", "MS", "AS", "DIL") nor a gene symbol ("BRCA1"), never a
  numbered locus of a disease ("Alzheimer's disease 10": notes name the disease), never an
  inverted index form or one with a bracketed qualifier;
- the disease's codes fall in one category (a DOID that maps to both "Q23.0" and "I06.0",
  aortic valve stenosis congenital or rheumatic, names neither); where several codes of one
  category are given, the one all others start with (Usher syndrome: Q99.81);
- a name given by diseases of different codes is no name of either;
- the code is in the code set the reader loads (``core.icd10.code_set``).

One-word names pass ``icd_terms``'s guards for the code set's own one-word terms, and the code
set's terms and the hand-kept index names come first: a DO name never changes what a term of
the code set already names.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_suffix(".tsv")  # disease_names.tsv, beside this module

# A word of capitals (and digits) only: an acronym or a gene symbol ("PAN", "SLE", "BRCA1",
# "MODY3"); "CHARGE syndrome" keeps it only with the disease's noun beside it.
_CAPITALS = re.compile(r"^[A-Z0-9][A-Z0-9-]*[A-Z][A-Z0-9-]*$|^[A-Z0-9]*[0-9][A-Z0-9]*[A-Z]$")
# A numbered locus or subtype after the disease's noun, "Alzheimer's disease 10", "Bardet-Biedl
# syndrome 12", "spinocerebellar ataxia type 3" is kept only where "type" says it.
_LOCUS = re.compile(r"\s(?:\d+[A-Za-z]?\d*|[A-Z])$")
_TYPE_LOCUS = re.compile(r"\stype\s+\S+$", re.IGNORECASE)
_INDEX_FORM = re.compile(r"[,;.()\[\]/]|\bNOS\b")


def usable_name(name: str) -> bool:
    """A name of DO the notes can be read for: not an acronym, a gene symbol, a numbered locus
    or an index form, and with at least one word that is not capitals."""
    words = name.split()
    if not words or _INDEX_FORM.search(name):
        return False
    if len(words) == 1 and (_CAPITALS.match(name) or any(ch.isdigit() for ch in name)):
        return False  # "PAN", "AS", "BRCA1": a lone acronym or symbol reads as a common word
    if all(_CAPITALS.match(word) for word in words):
        return False  # "CMT 1A", "AD 2"
    return not (_LOCUS.search(name) and not _TYPE_LOCUS.search(name))


def one_code(codes: Iterable[str]) -> str | None:
    """The code a disease's ICD-10-CM cross-references give: every code in one category, the
    one all the others start with (C46 for Kaposi's sarcoma's C46.0 to C46.5); else none."""
    given = set(codes)
    if not given or len({code[:3] for code in given}) != 1:
        return None
    broadest = min(given, key=len)
    return broadest if all(code.startswith(broadest) for code in given) else None


# A tumour's name that does not say it is malignant ("testicular tumor", "cardiac tumor",
# "orbital tumor") is no name of a malignant code: the index sends "Tumor" to "Neoplasm,
# unspecified behavior" (DO files "X tumor" under "X cancer").
_TUMOUR = re.compile(r"\b(?:tumou?rs?|neoplasms?|mass(?:es)?|growths?|lesions?)\b")
_MALIGNANT = re.compile(
    r"malignan|cancer|carcinom|sarcom|lymphom|leuk(?:a)?emi|melanom|myelom|blastom|metasta"
)


def fits_behaviour(name: str, code: str) -> bool:
    """A malignant code (C00-C96) only for a name that says the tumour is malignant."""
    malignant_code = code.startswith("C")
    return not (malignant_code and _TUMOUR.search(name) and not _MALIGNANT.search(name))


# The code set's chapters of one population (O: pregnancy, P: the newborn) name a disease of
# that population only: "respiratory insufficiency" filed under P27.1 (of the perinatal period)
# names no adult's disease, as the code set's own heads of those chapters do not.
_POPULATION = {
    "O": re.compile(
        r"pregnan|gestation|placent|obstetric|puerper|postpartum|eclamp|abortion|ectopic|"
        r"amniotic|labou?r|deliver|hyperemesis|hydatidiform|molar|chorio|matern|hellp"
    ),
    "P": re.compile(r"neonat|newborn|perinat|fetal|foetal|prematur|birth|infant|congenital"),
}
# A code whose description begins with a kind of its disease ("Congenital mitral
# insufficiency" Q23.3, "Rheumatic aortic insufficiency" I06.1, "Congenital non-neoplastic
# nevus" Q82.5 for "capillary hemangioma", "Alcoholic fatty liver" K70.0 for "fatty liver
# disease") is narrower than a name that does not say it.
_KIND_FIRST = re.compile(r"^(congenital|rheumatic|neonatal|alcoholic)\b")


def fits_population(name: str, code: str, description: str) -> bool:
    """A code of pregnancy or of the newborn only for a name that says so; a code of a kind
    (congenital, rheumatic) only for a name that says that kind."""
    population = _POPULATION.get(code[:1])
    if population is not None and not population.search(name):
        return False
    kind = _KIND_FIRST.match(description.lower())
    return kind is None or kind[1][:6] in name


# A loss or weakness of a function is a finding the code set keeps in its own words: DO's
# "visual impairment" and "vision loss" (H54, blindness) read a screening's "to prevent
# long-term visual impairment" as a diagnosis, its "spastic diplegia" (G80.1, cerebral palsy)
# an examination's "extensor plantar response suggestive of spastic diplegia".
_FINDING = re.compile(
    r"\b(?:loss|impairment|dysfunction|weakness|paralysis|paresis|pain|deficit|\w*plegia)$"
)


def names_a_finding(name: str) -> bool:
    """The name ends in a function lost or weakened ("vision loss", "facial paralysis")."""
    return bool(_FINDING.search(name))


# Words no disease is told apart by, left out when DO's names and the code set's are compared.
_GENERIC = frozenset(
    {"disease", "diseases", "disorder", "disorders", "syndrome", "other", "unspecified"}
    | {"specified", "with", "without", "type", "acute", "chronic", "primary", "secondary"}
    | {"classified", "elsewhere", "site", "sites", "and", "the", "due", "not", "nos"}
)


def stems(text: str) -> set[str]:
    """A text's words of four letters or more as their first five letters, accents and
    generic words left out: "Echinococcosis" and "echinococcus" meet, "coeliac" and "celiac"
    do not."""
    plain = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()
    return {w[:5] for w in re.findall(r"[a-z]+", plain) if len(w) >= 4 and w not in _GENERIC}


def agrees(label: str, names: Iterable[str], code_words: set[str]) -> bool:
    """DO's cross-reference is the code set's: an eponym (a label with a capital letter, as
    DO writes "Mondor's disease") is taken as DO gives it; any other disease needs one of its
    names to share a word with the code's words (``stems`` of its description and inclusion
    terms, its category's and its codes' below). "placental abruption" filed under O20.0
    "Threatened abortion", "coronary thrombosis" under I22 "Subsequent ... myocardial
    infarction" do not."""
    if any(ch.isupper() for ch in label):
        return True
    return any(stems(name) & code_words for name in (label, *names))


_CLASS_CATEGORIES = 10


def names_a_class(chapters: set[str], categories: set[str]) -> bool:
    """A disease whose narrower diseases DO codes in more than one chapter ("kidney disease":
    glomerular N, congenital Q, metabolic E) or in more than ten categories ("cancer", whose
    synonym "malignant tumor" would take "malignant tumor of the parotid gland" from its site)
    is a class of diseases, no diagnosis."""
    return len(chapters) > 1 or len(categories) > _CLASS_CATEGORIES


# An organ's "disease" filed under the code set's residual code of its disorders ("nail
# disease": L60 "Nail disorders") names no disease of the organ in particular.
_RESIDUAL = re.compile(r"^(?:other |unspecified )?disorders? of |disorders?(?:, unspecified)?$")


def names_the_organs_disorders(name: str, description: str) -> bool:
    """An organ's "X disease" (two words) coded as the code set's "Disorders of X" or "X
    disorders" ("nail disease", "prostate disease", "retinal disease")."""
    words = name.split()
    return len(words) == 2 and words[1] == "disease" and bool(_RESIDUAL.search(description.lower()))


def read_names(lines: Iterable[str]) -> dict[str, str]:
    """A names file's rows (name TAB code; "#" lines are its header) as name -> code (this
    module's and index_names.py's)."""
    names: dict[str, str] = {}
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        name, code = line.rstrip("\n").split("\t")
        names[name] = code
    return names


def shipped_names(path: Path) -> dict[str, str]:
    """The names of a shipped name file (``read_names``'s format) -> the code each names."""
    with path.open(encoding="utf-8") as lines:
        return read_names(lines)


@cache
def disease_names() -> dict[str, str]:
    """DO's disease names (lower case) -> the ICD-10-CM code each names, as shipped."""
    return shipped_names(DATA)


def header() -> list[str]:
    """The shipped file's header lines: its source, release, commit, licence and filters."""
    return header_lines(DATA)


def header_lines(path: Path) -> list[str]:
    """A shipped data file's "#" header lines (this module's, index_names.py's and
    neoplasm_sites.py's)."""
    with path.open(encoding="utf-8") as lines:
        return [line.rstrip("\n") for line in lines if line.startswith("#")]
