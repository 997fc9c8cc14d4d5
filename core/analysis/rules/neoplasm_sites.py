"""Sites of the ICD-10-CM Neoplasm Table, for tumours named by their morphology (issue #29).

The alphabetic index sends a morphology ("Adenocarcinoma - see also Neoplasm, malignant, by
site") to its Neoplasm Table: one row a site, one column a behaviour (malignant primary,
secondary, in situ, benign, uncertain, unspecified). The code set's descriptions name about a
third of those sites; the table also names the ampulla of Vater (C24.1), the urachus (C67.7),
the submandibular gland (C08.0), the vocal cords (C32.0) and the rest.
``scripts/build_neoplasm_sites.py`` reads the table (a separate file of CMS's release) and
writes ``neoplasm_sites.tsv`` beside this module: a site's words and five codes a line, under a
header naming the source, its commit and the CMS release. This module reads that file and holds
the rules that decide which rows are site words a doctor writes:

- a site of the first level by its noun ("anus, anal" is "anus"), a qualifier after its noun put
  before it ("calyx, renal" is "renal calyx"; "stem, brain" is "brain stem"), "or" read both ways
  ("piriform fossa or sinus"); a site of the second level after or before its site ("bladder,
  dome": "bladder dome", "dome of the bladder"). Never the table's adjective alone: it names a
  region as often as the organ ("sacrococcygeal teratoma" is of the region; the table's
  "sacrococcyx, sacrococcygeal" is the bone, C41.4); the code set's adjectives, chosen by hand
  (neoplasms.SITE_ADJECTIVES), are read;
- never a site the table qualifies ("NEC", "overlapping lesion", "with rectum");
- never an ill-defined site (C76 "abdomen", "thigh"; C77 lymph nodes; C80) nor the skin (C43,
  C44): there the morphology decides the code (a sarcoma of the thigh is C49.2-, a melanoma of
  the scalp C43.4), which a site alone cannot tell.

The code set's own site words (neoplasms.site_codes) come first; the table's fill in the rest.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from core.analysis.rules.disease_names import header_lines
from core.icd10 import check_icd10, code_set

DATA = Path(__file__).with_suffix(".tsv")  # neoplasm_sites.tsv, beside this module

# The table's columns kept, in the file's order (the sixth, unspecified behaviour, is not).
BEHAVIOURS = ("malignant", "secondary", "in situ", "benign", "uncertain")
COLUMNS = ("2", "3", "4", "5", "6")
# Sites whose code the morphology decides, never the site alone (module docstring).
_LEFT_OUT = ("C76", "C77", "C80", "C43", "C44")
_QUALIFIERS = re.compile(r"\b(?:nec|nos)\b")
_QUALIFYING_SUB = re.compile(
    r"\b(?:nec|nos|overlapping|with|without|see|specified|and|other)\b|[(),]"
)
_ADJECTIVE = re.compile(r"(?:al|ar|ic|ous|ary|eal|ine)$")
_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")


def completed(cell: str) -> str:
    """A cell's code in the loaded code set: "C34.9-" is the unspecified code below it (C34.90,
    "unspecified part of unspecified bronchus or lung"), "D05.-" D05.90; "" where no code below
    says "unspecified" more than its parent ("C50.9-": only the female and the male breast)."""
    code = cell.strip().rstrip("-").rstrip(".")
    if not code or not check_icd10(code)[0]:
        return ""
    icd = code_set()
    while children := icd.get_children(code):
        said = icd.get_description(code).lower().count("unspecified")
        unspecified = sorted(
            (c for c in children if icd.get_description(c).lower().count("unspecified") > said),
            key=lambda c: (not c.endswith("9"), c),
        )
        if not unspecified:
            return "" if cell.endswith("-") else code
        code = unspecified[0]
    return code


def left_out_site(malignant: str) -> bool:
    """An ill-defined site or the skin, by its malignant primary code (module docstring)."""
    return malignant.startswith(_LEFT_OUT)


def readable_site(form: str, qualified: bool) -> bool:
    """A site's words read as a site: not one word the table qualified in brackets ("cord
    (true) (vocal)" is no "cord" of the umbilicus) or an adjective alone ("alveolar" of an
    "osteoma of the alveolar bone" is no gum), nor a tumour's name ("hepatoma")."""
    words = form.split()
    alone = len(words) == 1 and (qualified or bool(_ADJECTIVE.search(words[0])))
    return bool(words) and not alone and not words[-1].endswith("oma")


def _phrase(text: str) -> str:
    return " ".join(_WORD.findall(_QUALIFIERS.sub(" ", text.lower())))


def site_forms(title: str) -> list[str]:
    """A first-level site's spellings: "anus, anal" -> anus; "calyx, renal" -> renal calyx;
    "piriform fossa or sinus" -> piriform fossa, piriform sinus."""
    parts = [part for part in (_phrase(p) for p in title.split(",")) if part]
    if not parts:
        return []
    first = parts[0]
    forms = [first]  # "abdomen, abdominal", "uterus, uteri, uterine": the noun
    if len(parts) == 2 and parts[1][:2] != first[:2]:
        forms = [f"{parts[1]} {first}"]  # "disc, intervertebral": "intervertebral disc"
    spelled: list[str] = []
    for form in forms:
        before, _, after = form.partition(" or ")
        spelled.append(before)
        if after:
            spelled.append(" ".join([*before.split()[:-1], after]))
    return [form for form in spelled if form]


def sub_site_forms(title: str, sub_title: str) -> list[str]:
    """A second-level site with its site, both ways: "bladder", "dome" -> bladder dome, dome
    bladder, dome of bladder, dome of the bladder; none for a qualifying subterm."""
    if _QUALIFYING_SUB.search(sub_title.lower()):
        return []
    sub = _phrase(sub_title)
    if not sub:
        return []
    forms: list[str] = []
    for site in site_forms(title):
        forms += [f"{site} {sub}", f"{sub} {site}", f"{sub} of {site}", f"{sub} of the {site}"]
    return forms


@cache
def _rows() -> dict[str, tuple[str, ...]]:
    rows: dict[str, tuple[str, ...]] = {}
    with DATA.open(encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#") or not line.strip():
                continue
            site, *codes = line.rstrip("\n").split("\t")
            rows[site] = tuple(codes)
    return rows


@cache
def table_sites(behaviour: str) -> dict[str, str]:
    """Site words (lower case) -> the table's code of ``behaviour`` for that site."""
    column = BEHAVIOURS.index(behaviour)
    return {site: codes[column] for site, codes in _rows().items() if codes[column]}


@cache
def uncoded_sites() -> frozenset[str]:
    """Site words the table names whose code the morphology decides ("lymph node", "thigh",
    "scalp"): read as a site, so that a shorter site inside ("lymph") is not."""
    return frozenset(site for site, codes in _rows().items() if not any(codes))


def header() -> list[str]:
    """The shipped file's header lines: its source, commit, CMS release and filters."""
    return header_lines(DATA)
