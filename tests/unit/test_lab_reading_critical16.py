"""Round sixteen's audit of the critical values over the MedRBench pool of 957 case reports
(issue #29): the classes of false alarms and missed ones that recurred in two or more
reports, each with the shape it was found in."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def test_a_protein_change_is_no_glucose_of_its_residue_number() -> None:
    # MedRBench PMC11632462: "p.Glu1021Lys" was read as a glucose of 1021, a critical one.
    text = (
        "Results were negative for ALPS and chronic granulomatous disease but revealed a "
        "pathogenic variant in PIK3CD (p.Glu1021Lys), confirming an APDS1 diagnosis. His "
        "blood glucose was 92 mg/dL."
    )
    glucose = [v for v in parse_lab_values(text) if v.analyte == "Glucose"]
    assert [(v.value, v.critical) for v in glucose] == [(92, False)]


def test_protein_changes_in_any_case_and_with_deletions_give_no_values() -> None:
    # MedRBench PMC11571544, PMC11484529, PMC11489862, PMC11631573: "Glu", "Leu" and "Pro" are
    # also the short names of glucose, leukocyte esterase and urine protein.
    text = (
        "This second mutation resulted in the modification of the amino acid sequence "
        "p.Glu548Asp. A deletion in exon 20 (c.2502-2513delTGAAAGTACTTT; p.Glu835-Leu838del). "
        "Variants p.Glu2080Ter, p.Cys426Trp, p.Glu943Ter. The patient had compound "
        "heterozygous variants, c240-246del(p.leu81Profs*54, NM_005149.3) and "
        "c377C>T(p.Pro126leu, NM_005149.3)."
    )
    assert parse_lab_values(text) == []


def test_a_glucose_written_glu_keeps_its_result() -> None:
    text = "Biochemistry: Glu 38 mg/dL, Na 131 mmol/L."
    glucose = [v for v in parse_lab_values(text) if v.analyte == "Glucose"]
    assert [(v.value, v.critical) for v in glucose] == [(38, True)]
