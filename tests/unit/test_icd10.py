"""The ICD-10-CM check against the real code set (simple-icd-10-cm)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from core import icd10, warm_up
from core.bootstrap import build_clinic
from core.config import Settings
from core.icd10 import annotate_diagnosis, check_icd10, is_billable, normalize_icd10
from core.insights import PrimaryDiagnosis

DIABETES = "Type 2 diabetes mellitus without complications"


@pytest.mark.parametrize("written", ["E11.9", "e11.9", "E119", " e 11 . 9 ", "E11.9."])
def test_a_code_is_found_whatever_its_spelling(written: str):
    assert check_icd10(written) == (True, DIABETES)
    assert normalize_icd10(written) == "E11.9"


def test_a_category_is_valid_but_not_billable():
    assert check_icd10("E11") == (True, "Type 2 diabetes mellitus")
    assert not is_billable("E11")
    assert is_billable("E11.9")
    assert is_billable("R69")  # a category with no subdivisions is itself billable


def test_seventh_character_codes_are_recognised():
    valid, description = check_icd10("S72001A")
    assert valid and description and "femur" in description


@pytest.mark.parametrize(
    "code",
    ["E11.99", "XYZ", "", "   ", "E08-E13", "4", "123.4", "E11.9.1", "ZZZ.9", "R7989X"],
)
def test_invented_codes_chapters_and_blocks_are_invalid(code: str):
    assert check_icd10(code) == (False, None)
    assert not is_billable(code)


def test_annotate_flags_an_invalid_code_and_never_replaces_it():
    suggested = PrimaryDiagnosis(primary_diagnosis="Diabetes", icd_code="E11.99")
    annotated = annotate_diagnosis(suggested)
    assert annotated.icd_code == "E11.99"
    assert annotated.icd_code_valid is False
    assert annotated.icd_description is None
    assert suggested.icd_code_valid is None  # a copy: the engine's answer is untouched


def test_annotate_keeps_a_valid_code_with_its_official_description():
    annotated = annotate_diagnosis(PrimaryDiagnosis(primary_diagnosis="Diabetes", icd_code="e119"))
    assert (annotated.icd_code, annotated.icd_code_valid) == ("E11.9", True)
    assert annotated.icd_description == DIABETES
    assert annotated.primary_diagnosis == "Diabetes"


def test_starting_the_clinic_loads_the_code_set_before_any_case_needs_it(tmp_path: Path):
    icd10._code_set.cache_clear()
    warm_up.warm_up_in_background.cache_clear()  # as in a process that starts now
    clinic = build_clinic(Settings(data_dir=tmp_path / "data"))
    try:
        warm_up.warm_up_in_background().join(timeout=30)
        assert icd10._code_set.cache_info().currsize == 1
    finally:
        clinic.close()


def test_once_warmed_up_a_full_collection_no_longer_walks_the_code_tree(tmp_path: Path):
    """Streamlit collects garbage after every script run: the code tree's objects (and the
    libraries') are frozen out of that walk once the process has warmed up."""
    warm_up.warm_up_in_background.cache_clear()
    warm_up.warm_up_in_background().join(timeout=30)
    code_tree = icd10._code_set().__dict__  # the module's globals: the tree hangs from them
    assert gc.is_tracked(code_tree)
    walked = {id(thing) for thing in gc.get_objects()}  # what a full collection walks
    assert id(code_tree) not in walked
    assert gc.get_freeze_count() > len(walked)  # most of the process is out of the walk
