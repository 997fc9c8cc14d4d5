"""Names of diseases from the Mondo Disease Ontology that the code set, the Disease Ontology
and the ICD-10-CM index do not give (issue #29).

Mondo (https://mondo.monarchinitiative.org, CC BY 4.0; its mapping sets CC0) states, disease
by disease, which ICD-10-CM code is the same concept (``skos:exactMatch``, curated by hand):
"pleural mesothelioma" is C45.0 "Mesothelioma of pleura", "intestinal tuberculosis" A18.32
"Tuberculous enteritis", "multiple endocrine neoplasia" E31.2. ``scripts/build_mondo_names.py``
reads those exact matches from a snapshot of Mondo (its labels only: the snapshot types no
synonyms) and writes ``mondo_names.tsv`` beside this module, one name and one code a line,
under a header naming the commit, the licence and what each filter dropped. The filters are
the Disease Ontology's (``disease_names``: one code, no acronym or locus, no finding, a code
of a kind or population only for a name that says so) and the index's (no value's name, no
category's residual); a name the code set, DO or the index already gives is left out, so a
Mondo name never changes what those name (``icd_terms._built_terms`` reads it after them).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from core.analysis.rules.disease_names import header_lines, shipped_names

DATA = Path(__file__).with_suffix(".tsv")  # mondo_names.tsv, beside this module


@cache
def mondo_names() -> dict[str, str]:
    """Mondo's disease names (lower case) -> the ICD-10-CM code each names, as shipped."""
    return shipped_names(DATA)


def header() -> list[str]:
    """The shipped file's header lines: its source, commit, licence and filters."""
    return header_lines(DATA)
