"""The tissue's verdict told with another verb of finding (reader-dxdraw31, issue #29): "A
histopathological evaluation of the thyroidectomy specimen identified the presence of a hydatid
cyst" states the cyst as "... revealed the presence of a hydatid cyst" does. The verbs are
"identified", "indicated" and "disclosed" after the tissue's examination; "noted", "reported"
and "suggested" stay out (their subject is as often the patient or the doctor).

Every quoted line is the shape of a real case section of the pool (MedRBench
wumingxin238/MedRBench @ 827ee187d7, the PMC id given; the CUPCase dataset's JMCR case
presentations, the row id given).
"""

from __future__ import annotations

from tests.unit.notes_reading import primary_code, stated_codes


def test_histopathology_identified_the_presence_of_a_hydatid_cyst() -> None:
    # PMC11590343 (a thyroid hydatid cyst, the whole case section): main read no diagnosis.
    text = (
        "We report the case of a 62-year-old female patient from Morocco who presented with an "
        "anterior cervical mass, initially suspected to be a goiter. A histopathological "
        "evaluation of the thyroidectomy specimen identified the presence of a hydatid cyst. A "
        "comprehensive review of the literature is also included."
    )
    assert primary_code(text) == "B67.90"


def test_a_biopsy_that_indicated_the_diagnosis_states_it() -> None:
    # PMC11626533's shape (an isolated plasmacytoma of the breast).
    assert "C90.3" in stated_codes(
        "Mammography showed a well-defined mass, and fine needle aspiration biopsy indicated a "
        "plasmacytoma."
    )


def test_a_biopsy_that_identified_a_carcinoma_states_it() -> None:
    # PMC11626642 (an oral squamous cell carcinoma): main ranked the haemorrhagic shock first.
    codes = stated_codes(
        "Biopsy identified a p16-negative squamous cell carcinoma with high PD-L1 expression "
        "(CPS > 50)."
    )
    assert codes and codes[0].startswith("C")


def test_a_biopsy_that_disclosed_the_diagnosis_states_it() -> None:
    # CUPCase row 2107's shape.
    assert "R59.9" in stated_codes(
        "A left axillary lymph node excisional biopsy disclosed reactive lymphadenopathy with "
        "scattered pigment-laden macrophages and extensive fatty replacement."
    )


def test_guard_a_biopsy_that_identified_nothing_states_nothing() -> None:
    # A negative verdict stays denied: NegEx's scope, as with "revealed no".
    assert stated_codes("The biopsy identified no evidence of lymphoma.") == []


def test_guard_a_suggested_biopsy_states_nothing() -> None:
    # PMC11522842: "suggested" is not a tissue's verb (a biopsy proposed, never done).
    assert (
        stated_codes(
            "A renal biopsy was suggested because he had subnephrotic proteinuria against the "
            "background of SLE, but it could not be performed as he was not willing."
        )
        == []
    )


def test_guard_a_verdict_told_by_no_tissue_is_not_this_rule() -> None:
    # An echocardiogram that "indicated no thrombus resolution" (PMC11626642) states nothing.
    assert (
        stated_codes(
            "Subsequent echocardiography indicated no thrombus resolution and persistent right "
            "ventricular hypokinesia."
        )
        == []
    )
