"""A neuropathy named by its nerve (reader-dxdev28, issue #29, twenty-eighth round).

The code set's "Neuropathy NOS" is an inclusion term of G62.9 (Polyneuropathy, unspecified):
the bare word. The alphabetic index's "Neuropathy, neuropathic" gives each nerve its own
lesion ("median nerve G56.1-", "ulnar nerve G56.2-", "peroneal nerve G57.3-", "sciatic
G57.0-", "facial nerve G51.9"; "optic (nerve) - see also Neuritis, optic": H46.9). Every
quoted line is from the pool of case reports (MedRBench's raw_case of PMC open-access
articles; CUPCase's "clean text" rows).
"""

from __future__ import annotations

import pytest

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes


def _stated(line: str) -> list[str]:
    return [m.condition.code for m in read_notes(None, [line]).stated]


@pytest.mark.parametrize(
    ("line", "codes"),
    [
        # MedRBench PMC11465499 ("Leukemic occult infiltrative optic neuropathy presenting as
        # optic neuritis"): G62.9 on main.
        (
            "She was diagnosed with isolated ocular relapse and leukemic infiltrative optic "
            "neuropathy.",
            ["H46.9"],
        ),
        # CUPCase row 2411: every nerve its own lesion, none a polyneuropathy.
        (
            "Nerve conduction studies showed evidence of left peroneal neuropathy, bilateral "
            "carpal tunnel syndrome, and bilateral ulnar neuropathy.",
            ["G57.30", "G56.0", "G56.20"],
        ),
    ],
)
def test_a_neuropathy_named_by_its_nerve_is_that_nerves_lesion(line: str, codes: list[str]) -> None:
    assert _stated(line) == codes


def test_the_nerves_lesion_is_the_primary_diagnosis() -> None:
    # CUPCase row 2441: "received steroid pulse therapy for compressive optic neuropathy".
    line = "The patient was diagnosed with compressive optic neuropathy."
    assert diagnose([], 60, read_notes(None, [line])).diagnosis.icd_code == "H46.9"


@pytest.mark.parametrize(
    ("line", "code"),
    [
        # Guards: the bare word and a neuropathy named by its extent stay the code set's G62.9;
        # the code set's longer terms keep their own codes.
        ("He was diagnosed with peripheral neuropathy.", "G62.9"),
        (
            # MedRBench PMC11521537
            "The patient was diagnosed with anterior arteritic ischemic optic neuropathy.",
            "H47.01",
        ),
        ("He was diagnosed with Leber hereditary optic neuropathy.", "H47.22"),
    ],
)
def test_other_neuropathies_keep_their_codes(line: str, code: str) -> None:
    assert _stated(line) == [code]
