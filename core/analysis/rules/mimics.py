"""A disease a case report names as what another one looked like (issue #29, reader-dx20).

Case reports are titled and told by the resemblance that misled: "Pleural Marginal Zone
Lymphoma Masquerading as Metastatic Adenocarcinoma of the Lung" (PMC11633847), "Appendiceal
mucocele is a rare disease that can sometimes mimic acute appendicitis" (PMC11368574),
"Hepatocellular adenoma ... mimicking intrahepatic cholangiocarcinoma" (PMC11570408). The
condition after the verb is the look-alike, weighed and left, as in a differential; the one
before it is the patient's. A few words may stand between ("mimicking an acute abdomen",
"masquerading as metastatic ..."), and a list goes on with commas ("may mimic appendicitis,
diverticulitis or ovarian torsion"), but a clause of its own ends it ("which was", "but").
Only where the sentence names the disease that resembled it, before the verb.
"""

from __future__ import annotations

import re

_MIMICKED = re.compile(
    r"(?i)\b(?:mimick?(?:s|ing|ed)?|mimicker\s+of|masquerad(?:e|es|ing|ed)\s+as|"
    r"simulat(?:e|es|ing|ed)|imitat(?:e|es|ing|ed)|disguised\s+as)\s+"
    r"(?:(?!(?:was|were|is|are|but|however|which|who|that|revealed|showed|confirmed|"
    r"diagnosed|proved|turned)\b)[\w'-]+,?\s+){0,5}$"
)


def mimicked(before: str) -> int | None:
    """Where the verb begins that names the condition after ``before`` as what the disease
    resembled ("mimicking"), or None. The caller keeps the condition where the sentence names
    no disease before the verb: "The contrast filling the subarachnoid space ..., mimicking a
    subarachnoid hemorrhage" (a figure's legend) tells an appearance, whose name is the best
    the text gives."""
    found = _MIMICKED.search(before)
    return found.start() if found else None
