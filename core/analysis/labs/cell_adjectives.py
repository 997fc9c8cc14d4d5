"""A differential's share told with the cell's adjective instead of its name.

Case reports tell the share of a cell in a count by the adjective of its cell, in a body
fluid's count above all (issue #29, recall30: a third random draw of pool case sections):

- the share first: "a lumbar puncture showed clear cerebrospinal fluid ..., 14 white blood
  cells (70% lymphocytic)" (MedRBench PMC11378097); "Pleural fluid analysis revealed ... a
  total cell count of 12 500 cells/mm³, with 85% neutrophilic predominance" (PMC11623884);
- the adjective first, the share in brackets after the word it qualifies: "an exudate with a
  WBC of 1700 cells/cumm, lymphocytic predominant (95%)" (PMC11540108); "a white cell count
  of 15.5 × 10^9/L with neutrophilic leukocytosis (79%)" (Journal of Medical Case Reports,
  CUPCase row 5598).

No catalogue name matched the adjective, so the share went unread. Each is written with the
cell's name ("70% lymphocytes", "lymphocytes (95%)"), which the differential's readers take
as any share; the specimen is the one the sentence names, as for a share told by name.

Not in a tissue's or a marrow's count: "a lymphocytic infiltrate", "bone marrow biopsy showed
80% lymphocytic cells" are no blood or fluid results (number_first's guard for the left shift
names the same places).
"""

from __future__ import annotations

import re

_CELL_OF = {
    "lymphocytic": "lymphocytes",
    "neutrophilic": "neutrophils",
    "monocytic": "monocytes",
    "eosinophilic": "eosinophils",
}
_ADJECTIVE = r"(?P<adj>lymphocytic|neutrophilic|monocytic|eosinophilic)"
_SHARE = r"(?P<share>(?<![\d.,])\d{1,3}(?:\.\d{1,2})?\s*%)"
# What the adjective may qualify in a tissue's description, never a count's share.
_TISSUE_NOUN = r"(?:infiltrat|inflammat|aggregat|component|differentiation|morpholog|colitis)"
_SHARE_THEN_ADJECTIVE = re.compile(
    rf"(?i){_SHARE}\s*{_ADJECTIVE}\b(?!\s+(?:cells?\s+)?{_TISSUE_NOUN})"
)
_ADJECTIVE_THEN_SHARE = re.compile(
    rf"(?i)\b{_ADJECTIVE}\s+(?:predominan(?:ce|t|tly)|pleocytosis|leu[ck]ocytosis)"
    rf"\s*\(\s*{_SHARE}\s*\)"
)
# A line that may hold either shape: it is split into its sentences, for the tissue's guard.
ADJECTIVE_SHARE = re.compile(
    r"(?i)\b(?:lymphocytic|neutrophilic|monocytic|eosinophilic)\b.*%|%.*\b"
    r"(?:lymphocytic|neutrophilic|monocytic|eosinophilic)\b"
)
_TISSUE_SAID = re.compile(
    r"(?i)\b(?:marrow|biops(?:y|ies)|flow\s+cytometry|histolog\w*|immunohistochem\w*|"
    r"infiltrat\w*|lymph\s+nodes?|specimens?|tissues?)\b"
)


def shares_named_by_adjective(sentence: str) -> str:
    """``sentence`` with each share told by its cell's adjective ("70% lymphocytic",
    "lymphocytic predominant (95%)") told by the cell's name, unless the sentence is a
    tissue's or a marrow's."""
    if _TISSUE_SAID.search(sentence):
        return sentence
    sentence = _ADJECTIVE_THEN_SHARE.sub(
        lambda m: f"{_CELL_OF[m.group('adj').lower()]} ({m.group('share')})", sentence
    )
    return _SHARE_THEN_ADJECTIVE.sub(
        lambda m: f"{m.group('share')} {_CELL_OF[m.group('adj').lower()]}", sentence
    )
