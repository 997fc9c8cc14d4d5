"""An immunoglobulin class told as an antibody's class is no total immunoglobulin (#29,
twenty-fourth round). The catalogue's IgG, IgA and IgM are the serum totals (mg/dL, g/L); an
antibody to one antigen measured in its class ("C. trachomatis immunoglobulin A and G antibody
levels", "anti-cardiolipin antibodies (IgG > 120 GPL)") is another test, whose number read as
a total gave a flag against the total's range."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.unit) for v in parse_lab_values(text)]


def test_a_pathogens_immunoglobulin_a_and_g_antibody_levels_are_no_totals():
    # MedRBench PMC11461972: read as IgA 15.9 (low) and IgG 16.1 (high).
    text = (
        "The patient's C. trachomatis immunoglobulin A and G antibody levels were 15.9 and "
        "16.1, respectively."
    )
    assert [a for a, *_ in _read(text) if a in {"IgA", "IgG", "IgM"}] == []


def test_antiphospholipid_antibodies_in_their_classes_are_no_totals():
    # MedRBench PMC11437612: an antiphospholipid panel in GPL/MPL units, read as IgG 120,
    # IgG 100 and IgM 80 with no unit.
    text = (
        "An immunological workup was requested, revealing positive anti-beta-2 glycoprotein "
        "antibodies (IgM and IgG > 100 GPL, and positive anti-cardiolipin antibodies "
        "(IgG > 120 GPL, IgM > 80 GPL)."
    )
    assert [a for a, *_ in _read(text) if a in {"IgA", "IgG", "IgM"}] == []


def test_a_class_antibody_named_before_its_antigen_is_no_total():
    # The same class of wording, the class first: "IgM antibodies against hepatitis A".
    text = "IgM antibodies against hepatitis A virus were 4.2 (index)."
    assert [a for a, *_ in _read(text) if a in {"IgA", "IgG", "IgM"}] == []


def test_the_serum_totals_are_still_read():
    # Guards, MedRBench PMC11584938 and PMC11638744: the totals in mg/dL and g/L.
    text = (
        "Immunoglobulins showed low IgG of 445 mg/dL (normal 767-1590), low IgM of 23 mg/dL "
        "(normal 37-286), and normal IgA of 133 mg/dL (normal 61-356)."
    )
    assert ("IgG", 445.0, "mg/dL") in _read(text)
    assert ("IgM", 23.0, "mg/dL") in _read(text)
    text = (
        "Immunological evaluation revealed low IgA at 0.48 g/L, elevated IgM at 3.72 g/L, "
        "and normal IgG at 12.63 g/L."
    )
    assert ("IgA", 0.48, "g/L") in _read(text)
    assert ("IgG", 12.63, "g/L") in _read(text)


def test_a_total_called_an_antibody_level_in_mass_units_is_still_read():
    # Guard: "a markedly decreased immunoglobulin G (IgG) level of 212 mg/dL" (PMC11431129).
    text = (
        "Immunological studies revealed hypogammaglobulinemia, with a markedly decreased "
        "immunoglobulin G (IgG) level of 212 mg/dL."
    )
    assert ("IgG", 212.0, "mg/dL") in _read(text)
