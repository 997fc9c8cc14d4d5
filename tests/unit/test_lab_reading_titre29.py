"""Antibody titres read by one convention (#29, titre29: core.analysis.labs.titres and the
"ANA" entry of core.vocabulary.catalog_workup).

A titre "1:320" is the value 320 in the unit "titer" (UCUM "{titer}"), specimen serum unless
said; flagged high only against the report's own cut-off or where the report calls it
positive; never critical. Each shape is quoted as printed in a case section of the MedRBench
pool (PMC id) or a CUPCase presentation (row id); each failed on main, where no titre was
read. The guards quote dilutions and ratios that must not become a titre, and a titre that
must not become a ratio.
"""

from __future__ import annotations

from core.analysis.labs.loinc import loinc_for
from core.analysis.labs.parse import parse_lab_values
from core.analysis.labs.titres import titres_as_values
from core.analysis.labs.ucum import ucum_code


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.flag) for v in parse_lab_values(text)]


def test_a_titre_after_its_name_is_the_dilutions_denominator():
    # MedRBench PMC11419586, PMC11544749 (thousands), PMC11520170
    assert ("ANA", 1000.0, "titer", "high") in _read(
        "Autoimmune studies revealed a strongly positive ANA with a titer of 1:1,000 and the "
        "presence of a speckled pattern."
    )
    assert ("ANA", 12800.0, "titer", "high") in _read(
        "Serologic testing showed positive anti-nuclear antibodies (ANA) at a titer of 1:12,800 "
        "with positive antinucleosome antibodies, and antihistone antibodies."
    )
    assert ("ANA", 160.0, "titer", "high") in _read("Later ANA titers were elevated at 1:160.")


def test_the_titre_word_after_the_dilution_and_a_slash():
    # MedRBench PMC11558725, PMC11615159; CUPCase rows 4296 and 1975
    assert ("ANA", 320.0, "titer", "high") in _read(
        "Anti-nuclear antibody was positive, with a 1:320 titer and nuclear, speckled pattern."
    )
    assert ("ANA", 160.0, "titer", "high") in _read(
        "An autoimmune screen was positive for antinuclear antibodies in a low 1:160 titre and "
        "showed a speckled pattern."
    )
    assert ("ANA", 2600.0, "titer", "high") in _read(
        "Immunological investigations revealed a positive anti-nuclear antibody (1/2600) result, "
        "and a positive anti-Sm result."
    )
    values = [v for v in parse_lab_values("ANA (>1/80) and anti-dsDNA (>1/10) were positive.")]
    assert [(v.analyte, v.value, v.unit) for v in values] == [("ANA", 80.0, "titer")]


def test_no_word_of_positivity_no_flag_and_a_pattern_is_no_value():
    # CUPCase rows 399 and 1127: the titre told without "positive" keeps no flag; the
    # pattern ("homogeneous and finely speckled") is no value
    assert _read("Antinuclear antibody staining was 1:40 (homogeneous and finely speckled).") == [
        ("ANA", 40.0, "titer", None)
    ]
    assert ("ANA", 80.0, "titer", None) in _read(
        "Immunological assessment showed a titer of antinuclear antibodies at 1:80, and "
        "autoantibodies to double-stranded deoxyribonucleic acid."
    )


def test_the_reports_own_cut_off_flags_the_titre_and_none_is_critical():
    values = parse_lab_values("ANA positive 1:320 (normal <1:40).")
    assert [(v.analyte, v.value, v.unit, v.flag, v.critical) for v in values] == [
        ("ANA", 320.0, "titer", "high", False)
    ]
    assert titres_as_values("ANA 1:40 (normal <1:80)") == "ANA 40 titer (normal <80 titer)"


def test_the_titres_codes():
    code = loinc_for("ANA", "titer", None)
    assert code is not None and code.code == "29953-7"  # Nuclear Ab [Titer] in Serum
    assert ucum_code("titer") == "{titer}"


# --- guards -------------------------------------------------------------------------------


def test_a_bare_number_after_the_name_is_no_titre():
    # MedRBench PMC11618025: an assay's index, no titre
    text = (
        "The patient underwent an immunologic assessment, specifically testing for HIV-1 and -2 "
        "serologies, anti-DNA (less than 80), and anti-nuclear antibodies (less than 10), all of "
        "which yielded negative results."
    )
    assert all(v.analyte != "ANA" for v in parse_lab_values(text))
    assert all(v.analyte != "ANA" for v in parse_lab_values("ANA 40"))


def test_dilutions_and_ratios_that_are_no_titre():
    # MedRBench PMC11581884 (a stain's working dilution), PMC11505565 (a ratio), PMC11415612
    for text in (
        "primary antibodies: anti-CK (clone AE1-AE3, 1:100), anti-EMA (clone E29, 1:100)",
        "a protein-creatinine ratio of 1:4, with urinary protein excretion",
        "a local anesthetic using 2% lignocaine and a 1:80,000 epinephrine ratio",
    ):
        assert titres_as_values(text) == text
    # a ratio named between the titre's name and a dilution keeps the dilution its own
    text = "ANA was negative with a CD4/CD8 ratio of 1:4."
    assert titres_as_values(text) == text
    assert all(v.analyte != "ANA" for v in parse_lab_values(text))
    # a dilution after another antibody's name is that antibody's, not the ANA's
    assert "anti-dsDNA (>1/10)" in titres_as_values(
        "ANA (>1/80) and anti-dsDNA (>1/10) were positive."
    )
