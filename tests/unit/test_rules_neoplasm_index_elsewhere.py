"""Tumour types the ICD-10-CM index sends to another tumour entry, and longer names it files
outside the neoplasms (reader-lipoma31, issue #29, thirty-first round).

"Hibernoma - see Lipoma": the type takes the lipoma's codes by site (D17.9, the kidney's
D17.71, the spermatic cord's D17.6, every other named site "specified site NEC" D17.79).
"Fibroma, nonosteogenic (nonossifying) - see Dysplasia, fibrous": a "nonossifying fibroma"
is no fibroma of connective tissue (D21.9). Both from the same index file the morphologies
come from (scripts/build_index_morphologies.py). Sentences quote the pools' sections (MedRBench
wumingxin238/MedRBench @ 827ee187 'raw_case'; CUPCase felipeocampoos/CUPCase-curhumai-Adversary
@ ccbb10784c) with their ids, or a shape of them.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.index_morphologies import (
    index_longer_names,
    index_morphologies,
    index_recodings,
)
from core.analysis.rules.neoplasms import every_code, valid
from tests.unit.notes_reading import stated_codes


def _terms(text: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(text)]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # PMC11537942: "Hibernoma - see Lipoma" (main read no name here).
        (
            "Its appearance over several years, and fluctuating high FDG uptake (Figure 4) made "
            "Hibernoma a most likely diagnosis.",
            "D17.9",
        ),
        # "Angiolipoma - see Lipoma", with no site named: the lipoma's own D17.9.
        ("The excised nodule was an angiolipoma.", "D17.9"),
        # "Myelolipoma - see Lipoma"; the adrenal gland is "Lipoma, specified site NEC" D17.79.
        ("Histology confirmed a myelolipoma of the adrenal gland.", "D17.79"),
        ("an adrenal myelolipoma", "D17.79"),
        # "Lipoma, spermatic cord D17.6".
        ("a spermatic cord lipoblastoma", "D17.6"),
        # "Lipoma, kidney D17.71".
        ("a hibernoma of the kidney", "D17.71"),
    ],
)
def test_a_type_sent_to_the_lipoma_takes_its_codes(sentence: str, code: str) -> None:
    assert _terms(sentence) == [code]


def test_a_stated_type_sent_to_the_lipoma_is_read_by_the_notes() -> None:
    assert stated_codes("Histology confirmed a myelolipoma of the adrenal gland.") == ["D17.79"]


@pytest.mark.parametrize(
    "sentence",
    [
        # cup4246's final diagnosis "Nonossifying fibroma" (main: fibroma, D21.9).
        "Nonossifying fibroma",
        "a non-ossifying fibroma of the distal femur",
        # "Fibroma, nonosteogenic (nonossifying) - see Dysplasia, fibrous".
        "a nonosteogenic fibroma",
    ],
)
def test_a_longer_name_filed_elsewhere_is_no_fibroma(sentence: str) -> None:
    assert "D21.9" not in _terms(sentence)


def test_the_shipped_rows() -> None:
    shipped = {name: (behaviour, code) for name, behaviour, code in index_morphologies()}
    assert shipped["hibernoma"] == ("benign", "D17.9")
    assert shipped["myelolipoma"] == ("benign", "D17.9")
    recodings = dict(index_recodings()["hibernoma"])
    assert recodings["D30.00"] == "D17.71"  # the table's benign kidney, the lipoma's kidney
    assert index_recodings()["hibernoma"][-1] == ("", "D17.79")  # every other site
    assert {"nonossifying fibroma", "morton's neuroma"} <= index_longer_names()
    assert "nonossifying fibroma" not in shipped  # an "elsewhere" row is no morphology
    assert all(valid(code) for code in every_code())


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # Guards: no site named is the lipoma's D17.9, not its "other sites" D17.79; a site the
        # table leaves uncoded ("thigh") likewise.
        ("a hibernoma of the thigh", "D17.9"),
        ("renal angiomyolipoma", "D17.71"),  # the hand-kept name, as before
        ("fibrolipoma", "D17.9"),
        # A fibroma or neuroma not inside a longer name reads as before.
        ("a fibroma of the ovary", "D27.9"),
        ("a neuroma", "D36.10"),
        ("Morton's neuroma", "G57.6"),
    ],
)
def test_guards_the_types_read_as_before(sentence: str, code: str) -> None:
    assert _terms(sentence) == [code]


def test_a_longer_name_blocks_only_its_own_words() -> None:
    # "traumatic neuroma" (T87.3- by the index) is no nerve's benign neoplasm; a neuroma
    # elsewhere in the sentence still is.
    assert "D36.10" not in _terms("a traumatic neuroma of the stump")
    assert _terms("a traumatic neuroma of the stump and a neuroma") == ["D36.10"]
