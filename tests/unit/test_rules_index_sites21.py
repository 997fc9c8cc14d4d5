"""The index's names told at a site's noun, read as doctors write the site: by its adjective
and after the lesion (rules/index_names.site_wordings, issue #29, reader-dx21).

The ICD-10-CM index files "Torsion, ovary" (N83.51) and "Ectopic, testis" (Q53.00); its names
came to the reader as "ovary torsion" and "testis ectopia", which no report writes. Of
MedRBench's 957 whole 2024 case reports, 66 write one of the site's other wordings (ovarian
torsion 5, testicular ectopia 2, hepatic hydatid cyst 3, renal abscess 4). The quoted words are
the reports' own.
"""

from __future__ import annotations

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.index_names import site_wordings


def _codes(sentence: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(sentence)]


def test_the_sites_adjective_names_the_index_lesion() -> None:
    # PMC11416194's title: main read the acute appendicitis of its differential (K35.80).
    assert _codes("Ovarian Torsion Leading to Necrosis: A Case Report") == ["N83.51"]
    # PMC11625236 and PMC11623908: main read the inguinal hernia (K40) in PMC11625236.
    title = "Significance of ultrasonography in diagnosing transverse testicular ectopia"
    assert _codes(title) == ["Q53.00"]


def test_the_lesion_of_the_site() -> None:
    # PMC11436284: "torsion of the ovary"; PMC11490726: "hydatid cyst of the liver".
    assert _codes("intraoperative findings confirmed torsion of the ovary") == ["N83.51"]
    assert _codes("a hydatid cyst of the liver was diagnosed") == ["B67.8"]


def test_a_finding_a_substance_or_a_process_is_no_lesion() -> None:
    # The index's "pleura thickening" (J92.9), "stomach acid" (K30), "appendix rupture" stay
    # the index's own words only: a finding, a substance and a process of any organ.
    assert _codes("diffuse pleural thickening") == []
    assert _codes("gastric acid suppression") == []
    assert _codes("rupture of the appendix") == []


def test_the_wordings_of_one_name() -> None:
    wordings = site_wordings({"ovary torsion": "N83.51"}, {"ovary": ("ovarian",)})
    assert wordings == {
        "ovarian torsion": "N83.51",
        "torsion of ovary": "N83.51",
        "torsion of the ovary": "N83.51",
    }
