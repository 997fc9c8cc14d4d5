"""Disease words that name a gene or its protein, not a disease the patient has.

A gene or protein is often named after the disease it was found in: "Wilms tumor 1 (WT1)",
"B-cell lymphoma 2 (BCL-2)", "anaplastic lymphoma kinase", "neuroblastoma RAS viral oncogene
homolog (NRAS)", "leucine-rich glioma inactivated 1 protein", "gross cystic disease fluid
protein 15", "retinoblastoma immunostain", "human melanoma black-45 (HMB-45)". A tissue stained
for it, a mutation found in it or an antibody against it says nothing of that disease: the
words are the marker's name.
"""

from __future__ import annotations

import re

# After the disease's words: at most three words of the name (no "and", "with", "of" between:
# "nephrotic syndrome and protein loss" is the disease), then what names a gene or a protein.
_GENE_OR_PROTEIN_AFTER = re.compile(
    r"(?i)^[ \t-]*(?:(?!(?:and|or|with|without|of|in|on|to|due|the|a|an|is|was|were|are|has|had|"
    r"by|from|for|after|as|at)\b)[\w-]+[ \t]+){0,3}?"
    r"(?:genes?|oncogenes?|homolog(?:ue)?s?|proteins?|kinases?|immunostain(?:s|ing)?)\b(?!-)"
)
# Or a number with the symbol in brackets: "Wilms tumor 1 (WT1)", "B-cell lymphoma 2 (bcl2)",
# "B-cell CLL/lymphoma 6 (Bcl6)".
_NUMBERED_SYMBOL_AFTER = re.compile(r"^[ \t-]*\d{1,2}[ \t]*\([ \t]*[A-Za-z]{2,6}-?\d{1,2}[ \t]*\)")


# Or one more word and the number, the symbol's capitals and the same number in brackets: "human
# melanoma black-45 (HMB-45)", an antibody a tissue is stained with (MedRBench PMC11417591, a
# lymphangioleiomyomatosis). The number must be the symbol's own ("stage 4 (T4)" is no symbol).
_WORD_NUMBERED_SYMBOL_AFTER = re.compile(
    r"^[ \t-]*[A-Za-z]+[ \t-]*(?P<n>\d{1,3})[ \t]*\([ \t]*[A-Z]{2,6}-?(?P=n)[ \t]*\)"
)


def names_a_gene(after: str) -> bool:
    """The words after a disease's name make it a gene's or a protein's name."""
    return bool(
        _GENE_OR_PROTEIN_AFTER.match(after)
        or _NUMBERED_SYMBOL_AFTER.match(after)
        or _WORD_NUMBERED_SYMBOL_AFTER.match(after)
    )
