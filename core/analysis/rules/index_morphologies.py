"""Tumours the ICD-10-CM index names by their histological type and sends to the Neoplasm Table
(issue #29, thirty-first round).

The alphabetic index files a morphology it gives no code of its own as "see Neoplasm,
<behaviour>, by site" ("Tumor, Sertoli cell - see Neoplasm, benign, by site"), or at one site
of the table ("Hemangiopericytoma - see also Neoplasm, connective tissue, uncertain behavior";
"Myxofibroma - see Neoplasm, connective tissue, benign"), and often codes its "unspecified
site" below it ("Tumor, neuroectodermal, primitive, unspecified site C71.9"). The behaviour it
names is ICD-O-3's behaviour digit (/0 benign, /1 uncertain, /2 in situ, /3 malignant).
``scripts/build_index_morphologies.py`` reads the index and writes ``index_morphologies.tsv``
beside this module: a morphology's name as doctors write it, its behaviour, and the code with
no site named (empty where the index names none for every patient: "Sertoli cell tumor,
unspecified site" is D27.9 in a woman and D29.20 in a man, which a sentence alone cannot tell;
there the behaviour's unspecified-site code, C80.1, D36.9, D48.9 or D09.9, is read, as
neoplasms.py does for the hand-kept morphologies). neoplasms.py reads each with the site the
words name, the hand-kept morphologies (MORPHOLOGIES) first.

Since reader-lipoma31 the file also holds the types the index sends to a tumour entry with
codes of its own by site ("Hibernoma - see Lipoma": D17.9, the kidney's D17.71, every other
named site "Lipoma, specified site NEC" D17.79), and, with the behaviour "elsewhere", the
longer names the index files outside the neoplasms ("Fibroma, nonosteogenic (nonossifying) -
see Dysplasia, fibrous"), so that "nonossifying fibroma" is not read as a fibroma (D21.9).

Names are built from the index's own words (rules in the build script): the main term alone
("Hidradenoma"), or one or two of its subterms put before it
as doctors write them ("Tumor, granular cell" is "granular cell tumor"; "Schwannoma,
malignant" is "malignant schwannoma"); never a subterm naming a site, a "with" or "NEC"
qualifier, nor a name of generic words alone ("malignant tumor", "benign neoplasm": the
code set's own terms and the hand list read those).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from core.analysis.rules.disease_names import header_lines

DATA = Path(__file__).with_suffix(".tsv")  # index_morphologies.tsv, beside this module

BEHAVIOURS = ("malignant", "benign", "uncertain", "in situ")


ELSEWHERE = "elsewhere"  # a longer name the index files outside the neoplasms


@cache
def _rows() -> tuple[tuple[str, ...], ...]:
    with DATA.open(encoding="utf-8") as lines:
        return tuple(
            tuple(line.rstrip("\n").split("\t"))
            for line in lines
            if not line.startswith("#") and line.strip()
        )


@cache
def index_morphologies() -> tuple[tuple[str, str, str], ...]:
    """Each (name, behaviour, code with no site named or "") of the shipped file."""
    return tuple((row[0], row[1], row[2]) for row in _rows() if row[1] in BEHAVIOURS)


@cache
def index_recodings() -> dict[str, tuple[tuple[str, str], ...]]:
    """A type the index sends to a tumour entry with codes by site ("Hibernoma - see Lipoma")
    -> the Neoplasm Table's site codes as that entry codes them: (the table's code's start,
    the entry's code), the last one ("", its "specified site NEC") for every other site."""
    return {
        row[0]: tuple(tuple(pair.split(">")) for pair in row[4].split())  # type: ignore[misc]
        for row in _rows()
        if len(row) > 4
    }


@cache
def index_longer_names() -> frozenset[str]:
    """Longer names the index files outside the neoplasms ("nonossifying fibroma": "see
    Dysplasia, fibrous"), whose shorter type inside ("fibroma") is not read."""
    return frozenset(row[0] for row in _rows() if row[1] == ELSEWHERE)


def header() -> list[str]:
    """The shipped file's header lines: its source and filters."""
    return header_lines(DATA)
