"""A disease named outside the organ its code names, and tuberculosis told with its organ
(issue #29, round nineteen, reader-dx19).

Counted over MedRBench's 957 full 2024 case reports (PMC open access): "extra-<organ>"
qualifies a name whose code places it in that organ in 27 reports ("extrapulmonary
tuberculosis" 19, "extraskeletal/extraosseous Ewing sarcoma" 3, "extrauterine pregnancy" 3,
"extramammary Paget disease" 1, "extrahepatic cholangiocarcinoma" 1); 22 report titles name a
tuberculosis at its organ, and the reader's bare "tuberculosis" (the code set's default,
respiratory A15.9) led in 7 of them before the organ's tuberculosis it also read. The quoted
words are the reports' own; each test names its report.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes


def _ranked(text: str) -> list[str]:
    values = parse_lab_values(text, "n", age=50)
    return [r.code for r in diagnose(values, 50, read_notes(None, [text])).ranked]


def test_extramammary_paget_disease_is_the_skins_not_the_breasts() -> None:
    # PMC11460466's title and its definition of the abbreviation the case then uses.
    text = (
        "Invasive acantholytic anaplastic extramammary Paget disease: A previously unreported "
        "neoplasm in the vulva and review of the literature. Based on the histomorphology and "
        "IHC profile, the diagnosis of acantholytic anaplastic extramammary Paget disease "
        "(AAEMPD) was made."
    )
    codes = _ranked(text)
    assert codes[0] == "C44.9" and "C50" not in codes


def test_an_abbreviation_defined_by_a_qualified_name_keeps_the_qualifier() -> None:
    # PMC11460466: "Extramammary Paget disease (EMPD), most frequently seen in the vulva",
    # then the case's "Biopsy of the vulvar lesion from an outside institution revealed EMPD."
    facts = read_notes(
        None,
        [
            "Extramammary Paget disease (EMPD), most frequently seen in the vulva. "
            "Microscopic examination confirmed extensive EMPD with associated ulceration."
        ],
    )
    assert [c.code for c in facts.defined if c.pattern.fullmatch("EMPD")] == ["C44.9"]


def test_paget_disease_unqualified_is_still_the_breasts() -> None:
    assert _ranked("She was diagnosed with Paget disease of the breast.")[0] == "C50"


def test_an_extraskeletal_ewing_sarcoma_is_a_soft_tissue_sarcoma() -> None:
    # PMC11461951, PMC11602441, PMC11625106: "extraskeletal Ewing sarcoma".
    assert _ranked("The diagnosis of extraskeletal Ewing sarcoma was confirmed.")[0] == "C49.9"
    assert _ranked("The diagnosis of Ewing sarcoma was confirmed.")[0] == "C41.9"


def test_an_extrauterine_pregnancy_is_an_ectopic_one() -> None:
    # PMC11648800's title: "Primary hepatic pregnancy: a rare type of extrauterine pregnancy".
    assert _ranked("She was diagnosed with an extrauterine pregnancy.")[0] == "O00.9"


def test_an_extrapulmonary_tuberculosis_is_no_respiratory_one() -> None:
    # PMC11488405: "Sternal tuberculosis: A rare manifestation of extrapulmonary disease";
    # nineteen reports write "extrapulmonary tuberculosis" or "extra-pulmonary TB".
    assert "A15.9" not in _ranked("The patient was diagnosed with extrapulmonary tuberculosis.")


def test_tuberculosis_told_bare_gives_way_to_its_organ() -> None:
    # PMC11471654: the title names the organ, the case confirms the organism.
    text = (
        "Tuberculosis of gastrointestinal tract revealed by acute abdomen due to ileocecal "
        "perforation in an HIV-infected patient: A case report\n\n"
        "Case presentation\n\n"
        "PCR testing confirmed the presence of Mycobacterium tuberculosis (MTB), solidifying "
        "the diagnosis of gastrointestinal TB, though cultures remained negative. "
        "The diagnosis of intestinal tuberculosis was made."
    )
    codes = _ranked(text)
    assert codes[0].startswith("A18.3") and "A15.9" not in codes


def test_pulmonary_tuberculosis_keeps_its_code_beside_no_other_organ() -> None:
    assert _ranked("He was diagnosed with tuberculosis.")[0] == "A15.9"
