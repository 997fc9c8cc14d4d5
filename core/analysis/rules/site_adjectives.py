"""The adjectives doctors write for an organ in place of its noun (issue #29, reader-casedx5).

The ICD-10-CM code set names a lesion at its site with the organ's noun ("Abscess of spleen",
D73.3; "Infarction of spleen", D73.5; "Abscess of liver", K75.0), while case reports write
the adjective before the lesion: "Gross inspection of the spleen revealed a 300 mL splenic
abscess" (Journal of Medical Case Reports, CUPCase row of
tests/clinical/dev/cr4-labs-splenic-abscess-*). ``core.analysis.rules.icd_terms`` words each
"lesion of organ" description also as "adjective lesion" with this table of the usual Latin and
Greek adjectives of the organs (a grammatical table, not a list of diseases).
"""

from __future__ import annotations

SITE_ADJECTIVES: dict[str, tuple[str, ...]] = {
    "spleen": ("splenic",),
    "liver": ("hepatic",),
    "kidney": ("renal",),
    "lung": ("pulmonary",),
    "brain": ("cerebral",),
    "heart": ("cardiac",),
    "stomach": ("gastric",),
    "pancreas": ("pancreatic",),
    "ovary": ("ovarian",),
    "testis": ("testicular",),
    "prostate": ("prostatic",),
    "bladder": ("vesical",),
    "skin": ("cutaneous",),
    "bone": ("osseous",),
    "intestine": ("intestinal",),
    "colon": ("colonic",),
    "rectum": ("rectal",),
    "esophagus": ("esophageal", "oesophageal"),
    "oesophagus": ("esophageal", "oesophageal"),
    "duodenum": ("duodenal",),
    "uterus": ("uterine",),
    "vagina": ("vaginal",),
    "orbit": ("orbital",),
    "thyroid": ("thyroid",),
    "mediastinum": ("mediastinal",),
    "pleura": ("pleural",),
    "pericardium": ("pericardial",),
    "peritoneum": ("peritoneal",),
    "retroperitoneum": ("retroperitoneal",),
}
